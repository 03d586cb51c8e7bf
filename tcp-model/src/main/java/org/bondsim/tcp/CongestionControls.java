package org.bondsim.tcp;

import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.WeakHashMap;
import org.bondsim.api.plugin.PluginSet;
import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.CongestionControlProvider;

/**
 * The congestion-control algorithms on the class path ({@link PluginSet}'s rules: a broken jar is
 * reported, two providers of one name are both refused), bondsim's CUBIC and Reno among them, and
 * the module a connection runs ({@code net.ipv4.tcp_congestion_control}).
 *
 * <p>Found once per class loader: a run opens hundreds of connections, and the class path does not
 * change under it.
 */
public final class CongestionControls {
  private static final Map<ClassLoader, PluginSet<CongestionControlProvider>> FOUND =
      Collections.synchronizedMap(new WeakHashMap<>());

  private CongestionControls() {}

  /**
   * Returns the algorithms visible to the context class loader (or this class's).
   *
   * @return the providers, by name
   */
  public static PluginSet<CongestionControlProvider> available() {
    ClassLoader loader = PluginSet.defaultLoader(CongestionControls.class);
    return FOUND.computeIfAbsent(loader, CongestionControls::load);
  }

  private static PluginSet<CongestionControlProvider> load(ClassLoader loader) {
    return PluginSet.load(
        "congestion control",
        CongestionControlProvider.class,
        loader,
        CongestionControlProvider::name,
        p ->
            p.name() == null || !p.name().matches("[a-z0-9][a-z0-9._-]{0,15}")
                ? "name must be 1 to 16 lower-case letters, digits and . _ - (TCP_CA_NAME_MAX),"
                    + " got '"
                    + p.name()
                    + "'"
                : null,
        Comparator.comparing(PluginSet.Found::name));
  }

  /**
   * Creates the module a connection runs.
   *
   * @param settings the connection's settings ({@link TcpSettings#congestionControl} names it)
   * @param counters where bondsim's own modules count (HyStart's exits)
   * @param context the run's clock and settings
   * @return the module
   * @throws IllegalArgumentException naming {@code net.ipv4.tcp_congestion_control} when no
   *     provider of that name is on the class path
   */
  static CongestionControl create(TcpSettings settings, TcpCounters counters, TcpHost context) {
    String name = settings.congestionControl();
    PluginSet<CongestionControlProvider> set = available();
    CongestionControlProvider provider =
        set.find(name)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        set.conflict(name)
                            .map(why -> "net.ipv4.tcp_congestion_control=" + name + ": " + why)
                            .orElse(
                                "net.ipv4.tcp_congestion_control must be one of "
                                    + set.names()
                                    + ", got '"
                                    + name
                                    + "'")));
    CongestionControl module =
        provider.create(new ModelCongestionContext(settings, counters, context));
    if (module == null) {
      throw new IllegalStateException(
          "congestion control " + name + " (" + provider.getClass().getName() + ") returned null");
    }
    return module;
  }
}
