package org.bondsim.cli;

import picocli.CommandLine.Command;

/** The top-level {@code bondsim} command. */
@Command(
    name = "bondsim",
    mixinStandardHelpOptions = true,
    version = "bondsim 0.1.0",
    description = "Simulates Linux link bonding end to end.",
    subcommands = {
      PoliciesCommand.class,
      PluginsCommand.class,
      HostProfilesCommand.class,
      NetperfCommand.class,
      XmitHashCommand.class,
      PacketdrillCommand.class,
      ReproduceCommand.class,
      CrosscheckCommand.class,
      SweepCommand.class,
      CompareCommand.class
    })
final class BondsimCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
