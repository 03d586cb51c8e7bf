package org.bondsim.tcp;

/**
 * How many segments the sending side puts in one skb and in one GSO packet on kernels that size
 * them ({@code tcp_xmit_size_goal} and {@code tcp_tso_autosize}, 3.12 and later): the sizes {@link
 * Transmitter} sends to.
 */
final class SizeGoals {
  private static final int IPV4_TCP_HEADERS = 40;

  /**
   * The largest skb {@code tcp_sendmsg} builds for a GSO route ({@code tcp_xmit_size_goal}): {@code
   * sk_gso_max_size} less {@code MAX_TCP_HEADER} + 1, 65 215 bytes on x86-64 (6.1's {@code
   * sk_setup_caps} and {@code sk_trim_gso_size}).
   */
  static final int SIZE_GOAL_MAX_BYTES = 65_215;

  private final KernelProfile profile;
  private final RttEstimator rtt;
  private final int minTsoSegs;
  private final int optionBytes;

  SizeGoals(KernelProfile profile, RttEstimator rtt, int minTsoSegs, int optionBytes) {
    this.profile = profile;
    this.rtt = rtt;
    this.minTsoSegs = minTsoSegs;
    this.optionBytes = optionBytes;
  }

  /**
   * Segments in an skb {@code tcp_sendmsg} builds ({@code tcp_xmit_size_goal}): {@link
   * #SIZE_GOAL_MAX_BYTES}, bounded to half the largest window the peer offered ({@code
   * tcp_bound_to_half_wnd}), in whole segments.
   *
   * @param mss the MSS
   * @param maxPeerWindow the largest window the peer offered, 0 before any
   * @return segments, at least 1
   */
  int skb(int mss, long maxPeerWindow) {
    long bytes = SIZE_GOAL_MAX_BYTES;
    if (maxPeerWindow > 0) {
      long cutoff = maxPeerWindow > 536 ? maxPeerWindow >> 1 : maxPeerWindow;
      if (bytes > cutoff) {
        bytes = Math.max(cutoff, 68 - IPV4_TCP_HEADERS + 20 - optionBytes);
      }
    }
    return (int) Math.max(1, bytes / mss);
  }

  /**
   * Segments per GSO packet ({@code tcp_tso_autosize}): the pacing rate's 1 ms ({@code
   * sk_pacing_shift} 10), plus 64 KB >> (min RTT >> {@code tcp_tso_rtt_log}) on a short path, at
   * most 64 KB and at least {@code tcp_min_tso_segs}.
   *
   * @param mss the MSS
   * @param pacingRate bytes per second
   * @return segments
   */
  int tso(int mss, long pacingRate) {
    long bytes = pacingRate >> Pacing.SHIFT;
    if (profile.tsoRttLog() >= 0 && rtt.hasSample()) {
      long r = (rtt.minRttNs() / 1000) >> profile.tsoRttLog();
      if (r < 32) {
        bytes += Transmitter.GSO_MAX_BYTES >> r;
      }
    }
    return (int) Math.max(minTsoSegs, Math.min(bytes, Transmitter.GSO_MAX_BYTES) / mss);
  }
}
