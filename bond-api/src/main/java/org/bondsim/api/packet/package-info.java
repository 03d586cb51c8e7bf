/**
 * Frames as a transmit policy sees them: Ethernet with an optional 802.1Q tag, IPv4 or IPv6 with
 * fragment fields, TCP, UDP or ICMP headers, flow keys, and the read-only {@link
 * org.bondsim.api.packet.OutgoingFrame} a policy chooses a slave for.
 *
 * <p>A {@link org.bondsim.api.packet.Frame} holds the headers of one flow and is shared by every
 * packet of that flow, so sending a packet allocates one small object. The packet itself, with the
 * stack's bookkeeping, is {@link org.bondsim.api.stack.Packet}, outside this package.
 *
 * <p><b>Stability: stable</b> for the headers and {@code OutgoingFrame}; names may still be added.
 */
package org.bondsim.api.packet;
