package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** PRR's and rate-halving's sending budget, ACK by ACK, from cwnd 20 to ssthresh 10. */
class WindowReductionTest {
  private static CongestionWindow window(String kernel) {
    CongestionWindow window =
        TestWindows.of(new ManualContext(1500, Map.of("bondsim.kernel", kernel)));
    window.cwnd = 20;
    window.ssthresh = 10;
    return window;
  }

  @Test
  void prrSendsSsthreshOverPriorCwndOfWhatIsDeliveredWhileThePipeIsAboveSsthresh() {
    CongestionWindow window = window("6.x");
    Prr prr = new Prr(false);
    prr.start(20);
    StringBuilder budgets = new StringBuilder();
    for (int ack = 0; ack < 10; ack++) {
      prr.onAck(1, false, 19, 1, window);
      budgets.append(prr.sendBudget);
      while (prr.maySend()) {
        prr.sent();
      }
    }
    // RFC 6937: one segment for every two delivered (10/20).
    assertThat(budgets).hasToString("1010101010");
    assertThat(prr.sent).isEqualTo(5);
  }

  @Test
  void prrSlowStartsBackToSsthreshOnceThePipeIsBelowIt() {
    CongestionWindow window = window("6.x");
    Prr prr = new Prr(false);
    prr.start(20);
    prr.onAck(1, false, 19, 1, window);
    prr.sent();
    // Pipe 5 of ssthresh 10: at most ssthresh - pipe, at least what was delivered, +1 on a clean
    // cumulative ACK.
    prr.onAck(1, true, 5, 0, window);
    assertThat(prr.sendBudget).isEqualTo(2);
    assertThat(window.cwnd).isEqualTo(7);
  }

  @Test
  void prrLetsTheFirstRetransmissionGoEvenWithNothingDelivered() {
    CongestionWindow window = window("6.x");
    Prr prr = new Prr(false);
    prr.start(20);
    prr.onAck(0, false, 19, 1, window);
    assertThat(prr.sendBudget).isEqualTo(1);
  }

  @Test
  void rateHalvingTakesOneOffCwndEverySecondDeliveringAck() {
    CongestionWindow window = window("2.6.37");
    RateHalving halving = new RateHalving();
    halving.start(20);
    StringBuilder cwnds = new StringBuilder();
    for (int ack = 0; ack < 6; ack++) {
      halving.onAck(1, false, 19, 1, window);
      cwnds.append(window.cwnd).append(' ');
    }
    assertThat(cwnds).hasToString("20 19 19 18 18 17 ");
    // and never more than in flight plus one
    halving.onAck(1, false, 5, 1, window);
    assertThat(window.cwnd).isEqualTo(6);
    assertThat(halving.sendBudget).isEqualTo(1);
  }

  @Test
  void linux316PrrBelowSsthreshAddsOneOnEveryAck() {
    // in_flight 5 below ssthresh: max(prr_delivered - prr_out, newly_acked_sacked) + 1, even on a
    // SACK that marked a loss (4.x adds the one only on a cumulative ACK marking nothing).
    CongestionWindow window = window("3.16");
    window.ssthresh = 10;
    Prr prr = new Prr(true);
    prr.start(20);
    prr.sent = 1;
    prr.onAck(1, false, 5, 1, window);
    assertThat(prr.sendBudget).isEqualTo(2);
    Prr later = new Prr(false);
    later.start(20);
    later.sent = 1;
    later.onAck(1, false, 5, 1, window);
    assertThat(later.sendBudget).isEqualTo(1);
    assertThat(WindowReduction.of(KernelProfile.LINUX_3_16)).isInstanceOf(Prr.class);
  }
}
