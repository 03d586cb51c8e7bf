package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** Watching a run's progress changes nothing in it, and without a terminal prints nothing. */
class ProgressTest {
  private static Scenario scenario() {
    return NetperfRun.from(
            command(
                "-t",
                "TCP_STREAM",
                "-l",
                "0.3",
                "--bond",
                "mode balance-rr",
                "--slaves",
                "3x1000",
                "--delay-us",
                "20,25,30"))
        .scenario();
  }

  private static NetperfCommand command(String... args) {
    NetperfCommand command = new NetperfCommand();
    new picocli.CommandLine(command).parseArgs(args);
    return command;
  }

  @Test
  void aListenedRunIsTheSameRunAndHearsEverySlice() {
    ScenarioRunner runner = new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load());
    RunReport plain = runner.run(scenario());
    List<Long> heard = new ArrayList<>();
    RunReport watched =
        runner.run(
            scenario(),
            new org.bondsim.core.scenario.RunHooks((done, total) -> heard.add(done), null, null));
    assertThat(watched.throughputMbps()).isEqualTo(plain.throughputMbps());
    assertThat(watched.eventsDispatched()).isEqualTo(plain.eventsDispatched());
    assertThat(watched.slaves()).isEqualTo(plain.slaves());
    assertThat(watched.result().socketLines()).isEqualTo(plain.result().socketLines());
    assertThat(heard).hasSize(100).isSorted();
  }

  @Test
  void withoutATerminalNothingIsPrinted() {
    StringWriter err = new StringWriter();
    Progress progress = Progress.on(new PrintWriter(err));
    progress.simulated(1, 2);
    progress.runDone(3);
    progress.done();
    assertThat(err.toString()).isEmpty();
  }
}
