package org.bondsim.tcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.SackBlock;
import org.bondsim.api.tcp.SynOptions;
import org.bondsim.api.tcp.TcpSegment;

/**
 * One sending endpoint driven by hand in the manner of a packetdrill script: the test plays the
 * peer, writing each ACK (with its SACK blocks and timestamp echo) and reading what the endpoint
 * sent in reply. Sent packets leave the NIC at once (their truesize is released after each step).
 */
final class EndpointHarness {
  static final long PEER_WINDOW = 1L << 30;

  final ManualContext context;
  final TcpCounters counters = new TcpCounters();
  final TcpEndpoint endpoint;
  private final Frame peerFrame;
  private int released;
  private boolean holding;

  EndpointHarness(Map<String, String> sysctls) {
    this(sysctls, 0);
  }

  /**
   * A harness whose endpoint asked for {@code receiveBuffer} bytes of receive buffer ({@code
   * SO_RCVBUF}; 0 autotunes).
   */
  EndpointHarness(Map<String, String> sysctls, long receiveBuffer) {
    context = new ManualContext(1500, sysctls);
    MacAddress mac = MacAddress.parse("02:00:00:00:00:02");
    Ipv4Address address = Ipv4Address.parse("192.0.2.2");
    Frame out =
        new Frame(
            new EthernetHeader(context.host().mac(), mac, EthernetHeader.NO_VLAN, EtherType.IPV4),
            Ipv4Header.of(context.host().address(), address, IpProtocol.TCP),
            new TcpHeader(49152, 12866));
    peerFrame =
        new Frame(
            new EthernetHeader(mac, context.host().mac(), EthernetHeader.NO_VLAN, EtherType.IPV4),
            Ipv4Header.of(address, context.host().address(), IpProtocol.TCP),
            new TcpHeader(12866, 49152));
    endpoint =
        new TcpEndpoint(
            context, out, 0, TcpSettings.of(context), counters, (e, bytes) -> {}, receiveBuffer);
  }

  /**
   * An established sender with RACK and tail loss probes off, so the duplicate threshold decides.
   *
   * @param timestamps whether timestamps are negotiated
   * @param more further sysctls
   */
  static EndpointHarness dupthreshSender(boolean timestamps, Map<String, String> more) {
    Map<String, String> sysctls = new java.util.HashMap<>(more);
    sysctls.put("net.ipv4.tcp_recovery", "0");
    sysctls.put("net.ipv4.tcp_early_retrans", "0");
    sysctls.put("net.ipv4.tcp_timestamps", timestamps ? "1" : "0");
    return new EndpointHarness(sysctls).established();
  }

  /**
   * Connects: our SYN, the peer's SYN-ACK (MSS 1460, SACK, window scale, its timestamps if
   * enabled), our ACK.
   */
  EndpointHarness established() {
    return established(0);
  }

  /** {@link #established()} with the SYN-ACK arriving {@code rttNs} after our SYN. */
  EndpointHarness established(long rttNs) {
    return established(rttNs, 65535);
  }

  /**
   * {@link #established(long)} with the SYN-ACK offering {@code synWindow} bytes (unscaled, as a
   * SYN's window is), which is also the largest window seen so far.
   */
  EndpointHarness established(long rttNs, int synWindow) {
    endpoint.connect();
    advanceTo(context.now() + rttNs);
    boolean timestamps = context.setting("net.ipv4.tcp_timestamps", "1").equals("1");
    deliver(
        new TcpSegment(
            -1,
            0,
            TcpSegment.SYN | TcpSegment.ACK,
            synWindow,
            20,
            List.of(),
            timestamps ? 1 : 0,
            timestamps ? 1 : 0,
            new SynOptions(1460, true, timestamps, 7)),
        0);
    return this;
  }

  /** The application writes {@code bytes} in one send(). */
  void write(long bytes) {
    endpoint.write(bytes);
    releaseTx();
  }

  /** The application makes {@code count} send() calls of {@code size} bytes. */
  void writeMessages(long count, long size) {
    endpoint.writeMessages(count, size);
    releaseTx();
  }

  /** The peer ACKs {@code ack} with SACK blocks given as start, end pairs, echoing nothing. */
  void ack(long ack, long... sackPairs) {
    ackEchoing(0, ack, sackPairs);
  }

