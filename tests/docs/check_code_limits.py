"""Limits of the code base (ctest code_limits, label unit):
  * no C or C++ source file over 450 lines;
  * no function over 80 lines (universal-ctags measures each function's extent);
  * no issue number ("issue #N") and no dated measurement (YYYY-MM-DD) in a comment: history and
    measurements belong in commit messages and docs/performance.md;
  * no narration in a comment (tests/docs/narration.py): what the code was, did or measured
    ("used to", "previously", "no longer", "is now", "pow was 60 % of ..."), and no speed-up or
    measured speed ("1.59× → 1.77×", "3× faster", "13 % of the study", "µs per solve",
    "solves/s"; tools/bench/ states its goals in solves/s). A comment says what the code does and
    why; a passive "used to" (after "is", "are", ..., or opening a sentence: "Used to locate
    events") is a purpose, not history;
  * no comment naming a file that does not exist in the repository.

usage: check_code_limits.py SOURCE_DIR [CTAGS]
       check_code_limits.py --self-test FIXTURE   (the narration check refuses FIXTURE's flag()
                                                    lines and accepts its keep() lines)
"""
import json
import pathlib
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree from importing narration
from narration import narration, self_test  # noqa: E402

if len(sys.argv) == 3 and sys.argv[1] == "--self-test":
    sys.exit(self_test(pathlib.Path(sys.argv[2])))

root = pathlib.Path(sys.argv[1])
ctags = sys.argv[2] if len(sys.argv) > 2 else shutil.which("ctags")
MAX_FILE, MAX_FUNCTION = 450, 80
code_dirs = [d for d in ("libcalib", "tools", "tests", "python") if (root / d).is_dir()]
suffixes = {".cpp", ".hpp", ".h", ".c", ".py"}
sources = [p for d in code_dirs for p in (root / d).rglob("*")
           if p.suffix in suffixes and "fixtures" not in p.parts and p.is_file()]

problems = []


def repository_files():
    """The files a clean checkout has: git's index where there is one (results, reports and
    other untracked outputs of a local run must not make a comment's file reference valid)."""
    listed = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True)
    if listed.returncode == 0 and listed.stdout:
        return set(listed.stdout.splitlines())
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if ".git" not in p.parts and
            not any(part.startswith("build") for part in p.relative_to(root).parts)}


all_paths = repository_files()
all_names = {pathlib.PurePosixPath(p).name for p in all_paths}

comment_re = {".py": re.compile(r"#(.*)$"), "c": re.compile(r"//(.*)$")}
file_ref = re.compile(r"(?<![\w/.>*-])([\w./-]+\.(?:hpp|cpp|h|c|py|cmake|toml|md|gp|sh))\b")
# Our own top-level folders; a path under another root (LAMMPS' src/GRANULAR/..., Yade's
# pkg/dem/...) or a comment about another code names that code's files, not ours.
OURS = ("libcalib/", "tests/", "tools/", "configs/", "datasets/", "docs/", "cmake/")
LAYERS = ("core/", "io/", "models/", "impact/", "calibrate/", "codes/", "dynamics/", "fit/",
          "sweep/", "studies/", "report/", "calib/")
EXTERNAL = re.compile(r"LAMMPS|LIGGGHTS|Yade|MuJoCo|mujoco|Simbody|Chrono|MercuryDPM|MFiX|MFIX|"
                      r"Kratos|Exudyn|MBDyn|odeint|Boost|boost|Ceres|ceres|csv\.h|fast-cpp|"
                      r"pybind|numpy|SciPy|scipy|gnuplot|Slurm|slurm")
issue_ref = re.compile(r"issue #\d+|#\d+\b(?=\))", re.IGNORECASE)
dated = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def exists(ref):
    ref = ref.strip("./")
    if ref in all_paths or pathlib.PurePosixPath(ref).name in all_names:
        return True
    return any(p.endswith("/" + ref) for p in all_paths)


for path in sources:
    rel = path.relative_to(root).as_posix()
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    if len(lines) > MAX_FILE and path.suffix != ".py":  # C and C++ sources
        problems.append(f"{rel}: {len(lines)} lines (limit {MAX_FILE})")
    pattern = comment_re[".py"] if path.suffix == ".py" else comment_re["c"]
    for number, line in enumerate(lines, 1):
        m = pattern.search(line)
        if not m:
            continue
        comment = m.group(1)
        if issue_ref.search(comment):
            problems.append(f"{rel}:{number}: issue number in a comment: {comment.strip()[:80]}")
        if dated.search(comment):
            problems.append(f"{rel}:{number}: dated measurement in a comment: {comment.strip()[:80]}")
        for phrase in narration(comment, speeds=not rel.startswith("tools/bench/")):
            problems.append(f"{rel}:{number}: narration in a comment ({phrase!r}): "
                            f"{comment.strip()[:80]}")
        context = " ".join(lines[max(0, number - 8):number])
        for ref in file_ref.findall(comment):
            about_other_codes = rel.startswith(("libcalib/src/codes/", "tests/peers/"))
            ours = ref.startswith(OURS) or ref.startswith(LAYERS) or (
                "/" not in ref and not about_other_codes and not EXTERNAL.search(context))
            placeholder = len(pathlib.PurePosixPath(ref).stem) == 1  # configs/systems/x.toml
            if ours and not placeholder and not exists(ref):
                problems.append(f"{rel}:{number}: names a file that does not exist: {ref}")

if ctags:
    cxx = [str(p) for p in sources if p.suffix in {".cpp", ".hpp", ".h", ".c"}]
    out = subprocess.run([ctags, "--output-format=json", "--fields=+ne", "--kinds-C++=f",
                          "--kinds-C=f", "-o", "-", *cxx], capture_output=True, text=True, check=True)
    for line in out.stdout.splitlines():
        tag = json.loads(line)
        if "end" in tag and tag["end"] - tag["line"] + 1 > MAX_FUNCTION:
            rel = pathlib.Path(tag["path"]).relative_to(root).as_posix()
            problems.append(f"{rel}:{tag['line']}: function {tag['name']} is "
                            f"{tag['end'] - tag['line'] + 1} lines (limit {MAX_FUNCTION})")
else:
    problems.append("universal-ctags not found (tools/setup.sh installs universal-ctags)")

print(f"{len(problems)} problems in {len(sources)} files")
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
