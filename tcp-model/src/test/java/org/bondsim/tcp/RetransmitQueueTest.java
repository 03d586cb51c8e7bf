package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.atIndex;

import java.util.List;
import java.util.Map;
import org.bondsim.api.tcp.SackBlock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The scoreboard with hand-made SACK sequences over ten 1000-byte segments at 0..9999. */
class RetransmitQueueTest {
  private final ManualContext context = new ManualContext(1500, Map.of());
  private final TcpCounters counters = new TcpCounters();
  private final RttEstimator rtt = new RttEstimator(1_000_000_000L);
  private RetransmitQueue queue;
  private final AckSample sample = new AckSample();
  // tp->undo_marker as the ACKs find it, -1 for none.
  private long undoMarker = -1;

  @BeforeEach
  void tenSegments() {
    queue = new RetransmitQueue(counters, TestRacks.standalone(context, rtt), true);
    for (int i = 0; i < 10; i++) {
      queue.sent(queue.append(1000, false), i * 1000L, false);
    }
  }

  private AckSample ack(long ack, long... pairs) {
    sample.reset(ack, queue.sndUna());
    sample.undoMarker = undoMarker;
    sample.maxWindow = 64_000;
    List<SackBlock> blocks = new java.util.ArrayList<>();
    for (int i = 0; i < pairs.length; i += 2) {
      blocks.add(new SackBlock(pairs[i], pairs[i + 1]));
    }
    queue.sackTag(blocks, sample, 20_000, 1000);
    queue.cumulativeAck(sample, 20_000);
    return sample;
  }

  private boolean sacked(long seq) {
    return queue.has(queue.slot(queue.firstAtOrAbove(seq)), RetransmitQueue.SACKED);
  }

  @Test
  void aBlockMarksTheSegmentsItCoversWhollyAndOnlyOnce() {
    assertThat(ack(0, 3000, 5000).newlySacked).isEqualTo(2);
    assertThat(queue.sackedOut()).isEqualTo(2);
    assertThat(queue.highestSacked()).isEqualTo(5000);
    // The same block again is nothing new (recv_sack_cache's case).
    assertThat(ack(0, 3000, 5000).newlySacked).isZero();
    // A block covering half a segment does not SACK it.
    assertThat(ack(0, 5500, 7000).newlySacked).isEqualTo(1);
    assertThat(sacked(5000)).isFalse();
    assertThat(sacked(6000)).isTrue();
  }

  /**
   * The rate sample's {@code prior_delivered}: {@code tp->delivered} when the most recently sent
   * segment the ACK delivered was sent; a segment SACKed before gives none when the cumulative ACK
   * releases it.
   */
  @Test
  void theRateSampleComesFromTheNewestSentSegmentDelivered() {
    queue = new RetransmitQueue(counters, TestRacks.standalone(context, rtt), true);
    for (int i = 0; i < 4; i++) {
      queue.countDelivered(i);
      queue.sent(queue.append(1000, false), i * 1000L, false);
    }
    // tp->delivered was 0, 1, 3 and 6 when segments 0..3 went.
    assertThat(ack(0, 2000, 3000).priorDelivered).isEqualTo(3);
    queue.countDelivered(sample.newlyDelivered = sample.acked + sample.newlySacked);
    // Segments 0 and 1 are acknowledged with 2 already SACKed: 1 (sent last of those) gives it.
    assertThat(ack(3000).priorDelivered).isEqualTo(1);
    assertThat(ack(3000).priorDelivered).as("nothing delivered").isEqualTo(-1);
  }

  /**
   * The scoreboard work an ACK costs is the segments its blocks make the queue visit: those in the
   * stretches not SACKed before, not those the previous ACK's blocks already covered.
   */
  @Test
  void theWalkCountsOnlyTheSegmentsItVisits() {
    assertThat(ack(0, 3000, 6000).walked).isEqualTo(3);
    // The same block again: the cache skips it, nothing is visited.
    assertThat(ack(0, 3000, 6000).walked).isZero();
    // Grown by one segment at the top: one more visit.
    assertThat(ack(0, 3000, 7000).walked).isEqualTo(1);
    // A new block below, a segment and a half: the segment it covers and the one it reaches into.
    assertThat(ack(0, 1000, 2500, 3000, 7000).walked).isEqualTo(2);
  }

  /**
   * Every block is compared with all of the previous ACK's blocks, as Linux's separate {@code sp}
   * list and {@code recv_sack_cache} have it: recording a new block first must not hide an older
   * one from the blocks after it.
   */
  @Test
  void aNewFirstBlockDoesNotHideThePreviousAcksBlocks() {
    // 6000..6999 is only half covered, so a walk over [3000, 6500) would visit it again.
    assertThat(ack(0, 3000, 6500, 8000, 9000).walked).isEqualTo(5);
    // A new block in front: one visit for it, none for the two blocks the cache holds.
    assertThat(ack(0, 1000, 2000, 3000, 6500, 8000, 9000).walked).isEqualTo(1);
    assertThat(sacked(6000)).isFalse();
  }

