package org.bondsim.core.nic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** igb_update_ring_itr's arithmetic, frame size by frame size (Linux 3.16, conservative mode). */
class IgbRingItrTest {
  @Test
  void startsNearSixThousandPerSecond() {
    IgbRingItr itr = new IgbRingItr();
    assertThat(itr.register()).isEqualTo(648);
    assertThat(1e9 / itr.intervalNs()).isBetween(6000.0, 6100.0);
    // A poll that saw nothing leaves the register as it was.
    itr.update(0, 0, 0, 0);
    assertThat(itr.register()).isEqualTo(648);
  }

  @Test
  void theMeanFrameSizeSetsTheRegister() {
    IgbRingItr itr = new IgbRingItr();
    // 1514-byte frames + 24 = 1538: half of it.
    itr.update(10, 15_140, 0, 0);
    assertThat(itr.register()).isEqualTo(769);
    // 600 bytes + 24 is mid-size: a third.
    itr.update(10, 6_000, 0, 0);
    assertThat(itr.register()).isEqualTo(208);
    // Small frames would go below 20,000/s, which conservative mode does not allow.
    itr.update(10, 600, 0, 0);
    assertThat(itr.register()).isEqualTo(196);
    // Jumbo frames are capped at 3000 bytes: never slower than 1500 units (384 us).
    itr.update(2, 18_028, 0, 0);
    assertThat(itr.register()).isEqualTo(1500);
    // Sent frames count when they are larger on average.
    itr.update(10, 600, 10, 15_140);
    assertThat(itr.register()).isEqualTo(769);
  }
}
