package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bondsim.api.tcp.SackBlock;
import org.junit.jupiter.api.Test;

/**
 * Each loss detector over ten 1000-byte segments sent 1 µs apart at 0..9999, with the level at
 * tcp_reordering's default 3: which sequence numbers it marks lost, and when recovery is due.
 */
class LossDetectionTest {
  private final ManualContext context = new ManualContext(1500, Map.of());
  private final TcpCounters counters = new TcpCounters();
  private final RttEstimator rtt = new RttEstimator(1_000_000_000L);
  private final ReorderingEstimator reordering =
      new ReorderingEstimator(TcpSettings.of(context), counters);
  private final TcpSock sock = new TcpSock();
  private final Rack rack = new Rack(context, rtt, 1, new Jiffies(1000), false, reordering, sock);
  private final RetransmitQueue queue = new RetransmitQueue(counters, rack, true);

  LossDetectionTest() {
    for (int i = 0; i < 10; i++) {
      queue.sent(queue.append(1000, false), i * 1000L, false);
    }
  }

  private void ack(long ack, long... pairs) {
    AckSample sample = new AckSample();
    sample.reset(ack, queue.sndUna());
    List<SackBlock> blocks = new ArrayList<>();
    for (int i = 0; i < pairs.length; i += 2) {
      blocks.add(new SackBlock(pairs[i], pairs[i + 1]));
    }
    queue.sackTag(blocks, sample, context.now(), 1000);
    queue.cumulativeAck(sample, context.now());
  }

  private List<Long> lost() {
    List<Long> lost = new ArrayList<>();
    for (int i = 0; i < queue.size(); i++) {
      if (queue.has(queue.slot(i), RetransmitQueue.LOST)) {
        lost.add(queue.start(queue.slot(i)));
      }
    }
    return lost;
  }

  @Test
  void dupthreshMarksTheHoleOnceThreeSegmentsAboveItAreSacked() {
    Dupthresh dupthresh = new Dupthresh(queue, reordering);
    ack(2000, 3000, 5000);
    dupthresh.markLosses();
    assertThat(lost()).isEmpty();
    assertThat(dupthresh.timeToRecover()).isFalse();
    ack(2000, 3000, 6000);
    dupthresh.markLosses();
    assertThat(lost()).containsExactly(2000L);
    assertThat(dupthresh.timeToRecover()).isTrue();
  }

  @Test
  void dupthreshLeavesAHoleWithFewerThanTheLevelAboveIt() {
    Dupthresh dupthresh = new Dupthresh(queue, reordering);
    // Holes at 2000 and 6000; only two SACKed segments lie above 6000.
    ack(2000, 3000, 6000, 7000, 9000);
    dupthresh.markLosses();
    assertThat(lost()).containsExactly(2000L);
  }

  @Test
  void fackMarksEverythingMoreThanTheLevelBelowTheHighestSack() {
    Fack fack = new Fack(queue, reordering);
    Dupthresh dupthresh = new Dupthresh(queue, reordering);
    ack(2000, 9000, 10000);
    dupthresh.markLosses();
    assertThat(lost()).isEmpty();
    // fackets_out = 8 (2000..9999), so 8 - 3 = 5 segments from snd_una are lost.
    fack.markLosses();
    assertThat(lost()).containsExactly(2000L, 3000L, 4000L, 5000L, 6000L);
    assertThat(fack.timeToRecover()).isTrue();
  }

  @Test
  void rackMarksWhatWasSentAnRttPlusTheWindowBeforeTheNewestDelivered() {
    rtt.sample(100_000);
    ack(2000);
    context.advanceTo(109_000);
    wireRack();
    // 9000 (sent at 9 µs) is SACKed at 109 µs: RACK's RTT is 100 µs and its window 25 µs.
    ack(2000, 9000, 10000);
    rack.markLosses();
    assertThat(lost()).isEmpty();
    // At 130 µs everything sent by 5 µs has waited 100 + 25 µs, but only the reorder timer looks:
    // an ACK that delivered nothing new leaves the queue alone (tcp_rack_mark_lost).
    context.advanceTo(130_000);
    rack.markLosses();
    assertThat(lost()).isEmpty();
    rack.markLossesOnTimeout();
    assertThat(lost()).containsExactly(2000L, 3000L, 4000L, 5000L);
    assertThat(rack.timeToRecover()).isTrue();
  }

