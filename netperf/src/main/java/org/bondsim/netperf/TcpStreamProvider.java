package org.bondsim.netperf;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.bondsim.api.option.OptionSpec;
import org.bondsim.api.workload.TestOptions;
import org.bondsim.api.workload.Workload;
import org.bondsim.api.workload.WorkloadContext;
import org.bondsim.api.workload.WorkloadProvider;
import org.bondsim.api.workload.WorkloadResult;
import org.bondsim.api.workload.WorkloadSample;
import org.bondsim.tcp.TcpEndpoint;
import org.bondsim.tcp.TcpSettings;

/**
 * netperf's {@code TCP_STREAM}: each stream's application writes {@code -m}-byte messages as fast
 * as the socket takes them for the test length; throughput is what the receiving application read.
 * Test options: {@code -m} send size (default 16384), {@code -s} and {@code -S} the local and
 * remote socket sizes netperf reports (the model's send buffer is Linux's autotuning ceiling, 4
 * MB).
 */
public final class TcpStreamProvider implements WorkloadProvider {

  @Override
  public String test() {
    return "TCP_STREAM";
  }

  @Override
  public String description() {
    return "one TCP connection per stream sending as fast as the window allows";
  }

  @Override
  public List<OptionSpec> settings() {
    return TcpSettings.specs();
  }

  @Override
  public Workload create(WorkloadContext context, List<String> testOptions) {
    TestOptions options =
        new TestOptions(test(), testOptions, List.of("-m", "-M", "-s", "-S", "-P", "-R"));
    // nettest_omni.c's -R: routing allowed (0 sets SO_DONTROUTE); the simulated hosts share a
    // link, so either way the data goes the same path.
    options.intValue("-R", 0, 1, 0, 1);
    int message = options.intValue("-m", 0, 16384, 1, 1 << 30);
    int localSend = options.intValue("-s", 0, 0, 1, Integer.MAX_VALUE);
    int remoteRecv = options.intValue("-S", 1, 0, 1, Integer.MAX_VALUE);
    // -M: netserver's recv() size (nettest_omni.c: remote_recv_size); by default its socket's.
    int recvSize = options.intValue("-M", 0, 0, 1, 1 << 30);
    DataPorts ports = DataPorts.of(options, test(), context.streams());
    return new Stream(context, message, localSend, remoteRecv, recvSize, ports);
  }

  private static final class Stream implements Workload {
    private final WorkloadContext context;
    private final int message;
    private final int localSend;
    private final int remoteRecv;
    private final TcpConnections connections;
    private final long sendBuffer;
    // Bytes of the current send() call not yet copied: a call larger than the send buffer copies
    // what fits and sleeps until ACKs free more, as tcp_sendmsg's wait_for_memory loop does.
    private final long[] unsentOfCall;
    private long received;
    // netperf -v 2's Sends and Recvs: send() calls made, and recv() calls netserver made. netserver
    // receives up to its socket's receive size per call (recv_omni: recv_size = lsr_size); the
    // model's reader wakes once per delivery of in-order data and reads it all.
    private long sendCalls;
    private long recvCalls;
    private long bytesSent;

    Stream(
        WorkloadContext context,
        int message,
        int localSend,
        int remoteRecv,
        int recvSize,
        DataPorts ports) {
      this.context = context;
      this.message = message;
      TcpSettings settings = TcpSettings.of(context::setting);
      this.sendBuffer = settings.sendBuffer(localSend);
      // What netperf prints is what getsockopt() returns: the doubled and floored size when -s/-S
      // set it, else tcp_wmem[1] and tcp_rmem[1].
      this.localSend = localSend > 0 ? (int) sendBuffer : 16384;
      this.remoteRecv =
          remoteRecv > 0
              ? (int) Math.min(Integer.MAX_VALUE, TcpSettings.receiveBuffer(remoteRecv))
              : (int) settings.rmemDefault();
      this.unsentOfCall = new long[context.streams()];
      // netserver reads everything at once; only the local side writes.
      this.connections =
          new TcpConnections(
              context,
              (endpoint, bytes) -> {},
              (endpoint, bytes) -> {
                received += bytes;
                int perCall = recvSize > 0 ? recvSize : this.remoteRecv;
                recvCalls += (bytes + perCall - 1) / perCall;
              },
              0,
              remoteRecv,
              settings,
              ports);
    }

    @Override
    public void start() {
      connections.connectAll();
      for (TcpEndpoint endpoint : connections.locals) {
        // Keep the socket buffer full: refill whenever an ACK frees space.
        endpoint.onSendSpace(() -> fill(endpoint));
        fill(endpoint);
      }
    }

    private void fill(TcpEndpoint endpoint) {
      long space = sendBuffer - endpoint.unsentOrUnacked();
      if (message <= sendBuffer) {
        // A call that fits waits until it fits whole (a coarsening of Linux, which copies part
        // of it as soon as sk_stream_write_space wakes the writer; the bytes in flight agree).
        if (space >= message) {
          endpoint.writeMessages(space / message, message);
          sendCalls += space / message;
          bytesSent += space / message * message;
        }
        return;
      }
      int stream = connections.stream(endpoint);
      while (space > 0) {
        if (unsentOfCall[stream] == 0) {
          unsentOfCall[stream] = message;
          sendCalls++;
        }
        long part = Math.min(space, unsentOfCall[stream]);
        // Each part ends with tcp_push (PSH on the tail), as the call does before it sleeps.
        endpoint.write(part);
        bytesSent += part;
        unsentOfCall[stream] -= part;
        space -= part;
      }
    }

    @Override
    public Optional<WorkloadSample> sample() {
      return Optional.of(connections.sample(received));
    }

