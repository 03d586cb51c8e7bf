package org.bondsim.tcp;

import org.bondsim.api.KernelVersion;

/**
 * Which kernel's TCP behaviour to follow ({@code bondsim.kernel}).
 *
 * <p>{@link #LINUX_6} (default): RACK time-based loss detection when {@code tcp_recovery} has bit
 * 1, PRR, 10-segment initial window, 1 s initial RTO, per-packet window growth, reorder counters
 * per detection event, TCP small queues. {@link #LINUX_2_6_37}: dupthresh loss detection with FACK
 * until reordering is detected, rate-halving, RFC 3390's initial window by MSS, 3 s initial RTO,
 * growth per ACK, reorder counters only when the metric grows (capped at 127), no TCP small queues,
 * and a receiver that ACKs every out-of-order segment at once. {@link #LINUX_6_1}: 6.x, except that
 * the RACK reorder timer and the loss probe add two ticks after rounding to ticks, as before Linux
 * 1c2709cfff1d, and TCP small queues stop at 1 MB ({@code tcp_limit_output_bytes} before 6.16).
 * {@link #LINUX_3_16}: FACK and dupthresh as 2.6.37, with 3.x's PRR, tail loss probes, F-RTO in
 * Loss, TCP small queues with {@code tcp_limit_output_bytes} as a floor, 10-segment initial window,
 * slow start by packets released and congestion avoidance per ACK ({@link KernelProfile}).
 */
public enum Kernel {
  /** Linux 6.x. */
  LINUX_6(KernelVersion.LINUX_6, KernelProfile.LINUX_6),
  /** Linux 6.1 as released: 6.x with the short timers' two-tick floor and a 1 MB TSQ cap. */
  LINUX_6_1(KernelVersion.LINUX_6_1, KernelProfile.LINUX_6_1),
  /** Linux 3.16, the kernel of the tlb_dynamic_lb experiment ({@link KernelProfile#LINUX_3_16}). */
  LINUX_3_16(KernelVersion.LINUX_3_16, KernelProfile.LINUX_3_16),
  /** Linux 2.6.37, the kernel of the reference experiments. */
  LINUX_2_6_37(KernelVersion.LINUX_2_6_37, KernelProfile.LINUX_2_6_37);

  private final KernelVersion version;
  private final KernelProfile profile;

  Kernel(KernelVersion version, KernelProfile profile) {
    this.version = version;
    this.profile = profile;
  }

  /** The API's name for this kernel. */
  KernelVersion version() {
    return version;
  }

  /** What the model does differently under this kernel. */
  KernelProfile profile() {
    return profile;
  }

  /**
   * Whether this kernel's {@code struct tcp_info} carries the transfer totals {@code ss -ti} prints
   * after {@code ssthresh}: {@code tcpi_bytes_acked} and {@code tcpi_bytes_received} (4.1), {@code
   * tcpi_segs_out}/{@code in} (4.2), {@code tcpi_data_segs_out}/{@code in} and {@code tcpi_min_rtt}
   * (4.6), {@code tcpi_delivered} (4.18), {@code tcpi_bytes_sent} and {@code tcpi_bytes_retrans}
   * (4.19), {@code tcpi_snd_wnd} (5.4). 2.6.37's ends at {@code tcpi_total_retrans} and 3.16's at
   * {@code tcpi_max_pacing_rate} ({@code include/linux/tcp.h}, {@code include/uapi/linux/tcp.h} in
   * their trees); a current {@code ss} zeroes what the kernel did not fill, and prints no zero
   * field.
   *
   * @return true for 6.x and 6.1
   */
  boolean tcpInfoHasTotals() {
    return this == LINUX_6 || this == LINUX_6_1;
  }

  /** Reads {@code bondsim.kernel}'s word; the API enum owns the words and the message. */
  static Kernel parse(String text) {
    KernelVersion version = KernelVersion.parse(text);
    for (Kernel kernel : values()) {
      if (kernel.version == version) {
        return kernel;
      }
    }
    throw new IllegalStateException("no TCP profile for kernel " + version);
  }
}
