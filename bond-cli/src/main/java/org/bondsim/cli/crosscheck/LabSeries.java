package org.bondsim.cli.crosscheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The real kernel's side of {@code bondsim crosscheck --series-dir}: the {@code TCP_INFO} samples
 * stream 0's sender took between its writes ({@code sample=} lines of {@code send0.txt}: seconds
 * since connect, cwnd, ssthresh, packets in flight, {@code tcpi_total_retrans}, {@code tcpi_rtt},
 * {@code tcpi_reordering}, {@code tcpi_dsack_dups}, {@code tcpi_ca_state}) as a CSV whose columns
 * are named as bondsim's {@code --series} names the same fields. The counters become what each
 * interval added, as bondsim's are.
 */
public final class LabSeries {
  /** The CSV's header. */
  public static final String HEADER =
      "time_s,cwnd,ssthresh,in_flight,retransmissions,srtt_ms,reordering,dsacks,ca_state";

  private static final String[] CA_STATES = {"open", "disorder", "cwr", "recovery", "loss"};

  private LabSeries() {}

  /**
   * Writes a run's samples as CSV.
   *
   * @param run the boot (its {@code send0.txt})
   * @param csv the file to write
   * @return how many samples it held
   * @throws IOException when either file fails
   */
  public static int write(LabRun run, Path csv) throws IOException {
    List<String> out = new ArrayList<>();
    out.add(HEADER);
    long retransBefore = 0;
    long dsacksBefore = 0;
    for (String line : Files.readAllLines(run.dir().resolve("send0.txt"), StandardCharsets.UTF_8)) {
      if (!line.startsWith("sample=")) {
        continue;
      }
      String[] f = line.substring("sample=".length()).trim().split(",");
      if (f.length != 9) {
        throw new IOException("a sample of " + f.length + " fields, 9 expected: " + line);
      }
      long retrans = Long.parseLong(f[4]);
      long dsacks = Long.parseLong(f[7]);
      int state = Integer.parseInt(f[8]);
      out.add(
          String.format(
              Locale.ROOT,
              "%s,%s,%s,%s,%d,%.3f,%s,%d,%s",
              f[0],
              f[1],
              f[2],
              f[3],
              retrans - retransBefore,
              Long.parseLong(f[5]) / 1000.0,
              f[6],
              dsacks - dsacksBefore,
              state >= 0 && state < CA_STATES.length ? CA_STATES[state] : f[8]));
      retransBefore = retrans;
      dsacksBefore = dsacks;
    }
    Files.write(csv, out, StandardCharsets.UTF_8);
    return out.size() - 1;
  }
}
