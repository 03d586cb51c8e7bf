package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Which measurement of an ACK reaches the RTT estimator ({@code tcp_ack_update_rtt}) on each
 * kernel. Each sender's handshake measured 10 ms, so srtt starts at 10 ms and takes 1/8 of each
 * sample; timestamps are on (the MSS is 1448).
 */
class RttSampleTest {
  private static final int MSS = 1448;
  private static final long MS = 1_000_000L;

  private static EndpointHarness sender(String kernel) {
    return new EndpointHarness(
            Map.of(
                "bondsim.kernel", kernel,
                "net.ipv4.tcp_recovery", "0",
                "net.ipv4.tcp_early_retrans", "0"))
        .established(10 * MS);
  }

  private static double srttMs(EndpointHarness h) {
    Matcher m = Pattern.compile(" rtt:([0-9.]+)/").matcher(h.endpoint.describe());
    assertThat(m.find()).isTrue();
    return Double.parseDouble(m.group(1));
  }

  @Test
  void aSackOnlyAckMeasuresTheLowestSegmentItNewlySackedSince315() {
    for (String kernel : new String[] {"6.x", "3.16", "2.6.37"}) {
      EndpointHarness h = sender(kernel);
      long sentAt = h.context.now();
      long echo = TcpClock.ms(h.context);
      h.write(3L * MSS);
      h.advanceTo(sentAt + 5 * MS);
      // Segment 1 SACKed 5 ms after it left: sack_rtt_us on 3.15 and later; 2.6.37 measures
      // nothing on an ACK that does not advance.
      h.ackEchoing(echo, 0, MSS, 2 * MSS);
      assertThat(srttMs(h)).as(kernel).isEqualTo(kernel.equals("2.6.37") ? 10.0 : 9.375);
    }
  }

  @Test
  void twoSixThirtySevenPrefersTheTimestampEchoLaterKernelsTheAcksTiming() {
    for (String kernel : new String[] {"6.x", "3.16", "2.6.37"}) {
      EndpointHarness h = sender(kernel);
      long sentAt = h.context.now();
      h.write(MSS);
      h.advanceTo(sentAt + 5 * MS);
      // The ACK echoes a timestamp 15 ms old (as a peer whose ts_recent lags would): 2.6.37
      // takes the echo; since 3.15 the segment's own 5 ms wins.
      h.ackEchoing(TcpClock.ms(h.context) - 15, MSS);
      assertThat(srttMs(h)).as(kernel).isEqualTo(kernel.equals("2.6.37") ? 10.625 : 9.375);
    }
  }

  private static double minRttMs(EndpointHarness h) {
    Matcher m = Pattern.compile(" minrtt:([0-9.]+)").matcher(h.endpoint.describe());
    assertThat(m.find()).as(h.endpoint.describe()).isTrue();
    return Double.parseDouble(m.group(1));
  }

  @Test
  void theMinimumTakesTheNewestSegmentsRttAndSrttTheOldests() {
    EndpointHarness h = sender("6.x");
    long t0 = h.context.now();
    h.write(MSS);
    h.advanceTo(t0 + 4 * MS);
    h.write(2L * MSS);
    h.advanceTo(t0 + 9 * MS);
    // One ACK for all three, as the ACK that fills a hole does: seq_rtt_us is the first
    // segment's 9 ms, ca_rtt_us (tcp_update_rtt_min's) the last one's 5 ms.
    h.ackEchoing(TcpClock.ms(h.context) - 5, 3L * MSS);
    assertThat(srttMs(h)).isEqualTo(9.875);
    assertThat(minRttMs(h)).isEqualTo(5.0);
  }
}
