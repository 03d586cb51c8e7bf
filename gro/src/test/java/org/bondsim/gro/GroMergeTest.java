package org.bondsim.gro;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;
import org.junit.jupiter.api.Test;

class GroMergeTest {
  private static final Frame FLOW =
      new Frame(
          new EthernetHeader(
              MacAddress.parse("02:00:00:00:00:01"),
              MacAddress.parse("02:00:00:00:00:02"),
              EthernetHeader.NO_VLAN,
              EtherType.IPV4),
          Ipv4Header.of(
              Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.0.2"), IpProtocol.TCP),
          new TcpHeader(40000, 5001));

  private static Packet segment(long seq, int flags) {
    return new Packet(
        FLOW,
        1448,
        new TcpSegment(seq, 1, flags, 65535, 12, List.of(), 7, 3),
        0,
        seq / 1448,
        0,
        null,
        0);
  }

  private final List<Packet> up = new ArrayList<>();

  @Test
  void contiguousSegmentsBecomeOneAggregateAtTheEndOfThePoll() {
    ReceiveOffload gro = new GroProvider().create(KernelVersion.LINUX_6);
    for (int i = 0; i < 10; i++) {
      gro.receive(segment(i * 1448L, TcpSegment.ACK), 0, (p, k) -> up.add(p));
    }
    assertThat(up).isEmpty();
    gro.complete(0, (p, k) -> up.add(p));
    assertThat(up).singleElement().satisfies(p -> assertThat(p.payloadBytes()).isEqualTo(14480));
  }

  @Test
  void aGapCompletesTheHeldPacketAndTheNewSegmentStartsAnother() {
    // Reference §2.5: GRO only appends; the late segment goes up after the run that passed it.
    ReceiveOffload gro = new GroProvider().create(KernelVersion.LINUX_6);
    gro.receive(segment(0, TcpSegment.ACK), 0, (p, k) -> up.add(p));
    gro.receive(segment(1448, TcpSegment.ACK), 0, (p, k) -> up.add(p));
    gro.receive(segment(4344, TcpSegment.ACK), 0, (p, k) -> up.add(p));
    gro.receive(segment(2896, TcpSegment.ACK), 0, (p, k) -> up.add(p));
    gro.complete(0, (p, k) -> up.add(p));
    assertThat(up).extracting(p -> p.tcp().sequence()).containsExactly(0L, 4344L, 2896L);
  }

  @Test
  void pshFlushesAndSixtyFourKilobytesIsTheCeiling() {
    ReceiveOffload gro = new GroProvider().create(KernelVersion.LINUX_6);
    gro.receive(segment(0, TcpSegment.ACK), 0, (p, k) -> up.add(p));
    gro.receive(segment(1448, TcpSegment.ACK | TcpSegment.PSH), 0, (p, k) -> up.add(p));
    assertThat(up).singleElement().satisfies(p -> assertThat(p.tcp().has(TcpSegment.PSH)).isTrue());
    up.clear();
    for (int i = 0; i < 60; i++) {
      gro.receive(segment(10_000_000L + i * 1448L, TcpSegment.ACK), 0, (p, k) -> up.add(p));
    }
    gro.complete(0, (p, k) -> up.add(p));
    // 45 segments of 1448 bytes fit under 65536 with the headers; the 46th starts a new packet.
    assertThat(up).extracting(Packet::payloadBytes).containsExactly(45 * 1448, 15 * 1448);
  }

  @Test
  void linux2637MergesLinearFramesUpTo64Kb() {
    // e1000e builds linear skbs at the standard MTU; skb_gro_receive chains them on frag_list,
    // bounded by 64 KB only (45 segments of 1448 bytes), not by MAX_SKB_FRAGS.
    ReceiveOffload gro = new GroProvider().create(KernelVersion.LINUX_2_6_37);
    for (int i = 0; i < 50; i++) {
      gro.receive(segment(i * 1448L, TcpSegment.ACK), 0, (p, k) -> up.add(p));
    }
    gro.complete(0, (p, k) -> up.add(p));
    assertThat(up).extracting(Packet::payloadBytes).containsExactly(45 * 1448, 5 * 1448);
  }

  @Test
  void linux2637StopsJumboFramesAtEighteenPageFragments() {
    // Jumbo frames arrive in pages (packet split): 8948 bytes take three 4 KB pages, and
    // MAX_SKB_FRAGS (18) pages hold six frames.
    ReceiveOffload gro = new GroProvider().create(KernelVersion.LINUX_2_6_37);
    for (int i = 0; i < 8; i++) {
      long seq = i * 8948L;
      gro.receive(
          new Packet(
              FLOW,
              8948,
              new TcpSegment(seq, 1, TcpSegment.ACK, 65535, 12, List.of(), 7, 3),
              0,
              i,
              0,
              null,
              0),
          0,
          (p, k) -> up.add(p));
    }
    gro.complete(0, (p, k) -> up.add(p));
    assertThat(up).extracting(Packet::payloadBytes).containsExactly(6 * 8948, 2 * 8948);
  }

  /** One segment of flow {@code port} (a distinct source port per flow). */
  private static Packet flowSegment(int port, long seq) {
    Frame flow = new Frame(FLOW.ethernet(), FLOW.ip(), new TcpHeader(port, 5001));
    return new Packet(
        flow,
        1448,
        new TcpSegment(seq, 1, TcpSegment.ACK, 65535, 12, List.of(), 7, 3),
        0,
        0,
        0,
        null,
        0);
  }

  @Test
  void linux316PushesTheOldestFlowUpWhenItsOneListIsFull() {
    // dev_gro_receive in 3.16: MAX_GRO_SKBS (8) on one list; a ninth flow evicts the oldest.
    for (KernelVersion kernel : List.of(KernelVersion.LINUX_3_16, KernelVersion.LINUX_2_6_37)) {
      up.clear();
      ReceiveOffload gro = new GroProvider().create(kernel);
      for (int flow = 0; flow < 9; flow++) {
        gro.receive(flowSegment(40000 + flow, 0), 0, (p, k) -> up.add(p));
      }
      if (kernel == KernelVersion.LINUX_3_16) {
        assertThat(up).singleElement().satisfies(p -> assertThat(sourcePort(p)).isEqualTo(40000));
      } else {
        // 2.6.37 sends the newcomer up unheld.
        assertThat(up).singleElement().satisfies(p -> assertThat(sourcePort(p)).isEqualTo(40008));
      }
    }
  }

  @Test
  void linux316FlushesOldestFirstAndOnAPollThatUsedItsWeight() {
    ReceiveOffload gro = new GroProvider().create(KernelVersion.LINUX_3_16);
    gro.receive(flowSegment(40000, 0), 0, (p, k) -> up.add(p));
    gro.receive(flowSegment(40001, 0), 2_000_000L, (p, k) -> up.add(p));
    // napi_gro_flush(n, HZ >= 1000) at 2.5 ms: only what was held since an earlier tick goes up.
    gro.pollExhausted(2_500_000L, (p, k) -> up.add(p));
    assertThat(up).extracting(GroMergeTest::sourcePort).containsExactly(40000);
    gro.receive(flowSegment(40002, 0), 3_000_000L, (p, k) -> up.add(p));
    gro.complete(3_000_000L, (p, k) -> up.add(p));
    assertThat(up).extracting(GroMergeTest::sourcePort).containsExactly(40000, 40001, 40002);
  }

  private static int sourcePort(Packet packet) {
    return ((TcpHeader) packet.frame().transport()).sourcePort();
  }
}
