/**
 * How every extension point is discovered: {@link org.bondsim.api.plugin.PluginSet} finds the
 * providers of one SPI with {@link java.util.ServiceLoader}, by name, refuses names two providers
 * claim, keeps a provider that fails to load apart with its cause, and knows each one's origin.
 * Transmit policies, netperf tests, receive offloads and congestion control are all found this way.
 *
 * <p><b>Stability: experimental.</b> New in this release; it may still change.
 */
package org.bondsim.api.plugin;
