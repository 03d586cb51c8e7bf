package org.bondsim.tcp;

import java.util.List;
import org.bondsim.api.tcp.SackBlock;

/**
 * The SACK blocks the receiver reports ({@code tcp_sack_new_ofo_skb}, {@code tcp_dsack_set}): the
 * block holding the newest out-of-order data first, blocks it touches merged into it, at most as
 * many as fit beside the other options, and a DSACK in front for one ACK after a duplicate arrives.
 */
final class SackBlocks {
  private final NegotiatedOptions options;
  private final boolean dsackEnabled;
  private final TcpCounters counters;
  // At most four blocks fit; a small array keeps each update free of iterators and lambdas.
  private final SackBlock[] blocks = new SackBlock[4];
  private int count;
  private SackBlock dsack;
  // The list the next segment carries, rebuilt only when the blocks change.
  private List<SackBlock> current = List.of();
  private boolean stale;

  SackBlocks(NegotiatedOptions options, TcpSettings settings, TcpCounters counters) {
    this.options = options;
    this.dsackEnabled = settings.dsack();
    this.counters = counters;
  }

  /** New out-of-order data landed in {@code [start, end)}, the range the queue now holds. */
  void onOutOfOrder(long start, long end) {
    if (!options.sackOk) {
      return;
    }
    // Blocks the new range touches merge into it; the rest keep their order behind it.
    int kept = 0;
    for (int i = 0; i < count; i++) {
      SackBlock b = blocks[i];
      if (!(b.start() <= end && b.end() >= start)) {
        blocks[kept++] = b;
      }
    }
    int behind = Math.min(kept, options.maxSackBlocks() - 1);
    System.arraycopy(blocks, 0, blocks, 1, behind);
    blocks[0] = new SackBlock(start, end);
    for (int i = behind + 1; i < count; i++) {
      blocks[i] = null;
    }
    count = behind + 1;
    stale = true;
  }

  /**
   * Whether data at {@code [start, end)} extends the third block or a later one, or starts a new
   * block behind two or more ({@code tcp_sack_new_ofo_skb}'s {@code this_sack} at least {@code
   * TCP_SACK_BLOCKS_EXPECTED}).
   */
  boolean landsBeyondSecond(long start, long end) {
    int at = 0;
    while (at < count && !(blocks[at].start() <= end && blocks[at].end() >= start)) {
      at++;
    }
    return at >= 2;
  }

  /** rcv_nxt moved: blocks it passed are gone. */
  void dropBelow(long rcvNxt) {
    int kept = 0;
    for (int i = 0; i < count; i++) {
      if (blocks[i].end() > rcvNxt) {
        blocks[kept++] = blocks[i];
      }
    }
    if (kept != count) {
      for (int i = kept; i < count; i++) {
        blocks[i] = null;
      }
      count = kept;
      stale = true;
    }
  }

  /** A duplicate arrived: report it once ({@code old}: below rcv_nxt, else inside the queue). */
  void setDsack(long start, long end, boolean old) {
    if (!options.sackOk || !dsackEnabled) {
      return;
    }
    dsack = new SackBlock(start, end);
    stale = true;
    if (old) {
      counters.dsackOldSent++;
    } else {
      counters.dsackOfoSent++;
    }
  }

  /** The next segment carried the DSACK. */
  void dsackSent() {
    if (dsack != null) {
      dsack = null;
      stale = true;
    }
  }

  /** The blocks the next segment carries, DSACK first; an immutable list shared until changed. */
  List<SackBlock> current() {
    if (stale) {
      current = build();
      stale = false;
    }
    return current;
  }

  private List<SackBlock> build() {
    int n = Math.min(options.maxSackBlocks(), count + (dsack != null ? 1 : 0));
    // List.of with its elements named takes no intermediate array for up to two blocks.
    SackBlock first = dsack != null ? dsack : blocks[0];
    int from = dsack != null ? 0 : 1;
    return switch (n) {
      case 0 -> List.of();
      case 1 -> List.of(first);
      case 2 -> List.of(first, blocks[from]);
      case 3 -> List.of(first, blocks[from], blocks[from + 1]);
      default -> List.of(first, blocks[from], blocks[from + 1], blocks[from + 2]);
    };
  }

  /** The option bytes the blocks take: kind, length and 8 bytes a block. */
  int optionBytes() {
    int n = Math.min((dsack != null ? 1 : 0) + count, options.maxSackBlocks());
    return n == 0 ? 0 : 4 + 8 * n;
  }
}
