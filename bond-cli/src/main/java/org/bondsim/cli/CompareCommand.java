package org.bondsim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.bondsim.cli.study.Axis;
import org.bondsim.cli.study.Compare;
import org.bondsim.cli.study.Seeds;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bondsim compare}: two netperf lines over the same seeds, and whether they differ. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Runs two 'bondsim netperf' lines on the same seeds and gives, for every figure, B's"
          + " difference from A with its 95 %% confidence interval, and a verdict on the figure of"
          + " merit (throughput, or the transaction rate).",
      "Usage: bondsim compare [--seeds LIST] [--json] \"ARGS A\" \"ARGS B\", each a quoted"
          + " 'bondsim netperf' argument list (a leading 'netperf' is allowed), e.g. bondsim"
          + " compare \"-t TCP_STREAM -l 2 --slaves 2x1000\" \"-t TCP_STREAM -l 2 --slaves"
          + " 3x1000\".",
      "Paired: run k of A and of B share seed k, and the interval is that of the mean paired"
          + " difference (Student's t over the seeds). With --seeds-b, B runs on its own seeds and"
          + " the interval is Welch's. With --vary (as bondsim sweep's) both lines run at every"
          + " point of the grid and pair by point and seed: the interval then spans those"
          + " conditions.",
      "Exit status: 0 compared, 1 a run measured nothing, 2 a usage error."
    })
final class CompareCommand implements Callable<Integer> {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Spec CommandSpec spec;

  @Option(
      names = "--seeds",
      defaultValue = "1..10",
      paramLabel = "LIST",
      description = "Seeds, at least two: 1..10, 1-10 or 1,5,9. Default: ${DEFAULT-VALUE}.")
  String seeds;

  @Option(
      names = "--seeds-b",
      paramLabel = "LIST",
      description =
          "B's own seeds, none of A's: independent samples, Welch's interval (default: B runs on"
              + " A's seeds, paired).")
  String seedsB;

  @Option(
      names = "--vary",
      paramLabel = "NAME=VALUES",
      description =
          "An axis both lines run along, as bondsim sweep's --vary (bond-age=0:5s,"
              + " net.ipv4.tcp_reordering=3,127). Repeatable.")
  List<String> vary = new ArrayList<>();

  @Option(names = "--threads", paramLabel = "N", description = "Runs at once. Default: every core.")
  String threads;

  @Option(names = "--json", description = "Print one JSON object instead of the table.")
  boolean json;

