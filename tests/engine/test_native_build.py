"""The compiled build (engine/native.py, build_engine.py): the modules to compile are the ones
marked in their source, and a build its sources have moved away from is never loaded."""

import importlib
import importlib.machinery
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import build_engine
from engine import native

ROOT = Path(__file__).resolve().parents[2]
SO = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_the_compiled_modules_are_the_marked_ones_and_make_reads_them_from_the_build() -> None:
    groups = build_engine.groups()
    assert set(groups) == {"respons", "wow", "fow"}
    assert "engine/games/respons/match/board.py" in groups["respons"]
    assert "engine/games/respons/match/invariants.py" not in groups["respons"]  # not marked
    # The soaks' checks of the compiled games, run after every action of their random games.
    assert "engine/games/wow/match/invariants.py" in groups["wow"]
    assert "engine/games/fow/match/invariants.py" in groups["fow"]
    listed = subprocess.run(
        [sys.executable, "build_engine.py", "--sources"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert listed == ["engine/native.py", *(m for modules in groups.values() for m in modules)]
    # One source: the Makefile's dependencies are what the build lists, not a list of its own.
    assert "ENGINE_SOURCES := $(shell $(PYTHON) build_engine.py --sources)" in (ROOT / "Makefile").read_text()


def test_no_module_is_marked_but_by_its_own_line() -> None:
    """A marker quoted inside a string or a longer comment does not count."""
    texts = [p.read_text() for p in native.GAMES.glob("**/*.py")]
    quoted = sum(text.count(native.MARKER) for text in texts)
    assert quoted == sum(len(modules) for modules in native.marked().values())


# --- a game of a throw-away package, with a stand-in for its compiled module -------------------


def a_game(root: Path, package: str = "fakeengine") -> Path:
    """``<package>/games/demo``: ``hot`` is marked (and "compiled": an extension file beside it),
    ``cold`` is not; return the games folder, with the manifest of the sources as they are."""
    games = root / package / "games"
    (games / "demo").mkdir(parents=True)
    for init in (root / package, games, games / "demo"):
        (init / "__init__.py").write_text("")
    (games / "demo" / "hot.py").write_text(f"{native.MARKER}\ndef answer() -> int:\n    return 1\n")
    (games / "demo" / "cold.py").write_text("def answer() -> int:\n    return 2\n")
    (games / "demo" / f"hot{SO}").write_bytes(b"")
    recorded = native.manifest(list(native.marked_in("demo", games)), games, f"{package}.games")
    native.manifest_path("demo", games).write_text(json.dumps(recorded))
    return games


def finder(games: Path) -> native.SourceWhenStale:
    return native.SourceWhenStale(games, package=f"{games.parent.name}.games")


def spec_of(games: Path, name: str = "hot") -> importlib.machinery.ModuleSpec | None:
    return finder(games).find_spec(f"{games.parent.name}.games.demo.{name}", [str(games / "demo")])


def test_a_build_that_matches_its_sources_is_loaded(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    games = a_game(tmp_path)
    assert native.stale_reason("demo", games, "fakeengine.games") is None
    assert spec_of(games) is None  # the path finder goes on and finds the extension
    assert spec_of(games, "cold") is None  # a module that is not compiled is none of its business


def test_an_edited_source_is_imported_instead_of_its_stale_build(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    games = a_game(tmp_path)
    hot = games / "demo" / "hot.py"
    hot.write_text(hot.read_text().replace("return 1", "return 10"))
    with pytest.warns(native.StaleBuildWarning, match=r"demo/hot\.py was edited since"):
        spec = spec_of(games)
    assert spec is not None and spec.origin == str(hot)
    # Imported through sys.meta_path as the engine installs it: the source runs, not the build.
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", [finder(games), *sys.meta_path])
    with pytest.warns(native.StaleBuildWarning):
        module = importlib.import_module("fakeengine.games.demo.hot")
    try:
        assert module.__file__ == str(hot)
        assert module.answer() == 10
    finally:
        for name in [n for n in sys.modules if n.startswith("fakeengine")]:
            del sys.modules[name]


@pytest.mark.parametrize("change", ["no manifest", "a module marked since", "a module unmarked since"])
def test_a_build_whose_modules_changed_is_stale(tmp_path: Path, monkeypatch, change: str) -> None:
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    games = a_game(tmp_path)
    demo = games / "demo"
    if change == "no manifest":
        native.manifest_path("demo", games).unlink()
    elif change == "a module marked since":
        (demo / "cold.py").write_text(native.MARKER + "\n" + (demo / "cold.py").read_text())
    else:
        (demo / "hot.py").write_text((demo / "hot.py").read_text().replace(native.MARKER + "\n", ""))
    assert native.stale_reason("demo", games, "fakeengine.games") is not None
    with pytest.warns(native.StaleBuildWarning):
        spec = spec_of(games)
    assert spec is not None and spec.origin == str(demo / "hot.py")


def test_the_pure_engine_switch_imports_every_game_from_its_sources(tmp_path: Path, monkeypatch) -> None:
    games = a_game(tmp_path)
    monkeypatch.setenv(native.PURE_ENV, "1")
    spec = spec_of(games)  # no warning: asked for
    assert spec is not None and spec.origin == str(games / "demo" / "hot.py")


def test_build_engine_names_the_stale_games(tmp_path: Path) -> None:
    games = a_game(tmp_path)
    assert build_engine.stale(games, "fakeengine.games") == {}
    (games / "demo" / "hot.py").write_text((games / "demo" / "hot.py").read_text() + "\n")
    assert build_engine.stale(games, "fakeengine.games") == {"demo": "demo/hot.py was edited since"}
    build_engine.remove(games)
    assert build_engine.compiled(games) == [] and build_engine.stale(games, "fakeengine.games") == {}


def test_the_engine_installs_the_finder_when_it_is_imported() -> None:
    assert any(isinstance(finder, native.SourceWhenStale) for finder in sys.meta_path)


# --- a real build ----------------------------------------------------------------------------------


def run(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(cwd), str(ROOT)])}
    env.pop(native.PURE_ENV, None)
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], cwd=cwd, env=env, capture_output=True, text=True
    )


