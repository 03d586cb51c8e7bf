package org.bondsim.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.core.bond.BondOptions;
import org.bondsim.core.bond.PolicyRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bondsim policies}: every discovered mode with its options. */
@Command(
    name = "policies",
    mixinStandardHelpOptions = true,
    description = {
      "Lists every bonding mode found on the class path, with its Linux number, the module it came"
          + " from and its options (default, range, and where Linux lets it be set: module+bond ="
          + " a module parameter giving the default, --module-param, and a per-bond setting,"
          + " --bond; bond only = per bond).",
      "Add a plugin jar with BONDSIM_CLASSPATH=/path/to/plugin.jar ./bondsim policies"
    })
final class PoliciesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PolicyRegistry registry = PolicyRegistry.load();
    out.printf("%-16s %-5s %-16s %s%n", "MODE", "ALIAS", "MODULE", "DESCRIPTION");
    for (PolicyRegistry.Entry entry : registry.entries()) {
      TxPolicyProvider provider = entry.provider();
      out.printf(
          "%-16s %-5s %-16s %s%n",
          provider.mode(),
          provider.alias().isPresent() ? Integer.toString(provider.alias().getAsInt()) : "-",
          entry.origin(),
          provider.description());
      printOptions(out, provider.options(), "    ");
      if (provider.needs().contains(org.bondsim.api.policy.CoreNeed.USES_ACTIVE_SLAVE)) {
        out.println("    (also primary, primary_reselect)");
      }
    }
    out.println();
    out.println(
        "Options of every mode (module parameter = global default with --module-param; per bond"
            + " with --bond):");
    printOptions(
        out,
        BondOptions.SPECS.stream()
            .filter(s -> !BondOptions.ACTIVE_SLAVE_OPTIONS.contains(s.name()))
            .toList(),
        "    ");
    out.println("Options of modes that keep an active slave:");
    printOptions(
        out,
        BondOptions.SPECS.stream()
            .filter(s -> BondOptions.ACTIVE_SLAVE_OPTIONS.contains(s.name()))
            .toList(),
        "    ");
    for (org.bondsim.api.plugin.PluginSet.Broken broken : registry.broken()) {
      out.println("broken provider " + broken.name() + ": " + broken.cause());
    }
    return 0;
  }

  private static void printOptions(PrintWriter out, List<OptionSpec> options, String indent) {
    for (OptionSpec option : options) {
      String unit = option instanceof IntOption i && !i.unit().isEmpty() ? " " + i.unit() : "";
      String shownDefault = option.defaultText().isEmpty() ? "(none)" : option.defaultText();
      out.printf(
          "%s%-18s %-11s default %-8s %s%s. %s%n",
          indent,
          option.name(),
          option.level().label(),
          shownDefault,
          option.allowed(),
          unit,
          option.doc());
    }
  }
}
