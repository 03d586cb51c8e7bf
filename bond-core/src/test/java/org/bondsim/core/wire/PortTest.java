package org.bondsim.core.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.DropReason;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.stack.PacketOwner;
import org.bondsim.api.tcp.TcpSegment;
import org.bondsim.core.engine.EventLoop;
import org.junit.jupiter.api.Test;

class PortTest {
  /** A UDP frame from 10.0.0.1 to 10.0.0.2, for this package's tests. */
  static final Frame UDP =
      new Frame(
          new EthernetHeader(
              MacAddress.parse("02:00:00:00:00:01"),
              MacAddress.parse("02:00:00:00:00:02"),
              EthernetHeader.NO_VLAN,
              EtherType.IPV4),
          Ipv4Header.of(
              Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.0.2"), IpProtocol.UDP),
          new UdpHeader(1, 2));

  private final EventLoop loop = new EventLoop();
  private final SlaveStats stats = new SlaveStats();
  private final List<long[]> arrivals = new ArrayList<>();

  private EthernetLink link(long mbps, long delayNs, int txqueuelen) {
    EthernetLink link =
        new EthernetLink(
            loop, LinkSpec.ethernet(mbps, delayNs, 1500), txqueuelen, stats, new SlaveStats());
    link.forward()
        .connect((slave, p) -> arrivals.add(new long[] {loop.now(), p.flowSequence()}), 0);
    return link;
  }

  private static Packet packet(long seq, int payload) {
    return new Packet(UDP, payload, null, 0, seq, 0, null, 0);
  }

  @Test
  void fullSizeFrameTakes12304NsAt1GbitThenTheDelay() {
    EthernetLink link = link(1000, 20_000, 1000);
    // 1472 + 8 + 20 + 14 + 4 = 1518 bytes, + 20 preamble/IFG = 1538 bytes = 12304 bits.
    link.forward().enqueue(packet(0, 1472), true);
    link.forward().enqueue(packet(1, 1472), true);
    loop.runUntil(1_000_000);
    assertThat(arrivals).hasSize(2);
    assertThat(arrivals.get(0)[0]).isEqualTo(12_304 + 20_000);
    assertThat(arrivals.get(1)[0]).isEqualTo(2 * 12_304 + 20_000);
    assertThat(stats.txPackets()).isEqualTo(2);
    // tx_bytes counts skb->len as ip -s link shows it: the frame without the FCS.
    assertThat(stats.txBytes()).isEqualTo(2 * 1514);
  }

  @Test
  void fractionalNanosecondsAreCarriedSoLongRunsDoNotDrift() {
    // 64-byte frames at 3 Mbit/s: 84 bytes = 672 bits = 224000 ns exactly; at 7 Mbit/s 96000 ns.
    // At 999 Mbit/s 672 bits take 672.672672... ns: 1000 frames must take 672672 ns, not 672000.
    EthernetLink link = link(999, 0, 2000);
    for (int i = 0; i < 1000; i++) {
      link.forward().enqueue(packet(i, 18), true);
    }
    loop.runUntil(10_000_000);
    assertThat(arrivals.get(999)[0]).isEqualTo(672_672);
  }

  @Test
  void fullQueueDropsAndCarrierLossFlushesEverything() {
    EthernetLink link = link(1000, 1_000_000, 2);
    for (int i = 0; i < 5; i++) {
      link.forward().enqueue(packet(i, 1472), true);
    }
    // One being sent, two queued, two dropped.
    assertThat(stats.drops(DropReason.TX_QUEUE_FULL)).isEqualTo(2);
    loop.runUntil(30_000);
    link.setCarrier(false);
    link.forward().enqueue(packet(5, 1472), true);
    loop.runUntil(10_000_000);
    assertThat(arrivals).isEmpty();
    assertThat(stats.drops(DropReason.CARRIER_DOWN)).isEqualTo(1);
    Port port = link.forward();
    assertThat(port.handed()).isEqualTo(port.delivered() + port.dropped() + port.inFlight());
    assertThat(port.inFlight()).isZero();
  }

  private static final Frame TCP =
      new Frame(
          UDP.ethernet(),
          Ipv4Header.of(
              Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.0.2"), IpProtocol.TCP),
          new TcpHeader(1, 2));

  /** A TSO/GSO skb of {@code segments} full segments of 1448 bytes, at sequence {@code seq}. */
  private static Packet superPacket(long seq, int segments, PacketOwner owner) {
    TcpSegment tcp = new TcpSegment(seq, 1, TcpSegment.ACK, 65535, 12, List.of(), 0, 0);
    return new Packet(TCP, 1448 * segments, tcp, 0, seq / 1448, 0, owner, 1, 1448);
  }

  /**
   * txqueuelen counts skbs, as Linux's qdisc does: a super-packet takes one place however many
   * segments it makes, is cut when dequeued, and its owner hears of it once, at its last segment.
   */
  @Test
  void aSuperPacketTakesOneQdiscPlaceAndLeavesAsItsSegments() {
    EthernetLink link = link(1000, 0, 2);
    Port port = link.forward();
    List<Packet> done = new ArrayList<>();
    List<Packet> lost = new ArrayList<>();
    PacketOwner owner =
        new PacketOwner() {
          @Override
          public void onTxDone(Packet packet) {
            done.add(packet);
          }

          @Override
          public void onDropped(Packet packet) {
            lost.add(packet);
          }
        };
    for (int i = 0; i < 4; i++) {
      port.enqueue(superPacket(i * 10L * 1448, 10, owner), true);
    }
    // One on the serialiser, two queued (not 2 segments), the fourth dropped whole.
    assertThat(port.queued()).isEqualTo(2);
    assertThat(stats.drops(DropReason.TX_QUEUE_FULL)).isEqualTo(1);
    assertThat(lost).hasSize(1);
    assertThat(port.dropped()).isEqualTo(10);
    assertThat(port.handed()).isEqualTo(port.delivered() + port.dropped() + port.inFlight());
    loop.runUntil(10_000_000);
    assertThat(arrivals).hasSize(30);
    for (int i = 0; i < 30; i++) {
      assertThat(arrivals.get(i)[1]).isEqualTo(i);
    }
    assertThat(stats.txPackets()).isEqualTo(30);
    assertThat(done).hasSize(3);
    assertThat(port.handed()).isEqualTo(port.delivered() + port.dropped() + port.inFlight());
  }

  /** A capture sees what dev_queue_xmit_nit sees: the TSO skb whole, or GSO's segments. */
  @Test
  void aCaptureHoldsTheSuperPacketUnderTsoAndTheSegmentsUnderGso() {
    for (boolean tso : new boolean[] {true, false}) {
      EthernetLink link = link(1000, 0, 10);
      Port port = link.forward();
      List<Integer> captured = new ArrayList<>();
      port.tap((at, packet) -> captured.add(packet.segments()));
      port.hardwareSegmentation(tso);
      port.enqueue(superPacket(0, 4, null), true);
      port.enqueue(packet(100, 100), true);
      loop.runUntil(loop.now() + 10_000_000);
      assertThat(captured).isEqualTo(tso ? List.of(4, 1) : List.of(1, 1, 1, 1, 1));
    }
  }

  @Test
  void aTbfLetsAnIdleBurstGoAtOnceThenHoldsABackloggedQueueToItsRate() {
    // A veth-fast link (100 Gbit/s: 123 ns a frame) behind tbf rate 20 Mbit/s burst 3200: a
    // 1538-byte frame is worth 615 200 ns of tokens; the full bucket (1 280 000 ns) lets two go at
    // once, then each waits for its own tokens, as sch_tbf's watchdog does.
    EthernetLink link = link(100_000, 1_000_000, 1000);
    link.forward().shape(20_000_000L, 3200);
    link.forward().extraDelay(500_000);
    for (int i = 0; i < 4; i++) {
      link.forward().enqueue(packet(i, 1472), true);
    }
    loop.runUntil(100_000_000);
    assertThat(arrivals).hasSize(4);
    long serialise = 123; // 12304 bits at 100 Gbit/s, rounded down
    long delay = 1_500_000;
    assertThat(arrivals.get(0)[0]).isEqualTo(serialise + delay);
    assertThat(arrivals.get(1)[0]).isEqualTo(2 * serialise + delay);
    // Tokens left after two: 1 280 000 - 2 x 615 200 = 49 600 ns; the third needs 565 600 more.
    assertThat(arrivals.get(2)[0]).isEqualTo(565_600 + serialise + delay);
    assertThat(arrivals.get(3)[0] - arrivals.get(2)[0]).isEqualTo(615_200);
  }

  /**
   * tbf takes a GSO packet whole while it fits the bucket (max_size: burst 3200 less overhead 24),
   * and cuts a longer one into its segments at enqueue (tbf_segment), each with a charge of its
   * own, where the tokens alone would hold it for ever.
   */
  @Test
  void aTbfTakesATwoSegmentGsoPacketWholeAndCutsALongerOne() {
    EthernetLink link = link(100_000, 0, 1000);
    Port port = link.forward();
    port.shape(20_000_000L, 3200);
    // TSO, so that the capture shows what the qdisc handed the driver: whole or cut.
    port.hardwareSegmentation(true);
    List<Integer> captured = new ArrayList<>();
    port.tap((at, packet) -> captured.add(packet.segments()));
    List<Long> charges = new ArrayList<>();
    PacketOwner owner =
        new PacketOwner() {
          @Override
          public void onTxDone(Packet packet) {
            charges.add((long) packet.truesize());
          }

          @Override
          public void onSegmented(Packet packet, int delta) {
            charges.add((long) delta);
          }
        };
    // 2 x 1514 = 3028 bytes to the qdisc: under 3176, one skb with 3076 bytes of tokens.
    port.enqueue(superPacket(0, 2, owner), true);
    loop.runUntil(loop.now() + 100_000_000);
    assertThat(arrivals).hasSize(2);
    assertThat(captured).containsExactly(2);
    // 3 x 1514 = 4542: cut into three, which go as their tokens come.
    port.enqueue(superPacket(2 * 1448, 3, owner), true);
    loop.runUntil(loop.now() + 100_000_000);
    assertThat(arrivals).hasSize(5);
    assertThat(captured).containsExactly(2, 1, 1, 1);
    for (int i = 0; i < 5; i++) {
      assertThat(arrivals.get(i)[1]).isEqualTo(i);
    }
    // The second packet's owner heard of the cut, then of each segment's own completion.
    assertThat(charges).hasSize(5);
    assertThat(port.handed()).isEqualTo(port.delivered() + port.dropped() + port.inFlight());
  }

  @Test
  void aBucketThatStartsEmptyHoldsTheFirstFrameForItsTokens() {
    EthernetLink link = link(100_000, 0, 1000);
    link.forward().shape(20_000_000L, 3200, 0);
    link.forward().enqueue(packet(0, 1472), true);
    loop.runUntil(100_000_000);
    // 1538 bytes at 20 Mbit/s: 615 200 ns of tokens before it may go.
    assertThat(arrivals.get(0)[0]).isEqualTo(615_200 + 123);
  }

  @Test
  void aFastOscillatorSendsTheSameBitsSoonerAndAnIdlePortWaitsForItsOctetEdge() {
    // 1 Gbit/s: an octet every 8 ns. Phase 0.5 puts the edges at 4, 12, 20, ... ns.
    EthernetLink link = link(1000, 0, 1000);
    link.forward().clock(100_000, 0.5); // +100 ppm
    link.forward().enqueue(packet(0, 1472), true);
    link.forward().enqueue(packet(1, 1472), true);
    loop.runUntil(1_000_000);
    // 12 304 ns nominal, 1.2304 ns less at +100 ppm (the fraction carried), after the 4 ns edge.
    assertThat(arrivals.get(0)[0]).isEqualTo(4 + 12_304 - 1);
    assertThat(arrivals.get(1)[0]).isEqualTo(4 + 2 * 12_304 - 2);
  }

  @Test
  void framesHandedToTwoIdlePortsTogetherArriveInTheOrderTheirClocksDecide() {
    EthernetLink first = link(1000, 20_000, 1000);
    EthernetLink second = link(1000, 20_000, 1000);
    // Locked: an exact tie, served in the order the frames were handed over.
    first.forward().enqueue(packet(0, 1472), true);
    second.forward().enqueue(packet(1, 1472), true);
    loop.runUntil(1_000_000);
    assertThat(arrivals.get(0)[0]).isEqualTo(arrivals.get(1)[0]);
    assertThat(arrivals.get(0)[1]).isZero();
    arrivals.clear();
    // Free-running: the second port's edge comes first, so its frame overtakes.
    first.forward().clock(0, 0.75);
    second.forward().clock(0, 0.25);
    long start = loop.now() + 8 - loop.now() % 8;
    loop.runUntil(start);
    first.forward().enqueue(packet(2, 1472), true);
    second.forward().enqueue(packet(3, 1472), true);
    loop.runUntil(start + 1_000_000);
    assertThat(arrivals.get(0)[1]).isEqualTo(3);
    assertThat(arrivals.get(1)[0] - arrivals.get(0)[0]).isEqualTo(4);
  }
}
