package org.bondsim.core.lacp;

import static org.bondsim.api.packet.LacpPortInfo.ACTIVITY;
import static org.bondsim.api.packet.LacpPortInfo.AGGREGATION;
import static org.bondsim.api.packet.LacpPortInfo.COLLECTING;
import static org.bondsim.api.packet.LacpPortInfo.DEFAULTED;
import static org.bondsim.api.packet.LacpPortInfo.DISTRIBUTING;
import static org.bondsim.api.packet.LacpPortInfo.EXPIRED;
import static org.bondsim.api.packet.LacpPortInfo.SYNCHRONIZATION;
import static org.bondsim.api.packet.LacpPortInfo.TIMEOUT;

import org.bondsim.api.packet.LacpPortInfo;
import org.bondsim.api.packet.Lacpdu;

/**
 * One LACP port ({@code struct port}) and its receive, periodic, mux and transmit machines, each a
 * transcription of the function of {@code bond_3ad.c} it names. The mux machine is the coupled one
 * ({@code coupled_control on}, Linux's default): collecting and distributing start and stop
 * together. Not modelled: the churn machine (it only counts), marker PDUs, {@code coupled_control
 * off}.
 */
public final class LacpPort {
  /** Receive machine states (802.1AX 6.4.12). */
  public enum Rx {
    INITIALIZE,
    PORT_DISABLED,
    LACP_DISABLED,
    EXPIRED,
    DEFAULTED,
    CURRENT
  }

  /** Periodic transmission machine states. */
  enum Periodic {
    NO_PERIODIC,
    FAST_PERIODIC,
    SLOW_PERIODIC,
    PERIODIC_TX
  }

  /** Mux machine states (coupled control). */
  public enum Mux {
    DETACHED,
    WAITING,
    ATTACHED,
    COLLECTING_DISTRIBUTING
  }

  // AD_TIMER_INTERVAL is 100 ms: every timer below counts those ticks (__ad_timer_to_ticks).
  static final int SHORT_TIMEOUT_TICKS = 30;
  static final int LONG_TIMEOUT_TICKS = 900;
  static final int FAST_PERIODIC_TICKS = 10;
  static final int SLOW_PERIODIC_TICKS = 300;
  static final int AGGREGATE_WAIT_TICKS = 20;
  // AD_MAX_TX_IN_SECOND 3: ad_ticks_per_sec / 3 ticks between two LACPDUs.
  static final int TX_INTERVAL_TICKS = 10 / 3;
  private static final int PORT_PRIORITY = 0xff;

  private final LacpSystem system;
  private final int index;
  private final int portNumber;
  private final int speedMbps;

  boolean enabled = true;
  int actorAdminKey;
  int actorOperKey;
  int actorState;
  LacpPortInfo partnerOper = LacpPortInfo.DEFAULT_PARTNER;

  boolean begin = true;
  boolean lacpEnabled = true;
  boolean ready;
  boolean readyN;
  boolean matched;
  boolean selected;
  Aggregator aggregator;
  // bond_is_active_slave: the host lets the port collect and distribute.
  boolean distributing;
  // Enabled by the "aggregator of individuals" rule, not by the mux reaching C_D.
  boolean enabledAsIndividual;

  private Rx rx;
  private int rxTimer;
  private Periodic periodic;
  private int periodicTimer;
  private Mux mux;
  private int muxTimer;
  private int txTimer = TX_INTERVAL_TICKS;
  boolean ntt;

  private long lacpduRx;
  private long lacpduTx;

  LacpPort(LacpSystem system, int index, int speedMbps, boolean linkUp) {
    this.system = system;
    this.index = index;
    // bond_enslave numbers 3ad ports from 1 in slave order.
    this.portNumber = index + 1;
    this.speedMbps = speedMbps;
    LacpSettings settings = system.settings();
    // ad_initialize_port: aggregatable, active unless lacp_active off, short timeout if fast.
    actorState = AGGREGATION;
    if (settings.active()) {
      actorState |= ACTIVITY;
    }
    if (settings.fastRate()) {
      actorState |= TIMEOUT;
    }
    actorAdminKey = settings.userPortKey() << 6;
    enabled = linkUp;
    updateActorKeys(!linkUp);
  }

