"""A pytest plugin that runs the engine as pure Python where mypyc built extensions beside it.

``python -m pytest -p tests.pure_engine tests/engine`` (``make test`` runs it after the suite
when the engine is compiled): the compiled modules of ``build_engine.MODULES`` are imported
from their ``.py`` sources instead, so both builds of the same source pass the engine's tests.
The session fails if one of them still came from an extension. Only the tests of the games
whose modules are compiled run here: another game's engine is pure Python in both runs, and
the suite has just tested it.
"""

import importlib.abc
import importlib.machinery
import importlib.util
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build_engine  # noqa: E402  (the repository root is on the path only now)

SOURCES = {module.removesuffix(".py").replace("/", "."): ROOT / module for module in build_engine.MODULES}


class PureEngineFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' sources before the path finder finds their extensions."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        source = SOURCES.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


# Installed when the plugin is imported (``-p`` loads it before pytest-django sets Django up,
# which may import the engine).
sys.meta_path.insert(0, PureEngineFinder())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the tests of the games none of whose modules is compiled (by their node ids:
    ``tests/engine/wow/…``, ``test_wow.py``, ``…[wow]``)."""
    from engine.registry import game_keys

    compiled = {module.split("/")[2] for module in build_engine.MODULES if module.startswith("engine/games/")}
    others = [key for key in game_keys() if key not in compiled]
    if not others:
        return
    alternatives = "|".join(map(re.escape, others))
    names = re.compile(rf"(?<![a-z])(?:{alternatives})(?![a-z])")
    keep = [item for item in items if not names.search(item.nodeid)]
    if len(keep) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if names.search(item.nodeid)])
        items[:] = keep


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    compiled = [
        name
        for name in SOURCES
        if name in sys.modules and not str(getattr(sys.modules[name], "__file__", "")).endswith(".py")
    ]
    if compiled:
        print(f"\npure_engine: these modules were imported compiled: {', '.join(compiled)}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
