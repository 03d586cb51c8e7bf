package org.bondsim.testkit;

import java.util.List;

/**
 * One generated run of a transmit policy: the bond's slaves, the flows, the order their packets are
 * offered in, the time between packets, and link changes along the way. Shrinking makes all of
 * these small, so a failing contract reports a handful of packets and events.
 *
 * @param slaves the slaves in enslave order
 * @param flows the flows
 * @param order for each packet offered, the index of its flow
 * @param gapNs simulated time between consecutive packets
 * @param changes link changes, each before some packet
 */
public record TxRun(
    List<SlaveSpec> slaves,
    List<Flow> flows,
    List<Integer> order,
    long gapNs,
    List<LinkChange> changes) {
  /**
   * Freezes the lists and checks indexes.
   *
   * @param slaves slaves
   * @param flows flows
   * @param order order
   * @param gapNs gap
   * @param changes changes
   */
  public TxRun {
    slaves = List.copyOf(slaves);
    flows = List.copyOf(flows);
    order = List.copyOf(order);
    changes = List.copyOf(changes);
    for (int flow : order) {
      if (flow < 0 || flow >= flows.size()) {
        throw new IllegalArgumentException("order names flow " + flow + " of " + flows.size());
      }
    }
    for (LinkChange change : changes) {
      if (change.slave() < 0 || change.slave() >= slaves.size()) {
        throw new IllegalArgumentException("a change names slave " + change.slave());
      }
    }
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    text.append("slaves ").append(slaves).append(", flows [");
    for (int i = 0; i < flows.size(); i++) {
      text.append(i > 0 ? "; " : "").append(i).append(": ").append(flows.get(i));
    }
    text.append("], packets of flows ").append(order);
    text.append(", every ").append(gapNs / 1000).append("us");
    if (!changes.isEmpty()) {
      text.append(", changes ").append(changes);
    }
    return text.toString();
  }
}
