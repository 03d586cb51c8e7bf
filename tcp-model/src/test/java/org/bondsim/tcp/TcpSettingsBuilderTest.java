package org.bondsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A variant of a connection's settings states only what differs. */
class TcpSettingsBuilderTest {
  @Test
  void aVariantChangesWhatItNamesAndNothingElse() {
    TcpSettings defaults = TcpSettings.of(new ManualContext(1500, Map.of()));
    TcpSettings wide = defaults.toBuilder().reordering(300).build();
    assertThat(wide.reordering()).isEqualTo(300);
    assertThat(wide.toBuilder().reordering(defaults.reordering()).build()).isEqualTo(defaults);
    assertThat(TcpSettings.of(new ManualContext(1500, Map.of("net.ipv4.tcp_reordering", "300"))))
        .isEqualTo(wide);
  }

  @Test
  void aComponentLeftUnsetIsNamed() {
    assertThatThrownBy(() -> TcpSettings.builder().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("TcpSettings: kernel is not set");
  }
}
