package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import org.bondsim.api.workload.Workload;
import org.bondsim.api.workload.WorkloadSample;
import org.bondsim.core.bond.BondDevice;
import org.bondsim.core.bond.SlaveDevice;
import org.bondsim.core.host.HostCpu;
import org.bondsim.core.host.SimHost;

/** Reads a run's state at the end of each interval into a {@link TimeSeries}. */
final class SeriesSampler {
  private final TimeSeries series;
  private final Workload workload;
  private final BondDevice sender;
  private final SimHost receiver;
  private final List<HostCpu> receiverCpus;
  private final boolean cpuModelled;
  private final long startNs;
  private long lastNs;
  private long lastPayload;
  private long lastRetrans;
  private long lastReorders;
  private long lastReordered;
  private long lastBusy;
  private final long[] lastTx;

  SeriesSampler(
      TimeSeries series,
      Workload workload,
      BondDevice sender,
      SimHost receiver,
      List<HostCpu> receiverCpus,
      long startNs,
      boolean cpuModelled) {
    this.series = series;
    this.workload = workload;
    this.sender = sender;
    this.receiver = receiver;
    this.receiverCpus = receiverCpus;
    this.cpuModelled = cpuModelled;
    this.startNs = startNs;
    this.lastNs = startNs;
    this.lastTx = new long[sender.slaveDevices().size()];
    for (int i = 0; i < lastTx.length; i++) {
      lastTx[i] = sender.slaveDevices().get(i).stats().txBytes();
    }
    this.lastReordered = receiver.stackReordering().reordered();
    List<String> columns = new ArrayList<>(List.of("time_s", "goodput_mbps"));
    for (SlaveDevice slave : sender.slaveDevices()) {
      columns.add(slave.name() + "_tx_bytes");
    }
    columns.addAll(
        List.of(
            "cwnd",
            "ssthresh",
            "in_flight",
            "retransmissions",
            "sack_reorder",
            "reordered_at_tcp",
            "receiver_cpu_percent"));
    series.columns(columns);
    Optional<WorkloadSample> first = workload.sample();
    if (first.isPresent()) {
      lastPayload = first.get().payloadBytes();
      lastRetrans = first.get().retransmissions().orElse(0);
      lastReorders = first.get().sackReorders().orElse(0);
    }
  }

  void sample(long now) {
    double seconds = (now - lastNs) / 1e9;
    List<String> row = new ArrayList<>();
    row.add(String.format(Locale.ROOT, "%.6f", (now - startNs) / 1e9));
    Optional<WorkloadSample> sample = workload.sample();
    if (sample.isPresent()) {
      long payload = sample.get().payloadBytes();
      row.add(String.format(Locale.ROOT, "%.3f", (payload - lastPayload) * 8 / seconds / 1e6));
      lastPayload = payload;
    } else {
      row.add("");
    }
    for (int i = 0; i < lastTx.length; i++) {
      long tx = sender.slaveDevices().get(i).stats().txBytes();
      row.add(Long.toString(tx - lastTx[i]));
      lastTx[i] = tx;
    }
    WorkloadSample s = sample.orElse(null);
    row.add(s == null ? "" : text(s.cwnd()));
    row.add(s == null ? "" : text(s.ssthresh()));
    row.add(s == null ? "" : text(s.inFlight()));
    if (s != null && s.retransmissions().isPresent()) {
      long retrans = s.retransmissions().getAsLong();
      row.add(Long.toString(retrans - lastRetrans));
      lastRetrans = retrans;
    } else {
      row.add("");
    }
    if (s != null && s.sackReorders().isPresent()) {
      long reorders = s.sackReorders().getAsLong();
      row.add(Long.toString(reorders - lastReorders));
      lastReorders = reorders;
    } else {
      row.add("");
    }
    long reordered = receiver.stackReordering().reordered();
    row.add(Long.toString(reordered - lastReordered));
    lastReordered = reordered;
    if (cpuModelled) {
      long busy = 0;
      for (HostCpu cpu : receiverCpus) {
        busy += cpu.busyInWindow(now);
      }
      double percent = 100.0 * (busy - lastBusy) / (now - lastNs) / receiverCpus.size();
      row.add(String.format(Locale.ROOT, "%.1f", percent));
      lastBusy = busy;
    } else {
      row.add("");
    }
    lastNs = now;
    series.add(row.toArray(String[]::new));
  }

  private static String text(OptionalLong value) {
    return value.isPresent() ? Long.toString(value.getAsLong()) : "";
  }
}
