#!/usr/bin/env python3
"""Digest of a results folder for byte-identity checks across a refactor.

    tools/results_digest.py results > before.sha   # build A
    tools/results_digest.py results > after.sha    # build B, same commands
    diff before.sha after.sha                      # no output: every file identical

Prints '<sha256>  <path>' for every file under the folder, sorted. Provenance sidecars
(*.meta.json) are hashed without the fields that differ between two runs of the same build
(started_utc, wall_seconds, git_revision); *.txt files (captured summaries) with the folder's
own path and "in <seconds> s" timings masked. Everything else is hashed byte for byte."""
import hashlib
import json
import os
import re
import sys

VOLATILE = ("started_utc", "wall_seconds", "git_revision")


def digest(root):
    for dirpath, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            if name.endswith(".lock"):
                continue
            with open(path, "rb") as f:
                data = f.read()
            if name.endswith(".meta.json"):
                meta = json.loads(data)
                for key in VOLATILE:
                    meta.pop(key, None)
                data = json.dumps(meta, sort_keys=True).encode()
            elif name.endswith(".txt"):
                data = data.replace(os.path.abspath(root).encode(), b"ROOT")
                data = re.sub(rb"in [0-9.]+ s", b"in T s", data)
            yield hashlib.sha256(data).hexdigest(), os.path.relpath(path, root)


if __name__ == "__main__":
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: tools/results_digest.py RESULTS_FOLDER")
    for sha, rel in digest(sys.argv[1]):
        print(f"{sha}  {rel}")
