package org.bondsim.core.bond;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PolicyRegistryTest {
  @Test
  void findsTheCoreModesByNameAndLinuxNumber() {
    PolicyRegistry registry = PolicyRegistry.load();
    assertThat(registry.find("active-backup")).isPresent();
    assertThat(registry.find("1").orElseThrow().provider().mode()).isEqualTo("active-backup");
    assertThat(registry.find("3").orElseThrow().provider().mode()).isEqualTo("broadcast");
    assertThat(registry.find("nosuch")).isEmpty();
    assertThat(registry.find("active-backup").orElseThrow().origin()).isEqualTo("bond-core");
  }

  @Test
  void aBrokenProviderIsNamedAndTheOthersStillLoad(@TempDir Path dir) throws IOException {
    Path services = dir.resolve("META-INF/services");
    Files.createDirectories(services);
    Files.writeString(
        services.resolve("org.bondsim.api.policy.TxPolicyProvider"), "com.example.Missing\n");
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      PolicyRegistry registry = PolicyRegistry.load(loader);
      assertThat(registry.broken())
          .singleElement()
          .satisfies(b -> assertThat(b.name()).isEqualTo("com.example.Missing"));
      assertThat(registry.find("active-backup")).isPresent();
      assertThat(registry.find("broadcast")).isPresent();
    }
  }
}
