package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PacketdrillCommandTest {
  private static final String HANDSHAKE =
      "`../common/defaults.sh`\n"
          + "0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n"
          + "+0 bind(3, ..., ...) = 0\n"
          + "+0 listen(3, 1) = 0\n"
          + "+0 < S 0:0(0) win 32792 <mss 1000,sackOK,nop,nop,nop,wscale 7>\n"
          + "+0 > S. 0:0(0) ack 1 <mss 1460,nop,nop,sackOK,nop,wscale 8>\n"
          + "+.1 < . 1:1(0) ack 1 win 320\n"
          + "+0 accept(3, ..., ...) = 4\n";

  @TempDir Path dir;

  private Path script(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  @Test
  void passFailAndSkipAreReportedPerScriptAndAFailureExitsOne() throws IOException {
    Path pass = script("pass.pkt", HANDSHAKE);
    Path fail =
        script(
            "fail.pkt", HANDSHAKE + "+0 write(4, ..., 1000) = 1000\n+0 > . 1:1001(1000) ack 1\n");
    Path skip = script("skip.pkt", "`tc qdisc add dev tun0 root fq`\n" + HANDSHAKE);
    CliRunner result =
        CliRunner.run("packetdrill", pass.toString(), fail.toString(), skip.toString());
    assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
    assertThat(result.out())
        .isEqualTo(
            "pass  "
                + pass
                + "\nfail  "
                + fail
                + ":10: expected outbound . 1:1001(1000) ack 1 at 0.100 s, got P. 1:1001(1000) ack 1"
                + " win 1049 at 0.100 s\nskip  "
                + skip
                + ":1: shell command tc qdisc add dev tun0 root fq\n"
                + "1 passed, 1 failed, 1 skipped\n");
  }

  @Test
  void jsonHasOneObjectPerScriptAndNoFailureExitsZero() throws IOException {
    Path pass = script("pass.pkt", HANDSHAKE);
    CliRunner result = CliRunner.run("packetdrill", "--json", pass.toString());
    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out().replaceAll("\\s+", ""))
        .isEqualTo(
            "{\"schema_version\":1,\"bondsim_version\":\"0.1.0\",\"command\":[\"packetdrill\","
                + "\"--json\",\""
                + pass
                + "\"],\"results\":[{\"script\":\""
                + pass
                + "\",\"result\":\"pass\",\"line\":null,\"message\":\"\"}]}");
  }

  @Test
  void aMalformedScriptIsAUsageErrorNamingTheFileAndLine() throws IOException {
    Path bad = script("bad.pkt", HANDSHAKE + "+0 > P. 1:1001 ack 1\n");
    CliRunner result = CliRunner.run("packetdrill", bad.toString());
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .isEqualTo("bondsim: " + bad + ":9: expected seq:end(len), got '1:1001'\n");
    assertThat(result.out()).isEmpty();
  }

  @Test
  void aMissingScriptIsAUsageError() {
    CliRunner result = CliRunner.run("packetdrill", dir.resolve("none.pkt").toString());
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .contains("cannot be read (No such file or directory)")
        .doesNotContain("Exception");
  }

  /**
   * A retransmission 27 ms after the SACK, written as 40 ms: 4 ms of tolerance fail it, 14 pass.
   */
  @Test
  void theCommandLineToleranceWidensEveryScriptsTiming() throws IOException {
    Path late =
        script(
            "late.pkt",
            HANDSHAKE
                + "+0 write(4, ..., 4000) = 4000\n"
                + "+0 > P. 1:4001(4000) ack 1\n"
                + "+.1 < . 1:1(0) ack 1 win 320 <sack 3001:4001,nop,nop>\n"
                + "+.040 > . 1:1001(1000) ack 1\n");
    assertThat(CliRunner.run("packetdrill", late.toString()).exitCode()).isEqualTo(1);
    CliRunner wide = CliRunner.run("packetdrill", "--tolerance_usecs=14000", late.toString());
    assertThat(wide.exitCode()).as(wide.out()).isZero();
    Path header = script("header.pkt", "--tolerance_usecs=4000\n" + Files.readString(late));
    assertThat(
            CliRunner.run("packetdrill", "--tolerance_usecs=14000", header.toString()).exitCode())
        .as("the script's own header line wins")
        .isEqualTo(1);
  }

  @Test
  void aToleranceOutOfRangeIsAUsageError() throws IOException {
    Path pass = script("pass.pkt", HANDSHAKE);
    CliRunner zero = CliRunner.run("packetdrill", "--tolerance_usecs=0", pass.toString());
    assertThat(zero.exitCode()).isEqualTo(2);
    assertThat(zero.err()).contains("--tolerance_usecs must be positive, got 0");
    CliRunner percent = CliRunner.run("packetdrill", "--tolerance_percent=120", pass.toString());
    assertThat(percent.exitCode()).isEqualTo(2);
    assertThat(percent.err()).contains("--tolerance_percent must be 0..100, got 120.0");
  }
}
