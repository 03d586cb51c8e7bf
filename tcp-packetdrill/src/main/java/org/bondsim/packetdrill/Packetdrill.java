package org.bondsim.packetdrill;

/**
 * Runs packetdrill scripts against bondsim's TCP: the script plays the remote host and the system
 * calls' process; the model is the kernel. See docs/packetdrill.md for the language subset and what
 * the model does differently.
 */
public final class Packetdrill {
  private Packetdrill() {}

  /**
   * Parses and runs one script.
   *
   * @param name the file name, for messages
   * @param text the script
   * @param kernel the TCP model's kernel profile, {@code 6.x}, {@code 6.1}, {@code 3.16} or {@code
   *     2.6.37}
   * @return pass, fail with the line, or skip with the reason
   * @throws ScriptSyntaxException when the script is malformed, naming the line
   */
  public static ScriptResult run(String name, String text, String kernel) {
    return run(name, text, kernel, Tolerance.DEFAULT);
  }

  /**
   * Parses and runs one script with the timing tolerance packetdrill's command line would set.
   *
   * @param name the file name, for messages
   * @param text the script
   * @param kernel the TCP model's kernel profile, {@code 6.x}, {@code 6.1}, {@code 3.16} or {@code
   *     2.6.37}
   * @param tolerance the tolerance, unless the script's header sets its own
   * @return pass, fail with the line, or skip with the reason
   * @throws ScriptSyntaxException when the script is malformed, naming the line
   */
  public static ScriptResult run(String name, String text, String kernel, Tolerance tolerance) {
    return run(name, text, kernel, 1000, tolerance);
  }

  /**
   * Parses and runs one script on a kernel built with a given tick.
   *
   * @param name the file name, for messages
   * @param text the script
   * @param kernel the TCP model's kernel profile, {@code 6.x}, {@code 6.1}, {@code 3.16} or {@code
   *     2.6.37}
   * @param hz {@code CONFIG_HZ}, the tick TCP's timers round to: 100, 250, 300 or 1000
   * @param tolerance the tolerance, unless the script's header sets its own
   * @return pass, fail with the line, or skip with the reason
   * @throws ScriptSyntaxException when the script is malformed, naming the line
   */
  public static ScriptResult run(
      String name, String text, String kernel, int hz, Tolerance tolerance) {
    Script script;
    try {
      script = ScriptParser.parse(name, text);
    } catch (Unsupported e) {
      return new ScriptResult(name, ScriptResult.Outcome.SKIP, e.line(), e.getMessage());
    }
    return new ScriptRun(script, kernel, hz, tolerance).run();
  }
}
