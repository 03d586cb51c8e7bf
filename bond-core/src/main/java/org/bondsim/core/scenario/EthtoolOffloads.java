package org.bondsim.core.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bondsim.api.KernelVersion;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.StrictNumbers;

/**
 * The sending host's segmentation offloads as {@code ethtool -K} commands leave them on Linux
 * 2.6.37, from its stock devices: e1000e slaves with checksum offload, scatter-gather, TSO and GSO
 * on ({@code e1000_probe}, {@code register_netdevice}), and a bond0 that has none of its own
 * ({@code bond_setup}) but takes TSO and SG from any slave that has them ({@code
 * bond_compute_features}). Read in the 2.6.37.6 tree ({@code drivers/net/bonding/bond_main.c},
 * {@code net/core/dev.c}, {@code net/core/ethtool.c}, {@code drivers/net/e1000e/}):
 *
 * <ul>
 *   <li>TCP builds super-packets when bond0 has TSO or its own GSO flag ({@code sk_setup_caps});
 *   <li>bond0 with TSO hands each whole to the slave its mode picks, whose NIC cuts it (TSO on) or
 *       whose stack does ({@code dev_gso_segment} at the slave);
 *   <li>bond0 with GSO but no TSO cuts it in software before {@code bond_start_xmit}, so the mode
 *       picks a slave per segment;
 *   <li>bond0's {@code bond_ethtool_ops} has no setters: {@code tx}, {@code sg}, {@code tso} and
 *       {@code ufo} fail with EOPNOTSUPP; {@code gso} works (it needs no driver op);
 *   <li>on e1000e {@code tx off} turns SG and TSO off too, {@code sg off} TSO, {@code tso} both TSO
 *       and TSO6; {@code sg on} without checksumming and {@code tso on} without SG fail with
 *       EINVAL; e1000e has no {@code ufo} setter (EOPNOTSUPP); a slave's {@code gso} changes
 *       nothing on transmit.
 * </ul>
 *
 * ethtool of that era applies one command's settings in its own order (rx, tx, sg, tso, ufo, gso)
 * and stops at the first the kernel refuses, printing {@code perror}'s line and exiting 84 to 90
 * ({@code do_soffload} in ethtool's {@code ethtool.c}, read in an ethtool 6 copy): so {@code
 * ethtool -K bond0 tso off gso off} fails on tso and never reaches gso. A refused command is a
 * warning, as in a shell script that goes on; the run uses what the commands did.
 *
 * <p>On 3.16 and 6.x the commands act on those kernels' devices instead ({@link NetdevFeatures}):
 * bond0 has TSO whatever its slaves have, and each command applies every setting it can; on 6.x TCP
 * builds super-packets whatever the devices.
 *
 * <p>Differences: every slave must end with the same TSO setting (the model cuts alike on all
 * slaves); sockets keep the capabilities of the device when they were set up, and the model applies
 * every command before the test's connections open; e1000e's watchdog turning TSO off at 10/100
 * Mbit/s is not modelled.
 */
public final class EthtoolOffloads {
  /** What the commands left, and what ethtool printed on the way. */
  public record Result(SenderOffloads offloads, List<String> warnings) {}

  // ethtool's do_soffload order, with its perror text and exit code for each setting.
  private static final List<String> ORDER = List.of("rx", "tx", "sg", "tso", "ufo", "gso");
  private static final List<String> WHAT =
      List.of(
          "rx csum",
          "tx csum",
          "scatter-gather",
          "tcp segmentation offload",
          "udp large send offload",
          "generic segmentation offload");

  private final int slaves;
  private final boolean[] tx;
  private final boolean[] sg;
  private final boolean[] tso;
  private boolean bondGso;
  private final List<String> warnings = new ArrayList<>();

  private EthtoolOffloads(int slaves) {
    this.slaves = slaves;
    this.tx = new boolean[slaves];
    this.sg = new boolean[slaves];
    this.tso = new boolean[slaves];
    java.util.Arrays.fill(tx, true);
    java.util.Arrays.fill(sg, true);
    java.util.Arrays.fill(tso, true);
  }

  /**
   * Applies {@code ethtool -K} commands, in order, to the stock devices of the host's kernel.
   *
   * @param kernel the host's kernel
   * @param slaves how many slaves bond0 has (eth0, eth1, ...)
   * @param commands each as typed, {@code ethtool -K DEV FEATURE on|off ...} (the leading {@code
   *     ethtool} may be left out)
   * @return the offloads and ethtool's complaints
   * @throws OptionException naming {@code --ethtool} for a line ethtool would not parse, a device
   *     the host does not have
   */
  public static Result apply(KernelVersion kernel, int slaves, List<String> commands) {
    if (kernel != KernelVersion.LINUX_2_6_37) {
      return applyFeatures(slaves, commands, kernel != KernelVersion.LINUX_3_16);
    }
    EthtoolOffloads host = new EthtoolOffloads(slaves);
    for (String command : commands) {
      host.run(command);
    }
    return new Result(host.offloads(), List.copyOf(host.warnings));
  }

  private static Result applyFeatures(int slaves, List<String> commands, boolean sixX) {
    NetdevFeatures host = new NetdevFeatures(slaves, sixX);
    List<String> printed = new ArrayList<>();
    for (String command : commands) {
      Request request = Request.parse(command, slaves);
      // In ORDER's order: rx 0, tx 1, sg 2, tso 3, ufo 4, gso 5.
      int[] wanted = request.wanted();
      if (wanted[0] >= 0) {
        throw rxNotModelled();
      }
      boolean ufoOnly =
          wanted[4] >= 0 && wanted[1] < 0 && wanted[2] < 0 && wanted[3] < 0 && wanted[5] < 0;
      String said =
          host.run(
              request.slave() + 1, new int[] {wanted[1], wanted[2], wanted[3], wanted[5]}, ufoOnly);
      if (said != null) {
        printed.add("ethtool -K " + request.device() + ": " + said);
      }
    }
    SenderOffloads offloads = host.offloads();
    if (offloads == null) {
      throw slavesDiffer();
    }
    return new Result(offloads, List.copyOf(printed));
  }

