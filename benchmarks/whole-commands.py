#!/usr/bin/env python3
"""Times the speed issue's whole commands as processes, with the work each one does.

The commands are the two ns-3 anchors of ../shared/ns3-anchor (one link; three links sprayed at
random) and the spraying anchor's in-order twin (packets_per_slave 1 with --link-clocks locked:
the same bytes, in order).
For each bondsim command it first makes two counting runs under JFR, of S and 2S simulated
seconds, which give the events, the frames handed to slaves (both directions) and the bytes the
simulating thread allocated; the difference between the two runs is the marginal cost of a further
S seconds, start-up and warm-up left out. It then times every command REPS times as whole
processes, interleaved (ns-3's too when its binary is given), and prints medians, events per
second, nanoseconds per event and bytes per frame, the ns-3 ratios and the machine's load.

  benchmarks/whole-commands.py [--reps N] [--seconds S] [--ns3 BINARY]

Read the ratios: absolute times move between days on a shared machine (benchmarks/README.md).
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BONDSIM = os.path.join(os.path.dirname(HERE), "bondsim")

ANCHOR_TAIL = ["--", "-m", "1448", "-s", "4194304", "-S", "4194304"]
SPRAY_SYSCTLS = [
    "--receiver", "gro off",
    "--sysctl", "net.ipv4.tcp_congestion_control=reno",
    "--sysctl", "net.ipv4.tcp_reordering=300",
    "--sysctl", "net.ipv4.tcp_max_reordering=300",
    "--sysctl", "net.ipv4.tcp_recovery=0",
    "--sysctl", "net.ipv4.tcp_dsack=0",
]


def bondsim_args(name, seconds):
    """The bondsim netperf words of one command (those of ../shared/ns3-anchor/README.md)."""
    head = ["netperf", "-t", "TCP_STREAM", "-l", str(seconds)]
    if name == "single":
        return head + ["--slaves", "1x1000", "--delay-us", "50",
                       "--sysctl", "net.ipv4.tcp_congestion_control=reno",
                       "--seed", "1"] + ANCHOR_TAIL
    # The in-order twin needs one ideal clock: with each port's own oscillator, strict round robin
    # over equal delays reorders too (ties broken by the clocks' phases).
    twin = {"spray": ["0"], "inorder": ["1", "--link-clocks", "locked"]}[name]
    return head + ["--bond", "mode balance-rr packets_per_slave " + twin[0]] + twin[1:] + [
                   "--slaves", "3x1000", "--delay-us", "50"] + SPRAY_SYSCTLS + [
                       "--seed", "1"] + ANCHOR_TAIL


def ns3_args(name, seconds):
    if name == "single":
        return ["--scenario=single", "--cc=NewReno", "--dupthresh=3", "--simTime=%d" % seconds]
    return ["--scenario=spray3", "--route=ecmp", "--cc=NewReno", "--dupthresh=300",
            "--simTime=%d" % seconds]


def jfr_tool():
    """The jfr tool of the JDK that ./bondsim runs (the java on PATH), else any jfr on PATH."""
    java = shutil.which("java")
    if java:
        beside = os.path.join(os.path.dirname(os.path.realpath(java)), "jfr")
        if os.access(beside, os.X_OK):
            return beside
    tool = shutil.which("jfr")
    if not tool:
        sys.exit("whole-commands.py: no jfr tool beside java or on PATH (a JDK has one)")
    return tool


def count(name, seconds, workdir):
    """One run under JFR: events, frames sent both ways, bytes the simulating thread allocated, wall s."""
    jfr = os.path.join(workdir, "%s-%d.jfr" % (name, seconds))
    env = dict(os.environ)
    env["BONDSIM_JAVA_OPTS"] = (env.get("BONDSIM_JAVA_OPTS", "") +
                                " -XX:StartFlightRecording=filename=%s,settings=default"
                                " -Xlog:jfr*=off" % jfr).strip()
    start = time.perf_counter()
    argv = bondsim_args(name, seconds)
    argv.insert(1, "--json")  # after "netperf", before the test's options
    out = subprocess.run([BONDSIM] + argv, env=env, check=True,
                         capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    report = json.loads(out[out.index("{"):])
    events = report["events"]
    frames = report["frames"]["sent"]
    stats = subprocess.run([jfr_tool(), "print", "--json", "--events",
                            "jdk.ThreadAllocationStatistics", jfr],
                           check=True, capture_output=True, text=True).stdout
    allocated = 0
    for event in json.loads(stats)["recording"]["events"]:
        values = event["values"]
        if (values.get("thread") or {}).get("javaName") == "main":
            allocated = max(allocated, values["allocated"])
    if allocated == 0:
        sys.exit("whole-commands.py: JFR recorded no allocation for the main thread of " + name)
    return events, frames, allocated, wall


def timed(argv):
    """Wall and CPU seconds of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3, help="timed runs of each command")
    parser.add_argument("--seconds", type=int, default=10, help="simulated seconds (-l)")
    parser.add_argument("--ns3", help="the ns-3 anchor binary, to time beside bondsim")
    args = parser.parse_args()
    if args.reps < 1:
        parser.error("--reps must be at least 1, got %d" % args.reps)
    if args.seconds < 1:
        parser.error("--seconds must be at least 1, got %d" % args.seconds)
    if args.ns3 and not os.access(args.ns3, os.X_OK):
        parser.error("--ns3 must name the built anchor binary, got " + args.ns3)
    names = ["single", "spray", "inorder"]
    load_start = os.getloadavg()
    work = {}
    with tempfile.TemporaryDirectory() as workdir:
        for name in names:
            work[name] = (count(name, args.seconds, workdir),
                          count(name, 2 * args.seconds, workdir))
    walls = {n: [] for n in names}
    cpus = {n: [] for n in names}
    ns3 = {"single": [], "spray": []}
    for _ in range(args.reps):
        for name in names:
            if args.ns3 and name in ns3:
                ns3[name].append(timed([args.ns3] + ns3_args(name, args.seconds))[0])
            wall, cpu = timed([BONDSIM] + bondsim_args(name, args.seconds))
            walls[name].append(wall)
            cpus[name].append(cpu)
            print("%-8s %6.3f s wall %6.3f s CPU" % (name, wall, cpu), file=sys.stderr)
    load_end = os.getloadavg()

    print("Whole processes, -l %d, %d interleaved runs each (medians); load average %.2f at the "
          "start, %.2f at the end; %d cores" % (args.seconds, args.reps, load_start[0],
                                               load_end[0], os.cpu_count()))
    print("command  |  wall s   CPU s |    events   frames | events/s  ns/event  B/frame | "
          "marginal %d s: ns/event  B/frame | ns-3 s  ratio" % args.seconds)
    for name in names:
        (events, frames, alloc, wall1), (events2, frames2, alloc2, wall2) = work[name]
        wall = statistics.median(walls[name])
        cpu = statistics.median(cpus[name])
        extra_events = events2 - events
        extra_frames = frames2 - frames
        line = "%-8s | %7.3f %7.3f | %9d %8d | %8.2fM %8.1f %8.1f | %17.1f %8.1f |" % (
            name, wall, cpu, events, frames, events / wall / 1e6, wall * 1e9 / events,
            alloc / frames, (wall2 - wall1) * 1e9 / extra_events, (alloc2 - alloc) / extra_frames)
        if ns3.get(name):
            reference = statistics.median(ns3[name])
            line += " %6.2f %5.1fx" % (reference, reference / wall)
        print(line)
    spray = statistics.median(walls["spray"])
    inorder = statistics.median(walls["inorder"])
    print("spraying / in order: %.2fx (wall, medians)" % (spray / inorder))


if __name__ == "__main__":
    main()
