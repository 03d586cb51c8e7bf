#!/usr/bin/env python3
"""timers.txt from captures of the sender's bond0 in the 5 % loss scenario (loss-5.json): the lab's
(snd-bond0.pcap of a boot) and bondsim's (local-bond0.pcap of a seed), each read once with tcpdump
into data segments and ACKs. For each capture: the silences before a data segment (nothing sent or
received for 7 ms to 0.1 s: a loss probe; longer: a retransmission timeout), the segments
retransmitted a second time (how long after the first retransmission, and whether anything was
sent or acknowledged in between), and the first retransmissions made with three segments or fewer
in flight.
    python3 timers.py NAME=PCAP ... > timers.txt"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import captures  # noqa: E402  (the folder's shared reader, beside this script)

MSS = 1448


def read(pcap):
    """The capture as (time, "data", start, end, retransmitted) and (time, "ack", ack)."""
    events, highest = [], None
    for kind, t, a, b, _ in captures.read(pcap):
        if kind == "data":
            again = highest is not None and b <= highest
            highest = b if highest is None else max(highest, b)
            events.append((t, "data", a, b, again))
        else:
            events.append((t, "ack", a))
    return events


def silences(events):
    """Silences before a data segment, in 5 ms bins up to 0.1 s, and how many last longer."""
    bins, long_ones, previous = collections.Counter(), 0, None
    for event in events:
        if event[1] == "data" and previous is not None:
            quiet = (event[0] - previous) * 1000
            if 7 <= quiet < 100:
                bins[int(quiet // 5) * 5] += 1
            elif quiet >= 100:
                long_ones += 1
        previous = event[0]
    return bins, long_ones


def second_retransmissions(events):
    """For each segment retransmitted twice: ms since the first time, and whether the sender saw an
    ACK or sent anything in between."""
    first, found = {}, []
    for i, event in enumerate(events):
        if event[1] == "data" and event[4]:
            if event[2] in first:
                j = first[event[2]]
                between = len(events[j + 1:i]) > 0
                found.append(((event[0] - events[j][0]) * 1000, between))
            first[event[2]] = i
    return found


def small_flight_retransmissions(events):
    """First retransmissions after the first second with 3 or fewer segments in flight, and how
    many of them were followed by nothing new before they were acknowledged."""
    highest, acked, seen, small, alone = 0, 0, set(), 0, 0
    start = events[0][0]
    for i, event in enumerate(events):
        if event[1] == "ack":
            acked = max(acked, event[2])
            continue
        if event[4] and event[2] not in seen and event[0] - start > 1:
            seen.add(event[2])
            if (highest - acked) // MSS <= 3:
                small += 1
                later = []
                for other in events[i + 1:]:
                    if other[1] == "ack" and other[2] > event[2]:
                        break
                    if other[1] == "data" and other[3] > highest:
                        later.append(other)
                alone += not later
        highest = max(highest, event[3])
    return small, alone


for argument in sys.argv[1:]:
    name, pcap = argument.split("=", 1)
    events = read(pcap)
    bins, long_ones = silences(events)
    again = second_retransmissions(events)
    small, alone = small_flight_retransmissions(events)
    print(f"{name}:")
    print(f"  silences of 7-100 ms before a send, by 5 ms: {sorted(bins.items())}; over 100 ms: {long_ones}")
    quick = sum(1 for ms, _ in again if ms < 100)
    timed = [round(ms, 1) for ms, between in again if ms >= 100]
    print(f"  retransmitted twice: {len(again)}, {quick} within 100 ms; after a timeout: {timed}")
    print(f"  first retransmissions with 3 or fewer segments in flight: {small},"
          f" {alone} of them with nothing new sent before their ACK")
