package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bondsim.api.option.OptionException;
import org.junit.jupiter.api.Test;

/** An entry of the per-destination TCP metrics as iproute2 prints it and a user pastes it. */
class TcpMetricsTest {
  @Test
  void aLineAsIpTcpMetricsShowPrintsItIsReadWhole() {
    TcpMetrics entry =
        TcpMetrics.parse(
            "192.168.1.2 age 12.345sec ssthresh 40 cwnd 80 reordering 127 rtt 2100us rttvar"
                + " 1050us source 192.168.1.1");
    assertThat(entry).isEqualTo(new TcpMetrics(2100, 1050, 40, 80, 127));
  }

  @Test
  void theRouteCacheWordsAndMillisecondsAreReadToo() {
    // 2.6.37: ip route show cache prints the same metrics after the route's own words.
    assertThat(TcpMetrics.parse("10.0.0.2 from 10.0.0.1 dev bond0 cache rtt 2.5ms reordering 9"))
        .isEqualTo(new TcpMetrics(2500, 0, 0, 0, 9));
  }

  @Test
  void whatIsShownReadsBackToTheSameEntry() {
    TcpMetrics entry = new TcpMetrics(1846, 923, 23, 35, 8);
    String line = entry.show("10.0.0.2", "10.0.0.1");
    assertThat(line)
        .isEqualTo(
            "10.0.0.2 age 0.000sec ssthresh 23 cwnd 35 reordering 8 rtt 1846us rttvar 923us"
                + " source 10.0.0.1");
    assertThat(TcpMetrics.parse(line)).isEqualTo(entry);
  }

  @Test
  void flushIsTheEmptyEntryAndAnEmptyEntryShowsNothing() {
    assertThat(TcpMetrics.parse(" flush ")).isEqualTo(TcpMetrics.NONE);
    assertThat(TcpMetrics.NONE.show("10.0.0.2", "10.0.0.1")).isEmpty();
  }

  @Test
  void anUnknownWordOrAMissingValueIsRefusedNamingTheOption() {
    assertThatThrownBy(() -> TcpMetrics.parse("rtt 2ms fo_mss 1460"))
        .isInstanceOf(OptionException.class)
        .hasMessageStartingWith("--tcp-metrics must be an entry as 'ip tcp_metrics show'")
        .hasMessageEndingWith("got 'rtt 2ms fo_mss 1460'");
    assertThatThrownBy(() -> TcpMetrics.parse("reordering")).isInstanceOf(OptionException.class);
    assertThatThrownBy(() -> TcpMetrics.parse("rtt 2")).isInstanceOf(OptionException.class);
    assertThatThrownBy(() -> TcpMetrics.parse("10.0.0.2 age 1.000sec"))
        .isInstanceOf(OptionException.class);
  }

  @Test
  void aNegativeValueIsRefusedAtConstruction() {
    assertThatThrownBy(() -> new TcpMetrics(0, 0, -1, 0, 0))
        .hasMessage("ssthresh must be at least 0, got -1");
  }
}