  @Test
  void rackTakesItsRttFromTheSegmentDeliveredLastNotTheNewestSent() {
    rtt.sample(100_000);
    context.advanceTo(109_000);
    wireRack();
    // One ACK SACKs 9000 (sent at 9 µs) and acknowledges 0 (sent at 0): the cumulative part comes
    // last, so RACK's RTT is segment 0's 109 µs while its reference stays segment 9, sent last.
    ack(1000, 9000, 10000);
    assertThat(rack.rttNs()).isEqualTo(109_000);
    // Segment k (sent at k µs) is lost once k + 109 + 25 µs have passed: at 135.5 µs only 1000.
    context.advanceTo(135_500);
    rack.markLossesOnTimeout();
    assertThat(lost()).containsExactly(1000L);
  }

  @Test
  void sackBlocksAreVisitedInSequenceOrderWhateverOrderTheyCameIn() {
    rtt.sample(100_000);
    context.advanceTo(109_000);
    wireRack();
    // A receiver lists its newest block first; Linux sorts them, so 7000 (sent at 7 µs) is the
    // last delivered and gives RACK's RTT.
    ack(0, 7000, 8000, 5000, 6000);
    assertThat(rack.rttNs()).isEqualTo(102_000);
  }

  @Test
  void aDsackWidensRacksWindowOncePerRoundTrip() {
    rtt.sample(100_000);
    wireRack();
    rack.onDsack(false);
    rack.updateReoWnd(5, 10);
    assertThat(rack.reoWindowNs()).as("no reordering seen: a DSACK asks nothing").isEqualTo(25_000);
    reordering.note(4000, false, true, 1000);
    rack.onDsack(false);
    rack.updateReoWnd(5, 10);
    assertThat(rack.reoWindowNs()).isEqualTo(50_000);
    // The next DSACK comes on an ACK whose newest delivered segment was sent before the widening
    // (tx.delivered 9 < 10): the same round trip, disregarded.
    rack.onDsack(false);
    rack.updateReoWnd(9, 12);
    rack.updateReoWnd(11, 13);
    assertThat(rack.reoWindowNs()).isEqualTo(50_000);
    // One answering a loss probe is not reordering's.
    rack.onDsack(true);
    rack.updateReoWnd(12, 14);
    assertThat(rack.reoWindowNs()).isEqualTo(50_000);
    // A DSACK waits for an ACK that delivers something: an old ACK's never grants it.
    rack.onDsack(false);
    rack.updateReoWnd(0, 14);
    assertThat(rack.reoWindowNs()).isEqualTo(50_000);
    rack.updateReoWnd(12, 15);
    assertThat(rack.reoWindowNs()).isEqualTo(75_000);
    // Sixteen recoveries that end without an undo, then the window is one step again.
    for (int i = 0; i < 16; i++) {
      rack.updateReoWnd(15, 16);
      assertThat(rack.reoWindowNs()).isEqualTo(75_000);
      rack.onRecoveryNotUndone();
    }
    rack.updateReoWnd(15, 16);
    assertThat(rack.reoWindowNs()).isEqualTo(25_000);
  }

  private void wireRack() {
    sock.queue = queue;
    sock.recovery = recoveryOver();
    sock.reorderTimer = context.newTimer(() -> {});
  }

  @Test
  void newRenoCountsDuplicatesAndRecoversAtTheThird() {
    NewRenoDupacks reno = new NewRenoDupacks(queue, reordering);
    AckSample duplicate = new AckSample();
    for (int i = 1; i <= 3; i++) {
      duplicate.reset(0, 0);
      assertThat(reno.onAck(duplicate, false)).isEqualTo(1);
      assertThat(reno.timeToRecover()).isEqualTo(i == 3);
    }
    assertThat(reno.partialAckMarksHead()).isTrue();
  }

  @Test
  void moreDuplicatesThanSegmentsProveReordering() {
    NewRenoDupacks reno = new NewRenoDupacks(queue, reordering);
    AckSample duplicate = new AckSample();
    for (int i = 0; i < 10; i++) {
      duplicate.reset(0, 0);
      reno.onAck(duplicate, false);
    }
    assertThat(counters.renoReorder).isPositive();
    assertThat(reordering.level()).isEqualTo(10);
  }

  private Recovery recoveryOver() {
    TcpSettings settings = TcpSettings.of(context);
    return new Recovery(
        context,
        queue,
        TestWindows.of(settings, counters, context),
        WindowReduction.of(settings.profile()),
        reordering,
        new NegotiatedOptions(settings, 1500),
        counters,
        settings.profile(),
        new Frto(settings.frto() != 0),
        new ClassicFrto(0, 0),
        rack,
        new Dupthresh(queue, reordering));
  }
}
