package org.bondsim.tcp;

/**
 * What differs between the kernels the model follows, as values the components read instead of
 * testing which kernel runs. Each figure names where it comes from; a new kernel is a new constant.
 *
 * @param initialCwnd the first window in segments: 10 ({@code TCP_INIT_CWND}, RFC 6928, since
 *     2.6.39); 0 on 2.6.37, whose {@code tcp_init_cwnd} takes RFC 3390's by MSS ({@link
 *     #initialCwnd(int)})
 * @param initialRtoNs {@code TCP_TIMEOUT_INIT}: 1 s (RFC 6298, since 3.1), 3 s on 2.6.37; the SYN
 *     timer starts there too
 * @param rmemDefault {@code tcp_rmem[1]}: 131072 on 6.x, 87380 on 2.6.37 and 3.16
 * @param rmemMax {@code tcp_rmem[2]}: 6 MB on 6.x and 3.16, 4 MB on 2.6.37
 * @param advWinScale {@code tcp_adv_win_scale}: 1 on 6.x and 3.16 (half the buffer is window), 2 on
 *     2.6.37 (three quarters)
 * @param sockMinSndbuf {@code SOCK_MIN_SNDBUF}: 4608 on x86-64 6.x and 3.16, 2048 on 2.6.37
 * @param limitOutputBytes {@code tcp_limit_output_bytes}'s default, the cap of TCP small queues
 *     ({@code tcp_small_queue_check}, since 3.6): 4 MB since 6.16 (Linux commit "tcp: increase
 *     tcp_limit_output_bytes default value to 4MB"), 1 MB (16 × 65536, set in 2018) on 6.1, 131072
 *     on 3.16 (a floor there, {@link #smallQueueFloor}); 0 on 2.6.37, which has no TCP small queues
 * @param compressesSacks the receiver compresses SACKs after three duplicates ({@code
 *     tcp_comp_sack_nr}, since 4.19); 2.6.37 and 3.16 ACK every out-of-order segment at once
 * @param growth what one ACK adds to the window in slow start and in congestion avoidance ({@link
 *     Growth})
 * @param countsEveryReorderEvent {@code tcp_check_sack_reordering} (4.x and later) bumps the
 *     counter on every detection; 2.6.37's and 3.16's {@code tcp_update_reordering} only when the
 *     level grows, naming FACK for the first
 * @param fack 2.6.37's and 3.16's FACK loss detection, on with SACK until reordering is seen
 *     ({@code tcp_disable_fack})
 * @param rack RACK loss detection when {@code tcp_recovery} bit 1 is set (since 4.4)
 * @param reduction how the window comes down during a recovery ({@link Reduction}): PRR ({@code
 *     tcp_cwnd_reduction}, RFC 6937, since 3.2) or, on 2.6.37, 2.6.37's rate-halving ({@code
 *     tcp_cwnd_down})
 * @param lossProbes tail loss probes with {@code tcp_early_retrans} 3 or 4 (since 3.10)
 * @param fixedMaxReordering the reordering cap when the kernel has no {@code tcp_max_reordering}
 *     sysctl (2.6.37 and 3.16: {@code TCP_MAX_REORDERING}, 127), 0 when the sysctl applies
 * @param pushesGsoPackets every packet of more than one segment carries PSH, to end the receiver's
 *     GRO merge early ({@code __tcp_transmit_skb}: "Force a PSH flag on all (GSO) packets", Linux
 *     commit 051ba67447de1, since 5.5); 2.6.37 and 3.16 mark only the end of a send() call
 * @param gsoHalfCwnd one GSO packet takes at most half the window, so at least two are in flight
 *     ({@code tcp_cwnd_test}: "ensure we have at least 2 GSO packets in flight", since 4.0); 2.6.37
 *     and 3.16 let one packet take all the room the window leaves
 * @param handshakeRttNeedsTimestamps the handshake's RTT sample survives only when timestamps were
 *     negotiated (2.6.37's {@code tcp_init_metrics} resets the estimator otherwise, and its passive
 *     side measures from the echoed timestamp); 3.16 and 6.x keep it ({@code tcp_synack_rtt_meas})
 * @param tsoAutosize a GSO packet holds about 1 ms at the pacing rate ({@code tcp_tso_autosize},
 *     since 3.12); 2.6.37 fills it up to 64 KB, as far as the window allows
 * @param tsoRttLog {@code tcp_tso_rtt_log}'s default (9, since 5.18): a path with a minimum RTT
 *     under 2^9 us gets a further 64 KB shifted right by one per 512 us; -1 where there is none
 * @param quickAckOnOutOfOrder an out-of-order segment puts the receiver back in quick-ACK mode
 *     ({@code tcp_data_queue} calls {@code tcp_enter_quickack_mode} on 2.6.37 and 3.16), so the
 *     in-order segments after the hole are ACKed one by one too; since 4.18 only old or
 *     out-of-window data does ("tcp: do not force quickack when receiving out-of-order packets")
 * @param shortTimers how the RACK reorder timer and the loss probe's timer are rounded to ticks and
 *     floored ({@link ShortTimers})
 * @param tsoDeferral how {@code tcp_tso_should_defer} lets a GSO/TSO packet the window can send
 *     only part of wait for more ACKs ({@link TsoDeferralRule})
 * @param lossEntry how an RTO enters the Loss state ({@code tcp_enter_loss}; {@link LossEntry})
 * @param recordEnds {@code send(..., MSG_EOR)} ends a record that no later byte joins ({@code
 *     TCP_SKB_CB(skb)->eor}, {@code tcp_skb_can_collapse_to}: in 6.17's {@code tcp_sendmsg});
 *     2.6.37's {@code tcp_sendmsg} ignores the flag (read in its tree)
 * @param undoRules when DSACKs and timestamps may undo a window reduction ({@link UndoRules})
 * @param moderatesCwnd 2.6.37's {@code tcp_moderate_cwnd}: on dubious ACKs outside recovery, after
 *     an undo and in Loss, cwnd falls to the segments in flight plus {@code tcp_max_burst}, which
 *     is {@code tp->reordering} there; and its {@code tcp_is_cwnd_limited} judges the window by the
 *     ACK's prior in-flight with the same burst allowance ({@link CongestionWindow#moderate});
 *     neither is in 6.17
 * @param frto which F-RTO an RTO runs ({@link FrtoRule})
 * @param rateLimitsOutOfWindowAcks the duplicate ACK that answers a pure ACK failing PAWS goes out
 *     at most once per {@code tcp_invalid_ratelimit} ({@code tcp_oow_rate_limited}, since 4.0;
 *     {@link Paws}); 2.6.37 and 3.16 answer every one
 * @param gsoAlwaysOn TCP builds GSO packets ({@link #tsoAutosize} segments) whatever the device's
 *     offloads: {@code sk_setup_caps} gives every TCP socket {@code NETIF_F_GSO} (Linux commit
 *     0a6b2a1dc2a2, "tcp: switch to GSO being always on", 4.17), and a device without GSO has them
 *     cut in software on its way in ({@code validate_xmit_skb}); 2.6.37 and 3.16 build them only
 *     for a device with GSO or TSO on
 * @param delayedWithoutRetransmit {@code tcp_packet_delayed} takes a recovery that has
 *     retransmitted nothing yet as a packet merely delayed, so the first partial ACK undoes it:
 *     2.6.37 and 3.16 ({@code !tp->retrans_stamp}) and 6.x since Linux commit e37ab7373696 ("tcp:
 *     fix to allow timestamp undo if no retransmits were sent", 2024, in the stable series from
 *     October 2024); 6.1 as released required a retransmission and an echoed timestamp older than
 *     it
 * @param smallQueueFloor 3.6 to 3.x's TCP small queues: {@code tcp_write_xmit} stops while {@code
 *     sk_wmem_alloc} exceeds max({@code tcp_limit_output_bytes}, pacing rate / 1024), the sysctl a
 *     floor, and retransmissions never wait (3.16's {@code tcp_output.c}); later kernels cap
 *     min(max(2 truesize, rate / 1024), sysctl) in {@code tcp_small_queue_check}, which
 *     retransmissions pass too ({@link Pacing}); the same kernels' pacing rate is 200 % of cwnd
 *     over srtt always ({@code tcp_update_pacing_rate} before the slow-start and
 *     congestion-avoidance ratios)
 * @param earlyRetransmit RFC 5827's early retransmit with {@code tcp_early_retrans} 1 to 3, delayed
 *     with 2 and 3 ({@link EarlyRetransmit}; 3.16's {@code tcp_time_to_recover}); 2.6.37 has none,
 *     and 6.17 none either (RACK took its place)
 * @param dsackDelivers a DSACK is a delivery ({@code tcp_dsack_seen}): its duplicates count in
 *     {@code tp->delivered}, and so in the ACK's delivered segments that PRR and the congestion
 *     control are given ("A spurious retransmission is delivered", since the delivery-rate sampling
 *     of 4.9), as many as the MSS-sized segments it covers, and one that covers more than the
 *     peer's largest window, or brings the duplicates reported over the connection past its
 *     retransmissions, is skipped as dubious ({@code TcpExtTCPDSACKIgnoredDubious}: Linux's "tcp:
 *     fix segment accounting when DSACK range covers multiple segments" and "tcp: skip DSACKs with
 *     dubious sequence ranges", both 2020, in 5.9); 2.6.37 and 3.16 have no such count, read every
 *     DSACK whatever it covers and count one duplicate for it toward an undo
 * @param rttSamples which of an ACK's RTT measurements feeds the estimator ({@code
 *     tcp_ack_update_rtt}; {@link RttSamples})
 * @param metricsCache where a connection leaves what it learned about its peer for the next one
 *     ({@link MetricsCache}, {@link TcpMetrics})
 * @param receiveAutotuning how the receiver measures its RTT and grows its buffer ({@code
 *     tcp_rcv_rtt_est}, {@code tcp_rcv_space_adjust}; {@link ReceiveAutotuning})
 * @param idleRestartOnWrite where the window restarts after an idle RTO ({@code
 *     tcp_slow_start_after_idle}): 6.x when data joins the write queue or the peer's window opens
 *     ({@code tcp_slow_start_after_idle_check} in {@code tcp_skb_entail} and {@code
 *     tcp_ack_update_window}), before {@code tcp_write_xmit} sizes its first packet by it; 2.6.37
 *     and 3.16 as the first segment after idle is sent ({@code tcp_event_data_sent}), that packet
 *     sized by the window as it stood
 * @param timerWheel when a jiffies timer runs ({@link TimerWheel}): the cascading wheel of 2.6.37
 *     and 3.16, on the tick its expiry names; the non-cascading wheel of 4.8 on (6.1, 6.x), a
 *     granule after it
 */
