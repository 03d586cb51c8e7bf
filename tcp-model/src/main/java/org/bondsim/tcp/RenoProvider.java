package org.bondsim.tcp;

import org.bondsim.api.KernelVersion;
import org.bondsim.api.tcp.cc.CongestionContext;
import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.CongestionControlProvider;

/**
 * Reno ({@code tcp_reno_ssthresh}, {@code tcp_reno_cong_avoid} in {@code net/ipv4/tcp_cong.c}):
 * growth per packet acknowledged on 6.x, per ACK on 2.6.37.
 */
public final class RenoProvider implements CongestionControlProvider {
  /** Found by {@link java.util.ServiceLoader}. */
  public RenoProvider() {}

  @Override
  public String name() {
    return "reno";
  }

  @Override
  public String description() {
    return "Reno (RFC 5681) as net/ipv4/tcp_cong.c: ssthresh = cwnd / 2, +1 per window";
  }

  @Override
  public CongestionControl create(CongestionContext context) {
    return new Reno(
        context.kernel() != KernelVersion.LINUX_2_6_37
            && context.kernel() != KernelVersion.LINUX_3_16);
  }
}
