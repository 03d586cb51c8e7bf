package org.bondsim.packetdrill;

/**
 * When a script line happens, as packetdrill writes it: {@code 0.1} (absolute), {@code +.1}
 * (relative), {@code *} (any time), {@code .1~.2} or {@code +.1~+.2} (a range).
 *
 * @param kind which form
 * @param startUs the time or the range's start, in microseconds
 * @param endUs the range's end, equal to the start for a single time
 */
record When(Kind kind, long startUs, long endUs) {
  /** The time forms of packetdrill's grammar ({@code event_time_t} in {@code types.h}). */
  enum Kind {
    ABSOLUTE,
    RELATIVE,
    ANY,
    ABSOLUTE_RANGE,
    RELATIVE_RANGE
  }

  boolean relative() {
    return kind == Kind.RELATIVE || kind == Kind.RELATIVE_RANGE;
  }

  boolean range() {
    return kind == Kind.ABSOLUTE_RANGE || kind == Kind.RELATIVE_RANGE;
  }
}
