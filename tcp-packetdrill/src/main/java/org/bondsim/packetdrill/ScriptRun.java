package org.bondsim.packetdrill;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.SkbTruesize;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.SackBlock;
import org.bondsim.api.tcp.SynOptions;
import org.bondsim.api.tcp.TcpSegment;
import org.bondsim.core.engine.EventLoop;
import org.bondsim.packetdrill.Step.PacketLine;
import org.bondsim.tcp.SocketInfo;

/**
 * Runs one script against the TCP model, as packetdrill's {@code run.c} runs it against a kernel:
 * events in order, each at its script time; relative times count from the previous event's script
 * time when both are inbound packets and from "now" otherwise ({@code
 * adjust_relative_event_times}); an outbound line takes the next packet the stack sent and checks
 * its time within the tolerance ({@code verify_time}: {@code --tolerance_usecs}, 4 ms by default,
 * or 12.5 % of the gap since the previous event if larger) and its headers. Time is the event
 * loop's, so a run is exact and takes no wall time.
 */
final class ScriptRun {

  /** The header options the run honours; any other is a skip. */
  private static final java.util.Set<String> KNOWN_OPTIONS =
      java.util.Set.of("tolerance_usecs", "tolerance_percent", "strict_segments");

  private final Script script;
  private final EventLoop loop = new EventLoop();
  private final Map<String, String> sysctls = new HashMap<>();
  // What the script's %{ }% blocks assigned: packetdrill runs them all in one interpreter.
  private final Map<String, Long> pythonVariables = new HashMap<>();
  private final LocalHost host;
  private final long toleranceUs;
  private final double tolerancePercent;
  private final boolean strictSegments;
  private final Sockets sockets;
  private Step last;
  private long lastScriptUs;
  // Each side's initial sequence number as the script's SYN lines write it (packetdrill's
  // local_isn and remote_isn). Only SYN lines carry absolute numbers; every other line counts
  // from its ISN, so it maps with 0.
  private long localIsn;
  private long remoteIsn;
  // packetdrill's TS val mapping: each outbound script TS val to the value the stack sent, and
  // the first pair, to place an inbound TS ecr that echoes no outbound line on the stack's clock.
  private final Map<Long, Long> tsVals = new HashMap<>();
  private long firstScriptTsVal = -1;
  private long firstActualTsVal;

  ScriptRun(Script script, String kernel, int hz, Tolerance tolerance) {
    this.script = script;
    sysctls.put("bondsim.kernel", kernel);
    sysctls.put("bondsim.hz", Integer.toString(hz));
    // packetdrill's tun device offers TSO and GSO, so the stack hands it super-packets.
    sysctls.put("bondsim.gso", "1");
    this.host = new LocalHost(loop);
    this.sockets = new Sockets(host, this::frameOut, sysctls);
    this.toleranceUs = (long) number(script, "tolerance_usecs", tolerance.usecs());
    this.tolerancePercent = number(script, "tolerance_percent", tolerance.percent());
    this.strictSegments = script.options().containsKey("strict_segments");
  }

