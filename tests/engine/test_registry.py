"""The registry finds the games by themselves: a package of engine/games/ exposing RULES is a
game, listed by its declared order, flagship first (engine/registry.py)."""

import re
import sys
from pathlib import Path

import pytest

from engine.registry import RegistryError, discover, game_keys, get_game


def write_package(root: Path, name: str, body: str = "") -> None:
    (root / name).mkdir(parents=True)
    (root / name / "__init__.py").write_text(body, encoding="utf-8")


def rules(key: str, order: object) -> str:
    return f"class _Rules:\n    key = {key!r}\n    order = {order!r}\n\n\nRULES = _Rules()\n"


@pytest.fixture
def games_folder(tmp_path, monkeypatch, request):
    """A throw-away package of games on the import path, named after the test, forgotten after it."""
    name = "toy_games_" + re.sub(r"\W", "_", request.node.name)
    write_package(tmp_path, name)
    (tmp_path / name / "_shared.py").write_text("HELPERS = True\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name, tmp_path / name
    for module in [m for m in sys.modules if m == name or m.startswith(f"{name}.")]:
        del sys.modules[module]


def test_it_lists_the_five_games_flagship_first_in_their_declared_order():
    assert tuple(game_keys()) == ("respons", "wow", "yourwar", "chronomagia", "fow")
    assert [get_game(key).order for key in game_keys()] == sorted(get_game(key).order for key in game_keys())
    assert get_game("respons").order == 0


def test_it_finds_a_new_game_from_its_folder_alone(games_folder):
    package, folder = games_folder
    write_package(folder, "zeta", rules("zeta", 50))
    write_package(folder, "alpha", rules("alpha", 50))
    write_package(folder, "flagship", rules("flagship", 0))
    # Shared modules beside the games are not games.
    assert discover(package) == ("flagship", "alpha", "zeta")


def test_it_refuses_a_package_that_exposes_no_rules(games_folder):
    package, folder = games_folder
    write_package(folder, "stray", "HELPERS = True\n")
    with pytest.raises(RegistryError, match="exposes no RULES"):
        discover(package)


def test_it_refuses_rules_whose_key_is_not_the_folders_name(games_folder):
    package, folder = games_folder
    write_package(folder, "gamma", rules("delta", 10))
    with pytest.raises(RegistryError, match="not the folder's name"):
        discover(package)


@pytest.mark.parametrize("order", [None, "10", True, 1.5])
def test_it_refuses_an_order_that_is_not_a_whole_number(games_folder, order):
    package, folder = games_folder
    write_package(folder, "gamma", rules("gamma", order))
    with pytest.raises(RegistryError, match=r"RULES\.order"):
        discover(package)
