package org.bondsim.netperf;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.workload.TestOptions;
import org.bondsim.api.workload.Timer;
import org.bondsim.api.workload.Workload;
import org.bondsim.api.workload.WorkloadContext;
import org.bondsim.api.workload.WorkloadProvider;
import org.bondsim.api.workload.WorkloadResult;
import org.bondsim.api.workload.WorkloadSample;
import org.bondsim.tcp.TcpEndpoint;
import org.bondsim.tcp.TcpSettings;

/**
 * netperf's {@code TCP_RR}: each stream is one connection with strictly one transaction
 * outstanding: the local side sends a request of {@code -r req} bytes, the remote side answers with
 * {@code resp} bytes once the whole request arrived, and the next request follows the whole
 * response. Result: transactions per second, and round-trip latency percentiles (HdrHistogram,
 * microseconds) as netperf's omni output can show them.
 *
 * <p>Staggered instances ({@link WorkloadContext#staggerNs()} above 0) model netperf processes
 * launched one after another: instance i times its own window from {@code i × stagger} after the
 * first, sends its first request then and no new one after its window, and counts the transactions
 * that complete inside it (netperf's timer interrupts the one in flight). The result gives both the
 * instances' rates added up, as a script summing their outputs reports, and the aggregate over the
 * interval in which all of them were timing.
 */
public final class TcpRrProvider implements WorkloadProvider {
  @Override
  public String test() {
    return "TCP_RR";
  }

  @Override
  public String description() {
    return "request/response transactions, one outstanding per connection";
  }

  @Override
  public List<OptionSpec> settings() {
    return TcpSettings.specs();
  }

  @Override
  public Workload create(WorkloadContext context, List<String> testOptions) {
    TestOptions options =
        new TestOptions(test(), testOptions, List.of("-r", "-s", "-S", "-P", "-R"));
    // nettest_omni.c's -R: routing allowed (0 sets SO_DONTROUTE); the simulated hosts share a
    // link, so either way the data goes the same path.
    options.intValue("-R", 0, 1, 0, 1);
    int request = options.intValue("-r", 0, 1, 1, 1 << 30);
    int response = options.intValue("-r", 1, request, 1, 1 << 30);
    int localSend = options.intValue("-s", 0, 0, 1, Integer.MAX_VALUE);
    int remoteRecv = options.intValue("-S", 1, 0, 1, Integer.MAX_VALUE);
    DataPorts ports = DataPorts.of(options, test(), context.streams());
    return new RequestResponse(context, request, response, localSend, remoteRecv, ports);
  }

  private static final class RequestResponse implements Workload {
    private final WorkloadContext context;
    private final int request;
    private final int response;
    private final int localSend;
    private final int remoteRecv;
    private final TcpConnections connections;
    private final long[] requestReceived;
    private final long[] responseReceived;
    private final long[] startedAt;
    private final Histogram latencyUs = new Histogram(3_600_000_000L, 3);
    // Completed inside their instance's window; and inside the interval every instance times.
    private long transactions;
    private long commonTransactions;
    private final long commonStartNs;
    private final long commonEndNs;

    RequestResponse(
        WorkloadContext context,
        int request,
        int response,
        int localSend,
        int remoteRecv,
        DataPorts ports) {
      this.context = context;
      this.request = request;
      this.response = response;
      TcpSettings settings = TcpSettings.of(context::setting);
      // What netperf prints is what getsockopt() returns: the doubled and floored size when -s/-S
      // set it, else tcp_wmem[1] (16384) and tcp_rmem[1].
      this.localSend = localSend > 0 ? (int) settings.sendBuffer(localSend) : 16384;
      this.remoteRecv =
          remoteRecv > 0
              ? (int) Math.min(Integer.MAX_VALUE, TcpSettings.receiveBuffer(remoteRecv))
              : (int) settings.rmemDefault();
      this.requestReceived = new long[context.streams()];
      this.responseReceived = new long[context.streams()];
      this.startedAt = new long[context.streams()];
      this.commonStartNs = context.streamStartNs(context.streams() - 1);
      this.commonEndNs = context.streamStartNs(0) + context.durationNs();
      this.connections =
          new TcpConnections(
              context, this::onResponseBytes, this::onRequestBytes, 0, remoteRecv, settings, ports);
    }

    private void onRequestBytes(TcpEndpoint server, long bytes) {
      int stream = connections.stream(server);
      requestReceived[stream] += bytes;
      while (requestReceived[stream] >= request) {
        requestReceived[stream] -= request;
        server.write(response);
      }
    }

