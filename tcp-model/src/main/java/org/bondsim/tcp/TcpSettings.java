package org.bondsim.tcp;

import java.util.List;
import org.bondsim.api.option.ChoiceOption;
import org.bondsim.api.option.ChoiceOption.Choice;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.TextOption;

/**
 * The sysctls the TCP model reads, with Linux's names, defaults and ranges ({@code
 * Documentation/networking/ip-sysctl.rst}), and the kernel profile.
 *
 * @param kernel which kernel's behaviour
 * @param reordering {@code net.ipv4.tcp_reordering}, the initial reordering estimate
 * @param maxReordering {@code net.ipv4.tcp_max_reordering} (2.6.37: fixed at 127)
 * @param recovery {@code net.ipv4.tcp_recovery}; bit 1 enables RACK
 * @param sack {@code net.ipv4.tcp_sack}
 * @param dsack {@code net.ipv4.tcp_dsack}
 * @param timestamps {@code net.ipv4.tcp_timestamps}
 * @param congestionControl {@code net.ipv4.tcp_congestion_control}: the name of a {@link
 *     CongestionControls} algorithm, cubic (the default) or reno unless a plugin adds one
 * @param earlyRetrans {@code net.ipv4.tcp_early_retrans}: 3 or 4 enable tail loss probes; on 3.16 1
 *     to 3 also enable early retransmit, delayed with 2 and 3 ({@link EarlyRetransmit})
 * @param gso whether the sender hands super-packets to the bond (GSO or TSO on)
 * @param rmemDefault {@code tcp_rmem[1]}, the receive buffer a socket starts with; the kernel
 *     profile's unless {@code net.ipv4.tcp_rmem} is given
 * @param rmemMax {@code tcp_rmem[2]}, the largest receive buffer autotuning reaches, which also
 *     sets the window scale a SYN offers ({@code tcp_select_initial_window}); the kernel profile's
 *     unless {@code net.ipv4.tcp_rmem} is given
 * @param slowStartAfterIdle {@code net.ipv4.tcp_slow_start_after_idle}: restart the window after an
 *     idle period longer than the RTO (RFC 2861, {@code tcp_cwnd_restart})
 * @param minTsoSegs {@code net.ipv4.tcp_min_tso_segs}, the fewest segments autosizing puts in a TSO
 *     packet
 * @param jiffies the kernel's tick ({@code bondsim.hz}, {@code CONFIG_HZ}, 1000 unless set) and
 *     timer wheel ({@code bondsim.timer_wheel}, the kernel's unless set)
 * @param limitOutputBytes {@code net.ipv4.tcp_limit_output_bytes}, TCP small queues' cap: the
 *     kernel profile's unless given; 0 on 2.6.37, which has no TCP small queues and no such sysctl
 * @param hystartDetect CUBIC's HyStart detectors: the module parameter {@code
 *     tcp_cubic.hystart_detect} (1: ACK train, 2: delay, 3: both, the default), 0 when {@code
 *     tcp_cubic.hystart} is 0
 * @param frto {@code net.ipv4.tcp_frto}: 0 off, otherwise F-RTO after a timeout as the kernel has
 *     it ({@link KernelProfile#frto}); on 2.6.37, 1 is the basic variant and 2 (the default) the
 *     SACK-enhanced one where SACK is on
 * @param invalidRatelimitMs {@code net.ipv4.tcp_invalid_ratelimit}: the least time between two
 *     duplicate ACKs answering segments that failed PAWS or fell outside the window (500 ms)
 * @param fack {@code net.ipv4.tcp_fack} (1 by default): on a kernel with FACK ({@link
 *     KernelProfile#fack}, 2.6.37) a SACK connection starts with FACK loss detection ({@code
 *     tcp_enable_fack}); 0 leaves it off. Later kernels retired FACK (Linux 4.15) and keep the
 *     sysctl as a legacy option with no effect, as the model does
 * @param metricsSave {@code net.ipv4.tcp_no_metrics_save} is 0 (the default): a closing connection
 *     saves what it learned into its host's per-destination metrics ({@link TcpMetrics}), where the
 *     host keeps them
 * @param ssthreshMetricsSave {@code net.ipv4.tcp_no_ssthresh_metrics_save} is 0: the metrics carry
 *     ssthresh too (6.x; the sysctl came with Linux 5.6 set to 1, and 2.6.37, which has none,
 *     always saves and loads it)
 * @param frtoResponse {@code net.ipv4.tcp_frto_response} (2.6.37 only; 0 by default): what a
 *     spurious timeout does to the window, 0 rate-halving, 1 cwnd to ssthresh, 2 undo
 * @param windowGrowth the receiver opens its window as the kernel does, from the handshake's window
 *     by {@code tcp_grow_window} ({@link RcvSsthresh}); false ({@code bondsim.rcv_ssthresh off},
 *     which the crosscheck runs kept from before 2026-12-07 name) offers the buffer's whole window
 *     at once, as bondsim did before
 * @param sharedXmitTimer the RTO, the loss probe and RACK's reorder timeout share one timer and
 *     take it from each other as Linux's do ({@code icsk_retransmit_timer}), and resending the head
 *     in recovery restarts the RTO; false ({@code bondsim.xmit_timer separate}, which the
 *     crosscheck runs kept from before 2026-12-08 name) keeps them apart, as bondsim did before
 */
