package org.bondsim.core.scenario;

import java.util.List;
import java.util.Map;
import org.bondsim.api.LinkState;
import org.bondsim.api.workload.WorkloadResult;
import org.bondsim.core.metrics.ReorderingStats;

/**
 * The result of one run: the test's own figures, per-slave counters, reordering, the frame account
 * and the active-slave history.
 *
 * @param mode the bonding mode
 * @param bondOptions every bond option with its effective value
 * @param seed the run's seed
 * @param elapsedSeconds the test length
 * @param streams concurrent streams
 * @param result what the test measured
 * @param slaves per-slave figures, in slave order
 * @param reordering reordering at the receiver over all streams, as the frames reach its NICs
 * @param reorderingAtTcp the same, as segments reach TCP ({@code tcp_v4_rcv}) after the receive
 *     path's interrupt batching, NAPI polling order and GRO
 * @param frames the frame account of every link
 * @param activeChanges changes of the sending bond's active slave, for modes that use one
 * @param hosts each host's CPU and receive-path figures: the local (sending) host, then the remote
 *     one ({@link #local()}, {@link #remote()})
 * @param flowMoves flows that changed transmit slave, grouped by host and time
 * @param eventsDispatched events the engine ran
 * @param topology how the slaves were cabled: {@code back-to-back} or {@code switch}
 * @param switchReport the switch's figures, or null without one
 * @param clients client hosts that ran the test (the slave table shows the first)
 * @param spraysPackets whether the mode moves a flow's frames between slaves by design
 *     (balance-rr), so flow moves count frames rather than events
 * @param bonds each host's bond at the end of the run, as {@code /proc/net/bonding/bond0} shows it:
 *     the local host's, then the remote one's
 * @param bondEvents every bond's and the switch's timeline, in time order
 */
