package org.bondsim.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.bondsim.api.KernelVersion;
import org.bondsim.core.metrics.ReorderingStats;
import org.bondsim.core.scenario.RunReport;

/** Writes a run as one JSON object with snake_case keys in a fixed order. */
final class JsonReport {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  /**
   * The report's JSON, with each host's {@code /proc/net/bonding/bond0} text as {@code
   * proc_net_bonding} when {@code procNetBondingKernel} is given.
   *
   * @param report the run
   * @param command the command line, for the envelope
   * @param procNetBondingKernel the hosts' kernel, or null for no proc_net_bonding object
   * @return the JSON
   */
  static String toJson(
      RunReport report, java.util.List<String> command, KernelVersion procNetBondingKernel) {
    ObjectNode root = MAPPER.createObjectNode();
    JsonEnvelope.write(root, command);
    root.put("test", report.test());
    root.put("mode", report.mode());
    ObjectNode options = root.putObject("bond_options");
    report.bondOptions().forEach(options::put);
    root.put("seed", report.seed());
    root.put("elapsed_s", report.elapsedSeconds());
    root.put("streams", report.streams());
    root.put("throughput_mbps", report.throughputMbps());
    report.result().figures().forEach((name, value) -> root.set(name, MAPPER.valueToTree(value)));
    ObjectNode counters = MAPPER.createObjectNode();
    report
        .result()
        .counters()
        .forEach(
            (host, values) -> {
              ObjectNode node = counters.putObject(host);
              values.forEach(node::put);
            });
    ArrayNode slaves = root.putArray("slaves");
    for (RunReport.SlaveReport slave : report.slaves()) {
      ObjectNode s = slaves.addObject();
      s.put("name", slave.name());
      s.put("speed_mbps", slave.speedMbps());
      s.put("delay_us", slave.delayNs() / 1000.0);
      s.put("flows", slave.flows());
      s.put("tx_packets", slave.txPackets());
      s.put("tx_bytes", slave.txBytes());
      s.put("rx_packets", slave.rxPackets());
      s.put("rx_bytes", slave.rxBytes());
      s.put("drops", slave.totalDrops());
      ObjectNode reasons = s.putObject("drops_by_reason");
      slave.drops().forEach(reasons::put);
      s.put("link_failures", slave.linkFailures());
      s.put("link_state", slave.linkState());
    }
    root.set("reordering", reordering(report.reordering()));
    root.set("reordering_at_tcp", reordering(report.reorderingAtTcp()));
    RunReport.FrameAccount frames = report.frames();
    ObjectNode f = root.putObject("frames");
    f.put("sent", frames.sent());
    f.put("duplicated", frames.duplicated());
    f.put("arrived_at_nics", frames.arrived());
    f.put("to_stack", frames.toStack());
    f.put("dropped_on_the_way", frames.droppedOnTheWay());
    ObjectNode atReceiver = f.putObject("dropped_at_receiver");
    frames.droppedAtReceiver().forEach(atReceiver::put);
    f.put("in_flight", frames.inFlight());
    f.put("in_receiver", frames.inReceiver());
    f.put("no_slave_drops", frames.noSlave());
    f.put("lacpdus_at_switch", frames.lacpdusAtSwitch());
    f.put("lacpdus_to_bonding", frames.lacpdusToBonding());
    f.put("balances", frames.balances());
    root.put("topology", report.topology());
    root.put("clients", report.clients());
    if (report.switchReport() != null) {
      RunReport.SwitchReport fabric = report.switchReport();
      ObjectNode sw = root.putObject("switch");
      sw.put("forwarded", fabric.forwarded());
      sw.put("flooded", fabric.flooded());
      sw.put("filtered", fabric.filtered());
      sw.put("mac_moves", fabric.macMoves());
      sw.put("learning_packets", fabric.learningPackets());
      ArrayNode ports = sw.putArray("ports");
      for (RunReport.SwitchPortReport port : fabric.ports()) {
        ObjectNode p = ports.addObject();
        p.put("name", port.name());
        p.put("tx_packets", port.txPackets());
        p.put("drops", port.drops());
      }
    }
    ArrayNode changes = root.putArray("active_slave_changes");
    for (RunReport.ActiveChange change : report.activeChanges()) {
      ObjectNode c = changes.addObject();
      c.put("at_s", change.atSeconds());
      c.put("slave", change.slave());
    }
    ArrayNode timeline = root.putArray("bond_events");
    for (RunReport.BondEventReport event : report.bondEvents()) {
      ObjectNode e = timeline.addObject();
      e.put("time_s", event.timeSeconds());
      e.put("host", event.host());
      e.put("slave", event.slave());
      e.put("event", event.event());
    }
    ArrayNode moves = root.putArray("flow_moves");
    for (RunReport.FlowMoveGroup group : report.flowMoves()) {
      ObjectNode m = moves.addObject();
      m.put("host", group.host());
      m.put("at_s", group.atSeconds());
      m.put("moves", group.moves());
    }
    root.set("counters", counters);
    ObjectNode hosts = root.putObject("hosts");
    for (RunReport.HostReport host : report.hosts()) {
      ObjectNode h = hosts.putObject(host.name());
      // Without a CPU model there is no measurement: null, not a measured zero.
      if (host.cpuModelled()) {
        h.put("cpu_percent", host.cpuUtilization());
        if (Double.isNaN(host.serviceDemandUsPerKb())) {
          h.putNull("service_demand_us_per_kb");
        } else {
          h.put("service_demand_us_per_kb", host.serviceDemandUsPerKb());
        }
      } else {
        h.putNull("cpu_percent");
        h.putNull("service_demand_us_per_kb");
      }
      h.put("napi_polls", host.napiPolls());
      h.put("frames_polled", host.framesPolled());
      h.put("packets_up", host.packetsUp());
      if (host.cpuModelled()) {
        ArrayNode each = h.putArray("cpu_percent_each");
        host.cpuUtilizationEach().forEach(each::add);
      } else {
        h.putNull("cpu_percent_each");
      }
      RunReport.ReaderReport reader = host.reader();
      if (reader != null) {
        ObjectNode r = h.putObject("reader");
        r.put("cpu", reader.cpu());
        r.put("wakeups", reader.wakeups());
        r.put("prequeued", reader.prequeued());
        r.put("backlogged", reader.backlogged());
        r.put("in_softirq", reader.inSoftirq());
      }
    }
    root.put("events", report.eventsDispatched());
    report.result().tcpMetrics().ifPresent(line -> root.put("tcp_metrics", line));
    if (procNetBondingKernel != null) {
      ObjectNode files = root.putObject("proc_net_bonding");
      for (RunReport.BondState bond : report.bonds()) {
        files.put(bond.host(), ProcNetBonding.render(report, bond, procNetBondingKernel));
      }
    }
    try {
      return MAPPER.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON", e);
    }
  }

  private static ObjectNode reordering(ReorderingStats r) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("received", r.received());
    node.put("reordered", r.reordered());
    node.put("reordered_ratio", r.reorderedRatio());
    node.put("max_extent", r.maxExtent());
    node.put("mean_extent", r.meanExtent());
    node.put("duplicates", r.duplicates());
    ObjectNode n = node.putObject("n_reordering");
    for (int i = 0; i < r.nReordered().length; i++) {
      n.put(Integer.toString(i + 1), r.nReordered()[i]);
    }
    ObjectNode density = node.putObject("reorder_density");
    density.put("threshold", r.densityThreshold());
    ObjectNode values = density.putObject("values");
    for (int d = -r.densityThreshold(); d <= r.densityThreshold(); d++) {
      double value = r.densityAt(d);
      if (value > 0) {
        values.put(Integer.toString(d), value);
      }
    }
    density.put("beyond_threshold", r.beyondThreshold());
    return node;
  }
}
