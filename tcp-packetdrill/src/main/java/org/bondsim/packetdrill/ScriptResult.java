package org.bondsim.packetdrill;

/**
 * How one script ended.
 *
 * @param script the file name as given
 * @param result pass, fail or skip
 * @param line the line that failed or used what is not modelled, 0 for a pass
 * @param message what was expected and what the model did, or the unsupported construct; empty for
 *     a pass
 */
public record ScriptResult(String script, Outcome result, int line, String message) {
  /** The three ends of a script. */
  public enum Outcome {
    /** Every line matched. */
    PASS,
    /** A line did not match what the model did. */
    FAIL,
    /** The script uses something the interpreter or the model does not have. */
    SKIP;

    /**
     * Returns the word the reports print.
     *
     * @return pass, fail or skip
     */
    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
