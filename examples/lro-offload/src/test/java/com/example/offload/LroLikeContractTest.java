package com.example.offload;

import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.testkit.ReceiveOffloadContract;

/** The offload keeps the receive contract, as bondsim's GRO does (bond-testkit). */
class LroLikeContractTest implements ReceiveOffloadContract {
  @Override
  public ReceiveOffloadProvider provider() {
    return new LroLikeProvider();
  }
}
