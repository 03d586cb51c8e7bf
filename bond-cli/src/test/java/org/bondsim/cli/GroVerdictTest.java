package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The GRO issue's judgement of a set-up, on hand-made figures at and beside each bound. */
class GroVerdictTest {
  private static final GroVerdict.Sweep FLAT = new GroVerdict.Sweep(1956, 1959, 100, 2603, 1.1);

  @Test
  void rowsAreExplainedOnlyWithEveryFigureAndEveryRelation() {
    assertThat(new GroVerdict(12, 1.33, -1.7, true, FLAT, null).explainsRows()).isTrue();
    assertThat(new GroVerdict(11, 1.33, -1.7, true, FLAT, null).explainsRows()).isFalse();
    assertThat(new GroVerdict(12, 1.29, -1.7, true, FLAT, null).explainsRows()).isFalse();
    assertThat(new GroVerdict(12, 1.33, -10.0, true, FLAT, null).explainsRows()).isFalse();
    assertThat(new GroVerdict(12, 1.33, 9.9, true, FLAT, null).explainsRows()).isTrue();
    assertThat(new GroVerdict(12, 1.33, -1.7, false, FLAT, null).explainsRows()).isFalse();
  }

  @Test
  void theSweepMatchesThePostOnlyWhenTuningHelpsGroOffButNotPastGroOn() {
    assertThat(FLAT.asObserved()).isFalse();
    assertThat(FLAT.offGainPercent()).isCloseTo(0.153, org.assertj.core.data.Offset.offset(0.001));
    // +10 % exactly, below GRO on, GRO on flat: matches.
    assertThat(new GroVerdict.Sweep(1800, 1980, 127, 2600, 4.9).asObserved()).isTrue();
    // Helping past GRO on is not what the post saw.
    assertThat(new GroVerdict.Sweep(1800, 2700, 127, 2600, 1).asObserved()).isFalse();
    // Nor is GRO on moving by 5 % or more.
    assertThat(new GroVerdict.Sweep(1800, 1980, 127, 2600, 5).asObserved()).isFalse();
  }

  @Test
  void theTextNamesTheFiguresAndTheBounds() {
    GroVerdict.Sweep kept = new GroVerdict.Sweep(1800, 1980, 127, 2600, 4.9);
    String text = new GroVerdict(12, 1.33, -1.7, true, FLAT, kept).describe("B");
    assertThat(text)
        .startsWith("B explains the four rows: 12 of 12 figures within the bounds, GRO on 1.33x")
        .contains("-1.7 %", "lowers the sender's service demand")
        .contains(
            "B's tcp_reordering sweep, metrics flushed, does not match the post",
            "(100: 1959 Mbit/s)")
        .contains("+0.2 %", "span 1.1 %")
        .contains("B's tcp_reordering sweep, metrics kept, matches the post", "(127: 1980 Mbit/s)");
    assertThat(new GroVerdict(8, 1.0, 0, false, null, null).describe("A"))
        .startsWith("A does not explain the four rows")
        .doesNotContain("sweep");
  }
}
