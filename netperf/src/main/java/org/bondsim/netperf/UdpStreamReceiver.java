package org.bondsim.netperf;

import java.util.HashMap;
import java.util.Map;
import org.bondsim.api.packet.IpHeader;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.UdpHeader;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.workload.PacketHandler;

/**
 * The receiving side of netperf's UDP_STREAM (netserver): counts whole messages, reassembling
 * fragmented ones.
 *
 * <p>Differences from Linux: reassembly never times out within a run (ipfrag_time is 30 s), and the
 * receiver is never too slow to drain its socket, so no message is lost to a full receive buffer.
 */
public final class UdpStreamReceiver implements PacketHandler {
  private final int messageBytes;
  private final long[] messages;
  // Bytes received so far of each fragmented datagram, by stream and IP identification.
  private final Map<Long, Integer> reassembly = new HashMap<>();

  /**
   * Builds a receiver.
   *
   * @param streams how many streams send to it (flow ids 0 .. streams-1)
   * @param messageBytes bytes per message
   */
  public UdpStreamReceiver(int streams, int messageBytes) {
    this.messageBytes = messageBytes;
    this.messages = new long[streams];
  }

  @Override
  public void receive(Packet packet) {
    int flow = packet.flowId();
    IpHeader ip = packet.frame().ip();
    if (!ip.isFragment()) {
      messages[flow]++;
      return;
    }
    Ipv4Header v4 = (Ipv4Header) ip;
    long key = ((long) flow << 16) | v4.identification();
    int bytes =
        packet.payloadBytes() + (packet.frame().transport() != null ? UdpHeader.HEADER_BYTES : 0);
    int total = reassembly.merge(key, bytes, Integer::sum);
    if (total >= messageBytes + UdpHeader.HEADER_BYTES) {
      reassembly.remove(key);
      messages[flow]++;
    }
  }

  /**
   * Returns whole messages received over all streams.
   *
   * @return messages
   */
  public long messagesReceived() {
    long sum = 0;
    for (long m : messages) {
      sum += m;
    }
    return sum;
  }

  /**
   * Returns whole messages received of one stream.
   *
   * @param flow the stream
   * @return messages
   */
  public long messagesReceived(int flow) {
    return messages[flow];
  }
}
