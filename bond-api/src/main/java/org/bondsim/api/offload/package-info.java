/**
 * The receive-offload SPI: what a NIC's NAPI context does with the frames it pulls from its ring
 * before the stack sees them (GRO, or nothing). Providers are found with {@link
 * java.util.ServiceLoader}.
 */
package org.bondsim.api.offload;
