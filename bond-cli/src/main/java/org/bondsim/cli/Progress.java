package org.bondsim.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.bondsim.core.scenario.ProgressListener;

/**
 * A progress line on stderr for runs that take a while: the simulated time reached, or the rows of
 * an experiment done. Shown only when stderr is a terminal (the launcher tells the JVM so with
 * {@code -Dbondsim.stderr.tty=true}, from {@code [ -t 2 ]}) and only once the command has run for
 * two seconds of wall time; the line is rewritten in place and erased at the end, so nothing of it
 * remains in a terminal's scrollback or reaches a pipe.
 */
final class Progress implements ProgressListener {
  private static final long QUIET_NS = 2_000_000_000L;
  private static final long REFRESH_NS = 200_000_000L;

  private final PrintWriter err;
  private final boolean enabled;
  private final long startedNs = System.nanoTime();
  private long shownAtNs;
  private boolean shown;
  private int rowsDone;

  private Progress(PrintWriter err, boolean enabled) {
    this.err = err;
    this.enabled = enabled;
  }

  /** Progress on {@code err} if stderr is a terminal, else a listener that prints nothing. */
  static Progress on(PrintWriter err) {
    return new Progress(err, Boolean.getBoolean("bondsim.stderr.tty"));
  }

  @Override
  public synchronized void simulated(long doneNs, long totalNs) {
    show(String.format(Locale.ROOT, "simulated %.2f of %.2f s", doneNs / 1e9, totalNs / 1e9));
  }

  /** One more of an experiment's {@code total} runs finished (0: the total is not known). */
  synchronized void runDone(int total) {
    rowsDone++;
    show(
        total > 0
            ? String.format(Locale.ROOT, "%d of %d runs done", rowsDone, total)
            : String.format(Locale.ROOT, "%d runs done", rowsDone));
  }

  private void show(String text) {
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    if (now - startedNs < QUIET_NS || (shown && now - shownAtNs < REFRESH_NS)) {
      return;
    }
    err.print("\rbondsim: " + text + "\u001b[K");
    err.flush();
    shown = true;
    shownAtNs = now;
  }

  /** Erases the line, if one was shown. */
  synchronized void done() {
    if (shown) {
      err.print("\r\u001b[K");
      err.flush();
      shown = false;
    }
  }
}
