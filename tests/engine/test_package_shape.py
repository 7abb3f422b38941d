"""Every game package has the one shape engine/README.md describes ("Shape of a game package"):
no import cycle between its modules, no module a reader cannot hold in their head (500 lines),
and the shared types of a play (engine/play.py) taken from the engine, never declared again.

Every registered game is checked, a sixth one too; the last tests plant a cycle, a long module
and a type of its own in a package made for them, to show the checks find what they look for.
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
SHAPED = list(game_keys())


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


def test_every_game_is_checked():
    assert {"respons", "wow", "yourwar", "chronomagia", "fow"} <= set(SHAPED)


@pytest.mark.parametrize("key", SHAPED)
def test_a_game_package_has_no_import_cycle(key):
    assert cycles(key) == []


@pytest.mark.parametrize("key", SHAPED)
def test_no_module_of_a_game_package_is_over_500_lines(key):
    assert large_modules(key) == {}


@pytest.mark.parametrize("key", SHAPED)
def test_a_game_package_takes_the_shared_types_from_the_engine(key):
    assert own_shared_types(key) == []


def test_the_checks_find_a_cycle_a_long_module_and_a_type_of_its_own(tmp_path, monkeypatch):
    """A package made to fail each check: two modules importing each other, a module of 501
    lines, an ``Event`` class of its own."""
    package = tmp_path / "planted"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "long.py").write_text("x = 1\n" * (MOST_LINES + 1))
    (package / "own.py").write_text("class Event:\n    pass\n")
    planted = grimp.ImportGraph()
    for name in ("engine.games.planted", "engine.games.planted.a", "engine.games.planted.b"):
        planted.add_module(name)
    planted.add_import(importer="engine.games.planted.a", imported="engine.games.planted.b")
    planted.add_import(importer="engine.games.planted.b", imported="engine.games.planted.a")
    monkeypatch.setattr(f"{__name__}.graph", lambda: planted)
    monkeypatch.setattr(f"{__name__}.GAMES", tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(
        importlib, "import_module", lambda name: __import__(name.replace("engine.games.", ""), fromlist=["*"])
    )
    assert cycles("planted") == [("engine.games.planted.a", "engine.games.planted.b")]
    assert large_modules("planted") == {"planted/long.py": MOST_LINES + 1}
    assert own_shared_types("planted") == ["planted.own.Event"]
