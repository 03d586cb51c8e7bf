/**
 * A property-testing kit for authors of bonding policies and receive models: jqwik arbitraries for
 * addresses, frames, traffic mixes, slave sets and link events ({@link
 * org.bondsim.testkit.BondArbitraries}), contracts adopted by implementing one interface ({@link
 * org.bondsim.testkit.TxPolicyContract}, {@link org.bondsim.testkit.ReceiveOffloadContract}), and a
 * harness that runs a policy through the simulator ({@link org.bondsim.testkit.sim.BondHarness}).
 */
package org.bondsim.testkit;
