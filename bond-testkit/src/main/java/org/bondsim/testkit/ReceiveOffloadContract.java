package org.bondsim.testkit;

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
import net.jqwik.api.Tuple;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.offload.ReceiveOffloadProvider;
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

/**
 * The contract of a receive model (GRO and its kin), adopted by implementing this interface and
 * returning the provider:
 *
 * <pre>{@code
 * class MyGroContractTest implements ReceiveOffloadContract {
 *   public ReceiveOffloadProvider provider() { return new MyGroProvider(); }
 * }
 * }</pre>
 *
 * <p>Over generated NAPI episodes (frames of up to twelve TCP flows, some with holes in their
 * sequence, some with PSH or CWR, and poll boundaries) it checks that what goes up is each flow's
 * frames in arrival order, each exactly once, never merged with another flow's, within the declared
 * {@link #limits}, and that nothing is held once a poll completes.
 */
public interface ReceiveOffloadContract {
  /**
   * Returns the model under test.
   *
   * @return the provider
   */
  ReceiveOffloadProvider provider();

  /**
   * Returns the kernel profiles to create the model for.
   *
   * @return the kernels, by default {@link KernelVersion#LINUX_6}
   */
  default List<KernelVersion> kernels() {
    return List.of(KernelVersion.LINUX_6);
  }

  /**
   * Returns what the model promises about aggregate size for a profile.
   *
   * @param kernel the profile
   * @return the limits; by default one IP packet of at most 65535 bytes
   */
  default OffloadLimits limits(KernelVersion kernel) {
    return new OffloadLimits(65535, Integer.MAX_VALUE);
  }

  /**
   * Episodes of up to 400 steps.
   *
   * @return the arbitrary
   */
  @Provide
  default Arbitrary<RxEpisode> episodes() {
    Arbitrary<RxEpisode.Step> step =
        Combinators.combine(
                Arbitraries.frequency(
                    Tuple.of(30, RxEpisode.Kind.FRAME),
                    Tuple.of(2, RxEpisode.Kind.EXHAUSTED),
                    Tuple.of(2, RxEpisode.Kind.COMPLETE)),
                Arbitraries.integers().between(0, 11),
                Arbitraries.frequency(Tuple.of(20, 1448), Tuple.of(2, 700), Tuple.of(1, 0)),
                Arbitraries.frequency(
                    Tuple.of(20, TcpSegment.ACK),
                    Tuple.of(2, TcpSegment.ACK | TcpSegment.PSH),
                    Tuple.of(1, TcpSegment.ACK | TcpSegment.CWR)),
                Arbitraries.frequency(Tuple.of(10, false), Tuple.of(1, true)),
                Arbitraries.integers().between(1, 2))
            .as(
                (kind, flow, length, flags, jump, ts) ->
                    kind == RxEpisode.Kind.FRAME
                        ? new RxEpisode.Step(kind, flow, length, flags, jump, ts)
                        : new RxEpisode.Step(kind, 0, 0, 0, false, 0));
    return Combinators.combine(Arbitraries.of(kernels()), step.list().ofMaxSize(400))
        .as(RxEpisode::new);
  }

  /**
   * Each flow's frames go up in the order they arrived, each exactly once, merged only with frames
   * of the same flow, with the aggregate's payload the sum of its parts.
   *
   * @param episode the episode
   */
  @Property(tries = 300)
  default void passesEachFlowUpInOrderExactlyOnce(@ForAll("episodes") RxEpisode episode) {
    Outcome outcome = play(provider(), episode);
    Map<Integer, Integer> consumed = new HashMap<>();
    for (int i = 0; i < outcome.up.size(); i++) {
      Packet aggregate = outcome.up.get(i);
      int segments = outcome.segments.get(i);
      int flow = aggregate.flowId();
      List<Packet> arrived = outcome.in.getOrDefault(flow, List.of());
      int start = consumed.getOrDefault(flow, 0);
      assertThat(aggregate.flowSequence())
          .as(
              "packet up #%d of flow %d starts at its frame %d, expected frame %d (reordered or"
                  + " lost); episode: %s",
              i, flow, aggregate.flowSequence(), start, episode)
          .isEqualTo(start);
      assertThat(start + segments)
          .as(
              "packet up #%d of flow %d holds %d frames, only %d arrived",
              i, flow, segments, arrived.size() - start)
          .isLessThanOrEqualTo(arrived.size());
      int bytes = 0;
      for (int k = 0; k < segments; k++) {
        Packet part = arrived.get(start + k);
        assertThat(part.frame())
            .as("packet up #%d of flow %d merged a frame of another flow", i, flow)
            .isEqualTo(aggregate.frame());
        bytes += part.payloadBytes();
      }
      assertThat(aggregate.payloadBytes())
          .as(
              "packet up #%d of flow %d carries %d payload bytes, its %d frames carried %d",
              i, flow, aggregate.payloadBytes(), segments, bytes)
          .isEqualTo(bytes);
      consumed.put(flow, start + segments);
    }
    outcome.in.forEach(
        (flow, frames) ->
            assertThat(consumed.getOrDefault(flow, 0))
                .as(
                    "flow %d: %d frames arrived, %d went up",
                    flow, frames.size(), consumed.getOrDefault(flow, 0))
                .isEqualTo(frames.size()));
  }

