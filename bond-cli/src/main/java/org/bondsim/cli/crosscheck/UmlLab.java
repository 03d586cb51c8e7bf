package org.bondsim.cli.crosscheck;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Linux kernel as an ordinary process: Debian's user-mode Linux (the {@code user-mode-linux}
 * package, Linux 6.1 with the real bonding driver, veth, tbf, netem and TCP) booted once per run
 * from a root directory built from the host's own packages ({@code build-root.sh}, cached under
 * {@code ~/.cache/bondsim}). The guest builds the scenario ({@code lab.sh}), runs the transfer, and
 * leaves its counters in the run's directory for {@link LabRun} to read.
 *
 * <p>The guest runs under {@code SCHED_FIFO} ({@code chrt -f 50}) when the user may ask for it: its
 * timers then fire on time on a busy host (without it, on a loaded 2-core host, idle pings took 4.5
 * to 63 ms for 4.55 expected). It has one CPU: keep the links' sum near 60 Mbit/s.
 */
public final class UmlLab {
  /** What a host needs, as one {@code apt-get} line. */
  public static final String INSTALL =
      "apt-get install -y user-mode-linux busybox-static iproute2 ethtool gcc libc6-dev";

  private static final String[] RESOURCES = {"build-root.sh", "init", "lab.sh", "stream.c"};
  private static final Path KERNEL = Path.of("/usr/bin/linux.uml");
  private static final List<Path> TOOLS =
      List.of(
          Path.of("/bin/busybox"),
          Path.of("/usr/bin/ip"),
          Path.of("/usr/sbin/tc"),
          Path.of("/usr/bin/ss"),
          Path.of("/usr/bin/nstat"),
          Path.of("/usr/sbin/ethtool"),
          Path.of("/usr/bin/gcc"));

  /** What {@code --pcap-dir} needs beyond {@link #INSTALL}: tcpdump, copied into the guest. */
  public static final String INSTALL_CAPTURE = "apt-get install -y tcpdump";

  private static final List<Path> TCPDUMP =
      List.of(Path.of("/usr/bin/tcpdump"), Path.of("/usr/sbin/tcpdump"));

  private final Path cache;
  private final int realtimePriority;
  private final int sampleMs;
  private final boolean capture;

  /**
   * A lab whose guest root is kept under {@code cache}.
   *
   * @param cache where the guest's root directory is built, once per version of the scripts
   * @param realtimePriority {@code chrt -f}'s priority, 0 for normal scheduling
   */
  public UmlLab(Path cache, int realtimePriority) {
    this(cache, realtimePriority, 0);
  }

  /**
   * A lab whose senders also read {@code TCP_INFO} every {@code sampleMs} ({@link LabSeries}).
   *
   * @param cache where the guest's root directory is built, once per version of the scripts
   * @param realtimePriority {@code chrt -f}'s priority, 0 for normal scheduling
   * @param sampleMs how often stream 0's sender samples, 0 for never
   */
  public UmlLab(Path cache, int realtimePriority, int sampleMs) {
    this(cache, realtimePriority, sampleMs, false);
  }

  /**
   * A lab whose guest may also capture ({@code capture}): tcpdump on each host's bond0, both ways
   * ({@code snd-bond0.pcap}, {@code rcv-bond0.pcap}), 96 bytes of each frame, into the run's
   * directory.
   *
   * @param cache where the guest's root directory is built, once per version of the scripts
   * @param realtimePriority {@code chrt -f}'s priority, 0 for normal scheduling
   * @param sampleMs how often stream 0's sender samples, 0 for never
   * @param capture whether the guest captures
   */
  public UmlLab(Path cache, int realtimePriority, int sampleMs, boolean capture) {
    if (sampleMs < 0) {
      throw new IllegalArgumentException("sampleMs must be at least 0, got " + sampleMs);
    }
    this.cache = cache;
    this.realtimePriority = realtimePriority;
    this.sampleMs = sampleMs;
    this.capture = capture;
  }