  /**
   * Returns the port's index in its system (the slave's index in the bond).
   *
   * @return the index
   */
  public int index() {
    return index;
  }

  /**
   * Returns the link speed the key was built from.
   *
   * @return Mbit/s
   */
  public int speedMbps() {
    return speedMbps;
  }

  /**
   * Returns whether the port's link is enabled ({@code is_enabled}).
   *
   * @return true if enabled
   */
  public boolean enabled() {
    return enabled;
  }

  /**
   * Returns the receive machine's state.
   *
   * @return the state, or null before the first tick
   */
  public Rx rxState() {
    return rx;
  }

  /**
   * Returns the mux machine's state.
   *
   * @return the state, or null before the first tick
   */
  public Mux muxState() {
    return mux;
  }

  /**
   * Returns whether the port collects and distributes now.
   *
   * @return true if it does
   */
  public boolean distributing() {
    return distributing;
  }

  /**
   * Returns whether the port is enabled because an aggregator of it had no partner when it was
   * chosen active ({@code ad_agg_selection_logic} enables an aggregator of individuals), not
   * because its mux reached COLLECTING_DISTRIBUTING. Linux disables such a port only when its mux
   * enters DETACHED or ATTACHED in an aggregator that has a partner, or when another aggregator
   * becomes active; so it keeps transmitting after it moves into an aggregator whose partner
   * answered but is not in sync yet (the first LACPDU after every cable failed, a one-way fault).
   *
   * @return true in that state
   */
  public boolean enabledAsIndividual() {
    return enabledAsIndividual;
  }

  /**
   * Returns the aggregator the port is attached to.
   *
   * @return the aggregator, or null
   */
  public Aggregator aggregator() {
    return aggregator;
  }

  /**
   * Returns what this port sends as its own information.
   *
   * @return the actor information
   */
  public LacpPortInfo actorInfo() {
    LacpSettings settings = system.settings();
    return new LacpPortInfo(
        settings.systemPriority(),
        settings.systemMac(),
        actorOperKey,
        PORT_PRIORITY,
        portNumber,
        actorState);
  }

  /**
   * Returns what the port knows of its partner.
   *
   * @return the partner's operational information
   */
  public LacpPortInfo partnerInfo() {
    return partnerOper;
  }

  /**
   * Returns LACPDUs received.
   *
   * @return count
   */
  public long lacpduRx() {
    return lacpduRx;
  }

  /**
   * Returns LACPDUs sent.
   *
   * @return count
   */
  public long lacpduTx() {
    return lacpduTx;
  }

  // ---------------------------------------------------------------- keys

  /** {@code ad_update_actor_keys}: the key is user key, speed code and full duplex. */
  void updateActorKeys(boolean reset) {
    int old = actorOperKey;
    int speed = 0;
    int duplex = 0;
    actorAdminKey &= ~0x3F;
    if (!reset) {
      speed = speedCode(speedMbps);
      duplex = 1;
      actorAdminKey |= (speed << 1) | duplex;
    }
    int oldSpeed = (old & 0x3E) >> 1;
    actorOperKey = actorAdminKey;
    if (old != actorOperKey) {
      lacpEnabled = duplex != 0;
      if (!reset && speed != 0 && oldSpeed != speed) {
        begin = true;
      }
    }
  }