  @Test
  void aSegmentSackedBelowThePreviousHighestIsReorderingEvidence() {
    ack(0, 5000, 6000);
    AckSample later = ack(0, 2000, 3000, 5000, 6000);
    assertThat(later.newlySacked).isEqualTo(1);
    // 2000 was overtaken by data up to 6000: tcp_check_sack_reordering reads 6000 - 2000.
    assertThat(later.sackReorderSeq).isEqualTo(2000);
    assertThat(later.ackReorderSeq).isEqualTo(-1);
    assertThat(queue.fack()).isEqualTo(6000);
  }

  @Test
  void aHoleFilledByItsOriginalIsReorderingEvidenceAndGivesAnRttSample() {
    ack(0, 1000, 4000);
    AckSample filled = ack(4000);
    assertThat(filled.advanced).isTrue();
    assertThat(filled.acked).isEqualTo(1); // only 0..999 was not SACKed
    assertThat(filled.rttNs).isEqualTo(20_000);
    // The hole at 0 was below the highest SACK (4000) when the ACK came; nothing is SACKed after
    // it, so Linux reads the distance to snd_una: 4000 bytes.
    assertThat(filled.ackReorderSeq).isZero();
    assertThat(filled.sackReorderSeq).isEqualTo(-1);
    assertThat(queue.sackedOut()).isZero();
    assertThat(queue.fack()).isEqualTo(4000);
    assertThat(queue.size()).isEqualTo(6);
  }

  @Test
  void aRetransmittedSegmentGivesNoRttSample() {
    queue.markLost(queue.slot(0));
    queue.sent(queue.nextToRetransmit(), 15_000, true);
    assertThat(queue.retransOut()).isEqualTo(1);
    AckSample acked = ack(1000);
    assertThat(acked.rttNs).isEqualTo(-1); // Karn
    assertThat(queue.retransOut()).isZero();
    assertThat(queue.lostOut()).isZero();
  }

  /** Retransmits the segments starting at these sequence numbers, as a recovery would. */
  private void retransmit(long... seqs) {
    for (long seq : seqs) {
      int slot = queue.slot(queue.firstAtOrAbove(seq));
      queue.markLost(slot);
      queue.sent(slot, 15_000, true);
    }
  }

  @Test
  void aDsackBelowTheAckCountsTheSegmentsItCovers() {
    undoMarker = 0;
    retransmit(0, 1000);
    ack(3000);
    // A later ACK reports 0..1999 arrived twice: already acknowledged, so not in the queue.
    AckSample dsack = ack(3000, 0, 2000);
    assertThat(dsack.dsack).isTrue();
    assertThat(dsack.dsackedBelowUna).isEqualTo(2);
    assertThat(dsack.dsackDelivered).as("two duplicates delivered").isEqualTo(2);
    assertThat(counters.dsackRecv).isEqualTo(1);
    assertThat(counters.dsackIgnoredOld + counters.dsackIgnoredNoUndo).isZero();
    assertThat(queue.dsackDups()).as("tcpi_dsack_dups").isEqualTo(2);
  }

  /**
   * A DSACK for what an earlier episode retransmitted, below the current undo marker, proves
   * nothing about this one: tcp_check_dsack does not count it and tcp_is_sackblock_valid drops it
   * as old.
   */
  @Test
  void aDsackBelowTheUndoMarkerIsIgnoredAsOld() {
    retransmit(0, 1000);
    ack(3000);
    undoMarker = 3000;
    AckSample dsack = ack(3000, 0, 2000);
    assertThat(dsack.dsack).isTrue();
    assertThat(dsack.dsackedBelowUna).isZero();
    assertThat(counters.dsackRecv).isEqualTo(1);
    assertThat(counters.dsackIgnoredOld).isEqualTo(1);
  }

  /** After an undo (the marker cleared) a DSACK below snd_una is dropped: TCPDSACKIgnoredNoUndo. */
  @Test
  void aDsackBelowSndUnaWithNoUndoMarkerIsIgnored() {
    retransmit(0);
    ack(3000);
    AckSample dsack = ack(3000, 0, 1000);
    assertThat(dsack.dsackedBelowUna).isZero();
    assertThat(counters.dsackIgnoredNoUndo).isEqualTo(1);
    assertThat(counters.dsackIgnoredOld).isZero();
  }

