package org.bondsim.core.capture;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.bondsim.api.stack.Packet;

/**
 * One interface's capture in the pcap format with nanosecond timestamps (magic {@code 0xa1b23c4d},
 * version 2.4, link type 1 Ethernet; the format tcpdump writes with {@code
 * --time-stamp-precision=nano}). Each record holds the frame's headers as {@link FrameEncoder}
 * writes them and, up to the snap length, zero payload bytes; its original length is what the
 * interface carried ({@code skb->len}, no FCS). The file is opened at the first frame, so an
 * interface that carried none has no file.
 */
final class PcapFile implements FrameTap {
  private static final int MAGIC_NANOSECONDS = 0xa1b23c4d;
  private static final int LINKTYPE_ETHERNET = 1;

  private final Path path;
  private final int snaplen;
  private final long originNs;
  private final ByteBuffer record;
  private final FrameEncoder encoder;
  private OutputStream out;
  private long frames;

  PcapFile(Path path, int snaplen, long originNs, Map<Long, Integer> offeredScale) {
    this.path = path;
    this.snaplen = snaplen;
    this.originNs = originNs;
    this.encoder = new FrameEncoder(offeredScale);
    this.record = ByteBuffer.allocate(16 + Math.max(snaplen, FrameEncoder.MAX_HEADER_BYTES));
    this.record.order(ByteOrder.LITTLE_ENDIAN);
  }

  @Override
  public void frame(long atNs, Packet packet) {
    try {
      if (out == null) {
        open();
      }
      record.clear();
      record.position(16);
      int wire = encoder.encode(packet, record);
      int headers = record.position() - 16;
      // The headers, then zeros up to the snap length: the model carries no payload bytes.
      int saved = Math.min(wire, Math.max(headers, snaplen));
      while (record.position() - 16 < saved) {
        record.put((byte) 0);
      }
      // pcap's seconds are an unsigned 32-bit count: good until 2106.
      long wallNs = originNs + atNs;
      record.putInt(0, (int) (wallNs / 1_000_000_000L));
      record.putInt(4, (int) (wallNs % 1_000_000_000L));
      record.putInt(8, saved);
      record.putInt(12, wire);
      out.write(record.array(), 0, 16 + saved);
      frames++;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the capture " + path, e);
    }
  }

  private void open() throws IOException {
    out = new BufferedOutputStream(Files.newOutputStream(path), 1 << 16);
    ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
    header.putInt(MAGIC_NANOSECONDS);
    header.putShort((short) 2).putShort((short) 4);
    header.putInt(0).putInt(0);
    header.putInt(Math.max(snaplen, FrameEncoder.MAX_HEADER_BYTES));
    header.putInt(LINKTYPE_ETHERNET);
    out.write(header.array());
  }

  /** Frames written so far. */
  long frames() {
    return frames;
  }

  void close() throws IOException {
    if (out != null) {
      out.close();
    }
  }
}
