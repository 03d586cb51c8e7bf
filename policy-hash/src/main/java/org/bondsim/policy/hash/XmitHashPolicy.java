package org.bondsim.policy.hash;

import java.util.List;
import org.bondsim.api.option.ChoiceOption;

/**
 * The values of Linux's {@code xmit_hash_policy} option, with the numbers sysfs accepts ({@code
 * include/uapi/linux/if_bonding.h}, {@code BOND_XMIT_POLICY_*}).
 */
public enum XmitHashPolicy {
  /** Destination and source MAC (last octet) and ethertype. The default. */
  LAYER2("layer2", 0),
  /** IP addresses and transport ports (or ICMP echo id). */
  LAYER34("layer3+4", 1),
  /** MAC and IP addresses. */
  LAYER23("layer2+3", 2),
  /** layer2+3 over the innermost headers of tunnelled traffic. */
  ENCAP23("encap2+3", 3),
  /** layer3+4 over the innermost headers of tunnelled traffic. */
  ENCAP34("encap3+4", 4),
  /** VLAN tag and source MAC (Linux 5.12 and later). */
  VLAN_SRCMAC("vlan+srcmac", 5);

  private final String word;
  private final int number;

  XmitHashPolicy(String word, int number) {
    this.word = word;
    this.number = number;
  }

  /**
   * Returns the option's word.
   *
   * @return such as {@code layer3+4}
   */
  public String word() {
    return word;
  }

  /**
   * Returns Linux's number for it.
   *
   * @return 0..5
   */
  public int number() {
    return number;
  }

  /**
   * Finds a policy by word or number.
   *
   * @param text such as {@code layer3+4} or {@code 1}
   * @return the policy
   * @throws IllegalArgumentException naming what is allowed
   */
  public static XmitHashPolicy parse(String text) {
    for (XmitHashPolicy policy : values()) {
      if (policy.word.equals(text) || Integer.toString(policy.number).equals(text)) {
        return policy;
      }
    }
    throw new IllegalArgumentException(
        "xmit_hash_policy must be one of layer2, layer3+4, layer2+3, encap2+3, encap3+4,"
            + " vlan+srcmac, got '"
            + text
            + "'");
  }

  /** The option spec, with Linux's default {@code layer2}. */
  public static final ChoiceOption OPTION =
      new ChoiceOption(
          "xmit_hash_policy",
          "layer2",
          List.of(values()).stream().map(p -> new ChoiceOption.Choice(p.word, p.number)).toList(),
          "which header fields choose the slave");
}
