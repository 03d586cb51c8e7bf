package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * The sending host's transmit features as {@code ethtool -K} commands leave them on Linux 3.16 and
 * 6.x (netdev features with {@code hw_features} and {@code wanted_features}, since 2.6.39), from
 * stock devices where bond0 and every slave have checksumming, scatter-gather, TSO and GSO on. Each
 * device keeps the features asked for ({@code wanted_features}) apart from those in force, which
 * the kernel works out again after every change ({@code __netdev_update_features}):
 *
 * <ul>
 *   <li>on every device ({@code netdev_fix_features}): TSO needs scatter-gather and transmit
 *       checksumming, GSO needs scatter-gather; a feature asked for but not possible stays wanted
 *       and comes back once what it needs does;
 *   <li>bond0 ({@code bond_fix_features}): scatter-gather only when some slave has it; TSO whatever
 *       the slaves have ({@code netdev_add_tso_features}, in 3.14 already), unless bond0 is told
 *       {@code tso off};
 *   <li>where TCP's super-packets are cut: bond0 with TSO hands each whole to the chosen slave,
 *       whose NIC cuts it (TSO on) or whose stack does (TSO off); bond0 without TSO cuts them in
 *       software before its mode picks a slave ({@code dev_hard_start_xmit}, {@code
 *       validate_xmit_skb}), whatever its {@code gso} flag says;
 *   <li>whether TCP builds them: on 6.x always ({@code sk_setup_caps} gives a TCP socket {@code
 *       NETIF_F_GSO}, since 4.17's "tcp: switch to GSO being always on"); on 3.16 only when bond0
 *       has TSO or its {@code gso} flag, so {@code -K bond0 tso off gso off} leaves every segment a
 *       frame of its own from TCP on.
 * </ul>
 *
 * What ethtool prints: nothing when every setting ends as asked; otherwise {@code Actual changes:}
 * with each feature that changed, or {@code Could not change any device features} and exit 1 when
 * nothing did. 6.x's ethtool (netlink, checked in the lab's real 6.1 with Debian 12's ethtool 6.1)
 * names the features ({@code tx-tcp-segmentation}, ...), marks those the kernel changed on its own
 * {@code [not requested]} and lists a refused one as {@code [requested on]}; the ethtool of 3.16's
 * time (ioctl, {@code do_sfeatures}, read in ethtool 3.14) lists only the features that changed, by
 * their flag names ({@code tcp-segmentation-offload}, ...), with {@code [requested on]} where the
 * kernel holds one off that was asked for. A command's settings go together, so one refused setting
 * does not stop the others. Differences: the messages name the four features the model follows
 * where ethtool also lists their companions ({@code tx-scatter-gather-fraglist}, {@code
 * tx-tcp6-segmentation}, ...), on one line; {@code ufo} changes nothing (6.x has no UFO; 3.16's
 * NICs here offer none).
 */
final class NetdevFeatures {
  private static final int TX = 0;
  private static final int SG = 1;
  private static final int TSO = 2;
  private static final int GSO = 3;
  // 6.x's ethtool names features as the kernel does and lists them in its bit order
  // (netdev_features.h: SG, HW_CSUM, GSO, TSO); 3.16's by its flags, in off_flag_def's order.
  private static final String[] NETLINK_NAMES = {
    "tx-checksum-ip-generic", "tx-scatter-gather", "tx-tcp-segmentation", "tx-generic-segmentation"
  };
  private static final int[] NETLINK_ORDER = {SG, TX, GSO, TSO};
  private static final String[] IOCTL_NAMES = {
    "tx-checksumming", "scatter-gather", "tcp-segmentation-offload", "generic-segmentation-offload"
  };
  private static final int[] IOCTL_ORDER = {TX, SG, TSO, GSO};

  /**
   * 6.x rather than 3.16: TCP builds super-packets whatever the devices (3.16: only as bond0
   * allows), and ethtool speaks netlink (3.16's: ioctl).
   */
  private final boolean sixX;

  /** [device][feature]: device 0 is bond0, device i + 1 the slave eth{i}. */
  private final boolean[][] wanted;

  private final boolean[][] active;

  /**
   * Stock devices.
   *
   * @param slaves how many slaves bond0 has
   * @param sixX true for 6.x, false for 3.16
   */
  NetdevFeatures(int slaves, boolean sixX) {
    this.sixX = sixX;
    wanted = new boolean[slaves + 1][NETLINK_NAMES.length];
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
    for (int feature = 0; feature < NETLINK_NAMES.length; feature++) {
      if (requested[feature] >= 0) {
        wanted[device][feature] = requested[feature] == 1;
      }
    }
    update();
    List<String> changes = new ArrayList<>();
    boolean changed = false;
    // A named feature left as it was, or a feature the command did not name that changed.
    boolean notAsAsked = false;
    for (int feature : sixX ? NETLINK_ORDER : IOCTL_ORDER) {
      boolean now = active[device][feature];
      boolean asked = requested[feature] >= 0;
      // What the device was asked for and does not have (for a named feature: the command's).
      boolean held = wanted[device][feature] != now;
      String line = (sixX ? NETLINK_NAMES : IOCTL_NAMES)[feature] + ": " + onOff(now);
      String wish = " [requested " + onOff(!now) + "]";
      if (now != before[feature]) {
        changed = true;
        notAsAsked |= !asked;
        changes.add(line + (sixX ? (asked ? "" : " [not requested]") : (held ? wish : "")));
      } else if (asked && held) {
        notAsAsked = true;
        if (sixX) {
          changes.add(line + wish);
        }
      }
    }
    if (!changed && (notAsAsked || ufoOnly)) {
      String actual = changes.isEmpty() ? "" : "; Actual changes: " + String.join(", ", changes);
      return "Could not change any device features" + actual + " (exit 1)";
    }
    return notAsAsked ? "Actual changes: " + String.join(", ", changes) : null;
  }

  /**
   * Where TCP's super-packets are cut, or {@link SenderOffloads#OFF} for none (6.x: bond0 cuts
   * those TCP always builds; 3.16: TCP builds none); null when the slaves end with different TSO.
   */
  SenderOffloads offloads() {
    if (!active[0][TSO]) {
      return !sixX && active[0][GSO] ? new SenderOffloads(false, true, true) : SenderOffloads.OFF;
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
