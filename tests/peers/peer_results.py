"""Where the peers tests put what they measured: $PEERS_OUT/<name>.csv, one row per run, for the
closing notes and docs/simulators/."""
import csv
import os
import pathlib

OUT = pathlib.Path(os.environ.get("PEERS_OUT", "peers-out"))


def append_row(name, header, row):
    """Appends `row` to OUT/name, writing `header` first when the file is new."""
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / name
    new = not path.exists()
    with path.open("a", newline="") as f:
        w = csv.writer(f)
        if new:
            w.writerow(header)
        w.writerow(row)
