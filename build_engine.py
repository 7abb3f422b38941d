"""Compile the engine's hot modules with mypyc: ``python build_engine.py`` (``make engine``,
which ``make`` runs whenever one of them changes; ``python build_engine.py --sources`` lists
them for it).

The engine is pure Python and runs as it is; compiled, the same source adjudicates and
replays about twice as fast (README, "Benchmarks"). mypyc (part of mypy) turns the
type-annotated modules into C extensions, placed next to their sources (``*.so``,
git-ignored), which Python then imports instead of the ``.py`` files. A module is compiled
when it carries engine/native.py's marker line: there is no list to keep. The build records
the hash of every source it compiled, and the engine never loads a build its sources have
moved away from (engine/native.py). Without a C compiler the build fails and everything runs
interpreted: ``make`` says so and goes on.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from engine import native  # noqa: E402  (standard library only: no engine game is imported)

# The modules to compile are the ones that say so (engine/native.py's MARKER line), one group
# per game (its own shared runtime, engine/games/<game>__mypyc): the hot modules of the engines
# whose speed the site and the benchmarks need. WoW TCG's and Force of Will's rules run through
# several priority steps per action (the chain); compiled, their random games play about twice
# as fast (docs/performance.md).
# Their soaks' checks (match/invariants.py, which the test kit runs after every action of
# hundreds of random games) are compiled with them: interpreted, reading the compiled cards'
# attributes one by one, they took most of the soak's time.
BUILD = ROOT / "var" / "mypyc"


def groups(games: Path = native.GAMES) -> dict[str, list[str]]:
    """The modules to compile by game, as paths relative to the repository root."""
    return {
        game: [str(path.relative_to(games.parent.parent)) for path in modules]
        for game, modules in native.marked(games).items()
    }


def compiled(games: Path = native.GAMES) -> list[Path]:
    """Return the extension files and manifests a build leaves in the source tree."""
    return sorted(games.glob("**/*.so")) + sorted(games.glob("*__mypyc.json"))


def stale(games: Path = native.GAMES, package: str = native.PACKAGE) -> dict[str, str]:
    """Return the games whose compiled build no longer matches its sources, with the reason
    (the engine imports them from their sources: engine/native.py)."""
    built = {path.name.split("__mypyc")[0] for path in games.glob("*__mypyc*")}
    return {game: reason for game in sorted(built) if (reason := native.stale_reason(game, games, package))}


def remove(games: Path = native.GAMES) -> None:
    for path in compiled(games):
        path.unlink()


def build(games: Path = native.GAMES, package: str = native.PACKAGE, build_dir: Path = BUILD) -> None:
    """Compile every marked module of ``games`` (run with the repository root, or the folder
    holding ``package``, as the working directory) and write each group's manifest."""
    from mypyc.build import mypycify
    from setuptools import setup

    remove(games)  # a failed build must not leave older extensions behind
    root = games.parent.parent
    marked = native.marked(games)
    # The sources as they are compiled: one edited during the build makes the build stale.
    manifests = {game: native.manifest(modules, games, package) for game, modules in marked.items()}
    extensions = [
        extension
        for game, modules in marked.items()
        for extension in mypycify(
            [str(path.relative_to(root)) for path in modules],
            opt_level="3",
            group_name=f"{package}.{game}",  # the shared runtime: <games>/<game>__mypyc
            target_dir=str(build_dir / game),
        )
    ]
    setup(
        name="respons-engine-native",
        ext_modules=extensions,
        script_args=["build_ext", "--inplace", "--build-temp", str(build_dir / "temp"), "-q"],
    )
    for game, recorded in manifests.items():
        native.manifest_path(game, games).write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")


def main(argv: list[str]) -> int:
    if argv == ["--sources"]:  # for the Makefile: what the build depends on
        print(" ".join(["engine/native.py", *(m for modules in groups().values() for m in modules)]))
        return 0
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
