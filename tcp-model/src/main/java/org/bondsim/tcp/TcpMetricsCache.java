package org.bondsim.tcp;

import java.util.HashMap;
import java.util.Map;

/**
 * One host's per-destination TCP metrics, by peer address: 2.6.37's route cache metrics or 6.x's
 * {@code tcp_metrics} table ({@link TcpMetrics}). A connection loads its peer's entry when it is
 * established and saves into it when it closes; {@link #flush} is {@code ip tcp_metrics flush} (or
 * 2.6.37's {@code ip route flush cache}). A host that keeps none ({@link TcpHost#tcpMetrics}
 * returns null) runs every connection as on a freshly flushed cache and saves nothing.
 */
public final class TcpMetricsCache {
  private final Map<String, TcpMetrics> entries = new HashMap<>();

  /**
   * Returns the entry for a peer.
   *
   * @param peer the destination address as text
   * @return the entry, {@link TcpMetrics#NONE} when there is none
   */
  public TcpMetrics get(String peer) {
    return entries.getOrDefault(peer, TcpMetrics.NONE);
  }

  /**
   * Sets the entry for a peer: what a connection saved, or what a run starts with.
   *
   * @param peer the destination address as text
   * @param metrics the entry; {@link TcpMetrics#NONE} removes it
   */
  public void put(String peer, TcpMetrics metrics) {
    if (metrics.isEmpty()) {
      entries.remove(peer);
    } else {
      entries.put(peer, metrics);
    }
  }

  /** Forgets every entry ({@code ip tcp_metrics flush}, {@code ip route flush cache}). */
  public void flush() {
    entries.clear();
  }
}
