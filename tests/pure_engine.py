"""A pytest plugin that runs the engine as pure Python where mypyc built extensions beside it.

``python -m pytest -p tests.pure_engine tests/engine`` (``make test`` runs it after the suite
when the engine is compiled): the compiled modules (engine/native.py) are imported from their
``.py`` sources instead, so both builds of the same source pass the engine's tests.
The session fails if one of them still came from an extension. Only the tests of the games
whose modules are compiled run here: another game's engine is pure Python in both runs, and
the suite has just tested it.
"""

import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import native  # noqa: E402  (the repository root is on the path only now)

# Set when the plugin is imported (``-p`` loads it before pytest-django sets Django up, which
# may import a game): the engine's own finder then imports every game from its sources.
os.environ[native.PURE_ENV] = "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the tests of the games none of whose modules is compiled (by their node ids:
    ``tests/engine/wow/…``, ``test_wow.py``, ``…[wow]``)."""
    from engine.registry import game_keys

    compiled = set(native.marked())
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
    compiled = native.loaded_compiled()
    if compiled:
        print(f"\npure_engine: these modules were imported compiled: {', '.join(compiled)}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
