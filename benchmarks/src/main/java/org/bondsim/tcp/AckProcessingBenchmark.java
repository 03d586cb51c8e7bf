package org.bondsim.tcp;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The sender's ACK processing with 3,000 (or 6,000) segments in flight: each ACK carries three SACK
 * blocks (the newest first, as a Linux receiver orders them) and SACKs one more segment, every
 * other segment staying a hole, as per-packet spraying over slaves of different delay produces.
 * After 300 SACKed segments (tcp_reordering 300) the holes below start to count as lost, so the
 * batch covers SACK tagging, dupthresh marking, recovery, PRR and retransmission.
 *
 * <p>One measurement is a batch of {@value #ACKS} ACKs on a fresh connection (set up outside the
 * timing: slow start by cumulative ACKs until that many segments are out); divide by {@value #ACKS}
 * for one ACK. The endpoint is driven through the same harness as tcp-model's unit tests, so the
 * benchmark runs unchanged against any tcp-model with this constructor (how the "before" figure in
 * benchmarks/README.md was taken).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 10, batchSize = AckProcessingBenchmark.ACKS)
@Measurement(iterations = 20, batchSize = AckProcessingBenchmark.ACKS)
@Fork(1)
public class AckProcessingBenchmark {
  static final int ACKS = 1000;
  private static final int MSS = 1460; // timestamps off

  /** Segments in flight when the batch starts: twice as many should cost about the same. */
  @Param({"3000", "6000"})
  int inFlight;

  private EndpointHarness harness;
  private long una;
  private int next;

  @Setup(Level.Iteration)
  public void threeThousandInFlight() {
    harness =
        new EndpointHarness(
            Map.of(
                "net.ipv4.tcp_timestamps", "0",
                "net.ipv4.tcp_recovery", "0",
                "net.ipv4.tcp_early_retrans", "0",
                "net.ipv4.tcp_congestion_control", "reno",
                "net.ipv4.tcp_reordering", "300",
                "net.ipv4.tcp_max_reordering", "300"));
    harness.established();
    // Slow start doubles cwnd per round of cumulative ACKs (10, 20, ... segments acked), then
    // inFlight more are written and sent at once.
    long acked = 0;
    for (int window = 10; window < inFlight; window *= 2) {
      acked += window;
    }
    harness.write((acked + inFlight) * MSS);
    una = 0;
    while (harness.highestSent() - una < (long) inFlight * MSS) {
      una = harness.highestSent();
      harness.ack(una);
    }
    if (una != acked * MSS || harness.highestSent() - una != (long) inFlight * MSS) {
      throw new IllegalStateException(
          "set-up did not reach " + inFlight + " in flight: una " + una);
    }
    next = 1;
  }

  /** One ACK: snd_una stays at the first hole; segment 2k+1 above it is SACKed now. */
  @Benchmark
  public void ackWithThreeSackBlocks() {
    long newest = una + (2L * next + 1) * MSS;
    long middle = newest - 2L * MSS;
    long oldest = middle - 2L * MSS;
    if (next >= 3) {
      harness.ack(una, newest, newest + MSS, middle, middle + MSS, oldest, oldest + MSS);
    } else {
      harness.ack(una, newest, newest + MSS);
    }
    next++;
  }
}
