package org.bondsim.tcp;

import java.util.List;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.SynOptions;
import org.bondsim.api.tcp.TcpSegment;

/**
 * The three-way handshake ({@code tcp_connect}, {@code tcp_rcv_synsent_state_process}, {@code
 * tcp_rcv_state_process}): SYN and SYN-ACK offer MSS, SACK, timestamps and window scaling; the
 * negotiation takes the smaller MSS and the options both ends enable ({@code tcp_parse_options}); a
 * lost SYN is retransmitted after the initial RTO, doubling.
 *
 * <p>The SYN carries its options as {@link SynOptions}: MSS, SACK-permitted when {@code tcp_sack}
 * is on, timestamps when {@code tcp_timestamps} is on, and the window scale for {@code
 * tcp_rmem[2]}. A SYN-ACK offers SACK, timestamps and window scaling only when the SYN did ({@code
 * tcp_openreq_init}, {@code tcp_synack_options}). The window fields are bytes (the wire's scaling
 * is not modelled: a segment's window is what the peer may send), so the scale is only offered, for
 * a packetdrill script or a capture to read.
 */
final class Handshake {
  /** What the endpoint does after a SYN. */
  enum Outcome {
    /** Nothing more: a SYN-ACK went out (passive open). */
    ANSWERED,
    /** ACK again: the peer retransmitted its SYN-ACK, so our ACK was lost. */
    REACK,
    /** Established (active open): ACK and start sending. */
    ESTABLISHED
  }

  // Options: MSS (4), SACK-permitted (2), timestamps (10), window scale (3), padded to 20.
  private static final int SYN_OPTION_BYTES = 20;

  /** What a SYN without options offers: the default MSS and nothing else. */
  private static final SynOptions NO_OPTIONS = new SynOptions(0, false, false, -1);

  private final TcpHost context;
  private final Frame frame;
  private final TcpSettings settings;
  private final NegotiatedOptions options;
  private final TcpCounters counters;
  private final long initialRtoNs;
  private final Receiver receiver;
  private final RetransmitTimer timer;
  private final RttEstimator rtt;
  private long synSentAt;
  private final Transmitter transmitter;
  private boolean established;
  private boolean synReceived;
  private SynOptions peerOptions;
  private int synRetries;
  private final Runnable onEstablished;

  Handshake(
      TcpHost context,
      Frame frame,
      TcpSettings settings,
      NegotiatedOptions options,
      TcpCounters counters,
      Receiver receiver,
      RetransmitTimer timer,
      Transmitter transmitter,
      RttEstimator rtt,
      Runnable onEstablished) {
    this.context = context;
    this.onEstablished = onEstablished;
    this.receiver = receiver;
    this.timer = timer;
    this.transmitter = transmitter;
    this.rtt = rtt;
    this.frame = frame;
    this.settings = settings;
    this.options = options;
    this.counters = counters;
    this.initialRtoNs = settings.profile().initialRtoNs();
  }

  boolean established() {
    return established;
  }

  /** The MSS this end advertises: the MTU less IPv4 and TCP headers ({@code tcp_advertise_mss}). */
  private int advertisedMss() {
    return context.mtu() - 40;
  }

  /** The window scale the peer's SYN offered, or -1 for none (or before it arrived). */
  int peerWindowScale() {
    return peerOptions == null ? -1 : peerOptions.windowScale();
  }

  /** Active open. */
  void connect() {
    sendSyn(false);
  }

