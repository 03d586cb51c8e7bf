package org.bondsim.tcp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.Packet;
import org.bondsim.api.packet.PacketOwner;
import org.bondsim.api.packet.SackBlock;
import org.bondsim.api.packet.TcpSegment;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.Timer;
import org.bondsim.api.workload.WorkloadContext;

/**
 * One end of an established TCP connection: a sender (sequence space, SACK scoreboard, loss
 * detection, recovery, undo, congestion control, RTO) and a receiver (in-order delivery,
 * out-of-order queue, SACK and DSACK blocks, delayed ACKs), as Linux's {@code tcp_input.c}, {@code
 * tcp_output.c}, {@code tcp_recovery.c} and {@code tcp_timer.c} behave for the paths a bulk or
 * request/response test exercises.
 *
 * <p>Modelled besides: the SYN handshake, tail loss probes, receiver SACK compression,
 * receive-buffer autotuning and HyStart's delay detector. Not modelled: F-RTO, HyStart's ACK-train
 * detector, ECN, window scaling limits, the per-destination metrics cache, Nagle and autocorking.
 */
final class TcpEndpoint implements PacketOwner {
  /** Called when in-order data reaches the application. */
  interface Reader {
    void read(TcpEndpoint endpoint, long bytes);
  }

  private static final int SACKED = 1;
  private static final int LOST = 2;
  private static final int RETRANS = 4;
  private static final int EVER_RETRANS = 8;
  private static final int PUSH = 16;

  private static final int OPEN = 0;
  private static final int DISORDER = 1;
  private static final int RECOVERY = 2;
  private static final int LOSS = 3;

  private static final long DELACK_NS = 40_000_000L;

  private static final int MAX_QUICKACKS = 16;

  private final WorkloadContext context;
  private final Host host;
  private final Frame frame;
  private final int flowId;
  private final TcpSettings settings;
  private final TcpCounters counters;
  private final Reader reader;
  int mss;
  private int optionBytes;
  // What the handshake negotiated (both ends must offer an option for it to be used).
  private boolean sackOk;
  private boolean timestampsOk;
  private boolean established;
  private boolean synReceived;
  private int synRetries;
  private final CongestionControl cc;
  private final RttEstimator rtt;
  private final Timer rtoTimer;
  private final Timer delackTimer;
  private final Timer reoTimer;
  private final Timer tlpTimer;
  private final Timer compressTimer;
  private int compressedAcks;
  private int dupAckCounter;
  private long compressedAckRcvNxt = -1;
  private long tlpHighSeq = -1;
  private boolean tlpRetrans;
  private long packetNumber;
  private Runnable onSendSpace = () -> {};
  private long[] boundaries = new long[64];
  private int boundaryHead;
  private int boundaryCount;
  private long receiveWindow;
  // Receive-buffer autotuning (tcp_rcv_space_adjust), off when the application set SO_RCVBUF.
  private final boolean autotune;
  private long receiveBuffer;
  private final long receiveBufferMax;
  private long rcvSpace;
  private long rcvSpaceTime;
  private long rcvSpaceRead;
  private long rcvRttNs = 1_000_000L;
  private long peerWindow;
  // HyStart (delay detection) state.
  private long hystartRoundEnd;
  private long hystartRoundMinNs = Long.MAX_VALUE;
  private int hystartSamples;
  private boolean hystartDone;

  // ---- sender
  private long appEnd; // bytes the application has written so far
  private long sndUna;
  private long priorSndUna;
  private long sndNxt;
  private long[] segStart = new long[64];
  private int[] segLen = new int[64];
  private long[] segSent = new long[64];
  private int[] segState = new int[64];
  private int head;
  private int count;
  int cwnd;
  int ssthresh = Integer.MAX_VALUE;
  private int sackedOut;
  private int renoDupacks;
  private int lostOut;
  private int retransOut;
  private int state = OPEN;
  private long highSeq;
  private long undoMarker = -1;
  private int undoRetrans;
  private long retransStampMs;
  private int priorCwnd;
  private int priorSsthresh;
  int reordering;
  private boolean reorderingSeen;
  private long highestSacked = -1;
  private int backoff;
  private int prrDelivered;
  private int prrOut;
  private int prrSendCount;
  private long rackXmitTime;
  private long rackEndSeq;
  private long rackRttNs;
  private boolean cwndLimited;
  private int reoWndSteps = 1;
  private int reoWndPersist;
  private long reoWndLastDelivered = -1;
  private long queuedBytes;
  // The extent of the segments marked SACKED (which stay so): a SACK block walks only the gaps.
  private final SequenceRanges sackedRanges = new SequenceRanges();
  // Which ring slots hold a SACKED segment, to find the k-th SACKed one in O(log n).
  private final SlotCounts sackedSlots = new SlotCounts(64);
  // The reordering distance the SACK walk of the current ACK found (-1: none).
  private long gapReorderDistance;
  // Dupthresh: every segment starting below this sequence has been considered for marking.
  private long lostHintSeq;
  private long delivered;
  private long retransmitted;

  // ---- receiver
  private long rcvNxt;
  private long rcvWup;
  private final SequenceRanges ofo = new SequenceRanges();
  private final List<SackBlock> sackBlocks = new ArrayList<>(4);
  private SackBlock dsack;
  private int quickAcks = MAX_QUICKACKS;
  private boolean ackPending;
  private long tsRecent;
  private long bytesRead;

  TcpEndpoint(
      WorkloadContext context,
      Host host,
      Frame frame,
      int flowId,
      TcpSettings settings,
      TcpCounters counters,
      Reader reader,
      long requestedReceiveBuffer) {
    this.context = context;
    boolean modern = settings.kernel() == Kernel.LINUX_6;
    // SO_RCVBUF is doubled and locks the size; otherwise start at tcp_rmem[1] and autotune up to
    // tcp_rmem[2] (131072 / 6 MB on 6.x, 87380 / 4 MB on 2.6.37).
    this.autotune = requestedReceiveBuffer <= 0;
    this.receiveBufferMax =
        autotune ? (modern ? 6_291_456L : 4_194_304L) : 2 * requestedReceiveBuffer;
    this.receiveBuffer = autotune ? (modern ? 131_072L : 87_380L) : 2 * requestedReceiveBuffer;
    this.receiveWindow = windowFor(receiveBuffer, modern);
    this.peerWindow = receiveWindow;
    this.host = host;
    this.frame = frame;
    this.flowId = flowId;
    this.settings = settings;
    this.counters = counters;
    this.reader = reader;
    // Until the handshake says otherwise, assume the options this end would offer.
    this.sackOk = settings.sack();
    this.timestampsOk = settings.timestamps();
    this.optionBytes = timestampsOk ? 12 : 0;
    this.mss = context.mtu() - 40 - optionBytes;
    this.cwnd = modern ? 10 : 3;
    this.cc = CongestionControl.named(settings.congestionControl(), modern);
    this.rtt = new RttEstimator(modern ? 1_000_000_000L : 3_000_000_000L);
    this.reordering = settings.reordering();
    this.rtoTimer = context.newTimer(this::onRto);
    this.delackTimer = context.newTimer(this::onDelayedAck);
    this.reoTimer = context.newTimer(this::onReorderTimeout);
    this.tlpTimer = context.newTimer(this::onLossProbe);
    this.compressTimer = context.newTimer(this::onCompressedAck);
  }

