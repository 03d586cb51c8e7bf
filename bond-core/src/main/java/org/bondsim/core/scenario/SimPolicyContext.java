package org.bondsim.core.scenario;

import org.bondsim.api.Bond;
import org.bondsim.api.RandomSource;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.policy.PolicyContext;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.engine.EventLoop;

/**
 * The {@link PolicyContext} of one bond in one run: the run's clock and timers, the bond's own
 * random source, and its learning packets, NIC modes and peer updates.
 */
public final class SimPolicyContext implements PolicyContext {
  private final BondDevice bond;
  private final EventLoop loop;
  private final RandomSource random;
  private final Runnable peersUpdate;

  /**
   * Builds the context.
   *
   * @param bond the bond the policy serves
   * @param loop the run's event loop
   * @param random the policy's own random source
   * @param peersUpdate what {@link #updatePeers()} does: every peer resolves this host again
   */
  public SimPolicyContext(
      BondDevice bond, EventLoop loop, RandomSource random, Runnable peersUpdate) {
    this.bond = bond;
    this.loop = loop;
    this.random = random;
    this.peersUpdate = peersUpdate;
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
    if (delayNs < 0) {
      throw new IllegalArgumentException("delay must be >= 0 ns, got " + delayNs);
    }
    loop.scheduleIn(delayNs, (now, arg) -> task.run(), 0);
  }

  @Override
  public RandomSource random() {
    return random;
  }

  @Override
  public void sendLearningPacket(int slave, MacAddress mac) {
    bond.sendLearningPacket(slave, mac);
  }

  @Override
  public void setPromiscuous(int slave, boolean on) {
    bond.setPromiscuous(slave, on);
  }

  @Override
  public void updatePeers() {
    peersUpdate.run();
  }
}
