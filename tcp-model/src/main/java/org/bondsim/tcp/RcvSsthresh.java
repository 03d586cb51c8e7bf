package org.bondsim.tcp;

/**
 * {@code tp->rcv_ssthresh}, the receiver's slow start of its own window: the window offered is at
 * most this, which starts at the handshake's window and grows with the data that arrives ({@code
 * tcp_grow_window}, net/ipv4/tcp_input.c), so that a window the buffer would allow is opened only
 * as fast as segments prove that their memory fits. Each growth also asks for one quick ACK ({@code
 * icsk_ack.quick |= 1}), so that the sender learns of the larger window at once.
 *
 * <ul>
 *   <li>Start: {@code tcp_select_initial_window} caps the first window at {@code
 *       TCP_DEFAULT_INIT_RCVWND} (10) segments on 2.6.37 and at {@code tcp_default_init_rwnd} (20)
 *       on 3.16, fewer for an MSS above 1460; 6.x has no such cap ("tcp: up initial rmem to 128KB
 *       and SYN rwin to around 64KB", 5.4) and starts from the buffer's window; only the SYN's
 *       16-bit field holds it to 65535. {@code tcp_init_buffer_space} then lowers it to the window
 *       clamp.
 *   <li>Growth, for in-order data of at least 128 bytes ({@code tcp_event_data_recv}) and, on 3.16
 *       and on 6.x with SACK, for out-of-order data ({@code tcp_data_queue_ofo}; 6.x does not grow
 *       for a flow without SACK, "to force DUPACK"): while below the window the buffer allows, by
 *       two segments when the skb's {@code tcp_win_from_space(truesize)} is at most its length,
 *       else by {@code __tcp_grow_window}'s test of halving the truesize against halving the
 *       largest window; since 3.4 ("tcp: fix tcp_grow_window() for large incoming frames") by at
 *       least twice the skb's length.
 * </ul>
 *
 * <p>Differences: the receiving driver is taken to hold each frame in a 2 KB buffer (a page-split
 * driver's half page) and the skb to add a 256-byte {@code struct sk_buff}; a GRO'd skb holds its
 * frames' buffers under one {@code struct sk_buff}. The model has no memory pressure, so {@code
 * tcp_clamp_window} and {@code tcp_adjust_rcv_ssthresh} never lower it.
 */
final class RcvSsthresh {
  // The frame buffer and struct sk_buff a received frame's skb is charged (see the class comment).
  private static final long FRAME_TRUESIZE = 2048;
  private static final long SKB_OVERHEAD = 256;
  // tcp_event_data_recv grows the window only for skbs of this many bytes or more.
  private static final int GROW_MIN_LEN = 128;

  private final KernelProfile profile;
  private final ReceiveAutotuning era;
  private final long rmemMax;
  private long value = Long.MAX_VALUE;
  // The buffer's window at establishment: the clamp holds a segment of it back until it grows.
  private long startWindow = Long.MAX_VALUE;
  private long reservedClamp = Long.MAX_VALUE;

  /**
   * @param profile the kernel's window arithmetic ({@code tcp_win_from_space}) and era
   * @param rmemMax tcp_rmem[2], the largest window {@code __tcp_grow_window} measures against
   */
  RcvSsthresh(KernelProfile profile, long rmemMax) {
    this.profile = profile;
    this.era = profile.receiveAutotuning();
    this.rmemMax = rmemMax;
  }

  /** The bound it puts on the window offered. */
  long value() {
    return value;
  }

  /**
   * {@code tcp_select_initial_window}'s first window, which rcv_ssthresh starts at.
   *
   * @param space the buffer's window in whole segments ({@code tp->rcv_wnd} before the era's cap;
   *     the SYN's field then holds at most 65535 of it)
   * @param mss the segment size
   * @return the first window, rcv_ssthresh's start
   */
  long initialWindow(long space, int mss) {
    int segments = era.initialWindowSegments(mss);
    value = segments > 0 ? Math.min(space, (long) segments * mss) : space;
    return value;
  }

  /**
   * {@code tcp_init_buffer_space}: the window clamp starts one segment short of the buffer's window
   * ("Force reservation of one segment", with {@code tcp_app_win} 31), at least two segments, and
   * rcv_ssthresh at most that; the clamp follows the buffer once autotuning grows it ({@code
   * tcp_rcv_space_adjust}, {@code tcp_rcvbuf_grow}).
   *
   * @param bufferWindow the buffer's window at establishment ({@code tcp_full_space})
   * @param advmss this end's MSS
   */
  void start(long bufferWindow, int advmss) {
    startWindow = bufferWindow;
    reservedClamp =
        bufferWindow > 2L * advmss ? Math.max(2L * advmss, bufferWindow - advmss) : bufferWindow;
    value = Math.min(value, reservedClamp);
  }

  /** The window clamp for a buffer whose window is now {@code bufferWindow}. */
  private long clamp(long bufferWindow) {
    return bufferWindow > startWindow ? bufferWindow : Math.min(bufferWindow, reservedClamp);
  }

  /**
   * {@code tcp_grow_window} for an skb of {@code len} bytes.
   *
   * @param len the skb's payload
   * @param inOrder whether it arrived in order ({@code tcp_event_data_recv}) or above a hole
   * @param sack whether the connection uses SACK
   * @param allowed the window the buffer allows now, its autotuning clamp included
   * @param advmss this end's MSS
   * @param rcvMss the receiver's estimate of the peer's segment size
   * @return true when it grew, which asks for a quick ACK
   */
  boolean grow(long len, boolean inOrder, boolean sack, long allowed, int advmss, int rcvMss) {
    if (inOrder ? len < GROW_MIN_LEN : !growsOnOutOfOrder(sack)) {
      return false;
    }
    long room = clamp(allowed) - value;
    if (room <= 0) {
      return false;
    }
    long frames = Math.max(1, (len + advmss - 1) / advmss);
    long truesize = frames * FRAME_TRUESIZE + SKB_OVERHEAD;
    long incr =
        profile.windowFor(truesize) <= len ? 2L * advmss : halvingTest(truesize, len, rcvMss);
    if (incr == 0) {
      return false;
    }
    if (era != ReceiveAutotuning.RCV_RTT_2_6_37) {
      incr = Math.max(incr, 2 * len);
    }
    value += Math.min(room, incr);
    return true;
  }

  private boolean growsOnOutOfOrder(boolean sack) {
    return switch (era) {
      case RCV_RTT_2_6_37 -> false;
      case RCV_RTT_3_16 -> true;
      case RCV_RTT_6_1, RCV_RTT_6_17 -> sack;
    };
  }

  /**
   * {@code __tcp_grow_window}: two segments while rcv_ssthresh is at most the halved window at
   * which the halved truesize fits the payload.
   */
  private long halvingTest(long truesize, long len, int rcvMss) {
    long size = profile.windowFor(truesize) >> 1;
    long window = profile.windowFor(rmemMax) >> 1;
    while (value <= window) {
      if (size <= len) {
        return 2L * rcvMss;
      }
      size >>= 1;
      window >>= 1;
    }
    return 0;
  }
}
