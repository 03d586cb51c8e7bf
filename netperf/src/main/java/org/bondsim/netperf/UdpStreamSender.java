package org.bondsim.netperf;

import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.SkbTruesize;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.stack.PacketOwner;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.Timer;
import org.bondsim.api.workload.WorkloadContext;

/**
 * The sending side of netperf's UDP_STREAM: one UDP socket that sends {@code -m}-byte messages for
 * the test length, as fast as its send buffer lets it or at a fixed rate.
 *
 * <p>As in Linux, every skb charges its truesize to the socket until the NIC has sent it; a send
 * that finds the buffer full blocks, and the socket wakes when half the buffer is free again
 * ({@code sock_def_write_space}). A message larger than MTU − 28 bytes leaves as IPv4 fragments
 * (payload in multiples of 8 bytes, the UDP header in the first), each a frame of its own.
 *
 * <p>Each {@code send()} call takes {@code sendCostNs} of the sending CPU before the next one can
 * start. Without it a socket whose frames are dropped at once (a slave whose carrier is down) would
 * send infinitely often in zero time; with it such a socket spins as a real one does.
 *
 * <p>Differences from Linux: the whole message is admitted when the buffer has room for its first
 * byte (Linux checks per fragment skb); the send cost is one figure per call, not yet the CPU model
 * with per-byte and per-packet costs.
 */
public final class UdpStreamSender implements PacketOwner {
  private final WorkloadContext context;
  private final Host host;
  private final int flowId;
  private final int messageBytes;
  private final int sendBufferBytes;
  private final long stopAtNs;
  private final long intervalNs;
  private final long sendCostNs;
  private final int mtu;
  private final Frame frame;
  private final Ipv4Header ipHeader;
  private final boolean fragments;
  private final Timer sendTimer;

  private long charged;
  private boolean blocked;
  private boolean pending;
  private long nextSendAt;
  private long frameSequence;
  private int ipIdentification;
  private long messagesSent;
  private long sendErrors;
  // The last message a dropped fragment belonged to: a send() fails once however many of its
  // fragments are dropped (ip_do_fragment stops at the first error).
  private long lastFailedMessage = -1;

  /**
   * Builds a sender.
   *
   * @param context the run
   * @param host the sending host
   * @param flowId this stream's number
   * @param ethernet the Ethernet header to use
   * @param source source IP
   * @param destination destination IP
   * @param sourcePort UDP source port
   * @param destinationPort UDP destination port
   * @param messageBytes bytes per send ({@code -m})
   * @param sendBufferBytes SO_SNDBUF
   * @param rateBitsPerSecond payload rate, or 0 for as fast as possible
   * @param sendCostNs CPU time of one send() call, at least 1 ns
   * @param mtu the bond's MTU
   * @param stopAtNs when the test ends
   */
  public UdpStreamSender(
      WorkloadContext context,
      Host host,
      int flowId,
      EthernetHeader ethernet,
      Ipv4Address source,
      Ipv4Address destination,
      int sourcePort,
      int destinationPort,
      int messageBytes,
      int sendBufferBytes,
      double rateBitsPerSecond,
      long sendCostNs,
      int mtu,
      long stopAtNs) {
    if (sendCostNs < 1) {
      throw new IllegalArgumentException("send cost must be >= 1 ns, got " + sendCostNs);
    }
    this.sendCostNs = sendCostNs;
    this.context = context;
    this.host = host;
    this.sendTimer = context.newTimer(() -> sendWhilePossible(context.now()));
    this.flowId = flowId;
    this.messageBytes = messageBytes;
    this.sendBufferBytes = sendBufferBytes;
    this.stopAtNs = stopAtNs;
    this.mtu = mtu;
    this.intervalNs =
        rateBitsPerSecond <= 0
            ? 0
            // In double: a fractional rate (0.01 Mbit/s) is honoured, and a tiny one gives an
            // interval longer than any test instead of overflowing.
            : (long) Math.max(1, Math.min(1e18, messageBytes * 8e9 / rateBitsPerSecond));
    this.ipHeader = Ipv4Header.of(source, destination, IpProtocol.UDP);
    this.frame = new Frame(ethernet, ipHeader, new UdpHeader(sourcePort, destinationPort));
    this.fragments = Ipv4Header.HEADER_BYTES + UdpHeader.HEADER_BYTES + messageBytes > mtu;
  }

