"""Every game package has the one shape engine/README.md describes ("Shape of a game package"):
no import cycle between its modules, no module a reader cannot hold in their head (500 lines),
and the shared types of a play (engine/play.py) taken from the engine, never declared again.

The games not yet put in that shape are listed in RESHAPING; a game leaves the list when it is
(the last test fails while a listed game has nothing left to change, so the list stays true, and
shows the checks find what they look for; it goes with the list's last game).
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

import grimp
import pytest

import engine.play
from engine.registry import game_keys

GAMES = Path(engine.play.__file__).parent / "games"
MOST_LINES = 500
SHARED_TYPES = ("IllegalAction", "GameOver", "Result", "Decision", "Event")
# Games whose packages still have cycles, modules over MOST_LINES or their own copies of the
# shared types; each leaves this set when it is put in the shape.
RESHAPING = frozenset({"wow", "yourwar"})
SHAPED = [key for key in game_keys() if key not in RESHAPING]


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("engine")


def cycles(key: str) -> list[tuple[str, str]]:
    """Return the pairs of the package's modules that import each other, directly or not."""
    package = f"engine.games.{key}"
    modules = {m for m in graph().modules if m == package or m.startswith(f"{package}.")}
    found = set()
    for module in modules:
        for imported in graph().find_modules_directly_imported_by(module) & modules:
            if imported != module and graph().find_shortest_chain(importer=imported, imported=module):
                found.add(tuple(sorted((module, imported))))
    return sorted(found)  # type: ignore[arg-type]


def large_modules(key: str) -> dict[str, int]:
    """Return the package's modules over MOST_LINES lines, with their lengths."""
    sizes = {path: len(path.read_text(encoding="utf-8").splitlines()) for path in (GAMES / key).rglob("*.py")}
    return {str(path.relative_to(GAMES)): size for path, size in sizes.items() if size > MOST_LINES}


def own_shared_types(key: str) -> list[str]:
    """Return the classes of the package named like a shared type that are not that type or a
    subclass of it (``module.Name``)."""
    found = []
    for path in sorted((GAMES / key).rglob("*.py")):
        name = ".".join(("engine", "games", *path.relative_to(GAMES).with_suffix("").parts))
        module = importlib.import_module(name.removesuffix(".__init__"))
        for shared in SHARED_TYPES:
            own = vars(module).get(shared)
            if isinstance(own, type) and not issubclass(own, getattr(engine.play, shared)):
                found.append(f"{module.__name__}.{shared}")
    return found


def test_the_flagship_is_in_the_shape_and_the_others_are_registered_games():
    assert "respons" in SHAPED
    assert set(game_keys()) >= RESHAPING


@pytest.mark.parametrize("key", SHAPED)
def test_a_game_package_has_no_import_cycle(key):
    assert cycles(key) == []


@pytest.mark.parametrize("key", SHAPED)
def test_no_module_of_a_game_package_is_over_500_lines(key):
    assert large_modules(key) == {}


@pytest.mark.parametrize("key", SHAPED)
def test_a_game_package_takes_the_shared_types_from_the_engine(key):
    assert own_shared_types(key) == []


@pytest.mark.parametrize("key", sorted(RESHAPING))
def test_a_game_still_listed_as_reshaping_has_something_left_to_change(key):
    assert cycles(key) or large_modules(key) or own_shared_types(key), (
        f"{key} is in the shape: drop it from RESHAPING"
    )
