package org.bondsim.cli;

import java.util.Map;
import java.util.Set;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.LinkState;
import org.bondsim.api.packet.LacpPortInfo;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.core.scenario.RunReport;

/**
 * A host's {@code /proc/net/bonding/bond0} after the run, in the driver's format: {@code
 * bond_info_show_master} and {@code bond_info_show_slave} ({@code drivers/net/bonding/
 * bond_procfs.c} on 6.x, {@code bond_main.c} on 2.6.37). Lines the driver prints for state the
 * model does not keep are left out and said so: the 802.3ad aggregator (no LACP negotiation yet)
 * and the churn machines.
 */
final class ProcNetBonding {
  private ProcNetBonding() {}

  /** bond_mode_name(): the driver's words for each mode. */
  private static final Map<String, String> MODE_NAMES =
      Map.of(
          "balance-rr", "load balancing (round-robin)",
          "active-backup", "fault-tolerance (active-backup)",
          "balance-xor", "load balancing (xor)",
          "broadcast", "fault-tolerance (broadcast)",
          "802.3ad", "IEEE 802.3ad Dynamic link aggregation",
          "balance-tlb", "transmit load balancing",
          "balance-alb", "adaptive load balancing");

  /** xmit_hash_policy's numbers ({@code BOND_XMIT_POLICY_*}). */
  private static final Map<String, Integer> HASH_NUMBERS =
      Map.of(
          "layer2",
          0,
          "layer3+4",
          1,
          "layer2+3",
          2,
          "encap2+3",
          3,
          "encap3+4",
          4,
          "vlan+srcmac",
          5);

  private static final Set<String> USES_PRIMARY =
      Set.of("active-backup", "balance-tlb", "balance-alb");

  /**
   * Renders one host's file.
   *
   * @param report the run
   * @param bond the host's bond
   * @param kernel the hosts' kernel
   * @return the file's text
   */
  static String render(RunReport report, RunReport.BondState bond, KernelVersion kernel) {
    boolean old = kernel == KernelVersion.LINUX_2_6_37;
    // 3.16's bond_procfs.c: 2.6.37's lines, with Min links and 6.x's link words.
    boolean legacy = old || kernel == KernelVersion.LINUX_3_16;
    Map<String, String> options = report.bondOptions();
    String mode = report.mode();
    StringBuilder out = new StringBuilder();
    // bond_version: DRV_VERSION and DRV_RELDATE on 2.6.37 and 3.16 (bonding.h); UTS_RELEASE
    // since 5.x.
    out.append(
        old
            ? "Ethernet Channel Bonding Driver: v3.7.0 (June 2, 2010)\n"
            : legacy
                ? "Ethernet Channel Bonding Driver: v3.7.1 (April 27, 2011)\n"
                : "Ethernet Channel Bonding Driver: v" + kernel.word() + " (bondsim)\n");
    out.append("Bonding Mode: ").append(MODE_NAMES.getOrDefault(mode, mode));
    String failOverMac = options.getOrDefault("fail_over_mac", "none");
    if (mode.equals("active-backup") && !failOverMac.equals("none")) {
      out.append(" (fail_over_mac ").append(failOverMac).append(')');
    }
    out.append('\n');
    if (usesXmitHash(mode, options, legacy)) {
      String policy = options.getOrDefault("xmit_hash_policy", "layer2");
      out.append("Transmit Hash Policy: ")
          .append(policy)
          .append(" (")
          .append(HASH_NUMBERS.getOrDefault(policy, -1))
          .append(")\n");
    }
    if (USES_PRIMARY.contains(mode)) {
      String primary = options.getOrDefault("primary", "");
      out.append("Primary Slave: ").append(primary.isEmpty() ? "None" : primary);
      if (!primary.isEmpty()) {
        out.append(" (primary_reselect ")
            .append(options.getOrDefault("primary_reselect", "always"))
            .append(')');
      }
      out.append("\nCurrently Active Slave: ")
          .append(bond.activeSlave() == null ? "None" : bond.activeSlave())
          .append('\n');
    }
    out.append("MII Status: ").append(bond.carrier() ? "up" : "down").append('\n');
    out.append("MII Polling Interval (ms): ").append(options.getOrDefault("miimon", "0"));
    out.append("\nUp Delay (ms): ").append(options.getOrDefault("updelay", "0"));
    out.append("\nDown Delay (ms): ").append(options.getOrDefault("downdelay", "0")).append('\n');
    if (!legacy) {
      out.append("Peer Notification Delay (ms): ")
          .append(options.getOrDefault("peer_notif_delay", "0"))
          .append('\n');
    }
    String arpInterval = options.getOrDefault("arp_interval", "0");
    if (!arpInterval.equals("0")) {
      out.append("ARP Polling Interval (ms): ").append(arpInterval).append('\n');
      if (!legacy) {
        out.append("ARP Missed Max: ").append(options.getOrDefault("arp_missed_max", "2"));
        out.append('\n');
      }
      // The targets the host's monitor asks for: a target equal to the host's own address stands
      // for the other host (both hosts share the bond options).
      out.append("ARP IP target/s (n.n.n.n form):");
      if (!bond.arpTargets().isEmpty()) {
        out.append(' ').append(String.join(", ", bond.arpTargets()));
      }
      out.append('\n');
      if (!legacy) {
        out.append("NS IPv6 target/s (xx::xx form):\n");
      }
    }
    if (mode.equals("802.3ad")) {
      out.append("\n802.3ad info\n");
      if (!legacy) {
        out.append("LACP active: ").append(options.getOrDefault("lacp_active", "on")).append('\n');
      }
      out.append("LACP rate: ").append(options.getOrDefault("lacp_rate", "slow")).append('\n');
      if (!old) {
        out.append("Min links: ").append(options.getOrDefault("min_links", "0")).append('\n');
      }
      out.append("Aggregator selection policy (ad_select): ")
          .append(options.getOrDefault("ad_select", "stable"))
          .append('\n');
      RunReport.AdState ad = bond.ad();
      if (!legacy && ad != null) {
        out.append("System priority: ").append(ad.systemPriority()).append('\n');
        out.append("System MAC address: ").append(ad.systemMac()).append('\n');
      }
      if (ad != null && ad.active() != null) {
        RunReport.AdAggregator agg = ad.active();
        out.append("Active Aggregator Info:\n");
        out.append("\tAggregator ID: ").append(agg.id()).append('\n');
        out.append("\tNumber of ports: ").append(agg.ports()).append('\n');
        out.append("\tActor Key: ").append(agg.actorKey()).append('\n');
        out.append("\tPartner Key: ").append(agg.partnerKey()).append('\n');
        out.append("\tPartner Mac Address: ").append(agg.partnerMac()).append('\n');
      }
    }
    for (int i = 0; i < bond.slaves().size(); i++) {
      RunReport.BondSlaveState slave = bond.slaves().get(i);
      out.append("\nSlave Interface: ").append(slave.name()).append('\n');
      out.append("MII Status: ").append(linkStatus(slave.linkState(), old)).append('\n');
      out.append("Speed: ").append(slave.speedMbps()).append(" Mbps\n");
      out.append("Duplex: full\n");
      out.append("Link Failure Count: ").append(slave.linkFailures()).append('\n');
      out.append("Permanent HW addr: ").append(slave.permanentMac()).append('\n');
      RunReport.AdPort port = bond.ad() == null ? null : bond.ad().ports().get(i);
      String aggregator =
          port == null || port.aggregatorId() == 0 ? "N/A" : Integer.toString(port.aggregatorId());
      if (legacy) {
        if (mode.equals("802.3ad")) {
          out.append("Aggregator ID: ").append(aggregator).append('\n');
        }
        out.append("Slave queue ID: 0\n");
      } else {
        out.append("Slave queue ID: 0\n");
        if (port != null) {
          appendPort(out, aggregator, port);
        }
      }
    }
    return out.toString();
  }