public record RunReport(
    String mode,
    Map<String, String> bondOptions,
    long seed,
    double elapsedSeconds,
    int streams,
    WorkloadResult result,
    List<SlaveReport> slaves,
    ReorderingStats reordering,
    ReorderingStats reorderingAtTcp,
    FrameAccount frames,
    List<ActiveChange> activeChanges,
    List<HostReport> hosts,
    List<FlowMoveGroup> flowMoves,
    long eventsDispatched,
    String topology,
    SwitchReport switchReport,
    int clients,
    boolean spraysPackets,
    List<BondState> bonds,
    List<BondEventReport> bondEvents) {

  /**
   * One entry of the timeline ({@code bond_events}).
   *
   * @param timeSeconds when, from the test's start (negative: before it, as LACP negotiates)
   * @param host {@code local}, {@code remote}, {@code clientN} or {@code switch}
   * @param slave the slave (the switch: its port), or empty for the whole bond
   * @param event {@code link_down}, {@code link_up}, {@code active_slave_change}, {@code
   *     lacp_current}, {@code lacp_expired}, {@code lacp_defaulted}, {@code aggregator_join},
   *     {@code aggregator_leave}
   */
  public record BondEventReport(double timeSeconds, String host, String slave, String event) {}

  /**
   * Returns the local host's figures: the one netperf runs on, which sends in a stream test.
   *
   * @return the local host
   */
  public HostReport local() {
    return hosts.get(0);
  }

  /**
   * Returns the remote host's figures: netserver's, the receiver in a stream test.
   *
   * @return the remote host
   */
  public HostReport remote() {
    return hosts.get(1);
  }

  /**
   * What the switch between the hosts did.
   *
   * @param forwarded unicast frames sent out of their destination's port only
   * @param flooded frames sent out of every other port (broadcast, multicast, unknown unicast)
   * @param filtered frames dropped because their destination sits on the port they came in on
   *     (learning packets end so)
   * @param macMoves times a MAC was learned on a different port than before
   * @param learningPackets learning packets both bonds sent
   * @param ports each port's frames sent towards its station and tail drops
   */
  public record SwitchReport(
      long forwarded,
      long flooded,
      long filtered,
      long macMoves,
      long learningPackets,
      List<SwitchPortReport> ports) {}

  /**
   * One switch port, seen from the switch: what it sent towards the host slave plugged into it.
   *
   * @param name {@code local/eth0}, {@code remote/eth1}, …
   * @param txPackets frames delivered to the station
   * @param drops frames its egress buffer had no room for
   */
  public record SwitchPortReport(String name, long txPackets, long drops) {}

  /**
   * Flows of one host's bond that changed transmit slave at about the same time (within 100 ms of
   * the first), as a balance-tlb rebalance or a slave change makes them.
   *
   * @param host {@code local} or {@code remote}
   * @param atSeconds when the first of them moved
   * @param moves how many flow moves
   */
  public record FlowMoveGroup(String host, double atSeconds, long moves) {}

  /**
   * Returns all flow moves of one host's bond.
   *
   * @param host {@code local} or {@code remote}
   * @return moves
   */
  public long flowMoveCount(String host) {
    long sum = 0;
    for (FlowMoveGroup group : flowMoves) {
      if (group.host().equals(host)) {
        sum += group.moves();
      }
    }
    return sum;
  }

  /**
   * Returns the test's name.
   *
   * @return such as {@code UDP_STREAM}
   */
  public String test() {
    return result.test();
  }

  /**
   * Returns the payload throughput the receiver saw.
   *
   * @return 10^6 bit/s
   */
  public double throughputMbps() {
    return result.throughputMbps();
  }

  /**
   * One slave's figures: transmit side of the sender, receive side of the receiver.
   *
   * @param name interface name
   * @param speedMbps speed
   * @param delayNs one-way delay
   * @param txPackets frames sent by the sender's slave
   * @param txBytes their bytes
   * @param flows distinct flows (streams) the slave sent frames of
   * @param rxPackets frames received by the receiver's slave
   * @param rxBytes their bytes
   * @param drops dropped frames by reason name, sender and receiver side together, non-zero only;
   *     through a switch also what the cables to this slave lost at the switch's end (not its tail
   *     drops, which the switch's table shows)
   * @param linkFailures times the sender's monitor committed the slave DOWN
   * @param linkState the sender's committed link state at the end
   */
  public record SlaveReport(
      String name,
      long speedMbps,
      long delayNs,
      long txPackets,
      long txBytes,
      int flows,
      long rxPackets,
      long rxBytes,
      Map<String, Long> drops,
      long linkFailures,
      String linkState) {
    /**
     * Returns all drops.
     *
     * @return frames
     */
    public long totalDrops() {
      return drops.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /**
   * Where every frame handed to a slave went, over both directions. Two identities hold and are
   * checked by {@link #balances()}: on the way, {@code sent + duplicated == arrived +
   * droppedOnTheWay + inFlight}; at the receiving NICs, {@code arrived == toStack +
   * droppedAtReceiver + inReceiver}. Each term is counted where it happens, not derived from the
   * others.
   *
   * @param sent frames handed to slaves' qdiscs (a broadcast counts once per copy)
   * @param duplicated extra copies a netem impairment or a switch's flooding made
   * @param arrived frames that reached a host's NIC
   * @param toStack frames a bond handed to its host's stack (a GRO aggregate counts as the frames
   *     it merged)
   * @param droppedOnTheWay frames dropped before a NIC: qdisc, carrier, netem loss, switch
   * @param droppedAtReceiver frames a NIC or bond dropped, by reason ({@code address_filter},
   *     {@code rx_ring_full}, {@code inactive_slave}); only non-zero reasons
   * @param inFlight frames queued, being sent or on the wire at the end
   * @param inReceiver frames in RX rings, held by GRO or polled and not yet handed up at the end
   * @param noSlave frames the bonds dropped for want of a slave (not in {@code sent})
   */
  public record FrameAccount(
      long sent,
      long duplicated,
      long arrived,
      long toStack,
      long droppedOnTheWay,
      Map<String, Long> droppedAtReceiver,
      long inFlight,
      long inReceiver,
      long noSlave,
      long lacpdusAtSwitch,
      long lacpdusToBonding) {
    /**
     * Freezes the map.
     *
     * @param sent sent
     * @param duplicated duplicated
     * @param arrived arrived at NICs
     * @param toStack handed to the stack
     * @param droppedOnTheWay dropped before a NIC
     * @param droppedAtReceiver dropped at a NIC or bond, by reason
     * @param inFlight in flight
     * @param inReceiver in receive paths
     * @param noSlave dropped for want of a slave
     * @param lacpdusAtSwitch LACPDUs that reached the switch and ended there
     * @param lacpdusToBonding LACPDUs that reached a NIC and were taken by bonding's LACP
     */
    public FrameAccount {
      // Sorted by counter name: Map.copyOf's iteration order changes from one JVM to the next,
      // and the report must be the same byte for byte.
      droppedAtReceiver =
          java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(droppedAtReceiver));
    }

    /**
     * Returns the frames the receivers dropped, whatever the reason.
     *
     * @return frames
     */
    public long droppedAtReceiverTotal() {
      long total = 0;
      for (long count : droppedAtReceiver.values()) {
        total += count;
      }
      return total;
    }

    /**
     * Returns whether both identities hold.
     *
     * @return true if every sent frame is accounted for
     */
    public boolean balances() {
      return sent + duplicated == arrived + droppedOnTheWay + lacpdusAtSwitch + inFlight
          && arrived == toStack + lacpdusToBonding + droppedAtReceiverTotal() + inReceiver;
    }
  }

  /**
   * One host's CPU and receive path.
   *
   * @param name {@code local}, {@code remote} or {@code clientK}
   * @param cpuModelled whether any CPU cost was charged; when false the CPU figures are not
   *     measurements (reports print them as unknown) and stay 0
   * @param cpuUtilization percent of the host's CPUs over the test, averaged over all of them as
   *     netperf does; work still queued at the end is not counted, so at most 100
   * @param serviceDemandUsPerKb CPU µs per KB (1024 bytes) of payload moved, as netperf's -c/-C;
   *     NaN when no payload moved (there is nothing to divide by)
   * @param cpuBusyNs CPU time charged over the test, summed over the host's CPUs (0 when not
   *     modelled), for demands per transaction
   * @param napiPolls NAPI polls run
   * @param framesPolled frames taken from the RX rings
   * @param packetsUp packets handed up to the bond (a GRO aggregate counts once)
   * @param cpuUtilizationEach percent of each CPU over the test, in CPU order (empty when not
   *     modelled)
   * @param reader the socket lock of an application bound with {@code netperf -T}, or null
   */
  public record HostReport(
      String name,
      boolean cpuModelled,
      double cpuUtilization,
      double serviceDemandUsPerKb,
      long cpuBusyNs,
      long napiPolls,
      long framesPolled,
      long packetsUp,
      List<Double> cpuUtilizationEach,
      ReaderReport reader) {
    /**
     * Freezes the list.
     *
     * @param name name
     * @param cpuModelled whether CPU time is modelled
     * @param cpuUtilization percent, all CPUs
     * @param serviceDemandUsPerKb service demand
     * @param cpuBusyNs CPU time
     * @param napiPolls polls
     * @param framesPolled frames polled
     * @param packetsUp packets up
     * @param cpuUtilizationEach percent per CPU
     * @param reader the bound reader, or null
     */
    public HostReport {
      cpuUtilizationEach = List.copyOf(cpuUtilizationEach);
    }
  }

  /**
   * What the socket lock did between a host's softirq and its bound application ({@code netperf
   * -T}; {@link org.bondsim.core.host.ReaderSockets}).
   *
   * @param cpu the application's CPU
   * @param wakeups segments that found the reader asleep and woke it
   * @param prequeued segments put on the prequeue (2.6.37), processed by the reader
   * @param backlogged segments put on the backlog while the reader held the socket, processed by
   *     the reader
   * @param inSoftirq segments TCP processed in the softirq
   */
  public record ReaderReport(
      int cpu, long wakeups, long prequeued, long backlogged, long inSoftirq) {}

  /**
   * One host's bond at the end of the run: what {@code bond_info_show_master} and {@code
   * bond_info_show_slave} read.
   *
   * @param host {@code local} or {@code remote}
   * @param carrier the bond's carrier: some slave's link is up
   * @param activeSlave the current active slave's name, or null for none
   * @param slaves each slave in enslave order
   * @param ad the 802.3ad state, or null in other modes
   * @param arpTargets the addresses its ARP monitor asks for (a target equal to the host's own
   *     address stands for the other host)
   */
  public record BondState(
      String host,
      boolean carrier,
      String activeSlave,
      List<BondSlaveState> slaves,
      AdState ad,
      List<String> arpTargets) {}

  /**
   * An 802.3ad bond's LACP state, as {@code bond_info_show_master} and {@code bond_info_show_slave}
   * print it.
   *
   * @param systemPriority {@code ad_actor_sys_prio}
   * @param systemMac the actor system's MAC
   * @param active the active aggregator, or null
   * @param ports per slave, in slave order
   */
  public record AdState(
      int systemPriority, String systemMac, AdAggregator active, List<AdPort> ports) {}

  /**
   * The active aggregator.
   *
   * @param id its identifier
   * @param ports its enabled ports ({@code __agg_active_ports})
   * @param actorKey the actor's key
   * @param partnerKey the partner's key
   * @param partnerMac the partner's system MAC
   */
  public record AdAggregator(int id, int ports, int actorKey, int partnerKey, String partnerMac) {}

  /**
   * One slave's port.
   *
   * @param aggregatorId the aggregator it is attached to, or 0
   * @param actor what it sends as its own information
   * @param partner what it knows of its partner
   */
  public record AdPort(
      int aggregatorId,
      org.bondsim.api.packet.LacpPortInfo actor,
      org.bondsim.api.packet.LacpPortInfo partner) {}

  /**
   * One slave as the bond sees it.
   *
   * @param name the interface
   * @param linkState the bond's view of its link ({@code slave->link})
   * @param speedMbps its speed
   * @param linkFailures times the monitor took its link down ({@code link_failure_count})
   * @param permanentMac its own address ({@code perm_hwaddr})
   */
  public record BondSlaveState(
      String name, LinkState linkState, long speedMbps, long linkFailures, String permanentMac) {}

  /**
   * A change of the sending bond's active slave.
   *
   * @param atSeconds when
   * @param slave the new active slave, or {@code none}
   */
  public record ActiveChange(double atSeconds, String slave) {}

  /**
   * Returns a builder with no component set.
   *
   * @return the builder
   */
  public static RunReportBuilder builder() {
    return new RunReportBuilder();
  }

  /**
   * Returns a builder with these components, to change a few by name.
   *
   * @return the builder
   */
  public RunReportBuilder toBuilder() {
    return new RunReportBuilder(this);
  }
}
