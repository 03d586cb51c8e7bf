package org.bondsim.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.api.plugin.PluginSet;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.api.tcp.cc.CongestionControlProvider;
import org.bondsim.api.workload.WorkloadProvider;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.nic.ReceiveOffloads;
import org.bondsim.tcp.CongestionControls;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bondsim plugins}: every extension point's providers, by kind, and those not used. */
@Command(
    name = "plugins",
    mixinStandardHelpOptions = true,
    description = {
      "Lists every plugin found on the class path, by kind: bonding modes (--bond \"mode NAME\"),"
          + " netperf tests (-t NAME), receive offloads (--receiver \"offload NAME\") and"
          + " congestion control (--sysctl net.ipv4.tcp_congestion_control=NAME), each with the"
          + " jar or module it came from; then every provider that was not used and why (it"
          + " failed to load, broke its SPI's rules, or shares its name with another).",
      "Add a plugin jar with BONDSIM_CLASSPATH=/path/to/plugin.jar ./bondsim plugins"
    })
final class PluginsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  /** One line of the listing. */
  private record Row(String kind, String name, String origin, String description) {}

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PolicyRegistry modes = PolicyRegistry.load();
    PluginSet<WorkloadProvider> tests = WorkloadRegistry.load().plugins();
    PluginSet<ReceiveOffloadProvider> offloads = ReceiveOffloads.available();
    PluginSet<CongestionControlProvider> algorithms = CongestionControls.available();
    List<Row> rows = new ArrayList<>();
    for (PolicyRegistry.Entry entry : modes.entries()) {
      TxPolicyProvider p = entry.provider();
      String alias = p.alias().isPresent() ? " (" + p.alias().getAsInt() + ")" : "";
      rows.add(new Row("bonding mode", p.mode() + alias, entry.origin(), p.description()));
    }
    for (PluginSet.Found<WorkloadProvider> f : tests.found()) {
      rows.add(new Row("netperf test", f.name(), f.origin(), f.provider().description()));
    }
    for (PluginSet.Found<ReceiveOffloadProvider> f : offloads.found()) {
      rows.add(new Row("receive offload", f.name(), f.origin(), f.provider().description()));
    }
    for (PluginSet.Found<CongestionControlProvider> f : algorithms.found()) {
      rows.add(new Row("congestion control", f.name(), f.origin(), f.provider().description()));
    }
    out.printf("%-18s %-20s %-18s %s%n", "KIND", "NAME", "ORIGIN", "DESCRIPTION");
    for (Row row : rows) {
      out.printf("%-18s %-20s %-18s %s%n", row.kind, row.name, row.origin, row.description);
    }
    List<String> unused = new ArrayList<>();
    unused(unused, "bonding mode", modes.broken());
    unused(unused, "netperf test", tests.broken());
    unused(unused, "receive offload", offloads.broken());
    unused(unused, "congestion control", algorithms.broken());
    if (!unused.isEmpty()) {
      out.println();
      out.println("Not used:");
      unused.forEach(out::println);
    }
    return 0;
  }

  private static void unused(List<String> lines, String kind, List<PluginSet.Broken> broken) {
    for (PluginSet.Broken b : broken) {
      lines.add("  " + kind + " " + b.name() + " (from " + b.origin() + "): " + b.cause());
    }
  }
}
