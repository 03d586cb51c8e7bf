package org.bondsim.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The CPU counts only what it did inside the measured interval, so it is never over 100 %. */
class HostCpuTest {
  @Test
  void workQueuedPastTheEndIsNotCounted() {
    HostCpu cpu = new HostCpu();
    cpu.startWindow(0);
    cpu.run(0, 1_000_000_000_000L);
    // 1000 s of work queued in a 1 s test: busy for the whole second, not 1000 s.
    assertThat(cpu.busyInWindow(1_000_000_000L)).isEqualTo(1_000_000_000L);
  }

  @Test
  void workBeforeTheWindowCountsOnlyWhereItReachesIntoIt() {
    HostCpu cpu = new HostCpu();
    cpu.run(0, 300);
    cpu.run(900, 200); // 900..1100
    cpu.startWindow(1000);
    cpu.run(1500, 100); // 1500..1600
    assertThat(cpu.busyInWindow(2000)).isEqualTo(100 + 100);
  }

  @Test
  void queuedWorkRunsBackToBack() {
    HostCpu cpu = new HostCpu();
    cpu.startWindow(0);
    assertThat(cpu.run(0, 10)).isEqualTo(10);
    assertThat(cpu.run(5, 10)).isEqualTo(20);
    assertThat(cpu.busyInWindow(15)).isEqualTo(15);
  }
}