  /**
   * Says what a capturing lab lacks beyond {@link #missing}, or null when nothing.
   *
   * @return one line naming tcpdump and the install command, or null
   */
  public static String missingCapture() {
    return missingCapture(TCPDUMP);
  }

  static String missingCapture(List<Path> candidates) {
    return tcpdump(candidates) != null
        ? null
        : "crosscheck --pcap-dir needs tcpdump on this host, to copy into the guest: "
            + INSTALL_CAPTURE;
  }

  private static Path tcpdump(List<Path> candidates) {
    return candidates.stream().filter(Files::isExecutable).findFirst().orElse(null);
  }

  /**
   * Says what is missing for the lab to run, or null when nothing is.
   *
   * @return one line naming the missing files and the install command, or null
   */
  public static String missing() {
    List<String> absent = new ArrayList<>();
    if (!Files.isExecutable(KERNEL)) {
      absent.add(KERNEL.toString());
    }
    if (!Files.isDirectory(Path.of("/usr/lib/uml/modules"))) {
      absent.add("/usr/lib/uml/modules");
    }
    for (Path tool : TOOLS) {
      if (!Files.isExecutable(tool)) {
        absent.add(tool.toString());
      }
    }
    if (!Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libc.a"))) {
      absent.add("libc.a");
    }
    if (absent.isEmpty()) {
      return null;
    }
    return "crosscheck needs user-mode Linux and the tools its guest is built from ("
        + String.join(", ", absent)
        + " missing): "
        + INSTALL;
  }

