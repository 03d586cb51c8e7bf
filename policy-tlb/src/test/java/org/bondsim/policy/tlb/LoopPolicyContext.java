package org.bondsim.policy.tlb;

import org.bondsim.api.Bond;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.api.policy.RandomSource;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.engine.EventLoop;

/** A policy context over a real bond device and an event loop a test drives itself. */
final class LoopPolicyContext implements PolicyContext {
  private final BondDevice bond;
  private final EventLoop loop;

  LoopPolicyContext(BondDevice bond, EventLoop loop) {
    this.bond = bond;
    this.loop = loop;
  }

  @Override
  public Bond bond() {
    return bond;
  }

  @Override
  public long now() {
    return loop.now();
  }

  @Override
  public void schedule(long delayNs, Runnable task) {
    loop.scheduleIn(delayNs, (now, arg) -> task.run(), 0);
  }

  @Override
  public RandomSource random() {
    throw new UnsupportedOperationException("balance-tlb and balance-alb draw no random numbers");
  }

  @Override
  public void sendLearningPacket(int slave, MacAddress mac) {
    bond.sendLearningPacket(slave, mac);
  }

  @Override
  public void setPromiscuous(int slave, boolean on) {
    bond.setPromiscuous(slave, on);
  }
}
