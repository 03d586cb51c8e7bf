package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated bad input for {@code netperf} and {@code xmit-hash}: malformed numbers, values out of
 * range, unknown words, empty and repeated elements, garbage files. Every one must exit 2 with a
 * single line that names the field and the bad value and says what is allowed, and no Java class
 * name, exception or stack frame may reach the user.
 */
class BadInputPropertiesTest {
  /** One bad command line, the field its message must name and the part of the value it echoes. */
  record BadInput(List<String> args, String field, String echoed) {
    @Override
    public String toString() {
      return String.join(" ", args);
    }
  }

  private static Path work;

  @BeforeContainer
  static void makeFiles() throws IOException {
    work = Files.createTempDirectory("bondsim-bad-input");
  }

  @AfterContainer
  static void removeFiles() throws IOException {
    try (var files = Files.list(work)) {
      for (Path file : files.toList()) {
        Files.delete(file);
      }
    }
    Files.delete(work);
  }

  /** Numbers as people mistype them and as Java would wrongly accept them. */
  private static Arbitrary<String> malformedNumbers() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            "NaN",
            "Infinity",
            "-Infinity",
            "0x10",
            "0x1p3",
            "10d",
            "2f",
            "1e400",
            "1..2",
            "--",
            "abc",
            "12abc",
            "١٢",
            "99999999999999999999999",
            "+-1",
            "1_000",
            " "),
        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8));
  }

  /** Whole-number options of netperf with their allowed range. */
  private static Arbitrary<BadInput> wholeNumbers() {
    List<Object[]> options =
        List.of(
            new Object[] {"--mtu", 68L, 65535L},
            new Object[] {"--txqueuelen", 1L, 1_000_000L},
            new Object[] {"--streams", 1L, 16384L},
            new Object[] {"--clients", 1L, 250L},
            new Object[] {"--switch-buffer", 1L, 1_000_000L},
            new Object[] {"--cpus", 1L, 64L},
            new Object[] {"-P", 0L, 1L},
            new Object[] {"-v", 0L, 9L});
    Arbitrary<Object[]> option = Arbitraries.of(options);
    return option.<BadInput>flatMap(
        o -> {
          String name = (String) o[0];
          long min = (Long) o[1];
          long max = (Long) o[2];
          Arbitrary<String> outOfRange =
              Arbitraries.<String>oneOf(
                  Arbitraries.longs().between(max + 1, max + 1_000_000).map(n -> Long.toString(n)),
                  Arbitraries.longs().between(min - 1_000_000, min - 1).map(n -> Long.toString(n)));
          return Arbitraries.<String>oneOf(outOfRange, malformedNumbers())
              .map(v -> bad(List.of("netperf", "-l", "0.01", name, v), name, v));
        });
  }

  /** Options that take a time, a decimal or a list. */
  private static Arbitrary<BadInput> valuesOfOtherOptions() {
    return Arbitraries.oneOf(
        malformedNumbers().map(v -> bad(List.of("netperf", "-l", v), "-l", v)),
        malformedNumbers().map(v -> bad(List.of("netperf", "-l", "0.01", "-s", v), "-s", v)),
        malformedNumbers()
            .map(
                v ->
                    bad(
                        List.of("netperf", "-t", "UDP_STREAM", "-l", "0.01", "--rate-mbps", v),
                        "--rate-mbps",
                        v)),
        malformedNumbers()
            .map(v -> bad(List.of("netperf", "-l", "0.01", "--delay-us", v), "--delay-us", v)),
        malformedNumbers()
            .map(
                v ->
                    bad(
                        List.of("netperf", "-l", "0.01", "--netem", "delay " + v),
                        "--netem delay",
                        v)),
        malformedNumbers()
            .map(
                v ->
                    bad(
                        List.of("netperf", "-l", "0.01", "--netem", "loss " + v),
                        "--netem loss",
                        v)),
        malformedNumbers()
            .map(
                v ->
                    bad(
                        List.of("netperf", "-l", "0.01", "--cpu-costs", "frame " + v),
                        "--cpu-costs frame",
                        v)),
        malformedNumbers()
            .map(
                v ->
                    bad(
                        List.of("netperf", "-l", "0.01", "--receiver", "rx-usecs " + v),
                        "--receiver rx-usecs",
                        v)),
        malformedNumbers()
            .map(v -> bad(List.of("netperf", "-l", "0.01", "--slaves", v), "--slaves", v)),
        malformedNumbers()
            .map(v -> bad(List.of("netperf", "-l", "0.01", "--", "-m", v), "TCP_STREAM -m", v)),
        malformedNumbers()
            .map(v -> bad(List.of("netperf", "-l", "0.01", "--fail", "eth0@" + v), "--fail", v)));
  }

  /** Unknown words where a closed set is allowed. */
  private static Arbitrary<BadInput> unknownWords() {
    Arbitrary<String> word =
        Arbitraries.strings().withCharRange('a', 'z').ofMinLength(3).ofMaxLength(10);
    return Arbitraries.oneOf(
        word.map(w -> bad(List.of("netperf", "-l", "0.01", "-t", w), "-t", w)),
        word.map(
            w -> bad(List.of("netperf", "-l", "0.01", "--bond", "mode zz" + w), "mode", "zz" + w)),
        word.map(
            w ->
                bad(
                    List.of("netperf", "-l", "0.01", "--bond", "mode balance-rr zz" + w + " 1"),
                    "bond option",
                    "zz" + w)),
        word.map(
            w ->
                bad(
                    List.of("netperf", "-l", "0.01", "--module-param", "zz" + w + "=1"),
                    "module parameter",
                    "zz" + w)),
        word.map(w -> bad(List.of("netperf", "-l", "0.01", "--topology", w), "--topology", w)),
        word.map(w -> bad(List.of("netperf", "-l", "0.01", "--kernel", w), "--kernel", w)),
        word.map(
            w -> bad(List.of("netperf", "-l", "0.01", "--cost-profile", w), "--cost-profile", w)),
        word.map(w -> bad(List.of("netperf", "-l", "0.01", "--sender", w + " on"), "--sender", w)),
        word.map(w -> bad(List.of("netperf", "-l", "0.01", "--netem", w + " 1"), "netem", w)),
        word.map(
            w -> bad(List.of("netperf", "-l", "0.01", "--receiver", w + " 1"), "--receiver", w)),
        word.map(
            w ->
                bad(
                    List.of("netperf", "-l", "0.01", "--sysctl", "net.ipv4.zz" + w + "=1"),
                    "--sysctl",
                    "zz" + w)),
        word.map(
            w ->
                bad(
                    List.of("xmit-hash", "--slaves", "2", "--policy", "zz" + w),
                    "xmit_hash_policy",
                    "zz" + w)));
  }

  /** Empty and repeated elements. */
  private static Arbitrary<BadInput> emptyAndRepeated() {
    Arbitrary<Integer> position = Arbitraries.integers().between(0, 2);
    return Arbitraries.oneOf(
        position.map(
            p -> {
              List<String> parts = new ArrayList<>(List.of("1000", "1000", "1000"));
              parts.set(p, "");
              String list = String.join(",", parts);
              return bad(List.of("netperf", "-l", "0.01", "--slaves", list), "--slaves", list);
            }),
        position.map(
            p -> {
              List<String> parts = new ArrayList<>(List.of("20", "20", "20"));
              parts.set(p, "");
              String list = String.join(",", parts);
              return bad(
                  List.of("netperf", "-l", "0.01", "--slaves", "3x1000", "--delay-us", list),
                  "--delay-us",
                  list);
            }),
        Arbitraries.of("miimon", "updelay", "xmit_hash_policy")
            .map(
                name ->
                    bad(
                        List.of(
                            "netperf",
                            "-l",
                            "0.01",
                            "--module-param",
                            name + "=1",
                            "--module-param",
                            name + "=2"),
                        "--module-param " + name,
                        "2")),
        Arbitraries.of("miimon", "packets_per_slave")
            .map(
                name ->
                    bad(
                        List.of(
                            "netperf",
                            "-l",
                            "0.01",
                            "--bond",
                            "mode balance-rr " + name + " 1 " + name + " 2"),
                        name,
                        name)),
        Arbitraries.integers()
            .between(3, 6)
            .map(
                n -> {
                  String pair = "1" + ",1".repeat(n - 1);
                  return bad(
                      List.of("netperf", "-t", "TCP_RR", "-l", "0.01", "--", "-r", pair),
                      "TCP_RR test option -r",
                      pair);
                }));
  }

  /** Files that are not the CSV xmit-hash reads. */
  private static Arbitrary<BadInput> garbageFiles() {
    Arbitrary<byte[]> bytes = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(200);
    Arbitrary<String> text =
        Combinators.combine(
                Arbitraries.of("policy,src_mac\n", "a,b,c\n", "\"unterminated\n", ""),
                Arbitraries.strings().ofMaxLength(60))
            .as((head, rest) -> head + rest);
    return Arbitraries.oneOf(
            bytes, text.map(t -> t.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
        .map(
            content -> {
              try {
                Path file = Files.createTempFile(work, "garbage", ".csv");
                Files.write(file, content);
                return bad(
                    List.of("xmit-hash", "--slaves", "2", "--input", file.toString()),
                    file.getFileName().toString(),
                    "");
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
            });
  }

  private static BadInput bad(List<String> args, String field, String echoed) {
    return new BadInput(args, field, echoed);
  }

  @Provide
  Arbitrary<BadInput> badInputs() {
    return Arbitraries.oneOf(
        wholeNumbers(), valuesOfOtherOptions(), unknownWords(), emptyAndRepeated(), garbageFiles());
  }

  @Property(tries = 400)
  void everyBadInputExitsTwoWithOneLineNamingFieldAndValue(@ForAll("badInputs") BadInput input) {
    long start = System.nanoTime();
    CliRunner result = CliRunner.run(input.args().toArray(String[]::new));
    double seconds = (System.nanoTime() - start) / 1e9;
    String err = result.err();
    // A garbage file can happen to be a header-only CSV, which is fine input: then nothing to say.
    if (result.exitCode() == 0 && input.args().contains("--input")) {
      return;
    }
    assertThat(result.exitCode()).as(input + " -> " + err).isEqualTo(2);
    assertThat(err.lines().count()).as(input + " -> " + err).isEqualTo(1);
    assertThat(err).startsWith("bondsim: ").contains(input.field());
    String echoed = input.echoed().strip();
    if (!echoed.isEmpty()) {
      String shown = echoed.length() <= 40 ? echoed : echoed.substring(0, 30);
      assertThat(err).as(input.toString()).contains(shown);
    }
    assertThat(err)
        .as(input.toString())
        .containsAnyOf("must", "allowed", "one of", "takes", "needs", "is not", "refused");
    assertThat(err)
        .as(input.toString())
        .doesNotContainPattern("(java|javax|org\\.bondsim|com\\.fasterxml|picocli)\\.[a-z]")
        .doesNotContain("Exception")
        .doesNotContain("\tat ")
        .doesNotContain("StreamReadConstraints");
    assertThat(result.out()).isEmpty();
    assertThat(seconds).as("seconds for " + input).isLessThan(5);
  }
}
