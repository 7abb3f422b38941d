"""The engine's compiled build: which modules it compiles, and never a stale one.

``build_engine.py`` (``make engine``) compiles with mypyc every module of ``engine/games/`` that
carries the line :data:`MARKER`, one group per game (its shared runtime,
``engine/games/<game>__mypyc*.so``), and writes beside that runtime a manifest,
``engine/games/<game>__mypyc.json``: the SHA-256 of each source as it was compiled.

Python would import a module's extension (``*.so``) in preference to its ``.py`` whatever the
source says now, so after an edit the site and its workers would run the old build. The
finder installed here (by ``engine/__init__.py``, before any game is imported) checks a game's
manifest against its sources once per process (about a millisecond) and, when any of them
differs, a module was added or dropped, or the manifest is missing, imports the whole game
from its sources, with a :class:`StaleBuildWarning`: compiled modules of one group call each
other directly, so a group is loaded all compiled or all from source. ``RESPONS_PURE_ENGINE=1``
imports every game from its sources (tests/pure_engine.py).

This module is never compiled (it is what decides), and it imports only the standard library.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType

MARKER = "# mypyc: compiled by build_engine.py"
"""A module of ``engine/games/`` with this line (on a line of its own) is compiled."""

GAMES = Path(__file__).resolve().parent / "games"
PACKAGE = "engine.games"
PURE_ENV = "RESPONS_PURE_ENGINE"


class StaleBuildWarning(RuntimeWarning):
    """A game's compiled build no longer matches its sources: it runs from the sources."""


def module_name(path: Path, games: Path = GAMES, package: str = PACKAGE) -> str:
    """``engine/games/respons/match/board.py`` -> ``engine.games.respons.match.board``."""
    return ".".join((package, *path.relative_to(games).with_suffix("").parts))


def marked(games: Path = GAMES) -> dict[str, list[Path]]:
    """The modules to compile, by game (sorted): every ``.py`` under ``games`` with :data:`MARKER`."""
    games_found = sorted(p.name for p in games.iterdir() if (p / "__init__.py").exists())
    return {game: modules for game in games_found if (modules := list(marked_in(game, games)))}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest_path(game: str, games: Path = GAMES) -> Path:
    return games / f"{game}__mypyc.json"


def manifest(modules: Sequence[Path], games: Path = GAMES, package: str = PACKAGE) -> dict[str, str]:
    """What ``build_engine.py`` records of a group: module name -> SHA-256 of its source."""
    return {module_name(path, games, package): digest(path) for path in modules}


def stale_reason(game: str, games: Path = GAMES, package: str = PACKAGE) -> str | None:
    """Why ``game``'s compiled build must not be loaded (None when it matches its sources)."""
    try:
        recorded = json.loads(manifest_path(game, games).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "it has no manifest of its sources (rebuild it)"
    current = {module_name(path, games, package): path for path in marked_in(game, games)}
    if set(recorded) != set(current):
        return "the set of compiled modules changed"
    for name, path in current.items():
        if recorded[name] != digest(path):
            return f"{path.relative_to(games)} was edited since"
    return None


def marked_in(game: str, games: Path = GAMES) -> Iterator[Path]:
    for path in sorted((games / game).glob("**/*.py")):
        if MARKER in path.read_text(encoding="utf-8").splitlines():
            yield path


class SourceWhenStale(importlib.abc.MetaPathFinder):
    """Imports a game's modules from their sources when its compiled build is stale (or when
    :data:`PURE_ENV` is set); finds nothing itself otherwise, and the path finder goes on."""

    def __init__(self, games: Path = GAMES, package: str = PACKAGE) -> None:
        self.games, self.package = games, package + "."
        self.verdicts: dict[str, str | None] = {}

    def stale(self, game: str) -> str | None:
        if os.environ.get(PURE_ENV, "") not in ("", "0"):
            return f"{PURE_ENV} is set"
        if game not in self.verdicts:
            reason = self.verdicts[game] = stale_reason(game, self.games, self.package[:-1])
            if reason is not None:
                warnings.warn(
                    f"the compiled build of {self.package}{game} is stale ({reason}): it runs from "
                    "its sources; `make engine` rebuilds it",
                    StaleBuildWarning,
                    stacklevel=2,
                )
        return self.verdicts[game]

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(self.package):
            return None
        game, _, rest = fullname[len(self.package) :].partition(".")
        if not rest or game.endswith("__mypyc"):
            return None  # a game's package itself is never compiled; its runtime has no source
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None:
            return None
        if not spec.origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            return None
        source = Path(spec.origin).parent / (fullname.rpartition(".")[2] + ".py")
        if not source.exists() or self.stale(game) is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, SourceWhenStale) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceWhenStale())


def loaded_compiled() -> list[str]:
    """The engine modules this process imported from an extension."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("engine.") and str(getattr(module, "__file__", "")).endswith(suffixes)
    )
