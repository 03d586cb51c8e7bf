package org.bondsim.netperf;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.bondsim.api.option.DecimalOption;
import org.bondsim.api.option.IntOption;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.TestOptions;
import org.bondsim.api.workload.Workload;
import org.bondsim.api.workload.WorkloadContext;
import org.bondsim.api.workload.WorkloadProvider;
import org.bondsim.api.workload.WorkloadResult;
import org.bondsim.api.workload.WorkloadSample;

/**
 * netperf's {@code UDP_STREAM}: each stream sends {@code -m}-byte messages from the local host to
 * the remote one for the test length. Test options: {@code -m} message size (default 65507, as
 * netperf), {@code -s} local send buffer, {@code -S} remote receive buffer (default 212992, Linux's
 * wmem_default/rmem_default). Settings: {@code bondsim.rate_mbps} paces each stream, {@code
 * bondsim.send_cost_ns} is the CPU time of one send() (default 1000).
 */
public final class UdpStreamProvider implements WorkloadProvider {
  /** Linux's default socket buffer size, net.core.wmem_default and rmem_default. */
  public static final int DEFAULT_SOCKET_BUFFER = 212992;

  /** The largest UDP payload over IPv4. */
  public static final int MAX_MESSAGE = 65507;

  @Override
  public String test() {
    return "UDP_STREAM";
  }

  @Override
  public String description() {
    return "UDP messages sent as fast as the socket allows (or paced), counted at the receiver";
  }

  @Override
  public List<OptionSpec> settings() {
    return List.of(
        new DecimalOption(
            "bondsim.rate_mbps",
            0,
            0,
            10_000_000,
            "Mbit/s",
            "pace each stream; 0 = as fast as possible"),
        new IntOption(
            "bondsim.send_cost_ns", 1000, 1, 1_000_000_000, "ns", "CPU time of one send() call"));
  }

  @Override
  public Workload create(WorkloadContext context, List<String> testOptions) {
    TestOptions options = new TestOptions(test(), testOptions, List.of("-m", "-s", "-S", "-R"));
    // nettest_omni.c's -R: routing allowed (0 sets SO_DONTROUTE); the simulated hosts share a
    // link, so either way the data goes the same path.
    options.intValue("-R", 0, 1, 0, 1);
    int message = options.intValue("-m", 0, MAX_MESSAGE, 1, MAX_MESSAGE);
    int sendBuffer = options.intValue("-s", 0, DEFAULT_SOCKET_BUFFER, 4608, Integer.MAX_VALUE);
    int receiveBuffer = options.intValue("-S", 1, DEFAULT_SOCKET_BUFFER, 2304, Integer.MAX_VALUE);
    double rateMbps = number(context, "bondsim.rate_mbps", "0", 0, 1e7);
    long sendCost = (long) number(context, "bondsim.send_cost_ns", "1000", 1, 1e9);
    return new UdpStream(context, message, sendBuffer, receiveBuffer, rateMbps, sendCost);
  }

  private static double number(
      WorkloadContext context, String name, String fallback, double min, double max) {
    String text = context.setting(name, fallback);
    double value = StrictNumbers.decimal(text);
    if (!(value >= min && value <= max)) {
      throw OptionException.mustBe(name, min + ".." + max, text);
    }
    return value;
  }

  private static final class UdpStream implements Workload {
    private final WorkloadContext context;
    private final int message;
    private final int sendBuffer;
    private final int receiveBuffer;
    private final List<UdpStreamSender> senders = new ArrayList<>();
    private final UdpStreamReceiver receiver;

    UdpStream(
        WorkloadContext context,
        int message,
        int sendBuffer,
        int receiveBuffer,
        double rateMbps,
        long sendCost) {
      this.context = context;
      this.message = message;
      this.sendBuffer = sendBuffer;
      this.receiveBuffer = receiveBuffer;
      this.receiver = new UdpStreamReceiver(context.streams(), message);
      // Each stream's netserver binds its data socket to port 0 and netperf connect()s its own
      // to it: the ports the kernels would give (EphemeralPorts), as for TCP.
      EphemeralPorts localPorts = new EphemeralPorts(context.random());
      EphemeralPorts remotePorts = new EphemeralPorts(context.random());
      for (int flow = 0; flow < context.streams(); flow++) {
        int dataPort = remotePorts.forBind();
        int sourcePort = localPorts.forConnect();
        Host client = context.local(flow);
        EthernetHeader ethernet =
            new EthernetHeader(
                client.mac(), context.remote().mac(), EthernetHeader.NO_VLAN, EtherType.IPV4);
        senders.add(
            new UdpStreamSender(
                context,
                client,
                flow,
                ethernet,
                client.address(),
                context.remote().address(),
                sourcePort,
                dataPort,
                message,
                sendBuffer,
                rateMbps * 1e6,
                sendCost,
                context.mtu(),
                context.endNs()));
      }
    }

