"""The report checks can fail (ctest report_checks_refuse_bad_pages, label report): each
known way a page can lie or leak, applied to a copy of the generated page, must be reported
by check_report.py with the expected message, and the unchanged page must pass.

usage: check_report_self_test.py REPORT_DIR SOURCE_DIR [CTAGS]
"""
import pathlib
import re
import shutil
import sys
import tempfile

import check_report

# (what the copy gets wrong, how to make it, a fragment the check must print)
MUTATIONS = [
    ("red cells promised, none drawn", lambda s: s.replace('<td class="bad">', "<td>"),
     "promises red cells marked *"),
    ("the CSS paints red rows green", lambda s: s.replace("background: #ffcdd2", "background: #c8e6c9"),
     "the caption says red"),
    ("a count that is not the table's", lambda s: re.sub(r"(\d+) of (\d+) cells",
                                                         lambda m: f"{int(m.group(1)) + 1} of {m.group(2)} cells", s, count=1),
     "cells, the table has"),
    ("a colour count off by one", lambda s: re.sub(r": (\d+) within", lambda m: f": {int(m.group(1)) + 1} within", s, count=1),
     "green rows, the table has"),
    ("a column the table lacks", lambda s: s.replace("&quot;note&quot; column", "&quot;explanation&quot; column"),
     "names a column \"explanation\""),
    ("a table promised below that is not there", lambda s: s.replace("</h1>", "</h1><p>The next table lists all.</p>", 1),
     "points to a table below"),
    ("a table promised above that is not there", lambda s: s.replace("</h1>", "</h1><p>The table above lists all.</p>", 1),
     "points to a table above"),
    ("a figure mentioned that is not there", lambda s: s.replace("the slope figure", "the wobble figure"),
     "mentions the wobble figure"),
    ("a C++ type in the prose", lambda s: s.replace("SF2020 Table 2 by", "SF2020 io::Table 2 by", 1),
     "a C++ scope"),
    ("a CSV column name in the prose", lambda s: s.replace("the first minus the second", "e_single_impact", 1),
     "code name 'e_single_impact'"),
    ("a library function in the prose", lambda s: s.replace("<h1>libcalib report</h1>", "<h1>libcalib report</h1><p>Made by write_report for you.</p>"),
     "code name 'write_report'"),
    ("a pointer to the README", lambda s: s.replace("</section>", "<p>See README for more.</p></section>", 1),
     "points outside the report ('README')"),
    ("a repository path", lambda s: s.replace("</section>", "<p>Checked in tests/peers.</p></section>", 1),
     "points outside the report ('tests/')"),
    ("a link to the web", lambda s: s.replace("</section>", '<a href="https://example.org/x">x</a></section>', 1),
     "leaves the report folder"),
    ("an anchor to nothing", lambda s: s.replace('href="#rms_table"', 'href="#no_such_section"', 1),
     "no element has that id"),
    ("a missing figure", lambda s: re.sub(r'src="(figures/[^"]+)\.png"', r'src="\1_missing.png"', s, count=1),
     "_missing.png"),
    ("a figure captioned by its file name", lambda s: re.sub(r'(<img src="figures/[^/]+/([^".]+)\.png" alt="[^"]*"></a><figcaption>)[^<]*',
                                                             r"\1\2", s, count=1),
     "has no caption"),
]


def main(argv):
    report_dir, source = pathlib.Path(argv[1]), pathlib.Path(argv[2])
    ctags = argv[3] if len(argv) > 3 else shutil.which("ctags-universal") or shutil.which("ctags")
    original = (report_dir / "report.html").read_text(encoding="utf-8")
    failures = []
    if check_report.check(report_dir, source, ctags):
        failures.append("the unchanged page does not pass")
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp)
        (copy / "figures").symlink_to((report_dir / "figures").resolve())
        shutil.copy(report_dir / "report.md", copy / "report.md")
        for what, mutate, expected in MUTATIONS:
            page = mutate(original)
            if page == original:
                failures.append(f"{what}: the mutation changed nothing (page layout changed?)")
                continue
            (copy / "report.html").write_text(page, encoding="utf-8")
            problems = check_report.check(copy, source, ctags)
            if not any(expected in p for p in problems):
                failures.append(f"{what}: not reported (expected '{expected}'; got {problems[:3]})")
    for f in failures:
        print(f)
    print(f"check_report_self_test: {len(MUTATIONS) + 1 - len(failures)} passed, "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
