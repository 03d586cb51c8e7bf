package org.bondsim.core.wire;

import org.bondsim.api.DropReason;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.capture.FrameTap;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.core.engine.TaggedRing;

/**
 * One direction of a slave's link: the sending NIC's transmit queue (a FIFO qdisc of {@code
 * txqueuelen} packets, as pfifo_fast with one band), the serialiser, and the wire to the peer NIC.
 *
 * <p>The qdisc holds skbs: a TSO/GSO super-packet is one entry, as {@code txqueuelen} counts
 * packets, not segments. It is cut into wire segments when dequeued for the driver ({@code
 * validate_xmit_skb} segments a GSO skb there; a TSO NIC cuts it itself), and they leave back to
 * back before the next skb. A capture sees what {@code dev_queue_xmit_nit} sees at that point: the
 * super-packet whole when the NIC does TSO, else its segments.
 *
 * <p>Serialisation takes (frame + preamble + IFG) × 8 / rate, carried with an exact remainder so
 * that long runs do not drift. Frames in flight on the wire arrive in order after the propagation
 * delay. Only the wire's head has an event pending, so a busy link costs the scheduler one entry.
 *
 * <p>Each port transmits on its own oscillator ({@link #clock}): IEEE 802.3 lets a PHY's clock be
 * off nominal by up to ±100 ppm, so two cables of equal length carry frames at slightly different
 * rates, and a frame that finds the port idle starts on the port's next octet-clock edge, whose
 * phase is the port's own. Two frames handed to two idle ports at the same instant thus arrive in
 * an order the oscillators decide, as with real NICs, not in the order they were handed over.
 *
 * <p>Difference from Linux: the NIC's own TX descriptor ring and BQL are not modelled; the qdisc
 * feeds the serialiser directly.
 */
public final class Port {
  /** A frame's check sequence: on the wire, but not in the skb a qdisc counts. */
  private static final int FCS_BYTES = 4;

  private final EventLoop loop;
  private final EthernetLink link;
  private final SlaveStats senderStats;
  private final int txqueuelen;
  // Until connected, the far end is unplugged: what arrives there is lost.
  private FrameReceiver receiver = (slave, packet) -> {};
  private int receiverSlave;

  // The qdisc: its skbs, each tagged 1 when its completion releases the owner's charge (else 0);
  // queuedSegments counts the wire frames they hold.
  private final TaggedRing<Packet> queue = new TaggedRing<>();
  private long queuedSegments;

  // The segments of the super-packet being sent, after the one on the serialiser.
  private final java.util.ArrayDeque<Packet> burst = new java.util.ArrayDeque<>();
  private boolean burstChargesLast;
  // Whether the NIC segments (TSO), so a capture sees the super-packet before it is cut.
  private boolean hardwareSegmentation;

  // The frame being serialised.
  private Packet sending;
  private boolean sendingCharges;
  // Whether the frame being sent left while the machine caught up after a stall (ksoftirqd).
  private boolean sendingCaughtUp;
  // When the skb now leaving was dequeued, and whether the capture already holds it whole.
  private long handedToDriverNs;
  private FrameTap tap;
  private long remainder;
  // This transmitter's oscillator: its offset from nominal in parts per billion, what the offset
  // has carried over below a nanosecond, and its octet clock's period and phase (0: no edges).
  private long clockPpb;
  private long driftRemainder;
  private long octetNs;
  private long octetPhaseNs;
  // A tbf qdisc in front of the driver ({@link #shape}), null for the plain FIFO; and what the
  // direction adds to the wire's delay.
  private TokenBucket shaper;
  private long extraDelayNs;
  private boolean wakeArmed;

  // Frames on the wire, in order, tagged with their arrival times.
  private final TaggedRing<Packet> wire = new TaggedRing<>();

  // Bumped when the carrier is lost, so events scheduled before the loss are ignored.
  private long epoch;
  private long handed;
  private long delivered;
  private long dropped;
  private long duplicated;
  private NetemStage netem;
  // A black hole: the carrier stays up but every frame that reaches the far end is lost.
  private boolean blackhole;