    @Override
    public void start() {
      context.remote().onReceive(receiver);
      senders.forEach(s -> s.start(context.now()));
    }

    @Override
    public Optional<WorkloadSample> sample() {
      return Optional.of(WorkloadSample.payloadOnly(receiver.messagesReceived() * (long) message));
    }

    @Override
    public WorkloadResult finish() {
      long errors = senders.stream().mapToLong(UdpStreamSender::sendErrors).sum();
      // netperf counts a send() that failed with ENOBUFS as an error, not as a message sent.
      long sent = senders.stream().mapToLong(UdpStreamSender::messagesSent).sum() - errors;
      return new UdpStreamResult(
          message,
          sendBuffer,
          receiveBuffer,
          context.durationNs() / 1e9,
          sent,
          errors,
          receiver.messagesReceived(),
          context.remote().address().toString());
    }
  }

  /** The figures netperf prints for UDP_STREAM. */
  record UdpStreamResult(
      int message,
      int sendBuffer,
      int receiveBuffer,
      double elapsed,
      long sent,
      long errors,
      long received,
      String remote)
      implements NetperfResult {
    @Override
    public String test() {
      return "UDP_STREAM";
    }

    /**
     * Nothing at all arrived: netperf could not have run the test, since its control connection
     * crosses the same links (establish_control fails) or the test was over before a datagram could
     * arrive.
     */
    @Override
    public java.util.Optional<String> failure() {
      if (received > 0) {
        return java.util.Optional.empty();
      }
      return java.util.Optional.of(
          String.format(
              Locale.ROOT,
              "no datagram arrived in the test's %s s (%d sent): netperf's control connection"
                  + " would not have reached netserver either; look at what drops or delays"
                  + " every frame: --netem, --fail, the delays, -l",
              NetperfBanner.seconds(elapsed),
              sent));
    }

    double sendThroughputMbps() {
      return sent * message * 8.0 / elapsed / 1e6;
    }

    @Override
    public double throughputMbps() {
      return received * message * 8.0 / elapsed / 1e6;
    }

    @Override
    public String table(String unitLabel, double bitsPerUnit) {
      StringBuilder table = new StringBuilder(banner());
      table.append("Socket  Message  Elapsed      Messages                \n");
      table.append("Size    Size     Time         Okay Errors   Throughput\n");
      table.append(
          String.format(
              Locale.ROOT, "bytes   bytes    secs            #      #   %s%n%n", unitLabel));
      table.append(
          String.format(
              Locale.ROOT,
              "%6d  %6d   %-7.2f   %7d %6d    %7.2f%n",
              sendBuffer,
              message,
              elapsed,
              sent,
              errors,
              sendThroughputMbps() * 1e6 / bitsPerUnit));
      table.append(
          String.format(
              Locale.ROOT,
              "%6d           %-7.2f   %7d           %7.2f%n%n",
              receiveBuffer,
              elapsed,
              received,
              throughputMbps() * 1e6 / bitsPerUnit));
      return table.toString();
    }

    private String banner() {
      return NetperfBanner.of("UDP STREAM", remote);
    }

    /**
     * send_udp_stream's cpu_title and cpu_fmt_1 (netperf's nettest_omni.c): the sending line
     * carries the local host's CPU, the receiving line the remote's.
     */
    @Override
    public String table(String unitLabel, double bitsPerUnit, CpuColumns cpu) {
      StringBuilder table = new StringBuilder(banner());
      table.append("Socket  Message  Elapsed      Messages                   CPU      Service\n");
      table.append("Size    Size     Time         Okay Errors   Throughput   Util     Demand\n");
      table.append(
          String.format(
              Locale.ROOT,
              "bytes   bytes    secs            #      #   %s %% %c%c     us/KB%n%n",
              unitLabel,
              cpu.method(),
              cpu.method()));
      table.append(
          String.format(
              Locale.ROOT,
              "%6d  %6d   %-7.2f   %7d %6d    %7.1f     %-6.2f   %-6.3f%n",
              sendBuffer,
              message,
              elapsed,
              sent,
              errors,
              sendThroughputMbps() * 1e6 / bitsPerUnit,
              cpu.localPercent(),
              cpu.localServiceDemand()));
      table.append(
          String.format(
              Locale.ROOT,
              "%6d           %-7.2f   %7d           %7.1f     %-6.2f   %-6.3f%n%n",
              receiveBuffer,
              elapsed,
              received,
              throughputMbps() * 1e6 / bitsPerUnit,
              cpu.remotePercent(),
              cpu.remoteServiceDemand()));
      return table.toString();
    }

    @Override
    public TestResult typedFigures() {
      return new TestResult.UdpStream(
          message, sendBuffer, receiveBuffer, sent, errors, received, sendThroughputMbps());
    }

    @Override
    public Map<String, Map<String, Long>> counters() {
      return Map.of();
    }
  }
}
