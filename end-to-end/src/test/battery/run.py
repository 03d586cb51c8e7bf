#!/usr/bin/env python3
"""The adversarial battery (cases.txt): runs every case through the launcher and classifies it.
refused: exit 2, stdout empty, exactly one line on stderr that starts "bondsim: " and holds no Java
text; failed: the same with exit 1; ran: exit 0 with --json added, whose figures pass the output
checks (no NaN or infinity anywhere, the frame account balances, throughput above 0 and at most the
slaves' capacity). Prints one line per case and exits 1 when any case is misclassified.
    end-to-end/src/test/battery/run.py ./bondsim"""
import json
import math
import os
import shlex
import subprocess
import sys
import tempfile

JAVA_TEXT = ("Exception", "java.", "\tat ", "org.bondsim.", "NullPointer", "internal error")


def prepare(tmp):
    open(os.path.join(tmp, "a-file"), "w").close()
    with open(os.path.join(tmp, "binary.pkt"), "wb") as f:
        f.write(b"0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n\xff\xfe\xfd\n")
    with open(os.path.join(tmp, "window.pkt"), "w") as f:
        f.write("0 socket(..., SOCK_STREAM, IPPROTO_TCP) = 3\n+0 bind(3, ..., ...) = 0\n"
                "+0 listen(3, 1) = 0\n+0 < S 0:0(0) win 65536 <mss 1000>\n")


def numbers(node, path="$"):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from numbers(v, path + "." + k)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from numbers(v, "%s[%d]" % (path, i))
    elif isinstance(node, float):
        yield path, node


def ran_problems(args, out):
    try:
        report = json.loads(out, parse_constant=lambda c: float(c))
    except ValueError as e:
        return ["not JSON: %s" % e]
    problems = ["%s is %s" % (p, v) for p, v in numbers(report) if math.isnan(v) or math.isinf(v)]
    if args[0] == "crosscheck":
        return problems
    frames = report.get("frames", {})
    if frames and frames.get("balances") is False:
        problems.append("the frame account does not balance")
    mbps = report.get("throughput_mbps")
    if mbps is not None:
        if mbps <= 0:
            problems.append("throughput %s with exit 0" % mbps)
        capacity = sum(s.get("speed_mbps", 0) for s in report.get("slaves", []))
        if capacity and mbps > capacity:
            problems.append("throughput %s beyond the slaves' %s Mbit/s" % (mbps, capacity))
    return problems


def main():
    launcher = sys.argv[1]
    cases = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.txt")
    bad = 0
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        prepare(tmp)
        for raw in open(cases, encoding="utf-8"):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            expected, rest = line.split(None, 1)
            args = shlex.split(rest.replace("{tmp}", tmp))
            if expected == "ran" and args[0] == "netperf" and "--json" not in args:
                cut = args.index("--") if "--" in args else len(args)
                args = args[:cut] + ["--json"] + args[cut:]
            total += 1
            p = subprocess.run([launcher] + args, capture_output=True, text=True, errors="replace")
            err = p.stderr.strip().splitlines()
            problems = []
            if expected in ("refused", "failed"):
                want = 2 if expected == "refused" else 1
                if p.returncode != want:
                    problems.append("exit %d, expected %d" % (p.returncode, want))
                if len(err) != 1 or not err[0].startswith("bondsim: "):
                    problems.append("stderr is not one 'bondsim: ' line: %r" % p.stderr[:300])
                if expected == "failed" and p.stdout.strip():
                    problems.append("printed a result anyway")
            elif expected == "ran":
                if p.returncode != 0:
                    problems.append("exit %d: %s" % (p.returncode, p.stderr.strip()[:300]))
                else:
                    problems += ran_problems(args, p.stdout)
            else:
                problems.append("unknown expectation " + expected)
            leaked = [t for t in JAVA_TEXT if t in p.stderr]
            if leaked:
                problems.append("Java text on stderr: %s" % ", ".join(leaked))
            if problems:
                bad += 1
                print("BAD   %-8s %s\n      %s" % (expected, rest, "; ".join(problems)))
            else:
                print("ok    %-8s %s" % (expected, rest))
    print("%d cases, %d misclassified" % (total, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
