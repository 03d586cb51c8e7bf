package org.bondsim.packetdrill;

import java.util.List;
import java.util.stream.Collectors;

/** A TCP option as packetdrill writes it between {@code <} and {@code >}. */
sealed interface TcpOption {
  /** {@code mss N}. */
  record Mss(int value) implements TcpOption {
    @Override
    public String toString() {
      return "mss " + value;
    }
  }

  /** {@code sackOK}. */
  record SackPermitted() implements TcpOption {
    @Override
    public String toString() {
      return "sackOK";
    }
  }

  /** {@code nop}. */
  record Nop() implements TcpOption {
    @Override
    public String toString() {
      return "nop";
    }
  }

  /** {@code eol}. */
  record Eol() implements TcpOption {
    @Override
    public String toString() {
      return "eol";
    }
  }

  /** {@code wscale N}. */
  record WindowScale(int shift) implements TcpOption {
    @Override
    public String toString() {
      return "wscale " + shift;
    }
  }

  /** {@code sack A:B C:D}, in the script's relative sequence numbers. */
  record Sack(List<long[]> blocks) implements TcpOption {
    @Override
    public String toString() {
      return "sack " + blocks.stream().map(b -> b[0] + ":" + b[1]).collect(Collectors.joining(" "));
    }
  }

  /** {@code TS val X ecr Y}; -1 for a value written {@code ...} (any). */
  record Timestamp(long value, long echo) implements TcpOption {
    @Override
    public String toString() {
      return "TS val " + value + " ecr " + echo;
    }
  }
}