  // ===================================================================== application side

  /** Sets what to run when an ACK frees send-buffer space (the application's write wake-up). */
  void onSendSpace(Runnable action) {
    this.onSendSpace = action;
  }

  /** The application writes more bytes; they are sent as the window allows. */
  void write(long bytes) {
    writeMessages(1, bytes);
  }

  /**
   * The application makes {@code count} send() calls of {@code size} bytes. Each call ends by
   * marking PSH on the tail skb ({@code tcp_push}), and the next call clears it again as soon as it
   * appends to that skb ({@code tcp_sendmsg}: the first copy of a call drops PSH). So a segment
   * carries PSH only if a call ended exactly at its end, or it was the tail when sent (nothing
   * written beyond it yet).
   */
  void writeMessages(long count, long size) {
    for (long i = 0; i < count; i++) {
      appEnd += size;
      if (boundaryCount == boundaries.length) {
        boundaries = java.util.Arrays.copyOf(boundaries, boundaries.length * 2);
        compactBoundaries();
      }
      boundaries[(boundaryHead + boundaryCount) % boundaries.length] = appEnd;
      boundaryCount++;
    }
    trySend();
  }

  private void compactBoundaries() {
    // After growing, the ring's wrapped part must move behind its head.
    long[] ordered = new long[boundaries.length];
    int half = boundaries.length / 2;
    for (int i = 0; i < boundaryCount; i++) {
      ordered[i] = boundaries[(boundaryHead + i) % half];
    }
    boundaries = ordered;
    boundaryHead = 0;
  }

  /** Whether a new segment ending at {@code end} keeps a PSH mark (see {@link #writeMessages}). */
  private boolean pushFor(long end) {
    boolean exact = false;
    while (boundaryCount > 0 && boundaries[boundaryHead] <= end) {
      exact = boundaries[boundaryHead] == end;
      boundaryHead = (boundaryHead + 1) % boundaries.length;
      boundaryCount--;
    }
    return exact || end >= appEnd;
  }

  long unsentOrUnacked() {
    return appEnd - sndUna;
  }

  long bytesRead() {
    return bytesRead;
  }

  long delivered() {
    return delivered;
  }

  int packetsInFlight() {
    return count - sackedOut - lostOut + retransOut;
  }

  private long nowMs() {
    return context.now() / 1_000_000L + 1;
  }

  // ===================================================================== sending

  private boolean tsqAllows() {
    if (settings.kernel() == Kernel.LINUX_2_6_37) {
      return true;
    }
    // TCP small queues: bytes below TCP limited to ~1 ms at the pacing rate, at least two skbs,
    // at most tcp_limit_output_bytes (1 MB).
    long pacingRate =
        rtt.hasSample()
            ? (long) (2.0 * cwnd * mss * 1e9 / Math.max(rtt.srttNs(), 1))
            : Long.MAX_VALUE / 4;
    long limit = Math.min(Math.max(2L * 2 * (mss + 576), pacingRate >> 10), 1L << 20);
    return queuedBytes < limit;
  }

  private void trySend() {
    if (!established) {
      return;
    }
    while (true) {
      if (lostOut > 0 && retransmitOneLost()) {
        continue;
      }
      if (packetsInFlight() >= cwnd && sndNxt < appEnd) {
        // Data is waiting and only the window stops it: Linux's is_cwnd_limited.
        cwndLimited = true;
        return;
      }
      if (sndNxt >= appEnd || sndNxt - sndUna >= peerWindow || !tsqAllows()) {
        return;
      }
      if ((state == RECOVERY) && prrSendCount <= 0) {
        return;
      }
      if (settings.gso() && state <= DISORDER && sendSuperPacket()) {
        scheduleLossProbe();
        continue;
      }
      int len = (int) Math.min(mss, appEnd - sndNxt);
      int slot = push(sndNxt, len);
      sndNxt += len;
      transmit(slot, false);
      scheduleLossProbe();
      if (state == RECOVERY) {
        prrSendCount--;
        prrOut++;
      }
    }
  }

  /**
   * With GSO/TSO, {@code tcp_write_xmit} sends as many full segments as the window allows, up to
   * the TSO size goal ({@code tcp_tso_autosize}: about 1 ms at the pacing rate, at least 2, and 64
   * KB at most), as one super-packet the bond places on one slave.
   *
   * @return false when fewer than two full segments can go, so a plain segment is sent instead
   */
  private boolean sendSuperPacket() {
    long pacingRate =
        rtt.hasSample()
            ? (long) (2.0 * cwnd * mss * 1e9 / Math.max(rtt.srttNs(), 1))
            : Long.MAX_VALUE;
    int goal = (int) Math.max(2, Math.min(65536 / mss, (pacingRate >> 10) / mss));
    int room = cwnd - packetsInFlight();
    long full = (Math.min(appEnd, sndUna + peerWindow) - sndNxt) / mss;
    int segments = (int) Math.min(Math.min(room, goal), full);
    if (segments < 2) {
      return false;
    }
    long now = context.now();
    long first = sndNxt;
    boolean push = false;
    for (int i = 0; i < segments; i++) {
      int slot = push(sndNxt, mss);
      segSent[slot] = now;
      push = (segState[slot] & PUSH) != 0;
      sndNxt += mss;
    }
    sendSegments(first, segments * mss, push, segments, now);
    if (!rtoTimer.armed()) {
      armRto();
    }
    return true;
  }

  private boolean retransmitOneLost() {
    if (packetsInFlight() >= cwnd || !tsqAllows()) {
      return false;
    }
    if (state == RECOVERY && prrSendCount <= 0) {
      return false;
    }
    for (int i = 0; i < count; i++) {
      int slot = slot(i);
      if ((segState[slot] & (LOST | SACKED | RETRANS)) == LOST) {
        transmit(slot, true);
        if (state == RECOVERY) {
          prrSendCount--;
          prrOut++;
        }
        return true;
      }
    }
    return false;
  }

  private void transmit(int slot, boolean retransmission) {
    long now = context.now();
    segSent[slot] = now;
    if (retransmission) {
      segState[slot] |= RETRANS | EVER_RETRANS;
      retransOut++;
      retransmitted++;
      counters.retransSegs++;
      if (state == LOSS) {
        counters.slowStartRetrans++;
      } else {
        counters.fastRetrans++;
      }
      if (retransStampMs == 0) {
        retransStampMs = nowMs();
      }
      if (undoMarker >= 0) {
        undoRetrans++;
      }
    }
    sendSegment(segStart[slot], segLen[slot], (segState[slot] & PUSH) != 0, now);
    if (!rtoTimer.armed()) {
      armRto();
    }
  }

