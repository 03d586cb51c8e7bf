package com.example.offload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
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

/** Hand-made segments: what LRO merged that GRO would not. */
class LroLikeTest {
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

  private static Packet segment(long seq, long ack, long tsVal, int index) {
    return new Packet(
        FLOW,
        1448,
        new TcpSegment(seq, ack, TcpSegment.ACK, 500, 12, List.of(), tsVal, 7),
        0,
        index,
        0,
        null,
        0);
  }

  @Test
  void segmentsWithNewerAcksAndTimestampsMergeAndTheAggregateCarriesTheNewest() {
    LroLike lro = new LroLike();
    List<Packet> up = new ArrayList<>();
    List<Integer> counts = new ArrayList<>();
    // GRO pushes up at each of these: the ACK number and TSval change between segments.
    lro.receive(segment(0, 100, 5, 0), 0, (p, k) -> {});
    lro.receive(segment(1448, 200, 6, 1), 0, (p, k) -> {});
    lro.receive(segment(2896, 300, 6, 2), 0, (p, k) -> {});
    assertThat(lro.heldFrames()).isEqualTo(3);
    lro.complete(0, (p, k) -> {
      up.add(p);
      counts.add(k);
    });
    assertThat(counts).containsExactly(3);
    assertThat(up.get(0).payloadBytes()).isEqualTo(3 * 1448);
    assertThat(up.get(0).tcp().sequence()).isZero();
    assertThat(up.get(0).tcp().acknowledgment()).isEqualTo(300);
    assertThat(up.get(0).tcp().tsVal()).isEqualTo(6);
  }

  @Test
  void anOlderTimestampOrAHoleEndsTheAggregate() {
    LroLike lro = new LroLike();
    List<Integer> counts = new ArrayList<>();
    lro.receive(segment(0, 100, 9, 0), 0, (p, k) -> counts.add(k));
    lro.receive(segment(1448, 100, 8, 1), 0, (p, k) -> counts.add(k));
    assertThat(counts).as("TSval went back: the first goes up alone").containsExactly(1);
    lro.receive(segment(4344, 100, 9, 2), 0, (p, k) -> counts.add(k));
    assertThat(counts).as("a hole: the second goes up alone").containsExactly(1, 1);
    assertThat(lro.held()).isEqualTo(1);
  }
}
