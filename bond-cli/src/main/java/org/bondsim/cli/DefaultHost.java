package org.bondsim.cli;

import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;
import org.bondsim.core.scenario.HostSpec;

/**
 * The host model {@code -c} and {@code -C} use when the command line gives none: what a reader of
 * netperf's CPU columns needs a figure from. Both hosts get the receive path's defaults ({@link
 * ReceiveSettings#DEFAULTS}: one CPU, an RX ring of 256 descriptors as igb's IGB_DEFAULT_RXD, an
 * interrupt per frame, NAPI weight 64 as NAPI_POLL_WEIGHT, netdev_budget 300 and
 * netdev_budget_usecs 2000 as Linux's defaults, GRO on as drivers enable it) and the {@code
 * generic-2010} cost profile, whose figures are order-of-magnitude guesses for a 2010-era x86 core
 * chosen before any comparison with a measurement, not measured per operation (docs/receive-path.md
 * says so). It is the host profile {@code default}, which {@code --host-profile default} chooses.
 */
final class DefaultHost {
  /** The host profile {@code default}, where each figure's source is written. */
  static final HostSpec HOST = HostSpec.profile("default");

  /** The default costs: {@link CpuCosts#GENERIC_2010}. */
  static final CpuCosts COSTS = HOST.costs();

  /** The default receive path: {@link ReceiveSettings#DEFAULTS}. */
  static final ReceiveSettings RECEIVE = HOST.receive();

  private DefaultHost() {}
}
