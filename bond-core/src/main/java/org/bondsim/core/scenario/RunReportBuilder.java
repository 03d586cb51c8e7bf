package org.bondsim.core.scenario;

import java.util.List;
import java.util.Map;
import org.bondsim.api.workload.WorkloadResult;
import org.bondsim.core.metrics.ReorderingStats;

/**
 * Named construction of a {@link RunReport}: every component by name; {@link #build} refuses one
 * left unset.
 */
public final class RunReportBuilder {
  private String mode;
  private Map<String, String> bondOptions;
  private long seed;
  private double elapsedSeconds;
  private int streams;
  private WorkloadResult result;
  private List<RunReport.SlaveReport> slaves;
  private ReorderingStats reordering;
  private ReorderingStats reorderingAtTcp;
  private RunReport.FrameAccount frames;
  private List<RunReport.ActiveChange> activeChanges;
  private List<RunReport.HostReport> hosts;
  private List<RunReport.FlowMoveGroup> flowMoves;
  private long eventsDispatched;
  private String topology;
  private RunReport.SwitchReport switchReport;
  private int clients;
  private boolean spraysPackets;
  private List<RunReport.BondState> bonds;
  private List<RunReport.BondEventReport> bondEvents;
  // Which components were set, one bit each in declaration order.
  private long set;

  RunReportBuilder() {}

  RunReportBuilder(RunReport base) {
    mode = base.mode();
    bondOptions = base.bondOptions();
    seed = base.seed();
    elapsedSeconds = base.elapsedSeconds();
    streams = base.streams();
    result = base.result();
    slaves = base.slaves();
    reordering = base.reordering();
    reorderingAtTcp = base.reorderingAtTcp();
    frames = base.frames();
    activeChanges = base.activeChanges();
    hosts = base.hosts();
    flowMoves = base.flowMoves();
    eventsDispatched = base.eventsDispatched();
    topology = base.topology();
    switchReport = base.switchReport();
    clients = base.clients();
    spraysPackets = base.spraysPackets();
    bonds = base.bonds();
    bondEvents = base.bondEvents();
    set = (1L << 20) - 1;
  }

  /**
   * Sets {@link RunReport#mode}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder mode(String value) {
    mode = value;
    set |= 1L << 0;
    return this;
  }

  /**
   * Sets {@link RunReport#bondOptions}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder bondOptions(Map<String, String> value) {
    bondOptions = value;
    set |= 1L << 1;
    return this;
  }

  /**
   * Sets {@link RunReport#seed}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder seed(long value) {
    seed = value;
    set |= 1L << 2;
    return this;
  }

  /**
   * Sets {@link RunReport#elapsedSeconds}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder elapsedSeconds(double value) {
    elapsedSeconds = value;
    set |= 1L << 3;
    return this;
  }

  /**
   * Sets {@link RunReport#streams}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder streams(int value) {
    streams = value;
    set |= 1L << 4;
    return this;
  }

  /**
   * Sets {@link RunReport#result}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder result(WorkloadResult value) {
    result = value;
    set |= 1L << 5;
    return this;
  }

  /**
   * Sets {@link RunReport#slaves}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder slaves(List<RunReport.SlaveReport> value) {
    slaves = value;
    set |= 1L << 6;
    return this;
  }

  /**
   * Sets {@link RunReport#reordering}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder reordering(ReorderingStats value) {
    reordering = value;
    set |= 1L << 7;
    return this;
  }

  /**
   * Sets {@link RunReport#reorderingAtTcp}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder reorderingAtTcp(ReorderingStats value) {
    reorderingAtTcp = value;
    set |= 1L << 8;
    return this;
  }

  /**
   * Sets {@link RunReport#frames}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder frames(RunReport.FrameAccount value) {
    frames = value;
    set |= 1L << 9;
    return this;
  }

  /**
   * Sets {@link RunReport#activeChanges}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder activeChanges(List<RunReport.ActiveChange> value) {
    activeChanges = value;
    set |= 1L << 10;
    return this;
  }

  /**
   * Sets {@link RunReport#hosts}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder hosts(List<RunReport.HostReport> value) {
    hosts = value;
    set |= 1L << 11;
    return this;
  }

  /**
   * Sets {@link RunReport#flowMoves}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder flowMoves(List<RunReport.FlowMoveGroup> value) {
    flowMoves = value;
    set |= 1L << 12;
    return this;
  }

  /**
   * Sets {@link RunReport#eventsDispatched}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder eventsDispatched(long value) {
    eventsDispatched = value;
    set |= 1L << 13;
    return this;
  }

  /**
   * Sets {@link RunReport#topology}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder topology(String value) {
    topology = value;
    set |= 1L << 14;
    return this;
  }

  /**
   * Sets {@link RunReport#switchReport}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder switchReport(RunReport.SwitchReport value) {
    switchReport = value;
    set |= 1L << 15;
    return this;
  }

  /**
   * Sets {@link RunReport#clients}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder clients(int value) {
    clients = value;
    set |= 1L << 16;
    return this;
  }

  /**
   * Sets {@link RunReport#spraysPackets}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder spraysPackets(boolean value) {
    spraysPackets = value;
    set |= 1L << 17;
    return this;
  }

  /**
   * Sets {@link RunReport#bonds}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder bonds(List<RunReport.BondState> value) {
    bonds = value;
    set |= 1L << 18;
    return this;
  }

  /**
   * Sets {@link RunReport#bondEvents}.
   *
   * @param value the value
   * @return this builder
   */
  public RunReportBuilder bondEvents(List<RunReport.BondEventReport> value) {
    bondEvents = value;
    set |= 1L << 19;
    return this;
  }

  /**
   * Returns the RunReport.
   *
   * @return it
   * @throws IllegalStateException naming the first component left unset
   */
  public RunReport build() {
    String[] names = {
      "mode",
      "bondOptions",
      "seed",
      "elapsedSeconds",
      "streams",
      "result",
      "slaves",
      "reordering",
      "reorderingAtTcp",
      "frames",
      "activeChanges",
      "hosts",
      "flowMoves",
      "eventsDispatched",
      "topology",
      "switchReport",
      "clients",
      "spraysPackets",
      "bonds",
      "bondEvents",
    };
    for (int i = 0; i < names.length; i++) {
      if ((set & (1L << i)) == 0) {
        throw new IllegalStateException("RunReport: " + names[i] + " is not set");
      }
    }
    return new RunReport(
        mode,
        bondOptions,
        seed,
        elapsedSeconds,
        streams,
        result,
        slaves,
        reordering,
        reorderingAtTcp,
        frames,
        activeChanges,
        hosts,
        flowMoves,
        eventsDispatched,
        topology,
        switchReport,
        clients,
        spraysPackets,
        bonds,
        bondEvents);
  }
}
