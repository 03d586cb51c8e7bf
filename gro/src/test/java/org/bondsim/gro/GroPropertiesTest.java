package org.bondsim.gro;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.Packet;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.TcpSegment;

class GroPropertiesTest {
  /** One step of a NAPI episode: a frame of some flow, or a poll boundary. */
  record Step(int flow, int kind, int length, int flags, int tsTick) {}

  static final int FRAME = 0;
  static final int EXHAUSTED = 1;
  static final int COMPLETE = 2;

  @Provide
  Arbitrary<List<Step>> episodes() {
    Arbitrary<Step> frame =
        Combinators.combine(
                Arbitraries.integers().between(0, 11),
                Arbitraries.frequency(
                    net.jqwik.api.Tuple.of(30, FRAME),
                    net.jqwik.api.Tuple.of(2, EXHAUSTED),
                    net.jqwik.api.Tuple.of(2, COMPLETE)),
                Arbitraries.frequency(
                    net.jqwik.api.Tuple.of(20, 1448),
                    net.jqwik.api.Tuple.of(2, 700),
                    net.jqwik.api.Tuple.of(1, 0)),
                Arbitraries.frequency(
                    net.jqwik.api.Tuple.of(20, TcpSegment.ACK),
                    net.jqwik.api.Tuple.of(2, TcpSegment.ACK | TcpSegment.PSH),
                    net.jqwik.api.Tuple.of(1, TcpSegment.ACK | TcpSegment.CWR)),
                Arbitraries.integers().between(0, 2))
            .as(Step::new);
    return frame.list().ofMaxSize(400);
  }

  private static Frame flowFrame(int flow) {
    return new Frame(
        new EthernetHeader(
            MacAddress.parse("02:00:00:00:00:01"),
            MacAddress.parse("02:00:00:00:00:02"),
            EthernetHeader.NO_VLAN,
            EtherType.IPV4),
        Ipv4Header.of(Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.0.2"), IpProtocol.TCP),
        new TcpHeader(40000 + flow, 5001));
  }

  @Property
  void groNeverReordersMergesAcrossFlowsLosesDuplicatesOrExceedsLimits(
      @ForAll("episodes") List<Step> steps, @ForAll boolean legacy) {
    ReceiveOffload gro = new GroProvider().create(legacy ? "2.6.37" : "6.x");
    Map<Integer, List<Packet>> in = new HashMap<>();
    Map<Integer, Long> nextSeq = new HashMap<>();
    List<Packet> out = new ArrayList<>();
    List<Integer> outSegments = new ArrayList<>();
    long now = 0;
    for (Step step : steps) {
      now += 100_000;
      if (step.kind() == EXHAUSTED) {
        gro.pollExhausted(now, (p, k) -> record(out, outSegments, p, k));
        continue;
      }
      if (step.kind() == COMPLETE) {
        gro.complete(now, (p, k) -> record(out, outSegments, p, k));
        continue;
      }
      List<Packet> flowIn = in.computeIfAbsent(step.flow(), f -> new ArrayList<>());
      // Most segments continue their flow; some jump ahead, as reordering makes them do.
      long seq = nextSeq.getOrDefault(step.flow(), 0L);
      if (step.tsTick() == 2 && !flowIn.isEmpty()) {
        seq += 1448;
      }
      Packet packet =
          new Packet(
              flowFrame(step.flow()),
              step.length(),
              new TcpSegment(seq, 1, step.flags(), 65535, 12, List.of(), 1 + step.tsTick() / 2, 1),
              step.flow(),
              flowIn.size(),
              now,
              null,
              0);
      flowIn.add(packet);
      nextSeq.put(step.flow(), seq + step.length());
      gro.receive(packet, now, (p, k) -> record(out, outSegments, p, k));
    }
    gro.complete(now, (p, k) -> record(out, outSegments, p, k));
    assertThat(gro.held()).isZero();

    Map<Integer, Integer> consumed = new HashMap<>();
    for (int i = 0; i < out.size(); i++) {
      Packet aggregate = out.get(i);
      int segments = outSegments.get(i);
      int flow = aggregate.flowId();
      List<Packet> flowIn = in.get(flow);
      int start = consumed.getOrDefault(flow, 0);
      // In order: each packet up is the flow's next k arrivals, merged.
      assertThat(aggregate.flowSequence()).isEqualTo(start);
      int bytes = 0;
      for (int k = 0; k < segments; k++) {
        Packet part = flowIn.get(start + k);
        assertThat(part.frame()).isEqualTo(aggregate.frame());
        bytes += part.payloadBytes();
      }
      assertThat(aggregate.payloadBytes()).isEqualTo(bytes);
      assertThat(aggregate.payloadBytes() + 52).isLessThan(65536);
      if (legacy) {
        assertThat(segments).isLessThanOrEqualTo(18);
      }
      consumed.put(flow, start + segments);
    }
    // Every frame went up exactly once.
    in.forEach(
        (flow, frames) -> assertThat(consumed.getOrDefault(flow, 0)).isEqualTo(frames.size()));
  }

  private static void record(List<Packet> out, List<Integer> segments, Packet packet, int k) {
    out.add(packet);
    segments.add(k);
  }
}