record KernelProfile(
    int initialCwnd,
    long initialRtoNs,
    long rmemDefault,
    long rmemMax,
    int advWinScale,
    int sockMinSndbuf,
    long limitOutputBytes,
    boolean compressesSacks,
    Growth growth,
    boolean countsEveryReorderEvent,
    boolean fack,
    boolean rack,
    Reduction reduction,
    boolean lossProbes,
    int fixedMaxReordering,
    boolean pushesGsoPackets,
    boolean gsoHalfCwnd,
    boolean handshakeRttNeedsTimestamps,
    boolean tsoAutosize,
    int tsoRttLog,
    boolean quickAckOnOutOfOrder,
    ShortTimers shortTimers,
    TsoDeferralRule tsoDeferral,
    LossEntry lossEntry,
    boolean recordEnds,
    UndoRules undoRules,
    boolean moderatesCwnd,
    FrtoRule frto,
    boolean rateLimitsOutOfWindowAcks,
    boolean gsoAlwaysOn,
    boolean delayedWithoutRetransmit,
    MetricsCache metricsCache,
    boolean smallQueueFloor,
    boolean earlyRetransmit,
    boolean dsackDelivers,
    RttSamples rttSamples,
    ReceiveAutotuning receiveAutotuning,
    boolean idleRestartOnWrite,
    TimerWheel timerWheel) {

  /** The two forms of {@code tcp_tso_should_defer} the model knows. */
  enum TsoDeferralRule {
    /**
     * 2.6.37's: at most until the tick after the one it last deferred in ({@code tso_deferred};
     * {@link TsoDeferral}); only with GSO/TSO on the device.
     */
    TICKS,
    /**
     * 6.x as its stable series have it since October 2025 (Linux commit 295ce1eb36ae): while the
     * retransmit queue head's ACK is expected within min(1 ms, srtt/2), and counting as
     * cwnd-limited when cwnd is what stops the skb ({@link ExpectedAckDeferral}).
     */
    EXPECTED_ACK
  }

  /** What one ACK that may raise the window adds to it ({@code tcp_cong_avoid}'s {@code acked}). */
  enum Growth {
    /**
     * 2.6.37: one per ACK in slow start while cwnd is at most ssthresh, and one step of the
     * module's count per ACK in congestion avoidance ({@code tcp_slow_start} without an {@code
     * acked}).
     */
    PER_ACK,
    /**
     * 3.16 ({@code tcp_cong.c}): slow start adds the packets this ACK released from the queue
     * (prior {@code packets_out} minus the new one, SACKed ones included), up to ssthresh + 1, and
     * drops the rest ({@code tcp_slow_start} returns it, Reno and CUBIC ignore it); congestion
     * avoidance still counts one per ACK ({@code tcp_cong_avoid_ai}); slow start while cwnd is at
     * most ssthresh.
     */
    SLOW_START_BY_PACKETS,
    /**
     * Since 4.x: both count the packets delivered ({@code tcp_newly_delivered}, SACKs too), and
     * what slow start leaves over after reaching ssthresh goes to congestion avoidance; slow start
     * while cwnd is below ssthresh ({@code tcp_in_slow_start}).
     */
    PER_PACKET;

    /**
     * Whether the window grows before the state machine runs. 2.6.37's and 3.16's {@code tcp_ack}
     * call {@code tcp_cong_avoid} before {@code tcp_fastretrans_alert}, gated by {@code
     * tcp_may_raise_cwnd} on the state the ACK found (not Recovery, not CWR; Loss grows), so the
     * ACK that starts a recovery grows the window its ssthresh is taken from, and the one that ends
     * it does not grow; since 4.9 {@code tcp_cong_control} runs after the state machine.
     *
     * @return true for {@link #PER_ACK} and {@link #SLOW_START_BY_PACKETS}
     */
    boolean beforeStateMachine() {
      return this != PER_PACKET;
    }
  }

  /** Which RTT measurement of an ACK {@code tcp_ack_update_rtt} gives the estimator. */
  enum RttSamples {
    /**
     * 2.6.37: with timestamps, the echo of every ACK that advanced ({@code tcp_ack_saw_tstamp}: in
     * ticks, the model's millisecond clock), even when the segments it released were retransmitted;
     * without them the oldest released segment's time, when none was ever retransmitted.
     */
    TIMESTAMP_FIRST,
    /**
     * 3.16 (since 3.15, "Prefer RTT measured from ACK's timing to TS-ECR"): the oldest released
     * segment's time, else the lowest newly SACKed segment sent once ({@code sack_rtt_us}), else on
     * an ACK that advanced the timestamp echo in ticks (0 allowed).
     */
    ACK_SACK_JIFFIES_TIMESTAMP,
    /**
     * 6.x: as 3.16, the echo at least a millisecond and also the module's and min_rtt's sample
     * ({@code ca_rtt_us}).
     */
    ACK_SACK_TIMESTAMP
  }

  /** How the window comes down in a recovery ({@code tcp_cwnd_reduction}, or before it). */
  enum Reduction {
    /** 2.6.37's rate-halving ({@code tcp_cwnd_down}; {@link RateHalving}). */
    RATE_HALVING,
    /**
     * 3.16's PRR ({@code tcp_cwnd_reduction}): below ssthresh, always the slow-start bound ({@code
     * max(prr_delivered - prr_out, newly_acked_sacked) + 1}).
     */
    PRR_SLOW_START_BOUND,
    /**
     * PRR since 4.x: below ssthresh, the conservative bound, plus one only on a cumulative ACK that
     * marked nothing lost ({@link Prr}).
     */
    PRR
  }

  /** How the short timers are set in ticks ({@code tcp_schedule_loss_probe}, RACK's timer). */
  enum ShortTimers {
    /**
     * 3.16's loss probe (tcp_output.c): srtt rounded up to ticks, doubled; with one packet out at
     * least 1.5 times that plus {@code TCP_DELACK_MAX} (200 ms); never under 10 ms in ticks; and
     * its conditions with it: no probe without an RTT sample or while cwnd and new data would let
     * the connection send ({@link LossProbe}). 3.16 has no RACK.
     */
    TEN_MS_FLOOR,
    /**
     * Until Linux 1c2709cfff1d: {@code TCP_TIMEOUT_MIN}, two ticks, added after rounding the wait
     * up to ticks, and a probe with one packet out adding {@code TCP_RTO_MIN} in ticks the same way
     * (6.1 as released; 2.6.37 has neither timer).
     */
    TICK_FLOOR,
    /**
     * Since Linux commit 1c2709cfff1d ("tcp: fix excessive TLP and RACK timeouts from HZ rounding",
     * 6.6, and the stable series from October 2023): {@code TCP_TIMEOUT_MIN_US} (2 ms) added before
     * rounding, which at HZ=250 shortens the timer by about a tick.
     */
    TIMEOUT_MIN_US
  }

  /**
   * How {@code tcp_enter_loss} marks the queue, sets the window and the undo markers and treats the
   * reordering level. All reduce ssthresh only for the first RTO of a window of data (from Open or
   * Disorder, once {@code snd_una} reached {@code high_seq}, or in Loss after an ACK moved {@code
   * snd_una} since the last RTO: {@code icsk_retransmits} 0).
   */
  enum LossEntry {
    /**
     * 2.6.37 (read in the 2.6.37.6 tree): cwnd 1; every segment not SACKed is lost and no
     * retransmission counts as out; the undo marker is set only when no segment in the queue was
     * ever retransmitted ({@code TCPCB_RETRANS}); {@code tp->reordering} falls back to {@code
     * tcp_reordering} at every RTO.
     */
    CLASSIC,
    /**
     * 3.16 (read in its {@code tcp_input.c}): cwnd 1 and every segment not SACKed lost, no
     * retransmission counting as out, as 2.6.37; but the undo marker is set at every RTO and
     * cleared only when a retransmission was still out ({@code TCPCB_SACKED_RETRANS}), {@code
     * undo_retrans} starts from -1 (so DSACKs of the Loss retransmissions may prove it needless),
     * and the reordering level falls back as 6.x's.
     */
    TLP_ERA,
    /**
     * 6.x (read in 6.17): {@code tcp_timeout_mark_lost} spares segments other than the head sent
     * within RACK's RTT ({@code tcp_rack_skb_timeout}), and a retransmission it marks lost again
     * leaves {@code retrans_out} ({@code TCPLostRetransmit}); cwnd is what is then in flight plus
     * one; {@code tcp_init_undo} runs with the ssthresh reduction only, counting the
     * retransmissions still out ({@code undo_retrans}); the reordering level falls back only from
     * Open or Disorder with at least {@code tcp_reordering} segments SACKed; the loss probe is
     * forgotten ({@code tlp_high_seq} 0).
     */
    RACK_ERA
  }

  /**
   * Where {@code tcp_fastretrans_alert} tries each undo, and how long the undo marker lives. Both
   * undo fully at the end of a recovery whose retransmissions all proved needless (DSACKs) or whose
   * originals arrived first (timestamps: {@code tcp_try_undo_recovery}).
   */
  enum UndoRules {
    /**
     * 2.6.37 (read in the 2.6.37.6 tree): a DSACK undoes ({@code tcp_try_undo_dsack}) only in
     * Disorder; the marker outlives a recovery that was not undone, into the Disorder state that
     * follows ({@code tcp_try_keep_open} stays in Disorder while {@code undo_marker} is set), and
     * is dropped when snd_una passes the {@code high_seq} set when Disorder began (difference:
     * Linux keeps it when snd_una lands exactly on high_seq). A partial ACK undoes ({@code
     * tcp_try_undo_partial}) under the full-undo condition, restores cwnd only (not ssthresh) and
     * stays in Recovery, where rate-halving goes on; at the end of a recovery not undone cwnd keeps
     * the lower of itself and ssthresh ({@code tcp_complete_cwr}).
     */
    CLASSIC,
    /**
     * 6.x (read in 6.17): a DSACK undoes in Recovery, Open and Disorder; the marker outlives the
     * episode until an undo or the next episode's {@code tcp_init_undo}; a partial ACK undoes only
     * on timestamps, and fully, only with no retransmission left out; at the end of a recovery not
     * undone cwnd is ssthresh ({@code tcp_end_cwnd_reduction}).
     */
    RACK_ERA
  }

  /** The F-RTOs the model knows, each with {@code net.ipv4.tcp_frto} 2 by default. */
  enum FrtoRule {
    /**
     * 2.6.37's ({@code tcp_use_frto}, {@code tcp_enter_frto}, {@code tcp_process_frto}, {@code
     * tcp_enter_frto_loss}; {@link ClassicFrto}): F-RTO runs in Disorder before Loss, and {@code
     * tcp_frto_response} chooses the reaction to a spurious timeout.
     */
    PROCESS_FRTO,
    /**
     * 3.16's {@code tcp_process_loss} (RFC 5682's SACK-enhanced variant in Loss, as since 3.10):
     * the loss undo ({@code tcp_try_undo_loss(sk, false)}) is tried on every ACK in Loss, so a
     * duplicate ACK echoing a timestamp older than the first retransmission undoes the RTO;
     * otherwise as {@link #PROCESS_LOSS}.
     */
    PROCESS_LOSS_EVERY_ACK,
    /**
     * Since 4.x ({@code tcp_enter_loss} sets {@code tp->frto}, {@code tcp_process_loss}; RFC 5682's
     * SACK-enhanced variant; {@link Frto}): in Loss, undoing a spurious timeout.
     */
    PROCESS_LOSS
  }

  /**
   * The per-destination metrics a closing connection saves ({@code tcp_update_metrics}) and a new
   * one loads ({@code tcp_init_metrics}); {@link TcpMetrics} holds one entry.
   */
  enum MetricsCache {
    /**
     * 2.6.37 (read in its {@code net/ipv4/tcp_input.c}): the metrics of the route cache entry for
     * the peer ({@code dst->metrics}, shown by {@code ip route show cache}, dropped by {@code ip
     * route flush cache}). A new connection takes the saved ssthresh, the saved reordering level
     * (turning FACK off), and an RTT and deviation larger than its handshake's sample, which
     * survive only with timestamps (without them an RTO under 3 s sends {@code tcp_init_metrics} to
     * its reset). The reordering level is saved whatever state the connection ends in.
     */
    ROUTE_CACHE,
    /**
     * 3.6 to 5.5 (read in 3.16's and 6.17's {@code net/ipv4/tcp_metrics.c}): the {@code
     * tcp_metrics} table ({@code ip tcp_metrics show}, {@code ip tcp_metrics flush}). The saved RTT
     * sets only the first RTO, until the first data sample; ssthresh is saved and loaded; the
     * reordering level is saved only by a connection that ends neither in its first slow start nor
     * open in congestion avoidance (the last branch of {@code tcp_update_metrics}).
     */
    TCP_METRICS_WITH_SSTHRESH,
    /**
     * 5.6 and later: {@link #TCP_METRICS_WITH_SSTHRESH}'s table, with ssthresh saved and loaded
     * only while {@code net.ipv4.tcp_no_ssthresh_metrics_save} is 0 (its default is 1).
     */
    TCP_METRICS
  }

  /** Linux 6.x. */
  static final KernelProfile LINUX_6 =
      builder()
          .initialCwnd(10)
          .initialRtoNs(1_000_000_000L)
          .rmemDefault(131_072L)
          .rmemMax(6_291_456L)
          .advWinScale(1)
          .sockMinSndbuf(4608)
          .limitOutputBytes(4L << 20)
          .compressesSacks(true)
          .growth(Growth.PER_PACKET)
          .countsEveryReorderEvent(true)
          .fack(false)
          .rack(true)
          .reduction(Reduction.PRR)
          .lossProbes(true)
          .fixedMaxReordering(0)
          .pushesGsoPackets(true)
          .gsoHalfCwnd(true)
          .handshakeRttNeedsTimestamps(false)
          .tsoAutosize(true)
          .tsoRttLog(9)
          .quickAckOnOutOfOrder(false)
          .shortTimers(ShortTimers.TIMEOUT_MIN_US)
          .tsoDeferral(TsoDeferralRule.EXPECTED_ACK)
          .lossEntry(LossEntry.RACK_ERA)
          .recordEnds(true)
          .undoRules(UndoRules.RACK_ERA)
          .moderatesCwnd(false)
          .frto(FrtoRule.PROCESS_LOSS)
          .rateLimitsOutOfWindowAcks(true)
          .gsoAlwaysOn(true)
          .delayedWithoutRetransmit(true)
          .metricsCache(MetricsCache.TCP_METRICS)
          .smallQueueFloor(false)
          .earlyRetransmit(false)
          .dsackDelivers(true)
          .rttSamples(RttSamples.ACK_SACK_TIMESTAMP)
          .receiveAutotuning(ReceiveAutotuning.RCV_RTT_6_17)
          .idleRestartOnWrite(true)
          .timerWheel(TimerWheel.NON_CASCADING)
          .build();

  /** Linux 2.6.37, the kernel of the reference experiments. */
  static final KernelProfile LINUX_2_6_37 =
      builder()
          .initialCwnd(0)
          .initialRtoNs(3_000_000_000L)
          .rmemDefault(87_380L)
          .rmemMax(4_194_304L)
          .advWinScale(2)
          .sockMinSndbuf(2048)
          .limitOutputBytes(0L)
          .compressesSacks(false)
          .growth(Growth.PER_ACK)
          .countsEveryReorderEvent(false)
          .fack(true)
          .rack(false)
          .reduction(Reduction.RATE_HALVING)
          .lossProbes(false)
          .fixedMaxReordering(127)
          .pushesGsoPackets(false)
          .gsoHalfCwnd(false)
          .handshakeRttNeedsTimestamps(true)
          .tsoAutosize(false)
          .tsoRttLog(-1)
          .quickAckOnOutOfOrder(true)
          .shortTimers(ShortTimers.TICK_FLOOR)
          .tsoDeferral(TsoDeferralRule.TICKS)
          .lossEntry(LossEntry.CLASSIC)
          .recordEnds(false)
          .undoRules(UndoRules.CLASSIC)
          .moderatesCwnd(true)
          .frto(FrtoRule.PROCESS_FRTO)
          .rateLimitsOutOfWindowAcks(false)
          .gsoAlwaysOn(false)
          .delayedWithoutRetransmit(true)
          .metricsCache(MetricsCache.ROUTE_CACHE)
          .smallQueueFloor(false)
          .earlyRetransmit(false)
          .dsackDelivers(false)
          .rttSamples(RttSamples.TIMESTAMP_FIRST)
          .receiveAutotuning(ReceiveAutotuning.RCV_RTT_2_6_37)
          .idleRestartOnWrite(false)
          .timerWheel(TimerWheel.CASCADING)
          .build();

  /**
   * Linux 3.16, the kernel of the tlb experiment (read in a 3.16.0 tree: {@code net/ipv4/tcp_*.c},
   * {@code include/net/tcp.h}). Where 3.16 has a rule of its own the profile names it; where it is
   * modelled by a neighbour's rule, the difference is written here. Not modelled: the FACK loss
   * marking's reach to {@code snd_nxt}, and autosizing done when {@code tcp_sendmsg} builds the skb
   * rather than at each send.
   */
  static final KernelProfile LINUX_3_16 =
      builder()
          .initialCwnd(10)
          .initialRtoNs(1_000_000_000L)
          .rmemDefault(87_380L)
          .rmemMax(6_291_456L)
          .advWinScale(1)
          .sockMinSndbuf(4608)
          .limitOutputBytes(131_072L)
          .smallQueueFloor(true)
          .compressesSacks(false)
          .growth(Growth.SLOW_START_BY_PACKETS)
          .countsEveryReorderEvent(false)
          .fack(true)
          .rack(false)
          .reduction(Reduction.PRR_SLOW_START_BOUND)
          .lossProbes(true)
          .fixedMaxReordering(127)
          .pushesGsoPackets(false)
          .gsoHalfCwnd(false)
          .handshakeRttNeedsTimestamps(false)
          .tsoAutosize(true)
          .tsoRttLog(-1)
          .quickAckOnOutOfOrder(true)
          .shortTimers(ShortTimers.TEN_MS_FLOOR)
          .tsoDeferral(TsoDeferralRule.TICKS)
          .lossEntry(LossEntry.TLP_ERA)
          .recordEnds(false)
          .undoRules(UndoRules.RACK_ERA)
          .moderatesCwnd(false)
          .frto(FrtoRule.PROCESS_LOSS_EVERY_ACK)
          .rateLimitsOutOfWindowAcks(false)
          .gsoAlwaysOn(false)
          .delayedWithoutRetransmit(true)
          .metricsCache(MetricsCache.TCP_METRICS_WITH_SSTHRESH)
          .earlyRetransmit(true)
          .dsackDelivers(false)
          .rttSamples(RttSamples.ACK_SACK_JIFFIES_TIMESTAMP)
          .receiveAutotuning(ReceiveAutotuning.RCV_RTT_3_16)
          .idleRestartOnWrite(false)
          .timerWheel(TimerWheel.CASCADING)
          .build();

  /**
   * Linux 6.1 as released, which Google's packetdrill scripts of May 2023 were run on ("Tested on
   * Linux 6.1 running on GCE"): the model's 6.x except that TCP's short timers still add two ticks
   * after rounding ({@link #tickFloor}), and TCP small queues stop at 1 MB ({@link
   * #limitOutputBytes}).
   */
  static final KernelProfile LINUX_6_1 = LINUX_6.asLinux61();

  /**
   * This profile with 6.1's short-timer tick floor, its 1 MB {@code tcp_limit_output_bytes}, its
   * {@code tcp_packet_delayed} that needs a retransmission and its receive autotuning.
   */
  private KernelProfile asLinux61() {
    return toBuilder()
        .limitOutputBytes(1L << 20)
        .shortTimers(ShortTimers.TICK_FLOOR)
        .delayedWithoutRetransmit(false)
        .receiveAutotuning(ReceiveAutotuning.RCV_RTT_6_1)
        .build();
  }

  /** Every figure named, none set yet ({@link KernelProfileBuilder#build} checks). */
  static KernelProfileBuilder builder() {
    return new KernelProfileBuilder();
  }

  /** This profile's figures, to change a few by name. */
  KernelProfileBuilder toBuilder() {
    return new KernelProfileBuilder(this);
  }

  /**
   * The first window for a connection of this MSS: {@link #initialCwnd()}, or where that is 0,
   * 2.6.37's {@code rfc3390_bytes_to_packets} (include/net/tcp.h): 4 segments up to an MSS of 1095
   * bytes, 2 above 2190, 3 between (so 3 at MTU 1500 and 2 at MTU 9000).
   *
   * @param mss the sender's MSS
   * @return segments
   */
  int initialCwnd(int mss) {
    if (initialCwnd > 0) {
      return initialCwnd;
    }
    return mss <= 1095 ? 4 : mss > 2190 ? 2 : 3;
  }

  /**
   * Whether {@code tp->reordering} is a byte: on the kernels with a fixed cap, the ones before
   * 3.18, whose dca145ffaa8d widened the field when it made the cap a sysctl ({@link
   * ReorderingEstimator}).
   *
   * @return true on 2.6.37 and 3.16
   */
  boolean reorderingIsByte() {
    return fixedMaxReordering > 0;
  }

  /**
   * The window a receive buffer of {@code buffer} bytes advertises ({@code tcp_win_from_space}).
   * Difference: for a scale of 2 the model rounds three quarters down where Linux subtracts the
   * rounded-down quarter.
   */
  long windowFor(long buffer) {
    return advWinScale == 1 ? buffer / 2 : buffer * 3 / 4;
  }

  /**
   * The buffer {@code tcp_rcv_space_adjust} sizes for a wanted window: 6.x charges twice the window
   * ({@code tcp_space_from_win} with scale 1), 2.6.37 four thirds.
   */
  long bufferForWindow(long window) {
    return advWinScale == 1 ? 2 * window : window * 4 / 3;
  }
}
