package org.bondsim.tcp;

/**
 * The peer's window as the sender keeps it: {@code snd_wnd}, {@code snd_wl1} (the sequence number
 * of the segment that last set it) and the largest window ever offered ({@code max_window}).
 */
final class SendWindow {
  private long window;
  private long wl1 = -1;
  private long maxWindow;

  /**
   * A window assumed until the peer's first segment.
   *
   * @param assumed bytes
   */
  SendWindow(long assumed) {
    this.window = assumed;
  }

  /** The handshake's window and sequence number ({@code tcp_init_wl}). */
  void establish(long bytes, long seq) {
    window = bytes;
    maxWindow = Math.max(maxWindow, bytes);
    wl1 = seq;
  }

  /**
   * {@code tcp_may_update_window}: a segment may set the window when it acknowledges new data,
   * comes from further on in the peer's sequence space than the one that last set it, or from the
   * same place with a larger window. Reordered ACKs thus never shrink the window back.
   *
   * @param acksNewData whether its ACK moves snd_una
   * @param seq its sequence number
   * @param bytes its window in bytes
   * @return whether it may
   */
  boolean mayUpdate(boolean acksNewData, long seq, long bytes) {
    return acksNewData || seq > wl1 || (seq == wl1 && bytes > window);
  }

  /**
   * {@code tcp_ack_update_window}: takes the segment's window when {@link #mayUpdate} allows.
   *
   * @return whether it did ({@code FLAG_WIN_UPDATE})
   */
  boolean update(boolean acksNewData, long seq, long bytes) {
    if (!mayUpdate(acksNewData, seq, bytes)) {
      return false;
    }
    wl1 = seq;
    window = bytes;
    maxWindow = Math.max(maxWindow, bytes);
    return true;
  }

  /** {@code snd_wnd}, bytes. */
  long window() {
    return window;
  }

  /** {@code max_window}: the largest window the peer offered, 0 before any. */
  long maxWindow() {
    return maxWindow;
  }
}
