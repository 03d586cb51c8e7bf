package org.bondsim.packetdrill;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.bondsim.tcp.TcpSettings;

/**
 * What a backtick line does to the simulated host. No shell runs: the interpreter knows three kinds
 * of command and refuses the rest ({@link Unsupported}, the script is skipped):
 *
 * <ul>
 *   <li>{@code ../common/defaults.sh}, which applies the sysctls of packetdrill's {@code
 *       gtests/net/common/defaults.sh} (read at google/packetdrill commit 2c4001c; its {@code ip
 *       tcp_metrics flush} and {@code tc qdisc add dev tun0 root pfifo} match the model, whose
 *       script host keeps no per-destination metrics and has no qdisc);
 *   <li>{@code sysctl [-q] [-e] NAME=VALUE ...}, with dotted or slashed names;
 *   <li>{@code ../common/set_sysctls.py /proc/sys/NAME=VALUE ...} and the {@code
 *       /tmp/sysctl_restore_${PPID}.sh} it leaves behind (a no-op here: every script starts from
 *       the defaults);
 *   <li>{@code echo VALUE > /sys/module/tcp_cubic/parameters/NAME}, CUBIC's module parameters,
 *       which the model reads as {@code tcp_cubic.NAME} (the kernel command line's spelling).
 * </ul>
 *
 * <p>Each sysctl is either one the model reads ({@link TcpSettings#specs}), one whose value is what
 * the model does anyway (listed with that value), or one the model cannot follow, which skips the
 * script.
 */
final class ShellCommands {
  /** The sysctls of packetdrill's defaults.sh, in its order. */
  static final Map<String, String> DEFAULTS_SH = new LinkedHashMap<>();

  static {
    DEFAULTS_SH.put("net.ipv4.tcp_rmem", "4096 540000 15728640");
    DEFAULTS_SH.put("net.ipv4.tcp_wmem", "4096 262144 4194304");
    DEFAULTS_SH.put("net.ipv4.tcp_timestamps", "1");
    DEFAULTS_SH.put("net.ipv4.tcp_syn_retries", "5");
    DEFAULTS_SH.put("net.ipv4.tcp_synack_retries", "5");
    DEFAULTS_SH.put("net.ipv4.tcp_frto", "2");
    DEFAULTS_SH.put("net.ipv4.tcp_sack", "1");
    DEFAULTS_SH.put("net.ipv4.tcp_dsack", "1");
    DEFAULTS_SH.put("net.ipv4.tcp_fack", "0");
    DEFAULTS_SH.put("net.ipv4.tcp_reordering", "3");
    DEFAULTS_SH.put("net.ipv4.tcp_congestion_control", "cubic");
    DEFAULTS_SH.put("net.ipv4.tcp_slow_start_after_idle", "0");
    DEFAULTS_SH.put("net.ipv4.tcp_early_retrans", "4");
    DEFAULTS_SH.put("net.ipv4.tcp_recovery", "1");
    DEFAULTS_SH.put("net.ipv4.tcp_tso_win_divisor", "3");
    DEFAULTS_SH.put("net.ipv4.tcp_ecn", "0");
    DEFAULTS_SH.put("net.ipv4.tcp_ecn_option", "2");
    DEFAULTS_SH.put("net.ipv4.tcp_pacing_ss_ratio", "200");
    DEFAULTS_SH.put("net.ipv4.tcp_pacing_ca_ratio", "120");
    DEFAULTS_SH.put("net.ipv4.tcp_notsent_lowat", "4294967295");
    DEFAULTS_SH.put("net.ipv4.tcp_fastopen", "0x70403");
    DEFAULTS_SH.put("net.ipv4.tcp_fastopen_key", "a1a1a1a1-b2b2b2b2-c3c3c3c3-d4d4d4d4");
    DEFAULTS_SH.put("net.ipv4.tcp_syncookies", "1");
  }

  /**
   * Sysctls the model does not read, with the one value whose behaviour it has (null: any value,
   * because no script here reaches what they change: SYN retry limits, Fast Open without
   * MSG_FASTOPEN, SYN cookies without a SYN flood, the send buffer's bounds below what a script
   * writes, the unsent-data wake-up).
   */
  private static final Map<String, String> MATCHING = new LinkedHashMap<>();

