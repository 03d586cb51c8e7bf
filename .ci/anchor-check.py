#!/usr/bin/env python3
"""Every in-page link of a Markdown file (](#anchor)) names one of its headings, as GitHub
slugs them (lower case, punctuation dropped, spaces to hyphens); every relative file link
names a file of the repository."""
import os
import re
import sys

path = sys.argv[1]
text = open(path, encoding="utf-8").read()
# Headings outside code blocks.
headings, in_code = [], False
for line in text.split("\n"):
    if line.startswith("```"):
        in_code = not in_code
    elif not in_code and re.match(r"#{1,6} ", line):
        headings.append(line.lstrip("#").strip())


def slug(heading):
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


slugs = {slug(h) for h in headings}
bad = [a for a in re.findall(r"\]\(#([^)]+)\)", text) if a not in slugs]
base = os.path.dirname(os.path.abspath(path))
for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
    if not os.path.exists(os.path.join(base, target)):
        bad.append(target)
for b in bad:
    print(f"{path}: link to '{b}' goes nowhere")
sys.exit(1 if bad else 0)
