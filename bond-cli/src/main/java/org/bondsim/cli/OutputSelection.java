package org.bondsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.netperf.CpuColumns;
import org.bondsim.netperf.NetperfResult;
import org.bondsim.netperf.TestResult;

/**
 * netperf's omni output selectors after {@code --}: {@code -o} (CSV: a header line and a value
 * line), {@code -O} (human columns) and {@code -k} ({@code NAME=value} lines), each with a list
 * ({@code THROUGHPUT,LOCAL_CPU_UTIL}, or {@code ;} between output lines) or a file of selectors
 * ({@code parse_output_selection}). Names, header words and value formats are netperf's ({@code
 * omni_init_output_table} in nettest_omni.c); without a list the test's default set is printed
 * ({@code set_output_list_by_test}). Differences: netperf ignores an unknown selector in silence,
 * bondsim refuses it by name, and also a selector the model has no value for in this test (netperf
 * prints a placeholder); the human layout is one header block over one value line.
 *
 * @param mode how the selection prints
 * @param names the selectors in order
 */
record OutputSelection(Mode mode, List<String> names) {
  /** The three omni output modes. */
  enum Mode {
    CSV("-o"),
    HUMAN("-O"),
    KEYVAL("-k");

    final String flag;

    Mode(String flag) {
      this.flag = flag;
    }
  }

  /** What a selector reads: the run, its CPU columns and the chosen throughput units. */
  record Values(RunReport report, CpuColumns cpu, ThroughputUnits units) {
    TestResult figures() {
      return NetperfResult.typed(report.result());
    }

    boolean rr() {
      return figures() instanceof TestResult.TcpRr;
    }

    long counter(String host, String name) {
      return report.result().counters().getOrDefault(host, Map.of()).getOrDefault(name, 0L);
    }
  }

  /** One selector: netperf's up to four header words, where it applies and its formatted value. */
  private record Selector(
      String[] header, Predicate<String> applies, Function<Values, String> value) {}

  // Which tests (-t) a selector has a value in.
  private static final Predicate<String> ANY = t -> true;
  private static final Predicate<String> RR = t -> t.equals("TCP_RR");
  private static final Predicate<String> STREAM =
      t -> t.equals("TCP_STREAM") || t.equals("UDP_STREAM");
  private static final Predicate<String> TCP = t -> t.equals("TCP_STREAM") || t.equals("TCP_RR");
  private static final Predicate<String> BUILT_IN = t -> STREAM.test(t) || RR.test(t);

  private static final Map<String, Selector> SELECTORS = selectors();

