package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The RTO's entry into the Loss state ({@code tcp_enter_loss}) on each kernel, and RACK's lost
 * retransmission, driven segment by segment: what is marked lost, where cwnd and ssthresh go, and
 * what {@code ss -ti} then shows. Tail loss probes are off so that the RTO is the timer that fires.
 */
class RetransmitTimeoutTest {
  private static final int MSS = 1460; // no timestamps
  private static final long MS = 1_000_000L;

  private static EndpointHarness sender(String kernel, String recovery) {
    Map<String, String> sysctls = new HashMap<>();
    sysctls.put("bondsim.kernel", kernel);
    sysctls.put("net.ipv4.tcp_early_retrans", "0");
    sysctls.put("net.ipv4.tcp_timestamps", "0");
    sysctls.put("net.ipv4.tcp_recovery", recovery);
    if (kernel.equals("2.6.37")) {
      // The plain Loss entry; 2.6.37's F-RTO has its own tests (ClassicFrtoTest).
      sysctls.put("net.ipv4.tcp_frto", "0");
    }
    return new EndpointHarness(sysctls).established();
  }

  /** Steps the clock by a millisecond until the RTO has fired {@code n} times in all. */
  private static void untilTimeouts(EndpointHarness h, int n) {
    long t = h.context.now();
    while (h.counter("TcpExtTCPTimeouts") < n) {
      t += MS;
      assertThat(t).as("RTO number %d by 10 s", n).isLessThan(10_000 * MS);
      h.advanceTo(t);
    }
  }

