package org.bondsim.core.bond;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongSupplier;
import org.bondsim.core.metrics.TimelineEvent;

/**
 * What happened to one bond over a run, for its report: the timeline of slave events (what the
 * kernel logs as "link status definitely down", LACP's state changes, failovers) and every change
 * of the active slave. The monitors, LACP and the bond write it; nothing reads it during the run.
 */
public final class BondHistory {
  private final LongSupplier clock;
  private final List<TimelineEvent> events = new ArrayList<>();
  private final List<ActiveSlaveChange> activeChanges = new ArrayList<>();

  BondHistory(LongSupplier clock) {
    this.clock = clock;
  }

  /**
   * Records an event on a slave, now.
   *
   * @param slave the slave's name, or empty
   * @param event the event's word ({@link TimelineEvent})
   */
  public void record(String slave, String event) {
    events.add(new TimelineEvent(clock.getAsLong(), slave, event));
  }

  void activeChanged(String slave) {
    activeChanges.add(new ActiveSlaveChange(clock.getAsLong(), slave));
  }

  /**
   * Returns the bond's timeline.
   *
   * @return events in time order
   */
  public List<TimelineEvent> events() {
    return Collections.unmodifiableList(events);
  }

  /**
   * Returns every change of the active slave, the first choice included.
   *
   * @return changes in time order
   */
  public List<ActiveSlaveChange> activeChanges() {
    return Collections.unmodifiableList(activeChanges);
  }
}
