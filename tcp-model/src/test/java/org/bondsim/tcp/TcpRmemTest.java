package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** net.ipv4.tcp_rmem: the receive buffer's start and cap, and the window scale a SYN offers. */
class TcpRmemTest {
  private static TcpSettings settings(Map<String, String> sysctls) {
    return TcpSettings.of(new ManualContext(1500, sysctls));
  }

  @Test
  void theKernelsValuesUnlessSet() {
    TcpSettings linux6 = settings(Map.of());
    assertThat(linux6.rmemDefault()).isEqualTo(131_072);
    assertThat(linux6.rmemMax()).isEqualTo(6_291_456);
    // ilog2(6 MB) - 15 = 7, as tcp_select_initial_window computes it.
    assertThat(linux6.windowScale()).isEqualTo(7);
  }

  @Test
  void packetdrillsDefaultsGiveWindowScaleEight() {
    TcpSettings set = settings(Map.of("net.ipv4.tcp_rmem", "4096 540000 15728640"));
    assertThat(set.rmemDefault()).isEqualTo(540_000);
    assertThat(set.windowScale()).isEqualTo(8);
    assertThat(settings(Map.of("net.ipv4.tcp_rmem", "4096 16384 65535")).windowScale()).isZero();
  }

  @Test
  void aValueThatIsNotThreeIncreasingCountsIsRefusedByName() {
    assertThatThrownBy(() -> settings(Map.of("net.ipv4.tcp_rmem", "4096 100")))
        .hasMessage(
            "net.ipv4.tcp_rmem must be three byte counts MIN DEFAULT MAX in increasing order, got"
                + " 4096 100");
    assertThatThrownBy(() -> settings(Map.of("net.ipv4.tcp_rmem", "4096 9000 8000")))
        .hasMessageContaining("increasing order");
  }
}