  /**
   * One command, read: its device (the slave's index, or -1 for bond0) and each setting in {@link
   * #ORDER}'s order (1 on, 0 off, -1 not given).
   */
  private record Request(String device, int slave, int[] wanted) {
    static Request parse(String command, int slaves) {
      List<String> words = new ArrayList<>(List.of(command.trim().split("\\s+")));
      if (!words.isEmpty() && words.get(0).equals("ethtool")) {
        words.remove(0);
      }
      if (words.size() < 4
          || !(words.get(0).equals("-K") || words.get(0).equals("--offload"))
          || words.size() % 2 != 0) {
        throw bad(command, "ethtool -K DEV FEATURE on|off [FEATURE on|off ...]");
      }
      String device = words.get(1);
      int slave = slaveIndex(device, command, slaves);
      int[] wanted = new int[ORDER.size()];
      java.util.Arrays.fill(wanted, -1);
      for (int i = 2; i < words.size(); i += 2) {
        int feature = ORDER.indexOf(words.get(i));
        String value = words.get(i + 1);
        if (feature < 0 || !(value.equals("on") || value.equals("off"))) {
          throw bad(command, "features rx, tx, sg, tso, ufo, gso, each on or off");
        }
        wanted[feature] = value.equals("on") ? 1 : 0;
      }
      return new Request(device, slave, wanted);
    }
  }

  private void run(String command) {
    Request request = Request.parse(command, slaves);
    String device = request.device();
    int slave = request.slave();
    int[] wanted = request.wanted();
    for (int feature = 0; feature < ORDER.size(); feature++) {
      if (wanted[feature] < 0) {
        continue;
      }
      String error =
          slave < 0
              ? onBond(feature, wanted[feature] == 1)
              : onSlave(slave, feature, wanted[feature] == 1);
      if (error != null) {
        warnings.add(
            String.format(
                Locale.ROOT,
                "ethtool -K %s: Cannot set device %s settings: %s (exit %d; the settings after it"
                    + " were not applied)",
                device,
                WHAT.get(feature),
                error,
                84 + feature + (feature >= 3 ? 1 : 0)));
        return;
      }
    }
  }

  /** bond_ethtool_ops: getters only; GSO needs no driver op. */
  private String onBond(int feature, boolean on) {
    return switch (ORDER.get(feature)) {
      case "gso" -> {
        bondGso = on;
        yield null;
      }
      case "rx" -> throw rxNotModelled();
      default -> "Operation not supported";
    };
  }

  /** e1000e's setters ({@code e1000_set_tso}, {@code ethtool_op_set_sg}, {@code set_tx_csum}). */
  private String onSlave(int slave, int feature, boolean on) {
    switch (ORDER.get(feature)) {
      case "rx" -> throw rxNotModelled();
      case "gso" -> {
        // Accepted; a slave's GSO flag changes nothing on transmit (netif_needs_gso ignores it).
      }
      case "tx" -> {
        tx[slave] = on;
        if (!on) {
          sg[slave] = false;
          tso[slave] = false;
        }
      }
      case "sg" -> {
        if (on && !tx[slave]) {
          return "Invalid argument";
        }
        sg[slave] = on;
        if (!on) {
          tso[slave] = false;
        }
      }
      case "tso" -> {
        if (on && !sg[slave]) {
          return "Invalid argument";
        }
        tso[slave] = on;
      }
      default -> {
        return "Operation not supported";
      }
    }
    return null;
  }

  private static OptionException rxNotModelled() {
    return new OptionException(
        "--ethtool",
        "rx",
        "--ethtool: receive checksumming (rx) is not modelled; allowed: tx, sg, tso, ufo, gso");
  }

  private static int slaveIndex(String device, String command, int slaves) {
    if (device.equals("bond0")) {
      return -1;
    }
    if (device.matches("eth\\d{1,2}")) {
      int index = Integer.parseInt(device.substring(3));
      if (index < slaves) {
        return index;
      }
    }
    throw new OptionException(
        "--ethtool",
        command,
        "--ethtool: no device '"
            + StrictNumbers.echo(device)
            + "' on the sending host; it has bond0 and eth0 to eth"
            + (slaves - 1));
  }

  /** bond_compute_features and sk_setup_caps: where the host's super-packets are cut. */
  private SenderOffloads offloads() {
    boolean anyTso = false;
    boolean allTso = true;
    for (int i = 0; i < slaves; i++) {
      anyTso |= tso[i];
      allTso &= tso[i];
    }
    if (anyTso && !allTso) {
      throw slavesDiffer();
    }
    if (anyTso) {
      return new SenderOffloads(true, false);
    }
    return bondGso ? new SenderOffloads(false, true, true) : SenderOffloads.OFF;
  }

  private static OptionException slavesDiffer() {
    return new OptionException(
        "--ethtool",
        "tso",
        "--ethtool: some slaves end with tso on and some with it off; the model cuts"
            + " super-packets alike on every slave, so give every slave the same tso");
  }

  private static OptionException bad(String command, String allowed) {
    return OptionException.mustBe("--ethtool", allowed, "'" + command.trim() + "'");
  }
}