    private void onResponseBytes(TcpEndpoint client, long bytes) {
      int stream = connections.stream(client);
      responseReceived[stream] += bytes;
      long windowEnd = context.streamStartNs(stream) + context.durationNs();
      while (responseReceived[stream] >= response) {
        responseReceived[stream] -= response;
        long now = context.now();
        if (now > windowEnd) {
          // The instance's timer has fired: netperf stops and does not count this one.
          continue;
        }
        transactions++;
        if (now > commonStartNs && now <= commonEndNs) {
          commonTransactions++;
        }
        latencyUs.recordValue(Math.max(1, (now - startedAt[stream]) / 1000));
        if (now < windowEnd) {
          startedAt[stream] = now;
          client.write(request);
        }
      }
    }

    @Override
    public void start() {
      connections.connectAll();
      for (int i = 0; i < connections.locals.size(); i++) {
        if (context.staggerNs() == 0 || i == 0) {
          firstRequest(i);
        } else {
          int stream = i;
          Timer timer = context.newTimer(() -> firstRequest(stream));
          timer.armAt(context.streamStartNs(i));
        }
      }
    }

    private void firstRequest(int stream) {
      startedAt[stream] = context.now();
      connections.locals.get(stream).write(request);
    }

    @Override
    public Optional<WorkloadSample> sample() {
      // The client application reads one response per transaction.
      return Optional.of(connections.sample(transactions * response));
    }

    /** Why there is no transaction rate: no connection, or not one transaction in the time. */
    private String noFigure(double elapsed) {
      String unopened = connections.unopened(elapsed);
      if (unopened != null || transactions > 0) {
        return unopened;
      }
      return "no transaction completed in the test's "
          + NetperfBanner.seconds(elapsed)
          + " s (the handshake and one round trip take longer): give -l more time";
    }

    @Override
    public WorkloadResult finish() {
      double elapsed = context.durationNs() / 1e9;
      double common = (commonEndNs - commonStartNs) / 1e9;
      String metrics = connections.closeAll();
      return new TcpRrResult(
          request,
          response,
          localSend,
          remoteRecv,
          elapsed,
          transactions,
          context.streams(),
          context.staggerNs(),
          common,
          common > 0 ? commonTransactions / common : Double.NaN,
          latencyUs.getTotalCount() == 0 ? 0 : latencyUs.getMean(),
          latencyUs.getValueAtPercentile(50),
          latencyUs.getValueAtPercentile(90),
          latencyUs.getValueAtPercentile(99),
          latencyUs.getTotalCount() == 0 ? -1 : latencyUs.getMinValue(),
          latencyUs.getTotalCount() == 0 ? -1 : latencyUs.getMaxValue(),
          latencyUs.getTotalCount() == 0 ? Double.NaN : latencyUs.getStdDeviation(),
          context.remote().address().toString(),
          connections.socketLines(),
          connections.counters(),
          connections.allCounters(),
          noFigure(elapsed),
          metrics);
    }
  }

