package org.bondsim.tcp;

/**
 * HyStart as Linux 2.6.37 runs it ({@code tcp_cubic.c} of the 2.6.37.6 tree), on the jiffy clock,
 * with delays in jiffies × 8 as {@code bictcp_acked} measures them. {@code hystart_update} runs
 * from {@code pkts_acked}, after {@code delay_min} took the sample, while cwnd is at most ssthresh
 * and at least 16; the round restarts in {@code bictcp_cong_avoid} when the ACK passes the round's
 * snd_nxt.
 *
 * <ul>
 *   <li><b>ACK train</b>: an ACK within 2 ms ({@code msecs_to_jiffies(2)}) of the train's last one
 *       ends slow start once the round has lasted {@code delay_min >> 4} jiffies, half the minimum
 *       delay rounded down. On a path shorter than a tick that is 0: a sample exists only when the
 *       ACK came at least one tick after the segment's send ({@code ca_seq_rtt > 0}), {@code
 *       delay_min} is then 8 (one tick), and the first such ACK at a window of 16 or more ends slow
 *       start. This is the kernel's behaviour on a LAN ("tcp_cubic: fix clock dependency", 2.6.39,
 *       and the later HyStart fixes changed it).
 *   <li><b>Delay</b>: the least of the round's first eight samples, checked from the ninth on,
 *       against {@code delay_min} plus an eighth of it clamped to 2–16 ticks.
 * </ul>
 *
 * The exit is kept ({@code ca->found}) until an RTO resets the module. 2.6.37 has no counters for
 * it.
 *
 * <p>3.16's ({@code linux316}) counts milliseconds ({@code bictcp_clock}: the real-time clock when
 * HZ is under 1000), takes delays in ms × 8, needs the train to last longer than {@code delay_min
 * >> 4} (not as long), and floors the delay threshold at 4 ms ({@code HYSTART_DELAY_MIN}).
 */
final class ClassicHyStart {
  private static final int LOW_WINDOW = 16;
  private static final int MIN_SAMPLES = 8;
  private static final long DELAY_MIN = 2 << 3;
  private static final long DELAY_MIN_316 = 4 << 3;
  private static final long DELAY_MAX = 16 << 3;

  private final int detect;
  private final long trainGapTicks;
  private final Jiffies clock;
  private final boolean linux316;
  private long roundStart;
  private long lastJiffies;
  private long endSeq;
  private long currRtt;
  private int samples;
  private int found;

  /**
   * @param detect {@code hystart_detect}'s bits; 0 when {@code hystart} is off
   * @param jiffies the kernel's tick
   * @param linux316 3.16's HyStart rather than 2.6.37's
   */
  ClassicHyStart(int detect, Jiffies jiffies, boolean linux316) {
    this.detect = detect;
    this.linux316 = linux316;
    this.clock = linux316 ? new Jiffies(1000) : jiffies;
    this.trainGapTicks = clock.ticks(2_000_000L);
  }

  /** {@code bictcp_reset}'s part: {@code ca->found} cleared. */
  void clearFound() {
    found = 0;
  }

  /** {@code bictcp_hystart_reset}: a round starts now, ending at {@code sndNxt}. */
  void reset(long nowNs, long sndNxt) {
    long now = clock.tick(nowNs);
    roundStart = now;
    lastJiffies = now;
    endSeq = sndNxt;
    currRtt = 0;
    samples = 0;
  }

  /**
   * {@code bictcp_cong_avoid}'s test in slow start: a new round once the ACK passes the round's
   * end.
   *
   * @return true when the round ended and {@link #reset} should start the next
   */
  boolean roundEnds(long ack) {
    return detect != 0 && ack > endSeq;
  }

  /**
   * {@code hystart_update}, called by {@code bictcp_acked} in slow start at a window of 16 or more.
   *
   * @param delay this ACK's sample, jiffies × 8 (3.16: ms × 8)
   * @param delayMin {@code ca->delay_min}, in the same unit
   * @param nowNs the time
   * @return true when slow start ends here (ssthresh = cwnd)
   */
  boolean update(long delay, long delayMin, int cwnd, long nowNs) {
    if (detect == 0 || cwnd < LOW_WINDOW || (found & detect) != 0) {
      return false;
    }
    long now = clock.tick(nowNs);
    if (now - lastJiffies <= trainGapTicks) {
      lastJiffies = now;
      long length = now - roundStart;
      if (linux316 ? length > delayMin >> 4 : length >= delayMin >> 4) {
        found |= HyStart.ACK_TRAIN;
      }
    }
    if (samples < MIN_SAMPLES) {
      if (currRtt == 0 || currRtt > delay) {
        currRtt = delay;
      }
      samples++;
    } else if (currRtt
        > delayMin
            + Math.max(linux316 ? DELAY_MIN_316 : DELAY_MIN, Math.min(DELAY_MAX, delayMin >> 4))) {
      found |= HyStart.DELAY;
    }
    return (found & detect) != 0;
  }
}