  private final java.util.function.Consumer<Packet> toBurst = burst::addLast;
  private final Event txDone = (now, arg) -> onTxDone(now, arg);
  private final Event arrival = (now, arg) -> onArrival(now, arg);
  private final Event shaperWake = (now, arg) -> onShaperWake(arg);

  Port(EventLoop loop, EthernetLink link, SlaveStats senderStats, int txqueuelen) {
    this.loop = loop;
    this.link = link;
    this.senderStats = senderStats;
    this.txqueuelen = txqueuelen;
  }

  /**
   * Connects the far end.
   *
   * @param receiver the peer bond
   * @param slaveIndex the peer's slave this link is plugged into
   */
  public void connect(FrameReceiver receiver, int slaveIndex) {
    this.receiver = receiver;
    this.receiverSlave = slaveIndex;
  }

  /**
   * Hands a frame to this NIC for sending, as {@code dev_queue_xmit} does.
   *
   * @param packet the frame
   * @param chargesOwner whether this copy's completion releases the owner's send-buffer charge
   */
  public void enqueue(Packet packet, boolean chargesOwner) {
    if (shaper != null && packet.segments() > 1 && shaper.longerThanMaxSize(qdiscBytes(packet))) {
      // tbf_enqueue: a GSO packet longer than the bucket can ever hold is cut into its segments
      // (tbf_segment: skb_gso_segment, each segment queued alone with its own socket charge, as
      // tcp_gso_segment gives it), where a NIC's qdisc would keep it whole.
      if (chargesOwner) {
        Segmenter.splitCharging(packet, segment -> enqueue(segment, true));
      } else {
        Segmenter.split(packet, segment -> enqueue(segment, false));
      }
      return;
    }
    int segments = packet.segments();
    handed += segments;
    if (!link.carrier()) {
      drop(packet, chargesOwner, DropReason.CARRIER_DOWN, segments);
      return;
    }
    if (firstSegmentL3Bytes(packet) > link.mtu()) {
      drop(packet, chargesOwner, DropReason.MTU_EXCEEDED, segments);
      return;
    }
    if (sending == null && queue.isEmpty() && shaperReady(packet)) {
      startSending(packet, chargesOwner, nextOctetEdge(loop.now()));
      return;
    }
    if (queue.size() >= txqueuelen) {
      drop(packet, chargesOwner, DropReason.TX_QUEUE_FULL, segments);
      return;
    }
    queue.add(packet, chargesOwner ? 1 : 0);
    queuedSegments += segments;
  }

  private void dequeueAndSend() {
    boolean nextCharges = queue.firstTag() != 0;
    Packet next = queue.removeFirst();
    queuedSegments -= next.segments();
    startSending(next, nextCharges);
  }

  /**
   * Whether the shaper lets {@code packet} go now, taking its tokens if so; otherwise arms the
   * wake-up for when they will be there. Always true without a shaper.
   */
  private boolean shaperReady(Packet packet) {
    if (shaper == null) {
      return true;
    }
    long now = loop.now();
    long bytes = wireBytes(packet);
    long wait = shaper.waitNs(now, bytes);
    if (wait == 0) {
      shaper.take(now, bytes);
      return true;
    }
    if (!wakeArmed) {
      wakeArmed = true;
      loop.schedule(now + wait, shaperWake, epoch);
    }
    return false;
  }

  private void onShaperWake(long eventEpoch) {
    if (eventEpoch != epoch) {
      return;
    }
    wakeArmed = false;
    if (sending == null && !queue.isEmpty() && shaperReady(queue.first())) {
      dequeueAndSend();
    }
  }

  /**
   * What a qdisc counts for a packet ({@code qdisc_pkt_len}): each frame from the destination MAC
   * to the end of its payload, no FCS, whatever the frames of a GSO packet.
   */
  private long qdiscBytes(Packet packet) {
    return wireBytes(packet) - (long) packet.segments() * (link.wireOverheadBytes() + FCS_BYTES);
  }