  private void sendSegment(long seq, int len, boolean push, long now) {
    sendSegments(seq, len, push, 1, now);
  }

  private void sendSegments(long seq, int len, boolean push, int segments, long now) {
    counters.outSegs += segments;
    TcpSegment segment =
        new TcpSegment(
            seq,
            rcvNxt,
            TcpSegment.ACK | (push ? TcpSegment.PSH : 0),
            receiveWindow,
            optionBytes + sackOptionBytes(),
            currentSackBlocks(),
            timestampsOk ? nowMs() : 0,
            timestampsOk ? tsRecent : 0);
    // Every segment carries the receiver's current ACK: no ACK is pending afterwards.
    ackPending = false;
    compressedAcks = 0;
    compressTimer.cancel();
    rcvWup = rcvNxt;
    delackTimer.cancel();
    dsack = null;
    int truesize = (len + 40 + optionBytes + 16 + 63 & ~63) + 576;
    queuedBytes += truesize;
    // Only data segments are numbered in the flow the reorder meter sees; a pure ACK belongs to
    // no flow (-1), so numbering it would leave a hole the meter takes for a loss.
    long number = len > 0 ? packetNumber : 0;
    if (len > 0) {
      packetNumber += segments;
    }
    host.send(
        new Packet(
            frame,
            len,
            segment,
            len > 0 ? flowId : -1,
            number,
            now,
            this,
            truesize,
            segments > 1 ? mss : 0));
  }

  @Override
  public void onTxDone(Packet packet) {
    queuedBytes -= packet.truesize();
    if (queuedBytes < 0) {
      queuedBytes = 0;
    }
    if (count > 0 || appEnd > sndNxt) {
      trySend();
    }
  }

  // ===================================================================== handshake

  /**
   * The MSS this end advertises in its SYN: the MTU less the IPv4 and TCP headers (Linux's {@code
   * tcp_advertise_mss}).
   */
  private int advertisedMss() {
    return context.mtu() - 40;
  }

  /** Active open: sends a SYN offering MSS, SACK, timestamps and window scaling. */
  void connect() {
    sendSyn(false);
  }

  private void sendSyn(boolean ack) {
    counters.outSegs++;
    // Options: MSS (4), SACK-permitted (2), timestamps (10), window scale (3), padded to 20.
    int flags = TcpSegment.SYN | (ack ? TcpSegment.ACK : 0);
    TcpSegment syn =
        new TcpSegment(
            -1,
            ack ? 0 : -1,
            flags,
            advertisedMss(),
            20,
            java.util.List.of(),
            settings.timestamps() ? nowMs() : 0,
            ack && settings.timestamps() ? tsRecent : 0);
    // The SYN's "window" field carries the advertised MSS here, to keep the option model small.
    // A SYN belongs to no measured flow (flow -1), so it takes no number of the data flow: the
    // reorder meter would otherwise see number 0 as lost.
    host.send(new Packet(frame, 0, syn, -1, 0, context.now(), null, 0));
    // SYN retransmission: 1 s initial timeout (3 s on 2.6.37), doubling.
    long timeout =
        (settings.kernel() == Kernel.LINUX_6 ? 1_000_000_000L : 3_000_000_000L) << synRetries;
    rtoTimer.armAt(context.now() + timeout);
  }

  private void receiveSyn(TcpSegment syn) {
    // Both ends run the same sysctls here, so "peer offers" equals "we offer"; the negotiation
    // still takes the minimum MSS and the options both sides enable, as tcp_parse_options does.
    int peerMss = (int) syn.window();
    sackOk = settings.sack();
    timestampsOk = settings.timestamps() && syn.tsVal() != 0;
    optionBytes = timestampsOk ? 12 : 0;
    mss = Math.min(advertisedMss(), peerMss) - optionBytes;
    if (timestampsOk) {
      tsRecent = syn.tsVal();
    }
    if (!syn.has(TcpSegment.ACK)) {
      // Passive open: answer SYN-ACK; established on the next segment from the peer.
      synReceived = true;
      sendSyn(true);
      return;
    }
    if (established) {
      // A retransmitted SYN-ACK: our ACK was lost; acknowledge again.
      sendAckNow();
      return;
    }
    established = true;
    synReceived = true;
    rtoTimer.cancel();
    // Handshake RTT seeds the estimator, as Linux's tcp_synack_rtt_meas.
    sendAckNow();
    trySend();
  }

  // ===================================================================== segment ring

  private int slot(int index) {
    return (head + index) & (segStart.length - 1);
  }

  private int push(long start, int len) {
    if (count == segStart.length) {
      grow();
    }
    int slot = slot(count);
    segStart[slot] = start;
    segLen[slot] = len;
    segState[slot] = pushFor(start + len) ? PUSH : 0;
    count++;
    return slot;
  }

  private void grow() {
    int n = segStart.length;
    long[] s = new long[2 * n];
    int[] l = new int[2 * n];
    long[] t = new long[2 * n];
    int[] f = new int[2 * n];
    for (int i = 0; i < count; i++) {
      int from = slot(i);
      s[i] = segStart[from];
      l[i] = segLen[from];
      t[i] = segSent[from];
      f[i] = segState[from];
    }
    segStart = s;
    segLen = l;
    segSent = t;
    segState = f;
    head = 0;
    sackedSlots.reset(2 * n);
    for (int i = 0; i < count; i++) {
      if ((segState[i] & SACKED) != 0) {
        sackedSlots.add(i, 1);
      }
    }
  }

  // ===================================================================== receiving

  void receive(Packet packet) {
    counters.inSegs++;
    TcpSegment segment = packet.tcp();
    if (segment == null) {
      return;
    }
    if (segment.has(TcpSegment.SYN)) {
      receiveSyn(segment);
      return;
    }
    if (!established) {
      if (!synReceived) {
        return;
      }
      // The third segment of the handshake (or the first data) completes it.
      established = true;
      rtoTimer.cancel();
    }
    if (timestampsOk && segment.sequence() <= rcvWup && segment.tsVal() != 0) {
      tsRecent = segment.tsVal();
    }
    if (packet.payloadBytes() > 0) {
      if (timestampsOk && segment.tsEcr() != 0) {
        // tcp_rcv_rtt_measure_ts: millisecond timestamps, so never below 1 ms.
        rcvRttNs = Math.max(1, nowMs() - segment.tsEcr()) * 1_000_000L;
      }
      receiveData(segment.sequence(), packet.payloadBytes());
    }
    onAck(segment);
    if (packet.payloadBytes() > 0) {
      ackDecision();
    }
  }

