package org.bondsim.tcp;

/**
 * HyStart as Linux 5.8 and later run it ({@code tcp_cubic.c}: {@code hystart_update}, {@code
 * hystart_ack_delay}, {@code bictcp_hystart_reset}), on the microsecond clock ({@code tcp_mstamp}).
 * It runs from {@code pkts_acked} on every ACK with an RTT sample while the connection is in slow
 * start and has not found its exit yet; a round ends when snd_una passes the snd_nxt of the round's
 * start. From a window of 16 ({@code hystart_low_window}):
 *
 * <ul>
 *   <li><b>ACK train</b> ({@code hystart_detect} bit 1): ACKs closer than 2 ms apart ({@code
 *       hystart_ack_delta_us}) extend the round's train; once the train has lasted more than half
 *       of the minimum delay plus the TSO/GRO cushion (about 4 × 64 KB at the pacing rate, at most
 *       1 ms), the pipe is full. The half applies to a socket nothing paces ({@code
 *       SK_PACING_NONE}), which every connection here is (no fq qdisc; see {@link Pacing}).
 *   <li><b>Delay</b> (bit 2): the round's least RTT over its samples, checked from the ninth sample
 *       on, against the minimum delay plus an eighth of it clamped to 4–16 ms.
 * </ul>
 *
 * Either ends slow start (ssthresh = cwnd) and counts {@code TcpExtTCPHystartTrainDetect} or {@code
 * TcpExtTCPHystartDelayDetect}, with the window in the matching {@code …Cwnd} counter.
 */
final class HyStart {
  /** {@code HYSTART_ACK_TRAIN}. */
  static final int ACK_TRAIN = 1;

  /** {@code HYSTART_DELAY}. */
  static final int DELAY = 2;

  static final int LOW_WINDOW = 16;
  private static final int MIN_SAMPLES = 8;
  private static final long DELAY_MIN_US = 4000;
  private static final long DELAY_MAX_US = 16000;
  private static final long ACK_DELTA_US = 2000;

  private final int detect;
  private final TcpCounters counters;
  private long roundStartUs;
  private long lastAckUs;
  private long endSeq = Long.MIN_VALUE;
  private long currRttUs = Long.MAX_VALUE;
  private int samples;
  private boolean found;

  /**
   * @param detect {@code hystart_detect}'s bits; 0 when {@code hystart} is off
   * @param counters where the exits are counted
   */
  HyStart(int detect, TcpCounters counters) {
    this.detect = detect;
    this.counters = counters;
  }

  /** Whether this connection's slow start already has its exit ({@code ca->found}). */
  boolean found() {
    return found;
  }

  /** {@code bictcp_reset}'s part: an RTO's Loss state looks for the exit again. */
  void clearFound() {
    found = false;
  }

  /** {@code bictcp_hystart_reset}: a new round starts now and ends at {@code sndNxt}. */
  void reset(long nowUs, long sndNxt) {
    roundStartUs = nowUs;
    lastAckUs = nowUs;
    endSeq = sndNxt;
    currRttUs = Long.MAX_VALUE;
    samples = 0;
  }

  /**
   * {@code hystart_update}, for a connection in slow start that has not found its exit.
   *
   * @param sample the ACK ({@link AckSample#sndUna()}, {@link AckSample#sndNxt}, {@link
   *     AckSample#pacingRate})
   * @param delayUs this ACK's RTT sample, at least 1
   * @param delayMinUs CUBIC's minimum delay ({@code ca->delay_min})
   * @param cwnd the window
   * @param nowUs the ACK's time
   * @return true when slow start ends here (ssthresh = cwnd)
   */
  boolean update(AckSample sample, long delayUs, long delayMinUs, int cwnd, long nowUs) {
    return update(
        sample.sndUna(), sample.sndNxt, sample.pacingRate, delayUs, delayMinUs, cwnd, nowUs);
  }

  /**
   * {@code hystart_update} from the ACK's numbers.
   *
   * @param sndUna snd_una after the ACK
   * @param sndNxt snd_nxt when the ACK arrived
   * @param pacingRate the pacing rate, bytes per second
   * @param delayUs this ACK's RTT sample, at least 1
   * @param delayMinUs CUBIC's minimum delay ({@code ca->delay_min})
   * @param cwnd the window
   * @param nowUs the ACK's time
   * @return true when slow start ends here (ssthresh = cwnd)
   */
  boolean update(
      long sndUna,
      long sndNxt,
      long pacingRate,
      long delayUs,
      long delayMinUs,
      int cwnd,
      long nowUs) {
    if (sndUna > endSeq) {
      reset(nowUs, sndNxt);
    }
    if (cwnd < LOW_WINDOW || detect == 0) {
      return false;
    }
    if ((detect & ACK_TRAIN) != 0 && nowUs - lastAckUs <= ACK_DELTA_US) {
      lastAckUs = nowUs;
      long threshold = (delayMinUs + ackDelayUs(pacingRate)) >> 1;
      if (nowUs - roundStartUs > threshold) {
        found = true;
        counters.hystartTrainDetect++;
        counters.hystartTrainCwnd += cwnd;
      }
    }
    if ((detect & DELAY) != 0) {
      currRttUs = Math.min(currRttUs, delayUs);
      if (samples < MIN_SAMPLES) {
        samples++;
      } else if (currRttUs
          > delayMinUs + Math.max(DELAY_MIN_US, Math.min(DELAY_MAX_US, delayMinUs >> 3))) {
        found = true;
        counters.hystartDelayDetect++;
        counters.hystartDelayCwnd += cwnd;
      }
    }
    return found;
  }

  /**
   * {@code hystart_ack_delay}: time for about four 64 KB packets at the pacing rate, "at least one
   * TSO packet being sent and received by GRO, and another one in qdisc layer", at most 1 ms; 0
   * without a rate.
   */
  static long ackDelayUs(long pacingRate) {
    if (pacingRate <= 0) {
      return 0;
    }
    // sk_gso_max_size: TCP always has (software) GSO, so 64 KB whatever the device offloads.
    return Math.min(1000, Transmitter.GSO_MAX_BYTES * 4 * 1_000_000L / pacingRate);
  }
}
