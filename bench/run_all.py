"""Run every benchmark of bench/ in turn (``make bench``); each prints its own figures.

The online benchmark runs a short round here (64 matches, 2 minutes); its full size is
``bench/bench_online.py`` with no arguments (512 matches, about 7 minutes). The profiles
benchmark runs 100,000 matches here; ``bench/bench_profiles.py`` with no arguments builds and
rates 1,000,000 (about a quarter of an hour in all). The engines' soak plays 2,000 random games
per engine here; ``bench/bench_soak.py`` with no arguments plays 10,000.
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHORT_RUN = {
    "bench_online.py": ["--matches", "64", "--minutes", "2"],
    "bench_profiles.py": ["--players", "10000", "--events", "20"],  # full size: 1,000,000 matches
    "bench_soak.py": ["--games", "2000"],  # full size: 10,000 random games per engine
}


def main() -> int:
    failed = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"\n=== {script.name}", flush=True)
        command = [sys.executable, str(script), *SHORT_RUN.get(script.name, [])]
        failed += subprocess.call(command, cwd=HERE.parent) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
