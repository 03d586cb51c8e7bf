package org.bondsim.cli.crosscheck;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.bondsim.core.scenario.RunReport;
import org.bondsim.netperf.NetperfResult;
import org.bondsim.netperf.TestResult;

/**
 * bondsim's runs beside the real kernel's, figure by figure: each side's median and range, and
 * whether they agree by the cross-check's rule ({@link Row#agrees}). The judged figures are the
 * sender's view of what balance-rr's reordering does to TCP; the others are shown to explain them.
 */
public final class Comparison {
  /**
   * Each side of the real kernel's range is widened by this much before bondsim's median is read.
   */
  public static final double WIDENING = 0.30;

  /** Throughput agrees within this fraction of the real kernel's median. */
  public static final double THROUGHPUT_TOLERANCE = 0.02;

  /** A counter both systems keep at or below this agrees, whatever the ratio. */
  public static final long SMALL_COUNT = 3;

  /**
   * One figure.
   *
   * @param name as nstat, {@code ss -ti} or netperf names it
   * @param judged whether agreement is required of it
   * @param bondsim bondsim's values, one per seed
   * @param linux the real kernel's values, one per trusted run
   */
  public record Row(String name, boolean judged, double[] bondsim, double[] linux) {
    /**
     * Whether bondsim's median lies within the real kernel's range widened by {@link #WIDENING} on
     * each side (throughput: within {@link #THROUGHPUT_TOLERANCE} of its median); a counter both
     * keep at 0 to {@link #SMALL_COUNT} agrees.
     *
     * @return true when it agrees; false also when a side has no value
     */
    public boolean agrees() {
      if (bondsim.length == 0 || linux.length == 0) {
        return false;
      }
      double b = median(bondsim);
      if (name.equals(THROUGHPUT)) {
        double l = median(linux);
        return Math.abs(b - l) <= THROUGHPUT_TOLERANCE * l;
      }
      double lo = min(linux);
      double hi = max(linux);
      if (isCounter() && b <= SMALL_COUNT && hi <= SMALL_COUNT) {
        return true;
      }
      return b >= lo * (1 - WIDENING) && b <= hi * (1 + WIDENING);
    }

    private boolean isCounter() {
      return name.startsWith("Tcp");
    }
  }

  /** The throughput's row name. */
  public static final String THROUGHPUT = "Mbit/s";

  private static final List<String> JUDGED_COUNTERS =
      List.of(
          "TcpRetransSegs",
          "TcpExtTCPSACKReorder",
          "TcpExtTCPSackRecovery",
          "TcpExtTCPDSACKRecv",
          "TcpExtTCPDSACKUndo",
          "TcpExtPAWSEstab");

  private static final List<String> SHOWN_COUNTERS =
      List.of(
          "TcpExtTCPTSReorder",
          "TcpExtTCPFullUndo",
          "TcpExtTCPPartialUndo",
          "TcpExtTCPLossUndo",
          "TcpExtTCPDSACKIgnoredOld",
          "TcpExtTCPDSACKIgnoredNoUndo",
          "TcpExtTCPTimeouts",
          "TcpExtTCPLossProbes",
          "TcpExtTCPACKSkippedPAWS",
          "TcpInSegs",
          // Where slow start ended (the window, summed over exits), which sets how deep the
          // slaves' queues start and how many needless retransmissions come early.
          "TcpExtTCPHystartTrainCwnd",
          "TcpExtTCPHystartDelayCwnd");

  // The receiver's side of the same story: how much arrived out of order, and which duplicates it
  // reported (a retransmission that arrives after its original is an "old" DSACK) or discarded by
  // PAWS (data whose timestamp is older than one that already moved ts_recent); then how many of
  // its ACKs SACK compression held back (__tcp_ack_snd_check) out of the segments it sent.
  private static final List<String> RECEIVER_COUNTERS =
      List.of(
          "TcpExtTCPOFOQueue",
          "TcpExtTCPDSACKOldSent",
          "TcpExtTCPDSACKOfoSent",
          "TcpExtPAWSEstab",
          "TcpExtTCPAckCompressed",
          "TcpOutSegs");

