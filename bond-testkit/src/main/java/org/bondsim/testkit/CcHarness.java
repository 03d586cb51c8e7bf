package org.bondsim.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.tcp.cc.AckView;
import org.bondsim.api.tcp.cc.CaState;
import org.bondsim.api.tcp.cc.CongestionContext;
import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.CongestionControlProvider;
import org.bondsim.api.tcp.cc.ConnectionView;

/**
 * A connection reduced to what its congestion-control module sees, driven the way bondsim's TCP
 * drives one ({@code tcp_cong_control}): {@code pkts_acked} on every ACK, slow start by the
 * connection while cwnd is below ssthresh and the rest of the ACK to the module's congestion
 * avoidance (2.6.37: one packet per ACK, and slow start up to ssthresh inclusive, as {@code
 * tcp_reno_cong_avoid} and {@code bictcp_cong_avoid} of that kernel), no growth during fast
 * recovery, ssthresh from the module when a reduction starts, cwnd 1 after a timeout, ssthresh as
 * the window when a recovery ends, the module's window when a reduction is undone.
 */
public final class CcHarness implements ConnectionView {
  private static final int MSS = 1448;

  /**
   * What one event did.
   *
   * @param cwndBefore the window before it
   * @param cwndAfter the window after it
   * @param ssthresh the ssthresh it set (loss, timeout) or ended at (recovery), else -1
   * @param cwndBeforeAvoidance for an ACK, the window congestion avoidance started from
   * @param avoidanceAcked for an ACK, the packets given to congestion avoidance (0: none)
   * @param wasInSlowStart for an ACK, whether the connection was in slow start when it came
   * @param endedSlowStart for an ACK, whether {@code pkts_acked} ended slow start
   * @param undone for an undo, whether there was a reduction to undo
   * @param priorCwnd for an undo, the window before the reduction
   */
  public record Outcome(
      int cwndBefore,
      int cwndAfter,
      int ssthresh,
      int cwndBeforeAvoidance,
      int avoidanceAcked,
      boolean wasInSlowStart,
      boolean endedSlowStart,
      boolean undone,
      int priorCwnd) {}

  private final CongestionControl module;
  // 2.6.37 grows per ACK, and slow-starts while cwnd <= ssthresh.
  private final boolean perAck;
  // 3.16: slow start by the packets acked, congestion avoidance one step per ACK.
  private final boolean slowStartByPackets;
  private final Ack ack = new Ack();
  private int cwnd;
  private int ssthresh = Integer.MAX_VALUE;
  private int priorCwnd;
  private int priorSsthresh;
  private CaState state = CaState.OPEN;
  private long nowNs = 1_000_000_000L;
  private long sndUna;
  private long delivered;
  private long srttNs;

  /**
   * A connection at {@code cwnd} with a fresh module.
   *
   * @param provider the algorithm
   * @param kernel the kernel it is created for
   * @param settings the settings it reads
   * @param cwnd the starting window
   */
  public CcHarness(
      CongestionControlProvider provider,
      KernelVersion kernel,
      Map<String, String> settings,
      int cwnd) {
    this.cwnd = cwnd;
    this.perAck = kernel == KernelVersion.LINUX_2_6_37;
    this.slowStartByPackets = kernel == KernelVersion.LINUX_3_16;
    this.module =
        provider.create(
            new CongestionContext() {
              @Override
              public KernelVersion kernel() {
                return kernel;
              }

              @Override
              public int hz() {
                return 1000;
              }

              @Override
              public String setting(String name, String fallback) {
                return settings.getOrDefault(name, fallback);
              }
            });
    if (module == null) {
      throw new AssertionError(provider.getClass().getName() + ".create returned null");
    }
  }

  /**
   * Plays a history on a fresh module.
   *
   * @param provider the algorithm
   * @param history the history
   * @param settings the settings it reads
   * @return the window after each event
   */
  public static List<Integer> windows(
      CongestionControlProvider provider, CcEpisode history, Map<String, String> settings) {
    CcHarness harness = new CcHarness(provider, history.kernel(), settings, history.cwnd());
    List<Integer> windows = new ArrayList<>();
    for (CcEpisode.Step step : history.steps()) {
      windows.add(harness.play(step).cwndAfter());
    }
    return windows;
  }

