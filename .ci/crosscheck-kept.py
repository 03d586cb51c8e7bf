#!/usr/bin/env python3
"""The bondsim side of the kept crosscheck runs (docs/crosscheck/2026-12-04, 2026-12-05, 2026-12-06,
2026-12-07, 2026-12-07-unseen and 2026-12-07-netem, whose READMEs list the commands) still comes out
of today's bondsim exactly: each command again with --runs 0 (no real kernel), every figure's
bondsim values compared with the file's. The Linux side is kept as measured. A command kept in two
folders (2026-12-07 ran the scenarios of 2026-12-04 and 2026-12-05 again on the real kernel) runs
once. Those runs were made while every kernel profile ran its jiffies timers on the cascading
wheel, the receiver offered its buffer's whole window at once and the RTO, loss probe and RACK's
reorder timeout ran apart, so they run again with
--sysctl bondsim.timer_wheel=cascading --sysctl bondsim.rcv_ssthresh=off --sysctl bondsim.xmit_timer=separate (MADE_WITH); the same
commands with today's defaults (6.1's non-cascading wheel and rcv_ssthresh since 2026-12-07) must give
docs/crosscheck/today/bondsim.json, which --write-today writes after a change to the model that is
meant. Run from the repository's root: .ci/crosscheck-kept.py [--write-today]"""
import json
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

BASE = '-t TCP_STREAM -l 10 --bond "mode balance-rr"'
SKEW = BASE + ' --slaves 3x20 --delay-us 1000,2000,3000'
EQUAL = BASE + ' --slaves 3x20 --delay-us 2000,2000,2000'
RUNS = {
    "single": BASE + " --slaves 1x20 --delay-us 2000",
    "eq-r3": EQUAL,
    "eq-r300": EQUAL + " --sysctl net.ipv4.tcp_reordering=300",
    "skew-r3": SKEW,
    "skew-r300": SKEW + " --sysctl net.ipv4.tcp_reordering=300",
    "skew-r3-nots": SKEW + " --sysctl net.ipv4.tcp_timestamps=0",
    "two-30": BASE + " --slaves 2x30 --delay-us 1000,4000",
    "four-15": BASE + " --slaves 4x15 --delay-us 500,1000,1500,2000",
    "ab-fail": '-t TCP_STREAM -l 10 --bond "mode active-backup miimon 100" --slaves 2x20'
    + " --delay-us 2000,2000 --fail eth0@4s",
    "xor-4": '-t TCP_STREAM -l 10 --bond "mode balance-xor xmit_hash_policy layer3+4"'
    + " --slaves 3x20 --delay-us 2000,2000,2000 --streams 4",
}
# Scenarios that played no part in building the model of the lab (docs/crosscheck.md).
UNSEEN = {
    "skew-half": BASE + " --slaves 3x20 --delay-us 500,1500,2500",
    "two-25": BASE + " --slaves 2x25 --delay-us 2000,3000",
    "five-12": BASE + " --slaves 5x12 --delay-us 1000,1500,2000,2500,3000",
    "skew-pps4": '-t TCP_STREAM -l 10 --bond "mode balance-rr packets_per_slave 4"'
    + " --slaves 3x20 --delay-us 1000,2000,3000",
    "skew-nosack": SKEW + " --sysctl net.ipv4.tcp_sack=0",
}
# RACK's window held still (tcp_recovery 3): what widens it or not (docs/crosscheck.md).
STATIC = {
    "eq-r3-rack-static": EQUAL + " --sysctl net.ipv4.tcp_recovery=3",
    "four-15-rack-static": BASE + " --slaves 4x15 --delay-us 500,1000,1500,2000"
    + " --sysctl net.ipv4.tcp_recovery=3",
}
# Both sides captured (--pcap-dir; one boot, bondsim's seed 1), for the RACK replay of the
# same folder's README.
STATIC["four-15-captured"] = BASE + " --slaves 4x15 --delay-us 500,1000,1500,2000"
SEEDS = {"four-15-captured": "1"}
# The visible, unseen and window-held-still scenarios again, five more boots each on another day
# (docs/crosscheck.md, "A second day of the lab").
SECOND_DAY = dict(RUNS)
SECOND_DAY.update(UNSEEN)
SECOND_DAY.update({name: STATIC[name] for name in ["eq-r3-rack-static", "four-15-rack-static"]})
# Six more scenarios unused in building the model, run once the lab waited for LACP to settle,
# timed its link events from the connect, sized tbf's burst to the MTU and named a primary slave
# as its bonds do (docs/crosscheck.md, "Six more unseen scenarios").
MORE_UNSEEN = {
    "broadcast-2": '-t TCP_STREAM -l 10 --bond "mode broadcast" --slaves 2x20 --delay-us 1000,2000',
    "lacp-4": '-t TCP_STREAM -l 10 --bond "mode 802.3ad xmit_hash_policy layer3+4 lacp_rate fast"'
    + " --slaves 3x20 --delay-us 1000,2000,3000 --streams 4",
    "ab-failback": '-t TCP_STREAM -l 10 --bond "mode active-backup miimon 100" --slaves 2x20'
    + " --delay-us 2000,3000 --fail eth0@3s --recover eth0@6s",
    "rr-unequal": BASE + " --slaves 20,20,10 --delay-us 1000,2000,3000",
    "jumbo-9000": SKEW + " --mtu 9000",
    "primary-failback": '-t TCP_STREAM -l 10 --bond "mode active-backup miimon 100 primary eth0"'
    + " --slaves 2x20 --delay-us 2000,3000 --fail eth0@3s --recover eth0@6s",
}
# The first failover again, its fault now on time.
MORE_UNSEEN["ab-fail-timed"] = RUNS["ab-fail"]
# Links with netem's loss, duplication and jitter (docs/crosscheck.md, "Loss, duplication and
# jitter").
NETEM = {
    "loss-1": BASE + ' --slaves 1x20 --delay-us 10000 --netem "loss 1%"',
    "rr-loss": SKEW + ' --netem "loss 0.5%"',
    "jitter-dup": BASE + ' --slaves 1x20 --delay-us 2000 --netem "delay 500us 400us duplicate 1%"',
    "loss-5": BASE + ' --slaves 1x20 --delay-us 2000 --netem "loss 5%"',
    "nosack-loss": BASE + ' --slaves 1x20 --delay-us 2000 --netem "loss 1%"'
    + " --sysctl net.ipv4.tcp_sack=0",
}
FOLDERS = {"2026-12-04": RUNS, "2026-12-05": UNSEEN, "2026-12-06": STATIC,
           "2026-12-07": SECOND_DAY, "2026-12-07-unseen": MORE_UNSEEN,
           "2026-12-07-netem": NETEM}