  /** {@code __get_link_speed}'s codes (enum ad_link_speed_type). */
  static int speedCode(int mbps) {
    int[] speeds = {1, 10, 100, 1000, 2500, 5000, 10000, 14000, 20000, 25000, 40000, 50000};
    for (int i = 0; i < speeds.length; i++) {
      if (speeds[i] == mbps) {
        return i + 1;
      }
    }
    int[] more = {56000, 100000, 200000, 400000, 800000};
    for (int i = 0; i < more.length; i++) {
      if (more[i] == mbps) {
        return speeds.length + i + 1;
      }
    }
    return 0;
  }

  // ---------------------------------------------------------------- receive machine

  /** {@code ad_rx_machine}: a LACPDU arrived ({@code pdu} non-null) or a tick passed. */
  void rxMachine(Lacpdu pdu) {
    Rx last = rx;
    if (pdu != null) {
      lacpduRx++;
    }
    if (begin) {
      rx = Rx.INITIALIZE;
    } else if (!enabled) {
      rx = Rx.PORT_DISABLED;
    } else if (pdu != null && (rx == Rx.EXPIRED || rx == Rx.DEFAULTED || rx == Rx.CURRENT)) {
      rxTimer = 0;
      rx = Rx.CURRENT;
    } else if (rxTimer != 0 && --rxTimer == 0) {
      if (rx == Rx.EXPIRED) {
        rx = Rx.DEFAULTED;
      } else if (rx == Rx.CURRENT) {
        rx = Rx.EXPIRED;
      }
    } else if (rx == Rx.PORT_DISABLED && enabled) {
      rx = lacpEnabled ? Rx.EXPIRED : Rx.LACP_DISABLED;
    }
    if (rx == last && pdu == null) {
      return;
    }
    switch (rx) {
      case INITIALIZE -> {
        lacpEnabled = (actorOperKey & 1) != 0;
        selected = false;
        recordDefault();
        actorState &= ~EXPIRED;
        rx = Rx.PORT_DISABLED;
        matched = false;
      }
      case PORT_DISABLED -> matched = false;
      case LACP_DISABLED -> {
        selected = false;
        recordDefault();
        partnerOper = withState(partnerOper, partnerOper.state() & ~AGGREGATION);
        matched = true;
        actorState &= ~EXPIRED;
      }
      case EXPIRED -> {
        // 802.1AX-2014 figure 6-18: the partner is out of sync, on a short timeout.
        matched = false;
        int state = (partnerOper.state() & ~SYNCHRONIZATION) | TIMEOUT;
        partnerOper = withState(partnerOper, state);
        rxTimer = SHORT_TIMEOUT_TICKS;
        actorState |= EXPIRED;
        if (last == Rx.CURRENT) {
          // A timeout, not the start-up pass from PORT_DISABLED.
          system.host().event(index, "lacp_expired");
        }
      }
      case DEFAULTED -> {
        updateDefaultSelected();
        recordDefault();
        matched = true;
        actorState &= ~EXPIRED;
        if (last != Rx.DEFAULTED) {
          system.host().event(index, "lacp_defaulted");
        }
      }
      case CURRENT -> receiveCurrent(pdu, last);
      default -> {}
    }
  }

  private void receiveCurrent(Lacpdu pdu, Rx last) {
    if (pdu.actor().system() == system.settings().systemMac()) {
      return; // "An illegal loopback occurred on slave"
    }
    updateSelected(pdu);
    updateNtt(pdu);
    recordPdu(pdu);
    rxTimer = (actorState & TIMEOUT) != 0 ? SHORT_TIMEOUT_TICKS : LONG_TIMEOUT_TICKS;
    actorState &= ~EXPIRED;
    if (last == Rx.EXPIRED || last == Rx.DEFAULTED) {
      system.host().event(index, "lacp_current");
    }
  }

  private static LacpPortInfo withState(LacpPortInfo info, int state) {
    return new LacpPortInfo(
        info.systemPriority(),
        info.system(),
        info.key(),
        info.portPriority(),
        info.portNumber(),
        state);
  }

