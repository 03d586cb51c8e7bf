package org.bondsim.cli.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class AxisTest {
  @Test
  void listsRangesAndColonListsAreRead() {
    assertThat(Axis.parse("net.ipv4.tcp_reordering=3,10,30,127").values())
        .containsExactly("3", "10", "30", "127");
    assertThat(Axis.parse("bond.packets_per_slave=1..4").values())
        .containsExactly("1", "2", "3", "4");
    assertThat(Axis.parse("delay-us=20,25,30:20,60,100").values())
        .containsExactly("20,25,30", "20,60,100");
  }

  @Test
  void eachKindOfNameLandsWhereAUserWouldTypeIt() {
    List<String> base =
        List.of("-t", "TCP_STREAM", "--bond", "mode balance-rr miimon 100", "--", "-m", "1472");
    assertThat(NetperfArgs.with(base, Axis.parse("slaves=3x1000").target(), "3x1000"))
        .containsExactly(
            "-t",
            "TCP_STREAM",
            "--bond",
            "mode balance-rr miimon 100",
            "--slaves",
            "3x1000",
            "--",
            "-m",
            "1472");
    assertThat(NetperfArgs.with(base, Axis.parse("bond.miimon=50").target(), "50"))
        .contains("mode balance-rr miimon 50");
    assertThat(NetperfArgs.with(base, Axis.parse("bond.packets_per_slave=2").target(), "2"))
        .contains("mode balance-rr miimon 100 packets_per_slave 2");
    assertThat(NetperfArgs.with(base, Axis.parse("test.m=64").target(), "64"))
        .endsWith("--", "-m", "64");
    assertThat(NetperfArgs.with(base, Axis.parse("t=TCP_RR").target(), "TCP_RR"))
        .startsWith("--bond", "mode balance-rr miimon 100", "-t", "TCP_RR");
    assertThat(
            NetperfArgs.with(
                List.of("--sysctl", "net.ipv4.tcp_reordering=3", "--sysctl", "bondsim.hz=100"),
                Axis.parse("net.ipv4.tcp_reordering=10").target(),
                "10"))
        .containsExactly("--sysctl", "bondsim.hz=100", "--sysctl", "net.ipv4.tcp_reordering=10");
    assertThat(NetperfArgs.with(List.of("-l10", "-t", "TCP_RR"), Axis.parse("l=1").target(), "1"))
        .containsExactly("-t", "TCP_RR", "-l", "1");
  }

  @Test
  void badAxesAreRefusedNamingTheAxisAndValue() {
    assertThatThrownBy(() -> Axis.parse("no-such-option=1,2"))
        .hasMessageStartingWith(
            "--vary no-such-option: bondsim netperf has no option --no-such-option");
    assertThatThrownBy(() -> Axis.parse("slaves="))
        .hasMessageStartingWith("--vary slaves: an empty value");
    assertThatThrownBy(() -> Axis.parse("streams=4..1"))
        .hasMessage("--vary streams: the range 4..1 has no values; allowed: A..B, A <= B");
    assertThatThrownBy(() -> Axis.parse("slaves"))
        .hasMessageStartingWith("--vary must be NAME=VALUES");
    assertThatThrownBy(() -> Axis.parse("json=1")).hasMessageContaining("takes no value");
    Grid grid =
        Grid.builder()
            .netperf("-t", "TCP_STREAM", "-l", "1")
            .vary(Axis.parse("slaves=2x1000,2xfast"))
            .build();
    assertThatThrownBy(grid::validate).hasMessageStartingWith("--vary slaves=2xfast: --slaves");
    Grid bond =
        Grid.builder()
            .netperf("-t", "TCP_STREAM", "-l", "1")
            .vary(Axis.parse("bond.packets_per_slave=1,-3"))
            .build();
    assertThatThrownBy(bond::validate).hasMessageStartingWith("--vary bond.packets_per_slave=-3: ");
  }
}
