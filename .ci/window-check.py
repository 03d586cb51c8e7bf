#!/usr/bin/env python3
"""Reads `tcpdump -nn -r CAPTURE` output on stdin and checks that no data segment from SENDER ends
beyond the right edge (ack + window << scale) of the last segment the receiver sent before it; the
SYN-ACK's window is unscaled (RFC 7323), later ones scaled by the shift the receiver's SYN-ACK
announced. Exit 1 naming the first segment that does.
    tcpdump -nn -r local-eth0.pcap | .ci/window-check.py 10.0.0.1"""
import re
import sys

sender = sys.argv[1]
edge = None
scale = 0
checked = 0
for line in sys.stdin:
    m = re.match(r"\S+ IP (\S+)\.(\d+) > (\S+)\.(\d+): Flags \[([^\]]*)\](.*)", line)
    if not m:
        continue
    src, flags, rest = m.group(1), m.group(5), m.group(6)
    if src != sender:
        win = re.search(r"win (\d+)", rest)
        ack = re.search(r"ack (\d+)", rest)
        if "S" in flags:
            ws = re.search(r"wscale (\d+)", rest)
            scale = int(ws.group(1)) if ws else 0
            edge = 1 + int(win.group(1))  # the SYN-ACK: unscaled, from the first data byte
        elif win and ack:
            edge = max(edge or 0, int(ack.group(1)) + (int(win.group(1)) << scale))
        continue
    seq = re.search(r"seq (\d+):(\d+)", rest)
    if seq and edge is not None:
        end = int(seq.group(2))
        if end > edge:
            sys.exit(f"beyond the window: {line.strip()} (right edge {edge})")
        checked += 1
if checked == 0:
    sys.exit("no data segment to check")
print(f"{checked} data segments, none beyond the window")
