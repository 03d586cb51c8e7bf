package org.bondsim.packetdrill;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.bondsim.api.packet.Frame;
import org.bondsim.api.stack.Packet;
import org.bondsim.api.tcp.TcpSegment;
import org.bondsim.packetdrill.Step.SyscallLine;
import org.bondsim.tcp.SocketInfo;
import org.bondsim.tcp.TcpCounters;
import org.bondsim.tcp.TcpEndpoint;
import org.bondsim.tcp.TcpHost;
import org.bondsim.tcp.TcpSettings;

/**
 * The system calls a script makes, on a file-descriptor table like a process's: the lowest free
 * number from 3 up, a listening socket whose inbound SYN creates the connection ({@code accept}
 * then returns it), and the connection's {@link TcpEndpoint}. A call the model cannot follow is
 * {@link Unsupported}; a return value other than the script's is a {@link ScriptRun.Mismatch}.
 */
final class Sockets {
  /** One socket. */
  private static final class Socket {
    boolean nonBlocking;
    boolean accepted;
    int sendBufferRequest;
    int receiveBufferRequest;
    String congestionControl;
    // The settings the connection opened with, fixed from then on as a socket's are.
    TcpSettings tcp;
    TcpEndpoint endpoint;
    long readable;
    boolean readShut;
    boolean writeShut;
  }

  private final LocalHost host;
  private final Supplier<Frame> frame;
  // The run's sysctls, which backtick lines change in place.
  private final Map<String, String> sysctls;
  private final Map<Integer, Socket> fds = new TreeMap<>();
  private Socket listener;
  private Socket connection;
  private int peerScale = -1;

  Sockets(LocalHost host, Supplier<Frame> frame, Map<String, String> sysctls) {
    this.host = host;
    this.frame = frame;
    this.sysctls = sysctls;
  }

  /** The shift the peer's window fields take: what its SYN offered, if both ends offered one. */
  int peerWindowShift() {
    return peerScale >= 0 && host.offeredScale() >= 0 ? peerScale : 0;
  }

  /** The shift this end's window fields take. */
  int localWindowShift() {
    return peerScale >= 0 && host.offeredScale() >= 0 ? host.offeredScale() : 0;
  }

  /** The socket under test's {@code tcp_info}. */
  SocketInfo info() {
    if (connection == null || connection.endpoint == null) {
      throw new Unsupported("%{ }% before a connection exists");
    }
    return connection.endpoint.socketInfo();
  }

  /**
   * An inbound segment reaches the connection; a SYN to a listening socket creates it.
   *
   * @param synScale the SYN's window scale (-1 none), or -2 for a segment without SYN
   */
  void deliver(Packet packet, int synScale) {
    TcpSegment segment = packet.tcp();
    if (connection == null
        && listener != null
        && segment.has(TcpSegment.SYN)
        && !segment.has(TcpSegment.ACK)) {
      Socket child = new Socket();
      child.sendBufferRequest = listener.sendBufferRequest;
      child.receiveBufferRequest = listener.receiveBufferRequest;
      child.congestionControl = listener.congestionControl;
      open(child);
      connection = child;
    }
    if (connection == null) {
      throw new Unsupported("an inbound segment with no socket for it (Linux would answer RST)");
    }
    if (synScale != -2) {
      peerScale = synScale;
    }
    connection.endpoint.receive(packet);
  }

  private void open(Socket socket) {
    Map<String, String> settings = new java.util.HashMap<>(sysctls);
    if (socket.congestionControl != null) {
      settings.put("net.ipv4.tcp_congestion_control", socket.congestionControl);
    }
    TcpHost context = host.tcpHost(settings);
    socket.tcp = TcpSettings.of(context);
    socket.endpoint =
        new TcpEndpoint(
            context,
            frame.get(),
            0,
            socket.tcp,
            new TcpCounters(),
            (endpoint, bytes) -> socket.readable += bytes,
            socket.receiveBufferRequest);
  }

