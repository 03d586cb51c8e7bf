package org.bondsim.cli;

import org.bondsim.api.packet.Ipv4Address;

/**
 * How {@code bondsim netperf} prints a run, from netperf's own options.
 *
 * @param units {@code -f}
 * @param headers {@code -P 1}: the banner and the column headers
 * @param verbosity {@code -v}: 0 prints only the figure of merit
 * @param localName {@code -L}'s name, or null
 * @param localAddress the local host's address
 * @param remoteName {@code -H}'s name, or null
 * @param remoteAddress the remote host's address
 * @param localCpu {@code -c}: netperf's local CPU columns
 * @param remoteCpu {@code -C}: netperf's remote CPU columns
 * @param allStreams {@code --all-streams}: every stream's {@code ss -ti} line
 * @param selection the omni output selection after {@code --} ({@code -o}, {@code -O}, {@code -k}),
 *     or null for netperf's classic table and bondsim's sections
 */
record ReportFormat(
    ThroughputUnits units,
    boolean headers,
    int verbosity,
    String localName,
    Ipv4Address localAddress,
    String remoteName,
    Ipv4Address remoteAddress,
    boolean localCpu,
    boolean remoteCpu,
    boolean allStreams,
    OutputSelection selection) {
  /**
   * The banner's "from … to …" part as netperf prints it: the local side is 0.0.0.0 unless -L names
   * it, the remote side its name and address.
   *
   * @return such as {@code from 0.0.0.0 (0.0.0.0) port 0 AF_INET to host (10.0.0.2) port 0 AF_INET}
   */
  String endpoints() {
    String from = localName == null ? "0.0.0.0 (0.0.0.0)" : localName + " (" + localAddress + ")";
    String to =
        (remoteName == null ? remoteAddress.toString() : remoteName) + " (" + remoteAddress + ")";
    return "from " + from + " port 0 AF_INET to " + to + " port 0 AF_INET";
  }
}