  /**
   * Builds the guest's root directory unless this version of the scripts built it already.
   *
   * @return the root directory
   * @throws IOException when the build fails, with its output
   */
  public Path root() throws IOException {
    byte[][] scripts = new byte[RESOURCES.length][];
    for (int i = 0; i < RESOURCES.length; i++) {
      scripts[i] = resource(RESOURCES[i]);
    }
    // A root built before tcpdump was installed lacks it: whether the host has it is part of the
    // root's name.
    byte[] withTcpdump = {(byte) (tcpdump(TCPDUMP) != null ? 1 : 0)};
    Path root = cache.resolve("uml-root-" + digest(scripts, withTcpdump));
    if (Files.isExecutable(root.resolve("init"))) {
      return root;
    }
    Path source = Files.createDirectories(cache.resolve("uml-source"));
    for (int i = 0; i < RESOURCES.length; i++) {
      Files.write(source.resolve(RESOURCES[i]), scripts[i]);
    }
    Path log = cache.resolve("uml-root.log");
    Process build =
        new ProcessBuilder(
                "sh",
                source.resolve("build-root.sh").toString(),
                root.toString(),
                source.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (waitFor(build, 300) != 0) {
      throw new IOException("building the guest's root failed; see " + log + ": " + lastLine(log));
    }
    return root;
  }

  /**
   * Boots the guest on one scenario and reads what it measured.
   *
   * @param scenario the lab's scenario
   * @param dir an empty directory for the run's files
   * @return the run
   * @throws IOException when the guest cannot be started or leaves no result
   */
  public LabRun run(LabScenario scenario, Path dir) throws IOException {
    Path root = root();
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve("params"),
        params(scenario) + "SAMPLE_MS=" + sampleMs + "\nCAPTURE=" + (capture ? 1 : 0) + "\n",
        StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("sysctl.conf"), sysctlConf(scenario), StandardCharsets.UTF_8);
    String umid = "bondsim" + ProcessHandle.current().pid() + "x" + System.nanoTime() % 100000;
    List<String> command = new ArrayList<>();
    if (realtimePriority > 0) {
      command.addAll(List.of("chrt", "-f", Integer.toString(realtimePriority)));
    }
    command.addAll(
        List.of(
            KERNEL.toString(),
            "umid=" + umid,
            "mem=512M",
            "root=/dev/root",
            "rootfstype=hostfs",
            "rootflags=" + root,
            "rw",
            "init=/init",
            "bondsim_out=" + dir.toAbsolutePath(),
            "con=null",
            "con0=fd:0,fd:1"));
    Process guest =
        new ProcessBuilder(command)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("console.log").toFile())
            .start();
    long limit = Math.round(scenario.seconds()) + 180;
    waitFor(guest, limit);
    deleteQuietly(Path.of(System.getProperty("user.home"), ".uml", umid));
    return LabRun.read(dir, scenario);
  }

  /** The shell variables lab.sh sources. */
  static String params(LabScenario scenario) {
    StringBuilder text = new StringBuilder();
    List<String> indexes = new ArrayList<>();
    for (int i = 0; i < scenario.slaves().size(); i++) {
      LabScenario.LabLink link = scenario.slaves().get(i);
      indexes.add(Integer.toString(i));
      text.append("RATE_KBIT_").append(i).append('=').append(link.rateKbit()).append('\n');
      text.append("FORWARD_NETEM_")
          .append(i)
          .append("=\"")
          .append(
              LabScenario.netemArguments(
                  LabScenario.forwardDelayUs(link, scenario.mtu()), link.netem()))
          .append("\"\n");
      text.append("BACKWARD_NETEM_")
          .append(i)
          .append("=\"")
          .append(LabScenario.netemArguments(LabScenario.backwardDelayUs(link), link.netem()))
          .append("\"\n");
    }
    text.append("LINKS=\"").append(String.join(" ", indexes)).append("\"\n");
    text.append("MODE=").append(scenario.mode()).append('\n');
    text.append("BOND_OPTS_SND=\"").append(scenario.bondOptionsOn("s")).append("\"\n");
    text.append("BOND_OPTS_RCV=\"").append(scenario.bondOptionsOn("r")).append("\"\n");
    text.append("BURST=").append(LabScenario.burstBytes(scenario.mtu())).append('\n');
    text.append("OVERHEAD=").append(LabScenario.OVERHEAD_BYTES).append('\n');
    text.append("LIMIT_BYTES=")
        .append((long) scenario.txqueuelen() * (scenario.mtu() + 14))
        .append('\n');
    text.append("MTU=").append(scenario.mtu()).append('\n');
    text.append("STREAMS=").append(scenario.streams()).append('\n');
    text.append("TEST_SECONDS=")
        .append(String.format(Locale.ROOT, "%.3f", scenario.seconds()))
        .append('\n');
    text.append("MESSAGE=").append(scenario.messageBytes()).append('\n');
    text.append("ETHTOOL=\"").append(String.join(";", scenario.senderEthtool())).append("\"\n");
    List<String> events = new ArrayList<>();
    for (LabScenario.LabEvent event : scenario.events()) {
      events.add(
          String.format(
              Locale.ROOT,
              "%d %s %d",
              Math.round(event.atSeconds() * 1000),
              event.up() ? "up" : "down",
              event.slave()));
    }
    text.append("EVENTS=\"").append(String.join(";", events)).append("\"\n");
    return text.toString();
  }

  private static String sysctlConf(LabScenario scenario) {
    StringBuilder text = new StringBuilder();
    for (Map.Entry<String, String> entry : scenario.sysctls().entrySet()) {
      text.append(entry.getKey()).append(" = ").append(entry.getValue()).append('\n');
    }
    return text.toString();
  }

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = UmlLab.class.getResourceAsStream("/org/bondsim/cli/crosscheck/" + name)) {
      if (in == null) {
        throw new IOException("the crosscheck script " + name + " is missing from bondsim's jar");
      }
      return in.readAllBytes();
    }
  }

  private static String digest(byte[][] parts, byte[] extra) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (byte[] part : parts) {
        sha.update(part);
      }
      sha.update(extra);
      return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static int waitFor(Process process, long seconds) throws IOException {
    try {
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor();
        return -1;
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the guest ran", e);
    }
  }

  private static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    } catch (IOException e) {
      return e.getMessage();
    }
  }

  private static void deleteQuietly(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(UmlLab::deleteOne);
    } catch (IOException | UncheckedIOException e) {
      // UML's socket directory: nothing to keep, nothing to report.
    }
  }

  private static void deleteOne(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