  private static double number(Script script, String option, double otherwise) {
    String text = script.options().get(option);
    if (text == null) {
      return otherwise;
    }
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new ScriptSyntaxException(
          script.name(), 1, "--" + option + " must be a number, got '" + text + "'");
    }
  }

  /** A failed line: what it expected and what the model did. */
  static final class Mismatch extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Mismatch(String message) {
      super(message, null, false, false);
    }
  }

  ScriptResult run() {
    for (String option : script.options().keySet()) {
      if (!KNOWN_OPTIONS.contains(option)) {
        return new ScriptResult(
            script.name(),
            ScriptResult.Outcome.SKIP,
            1,
            "packetdrill option --"
                + option
                + " (the interpreter honours --tolerance_usecs,"
                + " --tolerance_percent and --strict_segments)");
      }
    }
    for (Step step : script.steps()) {
      try {
        runStep(step);
      } catch (Mismatch e) {
        return new ScriptResult(
            script.name(), ScriptResult.Outcome.FAIL, step.line(), e.getMessage());
      } catch (Unsupported e) {
        return new ScriptResult(
            script.name(), ScriptResult.Outcome.SKIP, step.line(), e.getMessage());
      }
      last = step;
    }
    return new ScriptResult(script.name(), ScriptResult.Outcome.PASS, 0, "");
  }

  private void runStep(Step step) {
    long nowUs = loop.now() / 1000;
    When when = step.when();
    long startUs;
    long endUs;
    switch (when.kind()) {
      case ANY -> {
        startUs = nowUs;
        endUs = Long.MAX_VALUE / 4;
      }
      case ABSOLUTE, ABSOLUTE_RANGE -> {
        startUs = when.startUs();
        endUs = when.endUs();
      }
      default -> {
        long offset = anchored(last) && anchored(step) ? lastScriptUs : nowUs;
        startUs = offset + when.startUs();
        endUs = offset + when.endUs();
      }
    }
    long gapUs = startUs - lastScriptUs;
    lastScriptUs = startUs;
    if (step instanceof PacketLine packet && !packet.inbound()) {
      expectOutbound(packet, when, startUs, endUs, gapUs);
      return;
    }
    // Packets the model sends meanwhile wait for the next > line.
    runThrough(startUs * 1000);
    if (step instanceof PacketLine packet) {
      inject(packet);
    } else if (step instanceof Step.SyscallLine call) {
      sockets.call(call);
    } else if (step instanceof Step.PythonBlock block) {
      checkInfo(block);
    } else if (step instanceof Step.ShellLine shell) {
      try {
        ShellCommands.apply(shell.command(), sysctls);
      } catch (ShellCommands.BadValue e) {
        // packetdrill fails a script whose shell command fails.
        throw new Mismatch(e.getMessage());
      }
    }
  }

  private static boolean anchored(Step step) {
    return step instanceof PacketLine packet && packet.inbound();
  }

  /** Runs every event up to and at {@code ns}; a sent packet stops the loop, so go on after it. */
  private void runThrough(long ns) {
    while (true) {
      long before = host.sentCount();
      loop.runUntil(ns);
      if (host.sentCount() == before) {
        return;
      }
    }
  }

  // ------------------------------------------------------------------ outbound

  private void expectOutbound(PacketLine line, When when, long startUs, long endUs, long gapUs) {
    // The model never sends these: comparing would report a difference the script is not about.
    requireModelledFlags("outbound", line.flags());
    long tolerance = Math.max(toleranceUs, (long) (tolerancePercent / 100.0 * gapUs));
    // packetdrill waits up to two seconds past the expected time before it gives up.
    long deadlineNs = (Math.max(startUs, endUs) + 2_000_000L) * 1000;
    awaitSent(deadlineNs);
    String expected = "outbound " + describe(line) + " " + at(when, startUs, endUs);
    if (host.sent().isEmpty()) {
      throw new Mismatch(
          "expected " + expected + ", got nothing by " + seconds(deadlineNs / 1000) + " s");
    }
    // Like packetdrill without --strict_segments, take packets until their payload reaches the
    // line's (a TSO/GSO packet may leave in pieces): equal pieces but the last, the last's headers
    // and time, the first's sequence number (run_packet.c, aggregate_packets in packet.c).
    boolean synLine = (line.flags() & TcpSegment.SYN) != 0;
    if (synLine) {
      localIsn = line.seq();
    }
    LocalHost.Sent first = host.sent().poll();
    LocalHost.Sent lastPiece = first;
    int length = first.packet().payloadBytes();
    while (!strictSegments && length < line.length()) {
      awaitSent(deadlineNs);
      LocalHost.Sent next = host.sent().peek();
      if (next == null
          || lastPiece.packet().payloadBytes() == 0
          || (next.packet().tcp().flags() | TcpSegment.PSH)
              != (lastPiece.packet().tcp().flags() | TcpSegment.PSH)
          || next.packet().tcp().sequence()
              != lastPiece.packet().tcp().sequence() + lastPiece.packet().payloadBytes()
          || (length + next.packet().payloadBytes() < line.length()
              && next.packet().payloadBytes() != lastPiece.packet().payloadBytes())) {
        break;
      }
      host.sent().poll();
      lastPiece = next;
      length += next.packet().payloadBytes();
    }
    long actualUs = lastPiece.atNs() / 1000;
    TcpSegment segment = lastPiece.packet().tcp();
    long seq = Wire.toScript(first.packet().tcp().sequence(), synLine ? localIsn : 0);
    String got = describe(segment, seq, length) + " at " + seconds(actualUs) + " s";
    if (when.kind() != When.Kind.ANY
        && (actualUs < startUs - tolerance || actualUs > endUs + tolerance)) {
      throw new Mismatch(
          "expected " + expected + ", got " + got + " (tolerance " + tolerance + " us)");
    }
    boolean same =
        segment.flags() == line.flags()
            && seq == line.seq()
            && length == line.length()
            && (line.ack() == PacketLine.ANY
                || Wire.toScript(segment.acknowledgment(), synLine ? remoteIsn : 0) == line.ack())
            && (line.window() == PacketLine.ANY || scaledWindow(segment) == line.window())
            && (line.options() == null
                || Wire.renderForComparison(Wire.options(segment, 0))
                    .equals(Wire.renderForComparison(line.options())));
    if (!same) {
      throw new Mismatch("expected " + expected + ", got " + got);
    }
    rememberTsVal(line, segment);
    // The time the stack sent it is the script's time of this line from now on.
    lastScriptUs = actualUs;
  }

  /** Runs the model until it has sent a packet not yet matched, or until {@code deadlineNs}. */
  private void awaitSent(long deadlineNs) {
    while (host.sent().isEmpty() && loop.now() < deadlineNs) {
      loop.runUntil(deadlineNs);
    }
  }

  private void rememberTsVal(PacketLine line, TcpSegment segment) {
    if (line.options() == null || segment.tsVal() == 0) {
      return;
    }
    for (TcpOption option : line.options()) {
      if (option instanceof TcpOption.Timestamp ts && ts.value() >= 0) {
        tsVals.put(ts.value(), segment.tsVal());
        if (firstScriptTsVal < 0) {
          firstScriptTsVal = ts.value();
          firstActualTsVal = segment.tsVal();
        }
      }
    }
  }

  /** An inbound TS ecr on the stack's clock (packetdrill's get_outbound_ts_val_mapping). */
  private long liveTsEcr(long scriptEcr) {
    if (scriptEcr <= 0) {
      return 0;
    }
    Long mapped = tsVals.get(scriptEcr);
    if (mapped != null) {
      return mapped;
    }
    if (firstScriptTsVal < 0) {
      throw new Mismatch(
          "unable to infer live TS ecr for script TS ecr "
              + scriptEcr
              + "; no matching or preceding outbound TS val");
    }
    return Math.max(1, scriptEcr - firstScriptTsVal + firstActualTsVal);
  }

  private long scaledWindow(TcpSegment segment) {
    if (segment.has(TcpSegment.SYN)) {
      return segment.window();
    }
    return segment.window() >> sockets.localWindowShift();
  }

  private String at(When when, long startUs, long endUs) {
    return switch (when.kind()) {
      case ANY -> "at any time";
      case ABSOLUTE_RANGE, RELATIVE_RANGE ->
          "between " + seconds(startUs) + " and " + seconds(endUs) + " s";
      default -> "at " + seconds(startUs) + " s";
    };
  }

  private static String seconds(long us) {
    return String.format(Locale.ROOT, "%.3f", us / 1e6);
  }

  private static String describe(PacketLine line) {
    StringBuilder s = new StringBuilder();
    s.append(Wire.flags(line.flags()))
        .append(' ')
        .append(line.seq())
        .append(':')
        .append(line.end())
        .append('(')
        .append(line.length())
        .append(')');
    if (line.ack() != PacketLine.ANY) {
      s.append(" ack ").append(line.ack());
    }
    if (line.window() != PacketLine.ANY) {
      s.append(" win ").append(line.window());
    }
    if (line.options() != null) {
      s.append(' ').append(Wire.render(line.options()));
    }
    return s.toString();
  }

  private String describe(TcpSegment segment, long seq, int length) {
    StringBuilder s = new StringBuilder();
    s.append(Wire.flags(segment.flags()))
        .append(' ')
        .append(seq)
        .append(':')
        .append(seq + length)
        .append('(')
        .append(length)
        .append(')');
    if (segment.has(TcpSegment.ACK)) {
      s.append(" ack ")
          .append(
              Wire.toScript(segment.acknowledgment(), segment.has(TcpSegment.SYN) ? remoteIsn : 0));
    }
    s.append(" win ").append(scaledWindow(segment));
    List<TcpOption> options = Wire.options(segment, 0);
    if (!options.isEmpty()) {
      s.append(' ').append(Wire.render(options));
    }
    return s.toString();
  }

  // ------------------------------------------------------------------ inbound

  private void inject(PacketLine line) {
    List<SackBlock> sack = new ArrayList<>();
    long tsVal = 0;
    long tsEcr = 0;
    int mss = 0;
    boolean sackPermitted = false;
    boolean timestamps = false;
    int scale = -1;
    for (TcpOption option : line.options() == null ? List.<TcpOption>of() : line.options()) {
      if (option instanceof TcpOption.Sack blocks) {
        for (long[] b : blocks.blocks()) {
          sack.add(new SackBlock(Wire.toModel(b[0], 0), Wire.toModel(b[1], 0)));
        }
      } else if (option instanceof TcpOption.Timestamp ts) {
        timestamps = true;
        tsVal = Math.max(ts.value(), 1);
        // Only an ACK's echo is mapped, as packetdrill does; a SYN's means nothing.
        tsEcr = (line.flags() & TcpSegment.ACK) != 0 ? liveTsEcr(ts.echo()) : 0;
      } else if (option instanceof TcpOption.Mss m) {
        mss = m.value();
      } else if (option instanceof TcpOption.SackPermitted) {
        sackPermitted = true;
      } else if (option instanceof TcpOption.WindowScale w) {
        scale = w.shift();
      }
    }
    boolean syn = (line.flags() & TcpSegment.SYN) != 0;
    if (syn) {
      remoteIsn = line.seq();
    }
    requireModelledFlags("inbound", line.flags());
    long window = line.window() == PacketLine.ANY ? 65535 : line.window();
    if (!syn) {
      window <<= sockets.peerWindowShift();
    }
    boolean ack = (line.flags() & TcpSegment.ACK) != 0;
    TcpSegment segment =
        new TcpSegment(
            Wire.toModel(line.seq(), syn ? remoteIsn : 0),
            ack ? Wire.toModel(line.ack(), syn ? localIsn : 0) : -1,
            line.flags(),
            window,
            0,
            sack,
            tsVal,
            tsEcr,
            syn ? new SynOptions(mss, sackPermitted, timestamps, scale) : null);
    Packet packet =
        new Packet(
            frameIn(),
            line.length(),
            segment,
            -1,
            0,
            loop.now(),
            null,
            SkbTruesize.of(line.length() + 40));
    sockets.deliver(packet, syn ? scale : -2);
    // The segment's processing (and what it sends) happens at this instant.
    runThrough(loop.now());
  }

  private Frame frameOut() {
    return new Frame(
        new EthernetHeader(host.mac(), REMOTE_MAC, EthernetHeader.NO_VLAN, EtherType.IPV4),
        Ipv4Header.of(LocalHost.LOCAL, LocalHost.REMOTE, IpProtocol.TCP),
        new org.bondsim.api.packet.TcpHeader(8080, 54321));
  }

  private Frame frameIn() {
    return new Frame(
        new EthernetHeader(REMOTE_MAC, host.mac(), EthernetHeader.NO_VLAN, EtherType.IPV4),
        Ipv4Header.of(LocalHost.REMOTE, LocalHost.LOCAL, IpProtocol.TCP),
        new org.bondsim.api.packet.TcpHeader(54321, 8080));
  }

  private static final MacAddress REMOTE_MAC = new MacAddress(0x02_00_00_00_00_02L);

  // ------------------------------------------------------------------ tcp_info

  private void checkInfo(Step.PythonBlock block) {
    SocketInfo info = sockets.info();
    PythonAsserts.Failure failure =
        PythonAsserts.run(
            block.code(),
            name -> {
              Long state = SocketInfo.CA_STATES.get(name);
              return state != null ? OptionalLong.of(state) : info.field(name);
            },
            pythonVariables);
    if (failure != null) {
      throw new Mismatch(
          "assertion failed: " + failure.assertion() + " (the model has " + failure.values() + ")");
    }
  }

  /** A line with RST, URG or ECN flags skips the script: the model has none of them. */
  private static void requireModelledFlags(String direction, int flags) {
    if ((flags & (TcpSegment.RST | TcpSegment.URG | TcpSegment.ECE | TcpSegment.CWR)) != 0) {
      throw new Unsupported(
          direction + " flags " + Wire.flags(flags) + " (RST, URG and ECN are not modelled)");
    }
  }
}
