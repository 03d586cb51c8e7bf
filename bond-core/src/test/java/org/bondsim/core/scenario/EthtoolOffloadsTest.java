package org.bondsim.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.option.OptionException;
import org.junit.jupiter.api.Test;

/**
 * {@code ethtool -K} on a 2.6.37 sender: where its super-packets end up cut, and what it refuses.
 */
class EthtoolOffloadsTest {
  private static EthtoolOffloads.Result run(String... commands) {
    return EthtoolOffloads.apply(KernelVersion.LINUX_2_6_37, 2, List.of(commands));
  }

  @Test
  void bond0RefusesTsoAndTheGsoAfterItIsNeverApplied() {
    EthtoolOffloads.Result result = run("ethtool -K bond0 tso off gso off");
    // The slaves keep TSO, bond0 takes it from them: whole super-packets, cut by the slaves' NICs.
    assertThat(result.offloads()).isEqualTo(new SenderOffloads(true, false));
    assertThat(result.warnings())
        .containsExactly(
            "ethtool -K bond0: Cannot set device tcp segmentation offload settings: Operation not"
                + " supported (exit 88; the settings after it were not applied)");
  }

  @Test
  void withoutTsoOnAnySlaveBond0HasNoneAndTcpBuildsNoSuperPackets() {
    EthtoolOffloads.Result result = run("-K eth0 tso off gso off", "-K eth1 tso off gso off");
    assertThat(result.offloads()).isEqualTo(SenderOffloads.OFF);
    assertThat(result.warnings()).isEmpty();
  }

  @Test
  void gsoOnBond0WithoutTsoCutsAtTheBond() {
    EthtoolOffloads.Result result = run("-K eth0 tso off", "-K eth1 tso off", "-K bond0 gso on");
    assertThat(result.offloads()).isEqualTo(new SenderOffloads(false, true, true));
    // With a slave's TSO still on, bond0 has TSO and the gso flag changes nothing.
    assertThat(run("-K bond0 gso on").offloads()).isEqualTo(new SenderOffloads(true, false));
  }

  @Test
  void e1000eDropsTsoWithSgOrChecksummingAndRefusesTsoWithoutSg() {
    assertThat(run("-K eth0 tx off", "-K eth1 sg off").offloads()).isEqualTo(SenderOffloads.OFF);
    EthtoolOffloads.Result result = run("-K eth0 sg off", "-K eth0 tso on", "-K eth1 sg off");
    assertThat(result.warnings())
        .containsExactly(
            "ethtool -K eth0: Cannot set device tcp segmentation offload settings: Invalid"
                + " argument (exit 88; the settings after it were not applied)");
    assertThat(result.offloads()).isEqualTo(SenderOffloads.OFF);
    assertThat(run("-K eth0 tx off", "-K eth0 sg on", "-K eth1 tx off").warnings())
        .containsExactly(
            "ethtool -K eth0: Cannot set device scatter-gather settings: Invalid argument (exit 86;"
                + " the settings after it were not applied)");
  }

  @Test
  void slavesEndingDifferentlyAndOtherKernelsAreRefusedByName() {
    assertThatThrownBy(() -> run("-K eth0 tso off"))
        .isInstanceOf(OptionException.class)
        .hasMessageContaining("some slaves end with tso on and some with it off");
    assertThatThrownBy(() -> run("-K eth2 tso off"))
        .hasMessage(
            "--ethtool: no device 'eth2' on the sending host; it has bond0 and eth0 to eth1");
    assertThatThrownBy(() -> run("-K eth0 lro off"))
        .hasMessageStartingWith("--ethtool must be features rx, tx, sg, tso, ufo, gso");
  }

  private static EthtoolOffloads.Result threeSixteen(String... commands) {
    return EthtoolOffloads.apply(KernelVersion.LINUX_3_16, 2, List.of(commands));
  }

  @Test
  void on316TcpBuildsSuperPacketsOnlyWhileBond0HasTsoOrGso() {
    // Stock: bond0 keeps TSO (netdev_add_tso_features, in 3.14 already), the NICs cut.
    assertThat(threeSixteen("-K bond0 gso off").offloads())
        .isEqualTo(new SenderOffloads(true, false));
    // Without TSO but with its gso flag, bond0 cuts them before the mode picks a slave.
    assertThat(threeSixteen("-K bond0 tso off").offloads())
        .isEqualTo(new SenderOffloads(false, true, true));
    // Neither: TCP builds none (sk_setup_caps forces nothing before 4.17), bondsim's 3.16 default.
    EthtoolOffloads.Result none = threeSixteen("ethtool -K bond0 tso off gso off");
    assertThat(none.offloads()).isEqualTo(SenderOffloads.OFF);
    assertThat(none.warnings()).isEmpty();
  }

