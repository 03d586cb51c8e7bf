package org.bondsim.core.bond;

import java.security.CodeSource;

/**
 * A plugin broke its contract (returned what the SPI does not allow, or threw): the run stops and
 * the report names the plugin and the jar it came from, so the fault goes to that plugin's author,
 * not to bondsim's and not to the user as a usage error.
 */
public final class PluginFault extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * A fault of {@code plugin}.
   *
   * @param plugin the plugin's object
   * @param what what it did, such as "returned slave 99 of 3"
   * @param cause what it threw, or null
   */
  public PluginFault(Object plugin, String what, Throwable cause) {
    super(describe(plugin) + " " + what, cause);
  }

  private static String describe(Object plugin) {
    Class<?> type = plugin.getClass();
    CodeSource source =
        type.getProtectionDomain() == null ? null : type.getProtectionDomain().getCodeSource();
    String where =
        source == null || source.getLocation() == null
            ? "the class path"
            : source.getLocation().getPath();
    return "plugin " + type.getName() + " (from " + where + ")";
  }
}
