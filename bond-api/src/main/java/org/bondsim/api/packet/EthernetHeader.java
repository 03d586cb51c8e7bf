package org.bondsim.api.packet;

/**
 * An Ethernet II header with an optional 802.1Q tag.
 *
 * <p>By default the tag is held as Linux holds a hardware-accelerated tag ({@code skb->vlan_tci}):
 * beside the frame, so the Ethernet header's type field and {@code skb->protocol} are the payload's
 * type. A tag {@linkplain #vlanInline() carried in-line} puts 0x8100 there instead, which changes
 * what the bonding hash sees. Either way it takes 4 bytes on the wire. {@link #etherType()} is
 * always the payload's type.
 *
 * @param source source address
 * @param destination destination address
 * @param vlanTci the 802.1Q tag control information (priority, DEI and VLAN id), or {@link
 *     #NO_VLAN}
 * @param etherType the payload's ethertype, see {@link EtherType}
 * @param vlanInline true if the tag is in the frame's bytes rather than in skb metadata
 */
public record EthernetHeader(
    MacAddress source, MacAddress destination, int vlanTci, int etherType, boolean vlanInline) {
  /** Marks a frame without an 802.1Q tag. */
  public static final int NO_VLAN = -1;

  /** Bytes of an untagged Ethernet II header. */
  public static final int HEADER_BYTES = 14;

  /** Bytes an 802.1Q tag adds. */
  public static final int VLAN_TAG_BYTES = 4;

  /** Bytes of the frame check sequence. */
  public static final int FCS_BYTES = 4;

  /** The smallest frame Ethernet sends, FCS included; shorter frames are padded. */
  public static final int MIN_FRAME_BYTES = 64;

  /**
   * Checks the fields.
   *
   * @param source source address
   * @param destination destination address
   * @param vlanTci tag control information or {@link #NO_VLAN}
   * @param etherType ethertype
   * @param vlanInline whether the tag is in-line
   */
  public EthernetHeader {
    if (source == null || destination == null) {
      throw new IllegalArgumentException("Ethernet source and destination must be given");
    }
    if (vlanTci != NO_VLAN && (vlanTci < 0 || vlanTci > 0xFFFF)) {
      throw new IllegalArgumentException("vlan TCI must be 0..65535, got " + vlanTci);
    }
    if (etherType < 0 || etherType > 0xFFFF) {
      throw new IllegalArgumentException("ethertype must be 0x0000..0xffff, got " + etherType);
    }
    if (vlanInline && vlanTci == NO_VLAN) {
      throw new IllegalArgumentException("an in-line VLAN tag needs a TCI");
    }
  }

  /**
   * Builds a header whose tag, if any, is hardware-accelerated metadata.
   *
   * @param source source address
   * @param destination destination address
   * @param vlanTci tag control information or {@link #NO_VLAN}
   * @param etherType the payload's ethertype
   */
  public EthernetHeader(MacAddress source, MacAddress destination, int vlanTci, int etherType) {
    this(source, destination, vlanTci, etherType, false);
  }

  /**
   * Returns the type field of the Ethernet header as it is in the frame's bytes: 0x8100 for an
   * in-line tag, else the payload's type.
   *
   * @return the outer ethertype
   */
  public int outerEtherType() {
    return vlanInline ? EtherType.VLAN : etherType;
  }

  /**
   * Returns whether the frame carries an 802.1Q tag.
   *
   * @return true if tagged
   */
  public boolean hasVlan() {
    return vlanTci != NO_VLAN;
  }

  /**
   * Returns the VLAN id (the low 12 bits of the TCI).
   *
   * @return 0..4095, or {@link #NO_VLAN}
   */
  public int vlanId() {
    return hasVlan() ? vlanTci & 0xFFF : NO_VLAN;
  }

  /**
   * Returns the header length on the wire.
   *
   * @return 14, or 18 with a tag
   */
  public int headerBytes() {
    return hasVlan() ? HEADER_BYTES + VLAN_TAG_BYTES : HEADER_BYTES;
  }
}
