package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A failed write to standard output is kept and ends the command, never swallowed. */
class StandardOutputTest {
  private static final class FullDisk extends OutputStream {
    @Override
    public void write(int b) throws IOException {
      throw new IOException("No space left on device");
    }
  }

  @Test
  void theFirstFailureEndsTheWritingWithTheSystemsReason() {
    StandardOutput out = new StandardOutput(new FullDisk());
    PrintWriter writer = new PrintWriter(out, true);
    assertThatThrownBy(() -> writer.println("a figure")).isInstanceOf(StandardOutput.Failure.class);
    assertThat(out.failure().reason()).isEqualTo("No space left on device");
    // Every later write fails the same way: nothing after a lost line passes for written.
    assertThatThrownBy(() -> out.write('x')).isSameAs(out.failure());
  }

  @Test
  void writesThatSucceedPassThrough() {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    StandardOutput out = new StandardOutput(sink);
    PrintWriter writer = new PrintWriter(out, true);
    writer.println("2823.91");
    assertThat(sink.toString(StandardCharsets.UTF_8)).isEqualTo("2823.91" + System.lineSeparator());
    assertThat(out.failure()).isNull();
  }
}
