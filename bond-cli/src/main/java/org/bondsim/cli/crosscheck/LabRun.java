package org.bondsim.cli.crosscheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one boot of the user-mode Linux lab measured: each sender's {@code TCP_INFO} just before its
 * shutdown and its netperf-style throughput, both hosts' counters ({@code nstat -asz}), the sending
 * slaves' {@code tx_packets}, idle pings before the transfer and the guest CPU's load over it, and
 * why the run cannot be trusted, if it cannot.
 *
 * @param throughputMbps every stream's bytes over the time from its connect to the peer's close,
 *     summed (what netperf's TCP_STREAM reports), or NaN when a sender did not finish
 * @param senderInfo stream 0's {@code tcpi_*} fields
 * @param sender the sending host's counters by nstat name
 * @param receiver the receiving host's counters by nstat name
 * @param slaveTxPackets the sending slaves' {@code tx_packets}, in slave order
 * @param pingMs idle round trips before the transfer: min, median, max (empty when none answered)
 * @param timerLateUs how late 1 ms sleeps ended in the guest before the transfer: median and 90th
 *     percentile, in us (empty when not measured)
 * @param guestCpuBusyPercent the guest's one CPU over the transfer
 * @param linkEventSeconds when the guest carried out each of the scenario's link events, in seconds
 *     from sender 0's connect (as bondsim counts {@code --fail} and {@code --recover}), in the
 *     scenario's order; empty without events
 * @param problems why the run's figures cannot be trusted; empty when they can
 * @param dir where its files are
 */
public record LabRun(
    double throughputMbps,
    Map<String, Long> senderInfo,
    Map<String, Long> sender,
    Map<String, Long> receiver,
    List<Long> slaveTxPackets,
    double[] pingMs,
    double[] timerLateUs,
    double guestCpuBusyPercent,
    List<Double> linkEventSeconds,
    List<String> problems,
    Path dir) {

  /** Above this the guest's one CPU, not the links, may be what limits the transfer. */
  public static final double BUSY_LIMIT_PERCENT = 85;

  /**
   * Above this median lateness of a 1 ms sleep the guest's timers, on which tbf and netem release
   * frames, fire late enough to shape the links themselves: about three times what a guest under
   * SCHED_FIFO shows (180 us measured here, of which 50 us is the sleeping task's timer slack).
   */
  public static final double TIMER_LATE_LIMIT_US = 500;

  /**
   * A link event further than this from its time is not the scenario asked for: a tenth of a
   * second, far more than a late timer in the guest accounts for (a few tenths of a millisecond),
   * less than the 0.2 s a fork and exec cost it.
   */
  public static final double LINK_EVENT_LIMIT_S = 0.1;

  private static final Pattern PING = Pattern.compile("time=([0-9.]+) ms");

  /**
   * Reads a run's directory.
   *
   * @param dir the run's files
   * @param scenario what it ran
   * @return the run
   * @throws IOException when a file cannot be read
   */
  static LabRun read(Path dir, LabScenario scenario) throws IOException {
    List<String> problems = new ArrayList<>();
    double throughput = 0;
    Map<String, Long> info = Map.of();
    for (int k = 0; k < scenario.streams(); k++) {
      Map<String, String> sent = keyValues(dir.resolve("send" + k + ".txt"));
      if (!sent.containsKey("mbps")) {
        problems.add(
            "sender "
                + k
                + " did not finish"
                + (sent.containsKey("error") ? " (" + sent.get("error") + ")" : "")
                + "; see "
                + dir.resolve("guest.log"));
        throughput = Double.NaN;
        continue;
      }
      throughput += Double.parseDouble(sent.get("mbps"));
      if (k == 0) {
        info = tcpInfo(sent);
      }
    }
    for (String line : lines(dir.resolve("guest.log"))) {
      if (line.startsWith("failed:")) {
        problems.add("the guest's set-up " + line);
      }
    }
    List<Double> eventSeconds = linkEvents(lines(dir.resolve("events.txt")));
    problems.addAll(eventProblems(scenario.events(), eventSeconds));
    double[] ping = ping(dir.resolve("ping.txt"));
    double busy = busyPercent(dir.resolve("cpu.txt")).orElse(Double.NaN);
    if (busy > BUSY_LIMIT_PERCENT) {
      problems.add(
          String.format(
              java.util.Locale.ROOT,
              "the guest's one CPU was %.0f %% busy: it, not the links, may have set the pace",
              busy));
    }
    Map<String, String> timerValues = keyValues(dir.resolve("timers.txt"));
    double[] timers = new double[0];
    if (timerValues.containsKey("timer_late_median_us")) {
      timers =
          new double[] {
            Double.parseDouble(timerValues.get("timer_late_median_us")),
            Double.parseDouble(timerValues.getOrDefault("timer_late_p90_us", "NaN"))
          };
      if (timers[0] > TIMER_LATE_LIMIT_US) {
        problems.add(
            String.format(
                java.util.Locale.ROOT,
                "the guest's 1 ms sleeps ended %.0f us late (median; p90 %.0f us): its timers, and"
                    + " the qdiscs on them, fire late",
                timers[0],
                timers[1]));
      }
    }
    return new LabRun(
        throughput,
        info,
        nstat(dir.resolve("nstat-snd.txt")),
        nstat(dir.resolve("nstat-rcv.txt")),
        slaveTx(dir.resolve("links-snd.txt"), scenario.slaves().size()),
        ping,
        timers,
        busy,
        eventSeconds,
        List.copyOf(problems),
        dir);
  }

  /**
   * When {@code stream events} handed each link event to {@code ip}: its {@code event_ms=} lines,
   * milliseconds from sender 0's connect, as seconds.
   */
  static List<Double> linkEvents(List<String> eventLines) {
    List<Double> seconds = new ArrayList<>();
    for (String line : eventLines) {
      if (line.startsWith("event_ms=")) {
        seconds.add(Long.parseLong(line.substring("event_ms=".length()).trim()) / 1000.0);
      }
    }
    return List.copyOf(seconds);
  }

  private static List<String> eventProblems(
      List<LabScenario.LabEvent> asked, List<Double> carriedOut) {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < asked.size(); i++) {
      LabScenario.LabEvent event = asked.get(i);
      String what =
          String.format(
              java.util.Locale.ROOT,
              "eth%d %s at %s s",
              event.slave(),
              event.up() ? "up" : "down",
              trim(event.atSeconds()));
      if (i >= carriedOut.size()) {
        problems.add("the guest did not carry out the link event " + what);
      } else if (Math.abs(carriedOut.get(i) - event.atSeconds()) > LINK_EVENT_LIMIT_S) {
        problems.add(
            String.format(
                java.util.Locale.ROOT,
                "the link event %s came at %.3f s: the run is not the scenario asked for",
                what,
                carriedOut.get(i)));
      }
    }
    return problems;
  }

  private static String trim(double seconds) {
    return seconds == Math.rint(seconds)
        ? Long.toString((long) seconds)
        : java.math.BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
  }

  /** Whether the run's figures can be used. */
  public boolean trusted() {
    return problems.isEmpty();
  }

  private static List<String> lines(Path file) throws IOException {
    return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
  }

  private static Map<String, String> keyValues(Path file) throws IOException {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : lines(file)) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        values.put(line.substring(0, eq), line.substring(eq + 1).trim());
      }
    }
    return values;
  }

  private static Map<String, Long> tcpInfo(Map<String, String> sent) {
    Map<String, Long> info = new LinkedHashMap<>();
    sent.forEach(
        (key, value) -> {
          if (key.startsWith("tcpi_")) {
            info.put(key, Long.parseLong(value));
          }
        });
    return info;
  }

  /** {@code nstat -asz}: a {@code #kernel} line, then name, value and rate per line. */
  static Map<String, Long> nstat(Path file) throws IOException {
    Map<String, Long> counters = new LinkedHashMap<>();
    for (String line : lines(file)) {
      String[] words = line.trim().split("\\s+");
      if (words.length >= 2 && !words[0].startsWith("#") && words[1].matches("[0-9]+")) {
        counters.put(words[0], Long.parseLong(words[1]));
      }
    }
    return counters;
  }

  /** Each reply's {@code time=} as ping prints it: min, median and max. */
  static double[] ping(Path file) throws IOException {
    List<Double> times = new ArrayList<>();
    for (String line : lines(file)) {
      Matcher m = PING.matcher(line);
      if (m.find()) {
        times.add(Double.parseDouble(m.group(1)));
      }
    }
    if (times.isEmpty()) {
      return new double[0];
    }
    double[] sorted = times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return new double[] {sorted[0], Comparison.median(sorted), sorted[sorted.length - 1]};
  }

  /** Two {@code /proc/stat} cpu lines: busy is all but idle and iowait. */
  static OptionalDouble busyPercent(Path file) throws IOException {
    List<String> lines = lines(file);
    if (lines.size() < 2) {
      return OptionalDouble.empty();
    }
    long[] before = cpuTimes(lines.get(0));
    long[] after = cpuTimes(lines.get(1));
    long total = 0;
    long idle = 0;
    for (int i = 0; i < Math.min(before.length, after.length); i++) {
      long delta = after[i] - before[i];
      total += delta;
      if (i == 3 || i == 4) {
        idle += delta;
      }
    }
    return total > 0 ? OptionalDouble.of(100.0 * (total - idle) / total) : OptionalDouble.empty();
  }

  private static long[] cpuTimes(String line) {
    String[] words = line.trim().split("\\s+");
    long[] times = new long[words.length - 1];
    for (int i = 1; i < words.length; i++) {
      times[i - 1] = Long.parseLong(words[i]);
    }
    return times;
  }

  /** {@code ip -s link}: each device's header line, then RX and TX lines with their figures. */
  static List<Long> slaveTx(Path file, int slaves) throws IOException {
    Map<Integer, Long> tx = new LinkedHashMap<>();
    List<String> lines = lines(file);
    int device = -1;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      Matcher header = Pattern.compile("^[0-9]+: s([0-9]+)@").matcher(line);
      if (header.find()) {
        device = Integer.parseInt(header.group(1));
      } else if (line.matches("^[0-9]+: .*")) {
        device = -1;
      } else if (device >= 0 && line.trim().startsWith("TX:") && i + 1 < lines.size()) {
        String[] words = lines.get(i + 1).trim().split("\\s+");
        tx.put(device, Long.parseLong(words[1]));
      }
    }
    List<Long> packets = new ArrayList<>();
    for (int i = 0; i < slaves; i++) {
      packets.add(tx.getOrDefault(i, -1L));
    }
    return packets;
  }
}
