/**
 * Frames and packets as a bond sees them: Ethernet with an optional 802.1Q tag, IPv4 or IPv6 with
 * fragment fields, TCP, UDP or ICMP, and the per-segment TCP fields a transport sets.
 *
 * <p>A {@link org.bondsim.api.packet.Frame} holds the headers of one flow and is shared by every
 * {@link org.bondsim.api.packet.Packet} of that flow, so sending a packet allocates one small
 * object.
 *
 * <p><b>Stability: experimental.</b> Policies see frames as the read-only {@link
 * org.bondsim.api.packet.OutgoingFrame}; {@link org.bondsim.api.packet.Packet}'s simulation
 * bookkeeping (owner, truesize, GSO size, send time) is planned to move into the core.
 */
package org.bondsim.api.packet;
