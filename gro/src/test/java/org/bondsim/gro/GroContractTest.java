package org.bondsim.gro;

import java.util.List;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.testkit.OffloadLimits;
import org.bondsim.testkit.ReceiveOffloadContract;

/**
 * GRO adopts the receive contract for both kernel profiles: 64 KB aggregates. (2.6.37's limit of 18
 * page fragments binds only for jumbo frames, which the contract does not send.)
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
    return new OffloadLimits(65535, Integer.MAX_VALUE);
  }
}
