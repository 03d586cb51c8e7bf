package org.bondsim.tcp;

/**
 * The receive buffer and the window it advertises. SO_RCVBUF doubles the request, raises it to
 * {@code SOCK_MIN_RCVBUF} and locks the size ({@link TcpSettings#receiveBuffer}); otherwise the
 * buffer starts at tcp_rmem[1] and {@code tcp_rcv_space_adjust} grows it, up to tcp_rmem[2], once
 * per receiver RTT in which the application read more than in the last one measured. How much
 * depends on the kernel ({@link ReceiveAutotuning}):
 *
 * <ul>
 *   <li>6.17 ({@code tcp_rcvbuf_grow}): room for a window of twice what was read in that RTT ("slow
 *       start: allow the sender to double its rate"), plus what the out-of-order queue spans; the
 *       same growth runs when out-of-order data arrives;
 *   <li>6.1: a window of twice what was read plus 16 segments, plus twice its growth over the last
 *       RTT measured ("accommodate for sender rate increase"), in buffers of {@code
 *       SKB_TRUESIZE(advmss + MAX_TCP_HEADER)} (rounded up by 128 bytes until half of it holds a
 *       segment) per segment;
 *   <li>the model's older reading, kept for 2.6.37 and 3.16 ({@link
 *       ReceiveAutotuning#SMOOTHED_RTT}): twice what was read plus 16 segments, once per interval
 *       the caller gives.
 * </ul>
 *
 * <p>Both 6.x rules start from {@code tcp_init_buffer_space}'s measure: ten segments, or the first
 * window if smaller. Difference: the model's reader takes data as it arrives, so nothing waits
 * unread ({@code inq} is 0), and 6.17's {@code scaling_ratio} is the profile's fixed half ({@link
 * KernelProfile#bufferForWindow}).
 */
final class ReceiveBuffer {
  // SKB_TRUESIZE(advmss + MAX_TCP_HEADER) less advmss: MAX_TCP_HEADER (320 on x86-64, as in
  // SkbTruesize.PAGED_HEAD) plus the cache-aligned struct sk_buff (256) and skb_shared_info (320).
  private static final long RCVMEM_BASE = 320 + 256 + 320;

  private final KernelProfile profile;
  private final ReceiveAutotuning rule;
  private final boolean autotune;
  private final long max;
  private long buffer;
  private long window;
  private long space;
  private long spaceTime;
  private long spaceRead;

  /**
   * @param profile the kernel's window arithmetic and autotuning
   * @param rmemDefault tcp_rmem[1]
   * @param rmemMax tcp_rmem[2]
   * @param requested SO_RCVBUF, or 0 or less when the application did not set it
   */
  ReceiveBuffer(KernelProfile profile, long rmemDefault, long rmemMax, long requested) {
    this.profile = profile;
    this.rule = profile.receiveAutotuning();
    this.autotune = requested <= 0;
    this.max = autotune ? rmemMax : TcpSettings.receiveBuffer(requested);
    this.buffer = autotune ? rmemDefault : TcpSettings.receiveBuffer(requested);
    this.window = profile.windowFor(buffer);
  }

  /** The window to advertise. */
  long window() {
    return window;
  }

  /**
   * {@code tcp_init_buffer_space}: the first measure ({@code rcvq_space.space}) is ten segments or
   * the first window offered, whichever is smaller, taken from now.
   *
   * @param firstWindow the window the SYN or SYN-ACK offered
   * @param mss the segment size
   * @param now the clock
   */
  void start(long firstWindow, int mss, long now) {
    if (rule != ReceiveAutotuning.SMOOTHED_RTT) {
      space = Math.min(firstWindow, 10L * mss);
      spaceTime = now;
    }
  }

  /**
   * The application has read {@code bytesRead} in all by {@code now}.
   *
   * @param intervalNs how often to adjust: the receiver's RTT estimate ({@link ReceiverRtt}, 0
   *     while it has none, when nothing is adjusted), or for {@link ReceiveAutotuning#SMOOTHED_RTT}
   *     the interval that rule uses
   * @param mss the segment size ({@code advmss})
   */
  void onRead(long bytesRead, long now, long intervalNs, int mss) {
    if (now - spaceTime < intervalNs || intervalNs <= 0 && rule != ReceiveAutotuning.SMOOTHED_RTT) {
      return;
    }
    long copied = bytesRead - spaceRead;
    if (copied > space) {
      if (autotune) {
        switch (rule) {
          case SMOOTHED_RTT -> grow(profile.bufferForWindow(2 * copied + 16L * mss));
          case RCV_RTT_6_1 -> grow(rateIncreaseBuffer(copied, mss));
          case RCV_RTT_6_17 -> grow(profile.bufferForWindow(2 * copied));
        }
      }
      space = copied;
    }
    spaceRead = bytesRead;
    spaceTime = now;
  }

  /**
   * 6.17's {@code tcp_data_queue_ofo} ends in {@code tcp_rcvbuf_grow}: room for twice the last
   * measure plus what the out-of-order queue now spans beyond rcv_nxt.
   *
   * @param ofoSpan the last out-of-order byte's end minus rcv_nxt
   */
  void onOutOfOrder(long ofoSpan) {
    if (autotune && rule == ReceiveAutotuning.RCV_RTT_6_17) {
      grow(profile.bufferForWindow(2 * space + ofoSpan));
    }
  }

  /** 6.1's window for {@code copied} bytes in a receiver RTT, as a buffer. */
  private long rateIncreaseBuffer(long copied, int mss) {
    long rcvwin = 2 * copied + 16L * mss;
    if (space > 0) {
      rcvwin += 2 * (rcvwin * (copied - space) / space);
    }
    long rcvmem = RCVMEM_BASE + mss;
    while (profile.windowFor(rcvmem) < mss) {
      rcvmem += 128;
    }
    return rcvwin / mss * rcvmem;
  }

  private void grow(long wanted) {
    long size = Math.min(max, wanted);
    if (size > buffer) {
      buffer = size;
      window = profile.windowFor(buffer);
    }
  }
}
