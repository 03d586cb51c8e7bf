/**
 * The workload SPI: a netperf test (UDP_STREAM, TCP_STREAM, TCP_RR, …) runs between two simulated
 * hosts through their bonds. A {@link org.bondsim.api.workload.WorkloadProvider} is found with
 * {@link java.util.ServiceLoader} by its test name.
 *
 * <p><b>Stability: experimental.</b> Host profiles and typed per-test results are planned; the SPI
 * may change before 1.0.
 */
package org.bondsim.api.workload;
