"""The report says only what is on it (ctest report_page_claims, label report).

  * a paragraph that promises red, yellow or green rows/cells is followed (or, at a section's
    end, preceded) by a table that has them, and the page's CSS paints those classes in that
    colour; a promised "marked *" exists on every red cell;
  * counts it states ("63 entries: 30 ... (green), 12 ... (yellow), 21 ... (red",
    "105 of 110 cells") equal the rows and cells of that table;
  * a "quoted" name in a paragraph is a column header of that table; a table it points to
    ("the table below", "the next table", "above") is there;
  * every figure's image and link exist in the report folder and its caption is a sentence,
    not the file name;
  * no code identifier in the prose (C++ scope `::`, calls `f()`, source file names,
    snake_case names, the library's own symbol names found by universal-ctags);
  * self-contained: no reference to the README, the repository's folders, issue numbers or
    anything outside the report folder; every relative link and anchor resolves.

usage: check_report.py REPORT_DIR SOURCE_DIR [CTAGS]
       check_report.py --self-test REPORT_DIR SOURCE_DIR [CTAGS]   (check_report_self_test.py)
"""
import pathlib
import re
import shutil
import subprocess
import sys

from report_page import css_background, read_page, table_of

COLOURS = {"red": "bad", "yellow": "minor", "green": "ok"}


def is_colour(rgb, name):
    """Whether a CSS background reads as `name`: its dominant channels."""
    r, g, b = rgb
    return {"red": r > g + 20 and r > b + 20, "green": g > r + 10 and g > b + 10,
            "yellow": r > b + 40 and g > b + 40 and abs(r - g) < 60}[name]


def classes_in(table):
    found = set()
    for row in table["rows"]:
        found.add(row["cls"])
        found.update(cls for cls, _ in row["cells"])
    return found


# "30 within the printed rounding (green)": a count opening a clause, then its colour.
COUNTED = re.compile(r"(?:^|[:,;]\s)(\d+)\s[^()\d:,;]*\((green|yellow|red)\b")


def colour_claims(page, sid, blocks, i, table):
    problems, text = [], blocks[i]["text"]
    counted = {m.group(2) for m in COUNTED.finditer(text)}  # count_claims checks those
    for colour, cls in COLOURS.items():
        if colour in counted or not re.search(rf"\b{colour}\b", text, re.IGNORECASE):
            continue
        rgb = css_background(page.style, cls)
        if table is None or cls not in classes_in(table):
            problems.append(f"{sid}: the caption promises {colour} ({cls}) rows or cells, the "
                            f"table has none: {text[:80]}")
        elif rgb is None or not is_colour(rgb, colour):
            problems.append(f"{sid}: the caption says {colour}, the CSS paints class {cls} {rgb}")
    if table is not None and "marked *" in text:
        red = [c for row in table["rows"] for cls, c in row["cells"] if cls == "bad"]
        if not red or not all(c.endswith("*") for c in red):
            problems.append(f"{sid}: the caption promises red cells marked *, the table has "
                            f"{len(red)} red cells, not all marked")
    return problems


def count_claims(sid, text, table):
    """Numbers the caption states about its table."""
    problems = []
    if table is None:
        return problems
    rows = table["rows"]
    m = re.search(r"(\d+) entries", text)
    if m and int(m.group(1)) != len(rows):
        problems.append(f"{sid}: the caption counts {m.group(1)} entries, the table has {len(rows)}")
    for m in COUNTED.finditer(text):
        have = sum(r["cls"] == COLOURS[m.group(2)] for r in rows)
        if int(m.group(1)) != have:
            problems.append(f"{sid}: the caption counts {m.group(1)} {m.group(2)} rows, the table "
                            f"has {have}")
    m = re.search(r"(\d+) of (\d+) cells", text)
    if m:
        cells = [c for r in rows for _, c in r["cells"][1:]]
        marked = sum(c.endswith("*") for c in cells)
        if (int(m.group(1)), int(m.group(2))) != (marked, len(cells)):
            problems.append(f"{sid}: the caption says {m.group(1)} of {m.group(2)} cells, the "
                            f"table has {marked} of {len(cells)}")
    return problems


def quoted_columns(sid, text, table):
    headers = table["headers"] if table else []
    return [f"{sid}: the caption names a column \"{q}\" that its table lacks ({headers})"
            for q in re.findall(r'"([^"]+)"', text) if q not in headers]


def position_claims(sid, blocks, i):
    """A caption that points to the table below (or the next one) or above has one there."""
    text, problems = blocks[i]["text"], []
    tables_after = sum(b["kind"] == "table" for b in blocks[i + 1:])
    tables_before = sum(b["kind"] == "table" for b in blocks[:i])
    if re.search(r"table below|next table", text) and tables_after == 0:
        problems.append(f"{sid}: the caption points to a table below, there is none: {text[:80]}")
    if re.search(r"table after next", text) and tables_after < 2:
        problems.append(f"{sid}: the caption points to the table after next, there is none")
    if re.search(r"\b(?:table|residual|coordinates) above\b", text) and tables_before == 0:
        problems.append(f"{sid}: the caption points to a table above, there is none: {text[:80]}")
    return problems


def paragraph_claims(page):
    problems = []
    for sid, blocks in page.sections.items():
        for i, block in enumerate(blocks):
            if block["kind"] != "p":
                continue
            table = table_of(blocks, i)
            problems += colour_claims(page, sid, blocks, i, table)
            problems += count_claims(sid, block["text"], table)
            problems += quoted_columns(sid, block["text"], table)
            problems += position_claims(sid, blocks, i)
    return problems