  private void sendSyn(boolean ack) {
    counters.outSegs++;
    transmitter.totals().segsOut++;
    // A SYN-ACK offers only what the SYN offered (tcp_openreq_init's sack_ok, tstamp_ok,
    // wscale_ok).
    SynOptions peer = ack ? peerOptions : null;
    boolean sack = settings.sack() && (peer == null || peer.sackPermitted());
    boolean timestamps = settings.timestamps() && (peer == null || peer.timestamps());
    int scale = peer == null || peer.windowScale() >= 0 ? settings.windowScale() : -1;
    TcpSegment syn =
        new TcpSegment(
            -1,
            ack ? 0 : -1,
            TcpSegment.SYN | (ack ? TcpSegment.ACK : 0),
            // A SYN's window is never scaled (RFC 7323 2.2); a SYN-ACK knows whether timestamps
            // will take option space from each segment.
            receiver.synWindow(advertisedMss() - (ack && timestamps ? 12 : 0)),
            SYN_OPTION_BYTES,
            List.of(),
            timestamps ? TcpClock.ms(context) : 0,
            ack && timestamps ? receiver.tsRecent() : 0,
            new SynOptions(advertisedMss(), sack, timestamps, scale));
    // A SYN belongs to no measured flow (flow -1), so it takes no number of the data flow: the
    // reorder meter would otherwise see number 0 as lost.
    context.send(new Packet(frame, 0, syn, -1, 0, context.now(), null, 0));
    synSentAt = context.now();
    timer.armIn(initialRtoNs << synRetries);
  }

  Outcome receiveSyn(TcpSegment syn) {
    SynOptions offered = syn.synOptions() != null ? syn.synOptions() : NO_OPTIONS;
    peerOptions = offered;
    options.sackOk = settings.sack() && offered.sackPermitted();
    options.timestampsOk = settings.timestamps() && offered.timestamps();
    options.optionBytes = options.timestampsOk ? 12 : 0;
    options.mss = Math.min(advertisedMss(), offered.mssOrDefault()) - options.optionBytes;
    if (options.timestampsOk) {
      receiver.seedTimestamp(syn.tsVal());
    }
    if (!syn.has(TcpSegment.ACK)) {
      synReceived = true;
      sendSyn(true);
      return Outcome.ANSWERED;
    }
    if (established) {
      return Outcome.REACK;
    }
    synReceived = true;
    establish(syn);
    return Outcome.ESTABLISHED;
  }

  /**
   * A segment other than a SYN arrived: on the passive side the handshake's third segment (or the
   * first data) completes it, and its window is the first the peer offers.
   *
   * @param segment the segment
   * @return false when the segment must be ignored (no SYN seen yet)
   */
  boolean acceptSegment(TcpSegment segment) {
    if (established) {
      return true;
    }
    if (!synReceived) {
      return false;
    }
    establish(segment);
    return true;
  }

  /**
   * The handshake's RTT sample: SYN to SYN-ACK on the active side ({@code tcp_ack} in {@code
   * tcp_rcv_synsent_state_process}), SYN-ACK to the third segment on the passive side ({@code
   * tcp_synack_rtt_meas} from {@code tcp_check_req}); none after a retransmitted SYN (Karn's rule;
   * the model sends no SYN timestamps that could disambiguate). 2.6.37 keeps it only with
   * timestamps: its passive side samples from the echoed timestamp alone, and {@code
   * tcp_init_metrics} forgets any RTT when the peer sends none ("FORGET ALL AND RESET").
   */
  private void establish(TcpSegment segment) {
    boolean kept = options.timestampsOk || !settings.profile().handshakeRttNeedsTimestamps();
    if (synRetries == 0 && kept) {
      rtt.sample(context.now() - synSentAt);
    }
    established = true;
    // tcp_init_metrics, before the first data: the peer's saved ssthresh, reordering and RTT.
    onEstablished.run();
    receiver.markReceived();
    // The scale this end offered is in use when the peer's SYN offered one too (wscale_ok).
    receiver.initBufferSpace(peerWindowScale() >= 0 ? settings.windowScale() : 0);
    timer.cancel();
    transmitter.established(segment.window(), segment.sequence());
  }

  /** The SYN timer fired: send it again, waiting twice as long. */
  void onTimeout() {
    counters.timeouts++;
    counters.retransSegs++;
    synRetries++;
    sendSyn(synReceived);
  }
}
