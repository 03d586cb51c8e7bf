package org.bondsim.core.lacp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bondsim.api.packet.Lacpdu;

/**
 * Two LACP systems cabled port to port, ticking together, for tests: a bond-like actor (8 s
 * selection timer) and a switch-like partner. Each cable can lose its carrier or black-hole one
 * direction; LACPDUs cross at the end of the tick that sent them.
 */
final class LacpPair {
  final LacpSystem bond;
  final LacpSystem partner;
  final boolean[] carrier;
  final boolean[] holeToPartner;
  final boolean[] holeToBond;
  final List<String> events = new ArrayList<>();
  private final ArrayDeque<Object[]> inFlight = new ArrayDeque<>();
  int ticks;

  LacpPair(int ports, LacpSettings bondSettings, LacpSettings partnerSettings) {
    carrier = new boolean[ports];
    Arrays.fill(carrier, true);
    holeToPartner = new boolean[ports];
    holeToBond = new boolean[ports];
    bond = new LacpSystem(bondSettings, new Side(true));
    partner = new LacpSystem(partnerSettings, new Side(false));
    for (int i = 0; i < ports; i++) {
      bond.addPort(1000, true);
      partner.addPort(1000, true);
    }
  }

  static LacpSettings bondSettings(boolean fast) {
    return new LacpSettings(
        true,
        fast,
        AggregatorSelection.STABLE,
        0,
        65535,
        0x020000000001L,
        0,
        LacpSettings.BOND_SELECTION_TIMER_TICKS);
  }

  static LacpSettings switchSettings(boolean fast) {
    return new LacpSettings(
        true, fast, AggregatorSelection.STABLE, 0, 32768, 0x0200005e0000L, 0, 0);
  }

  void tick() {
    tickMachines();
    deliver();
  }

  /** Both systems' machines, one tick; what they send waits for {@link #deliver}. */
  void tickMachines() {
    ticks++;
    bond.tick();
    partner.tick();
  }

  /** The LACPDUs sent so far arrive (each runs its receiver's rx machine at once). */
  void deliver() {
    while (!inFlight.isEmpty()) {
      Object[] pdu = inFlight.poll();
      LacpSystem to = (LacpSystem) pdu[0];
      to.receive((Integer) pdu[1], (Lacpdu) pdu[2]);
    }
  }

  void run(int n) {
    for (int i = 0; i < n; i++) {
      tick();
    }
  }

  void setCarrier(int port, boolean up) {
    carrier[port] = up;
    bond.linkChanged(port, up);
    partner.linkChanged(port, up);
  }

  /** Ticks until the port stops distributing on the bond's side; -1 if it never does. */
  int ticksUntilBondStops(int port, int limit) {
    for (int i = 1; i <= limit; i++) {
      tick();
      if (!bond.ports().get(port).distributing()) {
        return i;
      }
    }
    return -1;
  }

  private final class Side implements LacpHost {
    private final boolean isBond;

    Side(boolean isBond) {
      this.isBond = isBond;
    }

    @Override
    public void transmit(int port, Lacpdu pdu) {
      if (!carrier[port]) {
        return;
      }
      boolean lost = isBond ? holeToPartner[port] : holeToBond[port];
      if (!lost) {
        inFlight.add(new Object[] {isBond ? partner : bond, port, pdu});
      }
    }

    @Override
    public boolean linkUp(int port) {
      return carrier[port];
    }

    @Override
    public void setCollectingDistributing(int port, boolean on) {}

    @Override
    public void distributingChanged() {}

    @Override
    public void event(int port, String event) {
      events.add(ticks + " " + (isBond ? "bond" : "switch") + " " + port + " " + event);
    }
  }
}
