package org.bondsim.tcp;

/** The millisecond clock TCP timestamps and {@code retrans_stamp} use ({@code tcp_time_stamp}). */
final class TcpClock {
  private TcpClock() {}

  /** Milliseconds since the run began, from 1 so that 0 can mean "no timestamp". */
  static long ms(TcpHost context) {
    return msAt(context.now());
  }

  /** The clock's reading at {@code ns} on the run's clock. */
  static long msAt(long ns) {
    return ns / 1_000_000L + 1;
  }
}
