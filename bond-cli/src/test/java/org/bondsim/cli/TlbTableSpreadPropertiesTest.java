package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.bondsim.api.packet.EtherType;
import org.bondsim.api.packet.EthernetHeader;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.IpProtocol;
import org.bondsim.api.packet.Ipv4Address;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.MacAddress;
import org.bondsim.api.packet.TcpHeader;
import org.bondsim.core.engine.SeededRandom;
import org.bondsim.netperf.EphemeralPorts;
import org.bondsim.policy.hash.HashFormula;
import org.bondsim.policy.hash.XmitHash;
import org.bondsim.policy.hash.XmitHashPolicy;

class TlbTableSpreadPropertiesTest {
  /**
   * 200 netperf streams between two hosts under layer3+4 spread over balance-tlb's 256-entry table
   * as on a host: the old consecutive ports (49152 + i to 12866 + i) folded onto 15 entries.
   */
  @Property(tries = 200)
  void twoHundredStreamsOccupyAtLeastHundredTlbEntries(@ForAll long seed) {
    EphemeralPorts local = new EphemeralPorts(new SeededRandom(seed));
    EphemeralPorts remote = new EphemeralPorts(new SeededRandom(seed).split());
    XmitHash hash = new XmitHash(XmitHashPolicy.LAYER34, HashFormula.CURRENT);
    Ipv4Address from = Ipv4Address.parse("10.0.0.1");
    Ipv4Address to = Ipv4Address.parse("10.0.0.2");
    BitSet entries = new BitSet(256);
    for (int i = 0; i < 200; i++) {
      int dport = remote.forBind();
      int sport = local.forConnect();
      Frame frame =
          new Frame(
              new EthernetHeader(
                  new MacAddress(0x020000000001L),
                  new MacAddress(0x020000000002L),
                  EthernetHeader.NO_VLAN,
                  EtherType.IPV4),
              Ipv4Header.of(from, to, IpProtocol.TCP),
              new TcpHeader(sport, dport));
      entries.set(hash.hash(frame) & 0xFF);
    }
    assertThat(entries.cardinality()).isGreaterThanOrEqualTo(100);
  }
}
