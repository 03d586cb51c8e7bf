package org.bondsim.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bondsim.api.plugin.PluginSet;
import org.bondsim.api.workload.Workload;
import org.bondsim.api.workload.WorkloadContext;
import org.bondsim.api.workload.WorkloadProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One discovery mechanism's guarantees, shown on netperf tests. */
class PluginSetTest {
  /** A test named DUP. */
  public static final class First implements WorkloadProvider {
    @Override
    public String test() {
      return "DUP";
    }

    @Override
    public String description() {
      return "first";
    }

    @Override
    public Workload create(WorkloadContext context, List<String> testOptions) {
      throw new UnsupportedOperationException();
    }
  }

  /** Another test named DUP. */
  public static final class Second implements WorkloadProvider {
    @Override
    public String test() {
      return "DUP";
    }

    @Override
    public String description() {
      return "second";
    }

    @Override
    public Workload create(WorkloadContext context, List<String> testOptions) {
      throw new UnsupportedOperationException();
    }
  }

  /** A test whose name breaks the SPI's rule. */
  public static final class BadName implements WorkloadProvider {
    @Override
    public String test() {
      return "has space";
    }

    @Override
    public String description() {
      return "bad";
    }

    @Override
    public Workload create(WorkloadContext context, List<String> testOptions) {
      throw new UnsupportedOperationException();
    }
  }

  private static URLClassLoader loaderListing(Path dir, String... classes) throws IOException {
    Path services = dir.resolve("META-INF/services");
    Files.createDirectories(services);
    Files.writeString(
        services.resolve(WorkloadProvider.class.getName()), String.join("\n", classes) + "\n");
    return new URLClassLoader(
        new URL[] {dir.toUri().toURL()}, PluginSetTest.class.getClassLoader());
  }

  @Test
  void twoProvidersOfOneNameAreBothRefusedAndReportedWithTheirOrigins(@TempDir Path dir)
      throws IOException {
    try (URLClassLoader loader =
        loaderListing(dir, First.class.getName(), Second.class.getName())) {
      WorkloadRegistry registry = WorkloadRegistry.load(loader);
      assertThat(registry.find("DUP")).as("neither wins by class-path order").isEmpty();
      assertThat(registry.conflict("DUP"))
          .hasValueSatisfying(
              why ->
                  assertThat(why)
                      .startsWith("netperf test DUP is provided 2 times: ")
                      .contains(First.class.getName() + " (bond-core)")
                      .contains(Second.class.getName() + " (bond-core)")
                      .endsWith("neither is used"));
      assertThat(registry.plugins().broken())
          .extracting(PluginSet.Broken::name)
          .contains(First.class.getName(), Second.class.getName());
      assertThat(registry.plugins().broken())
          .allSatisfy(
              b -> assertThat(b.cause()).endsWith("remove all but one from the class path"));
    }
  }

  @Test
  void aProviderThatFailsToLoadOrBreaksTheRulesIsSetApartAndTheOthersLoad(@TempDir Path dir)
      throws IOException {
    try (URLClassLoader loader =
        loaderListing(dir, "com.example.Missing", BadName.class.getName(), First.class.getName())) {
      WorkloadRegistry registry = WorkloadRegistry.load(loader);
      assertThat(registry.find("DUP")).containsInstanceOf(First.class);
      assertThat(registry.plugins().entry("DUP").orElseThrow().origin()).isEqualTo("bond-core");
      assertThat(registry.plugins().broken())
          .extracting(PluginSet.Broken::name, PluginSet.Broken::cause)
          .anySatisfy(t -> assertThat(t.toList().get(0)).isEqualTo("com.example.Missing"))
          .anySatisfy(
              t ->
                  assertThat(t.toList())
                      .containsExactly(
                          BadName.class.getName(),
                          "test name must be letters, digits and _ . -, got 'has space'"));
    }
  }
}
