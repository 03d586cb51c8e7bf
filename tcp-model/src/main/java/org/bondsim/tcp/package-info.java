/**
 * A Linux-like TCP (SACK, DSACK, adaptive reordering threshold, RACK, undo, PRR, Reno and CUBIC)
 * and netperf's TCP_STREAM and TCP_RR tests, found through the workload SPI.
 */
package org.bondsim.tcp;
