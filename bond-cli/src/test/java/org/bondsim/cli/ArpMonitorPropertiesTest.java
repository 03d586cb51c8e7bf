package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The ARP monitor's failover window for any interval, {@code arp_missed_max} and fault time: the
 * last reply L came at most one interval δ before the fault, the active slave is down at the first
 * monitor run later than L + (missed_max + ½)·δ ({@code bond_time_in_interval}), and runs come
 * every δ; so the failover falls in (fault + (missed_max − ½)·δ, fault + (missed_max + 1½)·δ],
 * never before.
 */
class ArpMonitorPropertiesTest {
  @Property(tries = 12)
  void failoverFallsInsideTheMissedMaxWindow(
      @ForAll @IntRange(min = 1, max = 4) int fiftyMsSteps,
      @ForAll @IntRange(min = 1, max = 5) int missedMax,
      @ForAll @IntRange(min = 1000, max = 1500) int faultMs)
      throws Exception {
    int intervalMs = 50 * fiftyMsSteps;
    JsonNode json =
        ArpMonitorTest.udpThroughSwitch(
            "mode active-backup arp_interval "
                + intervalMs
                + " arp_ip_target 10.0.0.2 arp_missed_max "
                + missedMax,
            "--rate-mbps",
            "20",
            "--blackhole",
            "eth0@" + faultMs + "ms",
            "-l",
            "4");
    double fault = faultMs / 1000.0;
    double delta = intervalMs / 1000.0;
    var downs = ArpMonitorTest.events(json, "local", "eth0", "link_down");
    assertThat(downs).as("eth0 goes down once").hasSize(1);
    double down = downs.get(0);
    assertThat(down)
        .isGreaterThan(fault + (missedMax - 0.5) * delta)
        .isLessThanOrEqualTo(fault + (missedMax + 1.5) * delta + 1e-6);
  }
}
