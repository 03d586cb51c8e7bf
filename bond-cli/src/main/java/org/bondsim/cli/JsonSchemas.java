package org.bondsim.cli;

import static org.bondsim.cli.JsonSchema.arrayOf;
import static org.bondsim.cli.JsonSchema.arrayOrNull;
import static org.bondsim.cli.JsonSchema.bool;
import static org.bondsim.cli.JsonSchema.integer;
import static org.bondsim.cli.JsonSchema.integerOrNull;
import static org.bondsim.cli.JsonSchema.mapOf;
import static org.bondsim.cli.JsonSchema.number;
import static org.bondsim.cli.JsonSchema.numberOrNull;
import static org.bondsim.cli.JsonSchema.object;
import static org.bondsim.cli.JsonSchema.oneOf;
import static org.bondsim.cli.JsonSchema.string;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema of each JSON output, written beside {@link JsonReport}, {@link
 * PacketdrillCommand} and {@link GroReproduceJson} and versioned with {@link
 * JsonEnvelope#SCHEMA_VERSION}; {@code --json-schema} prints them, the tests validate real outputs
 * against them. Fields a test does not have are absent; numbers the run cannot know are null.
 */
final class JsonSchemas {
  private JsonSchemas() {}

  /** {@code bondsim netperf --json}. */
  static String netperf() {
    JsonSchema.Obj root = object();
    JsonEnvelope.schema(root);
    root.required("test", string())
        .required("mode", string())
        .required("bond_options", mapOf(string()))
        .required("seed", integer())
        .required("elapsed_s", number())
        .required("streams", integer())
        .required("throughput_mbps", number())
        // TCP_STREAM and UDP_STREAM
        .optional("message_size", integer())
        .optional("send_socket_size", integer())
        .optional("recv_socket_size", integer())
        .optional("bytes_received", integer())
        .optional("connection", connection())
        .optional("messages_sent", integer())
        .optional("send_errors", integer())
        .optional("messages_received", integer())
        .optional("send_throughput_mbps", number())
        // TCP_RR
        .optional("request_size", integer())
        .optional("response_size", integer())
        .optional("transactions", integer())
        .optional("transactions_per_s", numberOrNull())
        .optional("transactions_per_s_summed", number())
        .optional("mean_latency_us", numberOrNull())
        .optional("p50_latency_us", integerOrNull())
        .optional("p90_latency_us", integerOrNull())
        .optional("p99_latency_us", integerOrNull())
        .optional("min_latency_us", integerOrNull())
        .optional("max_latency_us", integerOrNull())
        .optional("stddev_latency_us", numberOrNull())
        .required("slaves", arrayOf(slave()))
        .required("reordering", reordering())
        .required("reordering_at_tcp", reordering())
        .required("frames", frames())
        .required("topology", oneOf("back-to-back", "switch"))
        .required("clients", integer())
        .optional("switch", fabric())
        .required(
            "active_slave_changes",
            arrayOf(object().required("at_s", number()).required("slave", string()).node()))
        .required(
            "bond_events",
            arrayOf(
                object()
                    .required("time_s", number())
                    .required("host", string())
                    .required("slave", string())
                    .required(
                        "event",
                        oneOf(
                            "link_down",
                            "link_up",
                            "active_slave_change",
                            "lacp_current",
                            "lacp_expired",
                            "lacp_defaulted",
                            "aggregator_join",
                            "aggregator_leave"))
                    .node()))
        .required(
            "flow_moves",
            arrayOf(
                object()
                    .required("host", string())
                    .required("at_s", number())
                    .required("moves", integer())
                    .node()))
        .required("counters", mapOf(mapOf(integer())))
        .required("hosts", mapOf(host()))
        .required("events", integer())
        .optional("tcp_metrics", string())
        .optional("proc_net_bonding", mapOf(string()));
    return JsonSchema.document("bondsim netperf --json", root);
  }

  private static ObjectNode connection() {
    return object()
        .required("cwnd", integer())
        .required("ssthresh", integerOrNull())
        .required("srtt_us", number())
        .required("rttvar_us", number())
        .required("reordering", integer())
        .required("retrans", integer())
        .required("delivered", integer())
        .required("bytes_acked", integer())
        .required("bytes_sent", integer())
        .node();
  }

  private static ObjectNode slave() {
    return object()
        .required("name", string())
        .required("speed_mbps", integer())
        .required("delay_us", number())
        .required("flows", integer())
        .required("tx_packets", integer())
        .required("tx_bytes", integer())
        .required("rx_packets", integer())
        .required("rx_bytes", integer())
        .required("drops", integer())
        .required("drops_by_reason", mapOf(integer()))
        .required("link_failures", integer())
        .required("link_state", oneOf("up", "fail", "down", "back"))
        .node();
  }

  private static ObjectNode reordering() {
    return object()
        .required("received", integer())
        .required("reordered", integer())
        .required("reordered_ratio", number())
        .required("max_extent", integer())
        .required("mean_extent", number())
        .required("duplicates", integer())
        .required("n_reordering", mapOf(integer()))
        .required(
            "reorder_density",
            object()
                .required("threshold", integer())
                .required("values", mapOf(number()))
                .required("beyond_threshold", integer())
                .node())
        .node();
  }

  private static ObjectNode frames() {
    return object()
        .required("sent", integer())
        .required("duplicated", integer())
        .required("arrived_at_nics", integer())
        .required("to_stack", integer())
        .required("dropped_on_the_way", integer())
        .required("dropped_at_receiver", mapOf(integer()))
        .required("in_flight", integer())
        .required("in_receiver", integer())
        .required("no_slave_drops", integer())
        .required("lacpdus_at_switch", integer())
        .required("lacpdus_to_bonding", integer())
        .required("balances", bool())
        .node();
  }

  private static ObjectNode fabric() {
    return object()
        .required("forwarded", integer())
        .required("flooded", integer())
        .required("filtered", integer())
        .required("mac_moves", integer())
        .required("learning_packets", integer())
        .required(
            "ports",
            arrayOf(
                object()
                    .required("name", string())
                    .required("tx_packets", integer())
                    .required("drops", integer())
                    .node()))
        .node();
  }

  private static ObjectNode host() {
    return object()
        .required("cpu_percent", numberOrNull())
        .required("service_demand_us_per_kb", numberOrNull())
        .required("napi_polls", integer())
        .required("frames_polled", integer())
        .required("packets_up", integer())
        .required("cpu_percent_each", arrayOrNull(number()))
        .optional(
            "reader",
            object()
                .required("cpu", integer())
                .required("wakeups", integer())
                .required("prequeued", integer())
                .required("backlogged", integer())
                .required("in_softirq", integer())
                .node())
        .node();
  }

  /** {@code bondsim packetdrill --json}. */
  static String packetdrill() {
    JsonSchema.Obj root = object();
    JsonEnvelope.schema(root);
    root.required(
        "results",
        arrayOf(
            object()
                .required("script", string())
                .required("result", oneOf("pass", "fail", "skip"))
                .required("line", integerOrNull())
                .required("message", string())
                .node()));
    return JsonSchema.document("bondsim packetdrill --json", root);
  }

  /** {@code bondsim reproduce gro-reordering --json}. */
  static String reproduceGro() {
    JsonSchema.Obj root = object();
    JsonEnvelope.schema(root);
    ObjectNode row =
        object()
            .required("mtu", integer())
            .required("gro", bool())
            .required("measured_mbps", number())
            .required("simulated_mbps", number())
            .required("measured_sender_cpu_percent", number())
            .required("simulated_sender_cpu_percent", number())
            .required("measured_sender_sd_us_per_kb", number())
            .required("simulated_sender_sd_us_per_kb", numberOrNull())
            .required("command", string())
            .node();
    ObjectNode point =
        object()
            .required("gro", bool())
            .required("tcp_reordering", integer())
            .required("simulated_mbps", number())
            .required("command", string())
            .node();
    ObjectNode keptPoint =
        object()
            .required("gro", bool())
            .required("tcp_reordering", integer())
            .required("tcp_metrics_at_start", string())
            .required("reordering_at_start", integer())
            .required("simulated_mbps", number())
            .required("command", string())
            .node();
    root.required(
            "fit",
            object()
                .required("factor", number())
                .required("row", string())
                .required("measured_sender_sd_us_per_kb", number())
                .required("simulated_sender_sd_us_per_kb", numberOrNull())
                .node())
        .required(
            "setups",
            arrayOf(
                object()
                    .required("name", string())
                    .required("description", string())
                    .required("rows", arrayOf(row))
                    .required("explains", bool())
                    .required("figures_within_bounds", integer())
                    .required("tcp_reordering_sweep", arrayOf(point))
                    .required("tcp_reordering_sweep_kept", arrayOf(keptPoint))
                    .node()));
    return JsonSchema.document("bondsim reproduce gro-reordering --json", root);
  }

  /** {@code bondsim reproduce tlb-dynamic-lb --json}. */
  static String reproduceTlb() {
    JsonSchema.Obj root = object();
    JsonEnvelope.schema(root);
    root.required(
        "rows",
        arrayOf(
            object()
                .required("tlb_dynamic_lb", integer())
                .required("request", integer())
                .required("response", integer())
                .required("measured_tps", numberOrNull())
                .required("simulated_summed_tps", number())
                .required("simulated_aggregate_tps", numberOrNull())
                .required("command", string())
                .node()));
    return JsonSchema.document("bondsim reproduce tlb-dynamic-lb --json", root);
  }
}
