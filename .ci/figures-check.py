#!/usr/bin/env python3
"""Every figure a page's prose quotes from a command's output, checked against that output.

  .ci/figures-check.py [--list] FILE.md...

A page marks the prose that quotes figures with a region naming where they come from:

  <!-- figures: run ./bondsim netperf ... -->      the command, run here (stdout and stderr)
  <!-- figures: block NAME[@PAGE] -->             the fenced block after <!-- output: NAME -->
                                                  on the same page or on PAGE (CI diffs that
                                                  block against its command separately)
  <!-- figures: file PATH -->                     a file of the repository (kept lab results)
  ... prose ...
  <!-- /figures -->

Inside a region every number of the prose (inline code included; fenced blocks and comments
left out) must be one of the source's numbers: written with d decimals, a source number that
rounds to it at d decimals; a whole number exactly or a fractional one rounded to it, or, after
"about" or "near", to its significant digits.
Numbers of the command line itself (the scenario's settings) need no source. Options after the
source, each after " ;; " (a shell pipe's | stays the command's):
  not: Linux 6.x, 64 KB    phrases, separated by commas, whose numbers are not output (versions,
                           constants, settings given in words): skipped where the phrase stands
  calc: 49.6 = 1e6/20142   a figure derived from output numbers (each in the source, the command,
                           a not-phrase or another calc; 8 and powers of ten for units), rounded
  run CMD, block NAME, file PATH   a further source (a table whose rows are several runs)
A region's source can carry several options: <!-- figures: run CMD ;; not: 3 ;; calc: 1.5 = 3/2 -->.
Exit 1 naming each figure no source number gives."""
import re
import subprocess
import sys
from decimal import Decimal, ROUND_HALF_UP, getcontext

# Source texts hold long tokens that read as numbers (a commit such as 6e25de6 reads as 6e25):
# enough digits that rounding one of them to a figure's decimals never overflows.
getcontext().prec = 80

