package org.bondsim.packetdrill;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bondsim.api.tcp.TcpSegment;

/**
 * Reads packetdrill's script language ({@code parser.y} and {@code lexer.l} in {@code
 * gtests/net/packetdrill}): header option lines, then timed events, each a packet, a system call, a
 * backtick command or a {@code %{ }%} block. {@code //} and {@code /* *}{@code /} comments are
 * skipped. A line without a time counts as {@code +0}.
 */
final class ScriptParser {
  private final String name;
  private final String text;
  private int pos;
  private int line = 1;

  private ScriptParser(String name, String text) {
    this.name = name;
    this.text = text;
  }

  /**
   * Parses a whole script.
   *
   * @param name the file name, for messages
   * @param text its contents
   * @return the script
   * @throws ScriptSyntaxException naming the line and what was expected
   */
  static Script parse(String name, String text) {
    return new ScriptParser(name, text).script();
  }

  private Script script() {
    Map<String, String> options = new LinkedHashMap<>();
    List<Step> steps = new ArrayList<>();
    while (true) {
      skipBlanksAndComments();
      if (pos >= text.length()) {
        return new Script(name, options, steps);
      }
      int start = line;
      if (text.startsWith("--", pos)) {
        String option = restOfLine();
        int eq = option.indexOf('=');
        if (eq < 0) {
          // A flag such as --strict_segments.
          options.put(option.substring(2).trim(), "true");
        } else {
          options.put(option.substring(2, eq), option.substring(eq + 1));
        }
        continue;
      }
      When when = time();
      skipSpaces();
      if (text.startsWith("...", pos)) {
        throw new Unsupported(start, "a blocking system call's end time (...)");
      }
      char c = peek();
      if (c == '<' || c == '>') {
        pos++;
        steps.add(packet(start, when, c == '<', restOfLine()));
      } else if (c == '`') {
        steps.add(new Step.ShellLine(start, when, delimited("`", "`")));
      } else if (text.startsWith("%{", pos)) {
        steps.add(new Step.PythonBlock(start, when, delimited("%{", "}%")));
      } else if (Character.isLetter(c)) {
        steps.add(syscall(start, when));
      } else {
        throw error(
            start,
            "expected a packet (< or >), a system call, a `command` or a %{ }% block, got "
                + quote(restOfLinePeek()));
      }
    }
  }

  // ------------------------------------------------------------------ time

  private When time() {
    if (peek() == '*') {
      pos++;
      return new When(When.Kind.ANY, 0, 0);
    }
    if (!startsTime()) {
      return new When(When.Kind.RELATIVE, 0, 0);
    }
    boolean relative = peek() == '+';
    long start = seconds();
    if (peek() == '~') {
      pos++;
      boolean relativeEnd = peek() == '+';
      long end = seconds();
      if (relative != relativeEnd) {
        throw error(line, "a time range must be both relative or both absolute");
      }
      return new When(relative ? When.Kind.RELATIVE_RANGE : When.Kind.ABSOLUTE_RANGE, start, end);
    }
    return new When(relative ? When.Kind.RELATIVE : When.Kind.ABSOLUTE, start, start);
  }

  private boolean startsTime() {
    char c = peek();
    return c == '+' || c == '.' || Character.isDigit(c);
  }

