package org.bondsim.cli;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.bondsim.api.packet.Frame;
import org.bondsim.policy.hash.HashFormula;
import org.bondsim.policy.hash.XmitHash;
import org.bondsim.policy.hash.XmitHashPolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bondsim xmit-hash}: which slave a frame takes under an xmit_hash_policy. */
@Command(
    name = "xmit-hash",
    mixinStandardHelpOptions = true,
    description = {
      "Computes Linux's bonding transmit hash for one frame, for every row of a CSV file"
          + " (--input), or for many random flows (--spread), and the slave it picks when all"
          + " --slaves can transmit (hash %% slaves, as balance-xor and 802.3ad do)."
    })
final class XmitHashCommand implements Callable<Integer> {
  static final List<String> COLUMNS =
      List.of(
          "policy",
          "src_mac",
          "dst_mac",
          "vlan",
          "ethertype",
          "src_ip",
          "dst_ip",
          "ip_proto",
          "src_port",
          "dst_port",
          "icmp_id",
          "frag");

  @Spec CommandSpec spec;

  @Option(
      names = "--policy",
      description =
          "xmit_hash_policy: layer2, layer3+4, layer2+3, encap2+3, encap3+4, vlan+srcmac."
              + " Default: layer2.")
  String policy;

  @Option(
      names = "--bond",
      paramLabel = "SETTINGS",
      description =
          "Ask a registered mode instead, plugins included (BONDSIM_CLASSPATH), in 'ip link'"
              + " words: \"mode balance-xor xmit_hash_policy layer3+4\", \"mode balance-tlb\"."
              + " Its slaves are all up; no time passes (see docs/command.md).")
  String bond;

  @Option(
      names = "--formula",
      defaultValue = "current",
      description =
          "Which kernel's arithmetic: 2.6, 3.5, 3.13, 3.16, 3.19, 4.15, 5.5, 5.15, 5.18, current."
              + " Default: ${DEFAULT-VALUE}.")
  String formula;

  @Option(names = "--slaves", required = true, description = "Number of usable slaves (1..1024).")
  int slaves;

  @Option(names = "--src-mac", defaultValue = "", description = "Source MAC.")
  String srcMac;

  @Option(names = "--dst-mac", defaultValue = "", description = "Destination MAC.")
  String dstMac;

  @Option(names = "--vlan", defaultValue = "", description = "802.1Q VLAN id (0..4095).")
  String vlan;

  @Option(
      names = "--ethertype",
      defaultValue = "",
      description = "Ethertype such as 0x0806; taken from the addresses when omitted.")
  String etherType;

  @Option(names = "--src-ip", defaultValue = "", description = "Source IPv4 or IPv6 address.")
  String srcIp;

  @Option(names = "--dst-ip", defaultValue = "", description = "Destination address.")
  String dstIp;

  @Option(
      names = "--proto",
      defaultValue = "",
      description = "tcp, udp, icmp, icmpv6, sctp or a protocol number.")
  String proto;

  @Option(names = "--sport", defaultValue = "", description = "Source port.")
  String sport;

  @Option(names = "--dport", defaultValue = "", description = "Destination port.")
  String dport;

  @Option(
      names = "--icmp-id",
      defaultValue = "",
      description = "ICMP echo identifier (makes the frame an echo request).")
  String icmpId;

  @Option(
      names = "--icmp-type",
      defaultValue = "",
      description = "ICMP type (default 8 with an id).")
  String icmpType;

  @Option(names = "--frag", defaultValue = "", description = "none, first or later.")
  String frag;

  @Option(
      names = "--input",
      description =
          "CSV with header "
              + "policy,src_mac,dst_mac,vlan,ethertype,src_ip,dst_ip,ip_proto,"
              + "src_port,dst_port,icmp_id,frag; writes the rows with hash_u32 and slave added.")
  Path input;

  @Option(names = "--spread", description = "Report how --flows random flows spread over slaves.")
  boolean spread;

  @Option(
      names = "--plot",
      paramLabel = "FILE.png|FILE.svg",
      description = "With --spread: draw the flows per slave beside the uniform share.")
  java.nio.file.Path plot;

  @Option(names = "--flows", defaultValue = "10000", description = "Flows for --spread.")
  int flows;

  @Option(names = "--seed", defaultValue = "1", description = "Seed for --spread.")
  long seed;