  private static long field(EndpointHarness h, String name) {
    Matcher m = Pattern.compile(" " + name + ":(\\d+)").matcher(h.endpoint.describe());
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /**
   * 0..3 sent at 0 ms, ACKed to 2 at 100 ms (RACK's RTT becomes 100 ms), 4..7 sent at 100 ms, 8 and
   * 9 at 250 ms; then the first RTO.
   */
  private static EndpointHarness timedOutWithRecentSends(String kernel) {
    EndpointHarness h = sender(kernel, "1");
    h.write(4L * MSS);
    h.advanceTo(100 * MS);
    h.ack(2 * MSS);
    h.write(4L * MSS);
    h.advanceTo(250 * MS);
    h.write(2L * MSS);
    assertThat(h.counter("TcpExtTCPTimeouts")).isZero();
    untilTimeouts(h, 1);
    return h;
  }

  @Test
  void on6xAnRtoSparesWhatWasSentWithinRacksRttAndOpensCwndAtWhatStaysInFlightPlusOne() {
    EndpointHarness h = timedOutWithRecentSends("6.x");
    // The RTO armed at 100 ms for 213 ticks (SRTT 12.5 ms after the handshake's sample of 0, plus
    // the 200 ms floor) expires at tick 313; the timer wheel files so long a wait at its second
    // level, 8 ticks a granule, and runs it on tick 320, 70 ms after 8 and 9 left.
    assertThat(h.context.now()).isEqualTo(320 * MS);
    // tcp_timeout_mark_lost: 2..7 lost, 8 and 9 still in flight; cwnd = 2 + 1, which the head's
    // retransmission fills.
    assertThat(field(h, "unacked")).isEqualTo(8);
    assertThat(field(h, "lost")).isEqualTo(6);
    assertThat(field(h, "cwnd")).isEqualTo(3);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
  }

  @Test
  void on316AnRtoMarksEverySegmentNotSackedLostAndStartsFromOne() {
    // The 6.x scenario above under 3.16's tcp_enter_loss: nothing is spared for RACK (3.16 has
    // none), so 2..9 are all lost, and cwnd is 1, which the head's retransmission fills.
    EndpointHarness h = timedOutWithRecentSends("3.16");
    assertThat(field(h, "unacked")).isEqualTo(8);
    assertThat(field(h, "lost")).isEqualTo(8);
    assertThat(field(h, "cwnd")).isEqualTo(1);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
  }

  @Test
  void on2637AnRtoMarksEverySegmentLostAndStartsFromOne() {
    EndpointHarness h = sender("2.6.37", "1");
    // 2.6.37 opens at 3 segments and, with no RTT sample, fires its first RTO at 3 s.
    h.write(10L * MSS);
    untilTimeouts(h, 1);
    assertThat(h.context.now()).isEqualTo(3_000 * MS);
    assertThat(field(h, "lost")).isEqualTo(field(h, "unacked")).isEqualTo(3);
    assertThat(field(h, "cwnd")).isEqualTo(1);
  }

  @Test
  void anRtoForgetsRenosDuplicateAcks() {
    for (String kernel : new String[] {"6.x", "2.6.37"}) {
      Map<String, String> sysctls = new HashMap<>();
      sysctls.put("bondsim.kernel", kernel);
      sysctls.put("net.ipv4.tcp_sack", "0");
      sysctls.put("net.ipv4.tcp_timestamps", "0");
      sysctls.put("net.ipv4.tcp_early_retrans", "0");
      // tcp_enter_loss itself: 2.6.37's F-RTO keeps the count until it falls back to Loss.
      sysctls.put("net.ipv4.tcp_frto", "0");
      EndpointHarness h = new EndpointHarness(sysctls).established();
      h.write(3L * MSS);
      // Two duplicates of the SYN's ACK (the first also updates the window): Reno's sacked_out.
      h.ack(0);
      h.ack(0);
      h.ack(0);
      assertThat(h.endpoint.socketInfo().sacked()).as(kernel).isEqualTo(2);
      untilTimeouts(h, 1);
      // tcp_reset_reno_sack in tcp_enter_loss (2.6.37) and tcp_timeout_mark_lost (6.x).
      assertThat(h.endpoint.socketInfo().sacked()).as(kernel).isZero();
    }
  }

  @Test
  void ssthreshFallsOncePerWindowOfDataAndAgainAfterProgress() {
    EndpointHarness h = sender("6.x", "0");
    h.write(20L * MSS);
    untilTimeouts(h, 1);
    // CUBIC from cwnd 10.
    assertThat(field(h, "ssthresh")).isEqualTo(7);
    // A second RTO with snd_una where it was: the window's reduction was made already.
    untilTimeouts(h, 2);
    assertThat(field(h, "ssthresh")).isEqualTo(7);
    // The head's retransmission is ACKed (icsk_retransmits back to 0): the next RTO reduces
    // ssthresh again, from the window of 2 the Loss state has grown to.
    h.ack(MSS);
    untilTimeouts(h, 3);
    assertThat(field(h, "ssthresh")).isEqualTo(2);
  }

  @Test
  void anRtoDuringFastRecoveryKeepsTheRecoverysSsthresh() {
    EndpointHarness h = sender("6.x", "0");
    h.write(20L * MSS);
    // Three segments SACKed above 0: fast recovery from cwnd 10 (CUBIC: ssthresh 7).
    h.ack(0, MSS, 4 * MSS);
    assertThat(h.counter("TcpExtTCPSackRecovery")).isEqualTo(1);
    assertThat(field(h, "ssthresh")).isEqualTo(7);
    untilTimeouts(h, 1);
    // snd_una is still below high_seq: tcp_enter_loss leaves ssthresh as recovery set it.
    assertThat(field(h, "ssthresh")).isEqualTo(7);
  }

  @Test
  void rackFindsALostRetransmissionWithoutWaitingForTheRto() {
    EndpointHarness h = sender("6.x", "1");
    h.write(10L * MSS);
    h.advanceTo(10 * MS);
    // Segment 0 missing, 1..9 SACKed 10 ms after they left: RACK marks 0 lost at once (sent
    // before the newest delivered one, an RTT and the window ago) and recovery retransmits it.
    h.ack(0, MSS, 10 * MSS);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(1);
    // New data sent after the retransmission is SACKed 10 ms later while 0 is still missing:
    // the retransmission was lost too.
    h.write(2L * MSS);
    h.advanceTo(20 * MS);
    h.ack(0, MSS, 12 * MSS);
    h.advanceTo(40 * MS);
    assertThat(h.counter("TcpExtTCPLostRetransmit")).isEqualTo(1);
    assertThat(h.counter("TcpRetransSegs")).isEqualTo(2);
    assertThat(h.counter("TcpExtTCPTimeouts")).isZero();
  }

  @Test
  void aProbeDueWithTheRtoTakesItsSlotAndTheAckEndingLossGrowsTheWindow() {
    // As upstream packetdrill's cubic/cubic-rto-ss-ca-cwnd-bump.pkt: one segment out, so the
    // probe's 2 x SRTT + 200 ms is capped at the RTO (213 ms here) and both expire at 313 ms, which
    // the timer wheel's second level runs at 320 (the script's tolerance takes either). Linux has
    // one timer, which tcp_schedule_loss_probe gave to the probe: the probe goes out, and the RTO
    // follows one RTO later, expiring at 533 ms and run at 536.
    Map<String, String> sysctls = new HashMap<>();
    sysctls.put("net.ipv4.tcp_timestamps", "0");
    EndpointHarness h = new EndpointHarness(sysctls).established();
    h.write(MSS);
    h.advanceTo(100 * MS);
    h.ack(MSS);
    h.write(MSS);
    h.advanceTo(319 * MS);
    assertThat(h.counter("TcpExtTCPLossProbes")).isZero();
    h.advanceTo(320 * MS);
    assertThat(h.counter("TcpExtTCPLossProbes")).isEqualTo(1);
    assertThat(h.counter("TcpExtTCPTimeouts")).isZero();
    untilTimeouts(h, 1);
    assertThat(h.context.now()).isEqualTo(536 * MS);
    assertThat(field(h, "cwnd")).isEqualTo(1);
    // The ACK of the retransmission ends Loss and, Loss not being a reduction state, slow start
    // grows the window on it (tcp_cong_avoid after tcp_process_loss).
    h.advanceTo(636 * MS);
    h.ack(2 * MSS);
    assertThat(field(h, "cwnd")).isEqualTo(2);
    assertThat(field(h, "ssthresh")).isEqualTo(7);
  }

  @Test
  void prrSendsItsExtraSegmentWhenThisAckMarkedNothingLostThoughEarlierLossesRemain() {
    // As upstream packetdrill's fast_recovery/prr-ss-ack-below-snd_una-cubic.pkt (RTT 10 ms):
    // segments 0, 4 and 7 lost, 0 retransmitted. At 12 ms the ACK to 4 marks nothing new lost
    // while 7 stays marked: with the pipe below ssthresh tcp_cwnd_reduction sends what was
    // delivered plus one, as the ACK moved snd_una and newly_lost is 0 -- three segments.
    Map<String, String> sysctls = new HashMap<>();
    sysctls.put("net.ipv4.tcp_timestamps", "0");
    EndpointHarness h = new EndpointHarness(sysctls).established(10 * MS);
    h.write(10L * MSS);
    h.advanceTo(20 * MS);
    h.ack(0, MSS, 2 * MSS);
    h.ack(0, MSS, 3 * MSS);
    h.ack(0, MSS, 3 * MSS, 8 * MSS, 9 * MSS);
    assertThat(h.dataSequencesSince(0)).endsWith(0L);
    int mark = h.packetsSent();
    h.advanceTo(32 * MS);
    h.ack(4 * MSS, 8 * MSS, 9 * MSS);
    assertThat(h.dataSequencesSince(mark)).containsExactly(4L * MSS, 5L * MSS, 6L * MSS);
  }

  @Test
  void theTimeoutResendsTheHeadEvenWhenSmallQueuesHoldEverythingElse() {
    Map<String, String> sysctls = new HashMap<>();
    sysctls.put("net.ipv4.tcp_early_retrans", "0");
    sysctls.put("net.ipv4.tcp_timestamps", "0");
    sysctls.put("net.ipv4.tcp_limit_output_bytes", "1");
    EndpointHarness h = new EndpointHarness(sysctls).established(10 * MS);
    h.write(4L * MSS);
    // The NIC now holds what it is given, and nothing is ACKed: TCP small queues are full.
    h.holdTx(true);
    h.write(2L * MSS);
    int mark = h.packetsSent();
    h.advanceTo(h.context.now() + 2000 * MS);
    // tcp_retransmit_timer sends the head through tcp_retransmit_skb, which no queue limit stops.
    assertThat(h.counter("TcpExtTCPTimeouts")).isPositive();
    assertThat(h.dataSequencesSince(mark)).startsWith(0L);
  }
}
