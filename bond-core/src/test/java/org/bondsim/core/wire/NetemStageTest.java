package org.bondsim.core.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.stack.Packet;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.core.engine.SeededRandom;
import org.junit.jupiter.api.Test;

/** netem's delay: each frame held for its time, released in time order, late but not lost. */
class NetemStageTest {
  private final EventLoop loop = new EventLoop();
  private final List<long[]> delivered = new ArrayList<>();
  private final NetemStage stage =
      new NetemStage(
          loop,
          new Netem(0, 0, 1_000, 0),
          new SeededRandom(1),
          new NetemStage.Delivery() {
            @Override
            public void deliver(Packet packet) {
              delivered.add(new long[] {loop.now(), packet.flowSequence()});
            }

            @Override
            public void lost(Packet packet) {
              throw new AssertionError("nothing is lost");
            }
          });

  private void acceptAt(long at, long seq) {
    loop.schedule(
        at,
        (now, arg) -> stage.accept(new Packet(PortTest.UDP, 100, null, 0, arg, now, null, 0), now),
        seq);
  }

  @Test
  void eachFrameWaitsItsDelay() {
    acceptAt(0, 0);
    acceptAt(300, 1);
    loop.runUntil(10_000);
    assertThat(delivered).containsExactly(new long[] {1_000, 0}, new long[] {1_300, 1});
  }

  /**
   * A release that falls due inside a stall (a guest that stands still, crosscheck's model of the
   * lab) runs when the stall ends and still releases what waited: the frame is late, not held for
   * ever, and the next one keeps its own time.
   */
  @Test
  void aReleaseInsideAStallHappensWhenTheStallEnds() {
    loop.stallWith(at -> at >= 800 && at < 5_000 ? 5_000 : at);
    acceptAt(0, 0);
    acceptAt(6_000, 1);
    loop.runUntil(20_000);
    assertThat(delivered).containsExactly(new long[] {5_000, 0}, new long[] {7_000, 1});
  }
}
