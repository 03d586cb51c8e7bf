package org.bondsim.cli.crosscheck;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.workload.TestOptions;
import org.bondsim.core.scenario.LinkEvent;
import org.bondsim.core.scenario.Scenario;
import org.bondsim.core.scenario.Shaping;
import org.bondsim.core.scenario.SlaveLinkSpec;
import org.bondsim.core.wire.Netem;

/**
 * One {@code bondsim netperf} scenario as the user-mode Linux lab builds it: the same bond mode and
 * options on both hosts, one link per slave with its rate and delay in both directions, the TCP
 * sysctls, TCP_STREAM for the same time with the same message size and streams, the same carrier
 * events.
 *
 * <p>What the lab cannot build is refused, naming it: other tests, a switch (balance-tlb and
 * balance-alb), a receive model or CPU costs (veth has no NIC, the guest one CPU), client hosts,
 * and a TCP other than 6.x (the guest runs Linux 6.1). A {@code --netem} impairment goes to the
 * netem that already delays each direction of each link, after the frame has left its host, which
 * is where bondsim applies it too ({@link #netemArguments}).
 *
 * <p>The link: a tbf qdisc at the slave's rate on each sending veth, with 24 bytes of overhead per
 * frame (FCS, preamble, inter-frame gap) and a burst of two full frames, then a netem delay after
 * the frame left the host. tbf releases a frame when its tokens are there, which for a backlogged
 * queue is the end of its serialisation time and for an idle one its start, so the delay gets one
 * full frame's time in the data direction and one ACK's in the other, as a cable's serialisation
 * would add to an idle link's frames ({@link #forwardDelayUs}, {@link #backwardDelayUs}).
 *
 * @param slaves each link's rate (kbit/s) and one-way delay (us)
 * @param mode the bonding mode
 * @param bondOptions {@code ip link ... type bond} words after the mode
 * @param sysctls {@code sysctl} settings for both hosts, in {@code name = value} form
 * @param streams TCP_STREAM connections, each from its own sender
 * @param seconds the test's length
 * @param messageBytes each send()'s size ({@code -m})
 * @param events carrier events: seconds after the start, up or down, slave index
 * @param mtu the slaves' and bond's MTU
 * @param txqueuelen the qdisc's length in full frames
 * @param gso the model's sender offload {@code gso}: TCP's super-packets reach the chosen slave
 *     whole and its stack cuts them ({@link #senderEthtool})
 * @param tso the model's sender offload {@code tso}: the slave's NIC cuts them
 */
