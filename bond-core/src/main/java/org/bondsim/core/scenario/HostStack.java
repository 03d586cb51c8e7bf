package org.bondsim.core.scenario;

import java.util.List;
import org.bondsim.core.host.HostCpu;
import org.bondsim.core.nic.ReceivePath;
import org.bondsim.core.wire.FrameReceiver;

/**
 * One host's CPUs and where its NICs hand frames: its receive path, or straight to the bond when
 * the scenario models an ideal receiver.
 *
 * @param cpus the host's CPUs
 * @param path its receive path, or null
 * @param into where its NICs hand frames
 */
record HostStack(List<HostCpu> cpus, ReceivePath path, FrameReceiver into) {}
