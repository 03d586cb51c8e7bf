package org.bondsim.api.offload;

import org.bondsim.api.KernelVersion;

/** A kind of receive offload, found with {@link java.util.ServiceLoader} by its name. */
public interface ReceiveOffloadProvider {
  /**
   * Returns the name {@code ethtool -K} uses for it.
   *
   * @return such as {@code gro}
   */
  String name();

  /**
   * Returns one line on what the offload merges and its source, for {@code bondsim plugins}.
   *
   * @return a description; empty by default
   */
  default String description() {
    return "";
  }

  /**
   * Creates the offload of one receive queue.
   *
   * @param kernel which kernel's rules to follow: {@code 6.x} or {@code 2.6.37}
   * @return a new offload
   */
  ReceiveOffload create(KernelVersion kernel);
}
