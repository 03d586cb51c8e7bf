package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class XmitHashCommandTest {
  private static final String HEADER =
      "policy,src_mac,dst_mac,vlan,ethertype,src_ip,dst_ip,ip_proto,src_port,dst_port,icmp_id,frag";

  @Test
  void oneFramePrintsTheHashInDecimalAndHexAndTheSlave() {
    CliRunner result =
        CliRunner.run(
            "xmit-hash",
            "--policy",
            "layer3+4",
            "--slaves",
            "4",
            "--src-mac",
            "00:11:22:33:44:55",
            "--dst-mac",
            "66:77:88:99:aa:bb",
            "--src-ip",
            "10.0.0.1",
            "--dst-ip",
            "10.0.0.2",
            "--proto",
            "tcp",
            "--sport",
            "40000",
            "--dport",
            "80");
    assertThat(result.exitCode()).as(result.err()).isZero();
    // Worked in XmitHashVectorsTest: 0x29a989c7 = 698976711, odd and divisible by 3; % 4 = 3.
    assertThat(result.out()).contains("hash_u32 698976711 (0x29a989c7)").contains("slave 3 of 4");
  }

  @Test
  void csvRowsComeBackWithHashAndSlave(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("frames.csv");
    Files.writeString(
        csv,
        HEADER
            + "\n"
            + "layer3+4,00:11:22:33:44:55,66:77:88:99:aa:bb,,0x0800,10.0.0.1,10.0.0.2,6,40000,80,,none\n"
            + "layer2,00:11:22:33:44:55,66:77:88:99:aa:bb,100,,10.0.0.1,10.0.0.2,17,1,2,,\n"
            + "layer3+4,00:11:22:33:44:55,66:77:88:99:aa:bb,,0x0806,,,,,,,\n"
            + "layer3+4,00:11:22:33:44:55,66:77:88:99:aa:bb,100,0x8100,10.0.0.1,10.0.0.2,6,1,2,,\n");
    CliRunner result = CliRunner.run("xmit-hash", "--input", csv.toString(), "--slaves", "3");
    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out().lines())
        .containsExactly(
            HEADER + ",hash_u32,slave",
            "layer3+4,00:11:22:33:44:55,66:77:88:99:aa:bb,,0x0800,10.0.0.1,10.0.0.2,6,40000,80,,none,698976711,0",
            // 0x08ee = 2286 = 3 * 762.
            "layer2,00:11:22:33:44:55,66:77:88:99:aa:bb,100,,10.0.0.1,10.0.0.2,17,1,2,,,2286,0",
            // ARP: 0xbb ^ 0x55 ^ 0x0806 = 0x08e8 = 2280 = 3 * 760.
            "layer3+4,00:11:22:33:44:55,66:77:88:99:aa:bb,,0x0806,,,,,,,,2280,0",
            // An in-line tag: 0xbb ^ 0x55 ^ 0x8100 = 0x81ee = 33262 = 3 * 11087 + 1.
            "layer3+4,00:11:22:33:44:55,66:77:88:99:aa:bb,100,0x8100,10.0.0.1,10.0.0.2,6,1,2,,,33262,1");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "layer3+4,00:11:22:33:44:55,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.999,6,1,2,,|line 2, column dst_ip",
        "layer3+4,00:11:22:33:44:55,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.2,6,1,99999,,|line 2, column dst_port",
        "layer9,00:11:22:33:44:55,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.2,6,1,2,,|line 2, column policy",
        "layer2,00:11:22:33:44:5g,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.2,6,1,2,,|line 2, column src_mac",
        "layer2,00:11:22:33:44:55,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.2,6,1,2,,sideways|line 2, column frag",
        "layer2,00:11:22:33:44:55,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.2,6,1|line 2: 9 columns, the header has 12",
      })
  void aMalformedRowNamesItsLineAndColumn(String row, String expected, @TempDir Path dir)
      throws IOException {
    Path csv = dir.resolve("bad.csv");
    Files.writeString(csv, HEADER + "\n" + row + "\n");
    CliRunner result = CliRunner.run("xmit-hash", "--input", csv.toString(), "--slaves", "2");
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(expected).doesNotContain("Exception");
    assertThat(result.err().lines().count()).isEqualTo(1);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--src-mac|00:11:22:33:44|--src-mac must be a MAC address",
        "--src-ip|10.0.0.256|--src-ip must be",
        "--sport|70000|--sport must be 0..65535, got '70000'",
        "--policy|layer5|xmit_hash_policy must be one of",
        "--formula|2.4|--formula must be one of",
        "--frag|some|--frag must be one of none, first, later",
      })
  void badInputExitsTwoNamingTheField(String option, String value, String message) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("--slaves", "2");
    options.put("--src-ip", "10.0.0.1");
    options.put("--dst-ip", "10.0.0.2");
    options.put("--proto", "tcp");
    options.put("--sport", "1");
    options.put("--dport", "2");
    options.put(option, value);
    List<String> args = new ArrayList<>(List.of("xmit-hash"));
    options.forEach(
        (name, text) -> {
          args.add(name);
          args.add(text);
        });
    CliRunner result = CliRunner.run(args.toArray(new String[0]));
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message).doesNotContain("Exception");
    assertThat(result.err().lines().count()).isEqualTo(1);
  }

  @Test
  void spreadCountsFlowsPerSlaveWithChiSquare() {
    CliRunner result =
        CliRunner.run(
            "xmit-hash", "--spread", "--slaves", "4", "--flows", "4000", "--policy", "layer3+4");
    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).contains("chi-square").contains("3 degrees of freedom");
    // Fixed MACs under layer2: every flow between the two hosts takes one slave.
    CliRunner layer2 =
        CliRunner.run(
            "xmit-hash",
            "--spread",
            "--slaves",
            "3",
            "--flows",
            "300",
            "--policy",
            "layer2",
            "--src-mac",
            "00:11:22:33:44:55",
            "--dst-mac",
            "66:77:88:99:aa:bb");
    assertThat(layer2.out()).containsPattern("\\n\\d\\s+300\\s+100\\.00%");
    assertThat(
            CliRunner.run(
                    "xmit-hash",
                    "--spread",
                    "--slaves",
                    "4",
                    "--flows",
                    "4000",
                    "--policy",
                    "layer3+4")
                .out())
        .isEqualTo(result.out());
  }

  @Test
  void balanceXorSpreadsStreamsOverSlavesWithoutReordering() throws Exception {
    CliRunner result =
        CliRunner.run(
            "netperf",
            "-l",
            "0.5",
            "--bond",
            "mode balance-xor xmit_hash_policy layer3+4",
            "--slaves",
            "4x1000",
            "--streams",
            "8",
            "--json",
            "--",
            "-m",
            "1472");
    assertThat(result.exitCode()).as(result.err()).isZero();
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(result.out());
    int flows = 0;
    for (var slave : json.get("slaves")) {
      flows += slave.get("flows").asInt();
    }
    assertThat(flows).isEqualTo(8);
    assertThat(json.at("/reordering/reordered").asLong()).isZero();
  }
}
