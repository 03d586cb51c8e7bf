package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every JSON output carries its envelope and validates against the schema --json-schema prints. */
class JsonSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Schema schema(String... args) {
    CliRunner printed = CliRunner.run(args);
    assertThat(printed.exitCode()).as(printed.err()).isZero();
    return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
        .getSchema(printed.out());
  }

  private static void assertValid(Schema schema, JsonNode output) {
    List<Error> errors = schema.validate(output);
    assertThat(errors).as(output.toString()).isEmpty();
    assertThat(output.get("schema_version").asInt()).isEqualTo(JsonEnvelope.SCHEMA_VERSION);
    assertThat(output.get("bondsim_version").asText()).isEqualTo("0.1.0");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "-t TCP_STREAM -l 0.1",
        "-t TCP_STREAM -l 0.1 -c -C --bond mode=balance-alb",
        "-t TCP_RR -l 0.1 -- -r 1,1024",
        "-t UDP_STREAM -l 0.1 --slaves 1x1000 -- -m 1472",
        "-t TCP_STREAM -l 0.1 --proc-net-bonding --fail eth0@0.05s --bond mode=active-backup"
      })
  void everyTestKindValidates(String words) throws Exception {
    Schema schema = schema("netperf", "--json-schema");
    List<String> args = new java.util.ArrayList<>(List.of("netperf", "--json"));
    for (String word : words.split(" ")) {
      // "mode=..." stands for a quoted --bond value with spaces
      args.add(word.startsWith("mode=") ? word.replace("=", " ") + " miimon 100" : word);
    }
    JsonNode output = CliRunner.json(args.toArray(String[]::new));
    assertValid(schema, output);
    assertThat(output.get("command").get(0).asText()).isEqualTo("netperf");
    assertThat(output.get("command").get(1).asText()).isEqualTo("--json");
  }

  @Test
  void aWrongOutputFails() throws Exception {
    Schema schema = schema("netperf", "--json-schema");
    JsonNode output = CliRunner.json("netperf", "--json", "-l", "0.05");
    ((com.fasterxml.jackson.databind.node.ObjectNode) output).put("throughput_mbps", "fast");
    assertThat(schema.validate(output)).isNotEmpty();
  }

  @Test
  void packetdrillValidates(@TempDir Path dir) throws Exception {
    Schema schema = schema("packetdrill", "--json-schema");
    Path script = dir.resolve("s.pkt");
    Files.writeString(script, "0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n");
    CliRunner run = CliRunner.run("packetdrill", "--json", script.toString());
    assertValid(schema, JSON.readTree(run.out()));
  }

  /** A short run standing in for an experiment's rows, as the experiment's code receives it. */
  private static java.util.concurrent.Future<org.bondsim.core.scenario.RunReport> standIn(
      String... netperfArgs) {
    org.bondsim.core.scenario.ScenarioRunner runner =
        new org.bondsim.core.scenario.ScenarioRunner(
            org.bondsim.core.bond.PolicyRegistry.load(),
            org.bondsim.core.host.WorkloadRegistry.load());
    NetperfCommand command = new NetperfCommand();
    new picocli.CommandLine(command).parseArgs(netperfArgs);
    return java.util.concurrent.CompletableFuture.completedFuture(
        runner.run(NetperfRun.from(command).scenario()));
  }

  /** The experiment's JSON, from short stand-in runs (the real one takes a minute). */
  @Test
  void reproduceJsonValidates() throws Exception {
    Schema schema = schema("reproduce", "gro-reordering", "--json-schema");
    java.util.concurrent.Future<org.bondsim.core.scenario.RunReport> done =
        standIn("-c", "-l", "0.05");
    java.util.concurrent.Future<org.bondsim.core.scenario.RunReport> kept =
        standIn("-c", "-l", "0.05", "--tcp-metrics", "flush");
    int[] levels = {3, 10};
    java.io.StringWriter text = new java.io.StringWriter();
    GroReproduceJson.print(
        new java.io.PrintWriter(text, true),
        4.0,
        0.7,
        org.bondsim.core.host.CpuCosts.REFERENCE_2_6_37,
        List.of(
            new GroReproduceJson.SetupRuns(
                "A",
                "set-up A",
                ReproduceCommand.AS_REPORTED,
                List.of(done, done, done, done),
                List.of(done, done, done, done),
                List.of(kept, kept, kept, kept))),
        levels,
        List.of("reproduce", "gro-reordering", "--json"));
    assertValid(schema, JSON.readTree(text.toString()));
  }

  /** tlb-dynamic-lb's JSON, from a short staggered stand-in run for each of its rows. */
  @Test
  void reproduceTlbJsonValidates() throws Exception {
    Schema schema = schema("reproduce", "tlb-dynamic-lb", "--json-schema");
    java.util.concurrent.Future<org.bondsim.core.scenario.RunReport> done =
        standIn("-t", "TCP_RR", "-l", "0.05", "--streams", "4", "--stagger", "1ms");
    java.io.StringWriter text = new java.io.StringWriter();
    TlbDynamicLbExperiment.printJson(
        new java.io.PrintWriter(text, true),
        java.util.Collections.nCopies(TlbDynamicLbExperiment.ROWS.size(), done),
        List.of("reproduce", "tlb-dynamic-lb", "--json"));
    JsonNode output = JSON.readTree(text.toString());
    assertValid(schema, output);
    // The rows not measured say so with null, not a number.
    assertThat(output.get("rows").get(2).get("measured_tps").isNull()).isTrue();
    assertThat(output.get("rows").get(0).get("command").asText())
        .startsWith("./bondsim netperf -t TCP_RR -l 60 -s 5 -H host --streams 200 --stagger 1ms");
  }

  @Test
  void reproduceSchemaIsADocument() throws Exception {
    JsonNode document =
        JSON.readTree(CliRunner.run("reproduce", "gro-reordering", "--json-schema").out());
    assertThat(document.get("$schema").asText())
        .isEqualTo("https://json-schema.org/draft/2020-12/schema");
    assertThat(document.get("required").toString()).contains("\"setups\"", "\"schema_version\"");
  }
}
