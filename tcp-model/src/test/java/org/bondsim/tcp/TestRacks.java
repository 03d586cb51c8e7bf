package org.bondsim.tcp;

/** RACK for tests of the retransmit queue alone: nothing registered in its connection. */
final class TestRacks {
  private TestRacks() {}

  static Rack standalone(TcpHost context, RttEstimator rtt) {
    return new Rack(
        context,
        rtt,
        1,
        new Jiffies(1000),
        false,
        new ReorderingEstimator(TcpSettings.of(context), new TcpCounters()),
        new TcpSock());
  }
}