def mentioned_figures(sid, blocks):
    """'the slope figure' in a caption or paragraph: a figure of the section is about slopes."""
    figures = [b for b in blocks if b["kind"] == "figure"]
    problems = []
    for block in blocks:
        text = block.get("text") or block.get("caption") or ""
        for word in re.findall(r"\bthe (\w+) figure\b", text):
            # What the other figures show, without their own mentions of figures.
            others = [re.sub(r"\bthe \w+ figure\b", "", f["caption"]).lower()
                      for f in figures if f is not block]
            if not any(word.lower() in caption for caption in others):
                problems.append(f"{sid}: a caption mentions the {word} figure; no figure is about it")
    return problems


def figure_claims(page, report_dir):
    problems = []
    for sid, blocks in page.sections.items():
        problems += mentioned_figures(sid, blocks)
        for fig in (b for b in blocks if b["kind"] == "figure"):
            for target in (fig["img"], fig["href"]):
                if not target or not (report_dir / target).is_file():
                    problems.append(f"{sid}: figure file {target} is missing")
            stem = pathlib.PurePosixPath(fig["img"] or "").stem
            caption = fig["caption"]
            if caption == stem or len(caption.split()) < 4:
                problems.append(f"{sid}: figure {fig['img']} has no caption, only '{caption}'")
    return problems


CODE = [(re.compile(r"\w::\w"), "a C++ scope"), (re.compile(r"\b\w+\(\)"), "a function call"),
        (re.compile(r"\b[\w-]+\.(?:cpp|hpp|h|py|gp|toml|cmake|md|json)\b"), "a source file name")]
OUTSIDE = re.compile(r"README|\bseeds?\b|issue #\d+|\bctest\b|"
                     r"\b(?:tests|docs|configs|tools|libcalib|datasets|shared)/|\.\./",
                     re.IGNORECASE)


def snake_case(token):
    """A code name such as e_single_impact or report_section (two word-like parts, or a
    subscript of five letters or more), not a symbol with subscripts such as m_eff, v_in,
    c_eq49 or m_app_i."""
    parts = token.split("_")
    if len(parts) < 2 or not all(parts):
        return False
    words = [p for p in parts if re.fullmatch(r"[A-Za-z]{3,}", p)]
    return len(words) >= 2 or any(len(p) >= 5 and p.isalpha() for p in parts[1:])


def library_symbols(source, ctags):
    """Names of the library's functions, types and variables that cannot be English words:
    with an underscore or an inner capital (ExactDamping, report_section)."""
    if not ctags:
        return set()
    # Functions, prototypes, classes, structs, enums, namespaces and typedefs: not variables
    # and members, whose names are the papers' symbols (m_eff, v_in, c_opt).
    out = subprocess.run([ctags, "-R", "--languages=C++", "--kinds-C++=fpcsgnt", "-f", "-",
                          str(source / "libcalib")], capture_output=True, text=True,
                         check=True).stdout
    names = {line.split("\t", 1)[0] for line in out.splitlines()}
    return {n for n in names if "_" in n or re.search(r"[a-z][A-Z]", n)}


def prose_claims(page, symbols):
    problems = []
    for tag, text in page.prose:
        words = " ".join(w for w in text.split() if not w.startswith("/"))  # the results path
        for pattern, what in CODE:
            for m in pattern.finditer(words):
                problems.append(f"<{tag}> holds {what} '{m.group(0)}': {text[:80]}")
        for token in set(re.findall(r"[A-Za-z][\w]*", words)):
            math_symbol = re.fullmatch(r"[A-Za-z]_[A-Za-z0-9]+", token)  # c_opt, v_in
            if snake_case(token) or (token in symbols and not math_symbol):
                problems.append(f"<{tag}> holds the code name '{token}': {text[:80]}")
        m = OUTSIDE.search(words)
        if m:
            problems.append(f"<{tag}> points outside the report ('{m.group(0)}'): {text[:80]}")
    return problems


def link_claims(page, report_dir):
    problems = []
    for attr, value in page.links:
        if value.startswith("#"):
            if value[1:] not in page.ids:
                problems.append(f"{attr}={value}: no element has that id")
        elif re.match(r"[a-z]+:|/|\.\.", value):
            problems.append(f"{attr}={value} leaves the report folder")
        elif not (report_dir / value).is_file():
            problems.append(f"{attr}={value} does not exist in {report_dir}")
    return problems


def check(report_dir, source, ctags):
    page = read_page((report_dir / "report.html").read_text(encoding="utf-8"))
    if not page.sections or not any(b["kind"] == "table" for s in page.sections.values() for b in s):
        return ["the page has no section with a table"]
    problems = paragraph_claims(page) + figure_claims(page, report_dir)
    problems += prose_claims(page, library_symbols(source, ctags)) + link_claims(page, report_dir)
    md = (report_dir / "report.md").read_text(encoding="utf-8")
    m = OUTSIDE.search(re.sub(r"```.*?```", "", md, flags=re.S)) or re.search(r"\w::\w", md)
    if m:
        problems.append(f"report.md: '{m.group(0)}'")
    return problems


def main(argv):
    report_dir, source = pathlib.Path(argv[1]), pathlib.Path(argv[2])
    ctags = argv[3] if len(argv) > 3 else shutil.which("ctags-universal") or shutil.which("ctags")
    problems = check(report_dir, source, ctags)
    for p in problems:
        print(p)
    print(f"check_report: {len(problems)} problems in {report_dir / 'report.html'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
