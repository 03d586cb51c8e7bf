package org.bondsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.bondsim.packetdrill.Packetdrill;
import org.bondsim.packetdrill.ScriptResult;
import org.bondsim.packetdrill.Tolerance;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bondsim packetdrill}: Linux's packetdrill scripts against the TCP model. */
@Command(
    name = "packetdrill",
    mixinStandardHelpOptions = true,
    description = {
      "Runs packetdrill scripts (.pkt) against bondsim's TCP: the script is the remote host and the"
          + " application, the model is the kernel, on the simulation's clock.",
      "Each script passes, fails (the line, what it expected, what the model did) or is skipped"
          + " (what it uses that the model does not have).",
      "Exit status: 0 when no script failed, 1 when one did, 2 for a usage error or a malformed"
          + " script."
    })
final class PacketdrillCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--json", description = "print {\"results\": [...]} instead of text")
  boolean json;

  @Option(
      names = "--kernel",
      defaultValue = "6.x",
      paramLabel = "KERNEL",
      description =
          "the TCP model's kernel: 6.x, 6.1 (as released, before the October 2023 timer fix), 3.16"
              + " or 2.6.37 (default: ${DEFAULT-VALUE})")
  String kernel;

  @Option(
      names = "--hz",
      defaultValue = "1000",
      paramLabel = "HZ",
      description =
          "CONFIG_HZ of the kernel: 100, 250, 300 or 1000; TCP's timers round to its tick"
              + " (default: ${DEFAULT-VALUE})")
  int hz;

  @Option(
      names = "--tolerance_usecs",
      paramLabel = "N",
      description =
          "packetdrill's absolute timing tolerance in microseconds (default 4000); a script's own"
              + " header line wins")
  Long toleranceUsecs;

  @Option(
      names = "--tolerance_percent",
      paramLabel = "P",
      description =
          "packetdrill's tolerance as a percentage of the gap to the previous event (default"
              + " 12.5); a script's own header line wins")
  Double tolerancePercent;

  @Option(
      names = "--json-schema",
      description = "Print the JSON Schema of --json's output and exit.")
  boolean jsonSchema;

  @Parameters(arity = "0..*", paramLabel = "SCRIPT", description = "packetdrill scripts")
  List<Path> scripts = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    if (jsonSchema) {
      spec.commandLine().getOut().println(JsonSchemas.packetdrill());
      return 0;
    }
    if (scripts.isEmpty()) {
      throw new IllegalArgumentException("SCRIPT: give at least one packetdrill script (.pkt)");
    }
    if (!List.of("6.x", "6.1", "3.16", "2.6.37").contains(kernel)) {
      throw new IllegalArgumentException(
          "--kernel must be 6.x, 6.1, 3.16 or 2.6.37, got " + kernel);
    }
    if (hz != 100 && hz != 250 && hz != 300 && hz != 1000) {
      throw new IllegalArgumentException("--hz must be 100, 250, 300 or 1000, got " + hz);
    }
    Tolerance tolerance =
        new Tolerance(
            toleranceUsecs != null ? toleranceUsecs : Tolerance.DEFAULT.usecs(),
            tolerancePercent != null ? tolerancePercent : Tolerance.DEFAULT.percent());
    List<ScriptResult> results = new ArrayList<>();
    for (Path script : scripts) {
      String text;
      try {
        text = Files.readString(script, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "SCRIPT " + script + " cannot be read (" + reason(e) + ")");
      }
      results.add(Packetdrill.run(script.toString(), text, kernel, hz, tolerance));
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      printJson(out, results);
    } else {
      printText(out, results);
    }
    return results.stream().anyMatch(r -> r.result() == ScriptResult.Outcome.FAIL) ? 1 : 0;
  }

  private static String reason(IOException e) {
    if (e instanceof java.nio.charset.CharacterCodingException) {
      return "not UTF-8 text";
    }
    return SeriesFile.reason(e);
  }

  private static void printText(PrintWriter out, List<ScriptResult> results) {
    int[] counts = new int[3];
    for (ScriptResult r : results) {
      counts[r.result().ordinal()]++;
      if (r.result() == ScriptResult.Outcome.PASS) {
        out.println("pass  " + r.script());
      } else {
        out.println(r.result().word() + "  " + r.script() + ":" + r.line() + ": " + r.message());
      }
    }
    out.printf("%d passed, %d failed, %d skipped%n", counts[0], counts[1], counts[2]);
  }

  private void printJson(PrintWriter out, List<ScriptResult> results) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    JsonEnvelope.write(root, spec.commandLine().getParseResult().originalArgs());
    ArrayNode array = root.putArray("results");
    for (ScriptResult r : results) {
      ObjectNode node = array.addObject();
      node.put("script", r.script());
      node.put("result", r.result().word());
      if (r.result() == ScriptResult.Outcome.PASS) {
        node.putNull("line");
      } else {
        node.put("line", r.line());
      }
      node.put("message", r.message());
    }
    out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root));
  }
}
