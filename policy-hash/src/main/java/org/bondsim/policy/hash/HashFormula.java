package org.bondsim.policy.hash;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.option.ChoiceOption;
import org.bondsim.api.option.OptionException;

/**
 * Which kernel's arithmetic the transmit hash follows. Linux changed the formula several times; the
 * reference experiments ran on 2.6.37, most users run 5.x or 6.x. Each constant names the first
 * kernel it applies to and says what changed; {@link #CURRENT} is what Linux 6.17 computes. As an
 * option value each is its word or the number major × 100 + minor (206, …, 617).
 */
public enum HashFormula {
  /**
   * Linux 2.6.24 – 3.4: {@code bond_xmit_hash_policy_l2/l23/l34} return a slave number. layer2:
   * {@code dst[5] ^ src[5]}; layer2+3 (IPv4 only): {@code (ntohl(saddr ^ daddr) & 0xffff) ^ dst[5]
   * ^ src[5]}; layer3+4 (IPv4 only): the same address term XOR {@code sport ^ dport} for
   * unfragmented TCP and UDP; anything else falls back to layer2. balance-xor takes the result
   * modulo all slaves and walks on to the next one that can send.
   */
  LINUX_2_6("2.6", 206, true),
  /**
   * Linux 3.5 – 3.12: as 2.6, plus IPv6 (address words 1–3 XORed, then folded by 24, 16 and 8 bits)
   * and ports for every protocol {@code proto_ports_offset} knows (SCTP, DCCP, ESP, AH, …).
   */
  LINUX_3_5("3.5", 305, true),
  /**
   * Linux 3.13 – 3.15: the flow-dissector rewrite. layer2 {@code dst[5] ^ src[5]}; layer2+3 and
   * layer3+4 XOR the addresses (IPv6 through {@code ipv6_addr_hash}) into the MAC or port term and
   * fold by 16 and 8 bits; encap2+3 and encap3+4 appear. Still modulo all slaves with a walk.
   */
  LINUX_3_13("3.13", 313, true),
  /**
   * Linux 3.16 – 3.18: the same hash, and balance-tlb gets its own transmit function ({@code
   * bond_tlb_xmit}, checked in the 3.16 tree's {@code bond_alb.c}): the table is keyed by the low
   * byte of {@code bond_xmit_hash}, and {@code tlb_dynamic_lb} appears; with 0 the frame goes to
   * slave number {@code hash % slave_cnt} in list order, down slaves counted, and is dropped when
   * that slave cannot send ({@code bond_do_alb_xmit}).
   */
  LINUX_3_16("3.16", 316, true),
  /**
   * Linux 3.19 – 4.14: the raw big-endian ethertype joins the MAC term (0x0008 for IPv4 on x86),
   * and balance-xor / 802.3ad take the hash modulo the usable-slave array.
   */
  LINUX_3_19("3.19", 319, false),
  /** Linux 4.15 – 5.4: every flow policy (layer2+3, layer3+4, encap) shifts the hash right by 1. */
  LINUX_4_15("4.15", 415, false),
  /** Linux 5.5 – 5.14: layer3+4 uses the ICMP echo identifier in place of ports. */
  LINUX_5_5("5.5", 505, false),
  /** Linux 5.15 – 5.17: the ethertype is taken in host order (0x0800). */
  LINUX_5_15("5.15", 515, false),
  /**
   * Linux 5.18 and later, before ICMP errors were hashed on the packet they quote: the shift by 1
   * applies to layer3+4 and encap3+4 only.
   */
  LINUX_5_18("5.18", 518, false),
  /**
   * What Linux 6.17 computes ({@code __bond_xmit_hash}, {@code bond_flow_dissect}): as 5.18, and an
   * ICMP or ICMPv6 error is hashed on the addresses and ports of the packet it quotes.
   */
  CURRENT("current", 617, false);

  private final String word;
  private final int number;
  private final boolean modulusOverAllSlaves;

  HashFormula(String word, int number, boolean modulusOverAllSlaves) {
    this.word = word;
    this.number = number;
    this.modulusOverAllSlaves = modulusOverAllSlaves;
  }

  /**
   * Returns the option's word.
   *
   * @return such as {@code 2.6} or {@code current}
   */
  public String word() {
    return word;
  }

  /**
   * Returns whether balance-xor reduces the hash modulo every slave and walks to the next one that
   * can send (Linux before 3.19), rather than indexing the array of usable slaves.
   *
   * @return true for the older kernels
   */
  public boolean modulusOverAllSlaves() {
    return modulusOverAllSlaves;
  }

  /**
   * Returns whether this kernel predates {@code bond_tlb_xmit} (Linux before 3.16): balance-tlb
   * then shared balance-alb's {@code bond_alb_xmit}, keyed its table by the XOR of the destination
   * IP's bytes whatever {@code xmit_hash_policy} said, and had no {@code tlb_dynamic_lb}.
   *
   * @return true for 2.6, 3.5 and 3.13
   */
  public boolean tlbSharesAlbTransmit() {
    return modulusOverAllSlaves && this != LINUX_3_16;
  }

  /**
   * Returns whether balance-tlb with {@code tlb_dynamic_lb 0} takes the hash modulo every slave,
   * down ones included, and drops the frame when that slave cannot send (Linux 3.16 – 3.18), rather
   * than indexing the array of usable slaves (3.19 and later, {@code slave_arr}).
   *
   * @return true for 3.16
   */
  public boolean tlbModuloAllSlaves() {
    return this == LINUX_3_16;
  }

  /**
   * Returns the load history every balance-tlb/alb table entry starts with when the bond opens.
   * 2.6.37's {@code tlb_initialize} initialises each entry with {@code save_load} set, so each
   * starts at {@code 1 + 0 / 10} = 1 and a fresh table spreads new flows over the slaves; the 3.14
   * tree passes 0, so each starts at 0, adds nothing to its slave's load, and new flows follow the
   * least-loaded tie to one slave until the first rebalance. The kernels between were not checked:
   * 3.5 and 3.13 take 0.
   *
   * @return 1 for 2.6, else 0
   */
  public long tlbInitialLoadHistory() {
    return this == LINUX_2_6 ? 1 : 0;
  }

  boolean atLeast(HashFormula other) {
    return ordinal() >= other.ordinal();
  }

  /**
   * Finds a formula by word.
   *
   * @param text such as {@code 2.6}
   * @return the formula
   */
  public static HashFormula parse(String text) {
    for (HashFormula formula : values()) {
      if (formula.word.equals(text)) {
        return formula;
      }
    }
    throw new OptionException(
        "xmit_hash_formula",
        String.valueOf(text),
        "xmit_hash_formula must be one of " + words() + ", got '" + text + "'");
  }

  static String words() {
    List<String> words = new ArrayList<>();
    for (HashFormula formula : values()) {
      words.add(formula.word);
    }
    return String.join(", ", words);
  }

  /** The option spec: a bondsim extension, not a Linux option. */
  public static final ChoiceOption OPTION =
      new ChoiceOption(
          "xmit_hash_formula",
          "current",
          List.of(values()).stream().map(f -> new ChoiceOption.Choice(f.word, f.number)).toList(),
          "bondsim: which kernel's hash arithmetic to follow (2.6 = 2.6.24-3.4, …, current = 6.17)");
}
