package org.bondsim.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The seed-split order is the code's, the document's, and nothing else. */
class SeedStreamsTest {
  @Test
  void architectureListsTheStreamsInTheOrderTheyAreSplit() throws IOException {
    String doc = Files.readString(Path.of("..", "ARCHITECTURE.md"));
    int at = doc.indexOf("split by `SeedStreams` in this fixed");
    assertThat(at).as("ARCHITECTURE.md names the split order").isPositive();
    String paragraph = doc.substring(at, doc.indexOf("\n- ", at));
    List<String> listed = new ArrayList<>();
    Matcher names = Pattern.compile("`([A-Z_]+)`").matcher(paragraph);
    while (names.find()) {
      listed.add(names.group(1));
    }
    assertThat(listed)
        .containsExactlyElementsOf(
            Arrays.stream(SeedStreams.Stream.values()).map(Enum::name).toList());
  }

  @Test
  void aStreamOutOfOrderIsRefusedAndClientsRepeatTheirThree() {
    SeedStreams streams = new SeedStreams(1);
    streams.split(SeedStreams.Stream.SENDER_POLICY);
    streams.split(SeedStreams.Stream.WORKLOAD);
    assertThatThrownBy(() -> streams.split(SeedStreams.Stream.RECEIVER_POLICY))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("random stream RECEIVER_POLICY split after WORKLOAD");
    for (int client = 0; client < 2; client++) {
      streams.split(SeedStreams.Stream.CLIENT_POLICY);
      streams.split(SeedStreams.Stream.CLIENT_MONITOR);
      streams.split(SeedStreams.Stream.CLIENT_NETEM);
    }
    streams.split(SeedStreams.Stream.CLOCKS);
    assertThatThrownBy(() -> streams.split(SeedStreams.Stream.LACP))
        .isInstanceOf(IllegalStateException.class);
    assertThat(streams.taken()).hasSize(9);
  }

  @Test
  void theStreamsDrawWhatTheRootsSplitsDrew() {
    // Byte-for-byte replay: the n-th stream is the root's n-th split, whatever its name.
    SeedStreams streams = new SeedStreams(42);
    var reference = new org.bondsim.core.engine.SeededRandom(42);
    long a = streams.split(SeedStreams.Stream.SENDER_POLICY).nextLong();
    long b = streams.split(SeedStreams.Stream.NETEM).nextLong();
    assertThat(a).isEqualTo(reference.split().nextLong());
    assertThat(b).isEqualTo(reference.split().nextLong());
  }
}
