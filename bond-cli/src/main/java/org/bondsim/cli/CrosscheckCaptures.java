package org.bondsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.bondsim.core.capture.Captures;

/**
 * {@code bondsim crosscheck --pcap-dir DIR}: both sides of the comparison as packet captures, so
 * that a difference in the counters can be followed segment by segment and ACK by ACK. bondsim's
 * seeds write {@code bondsim-seed-S/HOST-IFACE.pcap} as {@code bondsim netperf --pcap} does; each
 * boot of the real kernel writes {@code linux-run-N/snd-bond0.pcap} and {@code
 * linux-run-N/rcv-bond0.pcap}, tcpdump on each host's bond0 both ways (what bondsim's {@code
 * local-bond0.pcap} and {@code remote-bond0.pcap} stand for), on the guest's one clock. Both keep
 * the headers of each frame, TCP's options (SACK blocks, timestamps) included: bondsim's as {@code
 * --pcap} without {@code --pcap-snaplen}, the guest's tcpdump its first 96 bytes.
 */
final class CrosscheckCaptures {
  private static final List<String> LAB_FILES = List.of("snd-bond0.pcap", "rcv-bond0.pcap");

  private CrosscheckCaptures() {}

  /** Creates the directory, or says in one line why it cannot be. */
  static void prepare(Path dir) {
    OutputFiles.makeDirectory("--pcap-dir", dir);
  }

  /** The captures of one bondsim seed, headers only. */
  static Captures bondsim(Path dir, long seed) {
    try {
      return new Captures(dir.resolve("bondsim-seed-" + seed), 0);
    } catch (java.io.UncheckedIOException e) {
      throw new IllegalArgumentException(
          "--pcap-dir "
              + dir
              + ": "
              + e.getMessage()
              + " ("
              + SeriesFile.reason(e.getCause())
              + ")");
    }
  }

  /**
   * Copies one boot's captures out of its run directory.
   *
   * @param runDir the boot's directory
   * @param dir {@code --pcap-dir}
   * @param boot the boot's number, from 1
   * @return how many capture files the boot left (2 when tcpdump ran on both hosts)
   * @throws IOException when a file cannot be copied
   */
  static int linux(Path runDir, Path dir, int boot) throws IOException {
    Path target = Files.createDirectories(dir.resolve("linux-run-" + boot));
    int copied = 0;
    for (String name : LAB_FILES) {
      Path file = runDir.resolve(name);
      if (Files.isRegularFile(file)) {
        Files.copy(file, target.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        copied++;
      }
    }
    return copied;
  }
}
