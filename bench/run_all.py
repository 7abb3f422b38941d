"""Run every benchmark of bench/ in turn (``make bench``); each prints its own figures.

The online benchmark runs a short round here (64 matches, 2 minutes); its full size is
``bench/bench_online.py`` with no arguments (512 matches, about 7 minutes).
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHORT_RUN = {"bench_online.py": ["--matches", "64", "--minutes", "2"]}


def main() -> int:
    failed = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"\n=== {script.name}", flush=True)
        command = [sys.executable, str(script), *SHORT_RUN.get(script.name, [])]
        failed += subprocess.call(command, cwd=HERE.parent) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
