package org.bondsim.packetdrill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bondsim.api.tcp.TcpSegment;
import org.junit.jupiter.api.Test;

class ScriptParserTest {
  @Test
  void readsTimesPacketsCallsBlocksAndCommands() {
    Script script =
        ScriptParser.parse(
            "t.pkt",
            "--tolerance_usecs=10000\n"
                + "`sysctl -q net.ipv4.tcp_sack=1`\n"
                + "0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3 // a comment\n"
                + "/* a block\n comment */\n"
                + "+.1~+.2 < S. 0:0(0) ack 1 win 100 <mss 1460,sackOK,TS val 5 ecr 0,nop,wscale 7>\n"
                + "* > P. 1:1001(1000) ack 1 <nop,nop,sack 2001:3001 4001:5001>\n"
                + "1.5 %{ assert tcpi_snd_cwnd == 10 }%\n");
    assertThat(script.options()).containsEntry("tolerance_usecs", "10000");
    assertThat(script.steps()).hasSize(5);
    assertThat(script.steps().get(1)).isInstanceOf(Step.SyscallLine.class);
    assertThat(script.steps().get(1).line()).isEqualTo(3);
    Step.PacketLine syn = (Step.PacketLine) script.steps().get(2);
    assertThat(syn.line()).isEqualTo(6);
    assertThat(syn.when()).isEqualTo(new When(When.Kind.RELATIVE_RANGE, 100_000, 200_000));
    assertThat(syn.flags()).isEqualTo(TcpSegment.SYN | TcpSegment.ACK);
    assertThat(syn.window()).isEqualTo(100);
    assertThat(Wire.render(syn.options()))
        .isEqualTo("<mss 1460,sackOK,TS val 5 ecr 0,nop,wscale 7>");
    Step.PacketLine data = (Step.PacketLine) script.steps().get(3);
    assertThat(data.when().kind()).isEqualTo(When.Kind.ANY);
    assertThat(Wire.render(data.options())).isEqualTo("<nop,nop,sack 2001:3001 4001:5001>");
    assertThat(script.steps().get(4).when())
        .isEqualTo(new When(When.Kind.ABSOLUTE, 1_500_000, 1_500_000));
  }

  @Test
  void validPacketdrillTheInterpreterDoesNotTakeSkipsWithTheConstructAndLine() {
    ScriptResult fastOpen =
        Packetdrill.run(
            "fo.pkt",
            "0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n+0 < S 0:0(0) win 100 <FO>\n",
            "6.x");
    assertThat(fastOpen)
        .isEqualTo(
            new ScriptResult(
                "fo.pkt",
                ScriptResult.Outcome.SKIP,
                2,
                "TCP option FO (the interpreter knows mss, sackOK, nop, eol, wscale, sack, TS)"));
    ScriptResult blocking =
        Packetdrill.run("b.pkt", "\n+0...0.040 write(4, ..., 10) = 10\n", "6.x");
    assertThat(blocking.result()).isEqualTo(ScriptResult.Outcome.SKIP);
    assertThat(blocking.line()).isEqualTo(2);
    assertThat(blocking.message()).contains("blocking system call");
    ScriptResult ecn = Packetdrill.run("e.pkt", "+0 < [ect0] S 0:0(0) win 100\n", "6.x");
    assertThat(ecn.message()).isEqualTo("an IP ECN codepoint [ect0] (ECN is not modelled)");
  }

  @Test
  void aMalformedLineNamesTheFileTheLineAndWhatWasExpected() {
    assertThatThrownBy(
            () -> ScriptParser.parse("bad.pkt", "0 socket(...) = 3\n+0 > P. 1:1001 ack 1\n"))
        .isInstanceOf(ScriptSyntaxException.class)
        .hasMessage("bad.pkt:2: expected seq:end(len), got '1:1001'");
    assertThatThrownBy(() -> ScriptParser.parse("bad.pkt", "+0 < . 1:1(0) ack 1 win 5 <mss x>"))
        .hasMessage("bad.pkt:1: expected an MSS, got 'x'");
    assertThatThrownBy(() -> ScriptParser.parse("bad.pkt", "\n\n+0 ? what"))
        .hasMessageStartingWith("bad.pkt:3: expected a packet (< or >), a system call");
    assertThatThrownBy(() -> ScriptParser.parse("bad.pkt", "+0 < . 1:3(1)"))
        .hasMessage("bad.pkt:1: seq:end(len) must have end - seq = len, got 1:3(1)");
  }
}
