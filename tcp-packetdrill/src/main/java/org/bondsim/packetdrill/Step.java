package org.bondsim.packetdrill;

import java.util.List;

/** One line (or block) of a script, with the line it starts on. */
sealed interface Step {
  int line();

  When when();

  /** A packet the script injects ({@code <}) or expects the stack to send ({@code >}). */
  record PacketLine(
      int line,
      When when,
      boolean inbound,
      int flags,
      long seq,
      long end,
      int length,
      long ack,
      long window,
      List<TcpOption> options)
      implements Step {
    /** No {@code ack} or {@code win} on the line: any value matches. */
    static final long ANY = -1;
  }

  /**
   * A system call and what it must return.
   *
   * @param args the arguments as written, split at top-level commas
   * @param result the expected return value
   * @param errno the expected errno name when the result is -1, or null
   */
  record SyscallLine(int line, When when, String name, List<String> args, long result, String errno)
      implements Step {}

  /** A {@code %{ ... }%} block of Python statements. */
  record PythonBlock(int line, When when, String code) implements Step {}

  /** A backtick command. */
  record ShellLine(int line, When when, String command) implements Step {}
}