# A number as prose writes it: 1234, 1,234 or 1 234 (groups of three), with or without decimals.
NUMBER = re.compile(r"(?<![\w.^/-])(\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+(?![\d])|\d+)(?:\.(\d+))?(?![\w.]\d|\w)")
# Output numbers: not digits glued to a name (eth0, 10^6bits, ipv4), which are no figures.
LOOSE = re.compile(r"(?<![A-Za-z_^\d.])\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
APPROX = re.compile(r"(?:about|around|roughly|nearly|almost|near|~)\s*$", re.I)
REGION = re.compile(r"<!-- figures: (run|block|file) (.*?) -->\n(.*?)<!-- /figures -->", re.S)

_runs = {}


def run(command):
    if command not in _runs:
        done = subprocess.run(
            ["bash", "-c", command], capture_output=True, text=True, timeout=900)
        if done.returncode not in (0,):
            sys.exit(f"figures-check: '{command}' exited {done.returncode}:\n{done.stderr[-2000:]}")
        _runs[command] = done.stdout + "\n" + done.stderr
    return _runs[command]


def block(page, name):
    m = re.search(r"<!-- output: " + re.escape(name) + r" -->\n```[a-z]*\n(.*?)```", page, re.S)
    if not m:
        sys.exit(f"figures-check: no block <!-- output: {name} --> on the page")
    return m.group(1)


def load(page, kind, spec):
    """The text a source gives, and the numbers its command line sets."""
    if kind == "run":
        return run(spec), set(numbers(spec))
    if kind == "block":
        name, _, other = spec.partition("@")
        return block(open(other).read() if other else page, name), set()
    return open(spec).read(), set()


def numbers(text):
    return [Decimal(n) for n in LOOSE.findall(text)]


def matches(written, decimals, approx, source):
    value = Decimal(written)
    for n in source:
        if decimals > 0:
            q = Decimal(1).scaleb(-decimals)
            # Half up, or as a program printing the binary double rounds it (7.145 -> 7.14).
            if n.quantize(q, rounding=ROUND_HALF_UP) == value \
                    or format(float(n), f".{decimals}f") == written:
                return True
        elif n == value or (n != n.to_integral_value()
                            and n.quantize(Decimal(1), rounding=ROUND_HALF_UP) == value):
            # A whole number matches itself, or a fractional figure (a mean) rounded to it.
            return True
        elif approx and value != 0:
            digits = len(str(int(value)).rstrip("0")) or 1
            exponent = n.adjusted() - digits + 1 if n != 0 else 0
            if n.scaleb(-exponent).quantize(Decimal(1), rounding=ROUND_HALF_UP).scaleb(exponent) \
                    == value:
                return True
    return False


def prose_of(text):
    # Fenced blocks are outputs or commands, checked elsewhere; comments are not prose.
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    # Link targets are file names and anchors, not figures.
    text = re.sub(r"\]\([^)]*\)", "]", text)
    # One space for any run of white space, so that a phrase matches across line breaks.
    return " ".join(text.split())


def check(path, listing):
    page = open(path).read()
    problems, count = [], 0
    for kind, spec, body in REGION.findall(page):
        parts = [p.strip() for p in spec.split(" ;; ")]
        source_spec, options = parts[0], parts[1:]
        text, given = load(page, kind, source_spec)
        source = numbers(text)
        phrases, derived = [], {}
        for option in options:
            more = re.match(r"(run|block|file) (.*)", option)
            if more:
                # Another source for the same prose (a table whose rows are several runs).
                extra, extra_given = load(page, more.group(1), more.group(2))
                source += numbers(extra)
                given |= extra_given
            elif option.startswith("not:"):
                phrases += [p.strip() for p in option[4:].split(",") if p.strip()]
            elif option.startswith("calc:"):
                shown, expression = (s.strip() for s in option[5:].split("=", 1))
                shown = shown.replace(",", "").replace(" ", "")
                derived[shown] = (expression, eval(expression, {"__builtins__": {}}, {}))
            else:
                sys.exit(f"figures-check: {path}: unknown option '{option}'")
        constants = set(numbers(" ".join(phrases)))
        # Unit conversions (bits per byte, powers of ten) and the other derived figures may enter.
        constants |= {Decimal(8), Decimal(100)} | {Decimal(10) ** k for k in range(13)}
        constants |= {Decimal(shown) for shown in derived}
        for shown, (expression, _) in derived.items():
            for n in numbers(expression):
                if n not in source and n not in given and n not in constants:
                    problems.append(f"{path}: calc {shown}: {n} is not in the output of {source_spec}")
        prose = prose_of(body)
        skipped = set()
        for phrase in phrases:
            for hit in re.finditer(re.escape(phrase), prose):
                skipped.update(range(hit.start(), hit.end()))
        for m in NUMBER.finditer(prose):
            if m.start() in skipped:
                continue
            whole, fraction = m.group(1).replace(",", "").replace(" ", ""), m.group(2)
            written = whole + ("." + fraction if fraction else "")
            value = Decimal(written)
            if value in given:
                continue
            count += 1
            shown = m.group(0)
            if written in derived:
                d = len(fraction) if fraction else 0
                got = Decimal(repr(derived[written][1]))
                if got.quantize(Decimal(1).scaleb(-d), rounding=ROUND_HALF_UP) == value:
                    continue
                problems.append(f"{path}: {shown} is not {got} ({source_spec})")
                continue
            approx = bool(APPROX.search(prose[max(0, m.start() - 12):m.start()]))
            if not matches(written, len(fraction) if fraction else 0, approx, source):
                context = " ".join(prose[max(0, m.start() - 40):m.end() + 20].split())
                problems.append(f"{path}: {shown} (\"…{context}…\") is in no output of {kind} {source_spec}")
        if listing:
            print(f"{path}: {kind} {source_spec[:70]}")
    return problems, count


def prefetch(files):
    """Runs every command the pages name, two at a time (each run is single-threaded)."""
    from concurrent.futures import ThreadPoolExecutor
    commands = []
    for path in files:
        for kind, spec, _ in REGION.findall(open(path).read()):
            parts = [p.strip() for p in spec.split(" ;; ")]
            if kind == "run":
                commands.append(parts[0])
            commands += [p[4:] for p in parts[1:] if p.startswith("run ")]
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(run, dict.fromkeys(commands)))


def main(argv):
    listing = "--list" in argv
    files = [a for a in argv if a != "--list"]
    prefetch(files)
    problems, total, regions = [], 0, 0
    for path in files:
        found, count = check(path, listing)
        problems += found
        total += count
        regions += len(REGION.findall(open(path).read()))
    if problems:
        print("figures the prose quotes that the output does not give:", file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        sys.exit(1)
    print(f"figures-check: {total} figures in {regions} regions of {len(files)} pages match their outputs")


if __name__ == "__main__":
    main(sys.argv[1:])
