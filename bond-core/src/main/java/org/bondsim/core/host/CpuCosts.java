package org.bondsim.core.host;

import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.StrictNumbers;

/**
 * CPU time a host spends on the paths the model charges, in nanoseconds. These are parameters, not
 * results: a profile names a set, and every figure it uses is documented where it is defined.
 *
 * @param perFrameNs driver and NAPI work per received frame (descriptor, skb, GRO lookup)
 * @param perPacketUpNs IP and TCP receive work per packet handed up (per GRO aggregate)
 * @param perByteNs copying received payload to the application, per byte
 * @param perAckNs TCP ACK processing per pure ACK received
 * @param perSackBlockNs extra per SACK block carried by an ACK
 * @param perSegmentSentNs TCP, IP, qdisc and driver transmit work per packet sent (a TSO/GSO
 *     super-packet is one)
 * @param perByteSentNs the sender's copy of the application's bytes into the socket ({@code
 *     tcp_sendmsg}), per payload byte sent
 * @param perGsoSegmentNs software GSO's work per segment it cuts ({@code skb_segment}: a new skb
 *     and its headers) and the driver's per-frame transmit work for it
 * @param perInterruptNs one receive interrupt: the hard IRQ handler, {@code __raise_softirq} and
 *     the softirq's entry
 * @param perPollNs one NAPI poll call with its {@code napi_complete}
 * @param perSackSegmentNs one retransmit-queue segment an ACK's SACK blocks make TCP walk ({@code
 *     tcp_sacktag_walk}, {@code tcp_sacktag_one}), charged to the CPU processing the ACK
 * @param perTcpSegmentNs TCP's own receive work per data segment ({@code tcp_v4_do_rcv}, {@code
 *     tcp_rcv_established}), charged where TCP processes it: the softirq, or the reading
 *     application's context for segments it takes from the prequeue or the backlog. Without a bound
 *     reader ({@code netperf -T}) it is charged in the softirq with {@code perPacketUpNs}
 * @param perWakeupNs waking the reading application and switching to it ({@code try_to_wake_up},
 *     {@code schedule}), charged to the reader's CPU each time a segment finds it asleep (only with
 *     a bound reader)
 */
