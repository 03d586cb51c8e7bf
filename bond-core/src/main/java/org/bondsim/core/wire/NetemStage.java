package org.bondsim.core.wire;

import java.util.Arrays;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.engine.Event;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;

/**
 * Applies a {@link Netem} to the frames leaving one direction of a link: loses, duplicates and
 * holds them for their extra delay in a small time-ordered heap (ties in arrival order), so jitter
 * reorders them. One heap entry in the event loop covers the whole stage.
 */
final class NetemStage {
  private final EventLoop loop;
  private final Netem netem;
  private final SeededRandom random;
  private final Delivery delivery;
  private long[] times = new long[16];
  private long[] orders = new long[16];
  private Packet[] packets = new Packet[16];
  private int size;
  private long nextOrder;
  private long armedFor = -1;
  // The argument is the instant the release was armed for: with stalls (a guest that stands still)
  // the event may run later than that, and must still release what fell due.
  private final Event release = this::release;

  interface Delivery {
    void deliver(Packet packet);

    void lost(Packet packet);
  }

  NetemStage(EventLoop loop, Netem netem, SeededRandom random, Delivery delivery) {
    this.loop = loop;
    this.netem = netem;
    this.random = random;
    this.delivery = delivery;
  }

  int held() {
    return size;
  }

  /**
   * Takes a frame that crossed the link.
   *
   * @return how many extra copies were made (0 or 1)
   */
  int accept(Packet packet, long now) {
    if (netem.lossProbability() > 0 && random.nextDouble() < netem.lossProbability()) {
      delivery.lost(packet);
      return 0;
    }
    int copies = 1;
    if (netem.duplicateProbability() > 0 && random.nextDouble() < netem.duplicateProbability()) {
      copies = 2;
    }
    for (int c = 0; c < copies; c++) {
      long extra = netem.delayNs();
      if (netem.jitterNs() > 0) {
        extra += Math.round((random.nextDouble() * 2 - 1) * netem.jitterNs());
      }
      if (extra <= 0) {
        delivery.deliver(packet);
      } else {
        push(now + extra, packet);
      }
    }
    return copies - 1;
  }

  private void push(long at, Packet packet) {
    if (size == times.length) {
      times = Arrays.copyOf(times, size * 2);
      orders = Arrays.copyOf(orders, size * 2);
      packets = Arrays.copyOf(packets, size * 2);
    }
    long order = nextOrder++;
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (times[parent] < at || (times[parent] == at && orders[parent] < order)) {
        break;
      }
      times[i] = times[parent];
      orders[i] = orders[parent];
      packets[i] = packets[parent];
      i = parent;
    }
    times[i] = at;
    orders[i] = order;
    packets[i] = packet;
    if (armedFor < 0 || at < armedFor) {
      armedFor = at;
      loop.schedule(at, release, at);
    }
  }

  private void release(long now, long armedAt) {
    if (armedAt != armedFor) {
      // Re-armed for an earlier instant since; that event does the work.
      return;
    }
    armedFor = -1;
    while (size > 0 && times[0] <= now) {
      Packet packet = packets[0];
      removeTop();
      delivery.deliver(packet);
    }
    if (size > 0) {
      armedFor = times[0];
      loop.schedule(armedFor, release, armedFor);
    }
  }

  private void removeTop() {
    int last = --size;
    long t = times[last];
    long o = orders[last];
    Packet p = packets[last];
    packets[last] = null;
    if (last == 0) {
      return;
    }
    int i = 0;
    while (2 * i + 1 < last) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < last
          && (times[right] < times[child]
              || (times[right] == times[child] && orders[right] < orders[child]))) {
        child = right;
      }
      if (times[child] > t || (times[child] == t && orders[child] > o)) {
        break;
      }
      times[i] = times[child];
      orders[i] = orders[child];
      packets[i] = packets[child];
      i = child;
    }
    times[i] = t;
    orders[i] = o;
    packets[i] = p;
  }
}
