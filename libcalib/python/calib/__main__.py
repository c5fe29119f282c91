"""`python -m calib` and the `calib` command of a pip install: the calib CLI that ships in this
package (calib/bin/calib), run with the same arguments, its exit status the command's."""
import os
import sys
from importlib import resources


def executable():
    """The package's calib CLI."""
    return os.fspath(resources.files("calib") / "bin" / "calib")


def main():
    exe = executable()
    if not os.access(exe, os.X_OK):
        sys.exit(f"calib: the CLI {exe} is missing or not executable; reinstall the calib package")
    os.execv(exe, [exe, *sys.argv[1:]])


if __name__ == "__main__":
    main()
