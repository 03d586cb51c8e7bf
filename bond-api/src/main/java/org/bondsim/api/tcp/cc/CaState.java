package org.bondsim.api.tcp.cc;

/**
 * The congestion-avoidance state machine's states ({@code enum tcp_ca_state} in {@code
 * include/net/tcp.h}), in Linux's order.
 */
public enum CaState {
  /** Nothing suspicious: ACKs arrive in order. */
  OPEN,
  /** Duplicate ACKs or SACKs seen, no loss marked yet. */
  DISORDER,
  /** The window is being reduced for a reason other than loss (ECN, local congestion). */
  CWR,
  /** Fast recovery: a loss was detected and is being repaired. */
  RECOVERY,
  /** A retransmission timeout: everything in flight is taken as lost. */
  LOSS
}