  /** The same with a timestamp echo ({@code tsEcr}) in milliseconds of the sender's clock. */
  void ackEchoing(long tsEcr, long ack, long... sackPairs) {
    List<SackBlock> blocks = new ArrayList<>();
    for (int i = 0; i < sackPairs.length; i += 2) {
      blocks.add(new SackBlock(sackPairs[i], sackPairs[i + 1]));
    }
    deliver(
        new TcpSegment(
            1, ack, TcpSegment.ACK, PEER_WINDOW, 0, List.copyOf(blocks), tsEcr == 0 ? 0 : 1, tsEcr),
        0);
  }

  /** The peer ACKs {@code ack} offering a window of {@code windowBytes}. */
  void ackOffering(long windowBytes, long ack) {
    deliver(new TcpSegment(1, ack, TcpSegment.ACK, windowBytes, 0, List.of(), 0, 0), 0);
  }

  /** The data packets sent since {@code fromIndex} of all packets sent, in order. */
  List<Packet> dataPacketsSince(int fromIndex) {
    List<Packet> packets = new ArrayList<>();
    List<Packet> sent = context.host().sent();
    for (int i = fromIndex; i < sent.size(); i++) {
      if (sent.get(i).payloadBytes() > 0) {
        packets.add(sent.get(i));
      }
    }
    return packets;
  }

  /** The peer sends {@code len} bytes of data at {@code seq} (its data starts at 0). */
  void receive(long seq, int len) {
    deliver(new TcpSegment(seq, 0, TcpSegment.ACK, PEER_WINDOW, 0, List.of(), 0, 0), len);
  }

  void deliver(TcpSegment segment, int payload) {
    endpoint.receive(new Packet(peerFrame, payload, segment, -1, 0, context.now(), null, 0));
    releaseTx();
  }

  /** Moves the clock, firing the endpoint's timers. */
  void advanceTo(long atNs) {
    context.advanceTo(atNs);
    releaseTx();
  }

  /**
   * Holds (or lets go) what the endpoint sends below TCP: held packets are not reported as sent by
   * the NIC, so they stay charged to the socket, as behind a busy qdisc (TCP small queues).
   */
  void holdTx(boolean hold) {
    this.holding = hold;
    releaseTx();
  }

  /** The NIC reports the oldest held packet sent (TX completion), holding the rest. */
  void releaseOneHeld() {
    Packet packet = context.host().sent().get(released++);
    if (packet.owner() != null) {
      packet.owner().onTxDone(packet);
    }
  }

  /** How many packets the endpoint has sent that the NIC has not reported sent. */
  int held() {
    return context.host().sent().size() - released;
  }

  private void releaseTx() {
    if (holding) {
      return;
    }
    List<Packet> sent = context.host().sent();
    while (released < sent.size()) {
      Packet packet = sent.get(released++);
      if (packet.owner() != null) {
        packet.owner().onTxDone(packet);
      }
    }
  }

  /**
   * Sequence numbers of the data segments sent since {@code fromIndex} of all packets sent, as the
   * wire sees them: a GSO packet (which 6.x TCP builds whatever the device) as its segments.
   */
  List<Long> dataSequencesSince(int fromIndex) {
    List<Long> sequences = new ArrayList<>();
    List<Packet> sent = context.host().sent();
    for (int i = fromIndex; i < sent.size(); i++) {
      Packet packet = sent.get(i);
      if (packet.payloadBytes() > 0) {
        for (int k = 0; k < packet.segments(); k++) {
          sequences.add(packet.tcp().sequence() + (long) k * Math.max(packet.gsoSize(), 1));
        }
      }
    }
    return sequences;
  }

  /** The end of the highest data segment sent so far (snd_nxt as the wire saw it). */
  long highestSent() {
    long highest = 0;
    for (Packet packet : context.host().sent()) {
      if (packet.payloadBytes() > 0) {
        highest = Math.max(highest, packet.tcp().sequence() + packet.payloadBytes());
      }
    }
    return highest;
  }

  int packetsSent() {
    return context.host().sent().size();
  }

  long counter(String nstatName) {
    return counters.nonZero().getOrDefault(nstatName, 0L);
  }
}
