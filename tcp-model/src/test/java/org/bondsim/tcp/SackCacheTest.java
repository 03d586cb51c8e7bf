package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.bondsim.api.tcp.SackBlock;
import org.junit.jupiter.api.Test;

/** recv_sack_cache: what the previous ACK carried, kept apart from the ACK being processed. */
class SackCacheTest {
  @Test
  void blocksOfTheAckBeingProcessedCountOnlyFromTheNextAck() {
    SackCache cache = new SackCache(4);
    cache.record(new SackBlock(3000, 6000));
    cache.record(new SackBlock(8000, 9000));
    assertThat(cache.overlapping(new SackBlock(3000, 4000))).isEqualTo(-1);
    cache.ackDone();

    // The next ACK: a new block first, then the two old ones, each still found.
    assertThat(cache.overlapping(new SackBlock(1000, 2000))).isEqualTo(-1);
    cache.record(new SackBlock(1000, 2000));
    int c = cache.overlapping(new SackBlock(3000, 7000));
    assertThat(cache.start(c)).isEqualTo(3000);
    assertThat(cache.end(c)).isEqualTo(6000);
    int d = cache.overlapping(new SackBlock(8500, 9000));
    assertThat(cache.start(d)).isEqualTo(8000);
    cache.ackDone();

    // An ACK that records nothing leaves an empty cache.
    assertThat(cache.overlapping(new SackBlock(1000, 2000))).isZero();
    cache.ackDone();
    assertThat(cache.overlapping(new SackBlock(1000, 2000))).isEqualTo(-1);
  }

  @Test
  void anAckKeepsAtMostCapacityBlocks() {
    SackCache cache = new SackCache(2);
    for (int i = 0; i < 3; i++) {
      cache.record(new SackBlock(i * 1000L, i * 1000L + 500));
    }
    cache.ackDone();
    assertThat(cache.overlapping(new SackBlock(1000, 1500))).isEqualTo(1);
    assertThat(cache.overlapping(new SackBlock(2000, 2500))).isEqualTo(-1);
  }
}
