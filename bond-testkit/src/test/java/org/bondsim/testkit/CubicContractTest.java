package org.bondsim.testkit;

import org.bondsim.api.tcp.cc.CongestionControlProvider;
import org.bondsim.tcp.CubicProvider;

/** bondsim's CUBIC, 6.x's and 2.6.37's, keeps the rules every congestion-control module owes. */
class CubicContractTest implements CongestionControlContract {
  @Override
  public CongestionControlProvider provider() {
    return new CubicProvider();
  }
}
