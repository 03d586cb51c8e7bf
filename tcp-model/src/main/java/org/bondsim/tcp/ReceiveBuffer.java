package org.bondsim.tcp;

/**
 * The receive buffer and the window it advertises. SO_RCVBUF doubles the request, raises it to
 * {@code SOCK_MIN_RCVBUF} and locks the size ({@link TcpSettings#receiveBuffer}); otherwise the
 * buffer starts at tcp_rmem[1] and {@code tcp_rcv_space_adjust} grows it once per receiver RTT: if
 * the application read more than in the last round, it sizes the buffer for twice that plus 16
 * segments, so the sender is never limited by the window, up to tcp_rmem[2].
 */
final class ReceiveBuffer {
  private final KernelProfile profile;
  private final boolean autotune;
  private final long max;
  private long buffer;
  private long window;
  private long space;
  private long spaceTime;
  private long spaceRead;

  /**
   * @param profile the kernel's window arithmetic
   * @param rmemDefault tcp_rmem[1]
   * @param rmemMax tcp_rmem[2]
   * @param requested SO_RCVBUF, or 0 or less when the application did not set it
   */
  ReceiveBuffer(KernelProfile profile, long rmemDefault, long rmemMax, long requested) {
    this.profile = profile;
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
   * The application has read {@code bytesRead} in all by {@code now}.
   *
   * @param intervalNs the receiver's RTT estimate, how often to adjust
   * @param mss the segment size
   */
  void onRead(long bytesRead, long now, long intervalNs, int mss) {
    if (now - spaceTime < intervalNs) {
      return;
    }
    long copied = bytesRead - spaceRead;
    if (autotune && copied > space) {
      long wanted = profile.bufferForWindow(2 * copied + 16L * mss);
      if (wanted > buffer) {
        buffer = Math.min(max, wanted);
        window = profile.windowFor(buffer);
      }
      space = copied;
    }
    spaceRead = bytesRead;
    spaceTime = now;
  }
}
