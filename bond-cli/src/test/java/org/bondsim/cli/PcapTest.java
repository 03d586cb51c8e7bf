package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --pcap}: captures a pcap reader takes, with a frame per frame the slave table counts, the
 * reordering balance-rr makes visible, and no effect on the run.
 */
class PcapTest {
  private static final String[] RUN = {
    "netperf",
    "-t",
    "TCP_STREAM",
    "-l",
    "0.2",
    "--bond",
    "mode balance-rr",
    "--slaves",
    "3x1000",
    "--delay-us",
    "20,200,400"
  };

  /** One captured TCP segment: source address, sequence number, payload length. */
  private record Segment(int source, long sequence, int payload, long atNs) {}

  /** A small pcap reader: the nanosecond format, Ethernet, IPv4, TCP. */
  private static List<Segment> read(Path file) throws IOException {
    ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(in.getInt()).as("nanosecond pcap magic").isEqualTo(0xa1b23c4d);
    in.position(20);
    assertThat(in.getInt()).as("link type Ethernet").isEqualTo(1);
    List<Segment> segments = new ArrayList<>();
    while (in.remaining() >= 16) {
      long atNs = (in.getInt() & 0xFFFFFFFFL) * 1_000_000_000L + in.getInt();
      int saved = in.getInt();
      in.getInt();
      ByteBuffer frame = in.slice().limit(saved).order(ByteOrder.BIG_ENDIAN);
      in.position(in.position() + saved);
      if (frame.getShort(12) != 0x0800) {
        continue;
      }
      int ihl = (frame.get(14) & 0x0F) * 4;
      int total = frame.getShort(16) & 0xFFFF;
      int tcp = 14 + ihl;
      int offset = ((frame.get(tcp + 12) & 0xFF) >> 4) * 4;
      segments.add(
          new Segment(
              frame.getInt(26), frame.getInt(tcp + 4) & 0xFFFFFFFFL, total - ihl - offset, atNs));
    }
    return segments;
  }

  @Test
  void eachSlavesCaptureHoldsTheFramesTheSlaveTableCountsAndTheReordering(@TempDir Path dir)
      throws Exception {
    List<String> args = new ArrayList<>(List.of(RUN));
    args.addAll(List.of("--json", "--pcap", dir.toString()));
    JsonNode captured = CliRunner.json(args.toArray(String[]::new));
    List<String> plain = new ArrayList<>(List.of(RUN));
    plain.add("--json");
    JsonNode without = CliRunner.json(plain.toArray(String[]::new));
    // The runs differ only in their command lines.
    ((com.fasterxml.jackson.databind.node.ObjectNode) captured).remove("command");
    ((com.fasterxml.jackson.databind.node.ObjectNode) without).remove("command");
    assertThat(captured).as("a capture changes nothing in the run").isEqualTo(without);

    int sender = 0x0A000001;
    for (int i = 0; i < 3; i++) {
      JsonNode slave = captured.get("slaves").get(i);
      long sent =
          read(dir.resolve("local-eth" + i + ".pcap")).stream()
              .filter(s -> s.source() == sender)
              .count();
      long received =
          read(dir.resolve("remote-eth" + i + ".pcap")).stream()
              .filter(s -> s.source() == sender)
              .count();
      // Captured when handed to the driver, counted when sent: the frame still being serialised
      // when the run ends is in the capture and not yet in tx_packets, as on Linux.
      assertThat(sent - slave.get("tx_packets").asLong()).isBetween(0L, 1L);
      assertThat(received).isEqualTo(slave.get("rx_packets").asLong());
    }
    // What TCP analysis calls out-of-order: data below the highest sequence seen before it.
    long highest = -1;
    long outOfOrder = 0;
    long data = 0;
    long lastNs = 0;
    for (Segment s : read(dir.resolve("remote-bond0.pcap"))) {
      assertThat(s.atNs()).isGreaterThanOrEqualTo(lastNs);
      lastNs = s.atNs();
      if (s.source() != sender || s.payload() == 0) {
        continue;
      }
      data++;
      long end = (s.sequence() + s.payload()) & 0xFFFFFFFFL;
      if (highest >= 0 && end <= highest) {
        outOfOrder++;
      }
      highest = Math.max(highest, end);
    }
    assertThat(data).isPositive();
    assertThat((double) outOfOrder / data)
        .isCloseTo(captured.get("reordering").get("reordered_ratio").asDouble(), within(0.01));
    assertThat(Files.exists(dir.resolve("local-bond0.pcap"))).isTrue();
  }

  private static org.assertj.core.data.Offset<Double> within(double offset) {
    return org.assertj.core.data.Offset.offset(offset);
  }

  /**
   * Every saved frame of a capture whose EtherType is {@code type}, from the Ethernet header on.
   */
  private static List<ByteBuffer> framesOfType(Path file, int type) throws IOException {
    ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
    in.position(24);
    List<ByteBuffer> frames = new ArrayList<>();
    while (in.remaining() >= 16) {
      in.position(in.position() + 8);
      int saved = in.getInt();
      in.getInt();
      ByteBuffer frame = in.slice().limit(saved).order(ByteOrder.BIG_ENDIAN);
      in.position(in.position() + saved);
      if ((frame.getShort(12) & 0xFFFF) == type) {
        frames.add(frame);
      }
    }
    return frames;
  }

