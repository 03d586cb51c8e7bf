package org.bondsim.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Standard output that does not swallow its errors: {@link java.io.PrintWriter} and {@link
 * java.io.PrintStream} turn a failed write (a full disk, a closed descriptor, a pipe whose reader
 * left) into a flag nobody reads, so an answer could be lost with exit status 0. The first failure
 * is thrown on as an {@link Failure}, which ends the command; {@link Main} turns it into one line
 * naming the system's reason and exit status 1.
 */
final class StandardOutput extends OutputStream {
  /** A write to standard output failed. */
  static final class Failure extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    Failure(IOException cause) {
      super(cause);
    }

    /** The system's reason, as the operating system words it. */
    String reason() {
      String message = getCause().getMessage();
      return message == null || message.isBlank() ? "write error" : message;
    }
  }

  private final OutputStream target;
  private Failure failure;

  /** Standard output of the process (file descriptor 1), unbuffered below the writer. */
  StandardOutput() {
    this(new FileOutputStream(FileDescriptor.out));
  }

  StandardOutput(OutputStream target) {
    this.target = target;
  }

  /**
   * Returns the first failure, or null.
   *
   * @return the failure
   */
  Failure failure() {
    return failure;
  }

  @Override
  public void write(int b) {
    check();
    try {
      target.write(b);
    } catch (IOException e) {
      throw fail(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) {
    check();
    try {
      target.write(b, off, len);
    } catch (IOException e) {
      throw fail(e);
    }
  }

  @Override
  public void flush() {
    check();
    try {
      target.flush();
    } catch (IOException e) {
      throw fail(e);
    }
  }

  private void check() {
    if (failure != null) {
      throw failure;
    }
  }

  private Failure fail(IOException e) {
    failure = new Failure(e);
    return failure;
  }
}
