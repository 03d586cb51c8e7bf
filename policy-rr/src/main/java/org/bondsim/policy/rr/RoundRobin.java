package org.bondsim.policy.rr;

import org.bondsim.api.Bond;
import org.bondsim.api.RandomSource;
import org.bondsim.api.Slave;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.TxPolicy;

/**
 * balance-rr as Linux 5.15 and later compute it ({@code bond_rr_gen_slave_id}, {@code
 * bond_xmit_roundrobin_slave_get}, {@code bond_get_slave_by_id}):
 *
 * <ul>
 *   <li>{@code packets_per_slave 1}: a 32-bit counter is incremented first and the new value used,
 *       so the first frame goes to slave 1 (the second slave), then 2, …;
 *   <li>{@code packets_per_slave N > 1}: the slave id is the incremented counter divided by N, so
 *       the first slave's first turn is one frame short;
 *   <li>{@code packets_per_slave 0}: a uniformly random 32-bit id per frame.
 * </ul>
 *
 * <p>The id is reduced modulo the number of slaves, down ones included; if that slave cannot
 * transmit (carrier, committed link state, backup), the next one in list order that can is used,
 * wrapping, so a dead slave's turns go to its successor. IPv4 IGMP frames do not advance the
 * counter and go to the active slave (or the first slave that can transmit).
 *
 * <p>Differences from Linux: the counter is one per bond, as before 5.15 when it became per CPU;
 * the sending side of a simulation runs on one CPU, where the two agree. Before 5.15 the counter
 * was read before the increment, so the first frame took slave 0.
 */
public final class RoundRobin implements TxPolicy {
  private final int packetsPerSlave;
  private final RandomSource random;
  private int counter;

  /**
   * Builds the policy.
   *
   * @param packetsPerSlave 0..65535
   * @param random source for {@code packets_per_slave 0}
   */
  public RoundRobin(int packetsPerSlave, RandomSource random) {
    if (packetsPerSlave < 0 || packetsPerSlave > 65535) {
      throw new IllegalArgumentException(
          RoundRobinProvider.PACKETS_PER_SLAVE + " must be 0..65535, got " + packetsPerSlave);
    }
    this.packetsPerSlave = packetsPerSlave;
    this.random = random;
  }

  @Override
  public int select(OutgoingFrame packet, Bond bond) {
    int count = bond.slaveCount();
    if (count == 0) {
      return NO_SLAVE;
    }
    if (isIgmp(packet)) {
      int active = bond.activeSlave();
      if (active >= 0 && bond.slave(active).canTransmit()) {
        return active;
      }
      return firstFrom(bond, 0, count);
    }
    int id = nextSlaveId();
    return firstFrom(bond, Integer.remainderUnsigned(id, count), count);
  }

  private int nextSlaveId() {
    switch (packetsPerSlave) {
      case 0:
        return random.nextInt();
      case 1:
        return ++counter;
      default:
        return Integer.divideUnsigned(++counter, packetsPerSlave);
    }
  }

  /**
   * {@code rr_tx_counter} where earlier frames left it (each frame increments it once; IGMP, which
   * does not, is not among them). With {@code packets_per_slave 0} no state is kept.
   */
  @Override
  public void sentBefore(long frames) {
    if (frames < 0) {
      throw new IllegalArgumentException("frames must be at least 0, got " + frames);
    }
    counter += (int) frames;
  }

  private static boolean isIgmp(OutgoingFrame packet) {
    return packet.frame().ip() instanceof Ipv4Header ip && ip.protocol() == IpProtocol.IGMP;
  }

  private static int firstFrom(Bond bond, int start, int count) {
    for (int k = 0; k < count; k++) {
      int index = start + k;
      if (index >= count) {
        index -= count;
      }
      Slave slave = bond.slave(index);
      if (slave.canTransmit()) {
        return index;
      }
    }
    return NO_SLAVE;
  }
}
