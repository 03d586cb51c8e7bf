package org.bondsim.gro;

import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.offload.ReceiveOffloadProvider;

/** {@code gro} ({@code ethtool -K eth0 gro on}): TCP generic receive offload. */
public final class GroProvider implements ReceiveOffloadProvider {
  @Override
  public String name() {
    return "gro";
  }

  @Override
  public ReceiveOffload create(String kernel) {
    if (!kernel.equals("6.x") && !kernel.equals("2.6.37")) {
      throw new IllegalArgumentException("kernel must be 6.x or 2.6.37, got '" + kernel + "'");
    }
    return new TcpGro(kernel.equals("2.6.37"));
  }
}
