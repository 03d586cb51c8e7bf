package org.bondsim.tcp;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.packet.SackBlock;

/**
 * The SACK blocks the receiver reports ({@code tcp_sack_new_ofo_skb}, {@code tcp_dsack_set}): the
 * block holding the newest out-of-order data first, blocks it touches merged into it, at most as
 * many as fit beside the other options, and a DSACK in front for one ACK after a duplicate arrives.
 */
final class SackBlocks {
  private final NegotiatedOptions options;
  private final boolean dsackEnabled;
  private final TcpCounters counters;
  private final List<SackBlock> blocks = new ArrayList<>(4);
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
    SackBlock merged = new SackBlock(start, end);
    blocks.removeIf(b -> b.start() <= merged.end() && b.end() >= merged.start());
    blocks.add(0, merged);
    int max = options.maxSackBlocks();
    while (blocks.size() > max) {
      blocks.remove(blocks.size() - 1);
    }
    stale = true;
  }

  /** rcv_nxt moved: blocks it passed are gone. */
  void dropBelow(long rcvNxt) {
    if (blocks.removeIf(b -> b.end() <= rcvNxt)) {
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
    if (dsack == null) {
      return blocks.isEmpty() ? List.of() : List.copyOf(blocks);
    }
    List<SackBlock> all = new ArrayList<>(4);
    all.add(dsack);
    all.addAll(blocks);
    return List.copyOf(all.subList(0, Math.min(options.maxSackBlocks(), all.size())));
  }

  /** The option bytes the blocks take: kind, length and 8 bytes a block. */
  int optionBytes() {
    int count = Math.min((dsack != null ? 1 : 0) + blocks.size(), options.maxSackBlocks());
    return count == 0 ? 0 : 4 + 8 * count;
  }
}
