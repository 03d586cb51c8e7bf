package org.bondsim.gro;

import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffload;
import org.bondsim.api.offload.ReceiveOffloadProvider;

/** {@code gro} ({@code ethtool -K eth0 gro on}): TCP generic receive offload. */
public final class GroProvider implements ReceiveOffloadProvider {
  @Override
  public String name() {
    return "gro";
  }

  @Override
  public String description() {
    return "Linux's GRO (dev_gro_receive, tcp_gro_receive) of the run's kernel (6.x, 3.16 or 2.6.37)";
  }

  @Override
  public ReceiveOffload create(KernelVersion kernel) {
    if (kernel == null) {
      throw new NullPointerException("kernel must be given");
    }
    return new TcpGro(
        switch (kernel) {
          case LINUX_2_6_37 -> TcpGro.Rules.LINUX_2_6_37;
          case LINUX_3_16 -> TcpGro.Rules.LINUX_3_16;
          case LINUX_6, LINUX_6_1 -> TcpGro.Rules.CURRENT;
        });
  }
}