  /** Runs one system call and checks its return value. */
  void call(SyscallLine call) {
    List<String> args = call.args();
    long result;
    String errno = null;
    switch (call.name()) {
      case "socket" -> {
        if (args.size() != 3 || !args.get(1).contains("SOCK_STREAM")) {
          throw new Unsupported("socket other than SOCK_STREAM TCP: " + args);
        }
        result = allocate(new Socket());
      }
      case "bind" -> {
        socket(call, args);
        result = 0;
      }
      case "listen" -> {
        listener = socket(call, args);
        result = 0;
      }
      case "setsockopt" -> result = setsockopt(call, args);
      case "getsockopt" -> result = getsockopt(call, args);
      case "fcntl" -> result = fcntl(call, args);
      case "accept" -> {
        socket(call, args);
        if (connection == null || connection.accepted || !established(connection)) {
          throw new Unsupported("accept before the handshake completed (a blocking accept)");
        }
        connection.accepted = true;
        result = allocate(connection);
      }
      case "connect" -> {
        Socket s = socket(call, args);
        if (!s.nonBlocking) {
          throw new Unsupported("blocking connect (the model runs no second thread)");
        }
        open(s);
        connection = s;
        s.endpoint.connect();
        result = -1;
        errno = "EINPROGRESS";
      }
      case "write", "send" -> {
        Socket s = connected(call, args);
        if (s.writeShut) {
          // After shutdown(SHUT_WR): EPIPE (and SIGPIPE, which the script's process ignores).
          result = -1;
          errno = "EPIPE";
        } else {
          result = write(call, s, args);
        }
      }
      case "read", "recv" -> {
        Socket s = connected(call, args);
        long want = number(call, arg(call, args, 2));
        long got = Math.min(want, s.readable);
        if (got == 0 && s.readShut) {
          // End of file after shutdown(SHUT_RD).
          result = 0;
        } else if (got == 0) {
          if (!s.nonBlocking) {
            throw new Unsupported("a read that blocks (the model runs no second thread)");
          }
          result = -1;
          errno = "EAGAIN";
        } else {
          s.readable -= got;
          result = got;
        }
      }
      case "close" -> {
        Socket s = socket(call, args);
        if (s.endpoint != null) {
          s.endpoint.close();
        }
        fds.values().remove(s);
        result = 0;
      }
      case "shutdown" -> {
        Socket s = connected(call, args);
        String how = arg(call, args, 1);
        if (!how.equals("SHUT_RD") && !how.equals("SHUT_WR") && !how.equals("SHUT_RDWR")) {
          throw new Unsupported("shutdown how " + how);
        }
        if (!how.equals("SHUT_WR")) {
          s.readShut = true;
        }
        if (!how.equals("SHUT_RD") && !s.writeShut) {
          // The send side closes: the FIN follows the data, as close() sends it.
          s.writeShut = true;
          s.endpoint.close();
        }
        result = 0;
      }
      default -> throw new Unsupported("system call " + call.name());
    }
    if (result != call.result() || (errno != null && !errno.equals(call.errno()))) {
      throw new ScriptRun.Mismatch(
          "expected "
              + call.name()
              + "(...) = "
              + call.result()
              + (call.errno() != null ? " " + call.errno() : "")
              + ", got "
              + result
              + (errno != null ? " " + errno : ""));
    }
  }

  private boolean established(Socket socket) {
    return socket.endpoint != null && socket.endpoint.established();
  }

  private long write(SyscallLine call, Socket s, List<String> args) {
    if (!arg(call, args, 1).equals("...")) {
      throw new Unsupported(
          call.name() + " with buffer " + args.get(1) + " (only ... is understood)");
    }
    long bytes = number(call, arg(call, args, 2));
    long room = s.tcp.sendBuffer(s.sendBufferRequest) - s.endpoint.unsentOrUnacked();
    if (bytes > room) {
      throw new Unsupported("a write that blocks on a full send buffer");
    }
    if (call.name().equals("send") && args.size() > 3 && !args.get(3).trim().equals("0")) {
      String flags = args.get(3).trim();
      if (!flags.equals("MSG_EOR")) {
        throw new Unsupported("send flags " + flags + " (only MSG_EOR is understood)");
      }
      s.endpoint.writeRecordEnd(bytes);
      return bytes;
    }
    s.endpoint.write(bytes);
    return bytes;
  }