  /**
   * bond_info_show_slave's 802.3ad block (6.x). The churn machine is not modelled, so its lines say
   * so instead of printing a state.
   */
  private static void appendPort(StringBuilder out, String aggregator, RunReport.AdPort port) {
    out.append("Aggregator ID: ").append(aggregator).append('\n');
    out.append("Actor Churn State: not modelled\n");
    out.append("Partner Churn State: not modelled\n");
    out.append("Actor Churned Count: not modelled\n");
    out.append("Partner Churned Count: not modelled\n");
    appendPdu(out, "details actor lacp pdu:", "port key", port.actor());
    appendPdu(out, "details partner lacp pdu:", "oper key", port.partner());
  }

  private static void appendPdu(
      StringBuilder out, String title, String keyWord, LacpPortInfo info) {
    out.append(title).append('\n');
    out.append("    system priority: ").append(info.systemPriority()).append('\n');
    out.append("    system mac address: ").append(new MacAddress(info.system())).append('\n');
    out.append("    ").append(keyWord).append(": ").append(info.key()).append('\n');
    out.append("    port priority: ").append(info.portPriority()).append('\n');
    out.append("    port number: ").append(info.portNumber()).append('\n');
    out.append("    port state: ").append(info.state()).append('\n');
  }

  /**
   * bond_mode_uses_xmit_hash: xor and 802.3ad, and on 6.x tlb and alb with tlb_dynamic_lb 0; 2.6.37
   * and 3.16 print the policy for xor and 802.3ad only.
   */
  private static boolean usesXmitHash(String mode, Map<String, String> options, boolean old) {
    if (mode.equals("balance-xor") || mode.equals("802.3ad")) {
      return true;
    }
    return !old
        && (mode.equals("balance-tlb") || mode.equals("balance-alb"))
        && options.getOrDefault("tlb_dynamic_lb", "1").equals("0");
  }

  /** bond_slave_link_status() on 6.x; 2.6.37 prints only up or down. */
  private static String linkStatus(LinkState state, boolean old) {
    if (old) {
      return state == LinkState.UP ? "up" : "down";
    }
    return switch (state) {
      case UP -> "up";
      case FAIL -> "going down";
      case DOWN -> "down";
      case BACK -> "going back";
    };
  }
}
