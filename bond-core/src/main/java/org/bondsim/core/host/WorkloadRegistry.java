package org.bondsim.core.host;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.bondsim.api.workload.WorkloadProvider;

/** Every netperf test found with {@link ServiceLoader}, by name. */
public final class WorkloadRegistry {
  private final List<WorkloadProvider> providers;

  private WorkloadRegistry(List<WorkloadProvider> providers) {
    this.providers = List.copyOf(providers);
  }

  /**
   * Discovers the tests visible to the context class loader (or this class's).
   *
   * @return the registry
   */
  public static WorkloadRegistry load() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    ClassLoader loader = context != null ? context : WorkloadRegistry.class.getClassLoader();
    List<WorkloadProvider> found = new ArrayList<>();
    ServiceLoader.load(WorkloadProvider.class, loader).forEach(found::add);
    found.sort(Comparator.comparing(WorkloadProvider::test));
    return new WorkloadRegistry(found);
  }

  /**
   * Finds a test.
   *
   * @param test such as {@code TCP_STREAM}
   * @return the provider, if known
   */
  public Optional<WorkloadProvider> find(String test) {
    return providers.stream().filter(p -> p.test().equals(test)).findFirst();
  }

  /**
   * Returns the names of every test, for messages.
   *
   * @return comma-separated names
   */
  public String names() {
    return providers.stream().map(WorkloadProvider::test).collect(Collectors.joining(", "));
  }

  /**
   * Returns every test.
   *
   * @return the providers, by name
   */
  public List<WorkloadProvider> providers() {
    return providers;
  }
}
