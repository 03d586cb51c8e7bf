package org.bondsim.core.scenario;

import org.bondsim.api.KernelVersion;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;

/**
 * One host as a lab notebook describes it: which kernel's behaviour it follows, its CPUs and where
 * each slave's interrupt goes, its receive path ({@code ethtool -C/-K} words), the CPU time its
 * work costs, and the sender's segmentation offloads. Both hosts of a run use the same spec.
 *
 * <p>Named specs are {@link HostProfiles}: {@code Scenario.builder().host("reference-2.6.37")},
 * {@code bondsim netperf --host-profile reference-2.6.37}, listed by {@code bondsim host-profiles},
 * each figure with its source.
 *
 * @param name the profile's name, or {@code custom} for a spec changed after it was loaded
 * @param kernel whose TCP and GRO behaviour the host follows
 * @param receive the receive path (rings, coalescing, NAPI, GRO, CPUs, interrupt placement), or
 *     null for an ideal receiver that hands every frame to the bond the instant it arrives
 * @param costs the CPU time of each operation ({@link CpuCosts#NONE}: none)
 * @param offloads the sender's TSO and GSO
 */
public record HostSpec(
    String name,
    KernelVersion kernel,
    ReceiveSettings receive,
    CpuCosts costs,
    SenderOffloads offloads) {
  /**
   * The host a run has unless told otherwise: Linux 6.x, an ideal receiver, no CPU costs, TSO and
   * GSO off. It is not a machine; it isolates the bond, the links and TCP.
   */
  public static final HostSpec IDEAL =
      new HostSpec("ideal", KernelVersion.LINUX_6, null, CpuCosts.NONE, SenderOffloads.OFF);

  /**
   * Checks the fields.
   *
   * @param name name
   * @param kernel kernel
   * @param receive receive path or null
   * @param costs costs
   * @param offloads offloads
   */
  public HostSpec {
    Checks.notNull("name", name);
    Checks.notNull("kernel", kernel);
    if (costs == null) {
      throw new NullPointerException("costs must be given (CpuCosts.NONE for none)");
    }
    Checks.notNull("offloads", offloads);
  }

  /**
   * Returns a built-in profile by name ({@link HostProfiles#named}).
   *
   * @param name such as {@code reference-2.6.37}
   * @return the profile's spec
   * @throws IllegalArgumentException naming the profiles there are
   */
  public static HostSpec profile(String name) {
    return HostProfiles.named(name).spec();
  }

  /**
   * Returns the CPUs per host (1 without a receive model).
   *
   * @return CPUs
   */
  public int cpus() {
    return receive == null ? 1 : receive.cpus();
  }

  /**
   * Returns this host with another kernel.
   *
   * @param version the kernel
   * @return a custom spec
   */
  public HostSpec withKernel(KernelVersion version) {
    return new HostSpec(custom(version == kernel), version, receive, costs, offloads);
  }

  /**
   * Returns this host with another receive path.
   *
   * @param settings the receive path, or null for an ideal receiver
   * @return a custom spec
   */
  public HostSpec withReceive(ReceiveSettings settings) {
    return new HostSpec(
        custom(java.util.Objects.equals(settings, receive)), kernel, settings, costs, offloads);
  }

  /**
   * Returns this host with other CPU costs.
   *
   * @param value the costs
   * @return a custom spec
   */
  public HostSpec withCosts(CpuCosts value) {
    return new HostSpec(custom(value.equals(costs)), kernel, receive, value, offloads);
  }

  /**
   * Returns this host with other sender offloads.
   *
   * @param value the offloads
   * @return a custom spec
   */
  public HostSpec withOffloads(SenderOffloads value) {
    return new HostSpec(custom(value.equals(offloads)), kernel, receive, costs, value);
  }

  private String custom(boolean same) {
    return same ? name : "custom";
  }
}