  /** A copy the network made, never retransmitted: tcp_dsack_seen skips it (5.9 and later). */
  @Test
  void aDsackForDataNeverRetransmittedIsDubious() {
    undoMarker = 0;
    ack(3000);
    AckSample dsack = ack(3000, 0, 1000);
    assertThat(dsack.dsack).isFalse();
    assertThat(dsack.dsackedBelowUna).isZero();
    assertThat(dsack.dsackDelivered).isZero();
    assertThat(counters.dsackRecv).isEqualTo(1);
    assertThat(counters.dsackIgnoredDubious).isEqualTo(1);
    // tcp_dsack_seen adds to tp->dsack_dups before it finds the DSACK dubious.
    assertThat(queue.dsackDups()).isEqualTo(1);
  }

  /** 2.6.37 and 3.16 read every DSACK, and count one duplicate whatever the block covers. */
  @Test
  void olderKernelsReadEveryDsackAsOneDuplicate() {
    queue = new RetransmitQueue(counters, TestRacks.standalone(context, rtt), false);
    for (int i = 0; i < 10; i++) {
      queue.sent(queue.append(1000, false), i * 1000L, false);
    }
    undoMarker = 0;
    ack(3000);
    AckSample dsack = ack(3000, 0, 2000);
    assertThat(dsack.dsack).isTrue();
    assertThat(dsack.dsackedBelowUna).isEqualTo(1);
    assertThat(dsack.dsackDelivered).as("no tp->delivered before 4.9").isZero();
    assertThat(counters.dsackIgnoredDubious).isZero();
    assertThat(queue.dsackDups()).as("no tcpi_dsack_dups then").isEqualTo(-1);
  }

  /**
   * tcp_clean_rtx_queue advances RACK on a cumulatively acknowledged retransmission unless the
   * echoed timestamp proves an earlier copy arrived (tcp_skb_spurious_retrans).
   */
  @ParameterizedTest
  @CsvSource({"5, 15000000", "1, 0"})
  void aRetransmissionAcknowledgedAdvancesRackUnlessTheEchoIsOlder(long echoMs, long rackRttNs) {
    Rack rack = TestRacks.standalone(context, rtt);
    RetransmitQueue q = new RetransmitQueue(counters, rack, true);
    int slot = q.append(1000, false);
    q.sent(slot, 0, false);
    q.markLost(slot);
    q.sent(slot, 5_000_000L, true); // the retransmission: tcp_time_stamp 6
    sample.reset(1000, q.sndUna());
    // An echo of 6 or more answers the retransmission, of 1 the original sent at 0.
    sample.tsEcr = echoMs + 1;
    q.sackTag(List.of(), sample, 20_000_000L, 1000);
    q.cumulativeAck(sample, 20_000_000L);
    assertThat(rack.rttNs()).isEqualTo(rackRttNs);
  }

  @Test
  void aFirstBlockInsideTheSecondIsAnOutOfOrderDsack() {
    undoMarker = 0;
    retransmit(5000);
    ack(0, 4000, 8000);
    AckSample dsack = ack(0, 5000, 6000, 4000, 8000);
    assertThat(dsack.dsack).isTrue();
    assertThat(dsack.newlySacked).isZero();
    assertThat(dsack.dsackedRetransmissions).isEqualTo(1);
    assertThat(counters.dsackOfoRecv).isEqualTo(1);
  }

  @Test
  void facketsComeFromTheHighestSack() {
    ack(0, 2000, 3000, 6000, 8000);
    assertThat(queue.facketsOut()).isEqualTo(8);
    ack(3000, 6000, 8000);
    assertThat(queue.facketsOut()).isEqualTo(5);
  }

  @Test
  void theLostHintCountsTheSackedSegmentsBelowIt() {
    queue.lostHint().advance(5000, 0);
    ack(0, 2000, 3000, 6000, 8000);
    assertThat(queue.lostHint().sackedBelow()).isEqualTo(1); // 2000 below, 6000 and 7000 above
    ack(0, 1000, 3000, 6000, 8000);
    assertThat(queue.lostHint().sackedBelow()).isEqualTo(2);
    ack(2000, 6000, 8000); // releases 0 and the SACKed 1000
    assertThat(queue.lostHint().sackedBelow()).isEqualTo(1);
    ack(3000, 6000, 8000); // releases the SACKed 2000
    assertThat(queue.lostHint().sackedBelow()).isZero();
    queue.lostHint().reset();
    assertThat(queue.lostHint().seq()).isZero();
  }

  @Test
  void retransmissionsGoInSequenceOrderResumingAtTheHint() {
    queue.markLost(queue.slot(5));
    queue.markLost(queue.slot(2));
    int first = queue.nextToRetransmit();
    assertThat(queue.start(first)).isEqualTo(2000);
    queue.sent(first, 30_000, true);
    int second = queue.nextToRetransmit();
    assertThat(queue.start(second)).isEqualTo(5000);
    queue.sent(second, 30_000, true);
    assertThat(queue.nextToRetransmit()).isEqualTo(-1);
    // A loss marked below the hint is found again.
    queue.markLost(queue.slot(1));
    assertThat(queue.start(queue.nextToRetransmit())).isEqualTo(1000);
  }

