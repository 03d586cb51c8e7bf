package org.bondsim.core.nic;

import java.util.List;
import java.util.Locale;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.StrictNumbers;

/**
 * A host's receive path, in {@code ethtool}'s words: GRO on or off, interrupt coalescing ({@code
 * rx-usecs}, {@code rx-frames}), the RX ring size, the NAPI weight and the softirq budget ({@code
 * net.core.netdev_budget}, {@code netdev_budget_usecs}), and the host's CPUs with the CPU each
 * slave's interrupt goes to (as {@code /proc/irq/N/smp_affinity_list} pins it).
 *
 * <p>Every CPU that takes an interrupt runs its own softirq, so NICs on different CPUs are polled
 * in parallel and their packets reach TCP interleaved by time rather than in per-NIC batches. Two
 * differences from Linux: the socket lock is not modelled (two CPUs never wait for each other in
 * TCP), and all transmit work (the application's sends and the segments ACKs release) runs on CPU
 * 0, where Linux runs the latter in the softirq of whichever CPU took the ACK.
 *
 * @param gro whether GRO merges segments (ethtool -K gro)
 * @param rxUsecs interrupt delay after the first unsignalled frame, µs (0: no delay)
 * @param rxFrames interrupt after this many frames (0: unused)
 * @param ringSize RX descriptors per NIC (ethtool -G rx)
 * @param napiWeight frames per poll of one NAPI context (64)
 * @param netdevBudget frames per softirq run (300)
 * @param netdevBudgetUsecs time per softirq run, µs (2000)
 * @param groFlushTimeoutNs {@code /sys/class/net/ethX/gro_flush_timeout} (Linux 3.19 and later):
 *     when above 0, a NAPI poll that did work completes without flushing GRO and a timer polls
 *     again this many ns later to flush; 0 (the default) flushes at every completion
 * @param cpus CPUs per host (1)
 * @param irqCpus the CPU of each slave's interrupt, by slave index, repeating when shorter than the
 *     slave list (default all on CPU 0, as on the reference machine)
 * @param adaptiveRx ethtool's {@code adaptive-rx}: the NIC chooses its interrupt rate as its
 *     driver's default "dynamic conservative" mode does (e1000e: {@link InterruptThrottle}; igb:
 *     {@link IgbRingItr}); rx-usecs and rx-frames are then unused
 * @param driver whose adaptive interrupt moderation {@code adaptiveRx} runs: {@code e1000e} (the
 *     default) or {@code igb}
 * @param rxQueues receive queues per NIC ({@code ethtool -L ethX combined N}): each has its own RX
 *     ring, coalescing, GRO and NAPI context and its own interrupt, and a frame's queue is chosen
 *     by RSS ({@link Rss}); {@code irqCpus} then names a CPU per queue, slave by slave
 * @param offload the receive offload that runs where {@code gro} is on, by its provider's name
 *     ({@code offload NAME}, bondsim's word; ethtool has none): {@code gro} (Linux's, the {@code
 *     gro} module) unless a plugin offers another; a run fails before it starts when no provider of
 *     that name is on the class path and GRO is on
 */
