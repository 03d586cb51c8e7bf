/**
 * A harness that runs a transmit policy through the simulator (links, queues, the receiving host's
 * NICs) and asserts on what the receiver saw: RFC 4737/5236 reordering and per-slave load.
 */
package org.bondsim.testkit.sim;
