package org.bondsim.gro;

import java.util.List;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.testkit.OffloadLimits;
import org.bondsim.testkit.ReceiveOffloadContract;

/**
 * GRO adopts the receive contract for both kernel profiles: 64 KB aggregates, and at most 18 frames
 * per aggregate in 2.6.37 (MAX_SKB_FRAGS of its page-fragment GRO).
 */
class GroContractTest implements ReceiveOffloadContract {
  @Override
  public ReceiveOffloadProvider provider() {
    return new GroProvider();
  }

  @Override
  public List<KernelVersion> kernels() {
    return List.of(KernelVersion.LINUX_6, KernelVersion.LINUX_2_6_37);
  }

  @Override
  public OffloadLimits limits(KernelVersion kernel) {
    return new OffloadLimits(65535, kernel == KernelVersion.LINUX_2_6_37 ? 18 : Integer.MAX_VALUE);
  }
}