  @Test
  void on316AsOn6xBond0KeepsTsoWhenNoSlaveHasItSoTheSlavesCutInSoftware() {
    assertThat(threeSixteen("-K eth0 tso off", "-K eth1 tso off").offloads())
        .isEqualTo(new SenderOffloads(false, true));
  }

  private static EthtoolOffloads.Result six(String... commands) {
    return EthtoolOffloads.apply(KernelVersion.LINUX_6_1, 2, List.of(commands));
  }

  @Test
  void onSixXBond0TakesTsoOffAndCutsBeforeTheMode() {
    // What the lab's 6.1 does: both settings applied, nothing printed, exit 0.
    EthtoolOffloads.Result result = six("ethtool -K bond0 tso off gso off");
    assertThat(result.offloads()).isEqualTo(SenderOffloads.OFF);
    assertThat(result.warnings()).isEmpty();
    // bond0's gso flag alone changes nothing for TCP: the slaves' NICs still cut.
    assertThat(six("-K bond0 gso off").offloads()).isEqualTo(new SenderOffloads(true, false));
  }

  @Test
  void onSixXBond0KeepsTsoWhenNoSlaveHasItSoTheSlavesCutInSoftware() {
    EthtoolOffloads.Result result = six("-K eth0 tso off", "-K eth1 tso off");
    assertThat(result.offloads()).isEqualTo(new SenderOffloads(false, true));
    assertThat(result.warnings()).isEmpty();
    assertThatThrownBy(() -> six("-K eth0 tso off"))
        .hasMessageContaining("some slaves end with tso on and some with it off");
  }

  @Test
  void onSixXScatterGatherOffTakesTsoAndGsoWithItAndEthtoolSaysSo() {
    EthtoolOffloads.Result result = six("-K bond0 sg off", "-K bond0 tso on");
    assertThat(result.offloads()).isEqualTo(SenderOffloads.OFF);
    assertThat(result.warnings())
        .containsExactly(
            "ethtool -K bond0: Actual changes: tx-scatter-gather: off, tx-generic-segmentation:"
                + " off [not requested], tx-tcp-segmentation: off [not requested]",
            "ethtool -K bond0: Could not change any device features; Actual changes:"
                + " tx-tcp-segmentation: off [requested on] (exit 1)");
    // The same on 3.16, in the words of the ethtool of its time (ioctl): only what changed, by
    // flag name, [requested on] where the kernel holds a wanted feature off.
    assertThat(threeSixteen("-K bond0 sg off", "-K bond0 tso on").warnings())
        .containsExactly(
            "ethtool -K bond0: Actual changes: scatter-gather: off, tcp-segmentation-offload: off"
                + " [requested on], generic-segmentation-offload: off [requested on]",
            "ethtool -K bond0: Could not change any device features (exit 1)");
    // TSO stays wanted: scatter-gather back on brings it back, unasked.
    assertThat(six("-K bond0 sg off", "-K bond0 sg on").warnings())
        .last()
        .isEqualTo(
            "ethtool -K bond0: Actual changes: tx-scatter-gather: on, tx-generic-segmentation:"
                + " on [not requested], tx-tcp-segmentation: on [not requested]");
  }

  @Test
  void onSixXBond0LosesScatterGatherAndSoTsoWhenEverySlaveHasNone() {
    EthtoolOffloads.Result result = six("-K eth0 sg off", "-K eth1 sg off", "-K bond0 tso on");
    assertThat(result.offloads()).isEqualTo(SenderOffloads.OFF);
    assertThat(result.warnings())
        .last()
        .isEqualTo(
            "ethtool -K bond0: Could not change any device features; Actual changes:"
                + " tx-tcp-segmentation: off [requested on] (exit 1)");
    // One slave with scatter-gather is enough for bond0.
    assertThat(six("-K eth0 sg off", "-K eth1 tso off", "-K eth0 tso off").offloads())
        .isEqualTo(new SenderOffloads(false, true));
  }

  @Test
  void onSixXChecksummingOffTakesTsoButNotScatterGatherAndUfoIsGone() {
    EthtoolOffloads.Result result = six("-K eth0 tx off", "-K eth1 tx off", "-K eth1 ufo off");
    assertThat(result.offloads()).isEqualTo(new SenderOffloads(false, true));
    assertThat(result.warnings())
        .containsExactly(
            "ethtool -K eth0: Actual changes: tx-checksum-ip-generic: off, tx-tcp-segmentation:"
                + " off [not requested]",
            "ethtool -K eth1: Actual changes: tx-checksum-ip-generic: off, tx-tcp-segmentation:"
                + " off [not requested]",
            "ethtool -K eth1: Could not change any device features (exit 1)");
    assertThatThrownBy(() -> six("-K bond0 rx off"))
        .hasMessageContaining("receive checksumming (rx) is not modelled");
  }
}
