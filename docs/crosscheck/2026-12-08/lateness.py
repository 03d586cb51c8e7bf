#!/usr/bin/env python3
"""lateness.txt from captures of the receiver's bond0 (the lab's rcv-bond0.pcap, bondsim's
remote-bond0.pcap): for each data segment that arrives after one above it, how long after the first
segment above it arrived ("lateness", which RACK's reordering window must cover at the sender), as
percentiles and as counts over thresholds. A retransmission counts as any segment; there are a few
per run. Reads the captures through ../2026-12-07-netem/captures.py.
    python3 lateness.py NAME=PCAP ... > lateness.txt"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "2026-12-07-netem"))
import captures  # noqa: E402  (the shared tcpdump reader)

# How many recent arrivals are searched for the first one above a late segment: a window's worth.
RECENT = 400
THRESHOLDS_MS = (0.5, 1, 1.5, 2, 3)


def lateness(pcap):
    """The number of data segments and each late one's lateness in seconds."""
    arrivals = [e for e in captures.read(pcap) if e[0] == "data"]
    highest_end = 0
    recent = []
    late = []
    for _, time, start, end, _ in arrivals:
        if end <= highest_end:
            above = [t for (s, t) in recent if s >= end]
            if above:
                late.append(time - min(above))
        else:
            highest_end = end
        recent.append((start, time))
        if len(recent) > RECENT:
            recent.pop(0)
    return len(arrivals), sorted(late)


def percentile(values, p):
    return values[min(len(values) - 1, int(p * len(values)))] if values else 0.0


def main(args):
    for arg in args:
        name, pcap = arg.split("=", 1)
        count, late = lateness(pcap)
        print(f"{name}: {count} data segments, {len(late)} late")
        print("  lateness ms: p50 {:.3f}, p90 {:.3f}, p99 {:.3f}, max {:.3f}".format(
            *(1e3 * percentile(late, p) for p in (0.5, 0.9, 0.99, 1.0))))
        over = ", ".join(f"{t} ms: {sum(1 for x in late if x * 1e3 > t)}" for t in THRESHOLDS_MS)
        print(f"  late by more than {over}")


if __name__ == "__main__":
    main(sys.argv[1:])
