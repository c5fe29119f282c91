"""The report in a real browser (ctest report_page_in_chromium, label report): headless Chromium
(Debian `chromium`) loads the page with a probe script injected first in <head>; after `load`
the probe writes into the DOM how many images loaded and which did not (naturalWidth 0), and
every error event, uncaught exception, rejected promise and console.error. The DOM is dumped
and read back; Chromium's own console log (--enable-logging=stderr) is read too. A screenshot
of the page is taken and must not be blank.

usage: browser_check.py REPORT_DIR SCREENSHOT.png
       browser_check.py --self-test REPORT_DIR SCREENSHOT_DIR
         (copies of the page with a broken image path, a console error and an uncaught
          exception must each fail, naming the fault; the unchanged page must pass)
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

PROBE = """<script>
window.__faults = [];
window.addEventListener('error', function (e) {
  var t = e.target;
  if (t && t !== window && (t.src || t.href)) window.__faults.push('failed to load ' + (t.getAttribute('src') || t.href));
  else window.__faults.push('uncaught: ' + e.message);
}, true);
window.addEventListener('unhandledrejection', function (e) { window.__faults.push('unhandled rejection: ' + e.reason); });
var __consoleError = console.error;
console.error = function () { window.__faults.push('console.error: ' + Array.prototype.join.call(arguments, ' ')); __consoleError.apply(console, arguments); };
window.addEventListener('load', function () {
  var images = Array.prototype.slice.call(document.images);
  var probe = document.createElement('pre');
  probe.id = '__probe';
  probe.textContent = JSON.stringify({
    images: images.length,
    broken: images.filter(function (i) { return !i.complete || i.naturalWidth === 0; }).map(function (i) { return i.getAttribute('src'); }),
    faults: window.__faults});
  document.body.appendChild(probe);
});
</script>"""
CONSOLE_ERROR = re.compile(r"CONSOLE\(\d+\)\].*|Uncaught .*|ERR_FILE_NOT_FOUND.*")


def chromium(args, user_data):
    base = ["chromium", "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
            f"--user-data-dir={user_data}", "--virtual-time-budget=10000",
            "--enable-logging=stderr", "--v=0"]
    return subprocess.run(base + args, capture_output=True, text=True, timeout=180)


def faults_of(page, user_data):
    """Every fault the browser sees when it loads `page` (a report.html)."""
    # Beside the page, so that its relative image paths hold; one name per process.
    probe_page = page.with_name(f".probe_{os.getpid()}_{page.name}")
    text = page.read_text(encoding="utf-8")
    probe_page.write_text(text.replace("<head>", "<head>" + PROBE, 1), encoding="utf-8")
    try:
        run = chromium(["--dump-dom", probe_page.resolve().as_uri()], user_data)
    finally:
        probe_page.unlink()
    m = re.search(r'<pre id="__probe">(.*?)</pre>', run.stdout, re.S)
    if not m:
        return [f"the page did not finish loading (exit {run.returncode}): {run.stderr[-400:]}"]
    probe = json.loads(m.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
    faults = [f"image not shown: {src}" for src in probe["broken"]] + probe["faults"]
    faults += [f"console: {line}" for line in CONSOLE_ERROR.findall(run.stderr)]
    if probe["images"] == 0:
        faults.append("the page shows no image at all")
    return faults


def png_size(path):
    head = path.read_bytes()[:24]
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def screenshot(page, out, user_data, size=(1280, 3000)):
    """A screenshot of the page; a fault if it is missing, of another size, or blank (a white
    page of this size compresses to a few kB; the report's text, tables and figures do not)."""
    run = chromium([f"--screenshot={out.resolve()}", f"--window-size={size[0]},{size[1]}",
                    page.resolve().as_uri()], user_data)
    if not out.is_file():
        return [f"no screenshot written (exit {run.returncode}): {run.stderr[-400:]}"]
    faults = []
    if png_size(out) != size:
        faults.append(f"screenshot is {png_size(out)}, expected {size}")
    if out.stat().st_size < 60_000:
        faults.append(f"screenshot looks blank ({out.stat().st_size} bytes)")
    return faults


def check(report_dir, shot):
    with tempfile.TemporaryDirectory() as user_data:
        page = report_dir / "report.html"
        return faults_of(page, user_data) + screenshot(page, shot, user_data)


BROKEN = [
    ("a broken image path", lambda s: re.sub(r'src="(figures/[^"]+)\.png"', r'src="\1_gone.png"', s, count=1),
     "image not shown: figures/"),
    ("a console error", lambda s: s.replace("</body>", "<script>console.error('probe fault')</script></body>"),
     "probe fault"),
    ("an uncaught exception", lambda s: s.replace("</body>", "<script>noSuchFunction()</script></body>"),
     "noSuchFunction"),
]


def self_test(report_dir, shots):
    failures = []
    faults = check(report_dir, shots / "report.png")
    if faults:
        failures.append(f"the unchanged page fails: {faults[:3]}")
    original = (report_dir / "report.html").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as user_data:
        for i, (what, mutate, expected) in enumerate(BROKEN):
            copy = report_dir / f".broken_{os.getpid()}_{i}.html"
            copy.write_text(mutate(original), encoding="utf-8")
            try:
                faults = faults_of(copy, user_data)
            finally:
                copy.unlink()
            if not any(expected in f for f in faults):
                failures.append(f"{what}: not detected (expected '{expected}', got {faults[:3]})")
    for f in failures:
        print(f)
    print(f"browser_check self-test: {len(BROKEN) + 1 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


def main(argv):
    if shutil.which("chromium") is None:
        print("browser_check: chromium not found; tools/setup.sh installs it (apt-get install chromium)")
        return 1
    if argv[1] == "--self-test":
        return self_test(pathlib.Path(argv[2]), pathlib.Path(argv[3]))
    faults = check(pathlib.Path(argv[1]), pathlib.Path(argv[2]))
    for f in faults:
        print(f)
    print(f"browser_check: {len(faults)} faults")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
