package org.bondsim.testkit;

import org.bondsim.api.tcp.cc.CongestionControlProvider;
import org.bondsim.tcp.RenoProvider;

/** bondsim's Reno keeps the rules every congestion-control module owes. */
class RenoContractTest implements CongestionControlContract {
  @Override
  public CongestionControlProvider provider() {
    return new RenoProvider();
  }
}
