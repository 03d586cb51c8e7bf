#!/usr/bin/env python3
"""Every in-page link of a Markdown file (](#anchor)) names one of its headings, as GitHub
slugs them (lower case, punctuation dropped, spaces to hyphens); every relative file link
names a file of the repository, and its #anchor, if any, a heading of that file."""
import os
import re
import sys

path = sys.argv[1]
text = open(path, encoding="utf-8").read()
# Headings outside code blocks.
def headings_of(markdown):
    found, in_code = [], False
    for line in markdown.split("\n"):
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and re.match(r"#{1,6} ", line):
            found.append(line.lstrip("#").strip())
    return found


def slug(heading):
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


slugs = {slug(h) for h in headings_of(text)}
bad = [a for a in re.findall(r"\]\(#([^)]+)\)", text) if a not in slugs]
base = os.path.dirname(os.path.abspath(path))
for target, anchor in re.findall(r"\]\(([^)#:]+)(?:#([^)]*))?\)", text):
    file = os.path.join(base, target)
    if not os.path.exists(file):
        bad.append(target)
    elif anchor and file.endswith(".md"):
        if anchor not in {slug(h) for h in headings_of(open(file, encoding="utf-8").read())}:
            bad.append(target + "#" + anchor)
for b in bad:
    print(f"{path}: link to '{b}' goes nowhere")
sys.exit(1 if bad else 0)
