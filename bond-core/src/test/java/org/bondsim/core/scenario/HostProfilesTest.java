package org.bondsim.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bondsim.api.KernelVersion;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.junit.jupiter.api.Test;

class HostProfilesTest {
  private static final String COMPLETE =
      "kernel = 6.x\nkernel.source = a\ncpus = 2\ncpus.source = b\n"
          + "receive = gro on irq-cpus 0,1\nreceive.source = c\ncosts = generic-2010\n"
          + "costs.source = d\nsender = tso on\nsender.source = e\n";

  @Test
  void everyBuiltInProfileLoadsWithASourceForEverySetting() {
    assertThat(HostProfiles.names())
        .containsExactly("ideal", "default", "reference-2.6.37", "tlb-lab", "reference-2014");
    for (HostProfiles.Profile profile : HostProfiles.all()) {
      assertThat(profile.sources().keySet()).containsExactlyElementsOf(HostProfiles.SETTINGS);
      assertThat(profile.sources().values()).allSatisfy(s -> assertThat(s).isNotBlank());
      assertThat(profile.description()).isNotBlank();
      assertThat(profile.spec().name()).isEqualTo(profile.name());
    }
  }

  @Test
  void theIdealAndDefaultProfilesAreTheHostsTheCodeUsesWithoutOne() {
    HostSpec ideal = HostSpec.profile("ideal");
    assertThat(ideal).isEqualTo(HostSpec.IDEAL);
    HostSpec defaults = HostSpec.profile("default");
    assertThat(defaults.receive()).isEqualTo(ReceiveSettings.DEFAULTS);
    assertThat(defaults.costs()).isEqualTo(CpuCosts.GENERIC_2010);
    assertThat(defaults.kernel()).isEqualTo(KernelVersion.LINUX_6);
  }

  @Test
  void theReferenceProfileIsTheExperimentAsReported() {
    HostSpec reference = HostSpec.profile("reference-2.6.37");
    assertThat(reference.kernel()).isEqualTo(KernelVersion.LINUX_2_6_37);
    assertThat(reference.cpus()).isEqualTo(2);
    assertThat(reference.receive().gro()).isFalse();
    assertThat(reference.costs()).isEqualTo(CpuCosts.REFERENCE_2_6_37);
    assertThat(reference.offloads()).isEqualTo(SenderOffloads.OFF);
  }

  @Test
  void aProfileReadsItsSettings() throws Exception {
    HostProfiles.Profile lab = HostProfiles.parse("lab", new StringReader(COMPLETE));
    assertThat(lab.spec().cpus()).isEqualTo(2);
    assertThat(lab.spec().receive().irqCpus()).containsExactly(0, 1);
    assertThat(lab.spec().offloads().superPackets()).isTrue();
  }

  @Test
  void aFigureWithoutItsSourceIsRefused() {
    String unsourced = COMPLETE.replace("costs.source = d\n", "");
    assertThatThrownBy(() -> HostProfiles.parse("lab", new StringReader(unsourced)))
        .hasMessage(
            "host profile lab gives costs without costs.source; every figure names where it comes"
                + " from");
    assertThatThrownBy(() -> HostProfiles.parse("lab", new StringReader(COMPLETE + "mtu = 9000\n")))
        .hasMessageStartingWith("host profile lab has an unknown setting 'mtu'");
    assertThatThrownBy(
            () ->
                HostProfiles.parse(
                    "lab", new StringReader(COMPLETE.replace("kernel = 6.x", "kernel = 3.0"))))
        .hasMessageStartingWith("host profile lab kernel must be one of 6.x, 6.1, 3.16, 2.6.37");
    assertThatThrownBy(() -> HostSpec.profile("nope"))
        .hasMessageStartingWith("host profile must be one of ideal, default");
  }

  @Test
  void theBuilderTakesAProfileByNameAndChangesMakeItCustom() {
    ScenarioBuilder lab =
        Scenario.builder()
            .bond("mode balance-rr")
            .slaves(3, Link.gigabit())
            .duration(Duration.ofSeconds(1))
            .workload(Netperf.tcpStream())
            .host("reference-2.6.37");
    assertThat(lab.build().host().name()).isEqualTo("reference-2.6.37");
    Scenario changed = lab.kernel(KernelVersion.LINUX_6).build();
    assertThat(changed.host().name()).isEqualTo("custom");
    assertThat(changed.host().costs()).isEqualTo(CpuCosts.REFERENCE_2_6_37);
  }

  @Test
  void theKernelIsTheHostsNotAWorkloadSetting() {
    assertThatThrownBy(
            () ->
                Scenario.builder()
                    .bond("mode balance-rr")
                    .slaves(1, Link.gigabit())
                    .workload(
                        new WorkloadSpec(
                            "TCP_STREAM", List.of(), 1, Map.of("bondsim.kernel", "2.6.37")))
                    .build())
        .hasMessageStartingWith("workload setting bondsim.kernel belongs to the host");
  }

  @Test
  void senderOffloadsReadEthtoolWords() {
    assertThat(SenderOffloads.parse("gso off tso on", SenderOffloads.OFF))
        .isEqualTo(new SenderOffloads(true, false));
    assertThat(SenderOffloads.parse("gso on", new SenderOffloads(true, false)))
        .isEqualTo(new SenderOffloads(true, true));
    assertThatThrownBy(() -> SenderOffloads.parse("tso maybe", SenderOffloads.OFF))
        .hasMessage("sender offload tso must be on or off, got 'maybe'");
  }
}