  /**
   * Plays one event.
   *
   * @param step the event
   * @return what it did
   */
  public Outcome play(CcEpisode.Step step) {
    nowNs += step.gapUs() * 1000L;
    int before = cwnd;
    return switch (step.kind()) {
      case ACK -> ack(step, before);
      case LOSS -> {
        if (state != CaState.OPEN) {
          yield new Outcome(before, cwnd, -1, 0, 0, false, false, false, 0);
        }
        reduce();
        state = CaState.RECOVERY;
        yield new Outcome(before, cwnd, ssthresh, 0, 0, false, false, false, 0);
      }
      case RTO -> {
        // tcp_enter_loss asks the module for ssthresh only if no reduction is under way.
        boolean reduces = state == CaState.OPEN;
        if (reduces) {
          reduce();
        }
        state = CaState.LOSS;
        module.onLossState(this);
        cwnd = 1;
        yield new Outcome(before, cwnd, reduces ? ssthresh : -1, 0, 0, false, false, false, 0);
      }
      case UNDO -> {
        if (state == CaState.OPEN) {
          yield new Outcome(before, cwnd, -1, 0, 0, false, false, false, 0);
        }
        cwnd = module.undoCwnd(this, priorCwnd);
        ssthresh = Math.max(ssthresh, priorSsthresh);
        state = CaState.OPEN;
        yield new Outcome(before, cwnd, -1, 0, 0, false, false, true, priorCwnd);
      }
      case RECOVERED -> {
        boolean recovering = state == CaState.RECOVERY;
        if (recovering) {
          cwnd = ssthresh;
        }
        state = CaState.OPEN;
        yield new Outcome(before, cwnd, recovering ? ssthresh : -1, 0, 0, false, false, false, 0);
      }
    };
  }

  private void reduce() {
    priorCwnd = cwnd;
    priorSsthresh = ssthresh;
    ssthresh = module.ssthresh(this);
    module.onLoss(this);
  }

  private Outcome ack(CcEpisode.Step step, int before) {
    int packets = step.packets();
    long rttNs = step.rttUs() * 1000L;
    srttNs = srttNs == 0 ? rttNs : (7 * srttNs + rttNs) / 8;
    ack.fill(sndUna + (long) packets * MSS, packets, rttNs, nowNs - rttNs, before, sndNxt());
    sndUna += (long) packets * MSS;
    delivered += packets;
    boolean slowStart = cwnd < ssthresh || (perAck || slowStartByPackets) && cwnd == ssthresh;
    ack.pacingRate = slowStart ? 2L * cwnd * MSS * 1_000_000_000L / srttNs : 0;
    boolean ended = module.pktsAcked(this, ack);
    if (ended) {
      ssthresh = cwnd;
    }
    ack.delivered = packets;
    if (state == CaState.RECOVERY) {
      // tcp_cong_control: a reduction under way (PRR) sets the window, not the module.
      return new Outcome(before, cwnd, -1, cwnd, 0, slowStart, ended, false, 0);
    }
    int left = perAck ? 1 : packets;
    if (slowStart) {
      module.onSlowStartAck(this, ack);
      int grown =
          Math.min(
              cwnd + left,
              ssthresh == Integer.MAX_VALUE ? cwnd + left : Math.max(ssthresh, cwnd + 1));
      left = perAck || slowStartByPackets ? 0 : left - (grown - cwnd);
      cwnd = grown;
    } else if (slowStartByPackets) {
      left = 1;
    }
    int fromAvoidance = cwnd;
    if (left > 0) {
      cwnd = module.congestionAvoidance(this, left);
    }
    return new Outcome(
        before, cwnd, -1, fromAvoidance, Math.max(0, left), slowStart, ended, false, 0);
  }

  @Override
  public int cwnd() {
    return cwnd;
  }

  @Override
  public int ssthresh() {
    return ssthresh;
  }

  @Override
  public int packetsInFlight() {
    return cwnd;
  }

  @Override
  public long delivered() {
    return delivered;
  }

  @Override
  public long srttNs() {
    return srttNs;
  }

  @Override
  public CaState caState() {
    return state;
  }

  @Override
  public int mss() {
    return MSS;
  }

  @Override
  public long sndUna() {
    return sndUna;
  }

  @Override
  public long sndNxt() {
    return sndUna + (long) cwnd * MSS;
  }

  @Override
  public long nowNs() {
    return nowNs;
  }

  /** The ACK being played. */
  private static final class Ack implements AckView {
    private long ack;
    private int packets;
    private long rttNs;
    private long sentNs;
    private int priorInFlight;
    private long sndNxt;
    private int delivered;
    private long pacingRate;

    void fill(long ack, int packets, long rttNs, long sentNs, int priorInFlight, long sndNxt) {
      this.ack = ack;
      this.packets = packets;
      this.rttNs = rttNs;
      this.sentNs = sentNs;
      this.priorInFlight = priorInFlight;
      this.sndNxt = sndNxt;
      this.delivered = 0;
    }

    @Override
    public long ack() {
      return ack;
    }

    @Override
    public int packetsAcked() {
      return packets;
    }

    @Override
    public long sampleRttNs() {
      return rttNs;
    }

    @Override
    public long newestReleasedSentNs() {
      return sentNs;
    }

    @Override
    public int priorInFlight() {
      return priorInFlight;
    }

    @Override
    public int delivered() {
      return delivered;
    }

    @Override
    public long sndNxt() {
      return sndNxt;
    }

    @Override
    public long pacingRate() {
      return pacingRate;
    }
  }
}