  private static Map<String, Selector> selectors() {
    Map<String, Selector> s = new LinkedHashMap<>();
    s.put(
        "THROUGHPUT",
        new Selector(
            h("Throughput"),
            ANY,
            v ->
                f2(
                    v.figures() instanceof TestResult.TcpRr rr
                        ? rr.transactionsPerSecond()
                        : v.units().fromMegabits(v.report().throughputMbps()))));
    s.put(
        "THROUGHPUT_UNITS",
        new Selector(
            h("Throughput", "Units"),
            ANY,
            v -> (v.rr() ? "Trans" : CpuColumns.units(v.units().label())) + "/s"));
    s.put(
        "ELAPSED_TIME",
        new Selector(h("Elapsed", "Time", "(sec)"), ANY, v -> f2(v.report().elapsedSeconds())));
    s.put(
        "LOCAL_CPU_UTIL",
        new Selector(h("Local", "CPU", "Util", "%"), ANY, v -> f2(v.cpu().localPercent())));
    s.put(
        "REMOTE_CPU_UTIL",
        new Selector(h("Remote", "CPU", "Util", "%"), ANY, v -> f2(v.cpu().remotePercent())));
    s.put(
        "LOCAL_CPU_METHOD",
        new Selector(
            h("Local", "CPU", "Util", "Method"), ANY, v -> String.valueOf(v.cpu().method())));
    s.put(
        "REMOTE_CPU_METHOD",
        new Selector(
            h("Remote", "CPU", "Util", "Method"), ANY, v -> String.valueOf(v.cpu().method())));
    s.put(
        "LOCAL_SD",
        new Selector(h("Local", "Service", "Demand"), ANY, v -> f3(v.cpu().localServiceDemand())));
    s.put(
        "REMOTE_SD",
        new Selector(
            h("Remote", "Service", "Demand"), ANY, v -> f3(v.cpu().remoteServiceDemand())));
    s.put(
        "SD_UNITS",
        new Selector(h("Service", "Demand", "Units"), ANY, v -> v.rr() ? "usec/Tran" : "usec/KB"));
    s.put(
        "TRANSACTION_RATE",
        new Selector(
            h("Transaction", "Rate", "Tran/s"),
            RR,
            v -> f3(((TestResult.TcpRr) v.figures()).transactionsPerSecond())));
    s.put("MEAN_LATENCY", latency(h("Mean", "Latency", "Microseconds"), l -> f2(l.meanUs())));
    s.put(
        "P50_LATENCY",
        latency(h("50th", "Percentile", "Latency", "Microseconds"), l -> d(l.p50Us())));
    s.put(
        "P90_LATENCY",
        latency(h("90th", "Percentile", "Latency", "Microseconds"), l -> d(l.p90Us())));
    s.put(
        "P99_LATENCY",
        latency(h("99th", "Percentile", "Latency", "Microseconds"), l -> d(l.p99Us())));
    // nettest_omni.c's set_output_elt: "%d" for the extremes, "%.2f" for the spread.
    s.put("MIN_LATENCY", latency(h("Minimum", "Latency", "Microseconds"), l -> d(l.minUs())));
    s.put("MAX_LATENCY", latency(h("Maximum", "Latency", "Microseconds"), l -> d(l.maxUs())));
    s.put("STDDEV_LATENCY", latency(h("Stddev", "Latency", "Microseconds"), l -> f2(l.stddevUs())));
    s.put(
        "LOCAL_SEND_SIZE",
        new Selector(h("Local", "Send", "Size"), BUILT_IN, v -> d(sendSize(v.figures()))));
    s.put(
        "LOCAL_RECV_SIZE",
        new Selector(
            h("Local", "Recv", "Size"),
            RR,
            v -> d(((TestResult.TcpRr) v.figures()).responseSize())));
    s.put(
        "REMOTE_SEND_SIZE",
        new Selector(
            h("Remote", "Send", "Size"),
            RR,
            v -> d(((TestResult.TcpRr) v.figures()).responseSize())));
    s.put(
        "REMOTE_RECV_SIZE",
        new Selector(
            h("Remote", "Recv", "Size"),
            RR,
            v -> d(((TestResult.TcpRr) v.figures()).requestSize())));
    s.put(
        "REQUEST_SIZE",
        new Selector(
            h("Request", "Size", "Bytes"),
            RR,
            v -> d(((TestResult.TcpRr) v.figures()).requestSize())));
    s.put(
        "RESPONSE_SIZE",
        new Selector(
            h("Response", "Size", "Bytes"),
            RR,
            v -> d(((TestResult.TcpRr) v.figures()).responseSize())));
    s.put(
        "LSS_SIZE_END",
        new Selector(
            h("Local", "Send Socket", "Size", "Final"),
            STREAM,
            v ->
                d(
                    v.figures() instanceof TestResult.TcpStream t
                        ? t.sendSocketSize()
                        : ((TestResult.UdpStream) v.figures()).sendSocketSize())));
    s.put(
        "RSR_SIZE_END",
        new Selector(
            h("Remote", "Recv Socket", "Size", "Final"),
            STREAM,
            v ->
                d(
                    v.figures() instanceof TestResult.TcpStream t
                        ? t.recvSocketSize()
                        : ((TestResult.UdpStream) v.figures()).recvSocketSize())));
    s.put(
        "LOCAL_TRANSPORT_RETRANS",
        new Selector(
            h("Local", "Transport", "Retransmissions"),
            TCP,
            v -> d(v.counter("local", "TcpRetransSegs"))));
    s.put(
        "REMOTE_TRANSPORT_RETRANS",
        new Selector(
            h("Remote", "Transport", "Retransmissions"),
            TCP,
            v -> d(v.counter("remote", "TcpRetransSegs"))));
    s.put(
        "PROTOCOL",
        new Selector(
            h("Protocol"), ANY, v -> v.figures() instanceof TestResult.UdpStream ? "UDP" : "TCP"));
    s.put("DIRECTION", new Selector(h("Direction"), ANY, v -> v.rr() ? "Send|Recv" : "Send"));
    return s;
  }