  private Comparison() {}

  /**
   * Builds the rows.
   *
   * @param bondsim bondsim's reports, one per seed
   * @param linux the real kernel's trusted runs
   * @return the rows: throughput, the judged counters, reordering, cwnd and srtt, then the rest
   */
  public static List<Row> rows(List<RunReport> bondsim, List<LabRun> linux) {
    List<Row> rows = new ArrayList<>();
    rows.add(
        row(THROUGHPUT, true, bondsim, RunReport::throughputMbps, linux, LabRun::throughputMbps));
    for (String counter : JUDGED_COUNTERS) {
      rows.add(counterRow(counter, true, bondsim, linux));
    }
    rows.add(
        row(
            "reordering",
            true,
            bondsim,
            r -> connection(r).reordering(),
            linux,
            l -> info(l, "tcpi_reordering")));
    rows.add(
        row(
            "cwnd",
            true,
            bondsim,
            r -> connection(r).cwnd(),
            linux,
            l -> info(l, "tcpi_snd_cwnd")));
    rows.add(
        row(
            "srtt ms",
            true,
            bondsim,
            r -> connection(r).srttUs() / 1000,
            linux,
            l -> info(l, "tcpi_rtt") / 1000));
    for (String counter : SHOWN_COUNTERS) {
      rows.add(counterRow(counter, false, bondsim, linux));
    }
    for (String counter : RECEIVER_COUNTERS) {
      rows.add(receiverRow(counter, bondsim, linux));
    }
    int slaves = bondsim.isEmpty() ? 0 : bondsim.get(0).slaves().size();
    for (int i = 0; i < slaves; i++) {
      int slave = i;
      rows.add(
          row(
              "eth" + i + " tx_packets",
              false,
              bondsim,
              r -> r.slaves().get(slave).txPackets(),
              linux,
              l -> l.slaveTxPackets().get(slave)));
    }
    return rows;
  }

  private static Row receiverRow(String counter, List<RunReport> bondsim, List<LabRun> linux) {
    return row(
        "receiver " + counter,
        false,
        bondsim,
        r -> count(r, "remote", counter),
        linux,
        l -> l.receiver().getOrDefault(counter, 0L));
  }

  private static Row counterRow(
      String counter, boolean judged, List<RunReport> bondsim, List<LabRun> linux) {
    return row(
        counter,
        judged,
        bondsim,
        r -> count(r, "local", counter),
        linux,
        l -> l.sender().getOrDefault(counter, 0L));
  }

  private static Row row(
      String name,
      boolean judged,
      List<RunReport> bondsim,
      ToDoubleFunction<RunReport> fromBondsim,
      List<LabRun> linux,
      ToDoubleFunction<LabRun> fromLinux) {
    return new Row(
        name,
        judged,
        bondsim.stream().mapToDouble(fromBondsim).toArray(),
        linux.stream().mapToDouble(fromLinux).toArray());
  }

  private static double count(RunReport report, String host, String counter) {
    Map<String, Long> counters = report.result().allCounters().get(host);
    return counters == null ? 0 : counters.getOrDefault(counter, 0L);
  }

  private static TestResult.TcpInfo connection(RunReport report) {
    if (NetperfResult.typed(report.result()) instanceof TestResult.TcpStream stream) {
      return stream.connection();
    }
    throw new IllegalStateException("crosscheck compares TCP_STREAM runs only");
  }

  private static double info(LabRun run, String field) {
    Long value = run.senderInfo().get(field);
    return value == null ? Double.NaN : value;
  }

  /**
   * The median (the mean of the middle two for an even count).
   *
   * @param values at least one
   * @return the median
   */
  public static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  static double min(double[] values) {
    return Arrays.stream(values).min().orElse(Double.NaN);
  }

  static double max(double[] values) {
    return Arrays.stream(values).max().orElse(Double.NaN);
  }
}
