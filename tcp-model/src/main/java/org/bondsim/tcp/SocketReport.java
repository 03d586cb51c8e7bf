package org.bondsim.tcp;

import java.util.OptionalInt;

/**
 * A connection's state as the tools report it: {@code ss -ti}'s line, {@code getsockopt(TCP_INFO)}
 * and the figures a workload's result carries. Reads the parts; changes nothing.
 */
final class SocketReport {
  private final TcpHost context;
  private final TcpSettings settings;
  private final NegotiatedOptions options;
  private final RttEstimator rtt;
  private final CongestionWindow window;
  private final ReorderingEstimator reordering;
  private final RetransmitQueue queue;
  private final Recovery recovery;
  private final NewRenoDupacks newReno;
  private final Receiver receiver;
  private final Transmitter transmitter;
  private final Handshake handshake;
  private final RetransmitTimer rto;

  SocketReport(
      TcpHost context,
      TcpSettings settings,
      NegotiatedOptions options,
      RttEstimator rtt,
      CongestionWindow window,
      ReorderingEstimator reordering,
      RetransmitQueue queue,
      Recovery recovery,
      NewRenoDupacks newReno,
      Receiver receiver,
      Transmitter transmitter,
      Handshake handshake,
      RetransmitTimer rto) {
    this.context = context;
    this.settings = settings;
    this.options = options;
    this.rtt = rtt;
    this.window = window;
    this.reordering = reordering;
    this.queue = queue;
    this.recovery = recovery;
    this.newReno = newReno;
    this.receiver = receiver;
    this.transmitter = transmitter;
    this.handshake = handshake;
    this.rto = rto;
  }

  /**
   * Returns the connection as {@code ss -ti} prints it ({@link SsLine}: iproute2's order and
   * omission rules, over the tcp_info fields the model keeps).
   */
  String describe() {
    SocketInfo info = socketInfo();
    SsLine line =
        new SsLine()
            .flag(options.timestampsOk, "ts")
            .flag(options.sackOk, "sack")
            .word(settings.congestionControl());
    int peerScale = handshake.peerWindowScale();
    if (peerScale >= 0 && settings.windowScale() >= 0) {
      line.word("wscale:" + peerScale + "," + settings.windowScale());
    }
    // tcp_show_info hides the 3 s TCP_TIMEOUT_FALLBACK.
    if (info.rtoUs() != 3_000_000L) {
      line.millis("rto", info.rtoUs() / 1000.0);
    }
    line.count("backoff", rto.backoff());
    if (info.rttUs() != 0) {
      line.pair("rtt", SsLine.g(info.rttUs() / 1000.0), SsLine.g(info.rttvarUs() / 1000.0));
    }
    line.count("mss", info.sndMss())
        .count("pmtu", context.mtu())
        .count("rcvmss", info.rcvMss())
        .count("advmss", context.mtu() - 40L - options.optionBytes)
        .count("cwnd", info.sndCwnd());
    if (info.sndSsthresh() < 0xFFFF) {
      line.count("ssthresh", info.sndSsthresh());
    }
    // Older kernels' tcp_info ends before the totals: ss finds zeros and prints nothing.
    boolean totals = settings.kernel().tcpInfoHasTotals();
    if (totals) {
      ConnectionTotals sent = transmitter.totals();
      line.count("bytes_sent", sent.bytesSent)
          .count("bytes_retrans", sent.bytesRetrans)
          .count("bytes_acked", queue.sndUna())
          .count("bytes_received", sent.bytesReceived)
          .count("segs_out", sent.segsOut)
          .count("segs_in", sent.segsIn)
          .count("data_segs_out", sent.dataSegsOut)
          .count("data_segs_in", sent.dataSegsIn);
    }
    if (info.rttUs() > 0) {
      // ss computes this one from tcpi_snd_cwnd, tcpi_snd_mss and tcpi_rtt, which every kernel has.
      line.rate("send", info.sndCwnd() * (double) info.sndMss() * 8_000_000.0 / info.rttUs());
    }
    if (totals) {
      line.count("delivered", info.delivered());
    }
    line.count("unacked", info.unacked());
    if (info.retrans() != 0 || info.totalRetrans() != 0) {
      line.pair("retrans", Long.toString(info.retrans()), Long.toString(info.totalRetrans()));
    }
    line.count("lost", info.lost()).count("sacked", info.sacked());
    if (info.reordering() != 3) {
      line.count("reordering", info.reordering());
    }
    if (totals) {
      line.millis("minrtt", rtt.minRttNs() / 1000 / 1000.0)
          .count("snd_wnd", transmitter.peerWindow());
    }
    return line.toString();
  }

  /**
   * Returns {@code getsockopt(TCP_INFO)}: the fields of {@code struct tcp_info} the model keeps.
   */
  SocketInfo socketInfo() {
    return new SocketInfo(
        recovery.caState().ordinal(),
        window.cwnd,
        window.ssthresh == Integer.MAX_VALUE ? 0x7fffffffL : window.ssthresh,
        queue.size(),
        // Without SACK, Linux's sacked_out counts duplicate ACKs (tcp_add_reno_sack).
        options.sackOk ? queue.sackedOut() : newReno.dupacks(),
        queue.lostOut(),
        queue.retransOut(),
        transmitter.retransmitted(),
        reordering.level(),
        rto.currentNs() / 1000,
        rtt.srttNs() / 1000,
        rtt.rttvarNs() / 1000,
        options.mss,
        receiver.rcvMss(),
        queue.delivered(),
        lastDataRecvMs(),
        queue.dsackDups());
  }

  /** {@code jiffies_to_msecs(tcp_jiffies32 - icsk_ack.lrcvtime)}. */
  private long lastDataRecvMs() {
    Jiffies jiffies = settings.jiffies();
    long ticks = jiffies.tick(context.now()) - jiffies.tick(receiver.lastReceivedNs());
    return jiffies.millis(ticks);
  }

  /** Returns the same state as {@code struct tcp_info} figures. */
  TcpState state() {
    return new TcpState(
        window.cwnd,
        // Linux's "infinite" ssthresh (TCP_INFINITE_SSTHRESH) has no number.
        window.ssthresh == Integer.MAX_VALUE
            ? OptionalInt.empty()
            : OptionalInt.of(window.ssthresh),
        rtt.srttNs() / 1000.0,
        rtt.rttvarNs() / 1000.0,
        reordering.level(),
        transmitter.retransmitted(),
        queue.delivered(),
        queue.sndUna(),
        queue.sndNxt());
  }
}
