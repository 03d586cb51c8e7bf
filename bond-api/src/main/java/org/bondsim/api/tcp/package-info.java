/**
 * The per-segment TCP fields a transport sets and a receive offload reads (sequence and ACK
 * numbers, flags, window, SACK blocks, timestamps). Transmit policies do not see them: they get a
 * {@link org.bondsim.api.packet.OutgoingFrame}.
 *
 * <p><b>Stability: experimental.</b> The fields follow what the TCP model and GRO need.
 */
package org.bondsim.api.tcp;
