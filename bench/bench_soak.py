"""The engines' long soaks: the generic kit's random games, non-interference pairs and forks
(tests/engine/test_match_protocol_kit.py, the tests marked ``slow``) at a size the suite does
not play, with the same checks: ``python bench/bench_soak.py`` (10,000 random games per engine,
500 rounds of setup pairs, 250 forked games), ``--games N`` for another size, ``--game KEY`` for
one engine, ``--pure`` on the pure-Python engine where it is compiled. It prints the time
each test took (pytest's durations) and fails as the tests do.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KIT = "tests/engine/test_match_protocol_kit.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games per engine (SOAK_GAMES)")
    parser.add_argument("--game", help="only this engine (its registry key)")
    parser.add_argument("--pure", action="store_true", help="on the pure-Python engine")
    args = parser.parse_args()
    command = [sys.executable, "-m", "pytest", "-p", "no:django", "-p", "no:xdist", "-m", "slow"]
    command += ["--durations=0", "--durations-min=1", KIT]
    if args.game:
        command += ["-k", args.game]
    if args.pure:
        command[3:3] = ["-p", "tests.pure_engine"]
    print(f"SOAK_GAMES={args.games}", " ".join(command[1:]), flush=True)
    return subprocess.call(command, cwd=ROOT, env={**os.environ, "SOAK_GAMES": str(args.games)})


if __name__ == "__main__":
    sys.exit(main())
