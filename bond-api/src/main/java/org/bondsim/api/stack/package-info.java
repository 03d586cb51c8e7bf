/**
 * The host stack's packet, as Linux's {@code sk_buff}: the headers plus what the stack keeps about
 * it (the owning socket and the {@code truesize} charged to it, the GSO size, the send time, the
 * measurement numbers). Workloads build them, receive offloads merge them and the core carries
 * them; a transmit policy never sees one (it gets {@link org.bondsim.api.packet.OutgoingFrame}).
 *
 * <p>The link-layer addresses are the one mutable part: the core's neighbour table writes the
 * destination and the bond rewrites the source where its mode keeps slave MACs ({@code
 * bond_do_alb_xmit}). Nothing outside the core should call those setters; Java's classpath cannot
 * enforce that, so it is stated here.
 *
 * <p><b>Stability: experimental.</b>
 */
package org.bondsim.api.stack;