public record LabScenario(
    List<LabLink> slaves,
    String mode,
    String bondOptions,
    Map<String, String> sysctls,
    int streams,
    double seconds,
    int messageBytes,
    List<LabEvent> events,
    int mtu,
    int txqueuelen,
    boolean gso,
    boolean tso) {

  /**
   * The {@code ethtool -K} commands that give the guest's sending host the model's offloads, on
   * 6.1's devices ({@code NetdevFeatures} in bond-core): bond0 keeps TSO whatever its veth slaves
   * have, so whole super-packets to a slave (the model's {@code tso} or {@code gso}) are the
   * slaves' {@code tso off}, not bond0's, which would cut them at bond0, as the model's default
   * does. With their own TSO on, veths would pass a super-packet to the other host whole, where a
   * NIC puts its segments on the wire one by one; with it off each veth cuts them as it sends,
   * which on the wire is what a NIC's TSO does.
   *
   * @return the commands, without the leading {@code ethtool}, the slaves named as in the guest
   */
  public List<String> senderEthtool() {
    if (!gso && !tso) {
      return List.of("-K bond0 tso off gso off");
    }
    List<String> commands = new ArrayList<>();
    for (int i = 0; i < slaves.size(); i++) {
      commands.add("-K s" + i + " tso off");
    }
    return List.copyOf(commands);
  }

  /** The modes the lab's two back-to-back bonds can run. */
  public static final Set<String> MODES =
      Set.of("balance-rr", "active-backup", "balance-xor", "802.3ad", "broadcast");

  /**
   * tbf's burst at the usual MTU of 1500: two full frames (2 x 1538 bytes, rounded up), so that a
   * timer firing late in the guest costs no capacity.
   */
  public static final int BURST_BYTES = 3200;

  /**
   * tbf's burst for an MTU: {@link #BURST_BYTES}, or two full frames where those are larger (a tbf
   * whose bucket holds less than a frame never sends it: 6.1's {@code tbf_enqueue} drops it).
   *
   * @param mtu the slaves' MTU
   * @return the burst in bytes
   */
  public static int burstBytes(int mtu) {
    return Math.max(BURST_BYTES, 2 * (mtu + 14 + OVERHEAD_BYTES));
  }

  /** Bytes a frame takes on a wire beyond its own: FCS 4, preamble and SFD 8, gap 12. */
  public static final int OVERHEAD_BYTES = 24;

  /** An ACK with timestamps, as the serialisation added to the ACK direction's delay: 66 + 24. */
  static final int ACK_WIRE_BYTES = 90;

  /** A veth pair's speed as bondsim models it: 100 Gbit/s, a 1538-byte frame in 123 ns. */
  public static final long VETH_MBPS = 100_000;

  /**
   * What the guest's own processing adds to each direction: 75 us, half of the 0.15 ms by which
   * TCP's minimum RTT over one lab link exceeded the configured delays (4.79-4.80 ms for 4.65 ms,
   * measured in ../shared/lab's calibration runs).
   */
  public static final long GUEST_PROCESSING_NS = 75_000;

  /**
   * How many times a second the lab's guest stands still ({@link
   * org.bondsim.core.scenario.GuestStalls}): the comparison's one fitted figure, fitted so that one
   * 20 Mbit/s link over 2 ms gives the lab's throughput (18.6 Mbit/s, kept in
   * docs/crosscheck/2026-12-04/single.json; 18.8 without stalls). It cannot be measured: a capture
   * in the guest adds stalls of its own (docs/crosscheck/2026-12-05/stalls.md).
   */
  public static final String GUEST_STALLS_PER_SECOND = "5";

  /**
   * A link of the lab.
   *
   * @param rateKbit tbf's rate
   * @param delayUs the one-way delay
   * @param netem what the link's netem does beyond that delay, in both directions
   */
  public record LabLink(long rateKbit, long delayUs, Netem netem) {
    /**
     * Checks the impairment: netem in the guest is given whole microseconds.
     *
     * @param rateKbit tbf's rate
     * @param delayUs the one-way delay
     * @param netem the impairment, {@link Netem#NONE} for none
     */
    public LabLink {
      if (netem == null) {
        throw new IllegalArgumentException("a lab link's netem must be given (Netem.NONE)");
      }
      if (netem.delayNs() % 1000 != 0 || netem.jitterNs() % 1000 != 0) {
        throw new IllegalArgumentException(
            "crosscheck gives the guest's netem whole microseconds: --netem delay and jitter must"
                + " be multiples of 1us, got "
                + netem.delayNs()
                + " ns and "
                + netem.jitterNs()
                + " ns");
      }
    }

    /**
     * A link with nothing but its rate and delay.
     *
     * @param rateKbit tbf's rate
     * @param delayUs the one-way delay
     */
    public LabLink(long rateKbit, long delayUs) {
      this(rateKbit, delayUs, Netem.NONE);
    }
  }

  /**
   * The arguments of the guest's netem for one direction of a link: the lab's delay for that
   * direction plus the impairment's own, its jitter (netem draws it uniformly when no distribution
   * is named, as bondsim does), and its loss and duplication percentages.
   *
   * @param delayUs the lab's delay for the direction ({@link #forwardDelayUs}, {@link
   *     #backwardDelayUs})
   * @param netem the link's impairment
   * @return the words after {@code netem}, without the queue's limit
   */
  public static String netemArguments(long delayUs, Netem netem) {
    StringBuilder words = new StringBuilder("delay ");
    words.append(delayUs + netem.delayNs() / 1000).append("us");
    if (netem.jitterNs() > 0) {
      words.append(' ').append(netem.jitterNs() / 1000).append("us");
    }
    if (netem.lossProbability() > 0) {
      words.append(" loss ").append(percent(netem.lossProbability()));
    }
    if (netem.duplicateProbability() > 0) {
      words.append(" duplicate ").append(percent(netem.duplicateProbability()));
    }
    return words.toString();
  }

  private static String percent(double probability) {
    return new BigDecimal(probability * 100)
            .round(new MathContext(9))
            .stripTrailingZeros()
            .toPlainString()
        + "%";
  }

  /**
   * A carrier event.
   *
   * @param atSeconds seconds after the transfer started
   * @param up whether the carrier comes back
   * @param slave the slave's index
   */
  public record LabEvent(double atSeconds, boolean up, int slave) {}

  /**
   * Reads a scenario, or refuses it naming what the lab cannot build.
   *
   * @param scenario the bondsim scenario
   * @return the lab's scenario
   * @throws IllegalArgumentException naming the option and what is allowed
   */
  public static LabScenario from(Scenario scenario) {
    String test = scenario.workload().test().toUpperCase(Locale.ROOT);
    if (!test.equals("TCP_STREAM")) {
      throw new IllegalArgumentException(
          "crosscheck runs TCP_STREAM only (the lab's sender is a bulk TCP stream), got -t "
              + scenario.workload().test());
    }
    String mode = scenario.bond().mode().isEmpty() ? "balance-rr" : scenario.bond().mode();
    mode = canonicalMode(mode);
    if (!MODES.contains(mode)) {
      throw new IllegalArgumentException(
          "crosscheck builds two bonds back to back: --bond mode must be one of "
              + String.join(", ", MODES.stream().sorted().toList())
              + " (balance-tlb and balance-alb need a switch), got '"
              + scenario.bond().mode()
              + "'");
    }
    if (scenario.receive() != null) {
      throw new IllegalArgumentException(
          "crosscheck's hosts have veth slaves, which have no NIC to model: --receiver is not"
              + " allowed");
    }
    if (scenario.costs().any()) {
      throw new IllegalArgumentException(
          "crosscheck's real kernel has one user-mode CPU, not the modelled host's: -c, -C,"
              + " --cpu-costs and --cost-profile are not allowed");
    }
    KernelVersion kernel = scenario.host().kernel();
    if (kernel != KernelVersion.LINUX_6 && kernel != KernelVersion.LINUX_6_1) {
      throw new IllegalArgumentException(
          "crosscheck's real kernel is Linux 6.1: --kernel must be 6.x or 6.1, got "
              + kernel.word());
    }
    if (scenario.network().clients() > 1) {
      throw new IllegalArgumentException(
          "crosscheck has one sending host: --clients must be 1, got "
              + scenario.network().clients());
    }
    List<LabLink> links = new ArrayList<>();
    for (SlaveLinkSpec slave : scenario.slaves()) {
      links.add(
          new LabLink(
              slave.speedMbps() * 1000, Math.round(slave.delayNs() / 1000.0), slave.netem()));
    }
    return new LabScenario(
        links,
        mode,
        bondOptions(scenario),
        sysctls(scenario.workload().settings()),
        scenario.workload().streams(),
        scenario.durationNs() / 1e9,
        messageBytes(scenario.workload().testOptions()),
        events(scenario),
        scenario.mtu(),
        scenario.txqueuelen(),
        scenario.host().offloads().gso(),
        scenario.host().offloads().tso());
  }

  private static String canonicalMode(String mode) {
    return switch (mode) {
      case "0" -> "balance-rr";
      case "1" -> "active-backup";
      case "2" -> "balance-xor";
      case "3" -> "broadcast";
      case "4" -> "802.3ad";
      default -> mode;
    };
  }

  /**
   * The bond's options for one of the guest's bonds, whose slaves are {@code s0}, {@code s1}, ...
   * on the sender and {@code r0}, ... on the receiver: a slave named by an option ({@code primary},
   * {@code active_slave}) as {@code eth1} becomes that bond's own slave of that number.
   *
   * @param slavePrefix {@code s} or {@code r}
   * @return the {@code ip link} words
   */
  public String bondOptionsOn(String slavePrefix) {
    String[] words = bondOptions.isEmpty() ? new String[0] : bondOptions.split(" ");
    StringBuilder out = new StringBuilder();
    for (int i = 0; i + 1 < words.length; i += 2) {
      String value = words[i + 1];
      if ((words[i].equals("primary") || words[i].equals("active_slave"))
          && value.matches("eth[0-9]+")) {
        value = slavePrefix + value.substring(3);
      }
      out.append(words[i]).append(' ').append(value).append(' ');
    }
    return out.toString().trim();
  }

  /** The bond's options as {@code ip link} words, module parameters first (as defaults). */
  private static String bondOptions(Scenario scenario) {
    Map<String, String> options = new LinkedHashMap<>(scenario.moduleParameters());
    options.putAll(scenario.bond().settings());
    StringBuilder words = new StringBuilder();
    options.forEach((name, value) -> words.append(name).append(' ').append(value).append(' '));
    return words.toString().trim();
  }

  /**
   * The TCP sysctls for both hosts: the test's {@code net.*} settings over the ones bondsim's hosts
   * have by default (tcp_rmem and tcp_wmem as on a host with some GB of memory, which the small
   * guest would otherwise scale down), and no saved metrics between connections.
   */
  private static Map<String, String> sysctls(Map<String, String> settings) {
    Map<String, String> sysctls = new LinkedHashMap<>();
    sysctls.put("net.ipv4.tcp_rmem", "4096 131072 6291456");
    sysctls.put("net.ipv4.tcp_wmem", "4096 16384 4194304");
    sysctls.put("net.ipv4.tcp_no_metrics_save", "1");
    settings.forEach(
        (name, value) -> {
          if (name.startsWith("net.")) {
            sysctls.put(name, value);
          }
        });
    return sysctls;
  }

  /**
   * {@code -m}, read as netperf's TCP_STREAM reads it; its default is the send buffer's size, 16384
   * ({@code tcp_wmem[1]}).
   */
  private static int messageBytes(List<String> options) {
    return new TestOptions("TCP_STREAM", options, List.of("-m", "-s", "-S"))
        .intValue("-m", 0, 16384, 1, 1 << 30);
  }

  private static List<LabEvent> events(Scenario scenario) {
    List<LabEvent> events = new ArrayList<>();
    for (LinkEvent event : scenario.events()) {
      if (event.fault() != LinkEvent.Fault.CARRIER) {
        throw new IllegalArgumentException(
            "crosscheck pulls cables (--fail, --recover) only: --blackhole is not allowed");
      }
      int slave = Integer.parseInt(event.slave().substring(3));
      events.add(new LabEvent(event.atNs() / 1e9, event.up(), slave));
    }
    // In the scenario's order, which is time order: the guest sleeps from one to the next.
    return events;
  }

  /**
   * The data direction's netem delay: the link's own plus one full frame's serialisation at its
   * rate (tbf releases an idle link's frame when it starts).
   *
   * @param link the link
   * @param mtu the MTU
   * @return microseconds
   */
  public static long forwardDelayUs(LabLink link, int mtu) {
    return link.delayUs() + serialisationUs(mtu + 14 + OVERHEAD_BYTES, link.rateKbit());
  }

  /**
   * The ACK direction's netem delay: the link's own plus one ACK's serialisation.
   *
   * @param link the link
   * @return microseconds
   */
  public static long backwardDelayUs(LabLink link) {
    return link.delayUs() + serialisationUs(ACK_WIRE_BYTES, link.rateKbit());
  }

  /**
   * The scenario's slaves as the lab builds them, for bondsim's side of the comparison: a veth's
   * speed, a tbf at the slave's rate with the lab's burst, the slave's delay, and each direction's
   * extra netem delay plus the guest's own processing ({@link #GUEST_PROCESSING_NS}).
   *
   * @param scenario the scenario as given
   * @return one shaped link per slave
   */
  public static List<SlaveLinkSpec> labLinks(Scenario scenario) {
    List<SlaveLinkSpec> links = new ArrayList<>();
    for (SlaveLinkSpec slave : scenario.slaves()) {
      LabLink link = new LabLink(slave.speedMbps() * 1000, Math.round(slave.delayNs() / 1000.0));
      long forwardExtra =
          (forwardDelayUs(link, scenario.mtu()) - link.delayUs()) * 1000 + GUEST_PROCESSING_NS;
      long backwardExtra = (backwardDelayUs(link) - link.delayUs()) * 1000 + GUEST_PROCESSING_NS;
      links.add(
          new SlaveLinkSpec(VETH_MBPS, slave.delayNs(), slave.netem())
              .shaped(
                  new Shaping(
                      slave.speedMbps(), burstBytes(scenario.mtu()), forwardExtra, backwardExtra)));
    }
    return links;
  }

  private static long serialisationUs(int bytes, long rateKbit) {
    return Math.round(bytes * 8 * 1000.0 / rateKbit);
  }
}