  /**
   * Starts sending at a given instant.
   *
   * @param atNs when the first message is sent
   */
  public void start(long atNs) {
    nextSendAt = atNs;
    pending = true;
    sendTimer.armAt(atNs);
  }

  private void sendWhilePossible(long now) {
    pending = false;
    if (now >= stopAtNs) {
      return;
    }
    if (charged >= sendBufferBytes) {
      blocked = true;
      return;
    }
    if (now < nextSendAt) {
      pending = true;
      sendTimer.armAt(nextSendAt);
      return;
    }
    sendMessage(now);
    // The next call starts when this one has finished, and not before the pacing allows.
    nextSendAt = Math.max(now + sendCostNs, nextSendAt + intervalNs);
    pending = true;
    sendTimer.armAt(nextSendAt);
  }

  private void sendMessage(long now) {
    messagesSent++;
    if (!fragments) {
      send(frame, messageBytes, now);
      return;
    }
    int id = ipIdentification;
    ipIdentification = (ipIdentification + 1) & 0xFFFF;
    int data = UdpHeader.HEADER_BYTES + messageBytes;
    int perFragment = (mtu - Ipv4Header.HEADER_BYTES) & ~7;
    int offset = 0;
    while (offset < data) {
      int bytes = Math.min(perFragment, data - offset);
      boolean more = offset + bytes < data;
      Ipv4Header header = ipHeader.fragment(id, more, offset / 8);
      Frame fragment =
          offset == 0
              ? new Frame(frame.ethernet(), header, frame.transport())
              : new Frame(frame.ethernet(), header, null);
      int payload = offset == 0 ? bytes - UdpHeader.HEADER_BYTES : bytes;
      send(fragment, payload, now);
      offset += bytes;
    }
  }

  private void send(Frame headers, int payloadBytes, long now) {
    int l3Bytes =
        Ipv4Header.HEADER_BYTES
            + (headers.transport() != null ? UdpHeader.HEADER_BYTES : 0)
            + payloadBytes;
    Packet packet =
        new Packet(
            headers,
            payloadBytes,
            null,
            flowId,
            frameSequence++,
            now,
            this,
            SkbTruesize.of(l3Bytes));
    charged += packet.truesize();
    host.send(packet);
  }

  /**
   * netperf sets {@code IP_RECVERR} on its UDP socket ({@code enable_enobufs} in nettest_omni.c),
   * so a frame the host drops on the way out makes that send() fail with ENOBUFS, which netperf
   * counts as an error (failed_sends) and not as a message sent.
   */
  @Override
  public void onDropped(Packet packet) {
    long message = messageOf(packet);
    if (message != lastFailedMessage) {
      lastFailedMessage = message;
      sendErrors++;
    }
    onTxDone(packet);
  }

  private long messageOf(Packet packet) {
    if (!fragments) {
      return packet.flowSequence();
    }
    return packet.frame().ip() instanceof Ipv4Header v4 ? v4.identification() : -2;
  }

  /**
   * Returns the send() calls that failed with ENOBUFS.
   *
   * @return calls
   */
  public long sendErrors() {
    return sendErrors;
  }

  @Override
  public void onTxDone(Packet packet) {
    charged -= packet.truesize();
    // sock_def_write_space wakes a blocked writer once at least half the buffer is free.
    if (blocked && charged * 2 <= sendBufferBytes && !pending) {
      blocked = false;
      pending = true;
      sendTimer.armAt(Math.max(context.now(), nextSendAt));
    }
  }

  /**
   * Returns messages sent (netperf's local "Messages Okay").
   *
   * @return messages
   */
  public long messagesSent() {
    return messagesSent;
  }

  /**
   * Returns frames sent, fragments counted one by one.
   *
   * @return frames
   */
  public long framesSent() {
    return frameSequence;
  }

  /**
   * Returns bytes still charged to the send buffer.
   *
   * @return bytes
   */
  public long chargedBytes() {
    return charged;
  }
}