@pytest.mark.slow
def test_a_real_build_runs_compiled_until_its_source_is_edited_then_from_the_source(tmp_path: Path) -> None:
    games = a_game(tmp_path, package="builtengine")
    (games / "demo" / f"hot{SO}").unlink()
    built = run(
        f"""
        from pathlib import Path
        import build_engine
        build_engine.build(Path({str(games)!r}), "builtengine.games", Path({str(tmp_path / "build")!r}))
        """,
        tmp_path,
    )
    assert built.returncode == 0, built.stderr
    assert list((games / "demo").glob(f"hot{SO}"))
    probe = f"""
        import sys, warnings
        from pathlib import Path
        from engine import native
        warnings.simplefilter("always")
        sys.meta_path.insert(0, native.SourceWhenStale(Path({str(games)!r}), "builtengine.games"))
        from builtengine.games.demo import hot
        print(hot.__file__, hot.answer())
    """
    fresh = run(probe, tmp_path)
    assert fresh.returncode == 0, fresh.stderr
    assert fresh.stdout.split() == [str(games / "demo" / f"hot{SO}"), "1"]
    assert "StaleBuildWarning" not in fresh.stderr
    hot = games / "demo" / "hot.py"
    hot.write_text(hot.read_text().replace("return 1", "return 10"))
    edited = run(probe, tmp_path)
    assert edited.returncode == 0, edited.stderr
    assert edited.stdout.split() == [str(hot), "10"]
    assert "StaleBuildWarning" in edited.stderr and "demo/hot.py was edited since" in edited.stderr
