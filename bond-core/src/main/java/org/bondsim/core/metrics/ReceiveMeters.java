package org.bondsim.core.metrics;

import java.util.Arrays;

/**
 * A receiving host's reordering meters for every flow: on the wire (frames as the NICs take them)
 * and, once {@link #measureStackInput()} is called, at TCP's input (after NAPI and GRO).
 *
 * <p>Where the receive path keeps a flow's wire order (one frame per NAPI poll, one NIC, nothing
 * dropped on the way), both meters would see the same numbers in the same order, so one meter
 * serves both: it takes each number when TCP takes it, and the wire arrivals TCP has not taken yet
 * wait in a queue. The first number TCP takes out of that order (NAPI interleaving two NICs'
 * frames, a frame dropped in the receive path) splits the pair for good: TCP's meter goes on from a
 * copy of the shared one, the queued arrivals go to the wire's, and each is fed apart from then on.
 * Either way every figure is the one two separately fed meters give; a run whose receive path keeps
 * the wire order pays for one meter instead of two (per-packet spraying's many reordered arrivals
 * make the meters a tenth of its run time).
 */
public final class ReceiveMeters {
  // A flow whose frames stay this long between the wire and TCP (or never reach TCP) is split, so
  // the queue's memory stays bounded (32 KB a flow); splitting is exact whenever it happens.
  private static final int MAX_PENDING = 1 << 12;
  private final int densityThreshold;
  private Flow[] flows = new Flow[0];
  private boolean measuresStackInput;

  /**
   * Builds meters with no flow yet, measuring the wire only.
   *
   * @param densityThreshold RFC 5236 threshold for every meter
   */
  public ReceiveMeters(int densityThreshold) {
    this.densityThreshold = densityThreshold;
  }

  /** Measures TCP's input too, for the flows that start from now on and those it sees first now. */
  public void measureStackInput() {
    measuresStackInput = true;
  }

  /**
   * Returns whether TCP's input is measured.
   *
   * @return true after {@link #measureStackInput()}
   */
  public boolean measuresStackInput() {
    return measuresStackInput;
  }

  /**
   * Records a frame of flow {@code flow} taken off the wire.
   *
   * @param flow the flow, 0 or above
   * @param sequence its number in sending order
   */
  public void onWire(int flow, long sequence) {
    Flow f = flow(flow);
    if (f.paired() && f.size == MAX_PENDING) {
      f.split();
    }
    if (f.paired()) {
      f.queue(sequence);
    } else {
      f.wire.onArrival(sequence);
    }
  }

  /**
   * Records a number of flow {@code flow} reaching TCP; call only while TCP's input is measured.
   *
   * @param flow the flow, 0 or above
   * @param sequence its number in sending order
   */
  public void onStack(int flow, long sequence) {
    Flow f = flow(flow);
    if (f.paired()) {
      if (f.size > 0 && f.pending[f.head] == sequence) {
        f.head = (f.head + 1) & (f.pending.length - 1);
        f.size--;
        f.wire.onArrival(sequence);
        return;
      }
      f.split();
    } else if (f.stack == null) {
      // The flow began before TCP's input was measured: its TCP meter starts now, empty.
      f.stack = new ReorderingMeter(densityThreshold);
    }
    f.stack.onArrival(sequence);
  }

  /**
   * Returns every flow's reordering on the wire, summed.
   *
   * @return the stats
   */
  public ReorderingStats wire() {
    ReorderingStats sum = ReorderingStats.empty(densityThreshold);
    for (Flow f : flows) {
      if (f == null) {
        continue;
      }
      if (f.paired() && f.size > 0) {
        // The queued arrivals count on the wire: fed to a copy, so the pair stays whole.
        ReorderingMeter all = f.wire.copy();
        f.drainInto(all, false);
        sum = sum.plus(all.snapshot());
      } else {
        sum = sum.plus(f.wire.snapshot());
      }
    }
    return sum;
  }

  /**
   * Returns every flow's reordering at TCP's input, summed.
   *
   * @return the stats
   */
  public ReorderingStats stack() {
    ReorderingStats sum = ReorderingStats.empty(densityThreshold);
    for (Flow f : flows) {
      if (f == null) {
        continue;
      }
      if (f.paired()) {
        sum = sum.plus(f.wire.snapshot());
      } else if (f.stack != null) {
        sum = sum.plus(f.stack.snapshot());
      }
    }
    return sum;
  }

  /** The wire arrivals queued for TCP over all flows: what the pairing holds in memory. */
  int pendingFrames() {
    int n = 0;
    for (Flow f : flows) {
      n += f == null ? 0 : f.size;
    }
    return n;
  }

  private Flow flow(int flow) {
    if (flow >= flows.length) {
      flows = Arrays.copyOf(flows, Math.max(flow + 1, flows.length * 2));
    }
    Flow f = flows[flow];
    if (f == null) {
      f = new Flow(new ReorderingMeter(densityThreshold), measuresStackInput);
      flows[flow] = f;
    }
    return f;
  }

  /** One flow's meters and, while paired, the wire arrivals TCP has not taken yet. */
  private static final class Flow {
    final ReorderingMeter wire;
    ReorderingMeter stack;
    // The wire arrivals TCP has not taken yet, as a ring; null once the pair split (or never
    // paired: the flow began before TCP's input was measured).
    long[] pending;
    int head;
    int size;

    Flow(ReorderingMeter wire, boolean paired) {
      this.wire = wire;
      this.pending = paired ? new long[16] : null;
    }

    boolean paired() {
      return pending != null;
    }

    void queue(long sequence) {
      if (size == pending.length) {
        long[] wider = new long[pending.length * 2];
        for (int k = 0; k < size; k++) {
          wider[k] = pending[(head + k) & (pending.length - 1)];
        }
        pending = wider;
        head = 0;
      }
      pending[(head + size) & (pending.length - 1)] = sequence;
      size++;
    }

    /** TCP left the wire order: from here on the two meters go apart. */
    void split() {
      stack = wire.copy();
      drainInto(wire, true);
      pending = null;
    }

    void drainInto(ReorderingMeter meter, boolean consume) {
      for (int k = 0; k < size; k++) {
        meter.onArrival(pending[(head + k) & (pending.length - 1)]);
      }
      if (consume) {
        head = 0;
        size = 0;
      }
    }
  }
}
