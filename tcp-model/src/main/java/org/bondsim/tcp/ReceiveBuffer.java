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
 *   <li>3.16: a window of twice what was read plus 16 segments, times 1.5 when the reading grew by
 *       a quarter over the last and times 2 when by a half, in the same buffers; the window clamp
 *       follows as that window;
 *   <li>2.6.37: the larger of the last measure and twice what was read, in buffers of {@code advmss
 *       + MAX_TCP_HEADER + 16 + sizeof(struct sk_buff)} per segment; the window clamp follows as
 *       that measure.
 * </ul>
 *
 * <p>Both 6.x rules start from {@code tcp_init_buffer_space}'s measure: ten segments, or the first
 * window if smaller; 3.16 from the first window, 2.6.37 from the first window too but timed from
 * the first read. At establishment 2.6.37 and 3.16 first raise the buffer to {@code
 * tcp_fixup_rcvbuf}'s floor (four segments' {@code rcvmem}; 3.16: 160 segments' truesize), and they
 * time the adjustment in ticks ({@link ReceiveAutotuning#inTicks}). Differences: the model's reader
 * takes data as it arrives, so nothing waits unread ({@code inq} is 0); 6.17's {@code
 * scaling_ratio} is the profile's fixed half ({@link KernelProfile#bufferForWindow}); 3.16's {@code
 * struct sk_buff} and {@code skb_shared_info} are taken at 6.x's x86-64 sizes and 2.6.37's {@code
 * struct sk_buff} at 232 bytes; {@code tcp_init_buffer_space}'s first clamp (one segment held back
 * for {@code tcp_app_win}) is not applied on any kernel.
 */
final class ReceiveBuffer {
  // SKB_TRUESIZE(advmss + MAX_TCP_HEADER) less advmss: MAX_TCP_HEADER (320 on x86-64, as in
  // SkbTruesize.PAGED_HEAD) plus the cache-aligned struct sk_buff (256) and skb_shared_info (320).
  private static final long RCVMEM_BASE = 320 + 256 + 320;

  // 3.16's SKB_TRUESIZE(advmss + MAX_TCP_HEADER) less advmss: MAX_TCP_HEADER not yet cache-aligned
  // (128 + MAX_HEADER, 176 with a distribution's config), then the same aligned struct sizes.
  private static final long RCVMEM_BASE_3_16 = 304 + 256 + 320;

  // 2.6.37's rcvmem less advmss: MAX_TCP_HEADER (304) + 16 + sizeof(struct sk_buff), taken as the
  // 232 bytes x86-64 kernels of that era give it (not read from a 2.6.37 build).
  private static final long RCVMEM_BASE_2_6_37 = 304 + 16 + 232;

  private final KernelProfile profile;
  private final ReceiveAutotuning rule;
  private final Jiffies jiffies;
  private final boolean autotune;
  private final long max;
  private long buffer;
  private long window;
  // tp->window_clamp as tcp_rcv_space_adjust sets it on 2.6.37 and 3.16; unlimited before.
  private long clamp = Long.MAX_VALUE;
  private long space;
  // rcvq_space.time: -1 until the measure starts.
  private long spaceTime = -1;
  private long spaceRead;

  /**
   * @param profile the kernel's window arithmetic and autotuning
   * @param rmemDefault tcp_rmem[1]
   * @param rmemMax tcp_rmem[2]
   * @param requested SO_RCVBUF, or 0 or less when the application did not set it
   * @param jiffies the kernel's tick, which 2.6.37 and 3.16 time the adjustment in
   */
  ReceiveBuffer(
      KernelProfile profile, long rmemDefault, long rmemMax, long requested, Jiffies jiffies) {
    this.profile = profile;
    this.rule = profile.receiveAutotuning();
    this.jiffies = jiffies;
    this.autotune = requested <= 0;
    this.max = autotune ? rmemMax : TcpSettings.receiveBuffer(requested);
    this.buffer = autotune ? rmemDefault : TcpSettings.receiveBuffer(requested);
    this.window = profile.windowFor(buffer);
  }

  /** The window to advertise: the buffer's, at most the clamp. */
  long window() {
    return Math.min(window, clamp);
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
    if (autotune) {
      fixup(mss);
    }
    switch (rule) {
      case RCV_RTT_2_6_37 -> space = firstWindow;
      case RCV_RTT_3_16 -> {
        space = firstWindow;
        spaceTime = now;
      }
      case RCV_RTT_6_1, RCV_RTT_6_17 -> {
        space = Math.min(firstWindow, 10L * mss);
        spaceTime = now;
      }
    }
  }

