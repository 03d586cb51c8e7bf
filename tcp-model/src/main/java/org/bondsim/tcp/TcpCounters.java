package org.bondsim.tcp;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One host's TCP counters, named as {@code nstat} names them, incremented where Linux increments
 * them (see the reference brief, §4.7). Plain fields, so counting costs nothing on the hot path.
 */
public final class TcpCounters {
  long outSegs;
  long inSegs;
  long retransSegs;
  long fastRetrans;
  long slowStartRetrans;
  long lostRetransmit;
  long timeouts;
  long sackRecovery;
  long renoRecovery;
  long sackReorder;
  long tsReorder;
  long renoReorder;
  long fackReorder;
  long fullUndo;
  long partialUndo;
  long dsackUndo;
  long lossUndo;
  long spuriousRtos;
  long dsackRecv;
  long dsackOfoRecv;
  long dsackIgnoredOld;
  long dsackIgnoredNoUndo;
  long dsackIgnoredDubious;
  long dsackOldSent;
  long dsackOfoSent;
  long ofoQueue;
  long delayedAcks;
  long delayedAckLost;
  long lossProbes;
  long ackCompressed;
  long lossProbeRecovery;
  long dupAcksIn;
  long winProbes;
  long zeroWindowDrop;
  long pawsEstab;
  long ackSkippedPaws;
  long hystartTrainDetect;
  long hystartTrainCwnd;
  long hystartDelayDetect;
  long hystartDelayCwnd;

  /**
   * Returns the counters that are not zero, by their nstat names.
   *
   * @return name to value, in nstat's order
   */
  public Map<String, Long> nonZero() {
    Map<String, Long> nonZero = new LinkedHashMap<>();
    all()
        .forEach(
            (name, value) -> {
              if (value != 0) {
                nonZero.put(name, value);
              }
            });
    return nonZero;
  }

  /**
   * Returns every counter the model keeps, zeros too ({@code nstat -z}), by their nstat names.
   *
   * @return name to value, in nstat's order
   */
  public Map<String, Long> all() {
    Map<String, Long> all = new LinkedHashMap<>();
    all.put("TcpInSegs", inSegs);
    all.put("TcpOutSegs", outSegs);
    all.put("TcpRetransSegs", retransSegs);
    all.put("TcpExtTCPFastRetrans", fastRetrans);
    all.put("TcpExtTCPSlowStartRetrans", slowStartRetrans);
    all.put("TcpExtTCPLostRetransmit", lostRetransmit);
    all.put("TcpExtTCPTimeouts", timeouts);
    all.put("TcpExtTCPSackRecovery", sackRecovery);
    all.put("TcpExtTCPRenoRecovery", renoRecovery);
    all.put("TcpExtTCPSACKReorder", sackReorder);
    all.put("TcpExtTCPTSReorder", tsReorder);
    all.put("TcpExtTCPRenoReorder", renoReorder);
    all.put("TcpExtTCPFACKReorder", fackReorder);
    all.put("TcpExtTCPFullUndo", fullUndo);
    all.put("TcpExtTCPPartialUndo", partialUndo);
    all.put("TcpExtTCPDSACKUndo", dsackUndo);
    all.put("TcpExtTCPLossUndo", lossUndo);
    all.put("TcpExtTCPSpuriousRTOs", spuriousRtos);
    all.put("TcpExtTCPDSACKRecv", dsackRecv);
    all.put("TcpExtTCPDSACKOfoRecv", dsackOfoRecv);
    all.put("TcpExtTCPDSACKIgnoredOld", dsackIgnoredOld);
    all.put("TcpExtTCPDSACKIgnoredNoUndo", dsackIgnoredNoUndo);
    // Since 5.9 ("tcp: skip DSACKs with dubious sequence ranges"); 2.6.37 and 3.16 read them all.
    all.put("TcpExtTCPDSACKIgnoredDubious", dsackIgnoredDubious);
    all.put("TcpExtTCPDSACKOldSent", dsackOldSent);
    all.put("TcpExtTCPDSACKOfoSent", dsackOfoSent);
    all.put("TcpExtTCPOFOQueue", ofoQueue);
    all.put("TcpExtPAWSEstab", pawsEstab);
    // Since 4.0 (tcp_oow_rate_limited); 2.6.37 answers every PAWS failure.
    all.put("TcpExtTCPACKSkippedPAWS", ackSkippedPaws);
    all.put("TcpExtDelayedACKs", delayedAcks);
    all.put("TcpExtDelayedACKLost", delayedAckLost);
    all.put("TcpExtTCPLossProbes", lossProbes);
    all.put("TcpExtTCPAckCompressed", ackCompressed);
    all.put("TcpExtTCPLossProbeRecovery", lossProbeRecovery);
    // Since 4.x; 2.6.37 probes the same way but has no counter for it.
    all.put("TcpExtTCPWinProbe", winProbes);
    // Since 5.5; 2.6.37 drops such data without counting it.
    all.put("TcpExtTCPZeroWindowDrop", zeroWindowDrop);
    // Since 5.6 (tcp_cubic.c); 2.6.37's HyStart counts nothing.
    all.put("TcpExtTCPHystartTrainDetect", hystartTrainDetect);
    all.put("TcpExtTCPHystartTrainCwnd", hystartTrainCwnd);
    all.put("TcpExtTCPHystartDelayDetect", hystartDelayDetect);
    all.put("TcpExtTCPHystartDelayCwnd", hystartDelayCwnd);
    // Not a Linux counter (hence the prefix): duplicate ACKs received.
    all.put("BondsimDupAcksIn", dupAcksIn);
    return all;
  }
}
