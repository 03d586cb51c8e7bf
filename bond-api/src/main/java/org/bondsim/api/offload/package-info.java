/**
 * The receive-offload SPI: what a NIC's NAPI context does with the frames it pulls from its ring
 * before the stack sees them (GRO, or nothing). Providers are found with {@link
 * java.util.ServiceLoader}.
 *
 * <p><b>Stability: experimental.</b> The kernel argument is planned to become an API enum.
 */
package org.bondsim.api.offload;
