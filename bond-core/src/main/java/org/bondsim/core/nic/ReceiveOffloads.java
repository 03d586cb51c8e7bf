package org.bondsim.core.nic;

import java.util.Comparator;
import org.bondsim.api.offload.ReceiveOffloadProvider;
import org.bondsim.api.plugin.PluginSet;

/**
 * The receive offloads on the class path ({@link PluginSet}'s rules), by the name {@code --receiver
 * "offload NAME"} takes: bondsim's {@code gro} module, and any a plugin adds.
 */
public final class ReceiveOffloads {
  private ReceiveOffloads() {}

  /**
   * Finds the offloads visible to the context class loader (or this class's).
   *
   * @return the offloads, by name
   */
  public static PluginSet<ReceiveOffloadProvider> available() {
    return PluginSet.load(
        "receive offload",
        ReceiveOffloadProvider.class,
        PluginSet.defaultLoader(ReceiveOffloads.class),
        ReceiveOffloadProvider::name,
        p ->
            p.name() == null || !p.name().matches("[a-z0-9][a-z0-9._-]{0,63}")
                ? "offload name must be lower-case letters, digits and . _ -, got '"
                    + p.name()
                    + "'"
                : null,
        Comparator.comparing(PluginSet.Found::name));
  }
}
