package org.bondsim.core.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.option.StrictNumbers;
import org.bondsim.core.host.CpuCosts;
import org.bondsim.core.nic.ReceiveSettings;

/**
 * Named host profiles: resource files ({@code org/bondsim/core/host-profiles/NAME.properties}) in
 * which every setting ({@code kernel}, {@code cpus}, {@code receive}, {@code costs}, {@code
 * sender}) comes with a {@code .source} line saying where its figures come from. A profile that
 * leaves a setting or its source out is refused, so none can hide an unsourced figure. A user's own
 * profile is a file of the same form, named by its path.
 */
public final class HostProfiles {
  private static final String DIRECTORY = "org/bondsim/core/host-profiles/";

  /** The settings every profile gives, each with a source. */
  public static final List<String> SETTINGS =
      List.of("kernel", "cpus", "receive", "costs", "sender");

  private HostProfiles() {}

  /**
   * A loaded profile.
   *
   * @param name its name (or the file it came from)
   * @param description one line about what it describes
   * @param spec the host it gives
   * @param values each setting as written in the file, in {@link #SETTINGS} order
   * @param sources each setting's source
   */
  public record Profile(
      String name,
      String description,
      HostSpec spec,
      Map<String, String> values,
      Map<String, String> sources) {}

  /**
   * Returns the built-in profiles' names, in the order they are listed.
   *
   * @return names
   */
  public static List<String> names() {
    List<String> names = new ArrayList<>();
    try (InputStream in = resource("index")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String name = line.trim();
        if (!name.isEmpty() && !name.startsWith("#")) {
          names.add(name);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }

  /**
   * Returns every built-in profile.
   *
   * @return profiles, in the index's order
   */
  public static List<Profile> all() {
    List<Profile> all = new ArrayList<>();
    for (String name : names()) {
      all.add(named(name));
    }
    return all;
  }

  /**
   * Returns a built-in profile, or a profile file when the name is a path ending in {@code
   * .properties}.
   *
   * @param name such as {@code reference-2.6.37}, or {@code ./lab.properties}
   * @return the profile
   * @throws IllegalArgumentException naming the profiles there are, or the bad line
   */
  public static Profile named(String name) {
    if (name.endsWith(".properties")) {
      Path file = Path.of(name);
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException(
            "host profile file " + StrictNumbers.echo(name) + " does not exist");
      }
      try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        return parse(name, reader);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "host profile file " + StrictNumbers.echo(name) + " cannot be read: " + e.getMessage());
      }
    }
    if (!names().contains(name)) {
      throw new IllegalArgumentException(
          "host profile must be one of "
              + String.join(", ", names())
              + " (or a NAME.properties file), got '"
              + StrictNumbers.echo(name)
              + "'");
    }
    try (InputStream in = resource(name + ".properties")) {
      return parse(name, new InputStreamReader(in, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InputStream resource(String file) {
    InputStream in = HostProfiles.class.getClassLoader().getResourceAsStream(DIRECTORY + file);
    if (in == null) {
      throw new IllegalStateException("host profile resource " + DIRECTORY + file + " is missing");
    }
    return in;
  }

  /**
   * Reads a profile in the properties form.
   *
   * @param name the profile's name
   * @param reader its text
   * @return the profile
   * @throws IOException when the text cannot be read
   * @throws IllegalArgumentException naming the setting that is missing, unsourced or bad
   */
  static Profile parse(String name, Reader reader) throws IOException {
    Properties file = new Properties();
    file.load(reader);
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, String> sources = new LinkedHashMap<>();
    for (String setting : SETTINGS) {
      String value = file.getProperty(setting);
      String source = file.getProperty(setting + ".source");
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException(
            "host profile " + name + " must give " + setting + " (settings: " + SETTINGS + ")");
      }
      if (source == null || source.isBlank()) {
        throw new IllegalArgumentException(
            "host profile "
                + name
                + " gives "
                + setting
                + " without "
                + setting
                + ".source; every figure names where it comes from");
      }
      values.put(setting, value.trim());
      sources.put(setting, source.trim());
    }
    for (String key : file.stringPropertyNames()) {
      String base = key.endsWith(".source") ? key.substring(0, key.length() - 7) : key;
      if (!SETTINGS.contains(base) && !key.equals("description")) {
        throw new IllegalArgumentException(
            "host profile "
                + name
                + " has an unknown setting '"
                + StrictNumbers.echo(key)
                + "'; allowed: description, "
                + String.join(", ", SETTINGS)
                + " and their .source");
      }
    }
    String profile = "host profile " + name + " ";
    KernelVersion kernel = wrap(profile, () -> KernelVersion.parse(values.get("kernel")));
    String cpuText = values.get("cpus");
    if (!StrictNumbers.isInteger(cpuText)) {
      throw new IllegalArgumentException(profile + "cpus must be 1..64, got '" + cpuText + "'");
    }
    int cpus = Integer.parseInt(cpuText);
    if (values.get("receive").equals("none") && cpus != 1) {
      throw new IllegalArgumentException(
          profile + "cpus " + cpus + " needs a receive model; receive none is 1 CPU");
    }
    ReceiveSettings receive =
        values.get("receive").equals("none")
            ? null
            : wrap(profile, () -> ReceiveSettings.parse(values.get("receive")).withCpus(cpus));
    String costText = values.get("costs");
    // Six words are figures; one word names a cost profile (CpuCosts.profile).
    CpuCosts costs =
        wrap(
            profile,
            () -> costText.contains(" ") ? CpuCosts.parse(costText) : CpuCosts.profile(costText));
    SenderOffloads offloads =
        wrap(profile, () -> SenderOffloads.parse(values.get("sender"), SenderOffloads.OFF));
    return new Profile(
        name,
        file.getProperty("description", "").trim(),
        new HostSpec(name, kernel, receive, costs, offloads),
        values,
        sources);
  }

  /** Prefixes a setting's message with the profile; the kernel's names its setting as here. */
  private static <T> T wrap(String profile, Supplier<T> read) {
    try {
      return read.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          profile + e.getMessage().replace("bondsim.kernel", "kernel"), e);
    }
  }
}
