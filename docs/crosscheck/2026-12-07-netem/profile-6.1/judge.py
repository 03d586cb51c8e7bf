import json, subprocess, sys, statistics as st
from concurrent.futures import ThreadPoolExecutor
src = open(".ci/crosscheck-kept.py").read()
ns = {}
exec(src[:src.index("problems = []")], ns)
FOLDERS, SEEDS = ns["FOLDERS"], ns["SEEDS"]
KEPT = [(f, n, a) for f, runs in FOLDERS.items() for n, a in runs.items()]
def command(name, args):
    return f"./bondsim crosscheck --runs 0 --seeds {SEEDS.get(name, '1-5')} --json netperf {args} --kernel 6.1 -- -m 65536"
def out(line):
    return subprocess.run(["bash", "-c", line], capture_output=True, text=True, check=True).stdout
lines = list(dict.fromkeys(command(n, a) for _, n, a in KEPT))
with ThreadPoolExecutor(max_workers=2) as pool:
    outs = dict(zip(lines, pool.map(out, lines)))
def agrees(name, b, l):
    if not b or not l: return False
    m = st.median(b)
    if name == "Mbit/s": return abs(m - st.median(l)) <= 0.02 * st.median(l)
    lo, hi = min(l), max(l)
    if name.startswith("Tcp") and m <= 3 and hi <= 3: return True
    return lo * 0.7 <= m <= hi * 1.3
tot6 = tot61 = n = 0
print(f"{'folder/scenario':40} {'6.x':>5} {'6.1':>5}  changed verdicts")
for folder, name, args in KEPT:
    kept = json.load(open(f"docs/crosscheck/{folder}/{name}.json"))
    new = {f["name"]: f["bondsim"] for f in json.loads(outs[command(name, args)])["figures"]}
    a6 = a61 = j = 0; changes = []
    if not kept["figures"][0]["linux"]:
        continue
    for f in kept["figures"]:
        if not f["judged"]: continue
        j += 1
        x = agrees(f["name"], f["bondsim"], f["linux"]); y = agrees(f["name"], new[f["name"]], f["linux"])
        a6 += x; a61 += y
        if x != y: changes.append(f"{f['name']} {'+' if y else '-'} ({st.median(f['bondsim']):.4g} -> {st.median(new[f['name']]):.4g}, linux {min(f['linux']):.4g}-{max(f['linux']):.4g})")
    tot6 += a6; tot61 += a61; n += j
    print(f"{folder+'/'+name:40} {a6:>2}/{j:<2} {a61:>2}/{j:<2}  {'; '.join(changes)}")
print(f"{'all':40} {tot6}/{n} {tot61}/{n}")
