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
  private final Delta payload = new Delta();
  private final Delta retransmissions = new Delta();
  private final Delta sackReorders = new Delta();
  private final Delta dsackDups = new Delta();
  private final Delta reorderedAtTcp = new Delta();
  private final Delta busy = new Delta();
  private final Delta[] tx;

  /** A cumulative counter's growth since the previous sample. */
  private static final class Delta {
    private long last;

    long next(long value) {
      long growth = value - last;
      last = value;
      return growth;
    }
  }

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
    this.tx = new Delta[sender.slaveDevices().size()];
    for (int i = 0; i < tx.length; i++) {
      tx[i] = new Delta();
      tx[i].next(sender.slaveDevices().get(i).stats().txBytes());
    }
    reorderedAtTcp.next(receiver.stackReordering().reordered());
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
            "receiver_cpu_percent",
            "srtt_ms",
            "reordering",
            "dsacks",
            "ca_state"));
    series.columns(columns);
    Optional<WorkloadSample> first = workload.sample();
    if (first.isPresent()) {
      payload.next(first.get().payloadBytes());
      retransmissions.next(first.get().retransmissions().orElse(0));
      sackReorders.next(first.get().sackReorders().orElse(0));
      dsackDups.next(first.get().dsackDups().orElse(0));
    }
  }

  void sample(long now) {
    double seconds = (now - lastNs) / 1e9;
    List<String> row = new ArrayList<>();
    row.add(String.format(Locale.ROOT, "%.6f", (now - startNs) / 1e9));
    Optional<WorkloadSample> sample = workload.sample();
    WorkloadSample s = sample.orElse(null);
    row.add(
        s == null
            ? ""
            : String.format(
                Locale.ROOT, "%.3f", payload.next(s.payloadBytes()) * 8 / seconds / 1e6));
    for (int i = 0; i < tx.length; i++) {
      row.add(Long.toString(tx[i].next(sender.slaveDevices().get(i).stats().txBytes())));
    }
    row.add(s == null ? "" : text(s.cwnd()));
    row.add(s == null ? "" : text(s.ssthresh()));
    row.add(s == null ? "" : text(s.inFlight()));
    row.add(s == null ? "" : growth(retransmissions, s.retransmissions()));
    row.add(s == null ? "" : growth(sackReorders, s.sackReorders()));
    row.add(Long.toString(reorderedAtTcp.next(receiver.stackReordering().reordered())));
    if (cpuModelled) {
      long total = 0;
      for (HostCpu cpu : receiverCpus) {
        total += cpu.busyInWindow(now);
      }
      double percent = 100.0 * busy.next(total) / (now - lastNs) / receiverCpus.size();
      row.add(String.format(Locale.ROOT, "%.1f", percent));
    } else {
      row.add("");
    }
    row.add(
        s == null || s.srttUs().isEmpty()
            ? ""
            : String.format(Locale.ROOT, "%.3f", s.srttUs().getAsLong() / 1000.0));
    row.add(s == null ? "" : text(s.reordering()));
    row.add(s == null ? "" : growth(dsackDups, s.dsackDups()));
    row.add(s == null ? "" : s.caState().orElse(""));
    lastNs = now;
    series.add(row.toArray(String[]::new));
  }

  private static String growth(Delta delta, OptionalLong value) {
    return value.isPresent() ? Long.toString(delta.next(value.getAsLong())) : "";
  }

  private static String text(OptionalLong value) {
    return value.isPresent() ? Long.toString(value.getAsLong()) : "";
  }
}
