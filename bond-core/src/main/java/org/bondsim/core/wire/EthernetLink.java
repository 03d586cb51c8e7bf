package org.bondsim.core.wire;

import java.util.ArrayList;
import java.util.List;
import org.bondsim.api.Link;
import org.bondsim.core.engine.EventLoop;

/**
 * A full-duplex point-to-point link between a slave of one host and a slave of the other (or a
 * switch port), with a carrier both ends see. A failure takes the carrier down at both ends at
 * once, as pulling a cable does.
 */
public final class EthernetLink implements Link {
  private final LinkSpec spec;
  private final Port forward;
  private final Port backward;
  private boolean carrier = true;
  private final List<Runnable> carrierListeners = new ArrayList<>();

  /**
   * Builds a link.
   *
   * @param loop the run's event loop
   * @param spec rate, delay, MTU
   * @param txqueuelen frames each end's qdisc holds
   * @param forwardSender counters of the slave sending in the forward direction
   * @param backwardSender counters of the slave sending in the backward direction
   */
  public EthernetLink(
      EventLoop loop,
      LinkSpec spec,
      int txqueuelen,
      SlaveStats forwardSender,
      SlaveStats backwardSender) {
    this(loop, spec, txqueuelen, txqueuelen, forwardSender, backwardSender);
  }

  /**
   * Builds a link whose two ends queue differently, such as a host NIC's qdisc facing a switch
   * port's egress buffer.
   *
   * @param loop the run's event loop
   * @param spec rate, delay, MTU
   * @param forwardQueue frames the forward sender's queue holds
   * @param backwardQueue frames the backward sender's queue holds
   * @param forwardSender counters of the forward sender
   * @param backwardSender counters of the backward sender
   */
  public EthernetLink(
      EventLoop loop,
      LinkSpec spec,
      int forwardQueue,
      int backwardQueue,
      SlaveStats forwardSender,
      SlaveStats backwardSender) {
    this.spec = spec;
    this.forward = new Port(loop, this, forwardSender, forwardQueue);
    this.backward = new Port(loop, this, backwardSender, backwardQueue);
  }

  /**
   * Returns the port sending from the first host to the second.
   *
   * @return the port
   */
  public Port forward() {
    return forward;
  }

  /**
   * Returns the port sending from the second host to the first.
   *
   * @return the port
   */
  public Port backward() {
    return backward;
  }

  /**
   * Returns whether the carrier is up.
   *
   * @return true if up
   */
  public boolean carrier() {
    return carrier;
  }

  /**
   * Sets the carrier at both ends. Losing it drops every frame queued or in flight.
   *
   * @param up the new state
   */
  public void setCarrier(boolean up) {
    if (carrier == up) {
      return;
    }
    carrier = up;
    if (!up) {
      forward.carrierLost();
      backward.carrierLost();
    }
    for (Runnable listener : carrierListeners) {
      listener.run();
    }
  }

  /**
   * Registers code to run after every carrier change, as Linux's netdevice notifier tells the bond
   * of NETDEV_CHANGE (the link-watch work runs at once for bond slaves).
   *
   * @param listener what to run
   */
  public void addCarrierListener(Runnable listener) {
    carrierListeners.add(listener);
  }

  @Override
  public long rateBitsPerSecond() {
    return spec.rateBitsPerSecond();
  }

  @Override
  public long propagationDelayNs() {
    return spec.propagationDelayNs();
  }

  @Override
  public int mtu() {
    return spec.mtu();
  }

  @Override
  public int wireOverheadBytes() {
    return spec.wireOverheadBytes();
  }
}