  /** {@code __choose_matched}. */
  private void chooseMatched(Lacpdu pdu) {
    LacpPortInfo p = pdu.partner();
    LacpSettings settings = system.settings();
    matched =
        (p.portNumber() == portNumber
                && p.portPriority() == PORT_PRIORITY
                && p.system() == settings.systemMac()
                && p.systemPriority() == settings.systemPriority()
                && p.key() == actorOperKey
                && (p.state() & AGGREGATION) == (actorState & AGGREGATION))
            || (pdu.actor().state() & AGGREGATION) == 0;
  }

  /** {@code __record_pdu}: the partner is what its LACPDU says, in sync only when matched. */
  private void recordPdu(Lacpdu pdu) {
    chooseMatched(pdu);
    int state = pdu.actor().state();
    if (matched && (state & SYNCHRONIZATION) != 0) {
      state |= SYNCHRONIZATION;
    } else {
      state &= ~SYNCHRONIZATION;
    }
    partnerOper = withState(pdu.actor(), state);
    actorState &= ~DEFAULTED;
  }

  /** {@code __record_default}. */
  private void recordDefault() {
    partnerOper = LacpPortInfo.DEFAULT_PARTNER;
    actorState |= DEFAULTED;
  }

  /** {@code __update_selected}: a partner that changed identity unselects the port. */
  private void updateSelected(Lacpdu pdu) {
    if (differs(pdu.actor(), partnerOper)) {
      selected = false;
    }
  }

  /** {@code __update_default_selected}. */
  private void updateDefaultSelected() {
    if (differs(LacpPortInfo.DEFAULT_PARTNER, partnerOper)) {
      selected = false;
    }
  }

  private static boolean differs(LacpPortInfo a, LacpPortInfo b) {
    return a.portNumber() != b.portNumber()
        || a.portPriority() != b.portPriority()
        || a.system() != b.system()
        || a.systemPriority() != b.systemPriority()
        || a.key() != b.key()
        || (a.state() & AGGREGATION) != (b.state() & AGGREGATION);
  }

  /** {@code __update_ntt}: answer when the partner's view of us is out of date. */
  private void updateNtt(Lacpdu pdu) {
    LacpPortInfo p = pdu.partner();
    LacpSettings settings = system.settings();
    int bits = ACTIVITY | TIMEOUT | SYNCHRONIZATION | AGGREGATION;
    if (p.portNumber() != portNumber
        || p.portPriority() != PORT_PRIORITY
        || p.system() != settings.systemMac()
        || p.systemPriority() != settings.systemPriority()
        || p.key() != actorOperKey
        || (p.state() & bits) != (actorState & bits)) {
      ntt = true;
    }
  }

  // ---------------------------------------------------------------- periodic machine

  /** {@code ad_periodic_machine}: the rate follows the partner's LACP_Timeout bit. */
  void periodicMachine() {
    Periodic last = periodic;
    boolean partnerShort = (partnerOper.state() & TIMEOUT) != 0;
    if (begin
        || !lacpEnabled
        || !enabled
        || ((actorState & ACTIVITY) == 0 && (partnerOper.state() & ACTIVITY) == 0)) {
      periodic = Periodic.NO_PERIODIC;
    } else if (periodicTimer != 0) {
      if (--periodicTimer == 0) {
        periodic = Periodic.PERIODIC_TX;
      } else if (periodic == Periodic.FAST_PERIODIC && !partnerShort) {
        periodic = Periodic.SLOW_PERIODIC;
      } else if (periodic == Periodic.SLOW_PERIODIC && partnerShort) {
        periodicTimer = 0;
        periodic = Periodic.PERIODIC_TX;
      }
    } else if (periodic == Periodic.NO_PERIODIC) {
      periodic = Periodic.FAST_PERIODIC;
    } else if (periodic == Periodic.PERIODIC_TX) {
      periodic = partnerShort ? Periodic.FAST_PERIODIC : Periodic.SLOW_PERIODIC;
    }
    if (periodic == last) {
      return;
    }
    switch (periodic) {
      case NO_PERIODIC -> periodicTimer = 0;
      // Less the tick the PERIODIC_TX pass took.
      case FAST_PERIODIC -> periodicTimer = FAST_PERIODIC_TICKS - 1;
      case SLOW_PERIODIC -> periodicTimer = SLOW_PERIODIC_TICKS - 1;
      case PERIODIC_TX -> ntt = true;
      default -> {}
    }
  }

