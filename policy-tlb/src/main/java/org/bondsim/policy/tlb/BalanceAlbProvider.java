package org.bondsim.policy.tlb;

import java.util.OptionalInt;

/**
 * Mode {@code balance-alb} (6), transmit side: balance-tlb's table and monitor, but with {@code
 * tlb_dynamic_lb 1} a frame's entry is the XOR of its destination IP address's bytes, so all
 * traffic to one peer shares a slave; IPv4 multicast is balanced, limited broadcast and IGMP are
 * not (see {@link BalancedFrames}). With {@code tlb_dynamic_lb 0} it is {@code usable[xmit_hash %
 * count]}.
 *
 * <p>Receive side: receive load balancing (rlb, {@link AlbSelection}) gives each peer the MAC of a
 * slave of its own, in turn, so each peer's traffic arrives on its slave; every slave delivers
 * unicast to the bond.
 */
public final class BalanceAlbProvider extends BalanceTlbProvider {
  @Override
  public String mode() {
    return "balance-alb";
  }

  @Override
  public OptionalInt alias() {
    return OptionalInt.of(6);
  }

  @Override
  public String description() {
    return "balance-tlb with flows grouped by destination IP; each peer is steered to a slave of"
        + " its own for receiving (rlb)";
  }

  @Override
  boolean receiveBalancing() {
    return true;
  }
}
