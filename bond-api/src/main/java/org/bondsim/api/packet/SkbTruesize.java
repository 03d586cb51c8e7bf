package org.bondsim.api.packet;

/**
 * What Linux charges a socket for one skb ({@code skb->truesize}): the data buffer with room for
 * the link-layer header ({@code NET_SKB_PAD}-style 16 bytes), rounded up to the 64-byte cache line,
 * plus the shared-info tail and the {@code struct sk_buff} itself ({@code SKB_TRUESIZE} on x86-64:
 * 320 and 256 bytes). Senders charge it against SO_SNDBUF and TCP small queues count it.
 */
public final class SkbTruesize {
  private static final int LINK_HEADER_ROOM = 16;
  private static final int SHARED_INFO = 320;
  private static final int SKB_STRUCT = 256;

  private SkbTruesize() {}

  /**
   * Returns the truesize of an skb carrying {@code l3Bytes} of IP packet.
   *
   * @param l3Bytes the IP header and everything after it
   * @return bytes charged to the socket
   */
  public static int of(int l3Bytes) {
    int data = (LINK_HEADER_ROOM + l3Bytes + 63) & ~63;
    return data + SHARED_INFO + SKB_STRUCT;
  }
}
