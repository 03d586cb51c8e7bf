#!/usr/bin/env python3
"""Every kept crosscheck scenario on bondsim's side with --kernel 6.1, judged against the kept real
kernel's runs by crosscheck's rule, beside the kept 6.x side's verdicts. Run from the
repository's root: python3 docs/crosscheck/2026-12-07-netem/profile-6.1/judge.py [FLAGS]; FLAGS,
when given, replace --kernel 6.1 (as --sysctl bondsim.timer_wheel=non-cascading does for
timer-wheel.txt)."""
import importlib.util
import json
import statistics as st
import sys

spec = importlib.util.spec_from_file_location("kept", ".ci/crosscheck-kept.py")
kept_runs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kept_runs)


def agrees(name, b, l):
    """Comparison.Row.agrees: the median within the range widened by 30 %, throughput within 2 %."""
    if not b or not l:
        return False
    m = st.median(b)
    if name == "Mbit/s":
        return abs(m - st.median(l)) <= 0.02 * st.median(l)
    if name.startswith("Tcp") and m <= 3 and max(l) <= 3:
        return True
    return min(l) * 0.7 <= m <= max(l) * 1.3


flags = " " + " ".join(sys.argv[1:]) if len(sys.argv) > 1 else " --kernel 6.1"
label = "6.1" if len(sys.argv) == 1 else "new"
sides = kept_runs.bondsim_sides(flags)
total6 = total61 = judged = 0
print(f"{'folder/scenario':40} {'6.x':>5} {label:>5}  changed verdicts")
for folder, name, _ in kept_runs.KEPT:
    kept = json.load(open(f"docs/crosscheck/{folder}/{name}.json"))
    if not kept["figures"][0]["linux"]:
        continue
    new = {f["name"]: f["bondsim"] for f in sides[(folder, name)]}
    a6 = a61 = j = 0
    changes = []
    for f in kept["figures"]:
        if not f["judged"]:
            continue
        j += 1
        x = agrees(f["name"], f["bondsim"], f["linux"])
        y = agrees(f["name"], new[f["name"]], f["linux"])
        a6 += x
        a61 += y
        if x != y:
            changes.append(f"{f['name']} {'+' if y else '-'} ({st.median(f['bondsim']):.4g} -> "
                           f"{st.median(new[f['name']]):.4g}, linux {min(f['linux']):.4g}-"
                           f"{max(f['linux']):.4g})")
    total6 += a6
    total61 += a61
    judged += j
    print(f"{folder + '/' + name:40} {a6:>2}/{j:<2} {a61:>2}/{j:<2}  {'; '.join(changes)}")
print(f"{'all':40} {total6}/{judged} {total61}/{judged}")
