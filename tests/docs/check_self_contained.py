"""The repository is self-contained: no file refers to the team's notebook outside it
(ctest repository_self_contained, label unit).

usage: check_self_contained.py SOURCE_DIR
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
# Names of the notebook's files and folder; a user of the repository has none of them.
pattern = re.compile(r"\.\./shared|SIMULATOR_LAWS|STACK_NOTES|SPEC\.md|SPEC §|DESIGN\.md|shared/seeds")
skip_dirs = {".git", "results", "report"}
hits = []
for path in root.rglob("*"):
    rel = path.relative_to(root)
    if not path.is_file() or rel.parts[0] in skip_dirs or rel.parts[0].startswith("build"):
        continue
    if rel.as_posix() == "tests/docs/check_self_contained.py":
        continue
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        continue
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.search(line):
            hits.append(f"{rel}:{number}: {line.strip()[:120]}")
print(f"{len(hits)} references to files outside the repository")
for h in hits:
    print(h)
sys.exit(1 if hits else 0)
