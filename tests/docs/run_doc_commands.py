"""Every command the README and docs/ show is run (ctest doc_commands, label cli).

Extracted: lines of indented or fenced code blocks that start with `calib `, `build/bin/calib `
or `$ calib ` (shell), and fenced ```python blocks. Each shell command runs in a scratch folder
(so outputs land there, not in the tree) with the data folders pointing at the source tree and
`build/bin/calib` replaced by the CLI under test; it must exit 0. Each python block runs with the
built module on the path (and `delta_mm`-style placeholders skipped: a block that names an
undefined variable is a sketch and is marked with `# sketch` to be skipped).

usage: run_doc_commands.py CALIB_CLI SOURCE_DIR WORK_DIR [PYTHONPATH]
"""
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

cli, source, work = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
pythonpath = sys.argv[4] if len(sys.argv) > 4 else ""
docs = [source / "README.md", *sorted((source / "docs").glob("*.md"))]


def blocks(text):
    """(kind, body) of each code block: fenced (```lang) or indented by four spaces."""
    out, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)", lines[i])
        if fence:
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            out.append((fence.group(1) or "sh", lines[i + 1:j]))
            i = j + 1
        elif lines[i].startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            j = i
            while j < len(lines) and (lines[j].startswith("    ") or not lines[j].strip()):
                j += 1
            out.append(("sh", [l[4:] for l in lines[i:j]]))
            i = j
        else:
            i += 1
    return out


def shell_commands(body):
    for line in body:
        line = line.split("  #")[0].strip()
        line = re.sub(r"^\$ ", "", line)
        if line.startswith("build/bin/calib "):
            line = line[len("build/"):]
            line = line[len("bin/"):]
        if line.startswith("calib ") and "\\" not in line and "{" not in line:
            yield line


failures, ran = [], 0
env = dict(os.environ, CALIB_DATA_DIR=str(source), PYTHONPATH=pythonpath, MPLBACKEND="Agg")
shutil.rmtree(work, ignore_errors=True)
for doc in docs:
    for kind, body in blocks(doc.read_text()):
        scratch = work / f"run{ran}"
        scratch.mkdir(parents=True, exist_ok=True)
        if kind == "python":
            code = "\n".join(body)
            if "# sketch" in code:
                continue
            cmd = [sys.executable, "-c", code]
        elif kind in ("sh", "bash", ""):
            for line in shell_commands(body):
                ran += 1
                args = [cli, *shlex.split(line)[1:]]
                p = subprocess.run(args, cwd=scratch, env=env, capture_output=True, text=True,
                                   timeout=600)
                if p.returncode != 0:
                    failures.append(f"{doc.name}: `{line}` exit {p.returncode}: {p.stderr[-400:]}")
            continue
        else:
            continue
        ran += 1
        p = subprocess.run(cmd, cwd=scratch, env=env, capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            failures.append(f"{doc.name}: python block exit {p.returncode}: {p.stderr[-400:]}")

print(f"{ran} documented commands run, {len(failures)} failed")
for f in failures:
    print("FAIL", f)
sys.exit(1 if failures or ran == 0 else 0)
