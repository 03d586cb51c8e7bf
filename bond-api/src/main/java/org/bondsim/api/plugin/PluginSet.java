package org.bondsim.api.plugin;

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
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The providers of one SPI found with {@link ServiceLoader}, by name, with the guarantees every
 * extension point shares: a provider that fails to load, or breaks the SPI's own rules, is kept as
 * a {@link Broken} entry with its class, origin and cause while the others still load; two
 * providers of one name are both refused and reported, since which one the class path lists first
 * is no choice a user made; and each provider's origin (the jar or module it came from) is known
 * for listings and fault reports.
 *
 * @param <P> the provider type
 */
public final class PluginSet<P> {
  /**
   * A provider that loaded.
   *
   * @param provider the provider
   * @param name its name in the SPI, such as {@code balance-rr}, {@code TCP_STREAM}, {@code gro}
   * @param origin the jar or directory it came from, without version, such as {@code policy-rr}
   * @param <P> the provider type
   */
  public record Found<P>(P provider, String name, String origin) {}

  /**
   * A provider that was not used.
   *
   * @param name the provider class (or what the service file named)
   * @param origin where it came from, or {@code unknown}
   * @param cause why it was not used
   */
  public record Broken(String name, String origin, String cause) {}

  private static final Pattern PROVIDER_NAME = Pattern.compile("Provider (\\S+)");
  private static final Pattern VERSION_SUFFIX = Pattern.compile("-\\d[\\w.\\-]*$");
  private static final int MAX_FAILURES = 1000;

  private final String kind;
  private final Map<String, Found<P>> byName;
  private final List<Broken> broken;
  private final Map<String, String> conflicts;

  private PluginSet(
      String kind,
      Map<String, Found<P>> byName,
      List<Broken> broken,
      Map<String, String> conflicts) {
    this.kind = kind;
    this.byName = byName;
    this.broken = List.copyOf(broken);
    this.conflicts = conflicts;
  }

  /**
   * Discovers the providers of {@code service} visible to {@code loader}.
   *
   * @param kind what the providers are, for messages, such as {@code "congestion control"}
   * @param service the SPI
   * @param loader where to look
   * @param nameOf the provider's name in the SPI
   * @param check the SPI's own rules: null when the provider keeps them, else what it broke
   * @param order how {@link #found()} lists them
   * @param <P> the provider type
   * @return the set
   */
  public static <P> PluginSet<P> load(
      String kind,
      Class<P> service,
      ClassLoader loader,
      Function<P, String> nameOf,
      Function<P, String> check,
      Comparator<Found<P>> order) {
    List<Found<P>> found = new ArrayList<>();
    List<Broken> broken = new ArrayList<>();
    Iterator<P> providers = ServiceLoader.load(service, loader).iterator();
    while (broken.size() < MAX_FAILURES) {
      try {
        if (!providers.hasNext()) {
          break;
        }
        P provider = providers.next();
        String origin = originOf(provider.getClass());
        String problem = check.apply(provider);
        if (problem != null) {
          broken.add(new Broken(provider.getClass().getName(), origin, problem));
        } else {
          found.add(new Found<>(provider, nameOf.apply(provider), origin));
        }
      } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
        broken.add(new Broken(nameOf(e), "unknown", causeOf(e)));
      }
    }
    Map<String, List<Found<P>>> byName = new LinkedHashMap<>();
    for (Found<P> entry : found) {
      byName.computeIfAbsent(entry.name(), n -> new ArrayList<>()).add(entry);
    }
    Map<String, String> conflicts = new LinkedHashMap<>();
    List<Found<P>> unique = new ArrayList<>();
    for (Map.Entry<String, List<Found<P>>> named : byName.entrySet()) {
      List<Found<P>> same = named.getValue();
      if (same.size() == 1) {
        unique.add(same.get(0));
        continue;
      }
      String who =
          same.stream()
              .map(f -> f.provider().getClass().getName() + " (" + f.origin() + ")")
              .collect(Collectors.joining(", "));
      String why = kind + " " + named.getKey() + " is provided " + same.size() + " times: " + who;
      conflicts.put(named.getKey(), why + "; neither is used");
      for (Found<P> f : same) {
        broken.add(
            new Broken(
                f.provider().getClass().getName(),
                f.origin(),
                why + "; remove all but one from the class path"));
      }
    }
    unique.sort(order);
    Map<String, Found<P>> ordered = new LinkedHashMap<>();
    for (Found<P> entry : unique) {
      ordered.put(entry.name(), entry);
    }
    return new PluginSet<>(kind, ordered, broken, conflicts);
  }

  /**
   * The class loader plugins are looked for in: the current thread's context loader (the
   * application class path, plugins included), or {@code fallback}'s if there is none.
   *
   * @param fallback a class whose loader serves when the thread has none
   * @return the loader
   */
  public static ClassLoader defaultLoader(Class<?> fallback) {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : fallback.getClassLoader();
  }

  /**
   * Returns what the providers are, such as {@code "receive offload"}.
   *
   * @return the kind
   */
  public String kind() {
    return kind;
  }

  /**
   * Finds a provider by name.
   *
   * @param name the provider's name
   * @return it, if exactly one provider has that name
   */
  public Optional<P> find(String name) {
    Found<P> entry = byName.get(name);
    return entry == null ? Optional.empty() : Optional.of(entry.provider());
  }

  /**
   * Finds a provider's entry by name.
   *
   * @param name the provider's name
   * @return its entry, if exactly one provider has that name
   */
  public Optional<Found<P>> entry(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /**
   * Says why a name has no provider although one was found: two or more providers claimed it.
   *
   * @param name the name
   * @return the reason, if that is why
   */
  public Optional<String> conflict(String name) {
    return Optional.ofNullable(conflicts.get(name));
  }

  /**
   * Returns the names two or more providers claimed, none of which is used, with why.
   *
   * @return name to reason
   */
  public Map<String, String> conflicts() {
    return java.util.Collections.unmodifiableMap(conflicts);
  }

  /**
   * Returns every provider that loaded and is used, in this set's order.
   *
   * @return the entries
   */
  public List<Found<P>> found() {
    return List.copyOf(byName.values());
  }

  /**
   * Returns the providers that failed to load, broke the SPI's rules or share a name.
   *
   * @return the broken providers
   */
  public List<Broken> broken() {
    return broken;
  }

  /**
   * Returns the names of the providers in use, for messages.
   *
   * @return comma-separated names
   */
  public String names() {
    return String.join(", ", byName.keySet());
  }

  /**
   * Returns this set with one more provider, which replaces one of the same name: how a test runs a
   * provider that is not registered as a service.
   *
   * @param provider the provider
   * @param name its name
   * @param origin where it comes from, for listings
   * @return a new set
   */
  public PluginSet<P> with(P provider, String name, String origin) {
    Map<String, Found<P>> names = new LinkedHashMap<>(byName);
    names.put(name, new Found<>(provider, name, origin));
    Map<String, String> stillConflicting = new LinkedHashMap<>(conflicts);
    stillConflicting.remove(name);
    return new PluginSet<>(kind, names, broken, stillConflicting);
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

  /**
   * Names where a class was loaded from: a jar's name without its version, or, for a Maven build's
   * classes directory, the module.
   *
   * @param type the class
   * @return such as {@code policy-rr}, or {@code unknown}
   */
  public static String originOf(Class<?> type) {
    CodeSource source =
        type.getProtectionDomain() == null ? null : type.getProtectionDomain().getCodeSource();
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
}
