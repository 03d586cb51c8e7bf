package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.bondsim.tcp.KernelProfile.MetricsCache;
import org.junit.jupiter.api.Test;

/**
 * {@code tcp_update_metrics} by hand: each branch of 2.6.37's (route cache) and 6.x's ({@code
 * tcp_metrics}) save, with the figures worked out from the kernels' arithmetic.
 */
class MetricsRulesTest {
  private static final MetricsCache ROUTE = MetricsCache.ROUTE_CACHE;
  private static final MetricsCache TABLE = MetricsCache.TCP_METRICS;

  /** srtt 2 ms, mdev 0.5 ms, cwnd 40 over ssthresh 20, reordering raised to 12 (sysctl 3). */
  private static MetricsRules.Closing congestionAvoidance(boolean open) {
    return new MetricsRules.Closing(0, 2000, 500, 40, 20, open, 12, 3);
  }

  @Test
  void twoSixThirtySevenSavesEverythingFromAConnectionOpenInCongestionAvoidance() {
    // rtt: no entry, so the sample (m = -2000); rttvar: max(|m|/2, mdev) = 1000; ssthresh
    // max(cwnd/2, ssthresh) = 20; cwnd the mean of 0 and 40; reordering above the sysctl's.
    assertThat(MetricsRules.save(ROUTE, true, TcpMetrics.NONE, congestionAvoidance(true)))
        .isEqualTo(new TcpMetrics(2000, 1000, 20, 20, 12));
  }

  @Test
  void sixXSavesNoReorderingFromCongestionAvoidanceAndNoSsthreshByDefault() {
    assertThat(MetricsRules.save(TABLE, false, TcpMetrics.NONE, congestionAvoidance(true)))
        .isEqualTo(new TcpMetrics(2000, 1000, 0, 20, 0));
    assertThat(MetricsRules.save(TABLE, true, TcpMetrics.NONE, congestionAvoidance(true)))
        .isEqualTo(new TcpMetrics(2000, 1000, 20, 20, 0));
  }

  @Test
  void sixXSavesTheReorderingLevelOnlyInItsLastBranch() {
    // Not Open: cwnd is "non-sense", the mean of the saved cwnd and ssthresh; no saved ssthresh to
    // raise; the reordering level is saved here alone.
    assertThat(MetricsRules.save(TABLE, false, TcpMetrics.NONE, congestionAvoidance(false)))
        .isEqualTo(new TcpMetrics(2000, 1000, 0, 10, 12));
  }

  @Test
  void aSmallerRttDecaysTheSavedOneByAnEighth() {
    // m = 3000 - 2000: rtt 3000 - 125; rttvar: max(500, 200) = 500 below 1000, so 1000 - 125.
    TcpMetrics old = new TcpMetrics(3000, 1000, 0, 0, 0);
    MetricsRules.Closing closing = new MetricsRules.Closing(0, 2000, 200, 40, 20, true, 3, 3);
    TcpMetrics saved = MetricsRules.save(ROUTE, true, old, closing);
    assertThat(saved.rttUs()).isEqualTo(2875);
    assertThat(saved.rttvarUs()).isEqualTo(875);
  }

  @Test
  void theFirstSlowStartRaisesOnlyASavedSsthreshAndKeepsTheLargerCwnd() {
    TcpMetrics old = new TcpMetrics(0, 0, 10, 30, 0);
    MetricsRules.Closing closing =
        new MetricsRules.Closing(0, 2000, 500, 50, Integer.MAX_VALUE, true, 3, 3);
    TcpMetrics saved = MetricsRules.save(ROUTE, true, old, closing);
    assertThat(saved.ssthresh()).isEqualTo(25);
    assertThat(saved.cwnd()).isEqualTo(50);
    assertThat(MetricsRules.save(ROUTE, true, TcpMetrics.NONE, closing).ssthresh()).isZero();
  }

  @Test
  void aBackedOffConnectionResetsOnlyTheRtt() {
    TcpMetrics old = new TcpMetrics(3000, 1000, 10, 30, 7);
    MetricsRules.Closing closing = new MetricsRules.Closing(1, 2000, 500, 40, 20, true, 12, 3);
    assertThat(MetricsRules.save(ROUTE, true, old, closing))
        .isEqualTo(new TcpMetrics(0, 1000, 10, 30, 7));
  }

  @Test
  void theSysctlsOwnLevelAndALowerOneAreNotSaved() {
    TcpMetrics saved = new TcpMetrics(0, 0, 0, 0, 30);
    assertThat(
            MetricsRules.save(
                    ROUTE,
                    true,
                    TcpMetrics.NONE,
                    new MetricsRules.Closing(0, 1, 0, 4, 2, true, 3, 3))
                .reordering())
        .isZero();
    assertThat(
            MetricsRules.save(
                    ROUTE, true, saved, new MetricsRules.Closing(0, 1, 0, 4, 2, true, 12, 3))
                .reordering())
        .isEqualTo(30);
  }
}
