package org.bondsim.core.nic;

import static org.assertj.core.api.Assertions.assertThat;

import org.bondsim.api.packet.Ipv4Address;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * igb's Toeplitz hash against the published verification values of Microsoft's RSS suite, whose key
 * igb's fixed RSSRK words are, and its redirection table.
 */
class RssTest {
  private static int ip(String dotted) {
    return Ipv4Address.parse(dotted).bits();
  }

  @ParameterizedTest
  @CsvSource({
    "66.9.149.187, 2794, 161.142.100.80, 1766, 323e8fc2, 51ccc178",
    "199.92.111.2, 14230, 65.69.140.83, 4739, d718262a, c626b0ea",
    "24.19.198.95, 12898, 12.22.207.184, 38024, d2d0a5de, 5c2b394a",
    "38.27.205.30, 48228, 209.142.163.6, 2217, 82989176, afc7327f",
    "153.39.163.191, 44251, 202.188.127.2, 1303, 5d1809c5, 10e828a2"
  })
  void hashesMatchTheVerificationSuite(
      String source,
      int sourcePort,
      String destination,
      int destinationPort,
      String addresses,
      String withPorts) {
    assertThat(Rss.hash(ip(source), ip(destination), 0, 0, false))
        .isEqualTo(Integer.parseUnsignedInt(addresses, 16));
    assertThat(Rss.hash(ip(source), ip(destination), sourcePort, destinationPort, true))
        .isEqualTo(Integer.parseUnsignedInt(withPorts, 16));
  }

  @Test
  void theKeyIsIgbsRegisterWordsLittleEndian() {
    byte[] key = Rss.key();
    assertThat(key).hasSize(40);
    assertThat(key[0] & 0xFF).isEqualTo(0x6d);
    assertThat(key[3] & 0xFF).isEqualTo(0xda);
    assertThat(key[39] & 0xFF).isEqualTo(0xfa);
  }
}
