package org.bondsim.core.bond;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.bondsim.api.policy.TxPolicyProvider;

/**
 * Every bonding mode found with {@link ServiceLoader}. A provider that fails to load is kept as a
 * {@link Broken} entry with its name and cause; the others still load.
 */
public final class PolicyRegistry {
  /**
   * A mode that loaded.
   *
   * @param provider the provider
   * @param origin the jar or directory it came from, without version, such as {@code policy-rr}
   */
  public record Entry(TxPolicyProvider provider, String origin) {}

  /**
   * A provider that did not load.
   *
   * @param name the provider class (or what the service file named)
   * @param cause why it failed
   */
  public record Broken(String name, String cause) {}

  private static final Pattern PROVIDER_NAME = Pattern.compile("Provider (\\S+)");
  private static final Pattern VERSION_SUFFIX = Pattern.compile("-\\d[\\w.\\-]*$");
  private static final int MAX_FAILURES = 1000;

  private final Map<String, Entry> byMode;
  private final List<Broken> broken;

  private PolicyRegistry(Map<String, Entry> byMode, List<Broken> broken) {
    this.byMode = byMode;
    this.broken = List.copyOf(broken);
  }

  /**
   * Discovers the modes visible to a class loader.
   *
   * @param loader where to look
   * @return the registry
   */
  public static PolicyRegistry load(ClassLoader loader) {
    List<Entry> found = new ArrayList<>();
    List<Broken> broken = new ArrayList<>();
    Iterator<TxPolicyProvider> providers =
        ServiceLoader.load(TxPolicyProvider.class, loader).iterator();
    while (broken.size() < MAX_FAILURES) {
      try {
        if (!providers.hasNext()) {
          break;
        }
        TxPolicyProvider provider = providers.next();
        String problem = check(provider);
        if (problem != null) {
          broken.add(new Broken(provider.getClass().getName(), problem));
        } else {
          found.add(new Entry(provider, originOf(provider.getClass())));
        }
      } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
        broken.add(new Broken(nameOf(e), causeOf(e)));
      }
    }
    found.sort(
        Comparator.comparingInt((Entry e) -> e.provider().alias().orElse(Integer.MAX_VALUE))
            .thenComparing(e -> e.provider().mode()));
    Map<String, Entry> byMode = new LinkedHashMap<>();
    Map<Integer, Entry> byAlias = new LinkedHashMap<>();
    for (Entry entry : found) {
      String mode = entry.provider().mode();
      Entry earlier = byMode.get(mode);
      if (earlier != null) {
        broken.add(
            new Broken(
                entry.provider().getClass().getName(),
                "mode "
                    + mode
                    + " is already provided by "
                    + earlier.provider().getClass().getName()));
        continue;
      }
      if (entry.provider().alias().isPresent()) {
        Entry sameAlias = byAlias.get(entry.provider().alias().getAsInt());
        if (sameAlias != null) {
          broken.add(
              new Broken(
                  entry.provider().getClass().getName(),
                  "alias "
                      + entry.provider().alias().getAsInt()
                      + " is already used by mode "
                      + sameAlias.provider().mode()));
          continue;
        }
        byAlias.put(entry.provider().alias().getAsInt(), entry);
      }
      byMode.put(mode, entry);
    }
    return new PolicyRegistry(byMode, broken);
  }

  /**
   * Discovers the modes visible to the current thread's context class loader (the application class
   * path, plugins included), or to this class's loader if there is none.
   *
   * @return the registry
   */
  public static PolicyRegistry load() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return load(context != null ? context : PolicyRegistry.class.getClassLoader());
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
    return new PolicyRegistry(modes, broken);
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

  private static String nameOf(Throwable error) {
    Matcher matcher = PROVIDER_NAME.matcher(String.valueOf(error.getMessage()));
    return matcher.find() ? matcher.group(1) : "unknown provider";
  }

  private static String causeOf(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root == error ? error.getMessage() : root.toString();
    return message == null ? error.getClass().getName() : message;
  }

  static String originOf(Class<?> type) {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return "unknown";
    }
    try {
      Path path = Path.of(source.getLocation().toURI());
      String name = path.getFileName().toString();
      if (name.endsWith(".jar")) {
        return VERSION_SUFFIX.matcher(name.substring(0, name.length() - 4)).replaceFirst("");
      }
      // A classes directory in a Maven build: name the module (target/classes -> module).
      Path parent = path.getParent();
      if (parent != null
          && parent.getFileName().toString().equals("target")
          && parent.getParent() != null) {
        return parent.getParent().getFileName().toString();
      }
      return name;
    } catch (URISyntaxException | IllegalArgumentException e) {
      return source.getLocation().toString();
    }
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
  public List<Broken> broken() {
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
