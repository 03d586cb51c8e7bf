package org.bondsim.cli;

import java.util.Locale;
import java.util.Map;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IcmpHeader;
import org.bondsim.api.packet.IpAddress;
import org.bondsim.api.packet.IpHeader;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.Ipv6Address;
import org.bondsim.api.packet.Ipv6Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.PortsHeader;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.api.packet.TransportHeader;
import org.bondsim.api.packet.UdpHeader;

/**
 * Builds a frame from named text fields, the columns of {@code xmit-hash --input}: {@code src_mac,
 * dst_mac, vlan, ethertype, src_ip, dst_ip, ip_proto, src_port, dst_port, icmp_id, frag}, and the
 * optional {@code icmp_type, icmp_code}. An empty or missing field does not apply. Every error
 * names the field, the value and what is allowed.
 */
final class FrameFields {
  private final Map<String, String> fields;

  FrameFields(Map<String, String> fields) {
    this.fields = fields;
  }

  private String get(String name) {
    String value = fields.get(name);
    return value == null ? "" : value.trim();
  }

  private static IllegalArgumentException bad(String field, String value, String allowed) {
    return new IllegalArgumentException(field + " must be " + allowed + ", got '" + value + "'");
  }

  Frame build() {
    MacAddress src = mac("src_mac");
    MacAddress dst = mac("dst_mac");
    int vlan = intIn("vlan", 0, 4095, EthernetHeader.NO_VLAN);
    String srcIpText = get("src_ip");
    String dstIpText = get("dst_ip");
    if (srcIpText.isEmpty() != dstIpText.isEmpty()) {
      String missing = srcIpText.isEmpty() ? "src_ip" : "dst_ip";
      throw bad(missing, "", "an address when the other address is given");
    }
    IpAddress srcIp = srcIpText.isEmpty() ? null : ip("src_ip", srcIpText);
    IpAddress dstIp = dstIpText.isEmpty() ? null : ip("dst_ip", dstIpText);
    if (srcIp != null && srcIp.getClass() != dstIp.getClass()) {
      throw bad("dst_ip", dstIpText, "of the same IP version as src_ip");
    }
    // An ethertype of 0x8100 with a VLAN id means the tag is carried in-line in the frame.
    boolean inline = isInlineTag(vlan);
    int etherType = inline ? inlinePayloadType(srcIp) : etherType(srcIp);
    if (srcIp == null) {
      for (String field : new String[] {"ip_proto", "src_port", "dst_port", "icmp_id"}) {
        if (!get(field).isEmpty()) {
          throw bad(field, get(field), "empty for a frame without IP addresses");
        }
      }
      String frag = get("frag");
      if (!frag.isEmpty() && !frag.equals("none")) {
        throw bad("frag", frag, "empty or none for a frame without IP addresses");
      }
      return new Frame(new EthernetHeader(src, dst, vlan, etherType, inline), null, null);
    }
    int proto = intIn("ip_proto", 0, 255, -1);
    if (proto < 0) {
      throw bad("ip_proto", "", "a protocol number 0..255 (6 tcp, 17 udp, 1 icmp, 58 icmpv6)");
    }
    String frag = get("frag").isEmpty() ? "none" : get("frag").toLowerCase(Locale.ROOT);
    if (!frag.equals("none") && !frag.equals("first") && !frag.equals("later")) {
      throw bad("frag", get("frag"), "one of none, first, later");
    }
    boolean v4 = srcIp instanceof Ipv4Address;
    if (v4 ? proto == IpProtocol.ICMPV6 : proto == IpProtocol.ICMP) {
      throw bad(
          "ip_proto",
          Integer.toString(proto),
          v4 ? "not 58 (ICMPv6) over IPv4" : "not 1 (ICMP) over IPv6");
    }
    IpHeader ip =
        v4
            ? new Ipv4Header(
                (Ipv4Address) srcIp,
                (Ipv4Address) dstIp,
                proto,
                0,
                frag.equals("first"),
                frag.equals("later") ? 185 : 0)
            : new Ipv6Header(
                (Ipv6Address) srcIp, (Ipv6Address) dstIp, proto, 0, !frag.equals("none"));
    // A later fragment carries no transport header: its ports, if given, are checked and unused.
    TransportHeader parsed = transport(proto, frag);
    TransportHeader transport = frag.equals("later") ? null : parsed;
    return new Frame(new EthernetHeader(src, dst, vlan, etherType, inline), ip, transport);
  }

