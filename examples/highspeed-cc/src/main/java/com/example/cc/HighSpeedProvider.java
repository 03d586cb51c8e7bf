package com.example.cc;

import org.bondsim.api.tcp.cc.CongestionContext;
import org.bondsim.api.tcp.cc.CongestionControl;
import org.bondsim.api.tcp.cc.CongestionControlProvider;

/**
 * {@code net.ipv4.tcp_congestion_control=highspeed}: HighSpeed TCP (RFC 3649), the name Linux's
 * module registers.
 */
public final class HighSpeedProvider implements CongestionControlProvider {
  @Override
  public String name() {
    return "highspeed";
  }

  @Override
  public String description() {
    return "HighSpeed TCP (RFC 3649) from the RFC's response function; Reno up to 38 packets";
  }

  @Override
  public CongestionControl create(CongestionContext context) {
    return new HighSpeed();
  }
}
