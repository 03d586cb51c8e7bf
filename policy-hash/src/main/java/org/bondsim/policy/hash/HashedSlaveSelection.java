package org.bondsim.policy.hash;

import java.util.Arrays;
import org.bondsim.api.Bond;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.TxPolicy;

/**
 * Transmit selection by hash, as Linux's {@code bond_3ad_xor_xmit} does since 3.19: the slave is
 * {@code usable[hash % count]}, where {@code usable} lists the slaves that can transmit in slave
 * list order and is rebuilt only when the slave set changes ({@code bond_update_slave_arr}: on a
 * carrier change and at link-monitor commits), so a change of usable slaves moves every flow whose
 * {@code hash % count} changes. For the pre-3.19 formulas balance-xor instead takes {@code hash %
 * slave_cnt} over all slaves and walks on to the next slave that can transmit, so only the dead
 * slave's flows move.
 */
final class HashedSlaveSelection implements TxPolicy {
  private final XmitHash hash;
  private final boolean walkAllSlaves;
  private int[] usable = new int[8];
  private int usableCount;

  HashedSlaveSelection(XmitHash hash, boolean walkAllSlaves) {
    this.hash = hash;
    this.walkAllSlaves = walkAllSlaves;
  }

  @Override
  public int select(OutgoingFrame packet, Bond bond) {
    int h = hash.hash(packet.frame());
    if (walkAllSlaves) {
      int count = bond.slaveCount();
      if (count == 0) {
        return NO_SLAVE;
      }
      int start = Integer.remainderUnsigned(h, count);
      for (int k = 0; k < count; k++) {
        int index = start + k < count ? start + k : start + k - count;
        if (bond.slave(index).canTransmit()) {
          return index;
        }
      }
      return NO_SLAVE;
    }
    if (usableCount == 0) {
      return NO_SLAVE;
    }
    return usable[Integer.remainderUnsigned(h, usableCount)];
  }

  @Override
  public void onSlavesChanged(Bond bond) {
    if (usable.length < bond.slaveCount()) {
      usable = Arrays.copyOf(usable, bond.slaveCount());
    }
    int n = 0;
    for (int i = 0; i < bond.slaveCount(); i++) {
      if (bond.slave(i).canTransmit()) {
        usable[n++] = i;
      }
    }
    usableCount = n;
  }
}