  // ---------------------------------------------------------------- mux machine

  /** {@code ad_mux_machine} with coupled control. */
  void muxMachine() {
    Mux last = mux;
    if (begin) {
      mux = Mux.DETACHED;
    } else if (mux == Mux.DETACHED) {
      if (selected) {
        mux = Mux.WAITING;
      }
    } else if (mux == Mux.WAITING) {
      if (!selected) {
        readyN = false;
        refreshReady();
        mux = Mux.DETACHED;
      } else {
        if (muxTimer != 0 && --muxTimer == 0) {
          readyN = true;
        }
        refreshReady();
        if (ready && muxTimer == 0) {
          mux = Mux.ATTACHED;
        }
      }
    } else if (mux == Mux.ATTACHED) {
      if (selected
          && (partnerOper.state() & SYNCHRONIZATION) != 0
          && system.selectionTimer() == 0) {
        if (aggregator.active) {
          mux = Mux.COLLECTING_DISTRIBUTING;
        }
      } else if (!selected) {
        readyN = false;
        refreshReady();
        mux = Mux.DETACHED;
      } else if (aggregator.active) {
        actorState |= SYNCHRONIZATION;
      }
    } else if (mux == Mux.COLLECTING_DISTRIBUTING) {
      if (!selected
          || (partnerOper.state() & SYNCHRONIZATION) == 0
          || (actorState & SYNCHRONIZATION) == 0) {
        mux = Mux.ATTACHED;
      } else if (aggregator.active && !distributing) {
        // "make sure that a collecting distributing port in an active aggregator is enabled"
        system.enable(this);
      }
    }
    if (mux == last) {
      return;
    }
    switch (mux) {
      case DETACHED -> {
        actorState &= ~SYNCHRONIZATION;
        disableCollectingDistributing();
        actorState &= ~(COLLECTING | DISTRIBUTING);
        ntt = true;
      }
      case WAITING -> muxTimer = AGGREGATE_WAIT_TICKS;
      case ATTACHED -> {
        if (aggregator.active) {
          actorState |= SYNCHRONIZATION;
        } else {
          actorState &= ~SYNCHRONIZATION;
        }
        actorState &= ~(COLLECTING | DISTRIBUTING);
        disableCollectingDistributing();
        ntt = true;
      }
      case COLLECTING_DISTRIBUTING -> {
        actorState |= COLLECTING | DISTRIBUTING | SYNCHRONIZATION;
        if (aggregator.active) {
          system.enable(this);
        }
        ntt = true;
      }
      default -> {}
    }
  }

  private void refreshReady() {
    if (aggregator != null) {
      aggregator.setPortsReady(aggregator.portsReady());
    }
  }

  /** {@code ad_disable_collecting_distributing}: only in an aggregator whose partner answered. */
  private void disableCollectingDistributing() {
    if (aggregator != null && aggregator.hasPartner()) {
      system.disable(this);
    }
  }

  // ---------------------------------------------------------------- transmit machine

  /** {@code ad_tx_machine}: at most three LACPDUs a second, each when ntt asks. */
  void txMachine() {
    if (txTimer == 0 || --txTimer == 0) {
      if (ntt && lacpEnabled) {
        lacpduTx++;
        system.host().transmit(index, new Lacpdu(actorInfo(), partnerOper));
        ntt = false;
        txTimer = TX_INTERVAL_TICKS;
      }
    }
  }
}
