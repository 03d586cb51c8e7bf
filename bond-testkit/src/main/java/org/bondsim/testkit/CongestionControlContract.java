package org.bondsim.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.CongestionControlProvider;

/**
 * The contract of a congestion-control module, adopted by implementing this interface in a test
 * class and returning the provider:
 *
 * <pre>{@code
 * class MyAlgorithmContractTest implements CongestionControlContract {
 *   public CongestionControlProvider provider() { return new MyProvider(); }
 * }
 * }</pre>
 *
 * <p>Over generated connection histories ({@link CcEpisode}: ACKs of one to four packets with their
 * RTT samples, losses that enter recovery, retransmission timeouts, undos, at windows from 1 to
 * thousands of packets), driven the way the TCP model drives a module ({@link CcHarness}: slow
 * start is the connection's, congestion avoidance the module's, never during a reduction), it
 * checks what RFC 5681 and Linux's {@code tcp_cong.c} require of any module:
 *
 * <ul>
 *   <li>a loss sets ssthresh to at least 2 packets and not above the window it cut (RFC 5681
 *       section 3.1, equation 4; {@code tcp_reno_ssthresh}'s floor), so cwnd never falls below 2
 *       after a loss it recovers from;
 *   <li>congestion avoidance never shrinks the window and grows it by at most the packets the ACK
 *       delivered (RFC 5681 section 3.1: at most one SMSS per ACK of one; {@code
 *       tcp_cong_avoid_ai});
 *   <li>an undo restores neither less than the window now nor more than before the reduction
 *       ({@code undo_cwnd});
 *   <li>ending slow start ({@code pkts_acked} returning true, HyStart) happens only in slow start;
 *   <li>the same history gives the same windows on a fresh module (a run is replayable byte for
 *       byte), and no callback throws.
 * </ul>
 *
 * A window grown during recovery from duplicate ACKs is excluded by construction: the connection
 * never calls {@link CongestionControl#congestionAvoidance} while it reduces the window, and the
 * harness does as the model does.
 */
public interface CongestionControlContract {
  /**
   * Returns the algorithm under test.
   *
   * @return a provider
   */
  CongestionControlProvider provider();

  /**
   * Returns the kernels to create the module for.
   *
   * @return by default {@link KernelVersion#LINUX_6} and {@link KernelVersion#LINUX_2_6_37}
   */
  default List<KernelVersion> kernels() {
    return List.of(KernelVersion.LINUX_6, KernelVersion.LINUX_3_16, KernelVersion.LINUX_2_6_37);
  }

  /**
   * Returns the settings the module is created with ({@code CongestionContext.setting}).
   *
   * @return name to value; empty by default (every setting at its default)
   */
  default Map<String, String> settings() {
    return Map.of();
  }

  /**
   * Histories of up to 600 events.
   *
   * @return the arbitrary
   */
  @Provide
  default Arbitrary<CcEpisode> histories() {
    Arbitrary<CcEpisode.Step> step =
        Combinators.combine(
                Arbitraries.frequency(
                    Tuple.of(60, CcEpisode.Kind.ACK),
                    Tuple.of(3, CcEpisode.Kind.LOSS),
                    Tuple.of(1, CcEpisode.Kind.RTO),
                    Tuple.of(2, CcEpisode.Kind.UNDO),
                    Tuple.of(4, CcEpisode.Kind.RECOVERED)),
                Arbitraries.integers().between(1, 4),
                Arbitraries.integers().between(100, 300_000),
                Arbitraries.integers().between(0, 20_000))
            .as(CcEpisode.Step::new);
    return Combinators.combine(
            Arbitraries.of(kernels()),
            Arbitraries.integers().between(1, 4000),
            step.list().ofMaxSize(600))
        .as(CcEpisode::new);
  }

  /**
   * Every rule above, checked after every event of a history.
   *
   * @param history the history
   */
  @Property(tries = 300)
  default void keepsTheRulesEveryModuleOwes(@ForAll("histories") CcEpisode history) {
    CcHarness harness = new CcHarness(provider(), history.kernel(), settings(), history.cwnd());
    for (CcEpisode.Step step : history.steps()) {
      CcHarness.Outcome o = harness.play(step);
      String where = "after " + step + " at cwnd " + o.cwndBefore() + " (" + history + ")";
      switch (step.kind()) {
        case LOSS, RTO -> {
          if (o.ssthresh() >= 0) {
            assertThat(o.ssthresh())
                .as("ssthresh %s", where)
                .isBetween(2, Math.max(2, o.cwndBefore()));
          }
        }
        case ACK -> {
          if (o.avoidanceAcked() > 0) {
            assertThat(o.cwndAfter())
                .as("congestion avoidance %s", where)
                .isBetween(o.cwndBeforeAvoidance(), o.cwndBeforeAvoidance() + o.avoidanceAcked());
          }
          assertThat(!o.endedSlowStart() || o.wasInSlowStart())
              .as("slow start ended outside slow start %s", where)
              .isTrue();
        }
        case UNDO -> {
          if (o.undone()) {
            assertThat(o.cwndAfter())
                .as("undo %s", where)
                .isBetween(o.cwndBefore(), Math.max(o.cwndBefore(), o.priorCwnd()));
          }
        }
        case RECOVERED -> {
          if (o.ssthresh() >= 0) {
            assertThat(o.cwndAfter())
                .as("window after recovery %s", where)
                .isGreaterThanOrEqualTo(2);
          }
        }
      }
      assertThat(o.cwndAfter()).as("cwnd %s", where).isPositive();
    }
  }

  /**
   * The same history on a fresh module gives the same windows.
   *
   * @param history the history
   */
  @Property(tries = 100)
  default void theSameHistoryGivesTheSameWindows(@ForAll("histories") CcEpisode history) {
    assertThat(CcHarness.windows(provider(), history, settings()))
        .isEqualTo(CcHarness.windows(provider(), history, settings()));
  }

  /**
   * Reads a history's windows, for a failure message or a plot.
   *
   * @param history the history
   * @return cwnd after each event
   */
  default List<Integer> windows(CcEpisode history) {
    return new ArrayList<>(CcHarness.windows(provider(), history, settings()));
  }
}
