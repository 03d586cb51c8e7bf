package org.bondsim.cli;

import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A study's progress bar on stderr (runs done, rate, elapsed time and ETA), drawn by the
 * progressbar library, only when stderr is a terminal (as {@link Progress}); a pipe or a log file
 * gets nothing.
 */
final class SweepProgress implements AutoCloseable {
  private final ProgressBar bar;

  private SweepProgress(ProgressBar bar) {
    this.bar = bar;
  }

  static SweepProgress on(int total, int done) {
    if (!Boolean.getBoolean("bondsim.stderr.tty")) {
      return new SweepProgress(null);
    }
    ProgressBar bar =
        new ProgressBarBuilder()
            .setTaskName("runs")
            .setInitialMax(total)
            .setStyle(ProgressBarStyle.ASCII)
            .setUpdateIntervalMillis(250)
            .setConsumer(new ConsoleProgressBarConsumer(System.err))
            .startsFrom(done, Duration.ZERO)
            .showSpeed()
            .build();
    return new SweepProgress(bar);
  }

  void stepTo(int done) {
    if (bar != null) {
      bar.stepTo(done);
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