public record TcpSettings(
    Kernel kernel,
    int reordering,
    int maxReordering,
    int recovery,
    boolean sack,
    boolean dsack,
    boolean timestamps,
    String congestionControl,
    int earlyRetrans,
    boolean gso,
    long rmemDefault,
    long rmemMax,
    boolean slowStartAfterIdle,
    int minTsoSegs,
    Jiffies jiffies,
    long limitOutputBytes,
    int hystartDetect,
    int frto,
    int invalidRatelimitMs,
    boolean fack,
    boolean metricsSave,
    boolean ssthreshMetricsSave,
    int frtoResponse,
    boolean windowGrowth,
    boolean sharedXmitTimer) {
  /**
   * The setting that holds the netperf host's per-destination metrics when a run starts ({@link
   * TcpMetrics#parse}'s text); a run without it keeps no metrics at all.
   */
  public static final String METRICS_SETTING = "bondsim.tcp_metrics";

  /**
   * The settings specs a run checks {@code --sysctl} values against, {@code
   * net.ipv4.tcp_congestion_control} taking the name of any algorithm on the class path ({@link
   * CongestionControls}).
   *
   * @return the specs
   */
  public static List<OptionSpec> specs() {
    return List.of(
        new ChoiceOption(
            "bondsim.kernel",
            "6.x",
            List.of(
                new Choice("6.x", 6),
                new Choice("6.1", 61),
                new Choice("3.16", 316),
                new Choice("2.6.37", 2)),
            "which kernel's TCP to follow"),
        new ChoiceOption(
            "bondsim.hz",
            "1000",
            List.of(
                new Choice("100", 100),
                new Choice("250", 250),
                new Choice("300", 300),
                new Choice("1000", 1000)),
            "CONFIG_HZ: the tick TCP's timers round to"),
        new ChoiceOption(
            "bondsim.timer_wheel",
            "kernel",
            List.of(
                new Choice("kernel", 0),
                new Choice("cascading", 1),
                new Choice("non-cascading", 2)),
            "when a jiffies timer runs: the kernel's wheel (the default), on the tick its expiry"
                + " names (cascading, before 4.8) or a granule after it (non-cascading, 4.8 on)"),
        new ChoiceOption(
            "bondsim.rcv_ssthresh",
            "kernel",
            List.of(new Choice("kernel", 1), new Choice("off", 0)),
            "how the receiver opens its window: from the handshake's, grown by each segment with a"
                + " quick ACK as tcp_grow_window does (kernel, the default), or the buffer's whole"
                + " window at once, as bondsim did before 2026-12-07 (off)"),
        new ChoiceOption(
            "bondsim.xmit_timer",
            "kernel",
            List.of(new Choice("kernel", 1), new Choice("separate", 0)),
            "the RTO, loss probe and RACK reorder timeout: one timer that each takes from the"
                + " others, with the RTO restarted when recovery resends the head, as"
                + " icsk_retransmit_timer (kernel, the default), or three apart, as bondsim ran"
                + " them before 2026-12-08 (separate)"),
        new IntOption("net.ipv4.tcp_reordering", 3, 1, 300, "", "initial reordering level"),
        new IntOption(
            "net.ipv4.tcp_max_reordering", 300, 1, 65535, "", "cap on the reordering level"),
        new IntOption("net.ipv4.tcp_recovery", 1, 0, 7, "", "bit 1: RACK loss detection"),
        new IntOption("net.ipv4.tcp_sack", 1, 0, 1, "", "negotiate SACK"),
        new IntOption("net.ipv4.tcp_dsack", 1, 0, 1, "", "send DSACKs"),
        new IntOption(
            "net.ipv4.tcp_fack",
            1,
            0,
            1,
            "",
            "FACK loss detection with SACK (2.6.37; a legacy option with no effect since 4.15)"),
        new IntOption(
            "net.ipv4.tcp_slow_start_after_idle",
            1,
            0,
            1,
            "",
            "restart the window after an idle RTO (RFC 2861)"),
        new IntOption("net.ipv4.tcp_timestamps", 1, 0, 1, "", "negotiate timestamps"),
        new IntOption("net.ipv4.tcp_early_retrans", 3, 0, 4, "", "3 or 4: tail loss probes (6.x)"),
        new ChoiceOption(
            "net.ipv4.tcp_congestion_control",
            "cubic",
            congestionControlChoices(),
            "congestion control (a name, as Linux takes it: any algorithm on the class path)"),
        new IntOption("bondsim.gso", 0, 0, 1, "", "1: the sender uses GSO/TSO super-packets"),
        new IntOption(
            "net.ipv4.tcp_min_tso_segs", 2, 1, 255, "", "fewest segments in a TSO packet"),
        new TextOption(
            "net.ipv4.tcp_limit_output_bytes",
            "",
            "bytes TCP small queues let one socket keep below TCP (empty: the kernel's, 4 MB on"
                + " 6.x, 1 MB on 6.1; 2.6.37 has no TCP small queues)"),
        new IntOption(
            "net.ipv4.tcp_frto",
            2,
            0,
            2,
            "",
            "F-RTO after a timeout: 0 off (6.x: RFC 5682; 2.6.37: 1 basic, 2 SACK-enhanced)"),
        new IntOption(
            "net.ipv4.tcp_frto_response",
            0,
            0,
            2,
            "",
            "2.6.37: a spurious timeout's window, 0 rate-halving, 1 ssthresh, 2 undo"),
        new IntOption(
            "tcp_cubic.hystart",
            1,
            0,
            1,
            "",
            "CUBIC module parameter: hybrid slow start (HyStart) on"),
        new IntOption(
            "tcp_cubic.hystart_detect",
            3,
            0,
            3,
            "",
            "CUBIC module parameter: HyStart's detectors, 1 ACK train, 2 delay, 3 both"),
        new IntOption(
            "net.ipv4.tcp_invalid_ratelimit",
            500,
            0,
            60_000,
            "ms",
            "least time between duplicate ACKs answering out-of-window or PAWS-failing ACKs"),
        new IntOption(
            "net.ipv4.tcp_no_metrics_save",
            0,
            0,
            1,
            "",
            "1: a closing connection saves nothing in the per-destination TCP metrics"),
        new IntOption(
            "net.ipv4.tcp_no_ssthresh_metrics_save",
            1,
            0,
            1,
            "",
            "0: the per-destination TCP metrics carry ssthresh too (6.x; 2.6.37 always does)"),
        new TextOption(
            METRICS_SETTING,
            "",
            "the netperf host's per-destination TCP metrics for its peer when the run starts"
                + " (--tcp-metrics: an 'ip tcp_metrics show' line, or flush)"),
        new TextOption(
            "net.ipv4.tcp_rmem",
            "",
            "MIN DEFAULT MAX receive buffer bytes: DEFAULT to start, MAX for autotuning and"
                + " the SYN's window scale (empty: the kernel's)"));
  }

  /**
   * The algorithms on the class path, and the names two plugins claim, so that choosing one of
   * those is refused with the reason when the connection is made ({@link CongestionControls}).
   */
  private static List<Choice> congestionControlChoices() {
    var available = CongestionControls.available();
    List<Choice> choices = new java.util.ArrayList<>();
    available.found().forEach(f -> choices.add(Choice.wordOnly(f.name())));
    available.conflicts().keySet().forEach(name -> choices.add(Choice.wordOnly(name)));
    return choices;
  }

  /**
   * Reads the settings of a run; values were checked against {@link #specs} already.
   *
   * @param context the run
   * @return the settings
   */
  public static TcpSettings of(TcpSysctls context) {
    Kernel kernel = Kernel.parse(context.setting("bondsim.kernel", "6.x"));
    int fixed = kernel.profile().fixedMaxReordering();
    int maxReordering =
        fixed > 0 ? fixed : Integer.parseInt(context.setting("net.ipv4.tcp_max_reordering", "300"));
    long[] rmem = rmem(context.setting("net.ipv4.tcp_rmem", ""), kernel.profile());
    String response = context.setting("net.ipv4.tcp_frto_response", "").trim();
    if (kernel.profile().frto() != KernelProfile.FrtoRule.PROCESS_FRTO && !response.isEmpty()) {
      // The sysctl went with 2.6.37's F-RTO: 3.16's ip-sysctl.txt has none, nor do later ones.
      throw new IllegalArgumentException(
          "net.ipv4.tcp_frto_response="
              + response
              + " is a sysctl of 2.6.37's F-RTO, which later kernels do not have; allowed:"
              + " --kernel 2.6.37, or leave it out");
    }
    String ssthreshSave = context.setting("net.ipv4.tcp_no_ssthresh_metrics_save", "").trim();
    boolean ssthreshSysctl =
        kernel.profile().metricsCache() == KernelProfile.MetricsCache.TCP_METRICS;
    if (!ssthreshSysctl && !ssthreshSave.isEmpty()) {
      // 2.6.37 and 3.16 have no such sysctl: sysctl(8) would fail, and they save ssthresh anyway.
      throw new IllegalArgumentException(
          "net.ipv4.tcp_no_ssthresh_metrics_save="
              + ssthreshSave
              + " is not a sysctl of "
              + kernel.version().word()
              + " (it came with 5.6; before it the metrics always carry ssthresh); allowed under"
              + " --kernel "
              + kernel.version().word()
              + ": leave it out");
    }
    return TcpSettings.builder()
        .kernel(kernel)
        .reordering(Integer.parseInt(context.setting("net.ipv4.tcp_reordering", "3")))
        .maxReordering(maxReordering)
        .recovery(Integer.parseInt(context.setting("net.ipv4.tcp_recovery", "1")))
        .sack(context.setting("net.ipv4.tcp_sack", "1").equals("1"))
        .dsack(context.setting("net.ipv4.tcp_dsack", "1").equals("1"))
        .timestamps(context.setting("net.ipv4.tcp_timestamps", "1").equals("1"))
        .congestionControl(context.setting("net.ipv4.tcp_congestion_control", "cubic"))
        .earlyRetrans(Integer.parseInt(context.setting("net.ipv4.tcp_early_retrans", "3")))
        .gso(context.setting("bondsim.gso", "0").equals("1"))
        .rmemDefault(rmem[1])
        .rmemMax(rmem[2])
        .slowStartAfterIdle(context.setting("net.ipv4.tcp_slow_start_after_idle", "1").equals("1"))
        .minTsoSegs(Integer.parseInt(context.setting("net.ipv4.tcp_min_tso_segs", "2")))
        .jiffies(
            new Jiffies(
                Integer.parseInt(context.setting("bondsim.hz", "1000")),
                timerWheel(context.setting("bondsim.timer_wheel", "kernel"), kernel.profile())))
        .limitOutputBytes(
            limitOutputBytes(
                context.setting("net.ipv4.tcp_limit_output_bytes", ""), kernel.profile()))
        .hystartDetect(
            context.setting("tcp_cubic.hystart", "1").equals("1")
                ? Integer.parseInt(context.setting("tcp_cubic.hystart_detect", "3"))
                : 0)
        .frto(Integer.parseInt(context.setting("net.ipv4.tcp_frto", "2")))
        .frtoResponse(Integer.parseInt(context.setting("net.ipv4.tcp_frto_response", "0")))
        .invalidRatelimitMs(
            Integer.parseInt(context.setting("net.ipv4.tcp_invalid_ratelimit", "500")))
        .fack(context.setting("net.ipv4.tcp_fack", "1").equals("1"))
        .metricsSave(context.setting("net.ipv4.tcp_no_metrics_save", "0").equals("0"))
        .ssthreshMetricsSave(!ssthreshSysctl || ssthreshSave.equals("0"))
        .windowGrowth(context.setting("bondsim.rcv_ssthresh", "kernel").equals("kernel"))
        .sharedXmitTimer(context.setting("bondsim.xmit_timer", "kernel").equals("kernel"))
        .build();
  }

  /** Reads bondsim.timer_wheel: the kernel's wheel unless a wheel is named. */
  private static TimerWheel timerWheel(String word, KernelProfile profile) {
    return word.equals("kernel") ? profile.timerWheel() : TimerWheel.of(word);
  }

  /** Reads tcp_limit_output_bytes: a byte count, or the kernel's when not given. */
  private static long limitOutputBytes(String text, KernelProfile profile) {
    if (text.isBlank() || profile.limitOutputBytes() == 0) {
      return profile.limitOutputBytes();
    }
    long value;
    try {
      value = Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      value = -1;
    }
    if (value < 1 || value > Integer.MAX_VALUE) {
      throw OptionException.mustBe(
          "net.ipv4.tcp_limit_output_bytes", "a byte count from 1 to 2147483647", text);
    }
    return value;
  }

  /** Reads tcp_rmem: "4096 131072 6291456" as {@code sysctl} prints it. */
  private static long[] rmem(String text, KernelProfile profile) {
    if (text.isBlank()) {
      return new long[] {4096, profile.rmemDefault(), profile.rmemMax()};
    }
    String[] words = text.trim().split("\\s+");
    long[] values = new long[words.length];
    boolean valid = words.length == 3;
    for (int i = 0; valid && i < 3; i++) {
      try {
        values[i] = Long.parseLong(words[i]);
      } catch (NumberFormatException e) {
        valid = false;
      }
      valid &= values[i] >= 1 && (i == 0 || values[i] >= values[i - 1]);
    }
    if (!valid) {
      throw OptionException.mustBe(
          "net.ipv4.tcp_rmem", "three byte counts MIN DEFAULT MAX in increasing order", text);
    }
    return values;
  }

  /**
   * The window scale a SYN offers ({@code tcp_select_initial_window}): the smallest shift that fits
   * the largest receive buffer into the 16-bit window field, at most 14 (RFC 7323).
   *
   * @return the shift
   */
  int windowScale() {
    long space = rmemMax;
    int scale = 0;
    while (space > 65535 && scale < 14) {
      space >>= 1;
      scale++;
    }
    return scale;
  }

  /**
   * Returns whether RACK detects losses: Linux 4.4 and later with {@code tcp_recovery} bit 1 and
   * SACK.
   *
   * @return true under RACK
   */
  boolean rack() {
    return kernel.profile().rack() && (recovery & 1) != 0 && sack;
  }

  /**
   * The send buffer as Linux sizes it. {@code setsockopt(SO_SNDBUF)} doubles the request and raises
   * it to SOCK_MIN_SNDBUF ({@code include/net/sock.h}: 2 x (2048 + the aligned sk_buff), 4608 on
   * x86-64 in 6.x; a flat 2048 in 2.6.37); without it Linux autotunes the buffer up to tcp_wmem[2]
   * (4 MB). Differences: without {@code SO_SNDBUF} the model gives tcp_wmem[2] from the start,
   * counted in bytes of data, where Linux starts at tcp_wmem[1] and grows the buffer, in truesize,
   * to twice the larger of cwnd, 10 and the reordering level + 1 segments' buffers ({@code
   * tcp_sndbuf_expand}) once the application waited for room, so an application Linux's buffer
   * holds back in slow start is not held here; net.core.wmem_max, which caps the request in Linux
   * (212992 by default), is not applied, so {@code -s 4M} gives 8 MB as on a host whose wmem_max
   * was raised.
   *
   * @param requested {@code -s}, or 0 when not given
   * @return bytes
   */
  public long sendBuffer(int requested) {
    if (requested <= 0) {
      return 4_194_304L;
    }
    return Math.max(2L * requested, kernel.profile().sockMinSndbuf());
  }

  /**
   * {@code SOCK_MIN_RCVBUF} on x86-64 6.x ({@code include/net/sock.h}: {@code
   * TCP_SKB_MIN_TRUESIZE}, 2048 + the sk_buff aligned to 64 bytes, 256). 2.6.37's is 2048 + the
   * unaligned sk_buff, some bytes less depending on the build; the model uses 6.x's for both.
   */
  public static final long SOCK_MIN_RCVBUF = 2304;

  /**
   * The receive buffer {@code setsockopt(SO_RCVBUF)} gives: twice the request, at least {@link
   * #SOCK_MIN_RCVBUF} ({@code sock_setsockopt}'s {@code set_rcvbuf}); what {@code getsockopt}
   * reports and netperf prints. Difference: net.core.rmem_max, which caps the request in Linux, is
   * not applied.
   *
   * @param requested {@code -S}, or 0 or less when not given
   * @return bytes, or 0 when not given (the buffer autotunes from tcp_rmem[1])
   */
  public static long receiveBuffer(long requested) {
    return requested <= 0 ? 0 : Math.max(2L * requested, SOCK_MIN_RCVBUF);
  }

  /**
   * Returns {@code tcp_rmem[1]}, the receive buffer a socket starts with when no {@code SO_RCVBUF}
   * is set (what {@code getsockopt} then reports).
   *
   * @return bytes
   */
  public long rmemDefault() {
    return rmemDefault;
  }

  /**
   * Returns what the model does differently under the chosen kernel.
   *
   * @return the kernel's profile
   */
  KernelProfile profile() {
    return kernel.profile();
  }

  /**
   * Returns a builder with no component set.
   *
   * @return the builder
   */
  public static TcpSettingsBuilder builder() {
    return new TcpSettingsBuilder();
  }

  /**
   * Returns a builder with these components, to change a few by name.
   *
   * @return the builder
   */
  public TcpSettingsBuilder toBuilder() {
    return new TcpSettingsBuilder(this);
  }
}
