package org.bondsim.core.capture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run's captures ({@code --pcap DIR}): one pcap file per host interface, {@code
 * DIR/HOST-IFACE.pcap} ({@code local-eth0.pcap}, {@code remote-bond0.pcap}, ...), each written as
 * tcpdump would capture on that interface. Captures only read the frames they see, so a run with
 * them gives the same results as one without.
 */
public final class Captures implements AutoCloseable {
  private final Path directory;
  private final int snaplen;
  private final long originNs;
  private final Map<String, PcapFile> files = new LinkedHashMap<>();
  private final Map<Long, Integer> offeredScale = new HashMap<>();

  /**
   * @param directory where the files go; created if missing
   * @param snaplen bytes kept per frame beyond the headers (0: headers only)
   */
  public Captures(Path directory, int snaplen) {
    this(directory, snaplen, 0);
  }

  /**
   * Captures whose timestamps count from a wall-clock instant, as a real capture's do.
   *
   * @param directory where the files go; created if missing
   * @param snaplen bytes kept per frame beyond the headers (0: headers only)
   * @param originNs the simulated clock's zero as nanoseconds since the Unix epoch, 0 or more
   */
  public Captures(Path directory, int snaplen, long originNs) {
    if (originNs < 0) {
      throw new IllegalArgumentException("originNs must be 0 or more, got " + originNs);
    }
    this.directory = directory;
    this.snaplen = snaplen;
    this.originNs = originNs;
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the capture directory " + directory, e);
    }
  }

  /**
   * The tap for one interface; its file appears at its first frame.
   *
   * @param host {@code local} or {@code remote}
   * @param iface such as {@code eth0} or {@code bond0}
   * @return the tap
   */
  public FrameTap tap(String host, String iface) {
    return files.computeIfAbsent(
        host + "-" + iface,
        name -> new PcapFile(directory.resolve(name + ".pcap"), snaplen, originNs, offeredScale));
  }

  /**
   * Frames each capture holds, by file name without {@code .pcap}; interfaces that carried none
   * have no file and are left out.
   *
   * @return name to frames
   */
  public Map<String, Long> frames() {
    Map<String, Long> frames = new LinkedHashMap<>();
    files.forEach(
        (name, file) -> {
          if (file.frames() > 0) {
            frames.put(name, file.frames());
          }
        });
    return frames;
  }

  @Override
  public void close() {
    try {
      for (PcapFile file : files.values()) {
        file.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot finish a capture in " + directory, e);
    }
  }
}
