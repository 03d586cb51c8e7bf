package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A variant profile states only what differs; a kernel must state every figure. */
class KernelProfileBuilderTest {
  @Test
  void aVariantChangesOnlyWhatItNames() {
    KernelProfile variant =
        KernelProfile.LINUX_6.toBuilder().shortTimers(KernelProfile.ShortTimers.TICK_FLOOR).build();
    assertThat(variant.shortTimers()).isEqualTo(KernelProfile.ShortTimers.TICK_FLOOR);
    assertThat(variant.toBuilder().shortTimers(KernelProfile.ShortTimers.TIMEOUT_MIN_US).build())
        .isEqualTo(KernelProfile.LINUX_6);
    // 6.1 is 6.x with four figures of its own.
    assertThat(KernelProfile.LINUX_6_1)
        .isEqualTo(
            KernelProfile.LINUX_6.toBuilder()
                .limitOutputBytes(1L << 20)
                .shortTimers(KernelProfile.ShortTimers.TICK_FLOOR)
                .delayedWithoutRetransmit(false)
                .receiveAutotuning(ReceiveAutotuning.RCV_RTT_6_1)
                .build());
  }

  @Test
  void aFigureLeftUnsetIsNamed() {
    assertThatThrownBy(() -> KernelProfile.builder().initialCwnd(10).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("kernel profile: initialRtoNs is not set");
  }
}