    /** Why there is no throughput: no connection, or not one byte delivered in the time. */
    private String noFigure(double seconds) {
      String unopened = connections.unopened(seconds);
      if (unopened != null || received > 0) {
        return unopened;
      }
      return "no data reached netserver in the test's "
          + NetperfBanner.seconds(seconds)
          + " s: the connection opened but nothing it sent arrived in time";
    }

    @Override
    public WorkloadResult finish() {
      String metrics = connections.closeAll();
      TcpEndpoint first = connections.locals.get(0);
      return new TcpStreamResult(
          message,
          localSend,
          remoteRecv,
          context.durationNs() / 1e9,
          received,
          bytesSent,
          sendCalls,
          recvCalls,
          first.socketInfo().sndMss(),
          context.remote().address().toString(),
          TcpConnections.info(first.state()),
          connections.socketLines(),
          connections.counters(),
          connections.allCounters(),
          noFigure(context.durationNs() / 1e9),
          metrics);
    }
  }

  /** What netperf prints for TCP_STREAM, and the sending connection's state. */
  record TcpStreamResult(
      int message,
      int localSend,
      int remoteRecv,
      double elapsed,
      long received,
      long bytesSent,
      long sendCalls,
      long recvCalls,
      long mss,
      String remote,
      TestResult.TcpInfo connection,
      List<String> ss,
      Map<String, Map<String, Long>> counters,
      Map<String, Map<String, Long>> allCounters,
      String unopened,
      String metricsLine)
      implements NetperfResult {
    @Override
    public String test() {
      return "TCP_STREAM";
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
    public double throughputMbps() {
      return received * 8.0 / elapsed / 1e6;
    }

    private String banner() {
      return NetperfBanner.of("TCP STREAM", remote);
    }

    /** send_tcp_stream's cpu_title and cpu_fmt_1 (netperf's nettest_omni.c). */
    @Override
    public String table(String unitLabel, double bitsPerUnit, CpuColumns cpu) {
      StringBuilder table = new StringBuilder(banner());
      table.append(
          "Recv   Send    Send                          Utilization       Service Demand\n");
      table.append("Socket Socket  Message  Elapsed              Send     Recv     Send    Recv\n");
      table.append(
          "Size   Size    Size     Time     Throughput  local    remote   local   remote\n");
      table.append(
          String.format(
              Locale.ROOT,
              "bytes  bytes   bytes    secs.    %-8.8s/s  %% %c      %% %c      us/KB   us/KB%n%n",
              CpuColumns.units(unitLabel),
              cpu.method(),
              cpu.method()));
      table.append(
          String.format(
              Locale.ROOT,
              "%6d %6d %6d    %-6.2f     %7.2f   %-6.2f   %-6.2f   %-6.3f  %-6.3f %n%n",
              remoteRecv,
              localSend,
              message,
              elapsed,
              throughputMbps() * 1e6 / bitsPerUnit,
              cpu.localPercent(),
              cpu.remotePercent(),
              cpu.localServiceDemand(),
              cpu.remoteServiceDemand()));
      table.append("local tcp (ss -ti, stream 0): ").append(ss.get(0)).append("\n\n");
      return table.toString();
    }

    @Override
    public String table(String unitLabel, double bitsPerUnit) {
      StringBuilder table = new StringBuilder(banner());
      table.append("Recv   Send    Send                          \n");
      table.append("Socket Socket  Message  Elapsed              \n");
      table.append("Size   Size    Size     Time     Throughput  \n");
      table.append(
          String.format(Locale.ROOT, "bytes  bytes   bytes    secs.    %s  %n%n", unitLabel));
      table.append(
          String.format(
              Locale.ROOT,
              "%6d %6d %6d    %-6.2f   %7.2f   %n%n",
              remoteRecv,
              localSend,
              message,
              elapsed,
              throughputMbps() * 1e6 / bitsPerUnit));
      table.append("local tcp (ss -ti, stream 0): ").append(ss.get(0)).append("\n\n");
      return table.toString();
    }

    /**
     * send_tcp_stream's ksink_fmt and ksink_fmt2 (nettest_omni.c): netperf's default alignments (8)
     * and offsets (0), the bytes sent, per-call averages and the MSS getsockopt(TCP_MAXSEG) gives.
     * Bytes Xfered is what netperf counts at the sending side: the bytes its calls handed over (for
     * a message larger than the send buffer, the part of the last call copied by the end).
     */
    @Override
    public String details(String unitLabel, double bitsPerUnit) {
      return String.format(
              Locale.ROOT,
              "Alignment      Offset         %-8.8s %-8.8s    Sends   %-8.8s Recvs%n"
                  + "Local  Remote  Local  Remote  Xfered   Per                 Per%n"
                  + "Send   Recv    Send   Recv             Send (avg)          Recv (avg)%n"
                  + "%5d   %5d  %5d   %5d %6d  %6.2f    %6d   %6.2f %6d%n",
              "Bytes",
              "Bytes",
              "Bytes",
              8,
              8,
              0,
              0,
              bytesSent,
              sendCalls == 0 ? 0.0 : bytesSent / (double) sendCalls,
              sendCalls,
              recvCalls == 0 ? 0.0 : received / (double) recvCalls,
              recvCalls)
          + String.format(Locale.ROOT, "%nMaximum%nSegment%nSize (bytes)%n%6d%n%n", mss);
    }

    @Override
    public List<String> socketLines() {
      return ss;
    }

    @Override
    public TestResult typedFigures() {
      return new TestResult.TcpStream(message, localSend, remoteRecv, received, connection);
    }
  }
}