  private void receiveData(long seq, int len) {
    long end = seq + len;
    if (end <= rcvNxt) {
      // Entirely old: the ACK for it was lost or it was retransmitted needlessly.
      counters.delayedAckLost++;
      setDsack(seq, end, true);
      quickAcks = Math.max(quickAcks, 1);
      sendAckNow();
      return;
    }
    if (seq <= rcvNxt) {
      if (seq < rcvNxt) {
        setDsack(seq, rcvNxt, true);
      }
      rcvNxt = end;
      boolean hadHoles = !ofo.isEmpty();
      drainOutOfOrder();
      if (hadHoles && ofo.isEmpty()) {
        // The gap is filled: ACK now (ICSK_ACK_NOW).
        ackPending = true;
        sendAckNow();
      } else {
        ackPending = true;
      }
      deliverToApplication(rcvNxt - bytesRead);
      return;
    }
    // Out of order.
    counters.ofoQueue++;
    if (ofo.covers(seq, end)) {
      setDsack(seq, end, false);
    }
    ofo.add(seq, end);
    updateSackBlocks(seq, end);
    ackPending = true;
    ackWhileHolesExist();
  }

  private void deliverToApplication(long bytes) {
    if (bytes <= 0) {
      return;
    }
    bytesRead += bytes;
    adjustReceiveSpace();
    reader.read(this, bytes);
  }

  /** tcp_adv_win_scale: 6.x advertises half of the receive buffer, 2.6.37 three quarters. */
  private static long windowFor(long buffer, boolean modern) {
    return modern ? buffer / 2 : buffer * 3 / 4;
  }

  /**
   * {@code tcp_rcv_space_adjust}: once per receiver RTT, if the application read more than in the
   * last round, size the buffer for twice that (plus 16 segments) so the sender is never limited by
   * the window, up to tcp_rmem[2].
   */
  private void adjustReceiveSpace() {
    long now = context.now();
    long interval = rtt.hasSample() ? rtt.srttNs() : rcvRttNs;
    if (now - rcvSpaceTime < interval) {
      return;
    }
    long copied = bytesRead - rcvSpaceRead;
    if (autotune && copied > rcvSpace) {
      long rcvWindowWanted = 2 * copied + 16L * mss;
      boolean modern = settings.kernel() == Kernel.LINUX_6;
      long buffer = modern ? 2 * rcvWindowWanted : rcvWindowWanted * 4 / 3;
      if (buffer > receiveBuffer) {
        receiveBuffer = Math.min(receiveBufferMax, buffer);
        receiveWindow = windowFor(receiveBuffer, modern);
      }
      rcvSpace = copied;
    }
    rcvSpaceRead = bytesRead;
    rcvSpaceTime = now;
  }

  private void drainOutOfOrder() {
    rcvNxt = ofo.drain(rcvNxt);
    sackBlocks.removeIf(b -> b.end() <= rcvNxt);
  }

  private void updateSackBlocks(long seq, long end) {
    if (!sackOk) {
      return;
    }
    // The block holding the new data moves to the front; blocks it touches merge into it.
    SackBlock merged = new SackBlock(ofo.startOfRangeHolding(seq), ofo.endOfRangeHolding(seq));
    sackBlocks.removeIf(b -> b.start() <= merged.end() && b.end() >= merged.start());
    sackBlocks.add(0, merged);
    int max = timestampsOk ? 3 : 4;
    while (sackBlocks.size() > max) {
      sackBlocks.remove(sackBlocks.size() - 1);
    }
  }

  private void setDsack(long start, long end, boolean old) {
    if (!sackOk || !settings.dsack()) {
      return;
    }
    dsack = new SackBlock(start, end);
    if (old) {
      counters.dsackOldSent++;
    } else {
      counters.dsackOfoSent++;
    }
  }

  private List<SackBlock> currentSackBlocks() {
    if (dsack == null) {
      return sackBlocks.isEmpty() ? List.of() : List.copyOf(sackBlocks);
    }
    List<SackBlock> blocks = new ArrayList<>(4);
    blocks.add(dsack);
    blocks.addAll(sackBlocks);
    int max = timestampsOk ? 3 : 4;
    return List.copyOf(blocks.subList(0, Math.min(max, blocks.size())));
  }

  private int sackOptionBytes() {
    int blocks = (dsack != null ? 1 : 0) + sackBlocks.size();
    blocks = Math.min(blocks, timestampsOk ? 3 : 4);
    return blocks == 0 ? 0 : 4 + 8 * blocks;
  }

  private void ackDecision() {
    if (!ackPending) {
      return;
    }
    boolean twoSegments = rcvNxt - rcvWup > mss;
    if (!ofo.isEmpty()) {
      ackWhileHolesExist();
    } else if (twoSegments || quickAcks > 0) {
      sendAckNow();
    } else if (!delackTimer.armed()) {
      delackTimer.armAt(context.now() + DELACK_NS);
    }
  }

  /**
   * ACKs while the out-of-order queue holds data. 2.6.37 ACKs every segment at once. Current
   * kernels send the first three duplicate ACKs for a given rcv_nxt at once and then compress: one
   * ACK after 5 % of the RTT (at most tcp_comp_sack_delay_ns, 1 ms) stands for up to
   * tcp_comp_sack_nr (44) segments ({@code __tcp_ack_snd_check}, {@code TCPAckCompressed}).
   */
  private void ackWhileHolesExist() {
    if (settings.kernel() == Kernel.LINUX_2_6_37 || !sackOk || compressedAcks >= 44) {
      sendAckNow();
      return;
    }
    if (compressedAckRcvNxt != rcvNxt) {
      compressedAckRcvNxt = rcvNxt;
      dupAckCounter = 0;
    }
    if (dupAckCounter < 3) {
      dupAckCounter++;
      sendAckNow();
      return;
    }
    compressedAcks++;
    if (compressTimer.armed()) {
      return;
    }
    long rttNs = rtt.hasSample() ? Math.min(rtt.srttNs(), rcvRttNs) : rcvRttNs;
    compressTimer.armAt(context.now() + Math.min(1_000_000L, rttNs / 20));
  }

  private void onCompressedAck() {
    if (ackPending && compressedAcks > 0) {
      counters.ackCompressed += compressedAcks - 1;
      sendAckNow();
    }
  }

  private void sendAckNow() {
    if (quickAcks > 0) {
      quickAcks--;
    }
    sendSegment(sndNxt, 0, false, context.now());
  }

  private void onDelayedAck() {
    if (ackPending) {
      counters.delayedAcks++;
      sendAckNow();
    }
  }

  // ===================================================================== ACK processing