  @Override
  public Integer call() throws IOException {
    if (slaves < 1 || slaves > 1024) {
      throw new IllegalArgumentException("--slaves must be 1..1024, got " + slaves);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (bond != null && policy != null) {
      throw new IllegalArgumentException(
          "--policy and --bond both choose; give xmit_hash_policy inside --bond (\"mode"
              + " balance-xor xmit_hash_policy "
              + policy
              + "\")");
    }
    if (policy == null) {
      policy = "layer2";
    }
    HashFormula hashFormula = parseFormula(formula);
    if (input != null) {
      if (spread) {
        throw new IllegalArgumentException(
            "--spread and --input do not go together: --input hashes the rows of a file,"
                + " --spread draws random flows; allowed: one of them");
      }
      return csv(out, hashFormula);
    }
    if (plot != null && !spread) {
      throw new IllegalArgumentException("--plot needs --spread (the histogram it draws)");
    }
    if (spread) {
      if (plot != null) {
        Pictures.checkName("--plot", plot);
      }
      return spread(out, hashFormula);
    }
    // The mode or policy first: a bad one is the message, whatever the frame's fields say.
    ModeSelector mode = bond == null ? null : ModeSelector.of(bond, slaves, seed);
    XmitHash hash = bond == null ? hasher(policy, hashFormula) : null;
    Frame frame;
    try {
      frame = new FrameFields(singleFrameFields(false)).build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(optionNames(e.getMessage()), e);
    }
    if (mode != null) {
      out.printf(
          Locale.ROOT,
          "mode %s (%s)%nslave %s of %d%n",
          mode.mode(),
          mode.origin(),
          slaveWord(mode.select(frame)),
          slaves);
      return 0;
    }
    int h = hash.hash(frame);
    out.printf(
        Locale.ROOT,
        "xmit_hash_policy %s (%s kernel arithmetic)%nhash_u32 %d (0x%08x)%nslave %d of %d%n",
        hash.policy().word(),
        hashFormula.word(),
        Integer.toUnsignedLong(h),
        h,
        Integer.remainderUnsigned(h, slaves),
        slaves);
    return 0;
  }

  private static final Map<String, String> OPTION_OF_FIELD =
      Map.ofEntries(
          Map.entry("src_mac", "--src-mac"),
          Map.entry("dst_mac", "--dst-mac"),
          Map.entry("vlan", "--vlan"),
          Map.entry("ethertype", "--ethertype"),
          Map.entry("src_ip", "--src-ip"),
          Map.entry("dst_ip", "--dst-ip"),
          Map.entry("ip_proto", "--proto"),
          Map.entry("src_port", "--sport"),
          Map.entry("dst_port", "--dport"),
          Map.entry("icmp_id", "--icmp-id"),
          Map.entry("icmp_type", "--icmp-type"),
          Map.entry("frag", "--frag"));

  /** Names the command-line option where a message names a CSV column. */
  private static String optionNames(String message) {
    String result = message;
    for (Map.Entry<String, String> e : OPTION_OF_FIELD.entrySet()) {
      result = result.replaceAll("\\b" + e.getKey() + "\\b", e.getValue());
    }
    return result;
  }

  private static HashFormula parseFormula(String text) {
    try {
      return HashFormula.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(e.getMessage().replace("xmit_hash_formula", "--formula"));
    }
  }

  private static XmitHash hasher(String policyText, HashFormula formula) {
    return new XmitHash(XmitHashPolicy.parse(policyText), formula);
  }

  private Map<String, String> singleFrameFields(boolean forSpread) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("src_mac", srcMac.isEmpty() && !forSpread ? "00:00:00:00:00:01" : srcMac);
    fields.put("dst_mac", dstMac.isEmpty() && !forSpread ? "00:00:00:00:00:02" : dstMac);
    fields.put("vlan", vlan);
    fields.put("ethertype", etherType);
    fields.put("src_ip", srcIp);
    fields.put("dst_ip", dstIp);
    fields.put("ip_proto", protocolNumber(proto));
    fields.put("src_port", sport);
    fields.put("dst_port", dport);
    fields.put("icmp_id", icmpId);
    fields.put("icmp_type", icmpType);
    fields.put("frag", frag);
    return fields;
  }

  private static String protocolNumber(String text) {
    switch (text.toLowerCase(Locale.ROOT)) {
      case "tcp":
        return "6";
      case "udp":
        return "17";
      case "icmp":
        return "1";
      case "icmpv6":
      case "ipv6-icmp":
        return "58";
      case "sctp":
        return "132";
      default:
        if (!text.isEmpty() && !text.chars().allMatch(Character::isDigit)) {
          throw new IllegalArgumentException(
              "--proto must be tcp, udp, icmp, icmpv6, sctp or a number 0..255, got '"
                  + text
                  + "'");
        }
        return text;
    }
  }

  /**
   * Hashes every row of {@code --input}, one row at a time: rows stream in and out, so memory does
   * not grow with the file. A UTF-8 byte-order mark and CRLF line ends are accepted.
   */
  /** With --bond and --input: the mode every row goes through, in order. */
  private ModeSelector inputMode;

