package org.bondsim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
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
import org.bondsim.core.engine.EventLoop;
import org.junit.jupiter.api.Test;

/**
 * The socket lock between softirq and a bound reader, one segment at a time: who runs TCP on it, on
 * which CPU, and when TCP sees it.
 */
class ReaderSocketsTest {
  private static final Frame TCP =
      new Frame(
          new EthernetHeader(
              MacAddress.parse("02:00:00:00:00:01"),
              MacAddress.parse("02:00:00:00:00:02"),
              EthernetHeader.NO_VLAN,
              EtherType.IPV4),
          Ipv4Header.of(
              Ipv4Address.parse("10.0.0.1"), Ipv4Address.parse("10.0.0.2"), IpProtocol.TCP),
          new TcpHeader(1, 2));

  // tcp 2000 ns per segment, copy 1 ns per byte, a wakeup 3000 ns.
  private static final CpuCosts COSTS =
      CpuCosts.parse("frame 0 up 0 byte 1 ack 0 sack 0 tx 0 tcp 2000 wakeup 3000");

  private final EventLoop loop = new EventLoop();
  private final HostCpu softirqCpu = new HostCpu();
  private final HostCpu readerCpu = new HostCpu();
  // What TCP saw: {time, sequence number, the CPU sends were charged to then}.
  private final List<long[]> seen = new ArrayList<>();
  private int sendingCpu = -1;

  private ReaderSockets sockets(boolean prequeue) {
    return new ReaderSockets(
        loop,
        List.of(softirqCpu, readerCpu),
        1,
        COSTS,
        prequeue,
        () -> softirqCpu,
        cpu -> sendingCpu = cpu);
  }

  private static Packet segment(long seq, int payload) {
    TcpSegment tcp = new TcpSegment(seq, 1, TcpSegment.ACK, 65535, 12, List.of(), 0, 0);
    return new Packet(TCP, payload, tcp, 0, seq, 0, null, 1);
  }

  private void arriveAt(ReaderSockets sockets, long at, Packet packet) {
    loop.schedule(
        at,
        (now, arg) ->
            sockets.arrive(
                packet, p -> seen.add(new long[] {loop.now(), p.flowSequence(), sendingCpu})),
        0);
  }

  @Test
  void on2637aSleepingReaderIsWokenAndRunsTcpAndTheCopyOnItsOwnCpu() {
    ReaderSockets sockets = sockets(true);
    arriveAt(sockets, 10_000, segment(0, 1000));
    loop.runUntil(1_000_000);
    // wakeup 3000 + tcp 2000 + copy 1000: TCP sees it 6 us after it arrived, in the reader's
    // context, and what TCP sends then is charged to the reader's CPU.
    assertThat(seen).containsExactly(new long[] {16_000, 0, 1});
    assertThat(readerCpu.busyNs()).isEqualTo(6_000);
    assertThat(softirqCpu.busyNs()).isZero();
    assertThat(sockets.wakeups()).isEqualTo(1);
    assertThat(sockets.prequeued()).isEqualTo(1);
    assertThat(sockets.backlogged()).isZero();
    assertThat(sendingCpu).isEqualTo(-1);
  }

  @Test
  void aSegmentThatArrivesWhileTheReaderHoldsTheSocketWaitsInTheBacklog() {
    ReaderSockets sockets = sockets(true);
    arriveAt(sockets, 10_000, segment(0, 1000));
    arriveAt(sockets, 12_000, segment(1000, 500));
    loop.runUntil(1_000_000);
    // The second is processed after the first, without a wakeup: 16000 + 2000 + 500.
    assertThat(seen).containsExactly(new long[] {16_000, 0, 1}, new long[] {18_500, 1000, 1});
    assertThat(sockets.wakeups()).isEqualTo(1);
    assertThat(sockets.backlogged()).isEqualTo(1);
  }