public record ReceiveSettings(
    boolean gro,
    int rxUsecs,
    int rxFrames,
    int ringSize,
    int napiWeight,
    int netdevBudget,
    int netdevBudgetUsecs,
    long groFlushTimeoutNs,
    int cpus,
    List<Integer> irqCpus,
    boolean adaptiveRx,
    int rxQueues,
    String driver,
    String offload) {
  /** The offload that runs unless another is named: Linux's GRO. */
  public static final String DEFAULT_OFFLOAD = "gro";

  /** Linux's defaults with GRO on, no coalescing delay, a 256-descriptor ring, one queue. */
  public static final ReceiveSettings DEFAULTS =
      new ReceiveSettings(
          true, 0, 1, 256, 64, 300, 2000, 0, 1, List.of(0), false, 1, "e1000e", DEFAULT_OFFLOAD);

  /** The most receive queues per NIC taken: 64. */
  public static final int MAX_RX_QUEUES = 64;

  /**
   * Settings with one receive queue per NIC.
   *
   * @param gro gro
   * @param rxUsecs rx-usecs
   * @param rxFrames rx-frames
   * @param ringSize ring
   * @param napiWeight weight
   * @param netdevBudget budget
   * @param netdevBudgetUsecs budget time
   * @param groFlushTimeoutNs GRO flush timeout
   * @param cpus CPUs
   * @param irqCpus interrupt CPUs
   * @param adaptiveRx adaptive interrupt moderation
   */
  public ReceiveSettings(
      boolean gro,
      int rxUsecs,
      int rxFrames,
      int ringSize,
      int napiWeight,
      int netdevBudget,
      int netdevBudgetUsecs,
      long groFlushTimeoutNs,
      int cpus,
      List<Integer> irqCpus,
      boolean adaptiveRx) {
    this(
        gro,
        rxUsecs,
        rxFrames,
        ringSize,
        napiWeight,
        netdevBudget,
        netdevBudgetUsecs,
        groFlushTimeoutNs,
        cpus,
        irqCpus,
        adaptiveRx,
        1,
        "e1000e",
        DEFAULT_OFFLOAD);
  }

  /**
   * Checks the values.
   *
   * @param gro gro
   * @param rxUsecs rx-usecs
   * @param rxFrames rx-frames
   * @param ringSize ring
   * @param napiWeight weight
   * @param netdevBudget budget
   * @param netdevBudgetUsecs budget time
   * @param groFlushTimeoutNs GRO flush timeout
   * @param cpus CPUs
   * @param irqCpus interrupt CPUs
   * @param adaptiveRx adaptive interrupt moderation
   * @param rxQueues receive queues per NIC
   * @param driver the adaptive moderation's driver
   * @param offload the receive offload's name
   */
  public ReceiveSettings {
    if (offload == null || !offload.matches("[a-z0-9][a-z0-9._-]{0,63}")) {
      throw new OptionException(
          "receiver",
          StrictNumbers.echo(String.valueOf(offload)),
          "receiver offload must be an offload's name (lower-case letters, digits and . _ -),"
              + " got '"
              + StrictNumbers.echo(String.valueOf(offload))
              + "'");
    }
    if (!"e1000e".equals(driver) && !"igb".equals(driver)) {
      throw new OptionException(
          "receiver",
          StrictNumbers.echo(String.valueOf(driver)),
          "receiver driver must be e1000e or igb, got '"
              + StrictNumbers.echo(String.valueOf(driver))
              + "'");
    }
    if (rxUsecs < 0 || rxUsecs > 100_000) {
      throw new OptionException(
          "rx-usecs", String.valueOf(rxUsecs), "rx-usecs must be 0..100000, got " + rxUsecs);
    }
    if (rxFrames < 0 || rxFrames > 65535) {
      throw new OptionException(
          "rx-frames", String.valueOf(rxFrames), "rx-frames must be 0..65535, got " + rxFrames);
    }
    if (rxUsecs == 0 && rxFrames == 0) {
      throw new OptionException(
          "rx-usecs and rx-frames",
          "0 and 0",
          "rx-usecs and rx-frames cannot both be 0 (no coalescing is rx-usecs 0 rx-frames 1)");
    }
    if (ringSize < 1 || ringSize > 65536) {
      throw new OptionException(
          "rx-ring", String.valueOf(ringSize), "rx-ring must be 1..65536, got " + ringSize);
    }
    if (napiWeight < 1 || netdevBudget < 1 || netdevBudgetUsecs < 1) {
      throw new IllegalArgumentException("NAPI weight and softirq budgets must be positive");
    }
    if (groFlushTimeoutNs < 0 || groFlushTimeoutNs > 1_000_000_000L) {
      throw new OptionException(
          "gro-flush-timeout",
          String.valueOf(groFlushTimeoutNs),
          "gro-flush-timeout must be 0..1000000000 ns, got " + groFlushTimeoutNs);
    }
    if (rxQueues < 1 || rxQueues > MAX_RX_QUEUES) {
      throw new OptionException(
          "rx-queues",
          String.valueOf(rxQueues),
          "rx-queues must be 1.." + MAX_RX_QUEUES + ", got " + rxQueues);
    }
    if (cpus < 1 || cpus > 64) {
      throw new OptionException("cpus", String.valueOf(cpus), "cpus must be 1..64, got " + cpus);
    }
    irqCpus = List.copyOf(irqCpus);
    if (irqCpus.isEmpty()) {
      throw new OptionException("irq-cpus", "none", "irq-cpus must name at least one CPU");
    }
    for (int cpu : irqCpus) {
      if (cpu < 0 || cpu >= cpus) {
        throw new OptionException(
            "irq-cpus",
            String.valueOf(cpu),
            "irq-cpus must be CPUs 0.." + (cpus - 1) + " (cpus " + cpus + "), got " + cpu);
      }
    }
  }

  /**
   * Parses ethtool-style words over the defaults, such as {@code gro on rx-usecs 50 rx-frames 0}.
   *
   * @param text the words
   * @return the settings
   * @throws IllegalArgumentException naming the word and the allowed ones
   */
  public static ReceiveSettings parse(String text) {
    List<String> words = List.of(text.trim().split("\\s+"));
    boolean gro = DEFAULTS.gro();
    int usecs = DEFAULTS.rxUsecs();
    int frames = DEFAULTS.rxFrames();
    int ring = DEFAULTS.ringSize();
    int budget = DEFAULTS.netdevBudget();
    int budgetUsecs = DEFAULTS.netdevBudgetUsecs();
    List<Integer> irq = DEFAULTS.irqCpus();
    int flushTimeout = 0;
    int queues = 1;
    String driver = "e1000e";
    String offload = DEFAULT_OFFLOAD;
    boolean adaptive = false;
    boolean coalescingSet = false;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i).toLowerCase(Locale.ROOT);
      if (word.isEmpty()) {
        continue;
      }
      if (i + 1 >= words.size()) {
        throw new OptionException("receiver", word, "receiver " + word + " needs a value");
      }
      String value = words.get(++i);
      switch (word) {
        case "gro":
          gro = onOff("gro", value);
          break;
        case "rx-usecs":
          usecs = number("rx-usecs", value);
          coalescingSet = true;
          break;
        case "rx-frames":
          frames = number("rx-frames", value);
          coalescingSet = true;
          break;
        case "adaptive-rx":
          adaptive = onOff("adaptive-rx", value);
          break;
        case "rx-ring":
          ring = number("rx-ring", value);
          break;
        case "rx":
          // ethtool -G ethX rx N: the RX ring's descriptors.
          ring = number("rx", value);
          break;
        case "combined":
          // ethtool -L ethX combined N: queue pairs, so N receive queues.
          queues = number("combined", value);
          break;
        case "lro":
          if (onOff("lro", value)) {
            throw new OptionException(
                "receiver",
                "lro on",
                "receiver lro on: bonding turns LRO off on every slave it enslaves"
                    + " (dev_disable_lro in bond_enslave), so a slave cannot have it; allowed:"
                    + " lro off");
          }
          break;
        case "netdev_budget":
          budget = number("netdev_budget", value);
          break;
        case "netdev_budget_usecs":
          budgetUsecs = number("netdev_budget_usecs", value);
          break;
        case "irq-cpus":
          irq = cpuList(value);
          break;
        case "gro-flush-timeout":
          flushTimeout = number("gro-flush-timeout", value);
          break;
        case "rx-queues":
          queues = number("rx-queues", value);
          break;
        case "driver":
          driver = value;
          break;
        case "offload":
          offload = value;
          break;
        default:
          throw new OptionException(
              "receiver",
              String.valueOf(words.get(i - 1)),
              "receiver takes gro, offload, rx-usecs, rx-frames, adaptive-rx, driver, rx-ring"
                  + " (ethtool -G's rx), rx-queues (ethtool -L's combined), lro off, netdev_budget,"
                  + " netdev_budget_usecs, gro-flush-timeout, irq-cpus, got '"
                  + words.get(i - 1)
                  + "'");
      }
    }
    int cpus = 1;
    for (int cpu : irq) {
      cpus = Math.max(cpus, cpu + 1);
    }
    if (adaptive && coalescingSet) {
      throw new OptionException(
          "receiver",
          "adaptive-rx on",
          "receiver adaptive-rx on chooses the interrupt rate itself: give rx-usecs and"
              + " rx-frames only with adaptive-rx off");
    }
    return new ReceiveSettings(
        gro,
        usecs,
        frames,
        ring,
        64,
        budget,
        budgetUsecs,
        flushTimeout,
        cpus,
        irq,
        adaptive,
        queues,
        driver,
        offload);
  }

  /**
   * Returns these settings on a host with {@code count} CPUs.
   *
   * @param count CPUs per host
   * @return the settings
   * @throws IllegalArgumentException if an interrupt is on a CPU the host does not have
   */
  public ReceiveSettings withCpus(int count) {
    return new ReceiveSettings(
        gro,
        rxUsecs,
        rxFrames,
        ringSize,
        napiWeight,
        netdevBudget,
        netdevBudgetUsecs,
        groFlushTimeoutNs,
        count,
        irqCpus,
        adaptiveRx,
        rxQueues,
        driver,
        offload);
  }

  /**
   * Returns the CPU that takes the interrupt of a slave.
   *
   * @param slaveIndex the slave
   * @return the CPU index
   */
  public int irqCpu(int slaveIndex) {
    return irqCpu(slaveIndex, 0);
  }

  /**
   * Returns the CPU that takes the interrupt of one receive queue of a slave: {@code irqCpus} lists
   * a CPU per queue, slave by slave (eth0's queues, then eth1's), repeating when shorter.
   *
   * @param slaveIndex the slave
   * @param queue the queue
   * @return the CPU index
   */
  public int irqCpu(int slaveIndex, int queue) {
    return irqCpus.get((slaveIndex * rxQueues + queue) % irqCpus.size());
  }

  private static List<Integer> cpuList(String value) {
    List<Integer> cpus = new java.util.ArrayList<>();
    for (String part : value.split(",", -1)) {
      try {
        String cpu = part.trim();
        if (cpu.length() > 4 || !StrictNumbers.isAsciiDigits(cpu, false)) {
          throw new NumberFormatException(cpu);
        }
        cpus.add(Integer.parseInt(cpu));
      } catch (NumberFormatException e) {
        throw new OptionException(
            "receiver",
            String.valueOf(value),
            "receiver irq-cpus must be CPU numbers separated by commas, like 0,1,0, got '"
                + value
                + "'");
      }
    }
    return cpus;
  }

  private static boolean onOff(String word, String value) {
    if (value.equals("on")) {
      return true;
    }
    if (value.equals("off")) {
      return false;
    }
    throw new OptionException(
        "receiver",
        StrictNumbers.echo(value),
        "receiver " + word + " must be on or off, got '" + StrictNumbers.echo(value) + "'");
  }

  private static int number(String word, String value) {
    try {
      if (value.length() > 9 || !StrictNumbers.isAsciiDigits(value, false)) {
        throw new NumberFormatException(value);
      }
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new OptionException(
          "receiver",
          StrictNumbers.echo(value),
          "receiver " + word + " must be a whole number, got '" + StrictNumbers.echo(value) + "'");
    }
  }
}