  private long setsockopt(SyscallLine call, List<String> args) {
    Socket s = socket(call, args);
    String name = arg(call, args, 2);
    String value = arg(call, args, 3).replaceAll("[\\[\\]\"]", "").trim();
    switch (name) {
      case "SO_REUSEADDR", "TCP_NODELAY" -> {
        // Address reuse does not arise; the model has no Nagle, so TCP_NODELAY is its behaviour.
      }
      case "SO_SNDBUF" -> s.sendBufferRequest = (int) number(call, value);
      case "SO_RCVBUF" -> s.receiveBufferRequest = (int) number(call, value);
      case "TCP_CONGESTION" -> {
        // Any algorithm on the class path, bondsim's cubic and reno or a plugin's.
        var available = org.bondsim.tcp.CongestionControls.available();
        if (available.find(value).isEmpty()) {
          throw new Unsupported(
              "TCP_CONGESTION " + value + " (the model has " + available.names() + ")");
        }
        s.congestionControl = value;
      }
      default -> throw new Unsupported("setsockopt " + name);
    }
    return 0;
  }

  private long getsockopt(SyscallLine call, List<String> args) {
    Socket s = socket(call, args);
    String name = arg(call, args, 2);
    String value = arg(call, args, 3).replaceAll("[\\[\\]]", "").trim();
    TcpSettings tcp = s.tcp != null ? s.tcp : TcpSettings.of(host.tcpHost(sysctls));
    long actual =
        switch (name) {
          case "SO_SNDBUF" -> tcp.sendBuffer(s.sendBufferRequest);
          // No error is pending: the model has no RST, ICMP or timeout that would set one.
          case "SO_ERROR" -> 0L;
          case "SO_RCVBUF" ->
              s.receiveBufferRequest > 0 ? 2L * s.receiveBufferRequest : tcp.rmemDefault();
          default -> throw new Unsupported("getsockopt " + name);
        };
    long expected = number(call, value);
    if (actual != expected) {
      throw new ScriptRun.Mismatch(
          "expected getsockopt " + name + " [" + expected + "], got [" + actual + "]");
    }
    return 0;
  }

  private long fcntl(SyscallLine call, List<String> args) {
    Socket s = socket(call, args);
    if (args.size() == 3 && args.get(1).equals("F_SETFL")) {
      s.nonBlocking = args.get(2).contains("O_NONBLOCK");
      return 0;
    }
    if (args.size() == 2 && args.get(1).equals("F_GETFL")) {
      // O_RDWR (2), with O_NONBLOCK (04000) when set: a socket's file status flags.
      return 2 | (s.nonBlocking ? 04000 : 0);
    }
    throw new Unsupported("fcntl " + String.join(", ", args));
  }

  private int allocate(Socket socket) {
    int fd = 3;
    while (fds.containsKey(fd)) {
      fd++;
    }
    fds.put(fd, socket);
    return fd;
  }

  private Socket socket(SyscallLine call, List<String> args) {
    if (args.isEmpty()) {
      throw new ScriptRun.Mismatch(call.name() + " needs a file descriptor");
    }
    Socket s = fds.get((int) number(call, args.get(0)));
    if (s == null) {
      throw new ScriptRun.Mismatch(
          "expected " + call.name() + " on fd " + args.get(0) + ", which is not open (EBADF)");
    }
    return s;
  }

  private Socket connected(SyscallLine call, List<String> args) {
    Socket s = socket(call, args);
    if (s.endpoint == null) {
      throw new ScriptRun.Mismatch(
          call.name() + " on fd " + args.get(0) + ", which has no connection");
    }
    return s;
  }

  /** The call's {@code index}-th argument; a call written with fewer does not match. */
  private static String arg(SyscallLine call, List<String> args, int index) {
    if (args.size() <= index) {
      throw new ScriptRun.Mismatch(
          call.name() + " needs " + (index + 1) + " arguments, the script gives " + args.size());
    }
    return args.get(index);
  }

  private static long number(SyscallLine call, String text) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new Unsupported(call.name() + " argument " + text + " (only numbers are understood)");
    }
  }
}
