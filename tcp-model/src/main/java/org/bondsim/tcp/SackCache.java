package org.bondsim.tcp;

import org.bondsim.api.tcp.SackBlock;

/**
 * {@code recv_sack_cache}: the SACK blocks of the previous ACK (its DSACK and blocks past snd_nxt
 * left out, as {@code tcp_sacktag_write_queue} leaves them out of {@code used_sacks}). Every
 * segment wholly inside one of them was SACKed then and stays so, so a new block walks only what
 * lies outside the cached block it overlaps. Linux fills a fresh list from the ACK's blocks and
 * copies it into the cache at the end, so every block of an ACK is compared with all of the
 * previous ACK's blocks; this class keeps the two lists apart for the same reason.
 */
final class SackCache {
  private long[] previousStart;
  private long[] previousEnd;
  private int previousSize;
  private long[] nextStart;
  private long[] nextEnd;
  private int nextSize;

  /**
   * Builds an empty cache.
   *
   * @param capacity the most blocks an ACK carries
   */
  SackCache(int capacity) {
    previousStart = new long[capacity];
    previousEnd = new long[capacity];
    nextStart = new long[capacity];
    nextEnd = new long[capacity];
  }

  /**
   * The cached block {@code block} overlaps, or -1.
   *
   * @param block a block of the ACK being processed
   * @return an index for {@link #start(int)} and {@link #end(int)}
   */
  int overlapping(SackBlock block) {
    for (int c = 0; c < previousSize; c++) {
      if (previousStart[c] < block.end() && block.start() < previousEnd[c]) {
        return c;
      }
    }
    return -1;
  }

  long start(int index) {
    return previousStart[index];
  }

  long end(int index) {
    return previousEnd[index];
  }

  /** Keeps a block of the ACK being processed for the next ACK. */
  void record(SackBlock block) {
    if (nextSize < nextStart.length) {
      nextStart[nextSize] = block.start();
      nextEnd[nextSize] = block.end();
      nextSize++;
    }
  }

  /** The ACK is processed: its recorded blocks become the cache. */
  void ackDone() {
    long[] s = previousStart;
    long[] e = previousEnd;
    previousStart = nextStart;
    previousEnd = nextEnd;
    previousSize = nextSize;
    nextStart = s;
    nextEnd = e;
    nextSize = 0;
  }
}
