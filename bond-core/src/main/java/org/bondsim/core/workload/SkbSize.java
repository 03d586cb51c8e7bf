package org.bondsim.core.workload;

/**
 * What Linux charges a socket for one skb ({@code skb->truesize}): the data buffer with room for
 * the link-layer header, rounded up to the cache line, plus the shared-info tail and the {@code
 * struct sk_buff} itself ({@code SKB_TRUESIZE} on x86-64: 320 and 256 bytes).
 */
final class SkbSize {
  private static final int LINK_HEADER_ROOM = 16;
  private static final int SHARED_INFO = 320;
  private static final int SKB_STRUCT = 256;

  private SkbSize() {}

  static int truesize(int l3Bytes) {
    int data = (LINK_HEADER_ROOM + l3Bytes + 63) & ~63;
    return data + SHARED_INFO + SKB_STRUCT;
  }
}