public record CpuCosts(
    long perFrameNs,
    long perPacketUpNs,
    double perByteNs,
    long perAckNs,
    long perSackBlockNs,
    long perSegmentSentNs,
    double perByteSentNs,
    long perGsoSegmentNs,
    long perInterruptNs,
    long perPollNs,
    long perSackSegmentNs,
    long perTcpSegmentNs,
    long perWakeupNs) {
  /** The largest cost of one operation taken: 1 s. */
  public static final long MAX_OPERATION_NS = 1_000_000_000L;

  /** The largest per-byte cost taken: 1 ms per byte. */
  public static final double MAX_PER_BYTE_NS = 1_000_000;

  private static void check(String name, long value) {
    if (value < 0 || value > MAX_OPERATION_NS) {
      throw new IllegalArgumentException(name + " must be 0..1000000000 ns (1 s), got " + value);
    }
  }

  /** No CPU cost at all: the ideal receiver and sender. */
  public static final CpuCosts NONE = builder().build();

  /**
   * The six figures of the first cost model; the sender's copy, software GSO, interrupts and polls
   * cost nothing.
   *
   * @param perFrameNs per frame
   * @param perPacketUpNs per packet up
   * @param perByteNs per byte received
   * @param perAckNs per ACK
   * @param perSackBlockNs per SACK block
   * @param perSegmentSentNs per packet sent
   */
  public CpuCosts(
      long perFrameNs,
      long perPacketUpNs,
      double perByteNs,
      long perAckNs,
      long perSackBlockNs,
      long perSegmentSentNs) {
    this(
        perFrameNs,
        perPacketUpNs,
        perByteNs,
        perAckNs,
        perSackBlockNs,
        perSegmentSentNs,
        0,
        0,
        0,
        0,
        0,
        0,
        0);
  }

  /**
   * The figures before the reader's two ({@code tcp}, {@code wakeup}: 0).
   *
   * @param perFrameNs per frame
   * @param perPacketUpNs per packet up
   * @param perByteNs per byte received
   * @param perAckNs per ACK
   * @param perSackBlockNs per SACK block
   * @param perSegmentSentNs per packet sent
   * @param perByteSentNs per byte copied by the sender
   * @param perGsoSegmentNs per segment software GSO cuts
   * @param perInterruptNs per receive interrupt
   * @param perPollNs per NAPI poll
   * @param perSackSegmentNs per segment a SACK walk visits
   */
  public CpuCosts(
      long perFrameNs,
      long perPacketUpNs,
      double perByteNs,
      long perAckNs,
      long perSackBlockNs,
      long perSegmentSentNs,
      double perByteSentNs,
      long perGsoSegmentNs,
      long perInterruptNs,
      long perPollNs,
      long perSackSegmentNs) {
    this(
        perFrameNs,
        perPacketUpNs,
        perByteNs,
        perAckNs,
        perSackBlockNs,
        perSegmentSentNs,
        perByteSentNs,
        perGsoSegmentNs,
        perInterruptNs,
        perPollNs,
        perSackSegmentNs,
        0,
        0);
  }

  /**
   * Profile {@code generic-2010}: per-operation figures for a 2010-era x86 core, chosen before any
   * comparison with a measurement: 300 ns per received frame (descriptor, skb, GRO lookup), 1200 ns
   * per packet through IP and TCP, 0.25 ns per byte copied (4 GB/s), 700 ns per ACK and 200 ns per
   * SACK block processed, 1000 ns per segment sent.
   */
  public static final CpuCosts GENERIC_2010 =
      builder()
          .perFrameNs(300)
          .perPacketUpNs(1200)
          .perByteNs(0.25)
          .perAckNs(700)
          .perSackBlockNs(200)
          .perSegmentSentNs(1000)
          .build();

  /**
   * Profile {@code reference-2.6.37}: {@link #REFERENCE_BASE} with its per-operation figures times
   * {@link #REFERENCE_2_6_37_FACTOR}, the factor {@code bondsim reproduce gro-reordering} fits so
   * that one row of the reference experiment (MTU 9000, GRO off: sender service demand 0.825 µs/KB
   * on two CPUs, with e1000e's default interrupt moderation) comes out as measured; the two copies
   * stay at 0.25 ns per byte ({@link #perOperationScaled}). The other rows are predictions. The
   * factor absorbs what the model leaves out per operation (cache misses, locking, the scheduler),
   * so it is a property of this model and that machine, not of Linux. Before this release the
   * factor scaled the receiver's copy too, with the sender's copy at 0 (generic-2010 × 3.254): the
   * sender's copy then rode inside every per-operation figure, the receiver's included.
   */
  /**
   * The factor of {@link #REFERENCE_2_6_37}, as {@code bondsim reproduce gro-reordering} fitted it
   * for this release (1.934 before 2.6.37's own receive autotuning, 1.931 before the receiver's ACK
   * decisions followed {@code __tcp_ack_snd_check}'s order and its quick-ACK count the first data's
   * MSS, 1.929 before the receiver opened its window by {@code tcp_grow_window}).
   */
  public static final double REFERENCE_2_6_37_FACTOR = 1.926;

  public static final CpuCosts REFERENCE_2_6_37 =
      builder()
          .perFrameNs(578)
          .perPacketUpNs(2311)
          .perByteNs(0.25)
          .perAckNs(1348)
          .perSackBlockNs(385)
          .perSegmentSentNs(1926)
          .perByteSentNs(0.25)
          .build();

  /**
   * What {@code bondsim reproduce gro-reordering} fits its one factor on: {@link #GENERIC_2010}
   * with the sender's copy in {@code tcp_sendmsg} priced like the receiver's copy, 0.25 ns per byte
   * (4 GB/s) both ways.
   */
  public static final CpuCosts REFERENCE_BASE =
      GENERIC_2010.toBuilder().perByteSentNs(0.25).build();

  private static final java.util.Map<String, CpuCosts> PROFILES =
      java.util.Map.of(
          "none", NONE, "generic-2010", GENERIC_2010, "reference-2.6.37", REFERENCE_2_6_37);

  /**
   * Returns a named cost profile.
   *
   * @param name {@code none}, {@code generic-2010} or {@code reference-2.6.37}
   * @return the profile
   * @throws IllegalArgumentException naming the value and the allowed ones
   */
  public static CpuCosts profile(String name) {
    CpuCosts costs = PROFILES.get(name);
    if (costs == null) {
      throw new OptionException(
          "cost profile",
          StrictNumbers.echo(name),
          "cost profile must be one of "
              + String.join(", ", new java.util.TreeSet<>(PROFILES.keySet()))
              + ", got '"
              + StrictNumbers.echo(name)
              + "'");
    }
    return costs;
  }

  /**
   * Returns every figure multiplied by a factor (whole nanoseconds rounded, per byte exact).
   *
   * @param factor the factor, at least 0
   * @return the scaled costs
   */
  public CpuCosts scaled(double factor) {
    return new CpuCosts(
        Math.round(perFrameNs * factor),
        Math.round(perPacketUpNs * factor),
        perByteNs * factor,
        Math.round(perAckNs * factor),
        Math.round(perSackBlockNs * factor),
        Math.round(perSegmentSentNs * factor),
        perByteSentNs * factor,
        Math.round(perGsoSegmentNs * factor),
        Math.round(perInterruptNs * factor),
        Math.round(perPollNs * factor),
        Math.round(perSackSegmentNs * factor),
        Math.round(perTcpSegmentNs * factor),
        Math.round(perWakeupNs * factor));
  }

  /**
   * Returns the per-operation figures multiplied by a factor and the two per-byte copies as they
   * are. A copy's cost per byte is the memory system's bandwidth; a factor fitted to a slower or
   * differently built host stands for longer paths per operation (cache misses on headers and
   * descriptors, locks, the scheduler: what the model does not charge one by one), which a byte
   * copied does not pay again. Menon and Zwaenepoel ("Optimizing TCP Receive Performance", USENIX
   * ATC 2008) report that split on Linux 2.6: with hardware prefetching the copy runs near memory
   * bandwidth and per-packet work dominates receive cost.
   *
   * @param factor the factor, at least 0
   * @return the costs with {@code byte} and {@code copy} unchanged
   */
  public CpuCosts perOperationScaled(double factor) {
    CpuCosts scaled = scaled(factor);
    return new CpuCosts(
        scaled.perFrameNs,
        scaled.perPacketUpNs,
        perByteNs,
        scaled.perAckNs,
        scaled.perSackBlockNs,
        scaled.perSegmentSentNs,
        perByteSentNs,
        scaled.perGsoSegmentNs,
        scaled.perInterruptNs,
        scaled.perPollNs,
        scaled.perSackSegmentNs,
        scaled.perTcpSegmentNs,
        scaled.perWakeupNs);
  }

  /**
   * Returns the words {@link #parse} reads back to these figures, the four later ones only when
   * set, so a command line carries every figure exactly.
   *
   * @return words such as {@code frame 300 up 1200 byte 0.25 ack 700 sack 200 tx 1000}
   */
  public String words() {
    StringBuilder text =
        new StringBuilder(
            String.format(
                java.util.Locale.ROOT,
                "frame %d up %d byte %s ack %d sack %d tx %d",
                perFrameNs,
                perPacketUpNs,
                Double.toString(perByteNs),
                perAckNs,
                perSackBlockNs,
                perSegmentSentNs));
    if (perByteSentNs > 0) {
      text.append(" copy ").append(Double.toString(perByteSentNs));
    }
    if (perGsoSegmentNs > 0) {
      text.append(" gso ").append(perGsoSegmentNs);
    }
    if (perInterruptNs > 0) {
      text.append(" irq ").append(perInterruptNs);
    }
    if (perPollNs > 0) {
      text.append(" poll ").append(perPollNs);
    }
    if (perSackSegmentNs > 0) {
      text.append(" sacktag ").append(perSackSegmentNs);
    }
    if (perTcpSegmentNs > 0) {
      text.append(" tcp ").append(perTcpSegmentNs);
    }
    if (perWakeupNs > 0) {
      text.append(" wakeup ").append(perWakeupNs);
    }
    return text.toString();
  }

  /**
   * Checks the values.
   *
   * @param perFrameNs per frame
   * @param perPacketUpNs per packet up
   * @param perByteNs per byte
   * @param perAckNs per ACK
   * @param perSackBlockNs per SACK block
   * @param perSegmentSentNs per packet sent
   * @param perByteSentNs per byte copied by the sender
   * @param perGsoSegmentNs per segment software GSO cuts
   * @param perInterruptNs per receive interrupt
   * @param perPollNs per NAPI poll
   * @param perSackSegmentNs per segment a SACK walk visits
   * @param perTcpSegmentNs per data segment TCP processes
   * @param perWakeupNs per wakeup of the reader
   */
  public CpuCosts {
    check("perFrameNs", perFrameNs);
    check("perGsoSegmentNs", perGsoSegmentNs);
    check("perInterruptNs", perInterruptNs);
    check("perPollNs", perPollNs);
    check("perSackSegmentNs", perSackSegmentNs);
    check("perTcpSegmentNs", perTcpSegmentNs);
    check("perWakeupNs", perWakeupNs);
    if (!(perByteSentNs >= 0 && perByteSentNs <= MAX_PER_BYTE_NS)) {
      throw new IllegalArgumentException(
          "perByteSentNs must be a number 0..1000000 ns per byte, got " + perByteSentNs);
    }
    check("perPacketUpNs", perPacketUpNs);
    check("perAckNs", perAckNs);
    check("perSackBlockNs", perSackBlockNs);
    check("perSegmentSentNs", perSegmentSentNs);
    if (!(perByteNs >= 0 && perByteNs <= MAX_PER_BYTE_NS)) {
      throw new IllegalArgumentException(
          "perByteNs must be a number 0..1000000 ns per byte, got " + perByteNs);
    }
  }

  /**
   * Parses words such as {@code frame 500 up 1000 byte 0.25 ack 600 sack 100 tx 1500} (ns, and ns
   * per byte), each replacing 0.
   *
   * @param text the words
   * @return the costs
   * @throws IllegalArgumentException naming the word and the allowed ones
   */
  public static CpuCosts parse(String text) {
    return parse(text, NONE);
  }

  /**
   * Parses the same words over a base, each word replacing that figure of the base.
   *
   * @param text the words
   * @param base the figures not named
   * @return the costs
   * @throws IllegalArgumentException naming the word and the allowed ones
   */
  public static CpuCosts parse(String text, CpuCosts base) {
    String[] words = text.trim().split("\\s+");
    long frame = base.perFrameNs;
    long up = base.perPacketUpNs;
    double perByte = base.perByteNs;
    long ack = base.perAckNs;
    long sack = base.perSackBlockNs;
    long tx = base.perSegmentSentNs;
    double copy = base.perByteSentNs;
    long gso = base.perGsoSegmentNs;
    long irq = base.perInterruptNs;
    long poll = base.perPollNs;
    long sacktag = base.perSackSegmentNs;
    long tcp = base.perTcpSegmentNs;
    long wakeup = base.perWakeupNs;
    for (int i = 0; i + 1 < words.length || (i < words.length && !words[i].isEmpty()); i += 2) {
      String word = words[i];
      if (i + 1 >= words.length) {
        throw new OptionException(
            "cpu cost",
            StrictNumbers.echo(word),
            "cpu cost " + StrictNumbers.echo(word) + " needs a value");
      }
      String value = words[i + 1];
      double number = StrictNumbers.decimal(value);
      double max = word.equals("byte") || word.equals("copy") ? MAX_PER_BYTE_NS : MAX_OPERATION_NS;
      if (!(number >= 0 && number <= max)) {
        throw new OptionException(
            "cpu cost",
            StrictNumbers.echo(value),
            "cpu cost "
                + word
                + " must be a number of ns from 0 to "
                + (long) max
                + ", got '"
                + StrictNumbers.echo(value)
                + "'");
      }
      switch (word) {
        case "frame" -> frame = Math.round(number);
        case "up" -> up = Math.round(number);
        case "byte" -> perByte = number;
        case "ack" -> ack = Math.round(number);
        case "sack" -> sack = Math.round(number);
        case "tx" -> tx = Math.round(number);
        case "copy" -> copy = number;
        case "gso" -> gso = Math.round(number);
        case "irq" -> irq = Math.round(number);
        case "poll" -> poll = Math.round(number);
        case "sacktag" -> sacktag = Math.round(number);
        case "tcp" -> tcp = Math.round(number);
        case "wakeup" -> wakeup = Math.round(number);
        default ->
            throw new OptionException(
                "cpu cost",
                StrictNumbers.echo(word),
                "cpu cost word must be one of frame, up, byte, ack, sack, tx, copy, gso, irq, poll,"
                    + " sacktag, tcp, wakeup, got '"
                    + StrictNumbers.echo(word)
                    + "'");
      }
    }
    return new CpuCosts(
        frame, up, perByte, ack, sack, tx, copy, gso, irq, poll, sacktag, tcp, wakeup);
  }

  /**
   * Returns whether anything costs CPU time.
   *
   * @return false for {@link #NONE}
   */
  public boolean any() {
    return perFrameNs > 0
        || perPacketUpNs > 0
        || perByteNs > 0
        || perAckNs > 0
        || perSackBlockNs > 0
        || perSegmentSentNs > 0
        || perByteSentNs > 0
        || perGsoSegmentNs > 0
        || perInterruptNs > 0
        || perPollNs > 0
        || perSackSegmentNs > 0
        || perTcpSegmentNs > 0
        || perWakeupNs > 0;
  }

  /**
   * Returns whether sending costs CPU time (the transmit path is charged).
   *
   * @return true when a per-packet, per-byte or GSO figure is set
   */
  public boolean chargesTransmit() {
    return perSegmentSentNs > 0 || perByteSentNs > 0 || perGsoSegmentNs > 0;
  }

  /**
   * Returns the sending CPU's time for one packet handed down by TCP.
   *
   * @param payloadBytes its payload
   * @param softwareSegments the segments software GSO cuts it into (0 when it goes down whole)
   * @return nanoseconds
   */
  public long transmitNs(int payloadBytes, int softwareSegments) {
    return perSegmentSentNs
        + Math.round(payloadBytes * perByteSentNs)
        + softwareSegments * perGsoSegmentNs;
  }

  /**
   * Returns a builder with every figure at 0.
   *
   * @return the builder
   */
  public static CpuCostsBuilder builder() {
    return new CpuCostsBuilder();
  }

  /**
   * Returns a builder with these figures, to change a few by name.
   *
   * @return the builder
   */
  public CpuCostsBuilder toBuilder() {
    return new CpuCostsBuilder(this);
  }
}
