package org.bondsim.tcp;

/**
 * {@code tcp_mark_head_lost}'s hints ({@code lost_skb_hint}, {@code lost_cnt_hint}): where its last
 * walk stopped, and how many SACKed segments still queued start below that point, kept as segments
 * are SACKed and released, so that the reordering-th SACKed segment from the top is found by
 * walking on from there ({@link Dupthresh}).
 */
final class LostHint {
  private long seq;
  private int sackedBelow;

  /** Every segment starting below this has been considered. */
  long seq() {
    return seq;
  }

  /** The SACKed segments still queued that start below {@link #seq}. */
  int sackedBelow() {
    return sackedBelow;
  }

  /** Moves the hint up to {@code seq}, below which {@code sackedBelow} SACKed segments lie. */
  void advance(long seq, int sackedBelow) {
    this.seq = seq;
    this.sackedBelow = sackedBelow;
  }

  /** Undo cleared the lost marks: the walk starts again from snd_una. */
  void reset() {
    seq = 0;
    sackedBelow = 0;
  }

  /** A segment starting at {@code start} was SACKed ({@code +1}) or released while SACKed. */
  void sackedChanged(long start, int delta) {
    if (start < seq) {
      sackedBelow += delta;
    }
  }
}
