package org.bondsim.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bondsim.core.scenario.HostProfiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bondsim host-profiles}: the named hosts, each setting with its source. */
@Command(
    name = "host-profiles",
    mixinStandardHelpOptions = true,
    description = {
      "Lists the host profiles 'netperf --host-profile NAME' and Scenario.builder().host(NAME)"
          + " take: kernel, CPUs, receive path, CPU costs and sender offloads, each with where its"
          + " figures come from.",
      "Given a NAME (or a NAME.properties file), shows only that profile."
    })
final class HostProfilesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "NAME", description = "one profile to show")
  String name;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (name != null) {
      print(out, HostProfiles.named(name.trim()));
      return 0;
    }
    boolean first = true;
    for (HostProfiles.Profile profile : HostProfiles.all()) {
      if (!first) {
        out.println();
      }
      first = false;
      print(out, profile);
    }
    return 0;
  }

  private static void print(PrintWriter out, HostProfiles.Profile profile) {
    out.println(profile.name() + ": " + profile.description());
    for (Map.Entry<String, String> value : profile.values().entrySet()) {
      out.printf("  %-8s %s%n", value.getKey(), value.getValue());
      out.println("           source: " + profile.sources().get(value.getKey()));
    }
  }
}