  @Parameters(
      arity = "2",
      paramLabel = "ARGS",
      description = "Line A and line B, each one quoted argument.")
  List<String> lines = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    List<String> a = words(lines.get(0), "A");
    List<String> b = words(lines.get(1), "B");
    Compare.Builder builder = Compare.builder().a(a).b(b).seeds(Seeds.parse(seeds, "--seeds"));
    if (seedsB != null) {
      builder.seedsB(Seeds.parse(seedsB, "--seeds-b"));
    }
    List<Axis> axes = new ArrayList<>();
    for (String spec : vary) {
      axes.add(Axis.parse(spec));
    }
    builder.vary(axes);
    if (threads != null) {
      builder.threads((int) ArgumentParsers.whole("--threads", threads, 1, 1024, " threads"));
    }
    Compare.Result result;
    try {
      result = builder.run();
    } catch (Compare.NothingMeasured e) {
      // As netperf when it cannot connect: one line, a failing status.
      spec.commandLine().getErr().println("bondsim: " + e.getMessage());
      return 1;
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(JSON.writeValueAsString(json(result)));
    } else {
      print(out, result, a, b, vary);
    }
    return 0;
  }

  /** One quoted argument as the shell would split it; a leading {@code netperf} is dropped. */
  private static List<String> words(String line, String name) {
    List<String> words;
    try {
      words = ShellWords.split(line);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("line " + name + ": " + e.getMessage());
    }
    int start = 0;
    while (start < words.size()
        && (words.get(start).equals("netperf")
            || words.get(start).endsWith("bondsim")
            || words.get(start).equals("./bondsim"))) {
      start++;
    }
    List<String> args = words.subList(start, words.size());
    try {
      NetperfLine.refuseOutputOptions(args, "compare");
      NetperfLine.checked(args);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("line " + name + ": " + e.getMessage());
    }
    return args;
  }

  private static void print(
      PrintWriter out, Compare.Result r, List<String> a, List<String> b, List<String> vary) {
    String grid =
        r.points() == 1
            ? ""
            : " at each of "
                + r.points()
                + " points (--vary "
                + String.join(" --vary ", vary)
                + ")";
    out.printf(
        Locale.ROOT,
        "compare: %s%n",
        r.paired()
            ? r.seedsA().size()
                + " seeds"
                + grid
                + (r.points() == 1
                    ? ", paired (run k of A and of B share seed k): "
                    : ", paired (run k of A and of B share its seed and point): ")
                + r.seedsA()
            : "A on seeds " + r.seedsA() + ", B on seeds " + r.seedsB() + grid + " (Welch)");
    out.println("A: netperf " + quoted(a));
    out.println("B: netperf " + quoted(b));
    out.println();
    out.printf(
        Locale.ROOT,
        "%-34s %14s %14s %11s   %s%n",
        "figure",
        "A mean",
        "B mean",
        "B - A",
        "95 % CI");
    List<Compare.Figure> shown = new ArrayList<>();
    shown.add(r.figures().get(0));
    shown.addAll(r.differingMost(10));
    for (Compare.Figure f : shown) {
      out.printf(
          Locale.ROOT,
          "%-34s %14s %14s %11s   %s%n",
          f.name(),
          figure(f.aMean()),
          figure(f.bMean()),
          Double.isNaN(f.differencePercent())
              ? String.format(Locale.ROOT, "%+.4g", f.difference().mean())
              : String.format(Locale.ROOT, "%+.2f %%", f.differencePercent()),
          Double.isNaN(f.differencePercent())
              ? String.format(
                  Locale.ROOT, "%+.4g to %+.4g", f.difference().ciLow(), f.difference().ciHigh())
              : String.format(
                  Locale.ROOT, "%+.2f to %+.2f %%", f.ciLowPercent(), f.ciHighPercent()));
    }
    if (shown.size() == 1) {
      out.println("(no other figure differs detectably)");
    }
    out.println();
    out.println("verdict: " + r.verdict());
  }

  /** Six significant digits, no exponent, no trailing zeros: 1373.7, 0.0123, 140000. */
  private static String figure(double value) {
    if (value == 0) {
      return "0";
    }
    return new java.math.BigDecimal(value)
        .round(new java.math.MathContext(6))
        .stripTrailingZeros()
        .toPlainString();
  }

  /** The words as a shell line, a word with a blank quoted. */
  private static String quoted(List<String> words) {
    return String.join(
        " ", words.stream().map(w -> w.contains(" ") ? "\"" + w + "\"" : w).toList());
  }

  private static ObjectNode json(Compare.Result r) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode seedsA = root.putArray("seeds");
    r.seedsA().forEach(seedsA::add);
    if (!r.paired()) {
      ArrayNode seedsB = root.putArray("seeds_b");
      r.seedsB().forEach(seedsB::add);
    }
    root.put("paired", r.paired());
    if (r.points() > 1) {
      root.put("points", r.points());
    }
    ArrayNode figures = root.putArray("figures");
    for (Compare.Figure f : r.figures()) {
      ObjectNode node = figures.addObject();
      node.put("name", f.name());
      node.put("a_mean", f.aMean());
      node.put("b_mean", f.bMean());
      number(node, "difference_percent", f.differencePercent());
      number(node, "ci_low_percent", f.ciLowPercent());
      number(node, "ci_high_percent", f.ciHighPercent());
      node.put("detectable", f.detectable());
    }
    root.put("verdict", r.verdict());
    return root;
  }

  private static void number(ObjectNode node, String name, double value) {
    if (Double.isFinite(value)) {
      node.put(name, value);
    } else {
      node.putNull(name);
    }
  }
}
