package org.bondsim.core.lacp;

import java.util.ArrayList;
import java.util.List;

/**
 * An aggregator ({@code struct aggregator}): Linux gives every port one, and ports whose keys and
 * partner match gather in one of them. Its partner system and key are those of the first port that
 * took it.
 */
public final class Aggregator {
  private final int id;
  private final List<LacpPort> ports = new ArrayList<>();
  boolean individual;
  int actorKey;
  long partnerSystem;
  int partnerSystemPriority;
  int partnerKey;
  boolean active;

  Aggregator(int id) {
    this.id = id;
  }

  /**
   * Returns the aggregator's identifier (1 for the first port's, as {@code bond_3ad_bind_slave}
   * numbers them).
   *
   * @return the id
   */
  public int id() {
    return id;
  }

  /**
   * Returns whether this is the system's active aggregator.
   *
   * @return true if active
   */
  public boolean active() {
    return active;
  }

  /**
   * Returns the partner's system MAC (0 when no partner answered).
   *
   * @return the MAC bits
   */
  public long partnerSystem() {
    return partnerSystem;
  }

  /**
   * Returns the actor's key of the aggregator.
   *
   * @return the key
   */
  public int actorKey() {
    return actorKey;
  }

  /**
   * Returns the partner's key.
   *
   * @return the key
   */
  public int partnerKey() {
    return partnerKey;
  }

  /**
   * Returns the ports attached.
   *
   * @return the ports, newest first as Linux links them
   */
  public List<LacpPort> ports() {
    return ports;
  }

  boolean hasPartner() {
    return partnerSystem != 0;
  }

  /** {@code __agg_active_ports}: ports whose link is enabled. */
  int activePorts() {
    int n = 0;
    for (LacpPort port : ports) {
      if (port.enabled) {
        n++;
      }
    }
    return n;
  }

  /** {@code __get_agg_bandwidth}: active ports times the first port's speed. */
  long bandwidthMbps() {
    int n = activePorts();
    return n == 0 ? 0 : (long) n * ports.get(0).speedMbps();
  }

  /** {@code __agg_ports_are_ready}. */
  boolean portsReady() {
    for (LacpPort port : ports) {
      if (!port.readyN) {
        return false;
      }
    }
    return true;
  }

  void setPortsReady(boolean ready) {
    for (LacpPort port : ports) {
      port.ready = ready;
    }
  }

  /** {@code ad_clear_agg}. */
  void clear() {
    individual = false;
    actorKey = 0;
    partnerSystem = 0;
    partnerSystemPriority = 0;
    partnerKey = 0;
    ports.clear();
    active = false;
  }
}
