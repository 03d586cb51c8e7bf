#!/usr/bin/env python3
"""Writes the files a page shows as blocks marked <!-- file: PATH --> into a directory, so that
CI can build the project a reader would make from that page alone:
  .ci/readme-project.py README.md DIR"""
import os
import re
import sys

page, target = sys.argv[1], sys.argv[2]
blocks = re.findall(r"<!-- file: (\S+) -->\n```[a-z]*\n(.*?)```\n", open(page).read(), re.S)
if not blocks:
    sys.exit(f"{page}: no <!-- file: PATH --> blocks")
for path, body in blocks:
    out = os.path.join(target, path)
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out, "w") as f:
        f.write(body)
    print(f"{path}: {body.count(chr(10))} lines")
