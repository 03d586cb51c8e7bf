/**
 * A Linux-like TCP (SACK, DSACK, adaptive reordering threshold, RACK, undo, PRR, Reno and CUBIC).
 * {@link org.bondsim.tcp.TcpEndpoint} is one socket; a workload (the {@code netperf} module's
 * tests) creates them, writes to them and reads their {@link org.bondsim.tcp.TcpCounters}.
 *
 * <p>Stability: experimental. The socket's public methods are what the netperf tests use; the
 * components behind it are package-private and change freely.
 */
package org.bondsim.tcp;
