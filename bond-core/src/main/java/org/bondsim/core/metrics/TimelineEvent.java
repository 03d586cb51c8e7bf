package org.bondsim.core.metrics;

/**
 * One entry of a bond's or a switch's timeline: what changed on which slave, when, in the words of
 * the report's {@code bond_events}: {@code link_down}, {@code link_up} (the link monitor's
 * commits), {@code active_slave_change}, and LACP's {@code lacp_current}, {@code lacp_expired},
 * {@code lacp_defaulted}, {@code aggregator_join}, {@code aggregator_leave} (the port starts or
 * stops collecting and distributing in the active aggregator).
 *
 * @param atNs simulated time
 * @param slave the slave (a switch: the port), or empty for a change of the whole bond
 * @param event the event's word
 */
public record TimelineEvent(long atNs, String slave, String event) {}
