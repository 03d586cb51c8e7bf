/**
 * The workload SPI: a netperf test (UDP_STREAM, TCP_STREAM, TCP_RR, …) runs between two simulated
 * hosts through their bonds. A {@link org.bondsim.api.workload.WorkloadProvider} is found with
 * {@link java.util.ServiceLoader} by its test name.
 */
package org.bondsim.api.workload;
