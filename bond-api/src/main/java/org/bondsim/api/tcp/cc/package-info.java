/**
 * Congestion control as a plugin: {@link org.bondsim.api.tcp.cc.CongestionControlProvider} creates
 * a {@link org.bondsim.api.tcp.cc.CongestionControl} per connection, which sees the connection
 * through the read-only {@link org.bondsim.api.tcp.cc.ConnectionView} and each ACK through {@link
 * org.bondsim.api.tcp.cc.AckView}, the fields Linux's {@code tcp_congestion_ops} callbacks see.
 * bondsim's CUBIC and Reno are providers of this SPI too. {@code bond-testkit}'s {@code
 * CongestionControlContract} holds a module to RFC 5681's and Linux's rules.
 *
 * <p><b>Stability: experimental.</b> The callbacks follow what the TCP model calls.
 */
package org.bondsim.api.tcp.cc;