KEPT = [(f, n, a) for f, runs in FOLDERS.items() for n, a in runs.items()]


def agrees(name, b, l):
    """crosscheck's rule (Comparison.Row.agrees): bondsim's median within the real kernel's range
    widened by 30 %, throughput within 2 % of its median, counts of 0 to 3 on both sides agreeing."""
    if not b or not l:
        return False
    m = statistics.median(b)
    if name == "Mbit/s":
        return abs(m - statistics.median(l)) <= 0.02 * statistics.median(l)
    if name.startswith("Tcp") and m <= 3 and max(l) <= 3:
        return True
    return min(l) * 0.7 <= m <= max(l) * 1.3


def command(name, args, extra=""):
    """The kept scenario's bondsim side, with EXTRA netperf words before its test options."""
    seeds = SEEDS.get(name, "1-5")
    return f"./bondsim crosscheck --runs 0 --seeds {seeds} --json netperf {args}{extra} -- -m 65536"


def output(line):
    return subprocess.run(["bash", "-c", line], capture_output=True, text=True, check=True).stdout


# The kept runs were made on the cascading timer wheel, every profile's rule until 2026-12-07, and
# with the receiver offering its buffer's whole window at once (no rcv_ssthresh) until later that day,
# and with three timers apart where Linux has one (bondsim.xmit_timer) until 2026-12-08.
MADE_WITH = " --sysctl bondsim.timer_wheel=cascading --sysctl bondsim.rcv_ssthresh=off --sysctl bondsim.xmit_timer=separate"
TODAY = "docs/crosscheck/today/bondsim.json"


def bondsim_sides(extra=MADE_WITH):
    """Each kept scenario's figures from today's bondsim, by (folder, name)."""
    # Each command runs its seeds on one thread: two commands at a time use both cores.
    lines = list(dict.fromkeys(command(n, a, extra) for _, n, a in KEPT))
    with ThreadPoolExecutor(max_workers=2) as pool:
        outputs = dict(zip(lines, pool.map(output, lines)))
    return {(f, n): json.loads(outputs[command(n, a, extra)])["figures"] for f, n, a in KEPT}


def today_sides():
    """Each kept scenario's bondsim figures with today's defaults, by name (a name is one command)."""
    sides = bondsim_sides("")
    return {n: {f["name"]: f["bondsim"] for f in sides[(folder, n)]} for folder, n, _ in KEPT}


def main():
    if sys.argv[1:] == ["--write-today"]:
        today = today_sides()
        record = {"made_by": ".ci/crosscheck-kept.py --write-today", "scenarios": today}
        with open(TODAY, "w") as out:
            json.dump(record, out, indent=1, sort_keys=True)
            out.write("\n")
        print(f"wrote {TODAY}: {len(today)} scenarios")
        return
    problems = []
    sides = bondsim_sides()
    for folder, name, _ in KEPT:
        kept = json.load(open(f"docs/crosscheck/{folder}/{name}.json"))
        today = {f["name"]: f["bondsim"] for f in sides[(folder, name)]}
        for figure in kept["figures"]:
            if today.get(figure["name"]) != figure["bondsim"]:
                problems.append(f"{name}: {figure['name']} kept {figure['bondsim']}, "
                                f"today {today.get(figure['name'])}")
    recorded = json.load(open(TODAY))["scenarios"]
    for name, figures in today_sides().items():
        if recorded.get(name) != figures:
            changed = [k for k in figures if recorded.get(name, {}).get(k) != figures[k]]
            problems.append(f"{name} with today's defaults: {', '.join(changed)} differ from {TODAY}")
    if problems:
        sys.exit("the kept crosscheck runs' bondsim side no longer reproduces:\n  "
                 + "\n  ".join(problems))
    total = sum(len(runs) for runs in FOLDERS.values())
    commands = len({command(n, a) for _, n, a in KEPT})
    print(f"the bondsim side of {total} kept crosscheck runs ({commands} commands) reproduces exactly,"
          f" and today's defaults give {TODAY}")


if __name__ == "__main__":
    main()