  private void onAck(TcpSegment segment) {
    long ack = segment.acknowledgment();
    priorSndUna = sndUna;
    if (ack > sndNxt) {
      return;
    }
    // A duplicate ACK in RFC 5681's sense, less the window test: nothing newly acknowledged while
    // data is outstanding. Linux keeps no such counter; bondsim reports it for reordering studies.
    if (ack == sndUna && sndNxt > sndUna) {
      counters.dupAcksIn++;
    }
    peerWindow = segment.window();
    long now = context.now();
    int newlySacked = 0;
    boolean dsackReceived = false;
    long reorderDistance = -1;
    List<SackBlock> blocks = segment.sack();
    long previousHighestSacked = highestSacked;
    gapReorderDistance = -1;
    for (int b = 0; b < blocks.size(); b++) {
      SackBlock block = blocks.get(b);
      if (b == 0
          && (block.start() < ack
              || (blocks.size() > 1
                  && block.start() >= blocks.get(1).start()
                  && block.end() <= blocks.get(1).end()))) {
        dsackReceived = true;
        if (block.start() < ack) {
          counters.dsackRecv++;
        } else {
          counters.dsackOfoRecv++;
        }
        reorderDistance = Math.max(reorderDistance, noteDsack(block));
        continue;
      }
      // Walk only the parts of the block not yet SACKed, finding each part's first segment by
      // bisection (as tcp_sacktag_bsearch and recv_sack_cache spare Linux the whole queue).
      long cursor = block.start();
      int r = sackedRanges.firstEndingAbove(cursor);
      while (cursor < block.end()) {
        long gapEnd = block.end();
        if (r < sackedRanges.size()) {
          if (sackedRanges.start(r) <= cursor) {
            cursor = Math.max(cursor, sackedRanges.end(r));
            r++;
            continue;
          }
          gapEnd = Math.min(gapEnd, sackedRanges.start(r));
        }
        newlySacked += sackGap(cursor, gapEnd, block, now, previousHighestSacked);
        cursor = gapEnd;
        r = sackedRanges.firstEndingAbove(cursor);
      }
    }
    reorderDistance = Math.max(reorderDistance, gapReorderDistance);
    int acked = 0;
    long rttSample = -1;
    while (count > 0) {
      int slot = head;
      long end = segStart[slot] + segLen[slot];
      if (end > ack) {
        break;
      }
      int flags = segState[slot];
      if ((flags & SACKED) != 0) {
        sackedOut--;
        sackedSlots.add(slot, -1);
      } else {
        acked++;
        if ((flags & EVER_RETRANS) == 0) {
          rttSample = now - segSent[slot];
          rackAdvance(segSent[slot], end, now);
          if (end <= highestSacked) {
            // The hole was filled by the original transmission: it was reordered, not lost.
            reorderDistance = Math.max(reorderDistance, highestSacked - segStart[slot]);
          }
        }
      }
      if ((flags & LOST) != 0) {
        lostOut--;
      }
      if ((flags & RETRANS) != 0) {
        retransOut--;
      }
      head = (head + 1) & (segStart.length - 1);
      count--;
    }
    boolean advanced = ack > sndUna;
    if (advanced) {
      sndUna = ack;
      sackedRanges.dropEndingBy(ack);
      if (rttSample >= 0) {
        rtt.sample(rttSample);
        backoff = 0;
        hystart(rttSample);
      }
      if (count > 0) {
        armRto();
      } else {
        rtoTimer.cancel();
        reoTimer.cancel();
      }
    }
    int newlyDelivered = acked + newlySacked;
    delivered += newlyDelivered;
    if (reorderDistance >= 0) {
      noteReordering(reorderDistance, false);
    }
    if (!sackOk) {
      // Without SACK Linux counts duplicate ACKs as if each SACKed one segment (tcp_add_reno_sack).
      if (advanced) {
        renoDupacks = Math.max(0, renoDupacks - acked);
      } else if (count > 0 && blocks.isEmpty()) {
        if (renoDupacks + 1 > count - 1 && count > 1) {
          // More duplicate ACKs than segments could cause: reordering (tcp_check_reno_reordering).
          noteRenoReordering(count);
        }
        renoDupacks = Math.min(renoDupacks + 1, Math.max(count - 1, 0));
        newlyDelivered = 1;
      }
    }
    if (count == 0 && !advanced && newlyDelivered == 0 && !dsackReceived) {
      return;
    }
    updateReoWindow(dsackReceived);
    stateMachine(segment, advanced, newlyDelivered, acked, dsackReceived);
    processTlpAck(ack, dsackReceived);
    if (advanced) {
      onSendSpace.run();
    }
    trySend();
    scheduleLossProbe();
  }

