/**
 * The workload SPI: a netperf test (UDP_STREAM, TCP_STREAM, TCP_RR, …) runs between two simulated
 * hosts through their bonds. A {@link org.bondsim.api.workload.WorkloadProvider} is found with
 * {@link java.util.ServiceLoader} by its test name.
 *
 * <p><b>Stability: experimental.</b> The SPI may change before 1.0. Nothing here is netperf's own:
 * its typed results and CPU columns are in the netperf module.
 */
package org.bondsim.api.workload;