  /** The bytes a packet takes on a wire: its frames with preamble, start delimiter and gap. */
  private long wireBytes(Packet packet) {
    long frames = packet.segments();
    return packet.frameBytes()
        + (frames - 1) * (packet.frameBytes() - packet.payloadBytes())
        + frames * link.wireOverheadBytes();
  }

  /**
   * Puts a tbf qdisc in front of this port's driver ({@code tc qdisc add dev X root tbf rate R
   * burst B overhead 24}): frames leave for the wire when their tokens are there, so the port's own
   * link can be as fast as a veth and the rate still be R. Used to rebuild the user-mode Linux
   * lab's links ({@code bondsim crosscheck}).
   *
   * @param rateBitsPerSecond tbf's rate, counting each frame with its preamble, delimiter and gap
   * @param burstBytes tbf's burst
   */
  public void shape(long rateBitsPerSecond, int burstBytes) {
    shape(rateBitsPerSecond, burstBytes, 1);
  }

  /**
   * {@link #shape(long, int)} with the bucket {@code fill} full at the start (0 to 1): where the
   * traffic before a test left it, which sets this port's release phase against other ports'.
   *
   * @param rateBitsPerSecond tbf's rate
   * @param burstBytes tbf's burst
   * @param fill the bucket's starting fill, 0 (empty) to 1 (full)
   */
  public void shape(long rateBitsPerSecond, int burstBytes, double fill) {
    // The lab's "overhead 24" is the wire's 20 bytes and the FCS, which the skb lacks.
    this.shaper =
        new TokenBucket(rateBitsPerSecond, burstBytes, fill, link.wireOverheadBytes() + FCS_BYTES);
  }

  /**
   * Adds a fixed delay to this direction's wire, on top of the link's propagation delay.
   *
   * @param ns the extra delay, 0 or more
   */
  public void extraDelay(long ns) {
    if (ns < 0) {
      throw new IllegalArgumentException("extra delay must be >= 0 ns, got " + ns);
    }
    this.extraDelayNs = ns;
  }

  /** The IP length of a packet's first wire segment: what the MTU bounds. */
  private static int firstSegmentL3Bytes(Packet packet) {
    if (packet.segments() == 1) {
      return packet.l3Bytes();
    }
    return packet.l3Bytes() - packet.payloadBytes() + packet.gsoSize();
  }

  /**
   * Captures what this port sends, as tcpdump on the sending interface sees it: each frame counted
   * in tx_packets, stamped when it was handed to the driver.
   *
   * @param tap the capture
   */
  public void tap(FrameTap tap) {
    this.tap = tap;
  }

  /**
   * Says whether this NIC cuts super-packets itself (TSO): then a capture holds the super-packet,
   * as tcpdump on a TSO sender shows it, else the segments software GSO made.
   *
   * @param tso whether the NIC does the segmentation
   */
  public void hardwareSegmentation(boolean tso) {
    this.hardwareSegmentation = tso;
  }

  /**
   * Sets this port's oscillator: its offset from the nominal rate and where its octet clock's edges
   * fall. Frames take {@code 1 / (1 + ppb / 10^9)} of their nominal time, and one that finds the
   * port idle waits for the next edge, {@code phase × 8 / rate} after a multiple of the octet time.
   *
   * @param ppb the offset in parts per billion (±100 ppm is ±100 000)
   * @param phase where in the octet period the edges fall, 0 (inclusive) to 1 (exclusive)
   */
  public void clock(long ppb, double phase) {
    if (ppb <= -1_000_000_000L || ppb >= 1_000_000_000L) {
      throw new IllegalArgumentException("clock offset must be within ±10^9 ppb, got " + ppb);
    }
    if (!(phase >= 0 && phase < 1)) {
      throw new IllegalArgumentException("clock phase must be in [0, 1), got " + phase);
    }
    this.clockPpb = ppb;
    this.octetNs = 8_000_000_000L / link.rateBitsPerSecond();
    this.octetPhaseNs = (long) (phase * octetNs);
  }

