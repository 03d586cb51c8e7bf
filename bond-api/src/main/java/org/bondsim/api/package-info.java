/**
 * The stable API of bondsim: the bond, its slaves and links as a transmit policy sees them, and the
 * seeded {@link org.bondsim.api.RandomSource} both policies and workloads draw from.
 *
 * <p>Plugins depend on this module only. Sub-packages hold the packet value types ({@link
 * org.bondsim.api.packet}), option specifications ({@link org.bondsim.api.option}) and the transmit
 * policy SPI with the clock and timers a plugin may use ({@link org.bondsim.api.policy}).
 *
 * <p><b>Stability: stable.</b> The names and signatures here change only with a major version. Each
 * sub-package says its own level: {@code policy} and {@code option} are stable; {@code packet},
 * {@code workload} and {@code offload} are experimental until 1.0.
 */
package org.bondsim.api;
