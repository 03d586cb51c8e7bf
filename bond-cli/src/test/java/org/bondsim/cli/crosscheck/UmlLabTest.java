package org.bondsim.cli.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the lab asks of its host before it boots, and what it tells the guest's script. */
class UmlLabTest {
  @Test
  void aCaptureWithoutTcpdumpOnTheHostNamesTheInstallLine(@TempDir Path dir) throws Exception {
    Path absent = dir.resolve("tcpdump");
    assertThat(UmlLab.missingCapture(List.of(absent)))
        .isEqualTo(
            "crosscheck --pcap-dir needs tcpdump on this host, to copy into the guest: apt-get"
                + " install -y tcpdump");
    Files.writeString(absent, "#!/bin/sh\n");
    // A file that cannot run is not a tcpdump either.
    assertThat(UmlLab.missingCapture(List.of(absent))).isNotNull();
    Files.setPosixFilePermissions(absent, PosixFilePermissions.fromString("rwxr-xr-x"));
    assertThat(UmlLab.missingCapture(List.of(dir.resolve("none"), absent))).isNull();
  }

  @Test
  void theGuestsScriptCapturesOnlyWhenAsked() throws Exception {
    String lab;
    try (var in = UmlLab.class.getResourceAsStream("/org/bondsim/cli/crosscheck/lab.sh")) {
      lab = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    // tcpdump starts inside the CAPTURE guard and before the transfer's CPU time is read.
    int guard = lab.indexOf("if [ \"${CAPTURE:-0}\" = 1 ]; then");
    int tcpdump = lab.indexOf("/bin/tcpdump");
    assertThat(guard).isPositive();
    assertThat(tcpdump).isGreaterThan(guard);
    assertThat(tcpdump).isLessThan(lab.indexOf("read -r cpu_before"));
    assertThat(Set.of("snd-bond0.pcap", "rcv-bond0.pcap")).allMatch(lab::contains);
  }

  /**
   * A pulled cable lands at its time from the test's start: the events go to the guest in whole
   * milliseconds, which {@code stream events}, started before the transfer, counts from sender 0's
   * connect and hands to one long-lived ip rather than a fork and exec each (0.2 s in the guest).
   */
  @Test
  void linkEventsAreMillisecondsFromTheConnectCarriedOutByOneIp() throws Exception {
    LabScenario scenario =
        new LabScenario(
            List.of(new LabScenario.LabLink(20_000, 2000), new LabScenario.LabLink(20_000, 3000)),
            "active-backup",
            "miimon 100",
            java.util.Map.of(),
            1,
            10,
            65536,
            List.of(new LabScenario.LabEvent(3, false, 0), new LabScenario.LabEvent(6.25, true, 0)),
            1500,
            1000,
            false,
            false);
    assertThat(UmlLab.params(scenario)).contains("EVENTS=\"3000 down 0;6250 up 0\"\n");
    String lab = resource("lab.sh");
    int events = lab.indexOf("/bin/stream events /out/send0.txt \"$EVENTS\"");
    assertThat(events).isPositive().isLessThan(lab.indexOf("mark transfer"));
    assertThat(lab.substring(events))
        .startsWith(
            "/bin/stream events /out/send0.txt \"$EVENTS\" 2> /out/events.txt |\n"
                + "    /bin/ip -n mid -force -b -");
    assertThat(resource("stream.c"))
        .contains("\"connected_ms=%lld\\n\"")
        .contains("clock_nanosleep(CLOCK_BOOTTIME, TIMER_ABSTIME");
  }

  /**
   * tbf's bucket holds two full frames: 3200 bytes at MTU 1500; at MTU 9000 two 9038-byte frames,
   * without which 6.1's tbf would drop every frame and bondsim's would hold them for ever.
   */
  @Test
  void theBurstHoldsTwoFullFramesAtAnyMtu() {
    assertThat(LabScenario.burstBytes(1500)).isEqualTo(3200);
    assertThat(LabScenario.burstBytes(576)).isEqualTo(3200);
    assertThat(LabScenario.burstBytes(9000)).isEqualTo(18_076);
    var scenario = netperf("-t TCP_STREAM -l 1 --slaves 2x20 --mtu 9000");
    // The guest's tbf and bondsim's side of the comparison alike.
    assertThat(UmlLab.params(LabScenario.from(scenario))).contains("BURST=18076\n");
    assertThat(LabScenario.labLinks(scenario))
        .allMatch(link -> link.shaping().burstBytes() == 18_076);
  }

  /** A slave a bond option names is the guest's slave of that number on each side. */
  @Test
  void aPrimarySlaveIsNamedAsEachGuestBondNamesIt() {
    LabScenario lab =
        LabScenario.from(
            netperf(
                "-t TCP_STREAM -l 1 --slaves 2x20",
                "--bond",
                "mode active-backup miimon 100 primary eth1"));
    assertThat(UmlLab.params(lab))
        .contains("BOND_OPTS_SND=\"miimon 100 primary s1\"\n")
        .contains("BOND_OPTS_RCV=\"miimon 100 primary r1\"\n");
  }

  /**
   * --netem goes to the netem that already delays each direction after the frame left its host: its
   * delay added to the lab's, its jitter, loss and duplication as tc writes them. bondsim's side
   * keeps the same impairment on the same links.
   */
  @Test
  void netemImpairsBothDirectionsOfEachLinkInTheGuest() {
    var scenario =
        netperf(
            "-t TCP_STREAM -l 1 --slaves 2x20 --delay-us 1000,2000",
            "--netem",
            "delay 100us 20us loss 0.5% duplicate 0.05%");
    String params = UmlLab.params(LabScenario.from(scenario));
    // 1000 us, a 1538-byte frame at 20 Mbit/s (615 us) and netem's 100 us.
    assertThat(params)
        .contains("FORWARD_NETEM_0=\"delay 1715us 20us loss 0.5% duplicate 0.05%\"\n")
        // The ACK direction: 1000 us, a 90-byte ACK (36 us), 100 us.
        .contains("BACKWARD_NETEM_0=\"delay 1136us 20us loss 0.5% duplicate 0.05%\"\n")
        .contains("FORWARD_NETEM_1=\"delay 2715us 20us loss 0.5% duplicate 0.05%\"\n");
    assertThat(LabScenario.labLinks(scenario))
        .allMatch(link -> link.netem().lossProbability() == 0.005);
    // Without --netem the guest's netem only delays.
    assertThat(
            UmlLab.params(
                LabScenario.from(netperf("-t TCP_STREAM -l 1 --slaves 1x20 --delay-us 2000"))))
        .contains("FORWARD_NETEM_0=\"delay 2615us\"\n");
  }

  /** netem in the guest takes whole microseconds; a finer delay is refused, naming it. */
  @Test
  void aNetemDelayFinerThanAMicrosecondIsRefused() {
    var scenario = netperf("-t TCP_STREAM -l 1 --slaves 1x20", "--netem", "delay 1500ns");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> LabScenario.from(scenario))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "crosscheck gives the guest's netem whole microseconds: --netem delay and jitter must"
                + " be multiples of 1us, got 1500 ns and 0 ns");
  }

  /** The guest sleeps from one event to the next, so they go to it earliest first. */
  @Test
  void linkEventsGoToTheGuestInTimeOrder() {
    LabScenario lab =
        LabScenario.from(
            netperf(
                "-t TCP_STREAM -l 10 --slaves 2x20 --recover eth0@6s --fail eth0@3s",
                "--bond",
                "mode active-backup miimon 100"));
    assertThat(UmlLab.params(lab)).contains("EVENTS=\"3000 down 0;6000 up 0\"\n");
  }

  /** 802.3ad: the transfer waits until both bonds' LACP lets every slave collect and distribute. */
  @Test
  void an8023adBondSettlesBeforeTheTransfer() throws Exception {
    String lab = resource("lab.sh");
    int wait = lab.indexOf("if [ \"$MODE\" = 802.3ad ]; then");
    assertThat(wait).isPositive().isLessThan(lab.indexOf("mark transfer"));
    assertThat(lab.substring(wait)).contains("/proc/net/bonding/bond0").contains("port state:");
  }

  /**
   * A netperf line's scenario: words split at spaces, then each quoted argument as one word (an
   * option's value with spaces, as {@code --bond "mode active-backup miimon 100"}).
   */
  private static org.bondsim.core.scenario.Scenario netperf(String words, String... quoted) {
    List<String> args = new java.util.ArrayList<>(List.of(words.split(" ")));
    args.addAll(List.of(quoted));
    return org.bondsim.cli.NetperfLine.scenario(args);
  }

  private static String resource(String name) throws java.io.IOException {
    try (var in = UmlLab.class.getResourceAsStream("/org/bondsim/cli/crosscheck/" + name)) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  @Test
  void theModelsOffloadsBecome61sEthtoolCommandsOnTheRightDevice() {
    java.util.function.BiFunction<Boolean, Boolean, List<String>> commands =
        (gso, tso) ->
            new LabScenario(
                    List.of(
                        new LabScenario.LabLink(20_000, 1000),
                        new LabScenario.LabLink(20_000, 2000)),
                    "balance-rr",
                    "",
                    java.util.Map.of(),
                    1,
                    10,
                    65536,
                    List.of(),
                    1500,
                    1000,
                    gso,
                    tso)
                .senderEthtool();
    // The default: bond0 without TSO cuts TCP's GSO packets before balance-rr picks a slave.
    assertThat(commands.apply(false, false)).containsExactly("-K bond0 tso off gso off");
    // Whole super-packets to a slave: 6.1's bond0 keeps TSO whatever its slaves have, so it is
    // the slaves' tso that goes off, and each veth cuts as a NIC's TSO would, frame by frame.
    assertThat(commands.apply(true, false)).containsExactly("-K s0 tso off", "-K s1 tso off");
    assertThat(commands.apply(false, true)).isEqualTo(commands.apply(true, false));
  }
}
