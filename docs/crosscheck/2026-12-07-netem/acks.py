#!/usr/bin/env python3
"""acks.txt from two captures of the single-link scenario: the lab's receiver (rcv-bond0.pcap of
one boot) and bondsim's (remote-bond0.pcap of seed 1). Each capture is read once with tcpdump
into data segments and ACKs, then reported three ways: how many data segments the receiver had
seen before each ACK; what follows a single segment in the lab (how soon, how large, whether the
window grew, when in the run); and the window field at a few instants.
    python3 acks.py LINUX_RCV_PCAP BONDSIM_REMOTE_PCAP > acks.txt"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import captures  # noqa: E402  (the folder's shared reader, beside this script)

MARKS = [0.001, 0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.8, 1]


def read(pcap):
    """The capture as ("data", time, length, psh) and ("ack", time, ack, window), in order."""
    return [("data", t, b - a, "P" in flags) if kind == "data" else ("ack", t, a, b)
            for kind, t, a, b, flags in captures.read(pcap)]


def acks_by_segments(name, events):
    """Data segments seen since the previous ACK, for every ACK after the first."""
    since, first, hist, psh = [], True, collections.Counter(), collections.Counter()
    data = sum(1 for e in events if e[0] == "data")
    acks = sum(1 for e in events if e[0] == "ack")
    for kind, _, length, flag in events:
        if kind == "data":
            since.append(flag)
        elif kind == "ack":
            if not first:
                hist[len(since)] += 1
                if len(since) == 1:
                    psh[since[0]] += 1
            first, since = False, []
    print(f"{name}: data {data} acks {acks} ratio {acks / max(data, 1):.3f}")
    print(" segments seen since previous ACK:", sorted(hist.items())[:12])
    print(" single-segment ACKs, by PSH on that segment:", dict(psh))


def single_segment_acks(events):
    """The ACKs that follow a single data segment: delay, size, window, what came before, when."""
    delay, sizes, grew, before, when = (collections.Counter() for _ in range(5))
    since, last_window, last_count, start = [], None, None, None
    for kind, t, value, extra in events:
        if kind == "data":
            start = start or t
            since.append((t, value))
        elif kind == "ack":
            if len(since) == 1:
                d = (t - since[0][0]) * 1e6
                delay[min(int(d // 100) * 100, 5000)] += 1
                sizes[since[0][1]] += 1
                grew["grew" if last_window is not None and extra > last_window else "same/less"] += 1
                before[last_count] += 1
                when[int((t - start) * 10) / 10] += 1
            last_count, last_window, since = len(since), extra, []
    print("delay segment->ack (us, 100us bins):", sorted(delay.items())[:15])
    print("sizes:", sizes.most_common(5))
    print("window vs previous ack:", dict(grew))
    print("segments before the previous ack:", dict(before))
    print("per 0.1 s:", sorted(when.items())[:40])


def windows(events):
    """The window field of the first ACK at or after each mark, from the first data segment."""
    start, first_ack, i = None, None, 0
    for kind, t, value, extra in events:
        if kind == "data":
            start = start or t
        elif kind == "ack" and start:
            first_ack = first_ack or value
            if i < len(MARKS) and t - start >= MARKS[i]:
                print(f"t={t - start:.3f} ack={value - first_ack} win={extra}")
                i += 1


linux, bondsim = read(sys.argv[1]), read(sys.argv[2])
print("# One captured boot of single.json's scenario and bondsim's seed 1 (crosscheck --runs 1 --seeds 1 --pcap-dir),")
print("# the receiver's ACKs counted by how many data segments it had seen since its previous ACK.")
acks_by_segments("linux run 1, rcv-bond0.pcap", linux)
acks_by_segments("bondsim seed 1, remote-bond0.pcap", bondsim)
print("# Linux's single-segment ACKs: how long after the segment, its size, and the window against the previous ACK's")
single_segment_acks(linux)
print("# The window field of the receiver's ACKs (scaled by 7) at times from the first data segment")
print("linux:")
windows(linux)
print("bondsim:")
windows(bondsim)
