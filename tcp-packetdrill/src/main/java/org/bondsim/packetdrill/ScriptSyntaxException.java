package org.bondsim.packetdrill;

/** A script the parser cannot read: the message names the file, the line and what was expected. */
public final class ScriptSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String script;
  private final int line;

  ScriptSyntaxException(String script, int line, String message) {
    super(script + ":" + line + ": " + message);
    this.script = script;
    this.line = line;
  }

  /**
   * Returns the script's name.
   *
   * @return the file name as given
   */
  public String script() {
    return script;
  }

  /**
   * Returns the line the error is on.
   *
   * @return 1-based line number
   */
  public int line() {
    return line;
  }
}
