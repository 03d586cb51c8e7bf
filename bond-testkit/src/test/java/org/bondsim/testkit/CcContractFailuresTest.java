package org.bondsim.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each broken module in {@link BrokenCongestionControls} fails the rule it breaks. */
class CcContractFailuresTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "SsthreshOfOne|keepsTheRulesEveryModuleOwes|[ssthresh after LOSS",
        "DoublesInAvoidance|keepsTheRulesEveryModuleOwes|[congestion avoidance after ACK of",
        "UndoesTooFar|keepsTheRulesEveryModuleOwes|[undo after UNDO",
        "Unseeded|theSameHistoryGivesTheSameWindows|but was: [",
      })
  void aBrokenModuleFailsTheRuleItBreaks(String module, String property, String message)
      throws ClassNotFoundException {
    Class<?> type = Class.forName(BrokenCongestionControls.class.getName() + "$" + module);
    Throwable failure = ContractFailuresTest.failureOf(type, property);
    assertThat(failure.getMessage()).contains(message);
  }
}
