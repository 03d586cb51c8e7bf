package org.bondsim.core.bond;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.bondsim.api.plugin.PluginSet;
import org.bondsim.api.policy.TxPolicyProvider;

/**
 * Every bonding mode found with {@link java.util.ServiceLoader}, on {@link PluginSet}'s rules (a
 * provider that fails to load is reported and the others still load; two providers of one mode are
 * both refused), and one more of its own: two modes may not share a Linux number.
 */
public final class PolicyRegistry {
  /**
   * A mode that loaded.
   *
   * @param provider the provider
   * @param origin the jar or directory it came from, without version, such as {@code policy-rr}
   */
  public record Entry(TxPolicyProvider provider, String origin) {}

  private final Map<String, Entry> byMode;
  private final List<PluginSet.Broken> broken;
  private final PluginSet<TxPolicyProvider> plugins;

  private PolicyRegistry(
      Map<String, Entry> byMode, List<PluginSet.Broken> broken, PluginSet<TxPolicyProvider> set) {
    this.byMode = byMode;
    this.broken = List.copyOf(broken);
    this.plugins = set;
  }

  /**
   * Discovers the modes visible to a class loader.
   *
   * @param loader where to look
   * @return the registry
   */
  public static PolicyRegistry load(ClassLoader loader) {
    PluginSet<TxPolicyProvider> set =
        PluginSet.load(
            "bonding mode",
            TxPolicyProvider.class,
            loader,
            TxPolicyProvider::mode,
            PolicyRegistry::check,
            Comparator.comparingInt(
                    (PluginSet.Found<TxPolicyProvider> e) ->
                        e.provider().alias().orElse(Integer.MAX_VALUE))
                .thenComparing(PluginSet.Found::name));
    List<PluginSet.Broken> broken = new ArrayList<>(set.broken());
    Map<String, Entry> byMode = new LinkedHashMap<>();
    Map<Integer, Entry> byAlias = new LinkedHashMap<>();
    for (PluginSet.Found<TxPolicyProvider> found : set.found()) {
      Entry entry = new Entry(found.provider(), found.origin());
      if (entry.provider().alias().isPresent()) {
        Entry sameAlias = byAlias.get(entry.provider().alias().getAsInt());
        if (sameAlias != null) {
          broken.add(
              new PluginSet.Broken(
                  entry.provider().getClass().getName(),
                  found.origin(),
                  "alias "
                      + entry.provider().alias().getAsInt()
                      + " is already used by mode "
                      + sameAlias.provider().mode()));
          continue;
        }
        byAlias.put(entry.provider().alias().getAsInt(), entry);
      }
      byMode.put(found.name(), entry);
    }
    return new PolicyRegistry(byMode, broken, set);
  }

  /**
   * Discovers the modes visible to the current thread's context class loader (the application class
   * path, plugins included), or to this class's loader if there is none.
   *
   * @return the registry
   */
  public static PolicyRegistry load() {
    return load(PluginSet.defaultLoader(PolicyRegistry.class));
  }

  /**
   * Returns this registry with one more provider, which replaces a discovered one of the same mode:
   * how a test runs a policy that is not registered as a service.
   *
   * @param provider the provider
   * @param origin where it comes from, for listings
   * @return a new registry
   * @throws IllegalArgumentException if the provider's mode name or options are unusable
   */
  public PolicyRegistry with(TxPolicyProvider provider, String origin) {
    String problem = check(provider);
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    Map<String, Entry> modes = new LinkedHashMap<>(byMode);
    modes.put(provider.mode(), new Entry(provider, origin));
    return new PolicyRegistry(modes, broken, plugins.with(provider, provider.mode(), origin));
  }

  private static String check(TxPolicyProvider provider) {
    String mode = provider.mode();
    if (mode == null || !mode.matches("[a-z0-9][a-z0-9.+_-]*")) {
      return "mode name must be lower-case letters, digits and . + _ -, got '" + mode + "'";
    }
    if (provider.options() == null || provider.characteristics() == null) {
      return "options() and characteristics() must not return null";
    }
    return null;
  }

  /**
   * Says why a mode has no provider although one was found: two plugins claimed it.
   *
   * @param mode the mode's name
   * @return the reason, if that is why
   */
  public Optional<String> conflict(String mode) {
    return plugins.conflict(mode);
  }

  /**
   * Finds a mode by name or by its Linux number.
   *
   * @param nameOrAlias such as {@code balance-rr} or {@code 0}
   * @return the entry, if known
   */
  public Optional<Entry> find(String nameOrAlias) {
    Entry entry = byMode.get(nameOrAlias);
    if (entry != null) {
      return Optional.of(entry);
    }
    for (Entry candidate : byMode.values()) {
      if (candidate.provider().alias().isPresent()
          && Integer.toString(candidate.provider().alias().getAsInt()).equals(nameOrAlias)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /**
   * Returns every mode that loaded, by Linux number then name.
   *
   * @return the entries
   */
  public List<Entry> entries() {
    return List.copyOf(byMode.values());
  }

  /**
   * Returns the providers that failed to load.
   *
   * @return the broken providers
   */
  public List<PluginSet.Broken> broken() {
    return broken;
  }

  /**
   * Describes the available modes for an error message.
   *
   * @return for example {@code balance-rr (0), active-backup (1), broadcast (3)}
   */
  public String describeModes() {
    return byMode.values().stream()
        .map(
            e ->
                e.provider().mode()
                    + (e.provider().alias().isPresent()
                        ? " (" + e.provider().alias().getAsInt() + ")"
                        : ""))
        .collect(Collectors.joining(", "));
  }
}