  /**
   * The application has read {@code bytesRead} in all by {@code now} ({@code
   * tcp_rcv_space_adjust}).
   *
   * @param rtt the receiver's RTT estimate; nothing is adjusted while it has none
   * @param mss the segment size ({@code advmss})
   */
  void onRead(long bytesRead, long now, ReceiverRtt rtt, int mss) {
    if (spaceTime < 0) {
      // 2.6.37: rcvq_space.time is 0 until the first read starts the measure.
      restart(bytesRead, now);
      return;
    }
    boolean early =
        rule.inTicks()
            ? jiffies.tick(now) - jiffies.tick(spaceTime) < rtt.rttTicks()
            : now - spaceTime < rtt.rttNs();
    if (early || rtt.rttNs() == 0) {
      return;
    }
    long copied = bytesRead - spaceRead;
    if (rule == ReceiveAutotuning.RCV_RTT_2_6_37) {
      long measure = Math.max(space, 2 * copied);
      if (measure != space) {
        space = measure;
        if (autotune && grow(Math.max(1, measure / mss) * rcvmem(mss))) {
          clamp = measure;
        }
      }
    } else if (copied > space) {
      if (autotune) {
        switch (rule) {
          case RCV_RTT_3_16 -> growClamped(rateStepWindow(copied, mss), mss);
          case RCV_RTT_6_1 -> grow(rateIncreaseBuffer(copied, mss));
          default -> grow(profile.bufferForWindow(2 * copied));
        }
      }
      space = copied;
    }
    restart(bytesRead, now);
  }

  private void restart(long bytesRead, long now) {
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
    return rcvwin / mss * rcvmem(mss);
  }

  /** 3.16's window for {@code copied} bytes: 1.5 times after a quarter's growth, 2 after half. */
  private long rateStepWindow(long copied, int mss) {
    long rcvwin = 2 * copied + 16L * mss;
    if (copied >= space + (space >> 2)) {
      rcvwin = copied >= space + (space >> 1) ? rcvwin << 1 : rcvwin + (rcvwin >> 1);
    }
    return rcvwin;
  }

  /** 3.16: the buffer for {@code rcvwin}, and the clamp follows when the buffer grows. */
  private void growClamped(long rcvwin, int mss) {
    if (grow(rcvwin / mss * rcvmem(mss))) {
      clamp = rcvwin;
    }
  }

  /**
   * {@code tcp_fixup_rcvbuf} at establishment (2.6.37, 3.16): a buffer of at least four segments'
   * {@code rcvmem} (2.6.37), or twice {@code tcp_default_init_rwnd} segments', times four for
   * autotuning's two to three RTTs of latency (3.16); 6.x has no such floor.
   */
  private void fixup(int mss) {
    if (rule == ReceiveAutotuning.RCV_RTT_2_6_37) {
      grow(4 * rcvmem(mss));
    } else if (rule == ReceiveAutotuning.RCV_RTT_3_16) {
      grow((2 * rcvmem(mss) * rule.initialWindowSegments(mss)) << 2);
    }
  }

  /**
   * The buffer one segment takes ({@code SKB_TRUESIZE(advmss + MAX_TCP_HEADER)}, on 2.6.37 its sum
   * of the same parts), raised by 128 until its window holds a segment.
   */
  private long rcvmem(int mss) {
    long base =
        switch (rule) {
          case RCV_RTT_2_6_37 -> RCVMEM_BASE_2_6_37;
          case RCV_RTT_3_16 -> RCVMEM_BASE_3_16;
          case RCV_RTT_6_1, RCV_RTT_6_17 -> RCVMEM_BASE;
        };
    long rcvmem = base + mss;
    while (profile.windowFor(rcvmem) < mss) {
      rcvmem += 128;
    }
    return rcvmem;
  }

  /** Raises the buffer to {@code wanted}, at most the maximum; whether it grew. */
  private boolean grow(long wanted) {
    long size = Math.min(max, wanted);
    if (size > buffer) {
      buffer = size;
      window = profile.windowFor(buffer);
      return true;
    }
    return false;
  }
}