  @Test
  void anRtoMarksEverythingNotSackedLostAndUndoClearsIt() {
    ack(0, 4000, 6000);
    queue.markLost(queue.slot(0));
    queue.sent(queue.nextToRetransmit(), 30_000, true);
    assertThat(queue.markAllLost(false)).as("a segment was retransmitted").isTrue();
    assertThat(queue.lostOut()).isEqualTo(8);
    assertThat(queue.retransOut()).isZero();
    assertThat(queue.packetsInFlight()).isZero();
    queue.clearLost();
    assertThat(queue.lostOut()).isZero();
    assertThat(queue.packetsInFlight()).isEqualTo(8);
  }

  private List<Long> sendOrder() {
    List<Long> order = new java.util.ArrayList<>();
    for (int slot = queue.firstSent(); slot >= 0; slot = queue.nextSent(slot)) {
      order.add(queue.start(slot));
    }
    return order;
  }

  @Test
  void theSendTimeListMovesARetransmissionToTheTailAndLeavesSackedSegmentsOut() {
    ack(2000, 4000, 6000);
    queue.markLost(queue.slot(0));
    queue.sent(queue.nextToRetransmit(), 30_000, true);
    assertThat(sendOrder()).containsExactly(3000L, 6000L, 7000L, 8000L, 9000L, 2000L);
    // Growing the ring keeps the order under new slot numbers.
    for (int i = 0; i < 100; i++) {
      queue.sent(queue.append(1000, false), 40_000 + i, false);
    }
    assertThat(sendOrder()).hasSize(106).startsWith(3000L, 6000L).contains(2000L, atIndex(5));
    ack(7000);
    assertThat(sendOrder()).startsWith(7000L, 8000L, 9000L, 10000L);
  }

  @Test
  void renoDuplicatesLeaveTheNetworkButOneHoleStays() {
    queue.renoSacked(2);
    assertThat(queue.packetsInFlight()).isEqualTo(8);
    queue.renoSacked(12); // more duplicates than segments: tcp_limit_reno_sacked keeps one hole
    assertThat(queue.packetsInFlight()).isEqualTo(1);
  }

  @Test
  void theRttSampleTimesTheOldestNewlyAckedSegment() {
    assertThat(ack(3000).rttNs).isEqualTo(20_000L); // segment 0, sent at 0
  }

  @Test
  void anAckThatCoversAnyRetransmissionTakesNoRttSample() {
    queue.sent(queue.slot(0), 15_000L, true); // 0 resent; 1 and 2 are originals
    assertThat(ack(3000).rttNs).isEqualTo(-1L);
  }

  /**
   * The skb {@code tcp_xmit_retransmit_queue} would send, whose truesize TCP small queues weighs: a
   * piece of one GSO packet as sent, cut where a SACK block ends inside it and where a
   * retransmission took its head; a segment retransmitted before is an skb of its own.
   */
  @Test
  void aLostSkbIsWhatSacksAndRetransmissionsLeftOfItsGsoPacket() {
    queue = new RetransmitQueue(counters, TestRacks.standalone(context, rtt), true);
    // Two GSO packets: segments 0-5 sent together, then 6-9.
    for (int i = 0; i < 10; i++) {
      int slot = queue.append(1000, false);
      queue.sent(slot, i < 6 ? 0 : 1000L, false);
      if (i == 0 || i == 6) {
        queue.startsSkb(slot);
      }
    }
    for (int i = 0; i < 10; i++) {
      queue.markLost(queue.slot(i));
    }
    assertThat(queue.lostSkbBytes(queue.slot(0))).isEqualTo(6000);
    assertThat(queue.lostSkbBytes(queue.slot(6))).isEqualTo(4000);
    // A SACK of segment 3 cuts the first packet in two (tcp_match_skb_to_sack).
    ack(0, 3000, 4000);
    assertThat(queue.lostSkbBytes(queue.slot(0))).isEqualTo(3000);
    assertThat(queue.lostSkbBytes(queue.slot(4))).isEqualTo(2000);
    // Retransmitting segment 0 leaves segments 1-2 an skb of their own (tcp_fragment).
    queue.sent(queue.slot(0), 5000L, true);
    assertThat(queue.lostSkbBytes(queue.slot(1))).isEqualTo(2000);
    // Lost again, the retransmission goes again alone.
    queue.markLost(queue.slot(0));
    assertThat(queue.lostSkbBytes(queue.slot(0))).isEqualTo(1000);
  }
}
