#!/usr/bin/env python3
"""The figures the README's prose quotes from its first simulation, checked against the output
block CI has already compared with the command (so against the command):
  .ci/prose-check.py README.md
Each pair: a pattern in the prose right after the block, a pattern in the block; the groups
they capture must be equal."""
import re
import sys

text = open(sys.argv[1]).read()
start = text.index("The first prints netperf")
fence = text.index("```\n", start)
end = text.index("```\n", fence + 4)
block = text[fence + 4:end]
prose = text[end + 4:text.index("\n<!-- /figures -->", end)]
prose = " ".join(prose.split())

PAIRS = [
    (r"ratio ([0-9.]+)\)", r"at the receiver .*?ratio ([0-9.]+),"),
    (r"by up to (\d+) places \(([0-9.]+) on average\)", r"at the receiver .*?extent max (\d+) mean ([0-9.]+),"),
    (r"`tcp_reordering` 3 to (\d+)", r"reordering:(\d+) "),
    (r"goes through (\d+) recoveries", r"TcpExtTCPSackRecovery (\d+)"),
    (r"(\d+) are undone by a partial ACK", r"TcpExtTCPPartialUndo (\d+)"),
    (r"and (\d+) by DSACKs", r"TcpExtTCPDSACKUndo (\d+)"),
    (r"Its (\d+) fast retransmissions", r"TcpExtTCPFastRetrans (\d+)"),
    (r"(\d+) of them after their recovery was undone", r"TcpExtTCPDSACKIgnoredNoUndo (\d+)"),
    (r"(\d+) for an earlier one", r"TcpExtTCPDSACKIgnoredOld (\d+)"),
    (r"\(([0-9.]+) Mbit/s of 3", r"\n\d+\s+\d+\s+\d+\s+[0-9.]+\s+([0-9.]+)\s"),
]
problems = []
for quoted, printed in PAIRS:
    q = re.search(quoted, prose)
    p = re.search(printed, block, re.S)
    if not q or not p:
        problems.append(f"pattern not found: {quoted if not q else printed}")
    elif q.groups() != p.groups():
        problems.append(f"the prose says {q.groups()}, the output {p.groups()} ({quoted})")
if problems:
    sys.exit("the README's prose under its first simulation no longer matches it:\n  "
             + "\n  ".join(problems))
print(f"the README's prose quotes {len(PAIRS)} figures of the first simulation correctly")
