package org.bondsim.tcp;

import org.bondsim.api.stack.Timer;

/**
 * Where a connection's parts that call each other in cycles find each other, as Linux's TCP
 * functions find them all in {@code struct tcp_sock}: the queue RACK walks and the recovery it
 * consults, the scheduler the receiver asks for an ACK and the transmitter that scheduler asks to
 * send it, the connection the receiver hands data up to. {@link TcpEndpoint} builds every part with
 * what exists before it (constructor arguments) and registers here the ones a part built earlier
 * needs later; a part reads these only when it runs, never while it is built.
 */
final class TcpSock {
  TcpEndpoint endpoint;
  CongestionWindow window;
  RetransmitQueue queue;
  Recovery recovery;
  AckScheduler acks;
  Transmitter transmitter;
  Timer reorderTimer;
}
