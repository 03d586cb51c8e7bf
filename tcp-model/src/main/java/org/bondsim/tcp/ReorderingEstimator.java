package org.bondsim.tcp;

/**
 * The sender's reordering level ({@code tp->reordering}): how many packets a segment may be
 * overtaken by before the duplicate-threshold detectors call it lost. It starts at {@code
 * tcp_reordering}, rises to the distance each piece of evidence proves (a late original below the
 * highest SACK, a DSACKed retransmission, timestamps in an undo, more duplicate ACKs than segments)
 * up to {@code tcp_max_reordering}, and falls back to the sysctl at an RTO ({@code tcp_enter_loss}:
 * on 6.x only one taken in Open or Disorder with enough SACKed).
 *
 * <p>Counters, as each kernel bumps them: 6.x ({@code tcp_check_sack_reordering}) counts every
 * detection; 2.6.37 ({@code tcp_update_reordering}) only when the level grows, naming the evidence,
 * and FACK while it is still on (the first reordering turns FACK off).
 *
 * <p>Where the level is a byte: 2.6.37 and 3.16 keep it in a {@code u8} ({@code struct tcp_sock}'s
 * {@code reordering}, read in the 2.6.37.6 tree and in a 3.7 to 3.9 tree (fast open, no cookie
 * transactions); 3.18's dca145ffaa8d, "tcp: allow for bigger reordering level", raised the cap from
 * 127 to a sysctl of 300, which a byte cannot hold), while {@code tcp_reordering} is a plain {@code
 * int} ({@code proc_dointvec}), so the sysctl's value, or a route's, keeps its low eight bits when
 * a socket takes it ({@code tcp_v4_init_sock}, {@code tcp_init_metrics}): 300 starts these kernels
 * at 44. 6.x reads the sysctl into a {@code u8} in {@code tcp_enter_loss} (46778cd16e6a, July 2022,
 * taken by the stable series), so an RTO there compares with, and falls back to, 44 for 300.
 */
final class ReorderingEstimator {
  private final int sysctl;
  // What an RTO compares the SACKed count with and falls back to (tcp_enter_loss).
  private final int lossLevel;
  private final boolean byteLevel;
  private final int max;
  private final boolean everyEvent;
  private final boolean resetAtEveryTimeout;
  private final TcpCounters counters;
  // tcp_is_fack at the start: SACK with net.ipv4.tcp_fack on, on a kernel that has FACK.
  private final boolean fackEnabled;
  private int level;
  private boolean seen;
  // tcp_disable_fack by tcp_init_metrics (2.6.37): a cached level turned FACK off.
  private boolean fackDisabled;
  // tcp_disable_early_retrans (3.16): any measured reordering, or a cached level.
  private boolean earlyRetransmitDisabled;

  ReorderingEstimator(TcpSettings settings, TcpCounters counters) {
    this.sysctl = settings.reordering();
    this.max = settings.maxReordering();
    this.everyEvent = settings.profile().countsEveryReorderEvent();
    this.resetAtEveryTimeout = settings.profile().lossEntry() == KernelProfile.LossEntry.CLASSIC;
    this.counters = counters;
    this.fackEnabled = settings.fack() && settings.profile().fack();
    this.byteLevel = settings.profile().reorderingIsByte();
    // 2.6.37 and 3.16 read the int itself there; 6.x a u8 copy of it.
    this.lossLevel = byteLevel ? sysctl : sysctl & 0xFF;
    this.level = stored(sysctl);
  }

  /**
   * What the level holds once {@code value} is written to it: a byte's worth on 2.6.37 and 3.16.
   */
  private int stored(int value) {
    return byteLevel ? value & 0xFF : value;
  }

  /** The current level in packets. */
  int level() {
    return level;
  }

  /** Whether any reordering was detected on this connection. */
  boolean seen() {
    return seen;
  }

  /** Whether FACK still detects losses: on at the start, off once reordering was seen. */
  boolean fackAllowed() {
    return fackEnabled && !seen && !fackDisabled;
  }

  /**
   * {@code tcp_init_metrics}: the level the per-destination metrics carry replaces the sysctl's,
   * which on 2.6.37 also turns FACK off ({@code tcp_disable_fack}).
   *
   * @param cached the saved level, at least 1
   */
  void load(int cached) {
    if (cached != level) {
      level = stored(cached);
      fackDisabled = true;
      earlyRetransmitDisabled = true;
    }
  }

  /**
   * Whether early retransmit may still run: 3.16's {@code tcp_update_reordering} turns it off for
   * any evidence of reordering, even one that does not raise the level.
   */
  boolean earlyRetransmitAllowed() {
    return !earlyRetransmitDisabled;
  }

  /** Whether the level is above the sysctl's ({@code tcp_may_raise_cwnd} looks at it). */
  boolean raised() {
    return level > sysctl;
  }

  /**
   * Evidence from SACK or timestamps that a segment was overtaken by {@code distanceBytes}.
   *
   * @param distanceBytes how far above it delivery reached
   * @param timestamps whether timestamps proved it (an undo) rather than SACK
   * @param sackOk whether the connection uses SACK (2.6.37 names FACK only then)
   * @param mss the sender's MSS, to turn bytes into packets
   */
  void note(long distanceBytes, boolean timestamps, boolean sackOk, int mss) {
    int metric = (int) Math.min(Integer.MAX_VALUE, (distanceBytes + mss - 1) / mss);
    if (metric > 0) {
      earlyRetransmitDisabled = true;
    }
    if (!everyEvent) {
      if (metric > level) {
        level = Math.min(max, metric);
        if (timestamps) {
          counters.tsReorder++;
        } else if (sackOk && fackAllowed()) {
          counters.fackReorder++;
        } else {
          counters.sackReorder++;
        }
        seen = true;
      }
      return;
    }
    if (metric > level) {
      level = Math.min(max, metric);
    }
    seen = true;
    if (timestamps) {
      counters.tsReorder++;
    } else {
      counters.sackReorder++;
    }
  }

  /** Without SACK: more duplicate ACKs than the {@code packets} outstanding could cause. */
  void noteReno(int packets) {
    int metric = Math.min(max, packets);
    if (metric > 0) {
      earlyRetransmitDisabled = true;
    }
    if (metric > level) {
      level = metric;
      counters.renoReorder++;
      seen = true;
    } else if (everyEvent) {
      counters.renoReorder++;
      seen = true;
    }
  }

  /**
   * {@code tcp_enter_loss}: the level falls back to the sysctl at an RTO taken in Open or Disorder
   * with at least the sysctl's worth SACKed (6.x), or at every RTO (2.6.37).
   */
  void onTimeout(boolean openOrDisorder, int sackedOut) {
    if (resetAtEveryTimeout || (openOrDisorder && sackedOut >= lossLevel)) {
      level = Math.min(level, lossLevel);
    }
  }
}
