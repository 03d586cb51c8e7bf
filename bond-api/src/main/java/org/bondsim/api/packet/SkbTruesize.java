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

  /**
   * The head of an skb whose payload sits in page fragments: {@code MAX_TCP_HEADER} (320 bytes on
   * x86-64) and the shared info (320) fill kmalloc's 1024-byte bucket, plus the {@code struct
   * sk_buff} (256): what {@code tcp_stream_alloc_skb} and {@code skb_segment} allocate in 6.1 (read
   * in its {@code net/ipv4/tcp.c} and {@code net/core/skbuff.c}), measured as 2728 bytes charged
   * per 1448-byte segment in the UML lab ({@code ss -m}).
   */
  public static final int PAGED_HEAD = 1280;

  /**
   * A pure ACK's charge since Linux 4.x ({@code skb_set_tcp_pure_ack}: "we do not want pure acks
   * influencing TCP Small Queues").
   */
  public static final int PURE_ACK = 2;

  private SkbTruesize() {}

  /**
   * Returns the truesize of an skb with its headers in a 1 KB head and {@code payloadBytes} in page
   * fragments, charged byte for byte ({@code skb_copy_to_page_nocache}): how {@code tcp_sendmsg}
   * builds data skbs on a scatter-gather device, and what software GSO's segments cost.
   *
   * @param payloadBytes the payload
   * @return bytes charged to the socket
   */
  public static int ofPaged(int payloadBytes) {
    return PAGED_HEAD + payloadBytes;
  }

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
