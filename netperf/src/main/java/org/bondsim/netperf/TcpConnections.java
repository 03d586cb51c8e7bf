package org.bondsim.netperf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.workload.Host;
import org.bondsim.api.workload.WorkloadContext;
import org.bondsim.api.workload.WorkloadSample;
import org.bondsim.tcp.SocketInfo;
import org.bondsim.tcp.TcpCounters;
import org.bondsim.tcp.TcpEndpoint;
import org.bondsim.tcp.TcpMetrics;
import org.bondsim.tcp.TcpMetricsCache;
import org.bondsim.tcp.TcpSettings;
import org.bondsim.tcp.TcpState;

/**
 * The connections of one test: each stream's ends take the ports the kernels would give them
 * ({@link EphemeralPorts}, seeded), and each host hands arriving segments to the endpoint they
 * belong to, looked up by the local end's port.
 */
final class TcpConnections {
  /** {@code TCP_CA_Open} to {@code TCP_CA_Loss}, by value, as a series names them. */
  private static final String[] CA_STATE_NAMES = {"open", "disorder", "cwr", "recovery", "loss"};

  // Stream index + 1 by the local end's port; 0 for none.
  private final int[] streamByLocalPort = new int[65536];

  final TcpSettings settings;
  final TcpCounters localCounters = new TcpCounters();
  final TcpCounters remoteCounters = new TcpCounters();
  final List<TcpEndpoint> locals = new ArrayList<>();
  final List<TcpEndpoint> remotes = new ArrayList<>();
  // Each netperf host's per-destination TCP metrics, in the order the streams name the hosts;
  // empty when the run keeps none (no --tcp-metrics).
  private final Map<Host, TcpMetricsCache> metrics = new LinkedHashMap<>();
  private final String remoteAddress;

  TcpConnections(
      WorkloadContext context,
      TcpEndpoint.Reader localReader,
      TcpEndpoint.Reader remoteReader,
      long localReceiveBuffer,
      long remoteReceiveBuffer,
      TcpSettings settings,
      DataPorts ports) {
    this.settings = settings;
    Host remote = context.remote();
    this.remoteAddress = remote.address().toString();
    String start = context.setting(TcpSettings.METRICS_SETTING, "");
    TcpMetrics entry = start.isBlank() ? null : TcpMetrics.parse(start);
    Set<Host> clients = Collections.newSetFromMap(new IdentityHashMap<>());
    // netserver binds each data socket first (an odd port on its host), then netperf connects to
    // it (an even port on its own); local ports stay unique over all client hosts.
    EphemeralPorts localPorts = new EphemeralPorts(context.random());
    EphemeralPorts remotePorts = new EphemeralPorts(context.random());
    for (int i = 0; i < context.streams(); i++) {
      Host local = context.local(i);
      clients.add(local);
      // The draws are made with -P too, so that -P changes the ports and nothing else.
      int remotePort = remotePorts.forBind();
      int localPort = localPorts.forConnect();
      if (ports.remote() >= 0) {
        remotePort = ports.remote();
      }
      if (ports.local() >= 0) {
        localPort = ports.local();
      }
      streamByLocalPort[localPort] = i + 1;
      Frame out =
          new Frame(
              new EthernetHeader(local.mac(), remote.mac(), EthernetHeader.NO_VLAN, EtherType.IPV4),
              Ipv4Header.of(local.address(), remote.address(), IpProtocol.TCP),
              new TcpHeader(localPort, remotePort));
      Frame back =
          new Frame(
              new EthernetHeader(remote.mac(), local.mac(), EthernetHeader.NO_VLAN, EtherType.IPV4),
              Ipv4Header.of(remote.address(), local.address(), IpProtocol.TCP),
              new TcpHeader(remotePort, localPort));
      TcpMetricsCache cache =
          entry == null
              ? null
              : metrics.computeIfAbsent(
                  local,
                  host -> {
                    TcpMetricsCache fresh = new TcpMetricsCache();
                    fresh.put(remoteAddress, entry);
                    return fresh;
                  });
      locals.add(
          new TcpEndpoint(
              new WorkloadTcpHost(context, local, cache),
              out,
              i,
              settings,
              localCounters,
              localReader,
              localReceiveBuffer));
      remotes.add(
          new TcpEndpoint(
              new WorkloadTcpHost(context, remote, null),
              back,
              context.streams() + i,
              settings,
              remoteCounters,
              remoteReader,
              remoteReceiveBuffer));
    }
    // Ports are unique across streams, so every client host can hand its packets to one table.
    for (Host client : clients) {
      client.onReceive(packet -> dispatch(packet, locals, true));
    }
    remote.onReceive(packet -> dispatch(packet, remotes, false));
  }

