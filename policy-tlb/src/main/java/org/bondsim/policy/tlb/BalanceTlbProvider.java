package org.bondsim.policy.tlb;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.OptionLevel;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.Options;
import org.bondsim.api.policy.Characteristic;
import org.bondsim.api.policy.CoreNeed;
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
 * <p>Receive side: every slave keeps its own MAC and the active slave carries the bond's, so peers
 * (which learn the bond's MAC) reach the bond through the switch on the active slave only; frames
 * arriving on another slave are not delivered ({@link CoreNeed#OWN_SLAVE_MACS}). Every {@code
 * lp_interval} seconds each slave sends a learning packet so the switch keeps its MAC on the right
 * port.
 *
 * <p>Kernel variants: with {@code xmit_hash_formula} 2.6, 3.5 or 3.13 (Linux before 3.16) the table
 * is keyed by the XOR of the destination IP's bytes, as {@code bond_alb_xmit} did for both modes
 * then, whatever {@code xmit_hash_policy} says, and {@code tlb_dynamic_lb 0} is refused (it arrived
 * in 3.16 with {@code bond_tlb_xmit}). With 3.16 (Linux 3.16 – 3.18) the table is keyed by the hash
 * as today, and {@code tlb_dynamic_lb 0} takes slave number {@code hash % slave_cnt} counting down
 * slaves too, dropping the frame when that slave cannot send. Not modelled: 3.16's {@code
 * tlb_choose_channel} took {@code tx_hashtbl_lock} for every packet, a cost on many CPUs.
 *
 * <p>{@code tlb_dynamic_lb} is a per-bond option only: Linux has no module parameter of that name
 * ({@code bond_check_params} takes its default from the option table), so {@code --module-param
 * tlb_dynamic_lb=…} is refused with that explanation. {@code lp_interval} is both.
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
          "1: assign flows to the least-loaded slave and reshuffle every 10 s; 0: hash % slaves",
          OptionLevel.BOND_ONLY);

  /**
   * {@code lp_interval}: seconds between the learning packets each slave sends its switch; a module
   * parameter and a per-bond option, as in Linux (default 1, {@code BOND_ALB_DEFAULT_LP_INTERVAL}).
   */
  public static final IntOption LP_INTERVAL =
      new IntOption(
          "lp_interval",
          1,
          1,
          Integer.MAX_VALUE,
          "s",
          "seconds between the learning packets every slave sends so the switch keeps its MAC");

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
    return "each flow takes the least-loaded slave, reassigned every 10 s (tlb_dynamic_lb);"
        + " receives on the active slave";
  }

  /** bond_option_mode_set: modes 4, 5 and 6 turn on miimon 100 when no monitor is set. */
  @Override
  public Map<String, String> modeDefaults() {
    return Map.of("miimon", "100");
  }

  @Override
  public List<OptionSpec> options() {
    return List.of(TLB_DYNAMIC_LB, LP_INTERVAL, XmitHashPolicy.OPTION, HashFormula.OPTION);
  }

  @Override
  public Set<Characteristic> characteristics() {
    return EnumSet.of(Characteristic.LOAD_AWARE);
  }

  @Override
  public Set<CoreNeed> needs() {
    return EnumSet.of(CoreNeed.USES_ACTIVE_SLAVE, CoreNeed.OWN_SLAVE_MACS);
  }

  @Override
  public TxPolicy create(PolicyContext context, Options options) {
    HashFormula formula = HashFormula.parse(options.getString(HashFormula.OPTION.name()));
    XmitHash hash =
        new XmitHash(
            XmitHashPolicy.parse(options.getString(XmitHashPolicy.OPTION.name())), formula);
    boolean dynamic = options.getLong(TLB_DYNAMIC_LB.name()) == 1;
    if (!dynamic && formula.tlbSharesAlbTransmit()) {
      throw new OptionException(
          TLB_DYNAMIC_LB.name(),
          "0",
          "tlb_dynamic_lb 0 needs xmit_hash_formula 3.16 or later; Linux before 3.16 had no"
              + " tlb_dynamic_lb, got xmit_hash_formula "
              + formula.word());
    }
    long lpInterval = options.getLong(LP_INTERVAL.name());
    TlbSelection selection =
        receiveBalancing()
            ? new AlbSelection(hash, dynamic, lpInterval, context)
            : new TlbSelection(
                hash,
                false,
                formula.tlbSharesAlbTransmit(),
                dynamic,
                formula.tlbModuloAllSlaves(),
                lpInterval,
                context);
    selection.initialLoadHistory(formula.tlbInitialLoadHistory());
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
