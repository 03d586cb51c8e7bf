#!/usr/bin/env python3
"""The figures docs/sweeps.md quotes from its sweep, checked against the
summary.csv that sweep wrote: .ci/sweep-check.py DIR/summary.csv"""
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
def point(figure, slaves, reordering):
    for r in rows:
        if (r["figure"] == figure and r["slaves"] == slaves
                and r["net.ipv4.tcp_reordering"] == reordering):
            return r
    sys.exit(f"no {figure} at {slaves}, {reordering}")

problems = []
for reordering in ("3", "127"):
    one = float(point("throughput_mbps", "1x1000", reordering)["mean"])
    if round(one) != 941:
        problems.append(f"one link: {one}, README 941")
four = float(point("throughput_mbps", "4x1000", "3")["mean"])
if round(four) != 3752:
    problems.append(f"four links: {four}, README 3 752")
high = [float(point("throughput_mbps", f"{n}x1000", r)["mean"])
        for n in (5, 6, 7, 8) for r in ("3", "127")]
if (round(min(high)), round(max(high))) != (4524, 4651):
    problems.append(f"five to eight links: {min(high)}..{max(high)}, README 4 524 to 4 651")
cpu = [float(point("cpu_remote_percent", f"{n}x1000", r)["mean"])
       for n in (5, 6, 7, 8) for r in ("3", "127")]
if (round(min(cpu), 1), round(max(cpu), 1)) != (97.8, 99.1):
    problems.append(f"receiver CPU at five to eight links: {cpu}, README 97.8 to 99.1 %")
for n in range(1, 9):
    a = point("throughput_mbps", f"{n}x1000", "3")
    b = point("throughput_mbps", f"{n}x1000", "127")
    lo = max(float(a["ci95_low"]), float(b["ci95_low"]))
    hi = min(float(a["ci95_high"]), float(b["ci95_high"]))
    if lo > hi:
        problems.append(f"{n} links: tcp_reordering 3 and 127 differ beyond their bands")
if problems:
    sys.exit("the README's sweep figures no longer hold:\n  " + "\n  ".join(problems))
print("the README's sweep figures hold")
