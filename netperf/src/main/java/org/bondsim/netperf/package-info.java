/**
 * netperf's tests as workload plugins, found through {@link
 * org.bondsim.api.workload.WorkloadProvider}: TCP_STREAM and TCP_RR over the TCP model, UDP_STREAM
 * straight over the host, and netperf's global options as {@code netsh.c} reads them ({@link
 * org.bondsim.netperf.GlobalOptions}).
 *
 * <p>Stability: the test names and their options follow netperf and are stable; the classes are
 * experimental.
 */
package org.bondsim.netperf;
