package org.bondsim.api.option;

/**
 * Where Linux lets an option be set. Most bonding options exist twice: as a module parameter
 * ({@code modprobe bonding name=value}), which {@code bond_check_params} turns into the default of
 * every bond created later, and as a per-bond setting (sysfs or {@code ip link … type bond}). Some
 * exist per bond only.
 */
public enum OptionLevel {
  /** A module parameter (global default) and a per-bond setting. */
  MODULE_AND_BOND,
  /**
   * A per-bond setting only; its global default is fixed by the option's value table. {@code
   * modprobe} would ignore such a name as an unknown parameter.
   */
  BOND_ONLY;

  /**
   * Returns the level as {@code bondsim policies} shows it.
   *
   * @return {@code module+bond} or {@code bond only}
   */
  public String label() {
    return this == MODULE_AND_BOND ? "module+bond" : "bond only";
  }
}