  /**
   * Returns the stream an endpoint belongs to: stream i's local end carries flow i and its remote
   * end flow streams + i, so this is constant time however many streams run.
   *
   * @param endpoint either end
   * @return the stream index
   */
  int stream(TcpEndpoint endpoint) {
    return endpoint.flowId() % locals.size();
  }

  /**
   * Why the test has no figure: its data connections that never opened (netperf fails with "connect
   * failed" where the SYN gets no answer), or null when all did.
   *
   * @param seconds the test's length
   * @return one sentence, or null
   */
  String unopened(double seconds) {
    long closed = locals.stream().filter(e -> !e.established()).count();
    if (closed == 0) {
      return null;
    }
    String which =
        locals.size() == 1
            ? "the data connection"
            : closed + " of the " + locals.size() + " data connections";
    return String.format(
        java.util.Locale.ROOT,
        "%s never opened: no answer to the SYN in the test's %s s (netperf's connect would"
            + " fail; look at what drops or delays the handshake: --netem, --fail, the delays,"
            + " -l, 802.3ad's aggregation)",
        which,
        NetperfBanner.seconds(seconds));
  }

  /**
   * netperf closes its data connections at the end of the test, in stream order, and each saves
   * what it learned into its host's per-destination metrics ({@link TcpEndpoint#saveMetrics}).
   * Difference: the model saves the state at the test's end, where Linux saves it after the last
   * data is ACKed and the FINs are exchanged.
   *
   * @return the first netperf host's entry for netserver's host as {@code ip tcp_metrics show}
   *     prints it ({@code no entry} when there is none), or null where the run keeps no metrics
   */
  String closeAll() {
    if (metrics.isEmpty()) {
      return null;
    }
    locals.forEach(TcpEndpoint::saveMetrics);
    Map.Entry<Host, TcpMetricsCache> first = metrics.entrySet().iterator().next();
    String line =
        first
            .getValue()
            .get(remoteAddress)
            .show(remoteAddress, first.getKey().address().toString());
    return line.isEmpty() ? "no entry" : line;
  }

  /** Opens every connection: netperf connects, netserver accepts. */
  void connectAll() {
    locals.forEach(TcpEndpoint::connect);
  }

  private void dispatch(Packet packet, List<TcpEndpoint> endpoints, boolean byDestination) {
    if (!(packet.frame().transport() instanceof TcpHeader tcp)) {
      return;
    }
    int port = byDestination ? tcp.destinationPort() : tcp.sourcePort();
    int index = streamByLocalPort[port] - 1;
    if (index >= 0) {
      endpoints.get(index).receive(packet);
    }
  }

  Map<String, Map<String, Long>> counters() {
    Map<String, Map<String, Long>> all = new LinkedHashMap<>();
    all.put("local", localCounters.nonZero());
    all.put("remote", remoteCounters.nonZero());
    return all;
  }

  /** Every counter of both hosts, zeros too ({@code nstat -z}). */
  Map<String, Map<String, Long>> allCounters() {
    Map<String, Map<String, Long>> all = new LinkedHashMap<>();
    all.put("local", localCounters.all());
    all.put("remote", remoteCounters.all());
    return all;
  }

  /** Every local connection as ss -ti prints it, in stream order. */
  List<String> socketLines() {
    List<String> lines = new ArrayList<>();
    for (TcpEndpoint endpoint : locals) {
      lines.add(endpoint.describe());
    }
    return List.copyOf(lines);
  }

  /**
   * The first connection's window now, with the payload the test's application has read, for a time
   * series.
   */
  WorkloadSample sample(long payloadBytes) {
    SocketInfo info = locals.get(0).socketInfo();
    long inFlight = info.unacked() - info.sacked() - info.lost() + info.retrans();
    Long reorders = localCounters.all().get("TcpExtTCPSACKReorder");
    return new WorkloadSample(
        payloadBytes,
        OptionalLong.of(info.sndCwnd()),
        info.sndSsthresh() >= Integer.MAX_VALUE
            ? OptionalLong.empty()
            : OptionalLong.of(info.sndSsthresh()),
        OptionalLong.of(inFlight),
        OptionalLong.of(info.totalRetrans()),
        OptionalLong.of(reorders == null ? 0 : reorders),
        OptionalLong.of(info.rttUs()),
        OptionalLong.of(info.reordering()),
        info.field("tcpi_dsack_dups"),
        Optional.of(CA_STATE_NAMES[info.caState()]));
  }

  /** A connection's state as netperf's result reports it ({@code ss -ti}'s figures). */
  static TestResult.TcpInfo info(TcpState state) {
    return new TestResult.TcpInfo(
        state.cwnd(),
        state.ssthresh(),
        state.srttUs(),
        state.rttvarUs(),
        state.reordering(),
        state.retransmitted(),
        state.delivered(),
        state.sndUna(),
        state.sndNxt());
  }
}