  /** The first edge of this port's octet clock at or after {@code now}. */
  private long nextOctetEdge(long now) {
    if (octetNs == 0) {
      return now;
    }
    long offset = Math.floorMod(octetPhaseNs - now, octetNs);
    return now + offset;
  }

  /** Dequeues an skb for the driver: a super-packet is cut here and its segments sent in turn. */
  private void startSending(Packet packet, boolean chargesOwner) {
    startSending(packet, chargesOwner, loop.now());
  }

  private void startSending(Packet packet, boolean chargesOwner, long startNs) {
    handedToDriverNs = loop.now();
    // A packet socket sees what is handed to the driver, when it is handed over
    // (dev_queue_xmit_nit in xmit_one): a TSO super-packet whole, software GSO's segments each,
    // all at this instant. Written now, a capture stays in time order with the frames the
    // interface receives while these are on their way out.
    if (packet.segments() == 1) {
      if (tap != null) {
        tap.frame(handedToDriverNs, packet);
      }
      serialise(packet, chargesOwner, startNs);
      return;
    }
    if (tap != null && hardwareSegmentation) {
      tap.frame(handedToDriverNs, packet);
    }
    burstChargesLast = chargesOwner;
    Segmenter.split(packet, toBurst);
    if (tap != null && !hardwareSegmentation) {
      for (Packet segment : burst) {
        tap.frame(handedToDriverNs, segment);
      }
    }
    Packet first = burst.pollFirst();
    serialise(first, burst.isEmpty() && chargesOwner, startNs);
  }

  private void serialise(Packet packet, boolean chargesOwner) {
    serialise(packet, chargesOwner, loop.now());
  }

  private void serialise(Packet packet, boolean chargesOwner, long startNs) {
    sending = packet;
    sendingCharges = chargesOwner;
    sendingCaughtUp = loop.catchingUp();
    long bits = (long) (packet.frameBytes() + link.wireOverheadBytes()) * 8;
    long numerator = bits * 1_000_000_000L + remainder;
    long rate = link.rateBitsPerSecond();
    long duration = numerator / rate;
    remainder = numerator % rate;
    if (clockPpb != 0) {
      // A fast oscillator (ppb > 0) sends the same bits in less time; the sub-nanosecond part is
      // carried, as the nominal remainder is.
      long drift = duration * clockPpb + driftRemainder;
      driftRemainder = drift % 1_000_000_000L;
      duration -= drift / 1_000_000_000L;
    }
    loop.schedule(startNs + duration, txDone, epoch);
  }

  private void onTxDone(long now, long eventEpoch) {
    if (eventEpoch != epoch) {
      return;
    }
    Packet packet = sending;
    boolean charges = sendingCharges;
    boolean caughtUp = sendingCaughtUp;
    loop.carryCatchUp(caughtUp);
    sending = null;
    senderStats.countTx(packet.transmittedBytes(), packet.flowId());
    putOnWire(packet, now + link.propagationDelayNs() + extraDelayNs);
    if (!burst.isEmpty()) {
      Packet next = burst.pollFirst();
      serialise(next, burst.isEmpty() && burstChargesLast);
    } else if (!queue.isEmpty() && shaperReady(queue.first())) {
      dequeueAndSend();
    }
    // Tx completion frees the skb; the socket may then send more (possibly on this same port).
    if (charges && packet.owner() != null) {
      packet.owner().onTxDone(packet);
    }
    loop.carryCatchUp(false);
  }

  private void putOnWire(Packet packet, long arrivesAt) {
    wire.add(packet, arrivesAt);
    if (wire.size() == 1) {
      loop.schedule(arrivesAt, arrival, epoch);
    }
  }

