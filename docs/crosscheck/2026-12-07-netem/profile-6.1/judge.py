#!/usr/bin/env python3
"""Every kept crosscheck scenario on bondsim's side with --kernel 6.1, judged against the kept real
kernel's runs by crosscheck's rule, beside the kept 6.x side's verdicts. Run from the
repository's root: python3 docs/crosscheck/2026-12-07-netem/profile-6.1/judge.py [FLAGS]. Without
FLAGS it adds --kernel 6.1 to the flags the kept runs were made with (the cascading timer wheel,
kernel-6.1.txt); FLAGS replace both (--sysctl bondsim.timer_wheel=non-cascading for
timer-wheel.txt)."""
import importlib.util
import json
import statistics as st
import sys

spec = importlib.util.spec_from_file_location("kept", ".ci/crosscheck-kept.py")
kept_runs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kept_runs)


flags = " " + " ".join(sys.argv[1:]) if len(sys.argv) > 1 else kept_runs.MADE_WITH + " --kernel 6.1"
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
        x = kept_runs.agrees(f["name"], f["bondsim"], f["linux"])
        y = kept_runs.agrees(f["name"], new[f["name"]], f["linux"])
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
