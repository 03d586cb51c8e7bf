package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * What 6.x's HyStart ({@link HyStart}) may never do, whatever the ACKs' spacing and RTT samples:
 * end slow start below a window of 16, or, with the ACK train alone, before the round has lasted
 * more than half of {@code delay_min} plus the cushion.
 */
class HyStartPropertiesTest {
  private static AckSample ack(long sndUna) {
    AckSample sample = new AckSample();
    sample.reset(sndUna, 0);
    sample.advanced = true;
    sample.sndNxt = 1_000_000; // one round: snd_una never passes its end
    return sample;
  }

  @Property
  void belowSixteenPacketsNothingEndsSlowStart(
      @ForAll @Size(max = 60) List<@IntRange(min = 0, max = 3000) Integer> gapsUs,
      @ForAll @LongRange(min = 1, max = 50_000) long rttUs,
      @ForAll @IntRange(min = 1, max = 15) int cwnd,
      @ForAll @IntRange(min = 0, max = 3) int detect) {
    HyStart hyStart = new HyStart(detect, new TcpCounters());
    long now = 0;
    for (int i = 0; i < gapsUs.size(); i++) {
      now += gapsUs.get(i);
      assertThat(hyStart.update(ack(1 + i), rttUs + i, rttUs, cwnd, now)).isFalse();
    }
  }

  @Property
  void theAckTrainNeverEndsSlowStartBeforeHalfTheMinimumDelayPlusCushion(
      @ForAll @Size(min = 1, max = 80) List<@IntRange(min = 0, max = 2500) Integer> gapsUs,
      @ForAll @LongRange(min = 1, max = 20_000) long delayMinUs,
      @ForAll @LongRange(min = 0, max = 2_000_000_000L) long pacingRate) {
    HyStart hyStart = new HyStart(HyStart.ACK_TRAIN, new TcpCounters());
    long threshold = (delayMinUs + HyStart.ackDelayUs(pacingRate)) >> 1;
    long start = 5_000_000;
    long now = start;
    for (int i = 0; i < gapsUs.size(); i++) {
      now += i == 0 ? 0 : gapsUs.get(i);
      AckSample sample = ack(1 + i);
      sample.pacingRate = pacingRate;
      boolean exit = hyStart.update(sample, delayMinUs, delayMinUs, 32, now);
      if (exit) {
        assertThat(now - start).isGreaterThan(threshold);
        return;
      }
    }
  }
}