  private int csv(PrintWriter out, HashFormula hashFormula) throws IOException {
    inputMode = bond == null ? null : ModeSelector.of(bond, slaves, seed);
    CsvMapper mapper = new CsvMapper();
    mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
    // Quote only cells that need it, so rows come back as they were written.
    mapper.enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING);
    String file = input.toString();
    Map<String, XmitHash> hashers = new LinkedHashMap<>();
    long line = 0;
    try (Reader reader = CsvInput.open(input);
        MappingIterator<List<String>> rows =
            mapper.readerForListOf(String.class).readValues(reader);
        SequenceWriter writer =
            mapper.writer(CsvSchema.emptySchema().withLineSeparator("\n")).writeValues(out)) {
      List<String> header = null;
      while (rows.hasNextValue()) {
        // Where the parser stands once it has seen the row start: that row's line.
        line = rows.getCurrentLocation().getLineNr();
        List<String> row = rows.nextValue();
        if (header == null) {
          header = CsvInput.header(file, row, COLUMNS);
          writer.write(concat(row, List.of("hash_u32", "slave")));
          continue;
        }
        if (row.size() == 1 && row.get(0).isBlank()) {
          continue;
        }
        writer.write(hashRow(file, row, header, line, hashers, hashFormula));
      }
      if (header == null) {
        throw new IllegalArgumentException(
            "--input "
                + file
                + " is empty; it must start with the header "
                + String.join(",", COLUMNS));
      }
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("--input file not found: " + file);
    } catch (IOException | RuntimeException e) {
      if (e instanceof IllegalArgumentException || e instanceof org.bondsim.core.bond.PluginFault) {
        throw e;
      }
      throw new IllegalArgumentException(CsvInput.describe(file, line, e));
    }
    out.flush();
    return 0;
  }

  private List<String> hashRow(
      String file,
      List<String> row,
      List<String> header,
      long line,
      Map<String, XmitHash> hashers,
      HashFormula hashFormula) {
    if (row.size() != header.size()) {
      throw new IllegalArgumentException(
          file + " line " + line + ": " + row.size() + " columns, the header has " + header.size());
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (int c = 0; c < header.size(); c++) {
      fields.put(header.get(c), row.get(c));
    }
    int h;
    try {
      String policyText = fields.get("policy").trim();
      if (inputMode != null) {
        if (!policyText.isEmpty()) {
          throw new IllegalArgumentException(
              "policy: must be empty with --bond (the mode chooses), got '" + policyText + "'");
        }
        // A mode has no hash of its own to show: hash_u32 is empty, slave is its choice.
        return concat(
            row, List.of("", slaveWord(inputMode.select(new FrameFields(fields).build()))));
      }
      XmitHash hash;
      try {
        hash = hashers.computeIfAbsent(policyText, p -> hasher(p, hashFormula));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("policy: " + e.getMessage());
      }
      h = hash.hash(new FrameFields(fields).build());
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      String column = message.contains(" ") ? message.substring(0, message.indexOf(' ')) : "?";
      throw new IllegalArgumentException(
          file + " line " + line + ", column " + column.replace(":", "") + ": " + message);
    }
    return concat(
        row,
        List.of(
            Long.toString(Integer.toUnsignedLong(h)),
            Integer.toString(Integer.remainderUnsigned(h, slaves))));
  }

  /** A mode's choice in words: the slave's index, {@code all} (broadcast) or {@code none}. */
  static String slaveWord(int choice) {
    if (choice == org.bondsim.api.policy.TxPolicy.ALL_UP_SLAVES) {
      return "all";
    }
    if (choice == org.bondsim.api.policy.TxPolicy.NO_SLAVE) {
      return "none";
    }
    return Integer.toString(choice);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private int spread(PrintWriter out, HashFormula hashFormula) {
    if (flows < 1 || flows > 100_000_000) {
      throw new IllegalArgumentException("--flows must be 1..100000000, got " + flows);
    }
    ModeSelector mode = bond == null ? null : ModeSelector.of(bond, slaves, seed);
    XmitHash hash = mode == null ? hasher(policy, hashFormula) : null;
    Map<String, String> fixed = singleFrameFields(true);
    if (fixed.get("ip_proto").isEmpty()) {
      fixed.put("ip_proto", "6");
    }
    List<String> random = new ArrayList<>();
    SplittableRandom rng = new SplittableRandom(seed);
    long[] counts = new long[slaves];
    long everySlave = 0;
    long noSlave = 0;
    for (int i = 0; i < flows; i++) {
      Frame frame = new FrameFields(randomFlow(fixed, rng, random, i)).build();
      int choice =
          mode == null ? Integer.remainderUnsigned(hash.hash(frame), slaves) : mode.select(frame);
      if (choice == org.bondsim.api.policy.TxPolicy.ALL_UP_SLAVES) {
        everySlave++;
      } else if (choice == org.bondsim.api.policy.TxPolicy.NO_SLAVE) {
        noSlave++;
      } else {
        counts[choice]++;
      }
    }
    String who =
        mode == null
            ? "xmit_hash_policy " + hash.policy().word() + " (" + hashFormula.word() + ")"
            : "mode " + mode.mode() + " (" + mode.origin() + ")";
    out.printf(
        Locale.ROOT,
        "%s, %d slaves, %d random flows (seed %d); random fields: %s%n",
        who,
        slaves,
        flows,
        seed,
        random.isEmpty() ? "none" : String.join(" ", random));
    if (mode != null && mode.spraysPackets()) {
      out.println(
          "(the mode sprays packets: a flow's frames take every slave in turn; the table shows"
              + " where each flow's first frame went)");
    }
    out.printf("%-6s %10s %8s%n", "slave", "flows", "share");
    for (int s = 0; s < slaves; s++) {
      out.printf(Locale.ROOT, "%-6d %10d %7.2f%%%n", s, counts[s], 100.0 * counts[s] / flows);
    }
    for (Map.Entry<String, Long> other : Map.of("all", everySlave, "none", noSlave).entrySet()) {
      if (other.getValue() > 0) {
        out.printf(
            Locale.ROOT,
            "%-6s %10d %7.2f%%%n",
            other.getKey(),
            other.getValue(),
            100.0 * other.getValue() / flows);
      }
    }
    double expected = (double) flows / slaves;
    double chiSquare = 0;
    for (long count : counts) {
      chiSquare += (count - expected) * (count - expected) / expected;
    }
    boolean uniformTest = slaves > 1 && everySlave == 0 && noSlave == 0;
    double p =
        uniformTest
            ? ChiSquaredDistribution.of(slaves - 1).survivalProbability(chiSquare)
            : Double.NaN;
    if (plot != null) {
      SpreadPlot.draw(
          plot,
          counts,
          expected,
          String.format(
              Locale.ROOT,
              "%s, %d random flows over %d slaves%s",
              mode == null ? "xmit_hash_policy " + hash.policy().word() : "mode " + mode.mode(),
              flows,
              slaves,
              uniformTest
                  ? String.format(Locale.ROOT, ": chi-square %.3f, p = %.4g", chiSquare, p)
                  : ""));
    }
    if (uniformTest) {
      out.printf(
          Locale.ROOT,
          "chi-square %.3f with %d degrees of freedom against uniform (%.1f flows per slave),"
              + " p = %.4g%n",
          chiSquare,
          slaves - 1,
          expected,
          p);
    } else if (slaves > 1) {
      out.println("chi-square: none (some flows took every slave or none, so no one slave)");
    }
    return 0;
  }

  /** One random flow: the fields given stay, the others are drawn. */
  private static Map<String, String> randomFlow(
      Map<String, String> fixed, SplittableRandom rng, List<String> random, int i) {
    Map<String, String> fields = new LinkedHashMap<>(fixed);
    randomIfEmpty(fields, "src_mac", () -> randomMac(rng), random, i);
    randomIfEmpty(fields, "dst_mac", () -> randomMac(rng), random, i);
    randomIfEmpty(fields, "src_ip", () -> randomIp(rng), random, i);
    randomIfEmpty(fields, "dst_ip", () -> randomIp(rng), random, i);
    String p = fields.get("ip_proto");
    if (p.equals("6") || p.equals("17") || p.equals("132")) {
      randomIfEmpty(
          fields, "src_port", () -> Integer.toString(rng.nextInt(32768, 61000)), random, i);
      randomIfEmpty(fields, "dst_port", () -> Integer.toString(rng.nextInt(1, 65536)), random, i);
    } else if (p.equals("1") || p.equals("58")) {
      randomIfEmpty(fields, "icmp_id", () -> Integer.toString(rng.nextInt(65536)), random, i);
    }
    return fields;
  }

  private static void randomIfEmpty(
      Map<String, String> fields,
      String name,
      java.util.function.Supplier<String> value,
      List<String> random,
      int flow) {
    if (fields.get(name).isEmpty()) {
      fields.put(name, value.get());
      if (flow == 0) {
        random.add(name);
      }
    }
  }

  private static String randomMac(SplittableRandom rng) {
    // A unicast, locally administered address.
    long bits = (rng.nextLong() & 0xFFFF_FFFF_FFFFL & ~(1L << 40)) | (1L << 41);
    return new org.bondsim.api.packet.MacAddress(bits).toString();
  }

  private static String randomIp(SplittableRandom rng) {
    return "10." + rng.nextInt(256) + "." + rng.nextInt(256) + "." + rng.nextInt(1, 255);
  }
}
