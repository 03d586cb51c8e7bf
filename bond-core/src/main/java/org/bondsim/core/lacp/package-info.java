/**
 * LACP (IEEE 802.1AX link aggregation control) as Linux's {@code drivers/net/bonding/bond_3ad.c}
 * runs it: per port the receive, periodic, mux and transmit machines and the selection logic, per
 * system the choice of the active aggregator ({@code ad_select}) and {@code min_links}. A bond in
 * 802.3ad mode and a switch's LACP port channel each run one {@link
 * org.bondsim.core.lacp.LacpSystem}; what it does to frames it asks of its {@link
 * org.bondsim.core.lacp.LacpHost}.
 *
 * <p>Time runs in the state machines' 100 ms ticks ({@code AD_TIMER_INTERVAL}), as in Linux, so
 * every timeout is a whole number of ticks: fast periodic 1 s, slow 30 s, short timeout 3 s, long
 * 90 s, aggregate wait 2 s.
 */
package org.bondsim.core.lacp;
