package org.bondsim.core.nic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.bondsim.api.KernelVersion;
import org.junit.jupiter.api.Test;

/** net_rx_action's time limit: whole ticks, from the tick a run starts in. */
class SoftirqWindowTest {
  @Test
  void eachKernelGivesItsNumberOfTicks() {
    // 2.6.37: jiffies + 2, whatever the sysctl (it has none).
    assertThat(SoftirqWindow.of(KernelVersion.LINUX_2_6_37, 1000, 8000))
        .isEqualTo(new SoftirqWindow(1_000_000, 2));
    assertThat(SoftirqWindow.of(KernelVersion.LINUX_2_6_37, 250, 2000))
        .isEqualTo(new SoftirqWindow(4_000_000, 2));
    // 3.16 too (net/core/dev.c: time_limit = jiffies + 2).
    assertThat(SoftirqWindow.of(KernelVersion.LINUX_3_16, 250, 2000))
        .isEqualTo(new SoftirqWindow(4_000_000, 2));
    // Since 4.12: usecs_to_jiffies(netdev_budget_usecs), rounded up.
    assertThat(SoftirqWindow.of(KernelVersion.LINUX_6, 1000, 2000))
        .isEqualTo(new SoftirqWindow(1_000_000, 2));
    assertThat(SoftirqWindow.of(KernelVersion.LINUX_6, 250, 2000))
        .isEqualTo(new SoftirqWindow(4_000_000, 1));
    assertThat(SoftirqWindow.of(KernelVersion.LINUX_6_1, 100, 25_000))
        .isEqualTo(new SoftirqWindow(10_000_000, 3));
    assertThat(SoftirqWindow.of(KernelVersion.LINUX_6, 1000, 1).ticks()).isEqualTo(1);
  }

  @Test
  void aRunGetsLessTimeTheLaterInItsTickItStarts() {
    SoftirqWindow window = new SoftirqWindow(1_000_000, 2);
    // From the start of a tick: two whole ticks.
    assertThat(window.open(3_000_000, 4_999_999)).isTrue();
    assertThat(window.open(3_000_000, 5_000_000)).isFalse();
    // From late in a tick: a little over one.
    assertThat(window.open(3_900_000, 4_999_999)).isTrue();
    assertThat(window.open(3_900_000, 5_000_000)).isFalse();
  }

  @Test
  void anEmptyWindowIsRefused() {
    assertThatThrownBy(() -> new SoftirqWindow(1_000_000, 0))
        .hasMessageContaining("softirq window must be positive");
  }
}
