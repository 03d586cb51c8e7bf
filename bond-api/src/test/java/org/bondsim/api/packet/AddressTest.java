package org.bondsim.api.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class AddressTest {
  @Test
  void macAddressParsesAndPrintsOctetsInWireOrder() {
    MacAddress mac = MacAddress.parse("00:11:22:33:44:55");
    assertThat(mac.bits()).isEqualTo(0x001122334455L);
    assertThat(mac.octet(0)).isEqualTo(0x00);
    assertThat(mac.octet(5)).isEqualTo(0x55);
    assertThat(mac).hasToString("00:11:22:33:44:55");
    assertThat(MacAddress.parse("66-77-88-99-AA-bb")).hasToString("66:77:88:99:aa:bb");
    assertThat(MacAddress.BROADCAST.isMulticast()).isTrue();
    assertThat(mac.isMulticast()).isFalse();
  }

  @Test
  void badMacAddressIsNamedInTheError() {
    assertThatThrownBy(() -> MacAddress.parse("00:11:22:33:44"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'00:11:22:33:44'");
    assertThatThrownBy(() -> MacAddress.parse("00:11:22:33:44:zz"))
        .hasMessageContaining("six hex octets");
  }

  @Property
  void macAddressTextRoundTrips(@ForAll @LongRange(min = 0, max = 0xFFFF_FFFF_FFFFL) long bits) {
    MacAddress mac = new MacAddress(bits);
    assertThat(MacAddress.parse(mac.toString())).isEqualTo(mac);
  }

  @Test
  void ipv4ParsesDottedQuads() {
    Ipv4Address address = Ipv4Address.parse("10.0.0.1");
    assertThat(address.bits()).isEqualTo(0x0a000001);
    assertThat(address.toBytes()).containsExactly(10, 0, 0, 1);
    assertThat(address).hasToString("10.0.0.1");
    assertThatThrownBy(() -> Ipv4Address.parse("10.0.0.256")).hasMessageContaining("10.0.0.256");
    assertThatThrownBy(() -> Ipv4Address.parse("10.0.0")).hasMessageContaining("dotted quad");
  }

  @Test
  void ipv6ParsesCompressedFormsWithoutLookingUpNames() {
    Ipv6Address address = Ipv6Address.parse("2001:db8::1");
    assertThat(address.high()).isEqualTo(0x20010db800000000L);
    assertThat(address.low()).isEqualTo(1L);
    assertThat(IpAddress.parse("2001:db8::1")).isEqualTo(address);
    assertThat(Ipv6Address.fromBytes(address.toBytes())).isEqualTo(address);
    assertThatThrownBy(() -> Ipv6Address.parse("example.com:80")).hasMessageContaining("IPv6");
  }
}
