package org.bondsim.core.bond;

/**
 * A change of a bond's current active slave.
 *
 * @param atNs when
 * @param slave the new active slave's name, or null when none is left
 */
public record ActiveSlaveChange(long atNs, String slave) {}
