package org.bondsim.packetdrill;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of Python a {@code %{ }%} block uses to check {@code tcp_info}: {@code assert}
 * statements over integers, {@code tcpi_*} fields and {@code TCP_CA_*} names, with comparisons
 * (chained as in Python), {@code and}, {@code or}, {@code not}, {@code + - * / // %} and
 * parentheses. The message after the assertion's comma is not evaluated. An assignment of such an
 * expression to a name ({@code TCP_INFINITE_SSTHRESH = 0x7fffffff}) holds for the rest of the
 * script, as packetdrill runs all of a script's blocks in one interpreter. Any other statement is
 * {@link Unsupported}.
 */
final class PythonAsserts {
  /** One failed assertion: the source text and the values of the names it read. */
  record Failure(String assertion, String values) {}

  // NAME = expression, and not NAME == expression.
  private static final Pattern ASSIGNMENT =
      Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*=(?!=)\\s*(.+)");

  private static final int MAX_NESTING = 200;

  private PythonAsserts() {}

  /**
   * Runs the block.
   *
   * @param code the block's text
   * @param names the value of a name, empty when the model has no such field
   * @param variables the names the script assigned so far, added to by this block
   * @return the first failed assertion, or null when all hold
   */
  static Failure run(
      String code, Function<String, OptionalLong> names, Map<String, Long> variables) {
    Function<String, OptionalLong> lookup =
        name -> {
          Long assigned = variables.get(name);
          return assigned != null ? OptionalLong.of(assigned) : names.apply(name);
        };
    for (String raw : code.split("[\\n;]")) {
      String statement = raw.strip();
      if (statement.isEmpty() || statement.startsWith("#")) {
        continue;
      }
      Matcher assignment = ASSIGNMENT.matcher(statement);
      if (assignment.matches()) {
        double value = new Evaluator(assignment.group(2), lookup).expression();
        if (value != Math.rint(value)) {
          throw new Unsupported("%{ }% assignment of a non-integer: " + statement);
        }
        variables.put(assignment.group(1), (long) value);
        continue;
      }
      if (!statement.startsWith("assert ")) {
        throw new Unsupported("%{ }% statement other than assert: " + statement);
      }
      String condition = beforeMessage(statement.substring(7));
      Evaluator evaluator = new Evaluator(condition, lookup);
      double value = evaluator.expression();
      if (value == 0) {
        return new Failure(condition.strip(), String.join(", ", evaluator.read));
      }
    }
    return null;
  }

  /** Cuts {@code , message} off at the first comma outside brackets and quotes. */
  private static String beforeMessage(String text) {
    int depth = 0;
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(' || c == '[') {
        depth++;
      } else if (c == ')' || c == ']') {
        depth--;
      } else if (c == ',' && depth == 0) {
        return text.substring(0, i);
      }
    }
    return text;
  }

  /** A recursive-descent evaluator, Python's precedence from {@code or} down to atoms. */
  private static final class Evaluator {
    private final String text;
    private final Function<String, OptionalLong> names;
    private final List<String> read = new ArrayList<>();
    private int pos;
    // Brackets and signs open so far: Python's parser refuses more than 200 nested brackets
    // ("too many nested parentheses"); the walk refuses as much, before the stack runs out.
    private int depth;

    Evaluator(String text, Function<String, OptionalLong> names) {
      this.text = text;
      this.names = names;
    }

    double expression() {
      double value = or();
      skip();
      if (pos < text.length()) {
        throw new Unsupported("%{ }% expression not understood at: " + text.substring(pos));
      }
      return value;
    }

    private double or() {
      double value = and();
      while (word("or")) {
        double right = and();
        value = value != 0 ? value : right;
      }
      return value;
    }

    private double and() {
      double value = not();
      while (word("and")) {
        double right = not();
        value = value == 0 ? value : right;
      }
      return value;
    }

    private double not() {
      if (word("not")) {
        return not() == 0 ? 1 : 0;
      }
      return comparison();
    }

    private double comparison() {
      double left = sum();
      boolean result = true;
      boolean compared = false;
      while (true) {
        String op = comparator();
        if (op == null) {
          return compared ? (result ? 1 : 0) : left;
        }
        double right = sum();
        result &=
            switch (op) {
              case "==" -> left == right;
              case "!=" -> left != right;
              case "<=" -> left <= right;
              case ">=" -> left >= right;
              case "<" -> left < right;
              default -> left > right;
            };
        compared = true;
        left = right;
      }
    }

    private String comparator() {
      skip();
      for (String op : new String[] {"==", "!=", "<=", ">=", "<", ">"}) {
        if (text.startsWith(op, pos)) {
          pos += op.length();
          return op;
        }
      }
      return null;
    }

    private double sum() {
      double value = product();
      while (true) {
        skip();
        if (symbol("+")) {
          value += product();
        } else if (symbol("-")) {
          value -= product();
        } else {
          return value;
        }
      }
    }

    private double product() {
      double value = unary();
      while (true) {
        skip();
        if (symbol("//")) {
          value = Math.floor(value / unary());
        } else if (symbol("*")) {
          value *= unary();
        } else if (symbol("/")) {
          value /= unary();
        } else if (symbol("%")) {
          double right = unary();
          value = value - right * Math.floor(value / right);
        } else {
          return value;
        }
      }
    }

    private double unary() {
      skip();
      if (symbol("-")) {
        return -nested(this::unary);
      }
      if (symbol("+")) {
        return nested(this::unary);
      }
      return atom();
    }

    private double nested(java.util.function.DoubleSupplier inner) {
      if (++depth > MAX_NESTING) {
        throw new Unsupported("%{ }% expression nested more than " + MAX_NESTING + " deep");
      }
      double value = inner.getAsDouble();
      depth--;
      return value;
    }

    private double atom() {
      skip();
      if (symbol("(")) {
        double value = nested(this::or);
        skip();
        if (!symbol(")")) {
          throw new Unsupported("%{ }% expression: expected ) in " + text);
        }
        return value;
      }
      int from = pos;
      if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
        while (pos < text.length()
            && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
          pos++;
        }
        String number = text.substring(from, pos);
        try {
          return number.startsWith("0x")
              ? Long.parseLong(number.substring(2), 16)
              : Double.parseDouble(number);
        } catch (NumberFormatException e) {
          throw new Unsupported("%{ }% number not understood: " + number);
        }
      }
      while (pos < text.length()
          && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
        pos++;
      }
      String name = text.substring(from, pos);
      if (name.isEmpty()) {
        throw new Unsupported("%{ }% expression not understood at: " + text.substring(from));
      }
      if (name.equals("True") || name.equals("False")) {
        return name.equals("True") ? 1 : 0;
      }
      OptionalLong value = names.apply(name);
      if (value.isEmpty()) {
        throw new Unsupported("%{ }% name the model does not report: " + name);
      }
      if (name.startsWith("tcpi_")) {
        read.add(name + "=" + value.getAsLong());
      }
      return value.getAsLong();
    }

    private boolean word(String keyword) {
      skip();
      int end = pos + keyword.length();
      if (text.startsWith(keyword, pos)
          && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end)))) {
        pos = end;
        return true;
      }
      return false;
    }

    private boolean symbol(String s) {
      if (text.startsWith(s, pos)) {
        pos += s.length();
        return true;
      }
      return false;
    }

    private void skip() {
      while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
        pos++;
      }
    }
  }
}
