package org.bondsim.netperf;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.api.packet.Ipv4Address;

/**
 * netperf's global options as {@code netsh.c} reads them, and the ones bondsim refuses. Values are
 * checked here so that each message names the option, the value and what is allowed.
 */
public final class GlobalOptions {
  private GlobalOptions() {}

  /**
   * netperf global options that bondsim recognises and does not model, with what they do in netperf
   * ({@code GLOBAL_CMD_LINE_ARGS} in {@code netsh.c}): a pasted line that uses one is refused by
   * name instead of running something else.
   */
  public static final Map<String, String> NOT_MODELLED =
      Map.ofEntries(
          Map.entry("-a", "send/receive buffer alignment"),
          Map.entry("-A", "remote buffer alignment"),
          Map.entry("-b", "burst size"),
          Map.entry("-B", "result brand text"),
          Map.entry("-d", "debug output"),
          Map.entry("-F", "fill the send buffer from a file"),
          Map.entry("-j", "keep additional timing statistics"),
          Map.entry(
              "-k", "local buffer dirty,clean counts; the omni output selectors are -k after '--'"),
          Map.entry("-K", "remote buffer dirty,clean counts"),
          Map.entry("-n", "CPU count for utilisation (use --cpus)"),
          Map.entry("-N", "no control connection"),
          Map.entry(
              "-o", "local send,recv buffer offsets; the omni output selectors are -o after '--'"),
          Map.entry(
              "-O", "remote send,recv buffer offsets; the omni output selectors are -O after '--'"),
          Map.entry("-r", "confidence on the result only"),
          Map.entry("-S", "SO_KEEPALIVE on the data connection"),
          Map.entry("-w", "send interval (pacing; use --rate-mbps)"),
          Map.entry("-W", "send and receive buffer ring width"),
          Map.entry("-y", "SO_PRIORITY"),
          Map.entry("-Y", "IP type of service"),
          Map.entry("-Z", "passphrase"));

  /**
   * Finds the first global option (before {@code --}) that bondsim does not model.
   *
   * @param args the netperf subcommand's arguments
   * @param takesValue whether an option takes a value (the word after it is then that value)
   * @return a one-line refusal, or null when there is none
   */
  public static String refusal(List<String> args, Predicate<String> takesValue) {
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("--")) {
        return null;
      }
      if (takesValue.test(arg)) {
        i++;
        continue;
      }
      if (arg.length() >= 2 && arg.charAt(0) == '-' && arg.charAt(1) != '-') {
        String name = arg.substring(0, 2);
        String what = NOT_MODELLED.get(name);
        if (what != null) {
          return "netperf option "
              + name
              + " ("
              + what
              + ") is not modelled by bondsim; the global options it takes are -t, -l, -H, -L,"
              + " -4, -c, -C, -s, -T, -P, -p, -i, -I, -f, -v, -D, -V, -h (see 'bondsim netperf --help')";
        }
      }
    }
    return null;
  }

  /**
   * Reads {@code -t}: netperf upper-cases the name.
   *
   * @param text the test name
   * @return it in upper case
   */
  public static String test(String text) {
    return text.trim().toUpperCase(Locale.ROOT);
  }

  /**
   * Reads {@code -l}. In netperf a negative length is a byte count (STREAM tests) or a transaction
   * count (RR tests), which bondsim does not model.
   *
   * @param text the value
   * @return nanoseconds
   */
  public static long lengthNs(String text) {
    String t = text.trim();
    if (t.startsWith("-") && !Double.isNaN(StrictNumbers.decimal(t.substring(1)))) {
      throw new IllegalArgumentException(
          "-l "
              + StrictNumbers.echo(t)
              + " asks netperf for a byte or transaction count, which bondsim does not model;"
              + " allowed: a length in seconds, more than 0 and at most 86400");
    }
    double seconds = StrictNumbers.decimal(t);
    if (!(seconds > 0 && seconds <= 86_400) || Math.round(seconds * 1e9) < 1) {
      throw new IllegalArgumentException(
          "-l must be a length in seconds, more than 0 and at most 86400, got '"
              + StrictNumbers.echo(text)
              + "'");
    }
    return Math.round(seconds * 1e9);
  }

  /**
   * Reads {@code -s}: how long netperf waits before the test (whole seconds in netperf; bondsim
   * also takes fractions).
   *
   * @param text the value
   * @return nanoseconds
   */
  public static long waitNs(String text) {
    double seconds = StrictNumbers.decimal(text);
    if (!(seconds >= 0 && seconds <= 3600)) {
      throw new IllegalArgumentException(
          "-s (seconds netperf waits before the test) must be 0..3600, got '"
              + StrictNumbers.echo(text)
              + "'");
    }
    return Math.round(seconds * 1e9);
  }

  /**
   * A host named by {@code -H} or {@code -L}: {@code name[,family]}.
   *
   * @param option {@code -H} or {@code -L}
   * @param name the name as given (shown in the banner)
   * @param address the IPv4 address the simulated host uses
   */
  public record HostName(String option, String name, Ipv4Address address) {}

  /**
   * Reads {@code -H host[,family]} or {@code -L host[,family]}. An IPv4 literal becomes the
   * simulated host's address; any other name keeps the default address, as a name that resolves to
   * it would. Family 6 (IPv6) is refused: the simulated hosts speak IPv4.
   *
   * @param option {@code -H} or {@code -L}
   * @param text the value
   * @param fallback the address when the name is not an IPv4 literal
   * @return the host
   */
  public static HostName host(String option, String text, Ipv4Address fallback) {
    String[] parts = text.split(",", -1);
    if (parts.length > 2) {
      throw new IllegalArgumentException(
          option + " must be HOST or HOST,FAMILY, got '" + StrictNumbers.echo(text) + "'");
    }
    if (parts.length == 2) {
      family(option, parts[1]);
    }
    String name = parts[0].trim();
    if (name.isEmpty()) {
      return new HostName(option, null, fallback);
    }
    if (name.matches("[0-9.]+")) {
      try {
        return new HostName(option, name, Ipv4Address.parse(name));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            option + " " + StrictNumbers.echo(name) + " is not an IPv4 address (a.b.c.d)");
      }
    }
    if (name.contains(":")) {
      throw new IllegalArgumentException(
          option
              + " "
              + StrictNumbers.echo(name)
              + " is an IPv6 address; the simulated hosts speak IPv4 only (-4)");
    }
    return new HostName(option, name, fallback);
  }

  /** netperf's parse_address_family: 4/inet, 6/inet6, 0/unspec. */
  private static void family(String option, String text) {
    switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "", "4", "inet", "af_inet", "0", "unspec", "af_unspec" -> {
        // IPv4, or let it be chosen: IPv4 here
      }
      case "6", "inet6", "af_inet6" ->
          throw new IllegalArgumentException(
              option + " family " + text + ": the simulated hosts speak IPv4 only (-4)");
      default ->
          throw new IllegalArgumentException(
              option
                  + " family must be 4, 6 or 0 (inet, inet6, unspec), got '"
                  + StrictNumbers.echo(text)
                  + "'");
    }
  }
}