  static {
    MATCHING.put("net.ipv4.tcp_wmem", null);
    MATCHING.put("net.ipv4.tcp_syn_retries", null);
    MATCHING.put("net.ipv4.tcp_synack_retries", null);
    MATCHING.put("net.ipv4.tcp_fastopen", null);
    MATCHING.put("net.ipv4.tcp_fastopen_key", null);
    MATCHING.put("net.ipv4.tcp_syncookies", null);
    MATCHING.put("net.ipv4.tcp_notsent_lowat", null);
    MATCHING.put("net.ipv4.tcp_ecn_option", null);
    // tcp_tso_should_defer is modelled with the default divisor only.
    MATCHING.put("net.ipv4.tcp_tso_win_divisor", "3");
    MATCHING.put("net.ipv4.tcp_ecn", "0");
    MATCHING.put("net.ipv4.tcp_pacing_ss_ratio", "200");
    MATCHING.put("net.ipv4.tcp_pacing_ca_ratio", "120");
  }

  /** A shell command that would fail on Linux: a sysctl value the kernel refuses. */
  static final class BadValue extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadValue(String message) {
      super(message, null, false, false);
    }
  }

  private static final String MODULE_PARAMETERS = "/sys/module/tcp_cubic/parameters/";

  private static final Set<String> MODELLED =
      Set.copyOf(TcpSettings.specs().stream().map(spec -> spec.name()).toList());

  private ShellCommands() {}

  /**
   * Applies one backtick block to the settings.
   *
   * @param command the text between the backticks
   * @param sysctls the settings so far, changed in place
   * @throws Unsupported for a command or sysctl the model cannot follow
   */
  static void apply(String command, Map<String, String> sysctls) {
    String joined = command.replace("\\\n", " ");
    for (String raw : joined.split("\\n")) {
      String line = raw.strip();
      if (line.isEmpty()) {
        continue;
      }
      String[] words = line.split("\\s+");
      if (words[0].endsWith("common/defaults.sh") && words.length == 1) {
        DEFAULTS_SH.forEach((name, value) -> set(name, value, sysctls));
      } else if (words[0].equals("sysctl")) {
        for (String word : quotedWords(line.substring("sysctl".length()))) {
          if (word.equals("-q") || word.equals("-e") || word.equals("-w")) {
            continue;
          }
          if (word.startsWith("-")) {
            throw new Unsupported("sysctl option " + word + " in " + line);
          }
          assignment(word, line, sysctls);
        }
      } else if (words[0].endsWith("common/set_sysctls.py")) {
        for (String word : quotedWords(line.substring(words[0].length()))) {
          assignment(word.replaceFirst("^/proc/sys/", ""), line, sysctls);
        }
      } else if (words.length == 4
          && words[0].equals("echo")
          && words[2].equals(">")
          && words[3].startsWith(MODULE_PARAMETERS)) {
        set("tcp_cubic." + words[3].substring(MODULE_PARAMETERS.length()), words[1], sysctls);
      } else if (words[0].matches("/tmp/sysctl_restore_.*\\.sh") && words.length == 1) {
        continue;
      } else {
        throw new Unsupported("shell command " + line);
      }
    }
  }

  /** Splits at blanks outside double quotes, dropping the quotes: a="1 2" b=3. */
  private static java.util.List<String> quotedWords(String text) {
    java.util.List<String> words = new java.util.ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ' ';
      if (c == '"') {
        quoted = !quoted;
      } else if (Character.isWhitespace(c) && !quoted) {
        if (word.length() > 0) {
          words.add(word.toString());
          word.setLength(0);
        }
      } else {
        word.append(c);
      }
    }
    return words;
  }

  private static void assignment(String text, String line, Map<String, String> sysctls) {
    int eq = text.indexOf('=');
    if (eq < 0) {
      throw new Unsupported(
          "shell command " + line + " (reads a sysctl; only setting one is known)");
    }
    String name = text.substring(0, eq).replace('/', '.');
    String value = text.substring(eq + 1).replace("\"", "").trim();
    set(name, value, sysctls);
  }

  private static void set(String name, String value, Map<String, String> sysctls) {
    String normal = value.trim().replaceAll("\\s+", " ");
    if (MODELLED.contains(name)) {
      // sysctl(8) refuses what the kernel would: the script's command fails there.
      org.bondsim.api.option.OptionSpec spec =
          TcpSettings.specs().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
      try {
        spec.parse(normal);
      } catch (IllegalArgumentException e) {
        throw new BadValue("sysctl " + name + "=" + normal + " fails: " + e.getMessage());
      }
      sysctls.put(name, normal);
      return;
    }
    if (MATCHING.containsKey(name)) {
      String only = MATCHING.get(name);
      if (only != null && !only.equals(normal)) {
        throw new Unsupported(
            "sysctl " + name + "=" + normal + " (the model behaves as " + name + "=" + only + ")");
      }
      return;
    }
    throw new Unsupported("sysctl " + name + " (not modelled)");
  }
}
