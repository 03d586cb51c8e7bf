package org.bondsim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.bondsim.core.host.CpuCosts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bondsim netperf}: runs a netperf test over a simulated bond. */
@Command(
    name = "netperf",
    mixinStandardHelpOptions = true,
    version = "bondsim 0.1.0: netperf 2.7's command line over simulated hosts",
    description = {
      "Runs a netperf test from one simulated host to another over a bond of N slaves (same mode"
          + " and options on both). Slaves are cabled back to back (slave i to the peer's slave i),"
          + " or, for balance-tlb and balance-alb, each to a port of one learning switch"
          + " (--topology).",
      "Test-specific options follow '--', as with netperf: -m message size, -s local socket size,"
          + " -S remote socket size, -r req,resp for TCP_RR; values may be attached (-m1472,"
          + " -r1,1024) and take netperf's K/M/G and k/m/g suffixes."
    })
final class NetperfCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "-t",
      defaultValue = "TCP_STREAM",
      paramLabel = "TEST",
      description =
          "Test name, any case (TCP_STREAM, UDP_STREAM, TCP_RR). Default: ${DEFAULT-VALUE}, as"
              + " netperf.")
  String test;

  @Option(
      names = "-l",
      defaultValue = "10",
      paramLabel = "SECONDS",
      description =
          "Test length in seconds (> 0, fractions allowed). netperf's negative lengths (byte or"
              + " transaction counts) are refused. Default: ${DEFAULT-VALUE}.")
  String length;

  @Option(
      names = "-H",
      paramLabel = "HOST[,FAMILY]",
      description =
          "The remote host's name, shown in the banner; an IPv4 literal becomes the simulated"
              + " remote host's address (default 10.0.0.2). Family 4 or 0; 6 is refused.")
  String remoteHost;

  @Option(
      names = "-L",
      paramLabel = "HOST[,FAMILY]",
      description = "The local host's name, as -H (default address 10.0.0.1).")
  String localHost;

  @Option(names = "-4", description = "IPv4 (what the simulated hosts speak anyway).")
  boolean ipv4;

  @Option(names = "-6", description = "IPv6: refused, the simulated hosts speak IPv4 only.")
  boolean ipv6;

  @Option(
      names = "-c",
      description =
          "Report the local host's CPU utilisation and service demand; like netperf's, it only"
              + " observes. The figures need a CPU model (--host-profile, --cost-profile or"
              + " --cpu-costs); without one they print as -1 (not measured). netperf's optional"
              + " calibration rate after -c is accepted and not needed.")
  boolean localCpu;

  @Option(
      names = "-C",
      description = "Report the remote host's CPU utilisation and service demand, as -c.")
  boolean remoteCpu;

  @Option(
      names = "-s",
      paramLabel = "SECONDS",
      description =
          "Seconds netperf waits before the test (simulated: monitors and learning packets run,"
              + " nothing is measured). Default: 0.")
  String waitSeconds;

  @Option(
      names = "-T",
      paramLabel = "lcpu,rcpu",
      description =
          "Bind netperf to CPU lcpu and netserver to CPU rcpu, as netperf's -T (one number binds"
              + " both; 'N,' netperf only, ',M' netserver only). Each bound application then runs"
              + " on its CPU, with the socket lock, backlog and (2.6.37) prequeue between it and"
              + " the softirq. Needs a CPU model.")
  String cpuBinding;

  @Option(
      names = "-p",
      paramLabel = "port[,lport]",
      description =
          "netserver's control port (and netperf's own): accepted; the simulated hosts have no"
              + " control connection, so it changes nothing (a note says so).")
  String controlPort;

  @Option(
      names = "-i",
      paramLabel = "max[,min]",
      description =
          "Confidence iterations: accepted; a run is deterministic, so every iteration gives the"
              + " same figure and one is run (a note says so; vary --seed, or use bondsim"
              + " compare, for a spread).")
  String iterations;

  @Option(
      names = "-I",
      paramLabel = "level[,width]",
      description = "Confidence level (95 or 99) and interval width in %%: accepted, as -i.")
  String confidence;

  @Option(
      names = "-P",
      paramLabel = "0|1",
      defaultValue = "1",
      description = "1: print the banner and column headers (default); 0: only the results.")
  String printHeaders;

  @Option(
      names = "-v",
      paramLabel = "LEVEL",
      defaultValue = "1",
      description =
          "Verbosity: 0 prints only the figure of merit; 1 (default) and more netperf's table and"
              + " bondsim's tables.")
  String verbosity;

  @Option(
      names = "-f",
      defaultValue = "m",
      description =
          "Throughput units: k, m, g for 10^3/10^6/10^9 bits/s; K, M, G for 2^10/2^20/2^30"
              + " bytes/s. Default: ${DEFAULT-VALUE}.")
  String units;

  @Option(
      names = "--bond",
      defaultValue = "mode balance-rr",
      description =
          "Bond settings as 'ip link add bond0 type bond' takes them, e.g. \"mode balance-rr"
              + " packets_per_slave 1 miimon 100\". Default: ${DEFAULT-VALUE}.")
  String bond;

  @Option(
      names = "--module-param",
      paramLabel = "NAME=VALUE",
      description =
          "A bonding module parameter (global default that --bond overrides), e.g. miimon=100."
              + " Repeatable.")
  List<String> moduleParameters = new ArrayList<>();

  @Option(
      names = "--slaves",
      defaultValue = "2x1000",
      description =
          "Slave speeds in Mbit/s: COUNTxSPEED (3x1000) or a comma list (1000,1000,100)."
              + " Default: ${DEFAULT-VALUE}.")
  String slaves;

  @Option(
      names = "--mtu",
      defaultValue = "1500",
      description = "MTU, 68..65535. Default: ${DEFAULT-VALUE}.")
  String mtu;

  @Option(
      names = "--delay-us",
      defaultValue = "20",
      description =
          "One-way delay per slave link in microseconds: one value, or one per slave (20,20,50)."
              + " Default: ${DEFAULT-VALUE}.")
  String delayMicros;

  @Option(
      names = "--txqueuelen",
      defaultValue = "1000",
      description = "Each slave's qdisc limit in frames. Default: ${DEFAULT-VALUE}.")
  String txqueuelen;

  @Option(
      names = "--link-clocks",
      defaultValue = "free",
      paramLabel = "free|locked",
      description =
          "free: each NIC transmits on its own oscillator (within IEEE 802.3's 100 ppm, seeded),"
              + " so equal delays do not tie; locked: one ideal clock, so frames handed to idle"
              + " slaves together arrive together over equal delays (an exact tie, for teaching)."
              + " Default: ${DEFAULT-VALUE}.")
  String linkClocks;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "Seed of every random choice. Default: ${DEFAULT-VALUE}.")
  String seed;

  @Option(
      names = "--streams",
      defaultValue = "1",
      description =
          "Concurrent test instances, 1..16384, each on its own local port (TCP: an ephemeral one)."
              + " Default: 1.")
  String streams;

  @Option(
      names = "--stagger",
      paramLabel = "TIME",
      description =
          "TCP_RR with --streams: start the instances this far apart (10ms, 1.5ms, 0.2s), each"
              + " timing its own -l window, as netperf processes launched one after another do;"
              + " the report adds their rates (what a script summing the outputs gets) and gives"
              + " the aggregate over the interval all were timing. Default: 0 (together).")
  String stagger;

  @Option(
      names = "--bond-age",
      paramLabel = "TIME",
      description =
          "How long both bonds have been up when netperf starts (5s, 2500ms): the phase of their"
              + " monitors at the test's start, such as balance-tlb's 10 s rebalance; netperf's -s"
              + " wait comes on top. Default: 0 (the bonds come up with netperf).")
  String bondAge;

  @Option(
      names = "--ethtool",
      paramLabel = "COMMAND",
      description =
          "An 'ethtool -K DEV FEATURE on|off ...' line run on the sending host before the"
              + " test (repeatable, in order; DEV bond0 or a slave, FEATURE tx, sg, tso, ufo or"
              + " gso), from the kernel's stock devices (2.6.37: e1000e slaves with TSO, SG and"
              + " checksumming on, a bond0 that takes TSO from them; 3.16 and 6.x: bond0 and"
              + " slaves with all four on, bond0 keeping TSO whatever the slaves have). It"
              + " decides where TCP's super-packets are cut: by the slaves' NICs, in software at"
              + " the slaves or at bond0, or (2.6.37, 3.16) not built at all; what the kernel"
              + " refuses (2.6.37: tso on bond0, Operation not supported) or changes unasked"
              + " (Actual changes) is a warning with ethtool's words, as in a script that goes"
              + " on. 6.x without it: as after -K bond0 tso off.")
  List<String> ethtool = new ArrayList<>();

  @Option(
      names = "--tcp-metrics",
      paramLabel = "ENTRY|flush",
      description =
          "Keep the sending host's per-destination TCP metrics (tcp_update_metrics,"
              + " tcp_init_metrics): start from ENTRY, a line as 'ip tcp_metrics show' prints it"
              + " (ssthresh, cwnd, reordering, rtt, rttvar; 2.6.37 keeps them in the route cache),"
              + " or from an empty cache with flush, and print the entry the test's connections"
              + " leave, to start the next run from. Default: no metrics kept (every run as after"
              + " 'ip tcp_metrics flush').")
  String tcpMetrics;

  @Option(
      names = "--rate-mbps",
      description =
          "UDP_STREAM: send at this payload rate per stream in Mbit/s (fractions allowed, 0 = as"
              + " fast as possible).")
  String rateMbps;

  @Option(
      names = "--send-cost-ns",
      description =
          "UDP_STREAM: time one send() call takes the sending application, in ns (1..10^9)."
              + " Default: 1000. TCP tests charge the sender with --cpu-costs tx instead.")
  String sendCostNs;

  @Option(
      names = "--topology",
      defaultValue = "auto",
      paramLabel = "auto|back-to-back|switch",
      description =
          "How the slaves are cabled: auto (a switch for balance-tlb and balance-alb, or when"
              + " --port-channel is given; back to back otherwise), back-to-back, or switch (every"
              + " mode; balance-rr, balance-xor, broadcast and 802.3ad through a port channel)."
              + " Default: ${DEFAULT-VALUE}.")
  String topology;

  @Option(
      names = "--clients",
      defaultValue = "1",
      paramLabel = "N",
      description =
          "Client hosts, each with a bond like the first, running the streams in turn against the"
              + " one remote host through the switch (balance-tlb, balance-alb, active-backup)."
              + " The slave table shows the first client and the remote host. Default:"
              + " ${DEFAULT-VALUE}.")
  String clients;

  @Option(
      names = "--switch-buffer",
      defaultValue = "1000",
      paramLabel = "FRAMES",
      description = "Frames each switch port queues before dropping. Default: ${DEFAULT-VALUE}.")
  String switchBuffer;

  @Option(
      names = "--fail",
      paramLabel = "SLAVE@TIME",
      description =
          "Take a slave's link down, e.g. eth0@2s (through a switch: the sending host's cable)."
              + " Repeatable.")
  List<String> failures = new ArrayList<>();

  @Option(
      names = "--blackhole",
      paramLabel = "SLAVE@TIME[:tx|:rx]",
      description =
          "Lose every frame on a slave's cable while its carrier stays up, e.g. eth0@2s (both"
              + " ways), eth0@2s:tx (what the host sends) or eth0@2s:rx (what it receives):"
              + " a switch line card that stopped forwarding, a fibre cut one way. Drops count as"
              + " blackhole. Repeatable.")
  List<String> blackholes = new ArrayList<>();

  @Option(
      names = "--recover",
      paramLabel = "SLAVE@TIME",
      description =
          "End a slave's fault, e.g. eth0@4s: the carrier comes back, a black hole ends."
              + " Repeatable.")
  List<String> recoveries = new ArrayList<>();

  @Option(
      names = "--port-channel",
      paramLabel = "SETTINGS",
      description =
          "How the switch bundles each host's ports (--topology switch, for balance-rr,"
              + " balance-xor, broadcast and 802.3ad), in switch words: mode on|active|passive,"
              + " lacp-rate normal|fast, load-balance src-mac|dst-mac|src-dst-mac|src-ip|dst-ip|"
              + "src-dst-ip|src-port|dst-port|src-dst-port. Default: mode active lacp-rate normal"
              + " load-balance src-dst-ip for 802.3ad, mode on for the others.")
  String portChannel;

  @Option(names = "--json", description = "Print one JSON object instead of tables.")
  boolean json;

  @Option(
      names = "--json-schema",
      description = "Print the JSON Schema of --json's output and exit.")
  boolean jsonSchema;

  @Option(
      names = "--all-streams",
      description =
          "With --streams N, print every local connection's ss -ti line, not only stream 0's.")
  boolean allStreams;

  @Option(
      names = "--pcap",
      paramLabel = "DIR",
      description =
          "Write a pcap capture (nanosecond timestamps) of every interface of both hosts that"
              + " carried frames, DIR/HOST-IFACE.pcap, headers only unless --pcap-snaplen.")
  Path pcap;

  @Option(
      names = "--pcap-start",
      paramLabel = "DATE",
      description =
          "The wall-clock time the captures' timestamps count from, as ISO 8601 (2026-12-05T09:00:00Z;"
              + " default 1970-01-01T00:00:00Z, the Unix epoch).")
  String pcapStart;

  @Option(
      names = "--pcap-snaplen",
      paramLabel = "BYTES",
      description = "Bytes of each frame to keep, payload as zeros (default 0: the headers only).")
  String pcapSnaplen;

  @Option(
      names = "-D",
      paramLabel = "interval[,units]",
      description =
          "netperf's demo mode: an \"Interim result:\" line every interval seconds of the test"
              + " (simulated; the units guess is accepted and not needed).")
  String demo;

  @Option(
      names = "--series",
      paramLabel = "FILE.csv",
      description =
          "Write a time series of the measured interval: one CSV row per --interval (goodput, per"
              + " slave tx bytes, cwnd, ssthresh, in flight, retransmissions, SACK reorder events,"
              + " reordering at TCP's input, receiver CPU).")
  Path series;

  @Option(
      names = "--plot",
      paramLabel = "FILE.png|FILE.svg",
      description =
          "With --series: draw it, goodput and each slave's rate, cwnd, ssthresh and in flight,"
              + " retransmissions and reordering per interval, over the test's time.")
  Path plot;

  @Option(
      names = "--interval",
      paramLabel = "TIME",
      description = "The --series interval, such as 10ms (default 100ms).")
  String interval;

  @Option(
      names = "--nstat",
      description =
          "After the run, print each host's counters as nstat -az does, with each counter's mean"
              + " rate per second over the run.")
  boolean nstat;

  @Option(
      names = "--proc-net-bonding",
      description =
          "After the run, print each host's /proc/net/bonding/bond0 in the driver's format (with"
              + " --json: as the proc_net_bonding object).")
  boolean procNetBonding;

  @Parameters(paramLabel = "TEST-OPTIONS", description = "Test-specific options after '--'.")
  List<String> testOptions = new ArrayList<>();

  @Option(
      names = "--netem",
      description =
          "Impair every slave's path as Linux's netem would, e.g. \"delay 100us 20us loss 0.1%%"
              + " duplicate 0.05%%\" (jitter reorders).")
  String netem;

  @Option(
      names = "--receiver",
      description =
          "Model both hosts' receive path with ethtool's words, e.g. \"gro on rx-usecs 50"
              + " rx-frames 0 rx-ring 256\" (NAPI weight 64, netdev_budget 300); \"irq-cpus 0,1,0\""
              + " pins slave i's interrupt to the i-th CPU listed (default all on CPU 0);"
              + " \"adaptive-rx on\" chooses the interrupt rate as e1000e does. Without"
              + " it the receiver is ideal: every frame reaches the bond the instant it arrives.")
  String receiver;

  @Option(
      names = "--cpus",
      description =
          "CPUs per host (default 1, or as many as --receiver irq-cpus names). CPU %% is averaged"
              + " over them as netperf does. Given without --receiver, it models the receive path"
              + " with its defaults.")
  String cpus;

  @Option(
      names = "--sender",
      description =
          "The sending host's offloads in ethtool's words: \"gso off tso off\" (default) or with"
              + " either on, TCP hands the bond super-packets of up to 64 KB that the slave cuts"
              + " into segments.")
  String sender;

  @Option(
      names = "--cpu-costs",
      description =
          "CPU time per operation on each host, e.g. \"frame 500 up 1000 byte 0.25 ack 600 sack"
              + " 100 tx 1500\" (ns; byte in ns per byte), then optionally copy, gso, irq, poll,"
              + " sacktag, tcp, wakeup. Alone it names the first six; over"
              + " --cost-profile each word replaces that figure. Receive costs need --receiver"
              + " or --cpus. Default: none.")
  String cpuCosts;

  @Option(
      names = "--cost-profile",
      paramLabel = "NAME",
      description =
          "Named CPU costs: none (default), generic-2010 (uncalibrated 2010-era x86 figures) or"
              + " reference-2.6.37 (generic-2010's per-operation figures x "
              + CpuCosts.REFERENCE_2_6_37_FACTOR
              + " with both copies at"
              + " 0.25 ns/byte, calibrated on one row of the reference experiment; see docs/receive-path.md).")
  String costProfile;

  @Option(
      names = "--host-profile",
      paramLabel = "NAME",
      description =
          "Both hosts from a named profile (kernel, CPUs, receive path, costs, offloads; see"
              + " 'bondsim host-profiles'), or a NAME.properties file of the same form. --kernel,"
              + " --sender, --receiver, --cpus, --cost-profile and --cpu-costs change it.")
  String hostProfile;

  @Option(
      names = "--kernel",
      description =
          "Which kernel's TCP to follow: 6.x (default), 6.1 (as released: its timers' 2-tick"
              + " floor), 3.16 (the tlb_dynamic_lb experiment) or 2.6.37 (the GRO experiment). The"
              + " tick is --sysctl"
              + " bondsim.hz=100|250|300|1000 (CONFIG_HZ, default 1000); its timers run as the"
              + " kernel's timer wheel does (--sysctl bondsim.timer_wheel=cascading or"
              + " non-cascading to choose).")
  String kernel;

  @Option(
      names = "--sysctl",
      paramLabel = "NAME=VALUE",
      description = "A sysctl the test reads, e.g. net.ipv4.tcp_reordering=10. Repeatable.")
  List<String> sysctls = new ArrayList<>();

  @Override
  public Integer call() {
    if (jsonSchema) {
      spec.commandLine().getOut().println(JsonSchemas.netperf());
      return 0;
    }
    return new NetperfExecution(this, spec.commandLine()).call();
  }
}
