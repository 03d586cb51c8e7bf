#!/usr/bin/env python3
"""flight.txt from captures of the sender's bond0 in the 5 % loss scenario (loss-5.json): how the
sender's time splits between silences of more than 0.1 s (retransmission timeouts) and sending,
and while sending, how many segments were outstanding (snd_nxt - snd_una in whole segments, SACKed
ones included), weighted by time. The advertised window's range is printed too.
    python3 flight.py NAME=PCAP ... > flight.txt"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import captures  # noqa: E402  (the folder's shared reader, beside this script)

MSS = 1448


def split(events):
    """(seconds silent, seconds sending, {segments outstanding: seconds}, window fields)."""
    una, nxt, previous, outstanding = None, 0, None, 0
    weights, silent, windows = collections.Counter(), 0.0, []
    for kind, t, a, b, _ in events:
        if previous is not None:
            gap = t - previous
            if gap > 0.1:
                silent += gap
            else:
                weights[min(outstanding, 12)] += gap
        previous = t
        if kind == "ack":
            una = a if una is None else max(una, a)
            windows.append(b)
        else:
            una = a if una is None else una
            nxt = max(nxt, b)
        outstanding = (nxt - una + MSS - 1) // MSS
    return silent, sum(weights.values()), weights, windows


for argument in sys.argv[1:]:
    name, pcap = argument.split("=", 1)
    silent, sending, weights, windows = split(captures.read(pcap))
    mean = sum(k * v for k, v in weights.items()) / sending
    shares = " ".join(f"{k}:{100 * v / sending:.0f}%" for k, v in sorted(weights.items()))
    print(f"{name}:")
    print(f"  silent {silent:.2f} s, sending {sending:.2f} s, outstanding {mean:.2f} segments on average")
    print(f"  outstanding (12 = 12 or more), share of the sending time: {shares}")
    print(f"  window field {min(windows)} to {max(windows)}")
