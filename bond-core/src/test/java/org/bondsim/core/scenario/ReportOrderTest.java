package org.bondsim.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Maps that reach a report iterate in an order fixed by their content, never by the JVM's hash
 * salt: the same scenario and seed must print the same report byte for byte in every JVM.
 */
class ReportOrderTest {
  @Test
  void receiverDropsIterateByCounterNameWhateverOrderTheyCameIn() {
    Map<String, Long> drops = new LinkedHashMap<>();
    drops.put("inactive_slave", 2L);
    drops.put("address_filter", 146L);
    drops.put("rx_ring_full", 1L);
    RunReport.FrameAccount account =
        new RunReport.FrameAccount(10, 0, 10, 0, 0, drops, 0, 0, 0, 0, 0);
    assertThat(account.droppedAtReceiver().keySet())
        .containsExactly("address_filter", "inactive_slave", "rx_ring_full");
  }

  @Test
  void checkedMapsKeepTheCallersOrder() {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String key : new String[] {"zeta", "alpha", "mu", "beta", "omega", "kappa"}) {
      settings.put(key, key.toUpperCase(java.util.Locale.ROOT));
    }
    assertThat(Checks.copyOf("settings", settings).keySet())
        .containsExactly("zeta", "alpha", "mu", "beta", "omega", "kappa");
  }
}