  @Test
  void onceTheReaderHasReleasedTheSocketTheNextSegmentWakesItAgain() {
    ReaderSockets sockets = sockets(true);
    arriveAt(sockets, 10_000, segment(0, 1000));
    arriveAt(sockets, 16_000, segment(1000, 1000));
    loop.runUntil(1_000_000);
    assertThat(seen).containsExactly(new long[] {16_000, 0, 1}, new long[] {22_000, 1000, 1});
    assertThat(sockets.wakeups()).isEqualTo(2);
    assertThat(sockets.backlogged()).isZero();
  }

  @Test
  void on6xTheSoftirqRunsTcpAndTheReaderOnlyCopies() {
    ReaderSockets sockets = sockets(false);
    arriveAt(sockets, 10_000, segment(0, 1000));
    // Arrives while the woken reader copies the first (until 14000): the backlog.
    arriveAt(sockets, 13_000, segment(1000, 1000));
    loop.runUntil(1_000_000);
    assertThat(seen).containsExactly(new long[] {10_000, 0, 0}, new long[] {17_000, 1000, 1});
    assertThat(softirqCpu.busyNs()).isEqualTo(2_000);
    // wakeup + copy, then tcp + copy of the backlogged one
    assertThat(readerCpu.busyNs()).isEqualTo(4_000 + 3_000);
    assertThat(sockets.inSoftirq()).isEqualTo(1);
    assertThat(sockets.backlogged()).isEqualTo(1);
    assertThat(sockets.prequeued()).isZero();
  }

  @Test
  void aPureAckReachesAnIdleSocketFromTheSoftirqAndQueuesBehindPendingData() {
    ReaderSockets sockets = sockets(true);
    arriveAt(sockets, 10_000, segment(0, 1000));
    arriveAt(sockets, 11_000, segment(1000, 0));
    arriveAt(sockets, 30_000, segment(1000, 0));
    loop.runUntil(1_000_000);
    assertThat(seen)
        .containsExactly(
            new long[] {16_000, 0, 1}, new long[] {16_000, 1000, 1}, new long[] {30_000, 1000, 0});
  }

  @Test
  void theReaderMustBeOneOfTheHostsCpus() {
    assertThatThrownBy(
            () ->
                new ReaderSockets(
                    loop, List.of(softirqCpu), 1, COSTS, true, () -> softirqCpu, cpu -> {}))
        .hasMessage("appCpu must be 0..0 (the host's CPUs), got 1");
  }

  /**
   * However segments arrive, TCP sees them in arrival order, none before it arrived, and on 2.6.37
   * every one in the reader's context.
   */
  @Property(tries = 200)
  void tcpSeesSegmentsInArrivalOrder(
      @ForAll @Size(min = 1, max = 40) List<@IntRange(min = 0, max = 20_000) Integer> gaps,
      @ForAll @IntRange(min = 0, max = 9000) int payload,
      @ForAll boolean prequeue) {
    ReaderSocketsTest fresh = new ReaderSocketsTest();
    fresh.checkArrivalOrder(gaps, payload, prequeue);
  }

  private void checkArrivalOrder(List<Integer> gaps, int payload, boolean prequeue) {
    ReaderSockets sockets = sockets(prequeue);
    long at = 1_000;
    List<Long> arrivals = new ArrayList<>();
    for (int i = 0; i < gaps.size(); i++) {
      at += gaps.get(i);
      arrivals.add(at);
      arriveAt(sockets, at, segment(i, i == 0 ? Math.max(1, payload) : payload));
    }
    loop.runUntil(at + 10_000_000);
    assertThat(seen).hasSize(gaps.size());
    for (int i = 0; i < seen.size(); i++) {
      assertThat(seen.get(i)[1]).isEqualTo(i);
      assertThat(seen.get(i)[0]).isGreaterThanOrEqualTo(arrivals.get(i));
      if (i > 0) {
        assertThat(seen.get(i)[0]).isGreaterThanOrEqualTo(seen.get(i - 1)[0]);
      }
    }
    assertThat(sockets.prequeued() + sockets.backlogged() + sockets.inSoftirq())
        .isEqualTo(gaps.size());
  }
}
