package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reordering level's changes and the counters each kernel bumps for them. */
class ReorderingEstimatorTest {
  private final TcpCounters counters = new TcpCounters();

  private ReorderingEstimator estimator(Map<String, String> sysctls) {
    return new ReorderingEstimator(TcpSettings.of(new ManualContext(1500, sysctls)), counters);
  }

  @Test
  void sixXRaisesToTheDistanceAndCountsEveryDetection() {
    ReorderingEstimator r = estimator(Map.of());
    assertThat(r.level()).isEqualTo(3);
    r.note(5 * 1448, false, true, 1448);
    assertThat(r.level()).isEqualTo(5);
    assertThat(r.raised()).isTrue();
    r.note(2 * 1448, false, true, 1448);
    assertThat(r.level()).isEqualTo(5);
    assertThat(counters.sackReorder).isEqualTo(2);
    r.note(4 * 1448 + 1, true, true, 1448); // rounds up to 5 packets
    assertThat(counters.tsReorder).isEqualTo(1);
    assertThat(r.level()).isEqualTo(5);
  }

  @Test
  void aSavedLevelTurnsTwoSixThirtySevensFackOffSoItsFirstGrowthCountsAsSack() {
    ReorderingEstimator r = estimator(Map.of("bondsim.kernel", "2.6.37"));
    assertThat(r.fackAllowed()).isTrue();
    r.load(20); // tcp_init_metrics: tcp_disable_fack, then the route's level
    assertThat(r.level()).isEqualTo(20);
    assertThat(r.fackAllowed()).isFalse();
    r.note(25 * 1448, false, true, 1448);
    assertThat(counters.fackReorder).isZero();
    assertThat(counters.sackReorder).isEqualTo(1);
  }

  @Test
  void aSavedLevelEqualToTheSysctlsChangesNothing() {
    ReorderingEstimator r = estimator(Map.of("bondsim.kernel", "2.6.37"));
    r.load(3);
    assertThat(r.fackAllowed()).isTrue();
  }

  @Test
  void sixXCapsAtTcpMaxReordering() {
    ReorderingEstimator r = estimator(Map.of("net.ipv4.tcp_max_reordering", "8"));
    r.note(100 * 1448, false, true, 1448);
    assertThat(r.level()).isEqualTo(8);
  }

  @Test
  void twoSixThirtySevenCountsOnlyGrowthFirstAsFackAndCapsAt127() {
    ReorderingEstimator r = estimator(Map.of("bondsim.kernel", "2.6.37"));
    r.note(5 * 1448, false, true, 1448);
    assertThat(counters.fackReorder).isEqualTo(1);
    r.note(4 * 1448, false, true, 1448);
    assertThat(counters.sackReorder).isZero();
    r.note(500 * 1448, false, true, 1448);
    assertThat(counters.sackReorder).isEqualTo(1);
    assertThat(r.level()).isEqualTo(127);
  }

  @Test
  void withTcpFackOffTwoSixThirtySevenNamesTheFirstReorderingSack() {
    // tcp_update_reordering: TCPFACKReorder only while tcp_is_fack, which tcp_fack=0 never sets.
    ReorderingEstimator r = estimator(Map.of("bondsim.kernel", "2.6.37", "net.ipv4.tcp_fack", "0"));
    r.note(5 * 1448, false, true, 1448);
    assertThat(counters.fackReorder).isZero();
    assertThat(counters.sackReorder).isEqualTo(1);
  }

  @Test
  void renoEvidenceCountsOnSixXEvenWithoutGrowth() {
    ReorderingEstimator six = estimator(Map.of());
    six.noteReno(2);
    assertThat(counters.renoReorder).isEqualTo(1);
    assertThat(six.level()).isEqualTo(3);
    TcpCounters old = new TcpCounters();
    ReorderingEstimator twoSix =
        new ReorderingEstimator(
            TcpSettings.of(new ManualContext(1500, Map.of("bondsim.kernel", "2.6.37"))), old);
    twoSix.noteReno(2);
    assertThat(old.renoReorder).isZero();
  }

  @Test
  void anRtoWithEnoughSackedFallsBackToTheSysctl() {
    ReorderingEstimator r = estimator(Map.of());
    r.note(20 * 1448, false, true, 1448);
    r.onTimeout(true, 2);
    assertThat(r.level()).isEqualTo(20);
    r.onTimeout(true, 3);
    assertThat(r.level()).isEqualTo(3);
  }

  @Test
  void on2637EveryRtoFallsBackToTheSysctl() {
    // 2.6.37's tcp_enter_loss: tp->reordering = min(tp->reordering, sysctl_tcp_reordering), with
    // no condition on the state or on what is SACKed.
    ReorderingEstimator r = estimator(Map.of("bondsim.kernel", "2.6.37"));
    r.note(20 * 1448, false, true, 1448);
    assertThat(r.level()).isEqualTo(20);
    r.onTimeout(false, 0);
    assertThat(r.level()).isEqualTo(3);
  }

  @Test
  void twoSixThirtySevenAndThreeSixteenKeepTheSysctlInAByte() {
    // tcp_v4_init_sock stores the int sysctl in the u8 tp->reordering: 300 becomes 44.
    for (String kernel : new String[] {"2.6.37", "3.16"}) {
      ReorderingEstimator r =
          estimator(Map.of("bondsim.kernel", kernel, "net.ipv4.tcp_reordering", "300"));
      assertThat(r.level()).as(kernel).isEqualTo(44);
      // Below the sysctl's own 300, so tcp_may_raise_cwnd does not call it raised.
      assertThat(r.raised()).as(kernel).isFalse();
      r.note(60 * 1448, false, true, 1448);
      assertThat(r.level()).as(kernel).isEqualTo(60);
    }
    assertThat(estimator(Map.of("net.ipv4.tcp_reordering", "300")).level()).isEqualTo(300);
    assertThat(
            estimator(Map.of("bondsim.kernel", "2.6.37", "net.ipv4.tcp_reordering", "255")).level())
        .isEqualTo(255);
  }

  @Test
  void aRoutesLevelIsStoredInAByteOn2637() {
    // tcp_init_metrics: a route's reordering 300 differs from the socket's 3, turns FACK off and
    // lands in the u8 as 44.
    ReorderingEstimator r = estimator(Map.of("bondsim.kernel", "2.6.37"));
    r.load(300);
    assertThat(r.level()).isEqualTo(44);
    assertThat(r.fackAllowed()).isFalse();
  }

  @Test
  void sixXFallsBackToTheSysctlsLowByteAtAnRto() {
    // 6.x's tcp_enter_loss reads tcp_reordering into a u8: with 300, an RTO in Open or Disorder
    // with 44 or more SACKed drops the level to 44; 43 SACKed leave it.
    ReorderingEstimator r = estimator(Map.of("net.ipv4.tcp_reordering", "300"));
    r.onTimeout(true, 43);
    assertThat(r.level()).isEqualTo(300);
    r.onTimeout(true, 44);
    assertThat(r.level()).isEqualTo(44);
  }

  @Test
  void threeSixteensRtoComparesWithTheWholeSysctl() {
    // 3.16's tcp_enter_loss reads the int: with 300 no RTO ever has that many SACKed.
    ReorderingEstimator r =
        estimator(Map.of("bondsim.kernel", "3.16", "net.ipv4.tcp_reordering", "300"));
    r.note(60 * 1448, false, true, 1448);
    r.onTimeout(true, 299);
    assertThat(r.level()).isEqualTo(60);
  }
}
