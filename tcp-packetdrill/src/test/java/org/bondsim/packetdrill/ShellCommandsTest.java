package org.bondsim.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShellCommandsTest {
  @Test
  void defaultsShAndSysctlLinesSetTheModelsSysctls() {
    Map<String, String> sysctls = new HashMap<>();
    ShellCommands.apply(
        "../common/defaults.sh\nsysctl -q net.ipv4.tcp_recovery=0 net/ipv4/tcp_reordering=5\n"
            + "../common/set_sysctls.py /proc/sys/net/ipv4/tcp_dsack=0",
        sysctls);
    assertThat(sysctls)
        .containsEntry("net.ipv4.tcp_rmem", "4096 540000 15728640")
        .containsEntry("net.ipv4.tcp_recovery", "0")
        .containsEntry("net.ipv4.tcp_reordering", "5")
        .containsEntry("net.ipv4.tcp_dsack", "0")
        .containsEntry("net.ipv4.tcp_early_retrans", "4")
        .doesNotContainKey("net.ipv4.tcp_fastopen");
  }

  @Test
  void whatTheModelCannotFollowSkipsWithTheReason() {
    Map<String, String> sysctls = new HashMap<>();
    assertThatThrownBy(() -> ShellCommands.apply("tc qdisc replace dev tun0 root fq", sysctls))
        .isInstanceOf(Unsupported.class)
        .hasMessage("shell command tc qdisc replace dev tun0 root fq");
    assertThatThrownBy(() -> ShellCommands.apply("sysctl -q net.ipv4.tcp_ecn=1", sysctls))
        .hasMessage("sysctl net.ipv4.tcp_ecn=1 (the model behaves as net.ipv4.tcp_ecn=0)");
    assertThatThrownBy(() -> ShellCommands.apply("sysctl -q net.ipv4.tcp_mtu_probing=1", sysctls))
        .hasMessage("sysctl net.ipv4.tcp_mtu_probing (not modelled)");
  }
}