  /** What netperf prints for TCP_RR, with latency percentiles. */
  record TcpRrResult(
      int request,
      int response,
      int localSend,
      int remoteRecv,
      double elapsed,
      long transactions,
      int instances,
      long staggerNs,
      double commonSeconds,
      double aggregateTps,
      double meanLatencyUs,
      long p50Us,
      long p90Us,
      long p99Us,
      long minUs,
      long maxUs,
      double stddevUs,
      String remote,
      List<String> ss,
      Map<String, Map<String, Long>> counters,
      Map<String, Map<String, Long>> allCounters,
      String unopened,
      String metricsLine)
      implements NetperfResult {
    @Override
    public List<String> socketLines() {
      return ss;
    }

    @Override
    public Optional<String> tcpMetrics() {
      return Optional.ofNullable(metricsLine);
    }

    @Override
    public Optional<String> failure() {
      return Optional.ofNullable(unopened);
    }

    @Override
    public String test() {
      return "TCP_RR";
    }

    /**
     * The aggregate over the interval all instances timed: netperf's rate when they start together.
     */
    double transactionsPerSecond() {
      return aggregateTps;
    }

    /** Each instance's rate over its own window, added up. */
    double summedTransactionsPerSecond() {
      return transactions / elapsed;
    }

    @Override
    public double throughputMbps() {
      // Over the whole run: with staggered instances it lasts (instances - 1) gaps longer.
      double run = elapsed + (instances - 1) * staggerNs / 1e9;
      return transactions * (double) (request + response) * 8 / run / 1e6;
    }

    @Override
    public String table(String unitLabel, double bitsPerUnit) {
      StringBuilder table = new StringBuilder(banner());
      table.append("Local /Remote\n");
      table.append("Socket Size   Request  Resp.   Elapsed  Trans.\n");
      table.append("Send   Recv   Size     Size    Time     Rate         \n");
      table.append("bytes  Bytes  bytes    bytes   secs.    per sec   \n\n");
      table.append(
          String.format(
              Locale.ROOT,
              "%-6d %-6d %-8d %-7d %-8.2f %-10.2f   %n",
              localSend,
              remoteRecv,
              request,
              response,
              elapsed,
              transactionsPerSecond()));
      table.append(String.format(Locale.ROOT, "%-6d %-6d%n%n", localSend, remoteRecv));
      appendLatency(table);
      return table.toString();
    }

    private String banner() {
      return NetperfBanner.of("TCP REQUEST/RESPONSE", remote);
    }

    /**
     * send_tcp_rr's cpu_title and cpu_fmt_1 lines (netperf's nettest_omni.c): service demand in µs
     * per transaction.
     */
    @Override
    public String table(String unitLabel, double bitsPerUnit, CpuColumns cpu) {
      StringBuilder table = new StringBuilder(banner());
      table.append("Local /Remote\n");
      table.append("Socket Size   Request Resp.  Elapsed Trans.   CPU    CPU    S.dem   S.dem\n");
      table.append("Send   Recv   Size    Size   Time    Rate     local  remote local   remote\n");
      table.append(
          String.format(
              Locale.ROOT,
              "bytes  bytes  bytes   bytes  secs.   per sec  %% %c    %% %c    us/Tr   us/Tr%n%n",
              cpu.method(),
              cpu.method()));
      table.append(
          String.format(
              Locale.ROOT,
              "%-6d %-6d %-6d  %-6d %-6.2f  %-6.2f  %-6.2f %-6.2f %-6.3f  %-6.3f %n",
              localSend,
              remoteRecv,
              request,
              response,
              elapsed,
              transactionsPerSecond(),
              cpu.localPercent(),
              cpu.remotePercent(),
              cpu.localServiceDemand(),
              cpu.remoteServiceDemand()));
      table.append(String.format(Locale.ROOT, "%-6d %-6d%n%n", localSend, remoteRecv));
      appendLatency(table);
      return table.toString();
    }

    /**
     * send_tcp_rr's ksink_fmt (nettest_omni.c): the round-trip latency from the rate (no burst: one
     * transaction outstanding), the rate, and each direction's throughput. netperf passes
     * remote_recv_offset where the Remote Recv alignment belongs, so that column prints the offset,
     * 0 by default; so does this.
     */
    @Override
    public String details(String unitLabel, double bitsPerUnit) {
      double rate = transactionsPerSecond();
      String unit =
          unitLabel.endsWith("/sec") ? unitLabel.substring(0, unitLabel.length() - 4) : unitLabel;
      return String.format(
          Locale.ROOT,
          "Alignment      Offset         RoundTrip  Trans    Throughput%n"
              + "Local  Remote  Local  Remote  Latency    Rate     %-8.8s/s%n"
              + "Send   Recv    Send   Recv    usec/Tran  per sec  Outbound   Inbound%n"
              + "%5d  %5d   %5d  %5d   %-6.3f   %-6.3f %-6.3f    %-6.3f%n%n",
          unit,
          8,
          0,
          0,
          0,
          rate > 0 ? 1e6 / rate : Double.NaN,
          rate,
          rate * request * 8 / bitsPerUnit,
          rate * response * 8 / bitsPerUnit);
    }

    private void appendLatency(StringBuilder table) {
      appendLatencyLine(table);
      if (staggerNs > 0) {
        table.append(
            String.format(
                Locale.ROOT,
                "instances: %d started %.3f ms apart, each timing %.2f s: summed %.2f trans/s"
                    + " (each instance's rate added, as a script adding netperf's outputs gets),"
                    + " aggregate %.2f trans/s over the %.3f s all were timing%n%n",
                instances,
                staggerNs / 1e6,
                elapsed,
                summedTransactionsPerSecond(),
                transactionsPerSecond(),
                commonSeconds));
      }
      table.append("local tcp (ss -ti, stream 0): ").append(ss.get(0)).append("\n\n");
    }

    private void appendLatencyLine(StringBuilder table) {
      if (transactions == 0) {
        table.append("Mean Latency unknown: no transaction completed\n\n");
      } else {
        table.append(
            String.format(
                Locale.ROOT,
                "Mean Latency %.2f us, P50 %d us, P90 %d us, P99 %d us%n%n",
                meanLatencyUs,
                p50Us,
                p90Us,
                p99Us));
      }
    }

    @Override
    public TestResult typedFigures() {
      return new TestResult.TcpRr(
          request,
          response,
          transactions,
          transactionsPerSecond(),
          summedTransactionsPerSecond(),
          transactions > 0
              ? Optional.of(
                  new TestResult.Latency(
                      meanLatencyUs, p50Us, p90Us, p99Us, minUs, maxUs, stddevUs))
              : Optional.empty());
    }
  }
}
