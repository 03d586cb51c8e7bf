package org.bondsim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The engine's schedule/dispatch loop: {@code lanes} independent lanes (links), each rescheduling
 * itself after a pseudo-random delay when it fires, as a busy link does, beside {@code timers}
 * timers that wait about 200 ms each and re-arm when they fire, as the RTO timers of many TCP
 * connections do (a TCP_RR test of 200 streams keeps about 750 such entries pending). Reported as
 * events per second, the timers' own firings included.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EventLoopBenchmark {
  private static final int EVENTS = 1_000_000;

  @Param({"8", "64", "1024"})
  int lanes;

  @Param({"0", "800"})
  int timers;

  private EventLoop loop;
  private Lane[] all;
  private Rto[] rtos;
  private int lanesLeft;

  private final class Rto implements Event {
    private final long period;

    Rto(int i) {
      // 200 ms plus a spread of up to 0.8 ms, so the timers do not fire together.
      this.period = 200_000_000L + i * 1_000L;
    }

    @Override
    public void fire(long now, long arg) {
      // Re-armed while any lane runs, so that the loop ends when the lanes do.
      if (lanesLeft > 0) {
        loop.schedule(now + period, this, arg);
      }
    }
  }

  private final class Lane implements Event {
    private long state;
    private int remaining;

    Lane(long seed) {
      this.state = seed;
    }

    @Override
    public void fire(long now, long arg) {
      if (--remaining > 0) {
        // xorshift: a cheap, allocation-free delay between 1 and 16384 ns.
        state ^= state << 13;
        state ^= state >>> 7;
        state ^= state << 17;
        loop.schedule(now + 1 + (state & 0x3FFF), this, arg);
      } else {
        lanesLeft--;
      }
    }
  }

  @Setup
  public void setUp() {
    all = new Lane[lanes];
    for (int i = 0; i < lanes; i++) {
      all[i] = new Lane(0x9E3779B97F4A7C15L * (i + 1));
    }
    rtos = new Rto[timers];
    for (int i = 0; i < timers; i++) {
      rtos[i] = new Rto(i);
    }
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public long scheduleAndDispatch() {
    loop = new EventLoop();
    for (Lane lane : all) {
      lane.remaining = EVENTS / lanes;
      loop.schedule(lane.state & 0xFF, lane, 0);
    }
    lanesLeft = lanes;
    for (Rto rto : rtos) {
      loop.schedule(rto.period, rto, 0);
    }
    loop.runUntil(Long.MAX_VALUE);
    return loop.dispatched();
  }
}
