package org.bondsim.api.workload;

import java.util.List;
import org.bondsim.api.option.OptionSpec;

/** A netperf test, found with {@link java.util.ServiceLoader} by its name. */
public interface WorkloadProvider {
  /**
   * Returns the test's name as netperf's {@code -t} takes it.
   *
   * @return such as {@code TCP_STREAM}
   */
  String test();

  /**
   * Returns one line on what the test measures.
   *
   * @return a description
   */
  String description();

  /**
   * Returns the settings the test reads through {@link WorkloadContext#setting}, such as the sysctl
   * {@code net.ipv4.tcp_reordering}, with defaults and ranges; a run refuses any other.
   *
   * @return setting specs
   */
  default List<OptionSpec> settings() {
    return List.of();
  }

  /**
   * Creates the test.
   *
   * @param context the hosts, clock and timers
   * @param testOptions netperf's test-specific options (what follows {@code --})
   * @return the workload
   * @throws org.bondsim.api.option.OptionException naming a bad option and what it allows
   */
  Workload create(WorkloadContext context, List<String> testOptions);
}
