/**
 * The stable API of bondsim: the bond, its slaves and links as a transmit policy sees them.
 *
 * <p>Plugins depend on this module only. Sub-packages hold the packet value types ({@link
 * org.bondsim.api.packet}), option specifications ({@link org.bondsim.api.option}) and the transmit
 * policy SPI with the clock, timers and randomness a plugin may use ({@link
 * org.bondsim.api.policy}).
 */
package org.bondsim.api;
