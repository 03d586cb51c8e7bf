package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * The sending host's transmit features as {@code ethtool -K} commands leave them on Linux 6.x, from
 * stock devices where bond0 and every slave have checksumming, scatter-gather, TSO and GSO on. Each
 * device keeps the features asked for ({@code wanted_features}) apart from those in force, which
 * the kernel works out again after every change ({@code __netdev_update_features}):
 *
 * <ul>
 *   <li>on every device ({@code netdev_fix_features}): TSO needs scatter-gather and transmit
 *       checksumming, GSO needs scatter-gather; a feature asked for but not possible stays wanted
 *       and comes back once what it needs does;
 *   <li>bond0 ({@code bond_fix_features}): scatter-gather only when some slave has it; TSO whatever
 *       the slaves have ({@code netdev_add_tso_features}), unless bond0 is told {@code tso off};
 *   <li>TCP builds super-packets whatever the device ({@code sk_setup_caps} gives a TCP socket
 *       {@code NETIF_F_GSO}); bond0 without TSO cuts them in software before its mode picks a slave
 *       ({@code validate_xmit_skb}); with TSO it hands each whole to the chosen slave, whose NIC
 *       cuts it (TSO on) or whose stack does (TSO off). A device's {@code gso} flag changes none of
 *       this for TCP.
 * </ul>
 *
 * Checked in the lab's real 6.1 kernel ({@code ../shared/lab}, veth slaves, Debian 12's ethtool
 * 6.1), including what ethtool prints: nothing when every setting ends as asked; otherwise {@code
 * Actual changes:} with each feature that changed ({@code [not requested]} for those the kernel
 * changed on its own) and each that did not ({@code [requested on]}), after {@code Could not change
 * any device features} and exit 1 when nothing changed. ethtool netlink sends a command's settings
 * together, so one refused setting does not stop the others. Differences: the messages name the
 * four features the model follows ({@code tx-checksum-ip-generic}, {@code tx-scatter-gather},
 * {@code tx-tcp-segmentation}, {@code tx-generic-segmentation}) where ethtool also lists their
 * companions ({@code tx-scatter-gather-fraglist}, {@code tx-tcp6-segmentation}, ...), on one line;
 * {@code ufo}, which 6.x no longer has, changes nothing.
 */
final class EthtoolFeatures6 {
  private static final int TX = 0;
  private static final int SG = 1;
  private static final int TSO = 2;
  private static final int GSO = 3;
  private static final String[] NAMES = {
    "tx-checksum-ip-generic", "tx-scatter-gather", "tx-tcp-segmentation", "tx-generic-segmentation"
  };
  // ethtool lists features in the kernel's bit order (netdev_features.h): SG, HW_CSUM, GSO, TSO.
  private static final int[] PRINT_ORDER = {SG, TX, GSO, TSO};

  /** [device][feature]: device 0 is bond0, device i + 1 the slave eth{i}. */
  private final boolean[][] wanted;

  private final boolean[][] active;

  EthtoolFeatures6(int slaves) {
    wanted = new boolean[slaves + 1][NAMES.length];
    for (boolean[] device : wanted) {
      java.util.Arrays.fill(device, true);
    }
    active = new boolean[slaves + 1][];
    update();
  }

  /**
   * Runs one command.
   *
   * @param device 0 for bond0, i + 1 for eth{i}
   * @param requested 1 on, 0 off, -1 not given, for tx, sg, tso and gso in that order
   * @param ufoOnly whether the command asked for ufo and nothing else
   * @return what ethtool prints, or null when it prints nothing
   */
  String run(int device, int[] requested, boolean ufoOnly) {
    boolean[] before = active[device].clone();
    for (int feature = 0; feature < NAMES.length; feature++) {
      if (requested[feature] >= 0) {
        wanted[device][feature] = requested[feature] == 1;
      }
    }
    update();
    List<String> changes = new ArrayList<>();
    boolean changed = false;
    boolean refused = false;
    for (int feature : PRINT_ORDER) {
      boolean now = active[device][feature];
      boolean asked = requested[feature] >= 0;
      if (now != before[feature]) {
        changed = true;
        changes.add(NAMES[feature] + ": " + onOff(now) + (asked ? "" : " [not requested]"));
      } else if (asked && now != (requested[feature] == 1)) {
        refused = true;
        changes.add(NAMES[feature] + ": " + onOff(now) + " [requested " + onOff(!now) + "]");
      }
    }
    if (!changed && (refused || ufoOnly)) {
      String actual = changes.isEmpty() ? "" : "; Actual changes: " + String.join(", ", changes);
      return "Could not change any device features" + actual + " (exit 1)";
    }
    boolean notAsAsked = refused || changes.stream().anyMatch(c -> c.endsWith("[not requested]"));
    return notAsAsked ? "Actual changes: " + String.join(", ", changes) : null;
  }

  /** Where the super-packets TCP always builds on 6.x are cut. */
  SenderOffloads offloads() {
    if (!active[0][TSO]) {
      return SenderOffloads.OFF;
    }
    boolean anyTso = false;
    boolean allTso = true;
    for (int device = 1; device < active.length; device++) {
      anyTso |= active[device][TSO];
      allTso &= active[device][TSO];
    }
    if (anyTso && !allTso) {
      return null;
    }
    return anyTso ? new SenderOffloads(true, false) : new SenderOffloads(false, true);
  }

  private void update() {
    boolean anySlaveSg = false;
    for (int device = 1; device < wanted.length; device++) {
      active[device] = fix(wanted[device].clone());
      anySlaveSg |= active[device][SG];
    }
    boolean[] bond = wanted[0].clone();
    bond[SG] &= anySlaveSg;
    active[0] = fix(bond);
  }

  private static boolean[] fix(boolean[] features) {
    features[TSO] &= features[SG] && features[TX];
    features[GSO] &= features[SG];
    return features;
  }

  private static String onOff(boolean on) {
    return on ? "on" : "off";
  }
}