  /** The first queue index whose segment starts at or above {@code seq} (count if none). */
  private int firstAtOrAbove(long seq) {
    int low = 0;
    int high = count;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (segStart[slot(mid)] < seq) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  /**
   * SACKs the segments of {@code block} that overlap {@code [from, to)}, a stretch holding no
   * SACKED segment yet, and returns how many it newly SACKed.
   */
  private int sackGap(long from, long to, SackBlock block, long now, long previousHighestSacked) {
    int newlySacked = 0;
    int i = firstAtOrAbove(from);
    if (i > 0) {
      int before = slot(i - 1);
      if (segStart[before] + segLen[before] > from) {
        i--; // it starts below the stretch and reaches into it
      }
    }
    for (; i < count; i++) {
      int slot = slot(i);
      long start = segStart[slot];
      long end = start + segLen[slot];
      if (start >= to) {
        break;
      }
      if (start < block.start() || end > block.end() || (segState[slot] & SACKED) != 0) {
        continue;
      }
      markSacked(slot, now);
      newlySacked++;
      if (end <= previousHighestSacked && (segState[slot] & EVER_RETRANS) == 0) {
        gapReorderDistance = Math.max(gapReorderDistance, previousHighestSacked - start);
      }
      highestSacked = Math.max(highestSacked, end);
    }
    return newlySacked;
  }

  private long noteDsack(SackBlock block) {
    long distance = -1;
    for (int i = firstAtOrAbove(block.start()); i < count; i++) {
      int slot = slot(i);
      long start = segStart[slot];
      if (start >= block.end()) {
        break;
      }
      if (start < block.start()) {
        continue;
      }
      if ((segState[slot] & EVER_RETRANS) != 0 && undoRetrans > 0) {
        undoRetrans--;
      }
      if ((segState[slot] & (EVER_RETRANS | SACKED)) == (EVER_RETRANS | SACKED)) {
        distance = Math.max(distance, highestSacked - start);
      }
    }
    // A DSACK below snd_una covers segments already gone: each one was a needless retransmission.
    if (block.end() <= sndUna && undoRetrans > 0) {
      long segments = Math.max(1, (block.end() - block.start() + mss - 1) / mss);
      undoRetrans = (int) Math.max(0, undoRetrans - segments);
    }
    return distance;
  }

  private void markSacked(int slot, long now) {
    int flags = segState[slot];
    if ((flags & LOST) != 0) {
      lostOut--;
    }
    if ((flags & RETRANS) != 0) {
      retransOut--;
    }
    segState[slot] = (flags & (EVER_RETRANS | PUSH)) | SACKED;
    sackedOut++;
    sackedSlots.add(slot, 1);
    sackedRanges.add(segStart[slot], segStart[slot] + segLen[slot]);
    if ((flags & EVER_RETRANS) == 0 || now - segSent[slot] >= rtt.minRttNs()) {
      rackAdvance(segSent[slot], segStart[slot] + segLen[slot], now);
    }
  }

  /** Remembers the most recently sent delivered segment (ties broken by sequence, as Linux). */
  private void rackAdvance(long sentAt, long endSeq, long now) {
    if (sentAt > rackXmitTime || (sentAt == rackXmitTime && endSeq > rackEndSeq)) {
      rackXmitTime = sentAt;
      rackEndSeq = endSeq;
      rackRttNs = now - sentAt;
    }
  }

  private boolean sentAfterRack(int slot) {
    long sent = segSent[slot];
    return sent > rackXmitTime
        || (sent == rackXmitTime && segStart[slot] + segLen[slot] > rackEndSeq);
  }

  private void noteReordering(long distanceBytes, boolean timestamps) {
    if (state == LOSS && undoMarker < 0) {
      return;
    }
    int metric = (int) Math.min(Integer.MAX_VALUE, (distanceBytes + mss - 1) / mss);
    if (settings.kernel() == Kernel.LINUX_2_6_37) {
      if (metric > reordering) {
        reordering = Math.min(settings.maxReordering(), metric);
        // tcp_update_reordering (2.6.37): the counter names the evidence, FACK while it is still
        // on; the first reordering turns FACK off (tcp_disable_fack).
        if (timestamps) {
          counters.tsReorder++;
        } else if (!reorderingSeen && sackOk) {
          counters.fackReorder++;
        } else {
          counters.sackReorder++;
        }
        reorderingSeen = true;
      }
      return;
    }
    if (metric > reordering) {
      reordering = Math.min(settings.maxReordering(), metric);
    }
    reorderingSeen = true;
    if (timestamps) {
      counters.tsReorder++;
    } else {
      counters.sackReorder++;
    }
  }

  private void noteRenoReordering(int packets) {
    int metric = Math.min(settings.maxReordering(), packets);
    if (metric > reordering) {
      reordering = metric;
      counters.renoReorder++;
      reorderingSeen = true;
    } else if (settings.kernel() == Kernel.LINUX_6) {
      counters.renoReorder++;
      reorderingSeen = true;
    }
  }

  // ===================================================================== loss detection

  private void detectLosses() {
    if (settings.rack()) {
      rackDetectLoss();
    } else if (settings.kernel() == Kernel.LINUX_2_6_37 && !reorderingSeen) {
      fackMarkLost();
    } else {
      dupthreshMarkLost();
    }
  }

  private long reoWindowNs() {
    if (!reorderingSeen && (state >= RECOVERY || sackedOut >= reordering)) {
      return 0;
    }
    return Math.min(rtt.minRttNs() / 4 * reoWndSteps, rtt.srttNs());
  }

  /**
   * {@code tcp_rack_update_reo_wnd}: a DSACK after reordering was seen widens the window by one
   * min_rtt/4 step, at most once per round trip, and keeps it for 16 recoveries.
   */
  private void updateReoWindow(boolean dsackReceived) {
    if (!settings.rack() || (settings.recovery() & 2) != 0) {
      return;
    }
    if (dsackReceived && reorderingSeen && delivered > reoWndLastDelivered) {
      reoWndSteps = Math.min(255, reoWndSteps + 1);
      reoWndPersist = 16;
      reoWndLastDelivered = delivered + packetsInFlight();
    }
  }

  private void rackDetectLoss() {
    long now = context.now();
    long window = reoWindowNs();
    long earliestTimeout = Long.MAX_VALUE;
    for (int i = 0; i < count; i++) {
      int slot = slot(i);
      int flags = segState[slot];
      if (sentAfterRack(slot)) {
        if ((flags & EVER_RETRANS) == 0) {
          // Every later segment was sent later still (originals go out in sequence order).
          break;
        }
        continue;
      }
      if ((flags & (SACKED | LOST)) != 0) {
        continue;
      }
      long remaining = segSent[slot] + rackRttNs + window - now;
      if (remaining <= 0) {
        markLost(slot);
      } else {
        earliestTimeout = Math.min(earliestTimeout, remaining);
      }
    }
    if (earliestTimeout != Long.MAX_VALUE) {
      reoTimer.armAt(now + earliestTimeout);
    }
  }

  private void onReorderTimeout() {
    int lostBefore = lostOut;
    rackDetectLoss();
    if (lostOut > lostBefore && state < RECOVERY) {
      enterRecovery();
      // PRR lets the first retransmission go at once (sndcnt at least 1 before any).
      reduceWindow(0, false);
    }
    trySend();
  }

  /**
   * RFC 6675: a segment is lost once {@code reordering} SACKed segments lie above it. The segments
   * below the {@code reordering}-th SACKed one from the top qualify; those below the hint were
   * considered before and stay as they were left (lost, retransmitted or SACKed), since only undo
   * clears a lost mark (and resets the hint), as Linux's lost_skb_hint.
   */
  private void dupthreshMarkLost() {
    if (sackedOut < reordering) {
      return;
    }
    // The reordering-th SACKed segment from the top is the (sackedOut - reordering + 1)-th from
    // the bottom.
    int limit = sackedSlots.kthLogical(head, count, sackedOut - reordering + 1);
    for (int i = firstAtOrAbove(lostHintSeq); i < limit; i++) {
      int slot = slot(i);
      if ((segState[slot] & (SACKED | LOST | RETRANS)) == 0) {
        markLost(slot);
      }
    }
    if (limit > 0) {
      lostHintSeq = Math.max(lostHintSeq, segStart[slot(limit)]);
    }
  }

  /** FACK: everything more than {@code reordering} packets below the highest SACK is lost. */
  private void fackMarkLost() {
    int fackets = 0;
    for (int i = 0; i < count; i++) {
      if ((segState[slot(i)] & SACKED) != 0) {
        fackets = i + 1;
      }
    }
    for (int i = 0; i < fackets - reordering; i++) {
      int slot = slot(i);
      if ((segState[slot] & (SACKED | LOST | RETRANS)) == 0) {
        markLost(slot);
      }
    }
  }

  private void markLost(int slot) {
    int flags = segState[slot];
    if ((flags & RETRANS) != 0) {
      // A retransmission lost again (RACK).
      retransOut--;
      counters.lostRetransmit++;
    }
    segState[slot] = (flags & ~RETRANS) | LOST;
    lostOut++;
  }

  private boolean timeToRecover() {
    if (lostOut > 0) {
      return true;
    }
    if (settings.rack()) {
      return false;
    }
    if (settings.kernel() == Kernel.LINUX_2_6_37 && !reorderingSeen) {
      int fackets = 0;
      for (int i = 0; i < count; i++) {
        if ((segState[slot(i)] & SACKED) != 0) {
          fackets = i + 1;
        }
      }
      return fackets > reordering;
    }
    return (sackOk ? sackedOut : renoDupacks) + 1 > reordering;
  }

  // ===================================================================== state machine

  private void stateMachine(
      TcpSegment segment, boolean advanced, int newlyDelivered, int acked, boolean dsackReceived) {
    if (state == OPEN && (sackedOut > 0 || dsackReceived)) {
      state = DISORDER;
    }
    if (dsackReceived && undoMarker >= 0 && undoRetrans == 0 && state != LOSS) {
      counters.dsackUndo++;
      undo();
      return;
    }
    detectLosses();
    switch (state) {
      case OPEN:
      case DISORDER:
        if (timeToRecover()) {
          if (!settings.rack()) {
            // Dupthresh reached without a marked loss: the head is lost (tcp_mark_head_lost).
            if (lostOut == 0 && count > 0 && (segState[head] & SACKED) == 0) {
              markLost(head);
            }
          }
          enterRecovery();
          reduceWindow(newlyDelivered, advanced);
        } else {
          if (state == DISORDER && sackedOut == 0 && lostOut == 0) {
            state = OPEN;
          }
          growWindow(acked, newlyDelivered);
        }
        break;
      case RECOVERY:
        if (sndUna >= highSeq) {
          if (mayUndo(segment)) {
            counters.fullUndo++;
            undo();
          } else {
            cwnd = Math.max(ssthresh, 1);
            // A recovery that was not undone counts against a widened RACK window.
            if (reoWndPersist > 0 && --reoWndPersist == 0) {
              reoWndSteps = 1;
            }
            leaveReduction();
          }
        } else {
          if (advanced && mayUndoPartial(segment)) {
            // tcp_try_undo_partial: timestamps prove the original arrived, so this was
            // reordering; with no retransmission still out, the reduction is undone.
            noteReordering(Math.max(highestSacked, sndUna) - priorSndUna, true);
            if (retransOut == 0) {
              counters.partialUndo++;
              undo();
              break;
            }
          }
          if (advanced && !sackOk && count > 0 && (segState[head] & (LOST | RETRANS)) == 0) {
            // NewReno: a partial ACK means the next hole is lost too.
            markLost(head);
          }
          reduceWindow(newlyDelivered, advanced);
        }
        break;
      case LOSS:
        if (advanced && mayUndo(segment)) {
          counters.lossUndo++;
          counters.spuriousRtos++;
          undo();
        } else if (sndUna >= highSeq) {
          leaveReduction();
        } else if (advanced) {
          // Slow start again from the RTO's window.
          cwnd = Math.min(cwnd + acked, Math.max(ssthresh, cwnd + acked));
        }
        break;
      default:
        throw new IllegalStateException();
    }
  }

  private boolean packetDelayed(TcpSegment segment) {
    return timestampsOk
        && retransStampMs > 0
        && segment.tsEcr() != 0
        && segment.tsEcr() < retransStampMs;
  }

  private boolean mayUndo(TcpSegment segment) {
    return undoMarker >= 0 && (undoRetrans == 0 || packetDelayed(segment));
  }

  private boolean mayUndoPartial(TcpSegment segment) {
    return undoMarker >= 0 && packetDelayed(segment);
  }

  private void enterRecovery() {
    if (sackOk) {
      counters.sackRecovery++;
    } else {
      counters.renoRecovery++;
    }
    priorCwnd = cwnd;
    priorSsthresh = ssthresh;
    ssthresh = cc.ssthreshAfterLoss(cwnd);
    cc.onLoss();
    highSeq = sndNxt;
    undoMarker = sndUna;
    undoRetrans = 0;
    retransStampMs = 0;
    prrDelivered = 0;
    prrOut = 0;
    state = RECOVERY;
  }

  /** PRR (RFC 6937) on 6.x; rate-halving on 2.6.37. */
  private void reduceWindow(int newlyDelivered, boolean advanced) {
    int inFlight = packetsInFlight();
    if (settings.kernel() == Kernel.LINUX_2_6_37) {
      if (newlyDelivered > 0 && (prrDelivered++ & 1) == 1 && cwnd > ssthresh) {
        cwnd--;
      }
      cwnd = Math.max(1, Math.min(cwnd, inFlight + 1));
      prrSendCount = Math.max(0, cwnd - inFlight);
      return;
    }
    if (newlyDelivered <= 0 && prrOut > 0) {
      prrSendCount = Math.max(0, prrSendCount);
      return;
    }
    prrDelivered += newlyDelivered;
    long sendCount;
    if (inFlight > ssthresh) {
      long dividend = (long) ssthresh * prrDelivered + priorCwnd - 1;
      sendCount = dividend / Math.max(priorCwnd, 1) - prrOut;
    } else {
      sendCount =
          Math.min(
              ssthresh - inFlight,
              Math.max(prrDelivered - prrOut, newlyDelivered) + (advanced && lostOut == 0 ? 1 : 0));
    }
    if (prrOut == 0) {
      sendCount = Math.max(sendCount, 1);
    }
    prrSendCount = (int) Math.max(0, sendCount);
    cwnd = Math.max(1, inFlight + prrSendCount);
  }

  private void leaveReduction() {
    state = sackedOut > 0 ? DISORDER : OPEN;
    undoMarker = -1;
    retransStampMs = 0;
  }

  private void undo() {
    cwnd = Math.max(cwnd, priorCwnd);
    if (priorSsthresh > ssthresh) {
      ssthresh = priorSsthresh;
    }
    // Segments still marked lost were not lost after all, and may qualify again later.
    lostHintSeq = 0;
    for (int i = 0; i < count; i++) {
      int slot = slot(i);
      if ((segState[slot] & LOST) != 0) {
        segState[slot] &= ~LOST;
        lostOut--;
      }
    }
    leaveReduction();
  }

  /**
   * HyStart's delay detection (CUBIC): from cwnd 16 in slow start, the minimum of the first eight
   * RTT samples of each round is compared with the connection's minimum; a rise of more than
   * min_rtt/8, clamped to 4..16 ms (2..16 ms on 2.6.37), ends slow start (ssthresh = cwnd). The
   * ACK-train detector is not modelled.
   */
  private void hystart(long rttNs) {
    if (hystartDone || !(cc instanceof Cubic) || cwnd >= ssthresh || cwnd < 16) {
      return;
    }
    if (sndUna >= hystartRoundEnd) {
      hystartRoundEnd = sndNxt;
      hystartRoundMinNs = Long.MAX_VALUE;
      hystartSamples = 0;
    }
    if (hystartSamples < 8) {
      hystartSamples++;
      hystartRoundMinNs = Math.min(hystartRoundMinNs, rttNs);
      if (hystartSamples == 8) {
        long minRtt = rtt.minRttNs();
        long low = settings.kernel() == Kernel.LINUX_6 ? 4_000_000L : 2_000_000L;
        long threshold = Math.max(low, Math.min(16_000_000L, minRtt / 8));
        if (hystartRoundMinNs >= minRtt + threshold) {
          ssthresh = cwnd;
          hystartDone = true;
        }
      }
    }
  }

  private void growWindow(int acked, int newlyDelivered) {
    // tcp_may_raise_cwnd: cumulative progress, or any delivery (SACKs too) once reordering is
    // above the sysctl level; the growth is by packets delivered (2.6.37: by one per ACK).
    boolean progress = reordering > settings.reordering() ? newlyDelivered > 0 : acked > 0;
    if (settings.kernel() == Kernel.LINUX_2_6_37) {
      progress = newlyDelivered > 0;
    }
    if (!progress || !cwndLimited) {
      return;
    }
    cwndLimited = false;
    int delivered = settings.kernel() == Kernel.LINUX_2_6_37 ? 1 : newlyDelivered;
    if (cwnd < ssthresh) {
      cwnd =
          Math.min(
              cwnd + delivered,
              ssthresh == Integer.MAX_VALUE ? cwnd + delivered : Math.max(ssthresh, cwnd + 1));
      return;
    }
    cwnd = cc.congestionAvoidance(cwnd, delivered, context.now(), rtt.minRttNs());
  }

  // ===================================================================== tail loss probe

  private boolean tlpEnabled() {
    int earlyRetrans = settings.earlyRetrans();
    return settings.kernel() == Kernel.LINUX_6
        && (earlyRetrans == 3 || earlyRetrans == 4)
        && sackOk;
  }

  /**
   * {@code tcp_schedule_loss_probe}: in Open state with data outstanding, probe after 2 × SRTT plus
   * 200 ms when a single packet is out (room for the peer's delayed ACK) or 2 ms otherwise, 1 s
   * without an RTT sample, and never after the RTO would fire.
   */
  private void scheduleLossProbe() {
    if (!tlpEnabled() || count == 0 || state != OPEN || tlpHighSeq >= 0) {
      tlpTimer.cancel();
      return;
    }
    long timeout;
    if (rtt.hasSample()) {
      timeout = 2 * rtt.srttNs() + (count == 1 ? RttEstimator.RTO_MIN_NS : 2_000_000L);
    } else {
      timeout = 1_000_000_000L;
    }
    long now = context.now();
    if (rtoTimer.armed()) {
      timeout = Math.min(timeout, Math.max(0, rtoTimer.expiresAt() - now));
    }
    tlpTimer.armAt(now + timeout);
  }

  /** {@code tcp_send_loss_probe}: one new segment if the window allows, else the last one again. */
  private void onLossProbe() {
    if (count == 0 || state != OPEN || tlpHighSeq >= 0) {
      return;
    }
    counters.lossProbes++;
    if (sndNxt < appEnd && sndNxt - sndUna < peerWindow) {
      int len = (int) Math.min(mss, appEnd - sndNxt);
      int slot = push(sndNxt, len);
      sndNxt += len;
      transmit(slot, false);
      tlpRetrans = false;
    } else {
      int slot = slot(count - 1);
      long now = context.now();
      segSent[slot] = now;
      segState[slot] |= EVER_RETRANS;
      retransmitted++;
      counters.retransSegs++;
      sendSegment(segStart[slot], segLen[slot], (segState[slot] & PUSH) != 0, now);
      tlpRetrans = true;
    }
    tlpHighSeq = sndNxt;
    armRto();
  }

  /** {@code tcp_process_tlp_ack}: a probe that repaired a loss costs a CWR-style reduction. */
  private void processTlpAck(long ack, boolean dsackReceived) {
    if (tlpHighSeq < 0 || ack < tlpHighSeq) {
      return;
    }
    if (!tlpRetrans || dsackReceived) {
      tlpHighSeq = -1;
      return;
    }
    if (ack > tlpHighSeq) {
      ssthresh = cc.ssthreshAfterLoss(cwnd);
      cc.onLoss();
      cwnd = Math.max(ssthresh, 1);
      counters.lossProbeRecovery++;
      tlpHighSeq = -1;
    }
  }

  // ===================================================================== RTO

  private void armRto() {
    long rto = Math.min(RttEstimator.RTO_MAX_NS, rtt.rtoNs() << Math.min(backoff, 10));
    rtoTimer.armAt(context.now() + rto);
  }

  private void onRto() {
    if (!established) {
      counters.timeouts++;
      counters.retransSegs++;
      synRetries++;
      sendSyn(synReceived);
      return;
    }
    if (count == 0) {
      return;
    }
    counters.timeouts++;
    if (state != LOSS) {
      priorCwnd = cwnd;
      priorSsthresh = ssthresh;
      ssthresh = cc.ssthreshAfterLoss(cwnd);
      cc.onLoss();
      if (state <= DISORDER && sackedOut >= settings.reordering()) {
        reordering = Math.min(reordering, settings.reordering());
      }
    }
    undoMarker = sndUna;
    undoRetrans = 0;
    retransStampMs = 0;
    highSeq = sndNxt;
    state = LOSS;
    cwnd = 1;
    for (int i = 0; i < count; i++) {
      int slot = slot(i);
      int flags = segState[slot];
      if ((flags & SACKED) != 0) {
        continue;
      }
      if ((flags & RETRANS) != 0) {
        retransOut--;
      }
      if ((flags & LOST) == 0) {
        lostOut++;
      }
      segState[slot] = (flags & (EVER_RETRANS | PUSH)) | LOST;
    }
    backoff++;
    armRto();
    trySend();
  }

  String describe() {
    return String.format(
        java.util.Locale.ROOT,
        "cwnd:%d ssthresh:%s rtt:%.3f/%.3f reordering:%d retrans:%d delivered:%d",
        cwnd,
        ssthresh == Integer.MAX_VALUE ? "inf" : Integer.toString(ssthresh),
        rtt.srttNs() / 1e6,
        rtt.rttvarNs() / 1e6,
        reordering,
        retransmitted,
        delivered);
  }

  Map<String, Object> state() {
    Map<String, Object> s = new java.util.LinkedHashMap<>();
    s.put("cwnd", cwnd);
    // Linux's "infinite" ssthresh (TCP_INFINITE_SSTHRESH) has no number: null in JSON.
    s.put("ssthresh", ssthresh == Integer.MAX_VALUE ? null : ssthresh);
    s.put("srtt_us", rtt.srttNs() / 1000.0);
    s.put("rttvar_us", rtt.rttvarNs() / 1000.0);
    s.put("reordering", reordering);
    s.put("retrans", retransmitted);
    s.put("delivered", delivered);
    s.put("bytes_acked", sndUna);
    s.put("bytes_sent", sndNxt);
    return s;
  }

  @Override
  public String toString() {
    return "TcpEndpoint" + Arrays.toString(new long[] {sndUna, sndNxt, rcvNxt});
  }

  /**
   * Returns the flow number the connection's frames carry (see {@link TcpConnections}).
   *
   * @return the flow id
   */
  int flowId() {
    return flowId;
  }
}
