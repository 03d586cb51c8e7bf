package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** 2.6.37's tcp_tso_should_defer, one decision at a time (MSS 1448, HZ 1000). */
class TsoDeferralTest {
  private static final int MSS = 1448;
  private static final long MS = 1_000_000L;

  private final TsoDeferral deferral = new TsoDeferral(new Jiffies(1000));

  /** A 64 KB head packet, cwnd 60 with {@code inFlight} out, a large peer window. */
  private boolean ask(long now, int inFlight) {
    return deferral.shouldDefer(
        now, true, 45L * MSS, true, MSS, 60, inFlight, 10_000_000L, 10_000_000L);
  }

  @Test
  void aPacketOfOneSegmentIsNeverDeferred() {
    assertThat(deferral.shouldDefer(0, true, MSS, true, MSS, 60, 59, 1_000_000, 1_000_000))
        .isFalse();
  }

  @Test
  void lessThanAThirdOfTheWindowFreeWaitsAThirdOrMoreGoes() {
    // chunk = 60 x 1448 / 3 = 20 segments' worth.
    assertThat(ask(0, 41)).isTrue(); // 19 free
    assertThat(ask(0, 40)).isFalse(); // 20 free
  }

  @Test
  void a64KbPacketThatFitsGoesAtOnce() {
    boolean defer =
        deferral.shouldDefer(0, true, 45L * MSS, true, MSS, 200, 150, 10_000_000L, 10_000_000L);
    // 50 free segments: 72 400 bytes >= 65 536.
    assertThat(defer).isFalse();
  }

  @Test
  void aPacketInTheMiddleOfTheQueueGoesWhenItFitsWhole() {
    // 10 segments of 12 free, chunk 20: the tail would wait, a middle packet that fits goes.
    assertThat(deferral.shouldDefer(0, true, 10L * MSS, true, MSS, 60, 48, 10_000_000, 10_000_000))
        .isTrue();
    assertThat(deferral.shouldDefer(0, true, 10L * MSS, false, MSS, 60, 48, 10_000_000, 10_000_000))
        .isFalse();
  }

  @Test
  void thePeersWindowLimitsWhatCanGo() {
    // The congestion window has room, but the peer's window leaves 5 segments: limit 5 < chunk.
    assertThat(deferral.shouldDefer(0, true, 45L * MSS, true, MSS, 60, 10, 5L * MSS, 60L * MSS))
        .isTrue();
  }

  @Test
  void outsideTheOpenStateNothingWaits() {
    assertThat(deferral.shouldDefer(0, false, 45L * MSS, true, MSS, 60, 59, 1 << 20, 1 << 20))
        .isFalse();
  }

  @Test
  void itWaitsLessThanTwoTicksFromItsLastDeferral() {
    assertThat(ask(0, 59)).isTrue();
    assertThat(ask(1 * MS + 500_000, 59)).isTrue(); // one tick on: still waiting
    // Asked again in tick 3, two ticks after the last deferral (tick 1): send.
    assertThat(ask(3 * MS + 1, 59)).isFalse();
    assertThat(deferral.deferrals()).isEqualTo(2);
    // A new deferral starts the count afresh.
    assertThat(ask(4 * MS, 59)).isTrue();
  }
}
