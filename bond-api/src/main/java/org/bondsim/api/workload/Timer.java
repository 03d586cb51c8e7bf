package org.bondsim.api.workload;

/**
 * A re-armable timer a workload asks its context for ({@link WorkloadContext#newTimer}): the
 * stack's {@link org.bondsim.api.stack.Timer}, under the name workloads have always used.
 */
public interface Timer extends org.bondsim.api.stack.Timer {}
