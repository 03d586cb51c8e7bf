package org.bondsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UsageErrorTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--bond|mode balance-rr packets_per_slave -1|packets_per_slave must be 0..65535, got -1",
        "--bond|mode nosuch|mode must be one of balance-rr (0), active-backup (1), balance-xor (2),"
            + " broadcast (3), 802.3ad (4)",
        "--bond|mode active-backup packets_per_slave 2|option packets_per_slave: mode dependency"
            + " failed, not supported in mode active-backup(1); it applies to: balance-rr",
        "--bond|mode balance-rr lacp_rate fast|option lacp_rate: mode dependency failed, not"
            + " supported in mode balance-rr(0); it applies to: 802.3ad",
        "--bond|mode 802.3ad lacp_rate medium|lacp_rate must be one of slow (0), fast (1), got"
            + " 'medium'",
        "--bond|mode 802.3ad ad_user_port_key 1024|ad_user_port_key must be 0..1023, got 1024",
        "--bond|mode 802.3ad ad_actor_system 01:00:5e:00:00:01|ad_actor_system must be a"
            + " unicast MAC address, got '01:00:5e:00:00:01'",
        "--blackhole|eth0@1s:up|--blackhole direction must be tx or rx (none: both), got 'up'",
        "--port-channel|mode fast|--port-channel mode must be one of on, active, passive, got"
            + " 'fast'",
        "--bond|mode balance-tlb tlb_dynamic_lb 2|tlb_dynamic_lb must be 0..1, got 2",
        "--slaves|3y1000|--slaves must be COUNTxSPEED",
        "--slaves|0x1000|--slaves count must be 1..64, got 0",
        "--fail|eth0|--fail must be SLAVE@TIME like eth0@2s, got 'eth0'",
        "--fail|eth7@0.001s|--fail eth7@0.001s names slave 'eth7'; allowed: eth0, eth1",
        "-t|TCP_CRR|got 'TCP_CRR'",
        "-l|-3|-l -3 asks netperf for a byte or transaction count, which bondsim does not model",
        "-l|0|-l must be a length in seconds, more than 0 and at most 86400, got '0'",
        "-l|1e9|-l must be a length in seconds, more than 0 and at most 86400, got '1e9'",
        "--mtu|20|--mtu must be 68..65535, got '20'",
        "--netem|loss 150%|netem loss must be 0%..100%, got '150%'",
        "--netem|delay fast|--netem delay must be a time from 0 to 10s like 100us or 2ms (a bare number is"
            + " microseconds, as tc reads it), got 'fast'",
        "--netem|corrupt 1%|netem takes delay, loss and duplicate, got 'corrupt'",
        "--receiver|gro maybe|--receiver gro must be on or off, got 'maybe'",
        "--receiver|tso on|--receiver takes gro, offload, rx-usecs, rx-frames, adaptive-rx, driver",
        "--receiver|lro on|--receiver lro on: bonding turns LRO off on every slave it enslaves",
        "--receiver|rx-usecs 0 rx-frames 0|rx-usecs and rx-frames cannot both be 0",
        "--receiver|irq-cpus 0,one|--receiver irq-cpus must be CPU numbers separated by commas",
        "--cpus|0|--cpus must be 1..64 CPUs, got '0'",
        "--receiver|gro-flush-timeout -1|--receiver gro-flush-timeout must be a whole number, got '-1'",
        "--cost-profile|xeon|--cost-profile must be one of generic-2010, none, reference-2.6.37,"
            + " got 'xeon'",
        "--cpu-costs|frame -1|--cpu-costs frame must be a number of ns from 0 to 1000000000, got '-1'",
        "--cpu-costs|cache 5|--cpu-costs word must be one of frame, up, byte, ack, sack, tx, copy, gso, irq, poll, sacktag, tcp, wakeup, got 'cache'",
        "-T|1|-T binds netperf and netserver to CPUs, but this run models no CPU time",
        "-T|x|-T must be 0..1023, got 'x'",
        "-T|,|-T takes lcpu,rcpu (one number binds both; either may be left out), got ','",
        "--module-param|nosuch=1|unknown module parameter 'nosuch'",
        "--topology|ring|--topology must be one of auto, back-to-back, switch, got 'ring'",
        "--port-channel|mode on lacp-rate fast|--port-channel lacp-rate needs an LACP mode",
        "--switch-buffer|0|--switch-buffer must be 1..1000000 frames, got '0'",
        "--clients|2|--clients 2 needs a switch between the hosts; balance-rr is cabled back to"
            + " back, which joins one peer only; allowed for balance-rr: 1 client",
        "--clients|0|--clients must be 1..250 hosts, got '0'",
        "--sysctl|net.ipv4.nosuch=1|--sysctl net.ipv4.nosuch is not a setting any test reads;"
            + " TCP_STREAM does not take it",
      })
  void badValuesExitTwoWithOneLineNamingTheField(String option, String value, String message) {
    CliRunner result =
        option.equals("-l")
            ? CliRunner.run("netperf", option, value)
            : CliRunner.run("netperf", "-l", "0.01", option, value);
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(result.err().lines().count()).isEqualTo(1);
    assertThat(result.out()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({"--no-such-option", "-Z"})
  void unknownOptionsExitTwo(String option) {
    CliRunner result = CliRunner.run("netperf", option);
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(option).doesNotContain("Exception");
    assertThat(result.err().lines().count()).isEqualTo(1);
  }

  @ParameterizedTest
  @CsvSource({"-m,0", "-m,70000", "-x,1", "-m,big", "-r,1"})
  void badTestSpecificOptionsExitTwo(String option, String value) {
    CliRunner result =
        CliRunner.run("netperf", "-t", "UDP_STREAM", "-l", "0.01", "--", option, value);
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).doesNotContain("Exception").contains(option);
  }

  @org.junit.jupiter.api.Test
  void unknownExperimentExitsTwoAndNamesTheKnownOnes() {
    CliRunner result = CliRunner.run("reproduce", "nosuch");
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .contains("EXPERIMENT must be one of: gro-reordering, tlb-dynamic-lb; got 'nosuch'")
        .doesNotContain("Exception");
    assertThat(result.out()).isEmpty();
  }

  /** Options of balance-tlb at the wrong level or out of range, and a topology it cannot use. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--module-param|tlb_dynamic_lb=0|tlb_dynamic_lb is not a bonding module parameter in Linux"
            + " (modprobe ignores it); it is set per bond",
        "--module-param|lp_interval=0|lp_interval must be 1..2147483647, got 0",
        "--topology|back-to-back|--topology back-to-back cannot carry balance-tlb",
      })
  void balanceTlbUsageErrorsExitTwo(String option, String value, String message) {
    CliRunner result =
        CliRunner.run("netperf", "-l", "0.01", "--bond", "mode balance-tlb", option, value);
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message).doesNotContain("Exception");
    assertThat(result.err().lines().count()).isEqualTo(1);
  }

  /** Cases that used to be unclear, each with the line it now prints ('~': a space). */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--delay-us 20,,20 --slaves 3x1000|--delay-us element 2 is empty in '20,,20'",
        "--streams 16385|--streams must be 1..16384 (each stream has its own local port), got"
            + " '16385'",
        "--module-param miimon|--module-param must be NAME=VALUE like miimon=100, got 'miimon'",
        "--module-param nosuch=1|allowed: ad_select, arp_all_targets, arp_interval, arp_ip_target, arp_validate,"
            + " downdelay, lacp_rate, lp_interval, miimon,"
            + " min_links, mode, packets_per_slave, primary, primary_reselect, updelay,"
            + " xmit_hash_formula, xmit_hash_policy",
        "--sender tso~maybe|--sender tso must be on or off, got 'maybe'",
        "--module-param miimon=1 --module-param miimon=2|--module-param miimon is given twice (1"
            + " and 2)",
        "--fail eth0@5s|--fail eth0@5s falls after the end of the test (-l 0.01s)",
        "--fail eth0@0.008s --recover eth0@0.004s|--recover eth0@0.004s comes before any --fail"
            + " of eth0",
        "--receiver irq-cpus~0,0,0|--receiver irq-cpus names 3 CPUs for 2 slaves",
        "--kernel 6.x -t UDP_STREAM|--kernel applies to TCP_RR, TCP_STREAM; UDP_STREAM does not"
            + " take it (it takes --rate-mbps, --send-cost-ns)",
        "-t TCP_RR -- -r 1,1,1|TCP_RR test option -r takes one value or a pair like 1,1024, got"
            + " '1,1,1'",
        "--bond mode~balance-rr~mode~active-backup|bond option mode is given twice",
        "--host-profile default --cpus 2 -T ,2|-T names CPU 2 but each host has 2 CPUs (0..1)",
      })
  void theUnclearCasesSayWhatIsAllowed(String args, String message) {
    java.util.List<String> words = new java.util.ArrayList<>(java.util.List.of("netperf"));
    words.addAll(java.util.List.of("-l", "0.01"));
    for (String word : args.split(" ")) {
      words.add(word.replace('~', ' ')); // '~' stands for a space inside one argument
    }
    CliRunner result = CliRunner.run(words.toArray(String[]::new));
    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains(message).doesNotContain("Exception");
    assertThat(result.err().lines().count()).isEqualTo(1);
  }

  @org.junit.jupiter.api.Test
  void xmitHashRefusesSpreadWithInputAndAcceptsABomAndCrlf() throws Exception {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("frames", ".csv");
    try {
      java.nio.file.Files.writeString(
          file,
          "\uFEFFpolicy,src_mac,dst_mac,vlan,ethertype,src_ip,dst_ip,ip_proto,src_port,dst_port,"
              + "icmp_id,frag\r\nlayer3+4,00:11:22:33:44:55,66:77:88:99:aa:bb,,,10.0.0.1,10.0.0.2,"
              + "6,40000,80,,\r\n");
      CliRunner ok = CliRunner.run("xmit-hash", "--input", file.toString(), "--slaves", "3");
      assertThat(ok.exitCode()).as(ok.err()).isZero();
      assertThat(ok.out()).contains(",698976711,0");
      CliRunner both =
          CliRunner.run("xmit-hash", "--input", file.toString(), "--spread", "--slaves", "3");
      assertThat(both.exitCode()).isEqualTo(2);
      assertThat(both.err()).contains("--spread and --input do not go together");
      java.nio.file.Files.writeString(file, "policy,src_mac\n\"open quote\n");
      CliRunner broken = CliRunner.run("xmit-hash", "--input", file.toString(), "--slaves", "3");
      assertThat(broken.exitCode()).isEqualTo(2);
      assertThat(broken.err()).doesNotContain("java.").doesNotContain("Exception");
    } finally {
      java.nio.file.Files.delete(file);
    }
  }

  @org.junit.jupiter.api.Test
  void longValuesAreShortenedWhenEchoed() {
    String huge = "x".repeat(5000);
    CliRunner result = CliRunner.run("netperf", "-l", "0.01", "--topology", huge);
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err().length()).isLessThan(200);
    assertThat(result.err()).contains("xxxx…");
  }
}