  private static Selector latency(String[] header, Function<TestResult.Latency, String> value) {
    // A run without a completed transaction has no latency: refused, never printed as a number.
    return new Selector(
        header,
        RR,
        v ->
            ((TestResult.TcpRr) v.figures())
                .latency()
                .map(value)
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "-- "
                                + String.join(" ", header)
                                + ": unknown, no transaction completed")));
  }

  private static int sendSize(TestResult figures) {
    if (figures instanceof TestResult.TcpRr rr) {
      return rr.requestSize();
    }
    if (figures instanceof TestResult.TcpStream t) {
      return t.messageSize();
    }
    return ((TestResult.UdpStream) figures).messageSize();
  }

  private static String[] h(String... words) {
    return words;
  }

  private static String f2(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }

  private static String f3(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  private static String d(long value) {
    return Long.toString(value);
  }

  /**
   * Takes {@code -o}, {@code -O} and {@code -k} with their selections out of the test options
   * (netperf reads the next word as the selection unless it starts with '-'; the last flag wins).
   *
   * @param testOptions the words after {@code --}; the selector flags are removed
   * @return the selection, or null when none was asked for
   */
  static OutputSelection extract(List<String> testOptions) {
    Mode mode = null;
    String spec = null;
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < testOptions.size(); i++) {
      String word = testOptions.get(i);
      Mode found = null;
      for (Mode m : Mode.values()) {
        if (word.equals(m.flag)) {
          found = m;
        }
      }
      if (found == null) {
        rest.add(word);
        continue;
      }
      mode = found;
      spec = null;
      if (i + 1 < testOptions.size() && !testOptions.get(i + 1).startsWith("-")) {
        spec = testOptions.get(++i);
      }
    }
    testOptions.clear();
    testOptions.addAll(rest);
    if (mode == null) {
      return null;
    }
    return new OutputSelection(mode, spec == null ? List.of() : names(mode, spec));
  }

  /** A list when it has a separator or is one selector's name, else a file of selectors. */
  private static List<String> names(Mode mode, String spec) {
    String text = spec;
    boolean list =
        spec.contains(",")
            || spec.contains(";")
            || SELECTORS.containsKey(spec.toUpperCase(Locale.ROOT));
    if (!list && Files.isRegularFile(Path.of(spec))) {
      try {
        text = Files.readString(Path.of(spec), StandardCharsets.UTF_8);
      } catch (IOException | RuntimeException e) {
        throw new IllegalArgumentException(
            "-- " + mode.flag + " '" + spec + "' cannot be read as a file of output selectors");
      }
    }
    List<String> names = new ArrayList<>();
    for (String word : text.split("[,;\\s]+")) {
      if (word.isEmpty()) {
        continue;
      }
      String name = word.toUpperCase(Locale.ROOT);
      if (!SELECTORS.containsKey(name)) {
        throw new IllegalArgumentException(
            "-- "
                + mode.flag
                + " output selector '"
                + word
                + "' is not one bondsim reports; allowed: "
                + String.join(", ", SELECTORS.keySet()));
      }
      names.add(name);
    }
    return names;
  }

  /**
   * Refuses, before the run, a selector the test has no value for.
   *
   * @param test {@code -t}'s test
   */
  void check(String test) {
    for (String name : names) {
      if (!SELECTORS.get(name).applies().test(test)) {
        throw new IllegalArgumentException(
            "-- "
                + mode.flag
                + " output selector "
                + name
                + " has no value in "
                + test
                + " as bondsim models it; allowed for "
                + test
                + ": "
                + String.join(
                    ", ",
                    SELECTORS.entrySet().stream()
                        .filter(e -> e.getValue().applies().test(test))
                        .map(Map.Entry::getKey)
                        .toList()));
      }
    }
  }

  /** The chosen selectors, or netperf's default set for the test. */
  private List<String> resolved(Values values) {
    List<String> chosen = names;
    if (chosen.isEmpty()) {
      boolean cpu =
          values.cpu().localPercent() != CpuColumns.NOT_MEASURED
              || values.cpu().remotePercent() != CpuColumns.NOT_MEASURED;
      List<String> defaults = new ArrayList<>();
      defaults.addAll(
          values.rr()
              ? List.of("REQUEST_SIZE", "RESPONSE_SIZE")
              : List.of("LSS_SIZE_END", "RSR_SIZE_END", "LOCAL_SEND_SIZE"));
      defaults.addAll(List.of("ELAPSED_TIME", "THROUGHPUT", "THROUGHPUT_UNITS"));
      if (cpu) {
        defaults.addAll(
            List.of(
                "LOCAL_CPU_UTIL",
                "LOCAL_CPU_METHOD",
                "REMOTE_CPU_UTIL",
                "REMOTE_CPU_METHOD",
                "LOCAL_SD",
                "REMOTE_SD",
                "SD_UNITS"));
      }
      chosen = defaults;
    }
    return chosen;
  }

  /**
   * Prints the selection as netperf's print_omni_keyword, print_omni_csv or print_omni_human do.
   *
   * @param values the run's values
   * @param headers {@code -P 1}: the CSV and human header lines
   * @return the lines, each ending with a newline
   */
  String render(Values values, boolean headers) {
    List<String> chosen = resolved(values);
    List<String> cells = new ArrayList<>();
    for (String name : chosen) {
      cells.add(SELECTORS.get(name).value().apply(values));
    }
    StringBuilder out = new StringBuilder();
    switch (mode) {
      case KEYVAL -> {
        for (int i = 0; i < chosen.size(); i++) {
          out.append(chosen.get(i)).append('=').append(cells.get(i)).append('\n');
        }
      }
      case CSV -> {
        if (headers) {
          List<String> titles = new ArrayList<>();
          for (String name : chosen) {
            titles.add(String.join(" ", SELECTORS.get(name).header()));
          }
          out.append(String.join(",", titles)).append('\n');
        }
        out.append(String.join(",", cells)).append('\n');
      }
      case HUMAN -> human(out, chosen, cells, headers);
    }
    return out.toString();
  }

  /** Columns as wide as their longest header word or value, one space apart, left-aligned. */
  private static void human(
      StringBuilder out, List<String> chosen, List<String> cells, boolean headers) {
    int[] widths = new int[chosen.size()];
    for (int i = 0; i < chosen.size(); i++) {
      widths[i] = cells.get(i).length();
      for (String word : SELECTORS.get(chosen.get(i)).header()) {
        widths[i] = Math.max(widths[i], word.length());
      }
    }
    if (headers) {
      for (int line = 0; line < 4; line++) {
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < chosen.size(); i++) {
          String[] header = SELECTORS.get(chosen.get(i)).header();
          String word = line < header.length ? header[line] : "";
          row.append(String.format(Locale.ROOT, "%-" + widths[i] + "s ", word));
        }
        String text = row.toString().stripTrailing();
        if (!text.isEmpty()) {
          out.append(text).append('\n');
        }
      }
    }
    StringBuilder row = new StringBuilder();
    for (int i = 0; i < chosen.size(); i++) {
      row.append(String.format(Locale.ROOT, "%-" + widths[i] + "s ", cells.get(i)));
    }
    out.append(row.toString().stripTrailing()).append('\n');
  }
}