  /**
   * No aggregate exceeds the declared limits, and nothing is held after the poll completes.
   *
   * @param episode the episode
   */
  @Property(tries = 300)
  default void respectsItsLimitsAndHoldsNothingAfterCompletion(
      @ForAll("episodes") RxEpisode episode) {
    Outcome outcome = play(provider(), episode);
    OffloadLimits limits = limits(episode.kernel());
    for (int i = 0; i < outcome.up.size(); i++) {
      Packet aggregate = outcome.up.get(i);
      assertThat(aggregate.l3Bytes())
          .as("packet up #%d is %d IP bytes, limit %d", i, aggregate.l3Bytes(), limits.maxIpBytes())
          .isLessThanOrEqualTo(limits.maxIpBytes());
      assertThat(outcome.segments.get(i))
          .as(
              "packet up #%d holds %d frames, limit %d",
              i, outcome.segments.get(i), limits.maxSegments())
          .isLessThanOrEqualTo(limits.maxSegments());
    }
    assertThat(outcome.heldAtEnd)
        .as("frames held after the final poll completed; episode: %s", episode)
        .isZero();
  }

  /** What an episode produced. */
  final class Outcome {
    final Map<Integer, List<Packet>> in = new HashMap<>();
    final List<Packet> up = new ArrayList<>();
    final List<Integer> segments = new ArrayList<>();
    int heldAtEnd;
  }

  /**
   * Plays an episode through a fresh model, then completes the poll.
   *
   * @param provider the model
   * @param episode the episode
   * @return what arrived and what went up
   */
  static Outcome play(ReceiveOffloadProvider provider, RxEpisode episode) {
    ReceiveOffload offload = provider.create(episode.kernel());
    Outcome outcome = new Outcome();
    Map<Integer, Long> nextSequence = new HashMap<>();
    long now = 0;
    for (RxEpisode.Step step : episode.steps()) {
      now += 100_000;
      switch (step.kind()) {
        case EXHAUSTED -> offload.pollExhausted(now, (p, k) -> record(outcome, p, k));
        case COMPLETE -> offload.complete(now, (p, k) -> record(outcome, p, k));
        case FRAME -> {
          List<Packet> arrived = outcome.in.computeIfAbsent(step.flow(), f -> new ArrayList<>());
          long sequence = nextSequence.getOrDefault(step.flow(), 0L);
          if (step.jump() && !arrived.isEmpty()) {
            sequence += BondArbitraries.MSS_1500;
          }
          Packet packet =
              new Packet(
                  flowFrame(step.flow()),
                  step.payloadBytes(),
                  new TcpSegment(sequence, 1, step.flags(), 65535, 12, List.of(), step.tsTick(), 1),
                  step.flow(),
                  arrived.size(),
                  now,
                  null,
                  0);
          arrived.add(packet);
          nextSequence.put(step.flow(), sequence + step.payloadBytes());
          offload.receive(packet, now, (p, k) -> record(outcome, p, k));
        }
      }
    }
    offload.complete(now, (p, k) -> record(outcome, p, k));
    outcome.heldAtEnd = offload.held();
    return outcome;
  }

  private static void record(Outcome outcome, Packet packet, int segments) {
    outcome.up.add(packet);
    outcome.segments.add(segments);
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
}