  private TransportHeader transport(int proto, String frag) {
    boolean icmp = proto == IpProtocol.ICMP || proto == IpProtocol.ICMPV6;
    if (icmp) {
      for (String field : new String[] {"src_port", "dst_port"}) {
        if (!get(field).isEmpty()) {
          throw bad(field, get(field), "empty for ICMP (use icmp_id)");
        }
      }
      int id = intIn("icmp_id", 0, 65535, -1);
      int echo = proto == IpProtocol.ICMP ? 8 : 128;
      int noIdentifier = proto == IpProtocol.ICMP ? 9 : 134; // router advertisement
      int type = intIn("icmp_type", 0, 255, id >= 0 ? echo : noIdentifier);
      int code = intIn("icmp_code", 0, 255, 0);
      return new IcmpHeader(type, code, Math.max(id, 0));
    }
    if (!get("icmp_id").isEmpty()) {
      throw bad("icmp_id", get("icmp_id"), "empty unless ip_proto is 1 (ICMP) or 58 (ICMPv6)");
    }
    boolean hasPorts = PortsHeader.portsOffset(proto) >= 0;
    if (!hasPorts) {
      for (String field : new String[] {"src_port", "dst_port"}) {
        if (!get(field).isEmpty()) {
          throw bad(field, get(field), "empty for ip_proto " + proto + ", which has no ports");
        }
      }
      return new PortsHeader(proto, 0, 0, 0);
    }
    // An unfragmented packet needs its ports; a fragment's are not hashed, so they may be left out.
    int fallback = frag.equals("none") ? -1 : 0;
    int sport = intIn("src_port", 0, 65535, fallback);
    int dport = intIn("dst_port", 0, 65535, fallback);
    if (sport < 0) {
      throw bad("src_port", "", "a port 0..65535 for ip_proto " + proto);
    }
    if (dport < 0) {
      throw bad("dst_port", "", "a port 0..65535 for ip_proto " + proto);
    }
    if (proto == IpProtocol.TCP) {
      return new TcpHeader(sport, dport);
    }
    if (proto == IpProtocol.UDP) {
      return new UdpHeader(sport, dport);
    }
    return new PortsHeader(proto, sport, dport, 8);
  }

  private MacAddress mac(String field) {
    String text = get(field);
    try {
      return MacAddress.parse(text);
    } catch (IllegalArgumentException e) {
      throw bad(field, text, "a MAC address like 00:11:22:33:44:55");
    }
  }

  private static IpAddress ip(String field, String text) {
    try {
      return IpAddress.parse(text);
    } catch (IllegalArgumentException e) {
      throw bad(field, text, "an IPv4 address like 10.0.0.1 or an IPv6 address like 2001:db8::1");
    }
  }

  private boolean isInlineTag(int vlan) {
    String text = get("ethertype").toLowerCase(Locale.ROOT);
    boolean tagType = text.equals("0x8100") || text.equals("33024");
    if (tagType && vlan == EthernetHeader.NO_VLAN) {
      throw bad("ethertype", get("ethertype"), "0x8100 only with a vlan id (an in-line tag)");
    }
    return tagType;
  }

  private static int inlinePayloadType(IpAddress srcIp) {
    if (srcIp == null) {
      throw bad("src_ip", "", "given for a frame with an in-line VLAN tag (ethertype 0x8100)");
    }
    return srcIp instanceof Ipv4Address ? EtherType.IPV4 : EtherType.IPV6;
  }

  private int etherType(IpAddress srcIp) {
    String text = get("ethertype");
    if (text.isEmpty()) {
      if (srcIp == null) {
        throw bad(
            "ethertype", "", "given (such as 0x0806 for ARP) for a frame without IP addresses");
      }
      return srcIp instanceof Ipv4Address ? EtherType.IPV4 : EtherType.IPV6;
    }
    int value;
    try {
      boolean hex = text.startsWith("0x") || text.startsWith("0X");
      String digits = hex ? text.substring(2) : text;
      value =
          digits.length() > 8 || !StrictNumbers.isAsciiDigits(digits, hex)
              ? -1
              : Integer.parseInt(digits, hex ? 16 : 10);
    } catch (NumberFormatException e) {
      value = -1;
    }
    if (value < 0 || value > 0xFFFF) {
      throw bad("ethertype", text, "a 16-bit number like 0x0800");
    }
    if (srcIp != null) {
      int expected = srcIp instanceof Ipv4Address ? EtherType.IPV4 : EtherType.IPV6;
      if (value != expected) {
        throw bad(
            "ethertype", text, String.format("0x%04x or empty for these addresses", expected));
      }
    } else if (value == EtherType.IPV4 || value == EtherType.IPV6) {
      throw bad("ethertype", text, "a non-IP type when src_ip and dst_ip are empty");
    }
    return value;
  }

  private int intIn(String field, int min, int max, int absent) {
    String text = get(field);
    if (text.isEmpty()) {
      return absent;
    }
    if (text.length() > 9 || !StrictNumbers.isAsciiDigits(text, false)) {
      throw bad(field, text, min + ".." + max);
    }
    int value = Integer.parseInt(text);
    if (value < min || value > max) {
      throw bad(field, text, min + ".." + max);
    }
    return value;
  }
}
