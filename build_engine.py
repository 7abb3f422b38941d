"""Compile the hot modules of the RESPONSE and WoW TCG engines with mypyc:
``python build_engine.py`` (``make`` runs it whenever their sources change).

The engine is pure Python and runs as it is; compiled, the same source adjudicates and
replays about twice as fast (README, "Benchmarks"). mypyc (part of mypy) turns the
type-annotated modules into C extensions, placed next to their sources (``*.so``,
git-ignored), which Python then imports instead of the ``.py`` files. Without a C compiler
the build fails and everything runs interpreted: ``make`` says so and goes on.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# One group per game (its own shared runtime, engine/games/<game>__mypyc): the hot modules of
# the engines whose speed the site and the benchmarks need. WoW TCG's and Force of Will's rules
# run through several priority steps per action (the chain); compiled, their random games play
# about twice as fast (docs/performance.md).
GROUPS = {
    "respons": [
        "engine/games/respons/abilities.py",
        "engine/games/respons/match/board.py",
        "engine/games/respons/match/insts.py",
        "engine/games/respons/match/decisions.py",
        "engine/games/respons/match/layout.py",
        "engine/games/respons/match/state.py",
        "engine/games/respons/match/resolution.py",
        "engine/games/respons/match/actions.py",
        "engine/games/respons/match/legal.py",
        "engine/games/respons/match/combat.py",
        "engine/games/respons/match/flow.py",
        "engine/games/respons/match/play.py",
        "engine/games/respons/match/record.py",
        "engine/games/respons/match/core.py",
        "engine/games/respons/match/log.py",
        "engine/games/respons/match/views.py",
        "engine/games/respons/match/scenario.py",
    ],
    "wow": [
        "engine/games/wow/match/state.py",
        "engine/games/wow/match/effects.py",
        "engine/games/wow/match/actions.py",
        "engine/games/wow/match/core.py",
        "engine/games/wow/match/views.py",
    ],
    "fow": [
        "engine/games/fow/match/state.py",
        "engine/games/fow/match/will.py",
        "engine/games/fow/match/effects.py",
        "engine/games/fow/match/board.py",
        "engine/games/fow/match/battle.py",
        "engine/games/fow/match/chase.py",
        "engine/games/fow/match/checks.py",
        "engine/games/fow/match/legal.py",
        "engine/games/fow/match/perform.py",
        "engine/games/fow/match/actions.py",
        "engine/games/fow/match/core.py",
        "engine/games/fow/match/views.py",
    ],
}
MODULES = [module for modules in GROUPS.values() for module in modules]
BUILD = ROOT / "var" / "mypyc"


def compiled() -> list[Path]:
    """Return the extension files a build leaves in the source tree."""
    found = [p for module in MODULES for p in (ROOT / module).parent.glob(Path(module).stem + ".*.so")]
    runtimes = [p for game in GROUPS for p in (ROOT / "engine" / "games").glob(f"{game}__mypyc.*.so")]
    return found + runtimes


def stale() -> list[str]:
    """Return the compiled modules older than their source (the ``.py`` was edited since)."""
    out = []
    for module in MODULES:
        source = ROOT / module
        for ext in source.parent.glob(source.stem + ".*.so"):
            if ext.stat().st_mtime < source.stat().st_mtime:
                out.append(module)
    return out


def remove() -> None:
    for path in compiled():
        path.unlink()


def main() -> int:
    from mypyc.build import mypycify
    from setuptools import setup

    remove()  # a failed build must not leave older extensions behind
    extensions = [
        extension
        for game, modules in GROUPS.items()
        for extension in mypycify(
            modules,
            opt_level="3",
            group_name=f"engine.games.{game}",  # the shared runtime: engine/games/<game>__mypyc
            target_dir=str(BUILD / game),
        )
    ]
    setup(
        name="respons-engine-native",
        ext_modules=extensions,
        script_args=["build_ext", "--inplace", "--build-temp", str(BUILD / "temp"), "-q"],
    )
    for path in compiled():  # copied with the build's times: date them now, for stale()
        path.touch()
    return 0


if __name__ == "__main__":
    sys.exit(main())
