package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.core.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

/** Each row's netperf line, run as a user would paste it, prints the row's own number. */
class GroReproduceJsonTest {
  @Test
  void theCommandOfASetUpBRowReproducesItsThroughput() {
    CpuCosts costs = CpuCosts.REFERENCE_2_6_37;
    String command = GroReproduceJson.command(1500, true, 3, ReproduceCommand.BOND_GSO, costs);
    assertThat(command)
        .startsWith("./bondsim netperf -c -C -4 -t TCP_STREAM -l 10 -H host ")
        .contains(
            "--ethtool \"-K bond0 tso off gso off\"",
            "--receiver \"gro on adaptive-rx on irq-cpus 0\"")
        .endsWith("-- -m 1472");
    RunReport row =
        new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load())
            .run(ReproduceCommand.scenario(1500, true, 3, costs, ReproduceCommand.BOND_GSO));
    CliRunner pasted = CliRunner.run(words(command.substring("./bondsim ".length())));
    assertThat(pasted.exitCode()).as(pasted.err()).isZero();
    // 2.6.37 refuses tso on bond0, as ethtool would say; the slaves keep theirs.
    assertThat(pasted.err())
        .contains(
            "ethtool -K bond0: Cannot set device tcp segmentation offload settings: Operation not"
                + " supported (exit 88");
    assertThat(pasted.out()).contains(String.format(Locale.ROOT, "%.2f", row.throughputMbps()));
    // The CPU columns too: the line names the run's two CPUs (--receiver alone would give one).
    assertThat(pasted.out())
        .contains(String.format(Locale.ROOT, "%.2f", row.hosts().get(0).cpuUtilization()));
  }

  @Test
  void theCommandOfASetUpDRowBindsNetserverAndReproducesItsFigures() {
    CpuCosts costs = CpuCosts.REFERENCE_2_6_37;
    String command =
        GroReproduceJson.command(1500, false, 3, ReproduceCommand.NETSERVER_BOUND, costs);
    assertThat(command).contains("--cpus 2 -T ,1 ");
    RunReport row =
        new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load())
            .run(
                ReproduceCommand.scenario(1500, false, 3, costs, ReproduceCommand.NETSERVER_BOUND));
    assertThat(row.hosts().get(1).reader().cpu()).isEqualTo(1);
    CliRunner pasted = CliRunner.run(words(command.substring("./bondsim ".length())));
    assertThat(pasted.exitCode()).as(pasted.err()).isZero();
    assertThat(pasted.out())
        .contains(
            String.format(
                Locale.ROOT,
                "%.2f   %.2f",
                row.throughputMbps(),
                row.hosts().get(0).cpuUtilization()))
        .contains("remote application on CPU 1 (-T)");
  }

  @Test
  void aKeptSweepPointStartsFromThePreviousPointsEntryAndItsCommandReproducesIt() throws Exception {
    CpuCosts costs = CpuCosts.REFERENCE_2_6_37;
    int[] levels = {3, 10};
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    List<java.util.concurrent.Future<RunReport>> kept;
    try {
      kept =
          KeptMetricsSweep.submit(
              pool,
              new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load()),
              costs,
              ReproduceCommand.AS_REPORTED,
              levels,
              Progress.on(new java.io.PrintWriter(java.io.Writer.nullWriter())));
      kept.get(3).get();
    } finally {
      pool.shutdown();
    }
    // GRO on's second point starts from what its first left: balance-rr raised the level, and the
    // route cache hands it on in place of the sysctl's 10.
    String entry = KeptMetricsSweep.startEntry(kept, 2, 3);
    assertThat(entry).isEqualTo(kept.get(2).get().result().tcpMetrics().orElseThrow());
    int start = KeptMetricsSweep.startLevel(kept, levels, 3);
    assertThat(entry).contains(" reordering " + start + " ");
    assertThat(start).isGreaterThan(10);
    assertThat(KeptMetricsSweep.startEntry(kept, 2, 2)).isEqualTo("flush");
    String command =
        GroReproduceJson.command(1500, true, 10, ReproduceCommand.AS_REPORTED, costs, entry);
    assertThat(command).contains(" --tcp-metrics \"" + entry + "\" -- -m 1472");
    CliRunner pasted = CliRunner.run(words(command.substring("./bondsim ".length())));
    assertThat(pasted.exitCode()).as(pasted.err()).isZero();
    assertThat(pasted.out())
        .contains(String.format(Locale.ROOT, "%.2f", kept.get(3).get().throughputMbps()));
  }

  /** Splits a command line as a shell would, for double quotes only. */
  private static String[] words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean quoted = false;
    for (char c : line.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ' ' && !quoted) {
        if (word.length() > 0) {
          words.add(word.toString());
          word.setLength(0);
        }
      } else {
        word.append(c);
      }
    }
    if (word.length() > 0) {
      words.add(word.toString());
    }
    return words.toArray(new String[0]);
  }
}
