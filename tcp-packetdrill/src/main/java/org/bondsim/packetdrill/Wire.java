package org.bondsim.packetdrill;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.tcp.SackBlock;
import org.bondsim.api.tcp.SynOptions;
import org.bondsim.api.tcp.TcpSegment;

/**
 * The translation between the model's segments and packetdrill's lines: sequence numbers relative
 * to each side's initial sequence number (the model's SYN is -1 and its first data byte 0; the
 * script's ISNs are what its SYN lines say, the local one from the outbound SYN or SYN-ACK line as
 * packetdrill takes {@code local_isn}), the window field scaled by the shift each side offered, and
 * options laid out as Linux writes them ({@code tcp_options_write}: MSS; SACK-permitted and
 * timestamps; NOPs to align; window scale; SACK blocks).
 */
final class Wire {
  private Wire() {}

  /** The script's number for a model number, given that side's ISN in the script. */
  static long toScript(long modelSeq, long scriptIsn) {
    return modelSeq + 1 + scriptIsn;
  }

  /** The model's number for a script's number, given that side's ISN in the script. */
  static long toModel(long scriptSeq, long scriptIsn) {
    return scriptSeq - 1 - scriptIsn;
  }

  /** The flags as packetdrill prints them: S F R P U E W, then . for ACK. */
  static String flags(int flags) {
    StringBuilder s = new StringBuilder();
    appendIf(s, flags, TcpSegment.SYN, 'S');
    appendIf(s, flags, TcpSegment.FIN, 'F');
    appendIf(s, flags, TcpSegment.RST, 'R');
    appendIf(s, flags, TcpSegment.PSH, 'P');
    appendIf(s, flags, TcpSegment.URG, 'U');
    appendIf(s, flags, TcpSegment.ECE, 'E');
    appendIf(s, flags, TcpSegment.CWR, 'W');
    appendIf(s, flags, TcpSegment.ACK, '.');
    return s.toString();
  }

  private static void appendIf(StringBuilder s, int flags, int flag, char c) {
    if ((flags & flag) != 0) {
      s.append(c);
    }
  }

  /**
   * The options of an outbound segment, as Linux lays them out.
   *
   * @param remoteIsn the peer's ISN in the script, for the SACK blocks (of the peer's data)
   */
  static List<TcpOption> options(TcpSegment segment, long remoteIsn) {
    List<TcpOption> options = new ArrayList<>();
    SynOptions syn = segment.synOptions();
    if (syn != null) {
      if (syn.mss() > 0) {
        options.add(new TcpOption.Mss(syn.mss()));
      }
      if (syn.timestamps()) {
        if (syn.sackPermitted()) {
          options.add(new TcpOption.SackPermitted());
        } else {
          nops(options, 2);
        }
        options.add(new TcpOption.Timestamp(segment.tsVal(), segment.tsEcr()));
      } else if (syn.sackPermitted()) {
        nops(options, 2);
        options.add(new TcpOption.SackPermitted());
      }
      if (syn.windowScale() >= 0) {
        nops(options, 1);
        options.add(new TcpOption.WindowScale(syn.windowScale()));
      }
      return options;
    }
    if (segment.tsVal() != 0) {
      nops(options, 2);
      options.add(new TcpOption.Timestamp(segment.tsVal(), segment.tsEcr()));
    }
    if (!segment.sack().isEmpty()) {
      nops(options, 2);
      List<long[]> blocks = new ArrayList<>();
      for (SackBlock block : segment.sack()) {
        blocks.add(
            new long[] {toScript(block.start(), remoteIsn), toScript(block.end(), remoteIsn)});
      }
      options.add(new TcpOption.Sack(blocks));
    }
    return options;
  }

  private static void nops(List<TcpOption> options, int count) {
    for (int i = 0; i < count; i++) {
      options.add(new TcpOption.Nop());
    }
  }

  /**
   * The options as packetdrill compares an outbound packet's: kinds, order and values, except the
   * timestamp's, which it checks only under {@code --tcp_ts_tick_usecs} ({@code
   * verify_outbound_tcp_option}).
   */
  static String renderForComparison(List<TcpOption> options) {
    List<TcpOption> blanked = new ArrayList<>();
    for (TcpOption option : options) {
      blanked.add(option instanceof TcpOption.Timestamp ? new TcpOption.Timestamp(-1, -1) : option);
    }
    return render(blanked);
  }

  /** The options as packetdrill writes them. */
  static String render(List<TcpOption> options) {
    List<String> words = new ArrayList<>();
    for (TcpOption option : options) {
      words.add(option.toString());
    }
    return "<" + String.join(",", words) + ">";
  }
}
