package org.bondsim.core.bond;

import java.security.CodeSource;
import org.bondsim.api.Bond;
import org.bondsim.api.packet.OutgoingFrame;
import org.bondsim.api.policy.TxPolicy;

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

  /**
   * Asks a transmit policy for a slave and holds the answer to the SPI: an index below {@code
   * slaveCount}, {@link TxPolicy#NO_SLAVE} or {@link TxPolicy#ALL_UP_SLAVES}; anything else, or
   * anything it throws, is its fault.
   *
   * @param policy the policy
   * @param frame the frame to place
   * @param bond the bond it asks about
   * @param slaveCount the bond's slaves
   * @return the policy's answer
   * @throws PluginFault when the answer is outside the SPI or the policy threw
   */
  public static int select(TxPolicy policy, OutgoingFrame frame, Bond bond, int slaveCount) {
    int choice;
    try {
      choice = policy.select(frame, bond);
    } catch (RuntimeException e) {
      throw new PluginFault(
          policy,
          "threw from select(): "
              + (e.getMessage() == null ? e.getClass().getName() : e.getMessage()),
          e);
    }
    if (choice >= slaveCount || choice < TxPolicy.ALL_UP_SLAVES) {
      throw new PluginFault(
          policy,
          "returned slave "
              + choice
              + " from select(); allowed: 0.."
              + (slaveCount - 1)
              + ", NO_SLAVE (-1) or ALL_UP_SLAVES (-2)",
          null);
    }
    return choice;
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
