package org.bondsim.core.scenario;

import java.util.Locale;
import org.bondsim.api.option.StrictNumbers;

/**
 * The sending host's segmentation offloads in {@code ethtool -K}'s words: {@code tso} (the NIC cuts
 * super-packets) and {@code gso} (the stack cuts them in software just before the driver). Either
 * one makes TCP hand the bond super-packets of up to 64 KB; both off, as in the reference
 * experiment ("both LSO and GSO disabled on both the sender and receiver"), every segment is one
 * frame from the start.
 *
 * @param tso {@code tcp-segmentation-offload}
 * @param gso {@code generic-segmentation-offload}
 * @param bondCuts the super-packets are cut in software at the bond, before its mode picks a slave
 *     for each segment (2.6.37's bond0 with GSO but without TSO: {@link EthtoolOffloads}); they
 *     otherwise reach the chosen slave whole
 */
public record SenderOffloads(boolean tso, boolean gso, boolean bondCuts) {
  /**
   * Checks that only GSO's super-packets are cut at the bond.
   *
   * @param tso tso
   * @param gso gso
   * @param bondCuts bondCuts
   */
  public SenderOffloads {
    if (bondCuts && (tso || !gso)) {
      throw new IllegalArgumentException(
          "bondCuts needs gso on and tso off: the bond cuts what software GSO built");
    }
  }

  /**
   * Offloads whose super-packets reach the chosen slave whole.
   *
   * @param tso {@code tcp-segmentation-offload}
   * @param gso {@code generic-segmentation-offload}
   */
  public SenderOffloads(boolean tso, boolean gso) {
    this(tso, gso, false);
  }

  /** Both off: every segment leaves TCP as one frame. */
  public static final SenderOffloads OFF = new SenderOffloads(false, false);

  /**
   * Returns whether TCP builds super-packets (either offload on).
   *
   * @return true when TSO or GSO is on
   */
  public boolean superPackets() {
    return tso || gso;
  }

  /**
   * Reads ethtool's words, such as {@code gso off tso off}; a word not given keeps its value in
   * {@code base}.
   *
   * @param text the words
   * @param base the values before
   * @return the offloads
   * @throws IllegalArgumentException naming the word and what is allowed
   */
  public static SenderOffloads parse(String text, SenderOffloads base) {
    String[] words = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
    boolean tso = base.tso;
    boolean gso = base.gso;
    for (int i = 0; i < words.length; i++) {
      String word = words[i];
      if (word.isEmpty()) {
        continue;
      }
      if (!word.equals("gso") && !word.equals("tso")) {
        throw new IllegalArgumentException(
            "sender offloads take gso and tso, got '" + StrictNumbers.echo(word) + "'");
      }
      if (i + 1 >= words.length) {
        throw new IllegalArgumentException("sender offload " + word + " needs a value: on or off");
      }
      String value = words[++i];
      if (!(value.equals("on") || value.equals("off"))) {
        throw new IllegalArgumentException(
            "sender offload "
                + word
                + " must be on or off, got '"
                + StrictNumbers.echo(value)
                + "'");
      }
      if (word.equals("tso")) {
        tso = value.equals("on");
      } else {
        gso = value.equals("on");
      }
    }
    return new SenderOffloads(tso, gso);
  }

  /**
   * Returns the offloads in ethtool's words.
   *
   * @return such as {@code tso off gso off}
   */
  public String words() {
    return "tso " + (tso ? "on" : "off") + " gso " + (gso ? "on" : "off");
  }
}
