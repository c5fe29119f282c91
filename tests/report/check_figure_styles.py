"""Curves a reader can tell apart and legends that hide no data (ctest report_figure_styles,
label report).

  * the line types that tools/plot/common.gp defines, read back from gnuplot (`show linetype`):
    two line types drawn with the same dash pattern differ in colour by CIEDE2000 >= 20, and
    every colour differs from the black of the reference lines by as much; no two share colour
    and dash pattern; there are at least as many as the curves of the most crowded figure
    (data blocks of the gnuplot data the studies prepared, counted in FIGURE_DATA);
  * every legend a script places is outside the plot area (`set key ... outside`, or at a
    screen position outside the axes).

The threshold: the palette before this check had near pairs of dE00 16.0 (vermillion #D55E00 /
red #E41A1C) and 18.4 (brown / red) that readers could not tell apart in a 12-curve figure.
CIEDE2000 after Sharma, Wu & Dalal (2005), checked here against two of their published pairs.

usage: check_figure_styles.py SOURCE_DIR FIGURE_DATA   (FIGURE_DATA: <report>/figures/.work)
"""
import itertools
import math
import pathlib
import re
import subprocess
import sys

MIN_DE00 = 20.0


def srgb_to_lab(rgb):
    """CIE L*a*b* (D65) of an sRGB colour (IEC 61966-2-1, CIE 1976)."""
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116 for v in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def de2000(lab1, lab2):
    """CIEDE2000 colour difference (Sharma, Wu & Dalal 2005, eq. 1-19)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = (math.degrees(math.atan2(b, a)) % 360 for a, b in ((a1p, b1), (a2p, b2)))
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    d_hp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    r_t = -math.sin(math.radians(60 * math.exp(-((h_bar - 275) / 25) ** 2))) * r_c
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    dl, dc, dh_ = (l2 - l1) / s_l, (c2p - c1p) / s_c, d_hp / s_h
    return math.sqrt(dl ** 2 + dc ** 2 + dh_ ** 2 + r_t * dc * dh_)


def line_types(source):
    """(colour rgb, dash pattern) of every line type common.gp defines, from gnuplot itself."""
    script = (f"ext='png'; out='/tmp'; work='/tmp'; "
              f"load '{source / 'tools/plot/common.gp'}'; show linetype; show colornames")
    run = subprocess.run(["gnuplot", "-e", script], capture_output=True, text=True, check=True)
    names = {m.group(1): tuple(int(m.group(2)[i:i + 2], 16) for i in (0, 2, 4))
             for m in re.finditer(r"^\s+([\w-]+)\s+#([0-9a-f]{6}) =", run.stderr, re.M)}
    types = []
    for m in re.finditer(r"linetype \d+,\s+linecolor rgb \"([^\"]+)\".*?dashtype (\([^)]*\)|\S+)",
                         run.stdout + run.stderr):
        colour = m.group(1)
        rgb = names[colour] if colour in names else tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        types.append((rgb, m.group(2)))
    return types


def most_curves(figure_data):
    """The most data blocks (one curve each) in one prepared gnuplot data file."""
    counts = [len(re.split(r"\n\s*\n\s*\n", p.read_text().strip())) for p in figure_data.rglob("*.dat")]
    return max(counts, default=0)


def palette_problems(types, curves):
    problems = []
    if len(types) < max(curves, 1):
        problems.append(f"{len(types)} line types for a figure of {curves} curves")
    if len(set(types)) != len(types):
        problems.append("two line types share colour and dash pattern")
    black = srgb_to_lab((0, 0, 0))
    for (c1, d1), (c2, d2) in itertools.combinations(types, 2):
        de = de2000(srgb_to_lab(c1), srgb_to_lab(c2))
        if d1 == d2 and de < MIN_DE00:
            problems.append(f"colours {c1} and {c2} (same dashes {d1}) differ by dE00 {de:.1f}")
    for c, _ in set(types):
        if de2000(srgb_to_lab(c), black) < MIN_DE00:
            problems.append(f"colour {c} is too close to the reference lines' black")
    return problems


def legend_problems(source):
    problems = []
    for script in sorted((source / "tools/plot").glob("*.gp")):
        for n, line in enumerate(script.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            if re.match(r"\s*set key\b", code) and not re.search(r"\boutside\b|\bat screen\b|\boff\b", code):
                problems.append(f"{script.name}:{n}: legend inside the plot area: {line.strip()}")
    return problems


def main(argv):
    source, figure_data = pathlib.Path(argv[1]), pathlib.Path(argv[2])
    # Sharma et al. (2005) Table 1, pairs 1 and 2: dE00 = 2.0425 and 2.8615.
    for lab1, lab2, want in [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
                             ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615)]:
        assert abs(de2000(lab1, lab2) - want) < 1e-4, (lab1, lab2, de2000(lab1, lab2))
    curves = most_curves(figure_data)
    problems = palette_problems(line_types(source), curves) + legend_problems(source)
    for p in problems:
        print(p)
    print(f"check_figure_styles: {len(problems)} problems (most crowded figure: {curves} curves)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
