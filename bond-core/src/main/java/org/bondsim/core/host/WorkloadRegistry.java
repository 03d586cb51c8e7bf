package org.bondsim.core.host;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.bondsim.api.plugin.PluginSet;
import org.bondsim.api.workload.WorkloadProvider;

/**
 * Every netperf test found with {@link java.util.ServiceLoader}, by name, on {@link PluginSet}'s
 * rules: a broken provider is reported and the others still load, and two providers of one test are
 * both refused.
 */
public final class WorkloadRegistry {
  private final PluginSet<WorkloadProvider> set;

  private WorkloadRegistry(PluginSet<WorkloadProvider> set) {
    this.set = set;
  }

  /**
   * Discovers the tests visible to the context class loader (or this class's).
   *
   * @return the registry
   */
  public static WorkloadRegistry load() {
    return load(PluginSet.defaultLoader(WorkloadRegistry.class));
  }

  /**
   * Discovers the tests visible to a class loader.
   *
   * @param loader where to look
   * @return the registry
   */
  public static WorkloadRegistry load(ClassLoader loader) {
    return new WorkloadRegistry(
        PluginSet.load(
            "netperf test",
            WorkloadProvider.class,
            loader,
            WorkloadProvider::test,
            WorkloadRegistry::check,
            Comparator.comparing(PluginSet.Found::name)));
  }

  private static String check(WorkloadProvider provider) {
    String test = provider.test();
    if (test == null || !test.matches("[A-Za-z0-9_.-]+")) {
      return "test name must be letters, digits and _ . -, got '" + test + "'";
    }
    return provider.settings() == null ? "settings() must not return null" : null;
  }

  /**
   * Finds a test.
   *
   * @param test such as {@code TCP_STREAM}
   * @return the provider, if exactly one plugin provides it
   */
  public Optional<WorkloadProvider> find(String test) {
    return set.find(test);
  }

  /**
   * Says why a test has no provider although one was found: two plugins claimed it.
   *
   * @param test the test's name
   * @return the reason, if that is why
   */
  public Optional<String> conflict(String test) {
    return set.conflict(test);
  }

  /**
   * Returns the names of every test, for messages.
   *
   * @return comma-separated names
   */
  public String names() {
    return set.names();
  }

  /**
   * Returns every test.
   *
   * @return the providers, by name
   */
  public List<WorkloadProvider> providers() {
    return set.found().stream().map(PluginSet.Found::provider).toList();
  }

  /**
   * Returns every test with where it came from, and the providers that were not used.
   *
   * @return the set
   */
  public PluginSet<WorkloadProvider> plugins() {
    return set;
  }
}
