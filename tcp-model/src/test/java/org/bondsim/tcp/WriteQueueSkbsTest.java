package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The write queue's skbs as tcp_sendmsg cuts them, from the size goal at each write. */
class WriteQueueSkbsTest {
  private static final long GOAL = 45 * 1448; // 65 215 bytes' worth of 1448-byte segments

  @Test
  void bulkWritesFillSkbsOfTheGoalFromTheFirstByte() {
    WriteQueueSkbs skbs = new WriteQueueSkbs();
    skbs.onWrite(0, 0, GOAL);
    assertThat(skbs.skbEnd(0)).isEqualTo(GOAL);
    // 8-segment pieces leave a 5-segment piece at the end of each skb.
    assertThat(skbs.skbEnd(40 * 1448)).isEqualTo(GOAL);
    assertThat(skbs.skbEnd(GOAL)).isEqualTo(2 * GOAL);
    // A later write while data waits grows the tail skb under the same goal: nothing changes.
    skbs.onWrite(3 * GOAL + 100, 2 * GOAL, GOAL);
    assertThat(skbs.skbEnd(3 * GOAL)).isEqualTo(4 * GOAL);
  }

  @Test
  void aWriteAfterEverythingWasSentStartsAnSkbAtItsFirstByte() {
    WriteQueueSkbs skbs = new WriteQueueSkbs();
    skbs.onWrite(0, 0, GOAL);
    // 1000 bytes written and sent; the next write's skb starts at 1000.
    skbs.onWrite(1000, 1000, GOAL);
    assertThat(skbs.skbEnd(1000)).isEqualTo(1000 + GOAL);
  }

  @Test
  void aNewGoalAppliesFromTheUnsentTailSkb() {
    WriteQueueSkbs skbs = new WriteQueueSkbs();
    skbs.onWrite(0, 0, 1000);
    // Three one-segment skbs written, the first sent; then the peer's window grows the goal.
    skbs.onWrite(3000, 1000, 20_000);
    assertThat(skbs.skbEnd(1000)).isEqualTo(2000);
    // The tail skb (2000..3000) takes the new goal: it grows to 22 000.
    assertThat(skbs.skbEnd(2000)).isEqualTo(22_000);
    skbs.sent(2000);
    assertThat(skbs.skbEnd(2500)).isEqualTo(22_000);
  }
}
