package com.example.flowlet;

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

/**
 * Mode {@code flowlet}: flowlet switching. A flow keeps its slave while its packets come closer
 * together than {@code flowlet_gap_us}; after a longer pause (the start of a new flowlet) it may
 * move, to the slave with the least estimated backlog. A gap longer than the difference between the
 * slaves' path delays cannot reorder a flow: the flowlet's last packet has arrived before the next
 * flowlet's first can overtake it.
 *
 * <p>Not a Linux mode; this is the worked example of a bondsim plugin (LetFlow and CONGA switch
 * flowlets in hardware the same way).
 */
public final class FlowletProvider implements TxPolicyProvider {
  /** The idle time after which a flow may change slave. */
  public static final IntOption GAP =
      new IntOption(
          "flowlet_gap_us",
          500,
          0,
          1_000_000,
          "us",
          "idle time after which a flow may move to the least-loaded slave");

  /** log2 of the flowlet table's entries; flows that collide in the table move together. */
  public static final IntOption TABLE_BITS =
      new IntOption("flowlet_table_bits", 12, 4, 20, "", "log2 of the flowlet table's size");

  @Override
  public String mode() {
    return "flowlet";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.empty();
  }

  @Override
  public String description() {
    return "a flow moves to the least-loaded slave only after an idle gap (flowlet switching)";
  }

  @Override
  public List<OptionSpec> options() {
    return List.of(GAP, TABLE_BITS);
  }

  @Override
  public Set<Characteristic> characteristics() {
    // Not FLOW_STABLE: a flow moves between flowlets even when no slave changes.
    return EnumSet.of(Characteristic.LOAD_AWARE);
  }

  @Override
  public TxPolicy create(PolicyContext context, Options options) {
    return new FlowletPolicy(
        context, options.getLong(GAP.name()) * 1000, options.getInt(TABLE_BITS.name()));
  }
}
