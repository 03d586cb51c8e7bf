package com.example.cc;

import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.ConnectionView;

/**
 * HighSpeed TCP (RFC 3649) for one connection: above a window of 38 packets it grows faster than
 * Reno and backs off less, following the RFC's response function; at or below 38 it is Reno.
 *
 * <p>From RFC 3649, section 5: the loss rate a window of w packets stands for is p(w) =
 * 0.078 / w^1.2; the decrease b(w) falls linearly in log(w) from 0.5 at w = 38 (Low_Window) to 0.1
 * at w = 83000 (High_Window, High_Decrease); the increase per round trip is a(w) = w^2 p(w) 2 b(w)
 * / (2 - b(w)). Congestion avoidance adds a(w) / w per packet acknowledged; a loss sets ssthresh
 * to (1 - b(w)) w. Linux's {@code net/ipv4/tcp_highspeed.c} follows the same curve from a table of
 * 73 rows; this module computes it, in {@link StrictMath} so that every platform gives the same
 * windows.
 */
final class HighSpeed implements CongestionControl {
  static final int LOW_WINDOW = 38;
  static final int HIGH_WINDOW = 83_000;
  static final double HIGH_DECREASE = 0.1;

  // Packets acknowledged toward the next increment, in 1/1024 of a packet.
  private long credit;

  /** The decrease at a window of {@code w} packets, b(w). */
  static double decrease(int w) {
    if (w <= LOW_WINDOW) {
      return 0.5;
    }
    int capped = Math.min(w, HIGH_WINDOW);
    double share =
        (StrictMath.log(capped) - StrictMath.log(LOW_WINDOW))
            / (StrictMath.log(HIGH_WINDOW) - StrictMath.log(LOW_WINDOW));
    return (HIGH_DECREASE - 0.5) * share + 0.5;
  }

  /** The increase per round trip at a window of {@code w} packets, a(w). */
  static double increase(int w) {
    if (w <= LOW_WINDOW) {
      return 1;
    }
    double b = decrease(w);
    double p = 0.078 / StrictMath.pow(w, 1.2);
    return Math.max(1, (double) w * w * p * 2 * b / (2 - b));
  }

  @Override
  public int ssthresh(ConnectionView tcp) {
    int w = tcp.cwnd();
    return Math.max(2, (int) (w * (1 - decrease(w))));
  }

  @Override
  public int congestionAvoidance(ConnectionView tcp, int acked) {
    int w = tcp.cwnd();
    // Credit earned at a larger window (cwnd cut without a loss: an RTO, an undo) buys one
    // increment, not several, as tcp_cong_avoid_ai spends it "gently".
    if (credit >= (long) w * 1024) {
      credit = 0;
      w++;
    }
    // a(w) / w per packet: the credit counts packets times a(w), an increment costs w of it.
    credit += Math.round(increase(w) * 1024) * acked;
    long increments = credit / ((long) w * 1024);
    credit -= increments * w * 1024;
    return (int) (w + increments);
  }

  @Override
  public void onLoss(ConnectionView tcp) {
    credit = 0;
  }
}
