package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * A run sampled every interval of its measured time ({@code --series}): one row per interval, the
 * rates over that interval and the TCP state at its end. The runner fills it between slices of the
 * event loop, so sampling adds no event and changes nothing in the run.
 *
 * <p>Columns: {@code time_s} (end of the interval, from the test's start), {@code goodput_mbps}
 * (payload the receiving application read, Mbit/s), {@code <slave>_tx_bytes} per sending slave
 * ({@code skb->len}, as {@code ip -s link}), {@code cwnd}, {@code ssthresh}, {@code in_flight} (the
 * first connection at the interval's end; empty for UDP or an infinite ssthresh), {@code
 * retransmissions} and {@code sack_reorder} (the sender's {@code tcpi_total_retrans} and {@code
 * TcpExtTCPSACKReorder} during the interval), {@code reordered_at_tcp} (segments TCP received out
 * of order during the interval, RFC 4737), {@code receiver_cpu_percent} (the receiving host's CPUs,
 * averaged; empty without a CPU model), then the first connection's {@code srtt_ms} ({@code
 * tcpi_rtt}), {@code reordering} ({@code tcpi_reordering}) and {@code ca_state} ({@code
 * tcpi_ca_state}'s name: open, disorder, cwr, recovery, loss) at the interval's end, and {@code
 * dsacks} (what {@code tcpi_dsack_dups} grew by during the interval; empty on a kernel without the
 * field): the columns {@code bondsim crosscheck --series-dir} writes for the real kernel.
 */
public final class TimeSeries {
  /**
   * Where a streamed series goes as it is sampled: nothing is kept, so a long run at a short
   * interval takes no more memory than a short one.
   */
  public interface Sink {
    /**
     * The columns, once, before the first row.
     *
     * @param columns their names
     */
    void header(List<String> columns);

    /**
     * One interval's row, in the columns' order; an unknown value is an empty string.
     *
     * @param row the fields
     */
    void row(String[] row);
  }

  private final long intervalNs;
  private final Sink sink;
  private final List<String> columns = new ArrayList<>();
  private final List<String[]> rows = new ArrayList<>();
  private int size;

  /**
   * A series kept in memory, read with {@link #csv()} and {@link #column(String)}.
   *
   * @param intervalNs the sampling interval
   */
  public TimeSeries(long intervalNs) {
    this(intervalNs, null);
  }

  /**
   * A series streamed to {@code sink} row by row and not kept (null: kept).
   *
   * @param intervalNs the sampling interval
   * @param sink where each row goes
   */
  public TimeSeries(long intervalNs, Sink sink) {
    if (intervalNs <= 0) {
      throw new IllegalArgumentException("the series interval must be > 0 ns, got " + intervalNs);
    }
    this.intervalNs = intervalNs;
    this.sink = sink;
  }

  /** The sampling interval. */
  public long intervalNs() {
    return intervalNs;
  }

  void columns(List<String> names) {
    columns.clear();
    columns.addAll(names);
    if (sink != null) {
      sink.header(List.copyOf(names));
    }
  }

  void add(String[] row) {
    size++;
    if (sink != null) {
      sink.row(row);
    } else {
      rows.add(row);
    }
  }

  private void kept() {
    if (sink != null) {
      throw new IllegalStateException("a streamed series keeps no rows");
    }
  }

  /**
   * Returns the series as CSV: a header line, then one line per interval; an unknown value is an
   * empty field.
   *
   * @return the text
   */
  public String csv() {
    kept();
    StringBuilder out = new StringBuilder(String.join(",", columns)).append('\n');
    for (String[] row : rows) {
      out.append(String.join(",", row)).append('\n');
    }
    return out.toString();
  }

  /** Rows so far. */
  public int size() {
    return size;
  }

  /**
   * Returns one column of every row.
   *
   * @param name the column's name
   * @return its fields in row order, empty strings where unknown
   */
  public List<String> column(String name) {
    kept();
    int index = columns.indexOf(name);
    if (index < 0) {
      throw new IllegalArgumentException("no column " + name + " in " + columns);
    }
    List<String> values = new ArrayList<>();
    for (String[] row : rows) {
      values.add(row[index]);
    }
    return values;
  }
}
