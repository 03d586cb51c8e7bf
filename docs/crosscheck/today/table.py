#!/usr/bin/env python3
"""The model today beside the real kernel: for every kept crosscheck scenario, bondsim's seeds 1-5
with today's defaults (bondsim.json, which .ci/crosscheck-kept.py checks) and every kept boot of the
real kernel (all folders' boots of that scenario together), judged by crosscheck's rule. Prints
the markdown table docs/crosscheck.md shows; with --kept, the kept runs' own bondsim side (made on
the cascading timer wheel) instead of today's. Run from the repository's root:
    python3 docs/crosscheck/today/table.py [--kept]"""
import importlib.util
import json
import statistics as st
import sys

spec = importlib.util.spec_from_file_location("kept", ".ci/crosscheck-kept.py")
kept_runs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kept_runs)

LABELS = {
    "single": "1 link, 20 Mbit/s, 2 ms",
    "eq-r3": "3 links, 2/2/2 ms",
    "eq-r300": "3 links, 2/2/2 ms, tcp_reordering 300",
    "skew-r3": "3 links, 1/2/3 ms",
    "skew-r300": "3 links, 1/2/3 ms, tcp_reordering 300",
    "skew-r3-nots": "3 links, 1/2/3 ms, timestamps off",
    "two-30": "2 links of 30 Mbit/s, 1/4 ms",
    "four-15": "4 links of 15 Mbit/s, 0.5/1/1.5/2 ms",
    "ab-fail": "active-backup, 2 links, eth0 fails at 4 s",
    "xor-4": "balance-xor layer3+4, 4 streams, 3 links",
    "skew-half": "3 links, 0.5/1.5/2.5 ms",
    "two-25": "2 links of 25 Mbit/s, 2/3 ms",
    "five-12": "5 links of 12 Mbit/s, 1/1.5/2/2.5/3 ms",
    "skew-pps4": "3 links, 1/2/3 ms, packets_per_slave 4",
    "skew-nosack": "3 links, 1/2/3 ms, tcp_sack 0",
    "eq-r3-rack-static": "3 links, 2/2/2 ms, tcp_recovery 3",
    "four-15-rack-static": "4 links of 15 Mbit/s, tcp_recovery 3",
    "broadcast-2": "broadcast, 2 links, 1/2 ms",
    "lacp-4": "802.3ad layer3+4, 4 streams, 3 links",
    "ab-failback": "active-backup, eth0 fails at 3 s, back at 6 s",
    "rr-unequal": "3 links of 20, 20 and 10 Mbit/s, 1/2/3 ms",
    "jumbo-9000": "3 links, 1/2/3 ms, MTU 9000",
    "primary-failback": "the same with primary eth0",
    "loss-1": "1 link at 10 ms, 1 % loss",
    "rr-loss": "3 links, 1/2/3 ms, 0.5 % loss",
    "jitter-dup": "1 link at 2 ms, delay 500us 400us duplicate 1%",
    "loss-5": "1 link at 2 ms, 5 % loss",
    "nosack-loss": "1 link at 2 ms, 1 % loss, tcp_sack 0",
}
COLUMNS = ["Mbit/s", "TcpRetransSegs", "TcpExtTCPSACKReorder", "TcpExtTCPSackRecovery",
           "TcpExtTCPDSACKRecv", "TcpExtTCPDSACKUndo", "TcpExtPAWSEstab", "reordering", "cwnd",
           "srtt ms"]
HEADS = ["Mbit/s", "RetransSegs", "SACKReorder", "SackRecovery", "DSACKRecv", "DSACKUndo",
         "PAWSEstab", "reordering", "cwnd", "srtt ms"]


def show(x):
    """Three significant digits for fractions, whole numbers as they are."""
    return str(int(x)) if x == int(x) and abs(x) >= 1 or x == 0 else f"{x:.3g}"


def cell(values):
    lo, hi = min(values), max(values)
    return show(lo) if lo == hi else f"{show(lo)}–{show(hi)}"


bondsim = json.load(open("docs/crosscheck/today/bondsim.json"))["scenarios"]
kept_side = sys.argv[1:] == ["--kept"]
linux = {}
for folder, name, _ in kept_runs.KEPT:
    for figure in json.load(open(f"docs/crosscheck/{folder}/{name}.json"))["figures"]:
        if figure["judged"] and figure["linux"]:
            linux.setdefault(name, {}).setdefault(figure["name"], []).extend(figure["linux"])
            if kept_side:
                # Every folder kept the same bondsim side of a scenario.
                bondsim[name][figure["name"]] = figure["bondsim"]
print("| scenario | system | " + " | ".join(HEADS) + " |")
print("|---|---|" + "---|" * len(HEADS))
agreeing = judged = 0
for name, label in LABELS.items():
    ours, theirs = [], []
    for column in COLUMNS:
        b, l = bondsim[name][column], linux[name][column]
        ok = kept_runs.agrees(column, b, l)
        agreeing += ok
        judged += 1
        m = st.median(b)
        spread = "" if min(b) == max(b) else f" ({cell(b)})"
        ours.append(show(m) + spread)
        theirs.append(cell(l) + ("" if ok else " **≠**"))
    print(f"| {label} | bondsim | " + " | ".join(ours) + " |")
    print("| | linux | " + " | ".join(theirs) + " |")
print()
print(f"{agreeing} of {judged} judged figures agree.")
