package org.bondsim.policy.tlb;

import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.TxPolicy;
import org.bondsim.api.policy.TxPolicyProvider;
import org.bondsim.policy.hash.HashFormula;
import org.bondsim.policy.hash.XmitHash;
import org.bondsim.policy.hash.XmitHashPolicy;

/**
 * Mode {@code balance-tlb} (5), transmit side, as Linux 6.17's {@code bond_alb.c} does it.
 *
 * <p>With {@code tlb_dynamic_lb 1} (the default) unicast IPv4 and IPv6 frames (not neighbour
 * discovery) take the slave of entry {@code xmit_hash & 0xFF} of a 256-entry table; an empty entry
 * goes to the usable slave with the largest gap between its speed and its load, and the monitor
 * empties the whole table every 10 s so that active flows can move. With {@code tlb_dynamic_lb 0}
 * they take {@code usable[xmit_hash % count]}. Everything else leaves on the current active slave.
 *
 * <p>Not modelled yet: learning packets ({@code lp_interval}; there is no switch to teach in a
 * back-to-back topology), and the receive side (in Linux a tlb bond receives on its active slave
 * only because peers learn its MAC there; bondsim's hosts are cabled slave to slave, so the peer's
 * own policy decides the receiving slave).
 */
public class BalanceTlbProvider implements TxPolicyProvider {
  /** {@code tlb_dynamic_lb}: module parameter and per-bond option, as in Linux (default 1). */
  public static final IntOption TLB_DYNAMIC_LB =
      new IntOption(
          "tlb_dynamic_lb",
          1,
          0,
          1,
          "",
          "1: assign flows to the least-loaded slave and reshuffle every 10 s; 0: hash % slaves");

  @Override
  public String mode() {
    return "balance-tlb";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.of(5);
  }

  @Override
  public String description() {
    return "each flow takes the least-loaded slave, reassigned every 10 s (tlb_dynamic_lb)";
  }

  @Override
  public List<OptionSpec> options() {
    return List.of(TLB_DYNAMIC_LB, XmitHashPolicy.OPTION, HashFormula.OPTION);
  }

  @Override
  public Set<Characteristic> characteristics() {
    return EnumSet.of(Characteristic.LOAD_AWARE, Characteristic.USES_ACTIVE_SLAVE);
  }

  @Override
  public TxPolicy create(PolicyContext context, Options options) {
    XmitHash hash =
        new XmitHash(
            XmitHashPolicy.parse(options.getString(XmitHashPolicy.OPTION.name())),
            HashFormula.parse(options.getString(HashFormula.OPTION.name())));
    TlbSelection selection =
        new TlbSelection(
            hash, receiveBalancing(), options.getLong(TLB_DYNAMIC_LB.name()) == 1, context);
    selection.startMonitor();
    return selection;
  }

  /**
   * Returns whether this is balance-alb, whose transmit side indexes the table by destination IP.
   *
   * @return false for balance-tlb
   */
  boolean receiveBalancing() {
    return false;
  }
}
