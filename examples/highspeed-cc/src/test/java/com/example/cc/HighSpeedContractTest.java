package com.example.cc;

import org.bondsim.api.tcp.cc.CongestionControlProvider;
import org.bondsim.testkit.CongestionControlContract;

/** HighSpeed keeps the rules every congestion-control module owes (bond-testkit's contract). */
class HighSpeedContractTest implements CongestionControlContract {
  @Override
  public CongestionControlProvider provider() {
    return new HighSpeedProvider();
  }
}