  private long seconds() {
    int from = pos;
    int end = pos;
    while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
      end++;
    }
    if (text.substring(pos, end).contains("...")) {
      throw new Unsupported(
          line, "a blocking system call's time range " + text.substring(pos, end));
    }
    if (peek() == '+') {
      pos++;
    }
    int digits = pos;
    while (pos < text.length() && (Character.isDigit(peek()) || peek() == '.')) {
      pos++;
    }
    String number = text.substring(digits, pos);
    try {
      return new BigDecimal(number).movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValue();
    } catch (NumberFormatException e) {
      throw error(line, "expected a time in seconds, got " + quote(text.substring(from, pos)));
    }
  }

  // ------------------------------------------------------------------ packets

  private Step.PacketLine packet(int at, When when, boolean inbound, String body) {
    Tokens tokens = new Tokens(at, body);
    String flagWord = tokens.next("TCP flags (S, ., P, F, R, E, W)");
    if (flagWord.startsWith("[") || flagWord.startsWith("(")) {
      throw new Unsupported(at, "an IP ECN codepoint " + flagWord + " (ECN is not modelled)");
    }
    int flags = flags(at, flagWord);
    String range = tokens.next("seq:end(len)");
    int colon = range.indexOf(':');
    int open = range.indexOf('(');
    if (colon < 0 || open < colon || !range.endsWith(")")) {
      throw error(at, "expected seq:end(len), got " + quote(range));
    }
    long seq = field(at, range.substring(0, colon), "a sequence number", U32);
    long end = field(at, range.substring(colon + 1, open), "an end sequence number", U32);
    int length = (int) number(at, range.substring(open + 1, range.length() - 1), "a length");
    if (end - seq != length) {
      throw error(at, "seq:end(len) must have end - seq = len, got " + range);
    }
    long ack = Step.PacketLine.ANY;
    long window = Step.PacketLine.ANY;
    List<TcpOption> options = null;
    while (tokens.hasNext()) {
      String word = tokens.next("");
      if (word.equals("ack")) {
        ack = field(at, tokens.next("the ACK number"), "an ACK number", U32);
      } else if (word.equals("win")) {
        window = field(at, tokens.next("the window"), "a window", U16);
      } else if (word.startsWith("<")) {
        options = options(at, tokens.untilClose(word));
      } else if (word.equals("urg")) {
        throw new Unsupported(at, "an urgent pointer (URG is not modelled)");
      } else if (word.startsWith("(") || word.startsWith("[")) {
        throw new Unsupported(at, "an IP field " + word + " (the interpreter checks TCP only)");
      } else {
        throw error(at, "expected ack N, win N or <options>, got " + quote(word));
      }
    }
    return new Step.PacketLine(at, when, inbound, flags, seq, end, length, ack, window, options);
  }

  private int flags(int at, String word) {
    int flags = 0;
    if (word.equals("-")) {
      return flags;
    }
    for (char c : word.toCharArray()) {
      flags |=
          switch (c) {
            case 'S' -> TcpSegment.SYN;
            case 'F' -> TcpSegment.FIN;
            case 'R' -> TcpSegment.RST;
            case 'P' -> TcpSegment.PSH;
            case '.' -> TcpSegment.ACK;
            case 'U' -> TcpSegment.URG;
            case 'E' -> TcpSegment.ECE;
            case 'W' -> TcpSegment.CWR;
            default ->
                throw error(at, "expected TCP flags from S . P F R U E W, got " + quote(word));
          };
    }
    return flags;
  }

  private List<TcpOption> options(int at, String list) {
    List<TcpOption> options = new ArrayList<>();
    String inner = list.substring(1, list.length() - 1).trim();
    if (inner.isEmpty()) {
      return options;
    }
    if (inner.equals("...")) {
      return null;
    }
    for (String item : inner.split(",")) {
      String[] words = item.trim().split("\\s+");
      switch (words[0]) {
        case "mss" -> options.add(new TcpOption.Mss((int) number(at, arg(at, words, 1), "an MSS")));
        case "sackOK" -> options.add(new TcpOption.SackPermitted());
        case "nop" -> options.add(new TcpOption.Nop());
        case "eol" -> options.add(new TcpOption.Eol());
        case "wscale" ->
            options.add(new TcpOption.WindowScale((int) number(at, arg(at, words, 1), "a shift")));
        case "sack" -> {
          List<long[]> blocks = new ArrayList<>();
          for (int i = 1; i < words.length; i++) {
            String[] ends = words[i].split(":");
            if (ends.length != 2) {
              throw error(at, "expected a SACK block start:end, got " + quote(words[i]));
            }
            blocks.add(
                new long[] {
                  number(at, ends[0], "a SACK start"), number(at, ends[1], "a SACK end")
                });
          }
          options.add(new TcpOption.Sack(blocks));
        }
        case "TS" -> {
          if (words.length != 5 || !words[1].equals("val") || !words[3].equals("ecr")) {
            throw error(at, "expected TS val X ecr Y, got " + quote(item.trim()));
          }
          options.add(new TcpOption.Timestamp(anyOr(at, words[2]), anyOr(at, words[4])));
        }
        default ->
            throw new Unsupported(
                at,
                "TCP option "
                    + words[0]
                    + " (the interpreter knows mss, sackOK, nop, eol,"
                    + " wscale, sack, TS)");
      }
    }
    return options;
  }

  private long anyOr(int at, String word) {
    return word.equals("...") ? -1 : number(at, word, "a timestamp");
  }

  private String arg(int at, String[] words, int index) {
    if (words.length <= index) {
      throw error(at, "expected a value after " + words[0]);
    }
    return words[index];
  }

  /** A header field's largest value: TCP's 32-bit sequence numbers, its 16-bit window. */
  private static final long U32 = 0xFFFF_FFFFL;

  private static final long U16 = 0xFFFF;

  /** A number that must fit its header field, 0 to {@code max}, as packetdrill's parser checks. */
  private long field(int at, String word, String what, long max) {
    long value = number(at, word, what);
    if (value < 0 || value > max) {
      throw error(at, "expected " + what + " in 0.." + max + ", got " + quote(word));
    }
    return value;
  }

  private long number(int at, String word, String what) {
    try {
      if (word.startsWith("0x") || word.startsWith("-0x")) {
        boolean negative = word.startsWith("-");
        long value = Long.parseLong(word.substring(negative ? 3 : 2), 16);
        return negative ? -value : value;
      }
      return Long.parseLong(word);
    } catch (NumberFormatException e) {
      throw error(at, "expected " + what + ", got " + quote(word));
    }
  }

  /** Whitespace-separated words of a packet line; {@code <...>} is one word. */
  private final class Tokens {
    private final int at;
    private final String body;
    private int i;

    Tokens(int at, String body) {
      this.at = at;
      this.body = body;
    }

    boolean hasNext() {
      while (i < body.length() && Character.isWhitespace(body.charAt(i))) {
        i++;
      }
      return i < body.length();
    }

    String next(String what) {
      if (!hasNext()) {
        throw error(at, "expected " + what + ", got the end of the line");
      }
      int from = i;
      while (i < body.length() && !Character.isWhitespace(body.charAt(i))) {
        i++;
      }
      return body.substring(from, i);
    }

    String untilClose(String first) {
      if (first.endsWith(">")) {
        return first;
      }
      int close = body.indexOf('>', i);
      if (close < 0) {
        throw error(at, "expected > to close the options");
      }
      String all = first + body.substring(i, close + 1);
      i = close + 1;
      return all;
    }
  }

  // ------------------------------------------------------------------ system calls

  private Step.SyscallLine syscall(int at, When when) {
    int from = pos;
    while (pos < text.length() && (Character.isLetterOrDigit(peek()) || peek() == '_')) {
      pos++;
    }
    String call = text.substring(from, pos);
    skipSpaces();
    if (peek() != '(') {
      throw error(at, "expected ( after " + call);
    }
    String inside = balanced();
    String rest = restOfLine().trim();
    if (!rest.startsWith("=")) {
      throw error(at, "expected = and the return value after " + call + "(...)");
    }
    String[] words = rest.substring(1).trim().split("\\s+", 2);
    long result = number(at, words[0], "a return value");
    String errno = null;
    if (words.length > 1 && !words[1].isBlank()) {
      errno = words[1].split("[\\s(]", 2)[0];
    }
    return new Step.SyscallLine(at, when, call, splitArgs(inside), result, errno);
  }

  /** Reads from ( to its matching ), counting brackets, braces and quotes. */
  private String balanced() {
    int depth = 0;
    int from = pos;
    boolean quoted = false;
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '\n') {
        line++;
      }
      if (c == '"') {
        quoted = !quoted;
      } else if (!quoted && (c == '(' || c == '[' || c == '{')) {
        depth++;
      } else if (!quoted && (c == ')' || c == ']' || c == '}')) {
        depth--;
        if (depth == 0) {
          return text.substring(from + 1, pos - 1);
        }
      }
    }
    throw error(line, "expected ) to close the system call's arguments");
  }

  private static List<String> splitArgs(String inside) {
    List<String> args = new ArrayList<>();
    int depth = 0;
    int from = 0;
    for (int i = 0; i < inside.length(); i++) {
      char c = inside.charAt(i);
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        depth--;
      } else if (c == ',' && depth == 0) {
        args.add(inside.substring(from, i).trim());
        from = i + 1;
      }
    }
    if (!inside.isBlank()) {
      args.add(inside.substring(from).trim());
    }
    return args;
  }

  // ------------------------------------------------------------------ lexing

  private String delimited(String open, String close) {
    int at = line;
    pos += open.length();
    int end = text.indexOf(close, pos);
    if (end < 0) {
      throw error(at, "expected " + close + " to close the " + open + " opened here");
    }
    String body = text.substring(pos, end);
    line += (int) body.chars().filter(c -> c == '\n').count();
    pos = end + close.length();
    return body;
  }

  private void skipBlanksAndComments() {
    while (pos < text.length()) {
      char c = peek();
      if (c == '\n') {
        line++;
        pos++;
      } else if (Character.isWhitespace(c)) {
        pos++;
      } else if (text.startsWith("//", pos)) {
        while (pos < text.length() && peek() != '\n') {
          pos++;
        }
      } else if (text.startsWith("/*", pos)) {
        delimited("/*", "*/");
      } else {
        return;
      }
    }
  }

  private void skipSpaces() {
    while (pos < text.length() && (peek() == ' ' || peek() == '\t')) {
      pos++;
    }
  }

  /** The rest of the line less a trailing // comment; the newline is left for the next skip. */
  private String restOfLine() {
    int end = text.indexOf('\n', pos);
    if (end < 0) {
      end = text.length();
    }
    String rest = text.substring(pos, end);
    pos = end;
    int comment = rest.indexOf("//");
    return (comment >= 0 ? rest.substring(0, comment) : rest).trim();
  }

  private String restOfLinePeek() {
    int end = text.indexOf('\n', pos);
    return text.substring(pos, end < 0 ? text.length() : end).trim();
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private static String quote(String s) {
    return "'" + s + "'";
  }

  private ScriptSyntaxException error(int at, String message) {
    return new ScriptSyntaxException(name, at, message);
  }
}
