package org.bondsim.policy.tlb;

import java.util.OptionalInt;

/**
 * Mode {@code balance-alb} (6), transmit side: balance-tlb's table and monitor, but with {@code
 * tlb_dynamic_lb 1} a frame's entry is the XOR of its destination IP address's bytes, so all
 * traffic to one peer shares a slave; IPv4 multicast is balanced, limited broadcast and IGMP are
 * not (see {@link BalancedFrames}). With {@code tlb_dynamic_lb 0} it is {@code usable[xmit_hash %
 * count]}.
 *
 * <p>Not modelled: receive load balancing (rlb), which in Linux rewrites ARP replies so that each
 * peer sends to a different slave's MAC; bondsim's hosts are cabled slave to slave without ARP, so
 * ARP frames leave on the active slave and the peer's own policy picks the receiving slave.
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
    return "balance-tlb with flows grouped by destination IP (receive balancing not modelled)";
  }

  @Override
  boolean receiveBalancing() {
    return true;
  }
}