  private void onArrival(long now, long eventEpoch) {
    if (eventEpoch != epoch) {
      return;
    }
    Packet packet = wire.removeFirst();
    if (!wire.isEmpty()) {
      loop.schedule(wire.firstTag(), arrival, epoch);
    }
    if (blackhole) {
      senderStats.countDrop(DropReason.BLACKHOLE);
      dropped++;
      return;
    }
    if (netem != null) {
      duplicated += netem.accept(packet, now);
      return;
    }
    delivered++;
    receiver.receive(receiverSlave, packet);
  }

  /**
   * Starts or ends a black hole in this direction: frames still leave the sender, which sees
   * nothing wrong, and are lost where they arrive (counted as {@code blackhole}).
   *
   * @param on true to lose every frame from now on
   */
  public void blackhole(boolean on) {
    this.blackhole = on;
  }

  /**
   * Puts a netem stage after the wire.
   *
   * @param spec the impairment
   * @param random the stage's own seeded source
   */
  public void impair(Netem spec, SeededRandom random) {
    this.netem =
        new NetemStage(
            loop,
            spec,
            random,
            new NetemStage.Delivery() {
              @Override
              public void deliver(Packet packet) {
                delivered++;
                receiver.receive(receiverSlave, packet);
              }

              @Override
              public void lost(Packet packet) {
                senderStats.countDrop(DropReason.NETEM_LOSS);
                dropped++;
              }
            });
  }

  /**
   * Drops everything queued, being sent or on the wire: the carrier went down. Linux deactivates
   * the qdisc (discarding its frames) and frames on a cut wire are lost.
   */
  void carrierLost() {
    epoch++;
    wakeArmed = false;
    remainder = 0;
    if (sending != null) {
      Packet packet = sending;
      sending = null;
      drop(packet, sendingCharges, DropReason.LINK_FAILED, 1);
    }
    while (!burst.isEmpty()) {
      Packet segment = burst.pollFirst();
      drop(segment, burst.isEmpty() && burstChargesLast, DropReason.LINK_FAILED, 1);
    }
    while (!queue.isEmpty()) {
      boolean charges = queue.firstTag() != 0;
      Packet packet = queue.removeFirst();
      queuedSegments -= packet.segments();
      drop(packet, charges, DropReason.LINK_FAILED, packet.segments());
    }
    while (!wire.isEmpty()) {
      wire.removeFirst();
      // Already counted as sent and already released to its owner at tx completion.
      senderStats.countDrop(DropReason.LINK_FAILED);
      dropped++;
    }
  }

  /**
   * Drops an skb: the slave's drop counter counts it once, as the qdisc's and the driver's do,
   * while the frame accounting counts the wire frames it would have made.
   */
  private void drop(Packet packet, boolean charges, DropReason reason, int frames) {
    senderStats.countDrop(reason);
    dropped += frames;
    if (charges && packet.owner() != null) {
      packet.owner().onDropped(packet);
    }
  }

  /** The counters of this port's sending side (its tx counts and drops). */
  SlaveStats senderStats() {
    return senderStats;
  }

  /**
   * Returns frames handed to this port by the bond.
   *
   * @return frames
   */
  public long handed() {
    return handed;
  }

  /**
   * Returns frames this port delivered to the peer.
   *
   * @return frames
   */
  public long delivered() {
    return delivered;
  }

  /**
   * Returns frames this port dropped, for any reason.
   *
   * @return frames
   */
  public long dropped() {
    return dropped;
  }

  /**
   * Returns wire frames queued (a super-packet as its segments), being serialised or on the wire
   * now.
   *
   * @return frames
   */
  public long inFlight() {
    return queuedSegments
        + burst.size()
        + (sending != null ? 1 : 0)
        + wire.size()
        + (netem != null ? netem.held() : 0);
  }

  /**
   * Returns the extra copies a netem stage made.
   *
   * @return frames
   */
  public long duplicated() {
    return duplicated;
  }

  /**
   * Returns packets (skbs) waiting in the qdisc now.
   *
   * @return packets
   */
  public int queued() {
    return queue.size();
  }
}
