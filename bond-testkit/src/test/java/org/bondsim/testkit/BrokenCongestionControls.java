package org.bondsim.testkit;

import java.util.Random;
import org.bondsim.api.tcp.cc.CongestionContext;
import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.CongestionControlProvider;
import org.bondsim.api.tcp.cc.ConnectionView;

/**
 * Deliberately broken congestion-control modules, each adopting the contract it breaks; run by
 * {@link CcContractFailuresTest} only (the names do not end in {@code Test}).
 */
final class BrokenCongestionControls {
  private BrokenCongestionControls() {}

  /** A module built from its two callbacks. */
  private record Module(String name, Ssthresh ssthresh, Avoidance avoidance, Undo undo)
      implements CongestionControlProvider {
    @Override
    public String description() {
      return "broken on purpose";
    }

    @Override
    public CongestionControl create(CongestionContext context) {
      return new CongestionControl() {
        @Override
        public int ssthresh(ConnectionView tcp) {
          return ssthresh.of(tcp);
        }

        @Override
        public int congestionAvoidance(ConnectionView tcp, int acked) {
          return avoidance.of(tcp, acked);
        }

        @Override
        public int undoCwnd(ConnectionView tcp, int priorCwnd) {
          return undo.of(tcp, priorCwnd);
        }
      };
    }
  }

  @FunctionalInterface
  private interface Ssthresh {
    int of(ConnectionView tcp);
  }

  @FunctionalInterface
  private interface Avoidance {
    int of(ConnectionView tcp, int acked);
  }

  @FunctionalInterface
  private interface Undo {
    int of(ConnectionView tcp, int priorCwnd);
  }

  private static final Ssthresh HALF = tcp -> Math.max(tcp.cwnd() / 2, 2);
  private static final Avoidance RENO_LIKE = (tcp, acked) -> tcp.cwnd() + (acked > 1 ? 1 : 0);
  private static final Undo PRIOR = (tcp, prior) -> Math.max(tcp.cwnd(), prior);

  /** ssthresh 1 after a loss: below RFC 5681's floor of two segments. */
  static class SsthreshOfOne implements CongestionControlContract {
    @Override
    public CongestionControlProvider provider() {
      return new Module("one", tcp -> 1, RENO_LIKE, PRIOR);
    }
  }

  /** Doubles the window in congestion avoidance. */
  static class DoublesInAvoidance implements CongestionControlContract {
    @Override
    public CongestionControlProvider provider() {
      return new Module("double", HALF, (tcp, acked) -> 2 * tcp.cwnd(), PRIOR);
    }
  }

  /** An undo that restores twice what there was. */
  static class UndoesTooFar implements CongestionControlContract {
    @Override
    public CongestionControlProvider provider() {
      return new Module("far", HALF, RENO_LIKE, (tcp, prior) -> 2 * Math.max(tcp.cwnd(), prior));
    }
  }

  /** Grows by a coin toss from an unseeded generator: not replayable. */
  static class Unseeded implements CongestionControlContract {
    private static final Random RANDOM = new Random();

    @Override
    public CongestionControlProvider provider() {
      return new Module("coin", HALF, (tcp, acked) -> tcp.cwnd() + RANDOM.nextInt(2), PRIOR);
    }
  }
}
