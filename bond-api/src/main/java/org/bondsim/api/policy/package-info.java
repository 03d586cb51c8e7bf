/**
 * The transmit policy SPI. A bonding mode is a {@link org.bondsim.api.policy.TxPolicyProvider}
 * found with {@link java.util.ServiceLoader}: put a jar with the provider class and a {@code
 * META-INF/services/org.bondsim.api.policy.TxPolicyProvider} file naming it on the class path, and
 * the mode is available by its name.
 *
 * <p><b>Stability: stable.</b> The transmit policy SPI; a plugin written against it keeps compiling
 * across minor versions.
 */
package org.bondsim.api.policy;
