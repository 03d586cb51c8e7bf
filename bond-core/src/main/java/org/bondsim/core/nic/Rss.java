package org.bondsim.core.nic;

import org.bondsim.api.packet.Frame;
import org.bondsim.api.packet.Ipv4Header;
import org.bondsim.api.packet.TcpHeader;

/**
 * Receive-side scaling as igb sets it up ({@code igb_setup_mrqc}, Linux 3.16): the Toeplitz hash of
 * an IPv4 packet's addresses, and of its ports too for TCP (UDP ports only when {@code
 * IGB_FLAG_RSS_FIELD_IPV4_UDP} is set, which it is not by default), with the fixed key igb writes
 * to its RSSRK registers (the ten words {@code 0xDA565A6D …}, stored little-endian, which is the
 * key of Microsoft's RSS verification suite), and a 128-entry indirection table filled with {@code
 * (j × queues) / 128}, indexed by the hash's low 7 bits. Other frames (ARP, IPv6 here) go to queue
 * 0.
 *
 * <p>Later igb versions take a random per-boot key ({@code netdev_rss_key_fill}, Linux 3.19), so
 * which flows share a queue differs from boot to boot; the fixed key keeps runs reproducible.
 */
final class Rss {
  /** Entries of igb's redirection table ({@code IGB_RETA_SIZE}). */
  static final int TABLE_SIZE = 128;

  private static final int[] KEY_WORDS = {
    0xDA565A6D, 0xC20E5B25, 0x3D256741, 0xB08FA343, 0xCB2BCAD0,
    0xB4307BAE, 0xA32DCB77, 0x0CF23080, 0x3BB7426A, 0xFA01ACBE
  };

  // The hash of one input byte at each of the 12 positions of an IPv4 4-tuple: the hash is linear
  // over XOR, so it is the XOR of the 12 entries its bytes select.
  private static final int[][] BYTE_TABLES = byteTables();

  private final int[] table = new int[TABLE_SIZE];

  /**
   * Builds the table for {@code queues} receive queues.
   *
   * @param queues 1 or more
   */
  Rss(int queues) {
    for (int j = 0; j < TABLE_SIZE; j++) {
      table[j] = j * queues / TABLE_SIZE;
    }
  }

  /** The key's bytes in the order the hardware reads them. */
  static byte[] key() {
    byte[] key = new byte[KEY_WORDS.length * 4];
    for (int i = 0; i < KEY_WORDS.length; i++) {
      for (int b = 0; b < 4; b++) {
        key[4 * i + b] = (byte) (KEY_WORDS[i] >>> (8 * b));
      }
    }
    return key;
  }

  private static int[][] byteTables() {
    byte[] key = key();
    int[][] tables = new int[12][256];
    for (int position = 0; position < 12; position++) {
      for (int value = 0; value < 256; value++) {
        byte[] input = new byte[12];
        input[position] = (byte) value;
        tables[position][value] = toeplitz(key, input, 12);
      }
    }
    return tables;
  }

  /**
   * The Toeplitz hash: for every input bit set, counted from the most significant bit of the first
   * byte, the 32 key bits starting at that bit's position are XORed into the result.
   */
  static int toeplitz(byte[] key, byte[] input, int length) {
    int result = 0;
    long window = 0;
    for (int i = 0; i < 8; i++) {
      window = (window << 8) | (key[i] & 0xFF);
    }
    int nextKeyByte = 8;
    for (int i = 0; i < length; i++) {
      for (int bit = 7; bit >= 0; bit--) {
        if ((input[i] & (1 << bit)) != 0) {
          result ^= (int) (window >>> 32);
        }
        window <<= 1;
      }
      window |= nextKeyByte < key.length ? key[nextKeyByte] & 0xFF : 0;
      nextKeyByte++;
    }
    return result;
  }

  /**
   * Returns the Toeplitz hash of an IPv4 flow, ports included when {@code withPorts}.
   *
   * @param source source address, first octet most significant
   * @param destination destination address
   * @param sourcePort source port
   * @param destinationPort destination port
   * @param withPorts whether the ports are part of the input
   * @return the 32-bit hash
   */
  static int hash(
      int source, int destination, int sourcePort, int destinationPort, boolean withPorts) {
    int h = 0;
    for (int b = 0; b < 4; b++) {
      h ^= BYTE_TABLES[b][(source >>> (24 - 8 * b)) & 0xFF];
      h ^= BYTE_TABLES[4 + b][(destination >>> (24 - 8 * b)) & 0xFF];
    }
    if (withPorts) {
      h ^= BYTE_TABLES[8][(sourcePort >>> 8) & 0xFF];
      h ^= BYTE_TABLES[9][sourcePort & 0xFF];
      h ^= BYTE_TABLES[10][(destinationPort >>> 8) & 0xFF];
      h ^= BYTE_TABLES[11][destinationPort & 0xFF];
    }
    return h;
  }

  /**
   * Returns the queue a frame is received on.
   *
   * @param frame the frame
   * @return the queue index
   */
  int queue(Frame frame) {
    if (!(frame.ip() instanceof Ipv4Header ip)) {
      return 0;
    }
    // A fragment carries no ports to hash (or none past the first): the addresses alone.
    boolean whole = !ip.moreFragments() && ip.fragmentOffset() == 0;
    int h =
        frame.transport() instanceof TcpHeader tcp && whole
            ? hash(
                ip.source().bits(),
                ip.destination().bits(),
                tcp.sourcePort(),
                tcp.destinationPort(),
                true)
            : hash(ip.source().bits(), ip.destination().bits(), 0, 0, false);
    return table[h & (TABLE_SIZE - 1)];
  }
}
