/**
 * Typed option specifications and resolved option values, at the two levels Linux has: module
 * parameters (global defaults, {@code modprobe bonding packets_per_slave=2}) and per-bond settings
 * ({@code ip link add bond0 type bond packets_per_slave 4}, sysfs).
 *
 * <p><b>Stability: stable.</b> Option specifications keep their names, defaults and ranges as Linux
 * documents them.
 */
package org.bondsim.api.option;
