package org.bondsim.tcp;

/**
 * What the handshake settled ({@code tp->rx_opt} and {@code mss_cache}): SACK, timestamps, the
 * option bytes every segment carries and the MSS. Until a SYN says otherwise the options this end
 * would offer are assumed.
 */
final class NegotiatedOptions {
  boolean sackOk;
  boolean timestampsOk;
  int optionBytes;
  int mss;

  NegotiatedOptions(TcpSettings settings, int mtu) {
    sackOk = settings.sack();
    timestampsOk = settings.timestamps();
    optionBytes = timestampsOk ? 12 : 0;
    mss = mtu - 40 - optionBytes;
  }

  /** SACK blocks that fit beside the other options: 3 with timestamps, else 4 (RFC 2018). */
  int maxSackBlocks() {
    return timestampsOk ? 3 : 4;
  }
}