  /** Half a second of a slow UDP stream through the switch, captured into {@code into}. */
  private static void capture(Path into, String bond) {
    CliRunner run =
        CliRunner.run(
            "netperf",
            "-t",
            "UDP_STREAM",
            "-l",
            "0.5",
            "--topology",
            "switch",
            "--slaves",
            "2x1000",
            "--rate-mbps",
            "10",
            "--bond",
            bond,
            "--pcap",
            into.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
  }

  // What tcpdump shows as "Request who-has 10.0.0.2 tell 10.0.0.1" and "LACPv1, length 110".
  @Test
  void arpProbesAndLacpdusAreCapturedWhole(@TempDir Path dir) throws Exception {
    capture(dir.resolve("arp"), "mode active-backup arp_interval 100 arp_ip_target 10.0.0.2");
    List<ByteBuffer> arps = framesOfType(dir.resolve("arp").resolve("local-eth0.pcap"), 0x0806);
    // The pre-test's request and reply, then one request and one reply per monitor run.
    assertThat(arps.size()).isGreaterThanOrEqualTo(8);
    ByteBuffer request = arps.get(arps.size() - 2);
    assertThat(request.limit()).isEqualTo(14 + 28);
    assertThat(request.getShort(14)).as("hardware type Ethernet").isEqualTo((short) 1);
    assertThat(request.getShort(16)).as("protocol IPv4").isEqualTo((short) 0x0800);
    assertThat(request.getShort(20)).as("opcode request").isEqualTo((short) 1);
    assertThat(request.getInt(28)).as("sender 10.0.0.1").isEqualTo(0x0a000001);
    assertThat(request.getInt(38)).as("target 10.0.0.2").isEqualTo(0x0a000002);
    assertThat(arps.get(arps.size() - 1).getShort(20)).as("opcode reply").isEqualTo((short) 2);

    capture(dir.resolve("lacp"), "mode 802.3ad lacp_rate fast");
    List<ByteBuffer> pdus = framesOfType(dir.resolve("lacp").resolve("local-eth1.pcap"), 0x8809);
    assertThat(pdus).isNotEmpty();
    ByteBuffer pdu = pdus.get(pdus.size() - 1);
    assertThat(pdu.limit()).isEqualTo(14 + 110);
    assertThat(pdu.get(14)).as("subtype LACP").isEqualTo((byte) 1);
    assertThat(pdu.get(16)).as("actor TLV").isEqualTo((byte) 1);
    assertThat(pdu.get(17)).as("actor TLV length").isEqualTo((byte) 20);
    assertThat(pdu.get(36)).as("partner TLV").isEqualTo((byte) 2);
    assertThat(pdu.get(56)).as("collector TLV").isEqualTo((byte) 3);
    assertThat(pdu.get(72)).as("terminator TLV").isEqualTo((byte) 0);
  }

  /**
   * As tcpdump writes them: every file in time order (capinfos' "strict time order"), though the
   * interfaces receive while they send, GSO segments included; a SYN's acknowledgment field 0.
   */
  @Test
  void everyCaptureIsInTimeOrderAndASynCarriesNoAcknowledgment(@TempDir Path dir) throws Exception {
    List<String> args = new ArrayList<>(List.of(RUN));
    args.addAll(List.of("--sender", "gso on", "--pcap", dir.toString(), "--", "-m", "65536"));
    CliRunner run = CliRunner.run(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    List<Path> files;
    try (java.util.stream.Stream<Path> list = Files.list(dir)) {
      files = list.sorted().toList();
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(8);
    for (Path file : files) {
      ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
      in.position(24);
      long last = Long.MIN_VALUE;
      while (in.remaining() >= 16) {
        long atNs = (in.getInt() & 0xFFFFFFFFL) * 1_000_000_000L + in.getInt();
        int saved = in.getInt();
        in.getInt();
        ByteBuffer frame = in.slice().limit(saved).order(ByteOrder.BIG_ENDIAN);
        in.position(in.position() + saved);
        assertThat(atNs).as(file.getFileName() + " in time order").isGreaterThanOrEqualTo(last);
        last = atNs;
        if (frame.getShort(12) == 0x0800) {
          int tcp = 14 + (frame.get(14) & 0x0F) * 4;
          boolean ack = (frame.get(tcp + 13) & 0x10) != 0;
          if (!ack) {
            assertThat(frame.getInt(tcp + 8)).as("acknowledgment field, ACK clear").isZero();
          }
        }
      }
    }
  }

  /** Timestamps count from the date --pcap-start gives, as a capture made then would. */
  @Test
  void capturesCountFromTheDateTheyAreGiven(@TempDir Path dir) throws Exception {
    List<String> args = new ArrayList<>(List.of(RUN));
    args.addAll(List.of("--pcap", dir.toString(), "--pcap-start", "2026-12-05T09:00:00Z"));
    CliRunner run = CliRunner.run(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    long origin = java.time.Instant.parse("2026-12-05T09:00:00Z").getEpochSecond();
    List<Segment> segments = read(dir.resolve("local-eth0.pcap"));
    assertThat(segments.get(0).atNs() / 1_000_000_000L).isBetween(origin, origin + 1);
    CliRunner alone = CliRunner.run("netperf", "-l", "0.1", "--pcap-start", "2026-12-05T09:00:00Z");
    assertThat(alone.exitCode()).isEqualTo(2);
    assertThat(alone.err()).isEqualTo("bondsim: --pcap-start needs --pcap DIR\n");
    args.set(args.size() - 1, "yesterday");
    CliRunner bad = CliRunner.run(args.toArray(String[]::new));
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).startsWith("bondsim: --pcap-start must be an ISO 8601 instant");
  }
}
