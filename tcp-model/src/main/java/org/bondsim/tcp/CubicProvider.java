package org.bondsim.tcp;

import org.bondsim.api.KernelVersion;
import org.bondsim.api.tcp.cc.CongestionContext;
import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.CongestionControlProvider;

/**
 * CUBIC ({@code net/ipv4/tcp_cubic.c}, RFC 9438), Linux's default: 6.x's ({@link Cubic}, with
 * {@link HyStart}) or 2.6.37's and 3.16's ({@link ClassicCubic}, with {@link ClassicHyStart}), as
 * the run's kernel says.
 */
public final class CubicProvider implements CongestionControlProvider {
  /** Found by {@link java.util.ServiceLoader}. */
  public CubicProvider() {}

  @Override
  public String name() {
    return "cubic";
  }

  @Override
  public String description() {
    return "CUBIC as net/ipv4/tcp_cubic.c of the run's kernel (6.x, 3.16 or 2.6.37), with HyStart";
  }

  @Override
  public CongestionControl create(CongestionContext context) {
    Jiffies jiffies = new Jiffies(context.hz());
    int detect;
    TcpCounters counters;
    if (context instanceof ModelCongestionContext model) {
      detect = model.settings().hystartDetect();
      counters = model.counters();
    } else {
      // Outside a model run (a contract test's context): the module parameters as TcpSettings
      // reads them, and HyStart's exits counted nowhere.
      detect =
          context.setting("tcp_cubic.hystart", "1").equals("1")
              ? Integer.parseInt(context.setting("tcp_cubic.hystart_detect", "3"))
              : 0;
      counters = new TcpCounters();
    }
    KernelVersion kernel = context.kernel();
    if (kernel != KernelVersion.LINUX_2_6_37 && kernel != KernelVersion.LINUX_3_16) {
      return new Cubic(jiffies, new HyStart(detect, counters));
    }
    boolean linux316 = kernel == KernelVersion.LINUX_3_16;
    return new ClassicCubic(jiffies, new ClassicHyStart(detect, jiffies, linux316), linux316);
  }
}
