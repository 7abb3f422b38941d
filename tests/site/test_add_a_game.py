"""CONTRIBUTING.md's "Adding a game" checklist holds for every registered game, item by item.

Each item of the checklist carries an id ([G1] ...); each id has one check here. The first
test fails when the two lists part ways, so the document and this test stay in step.
"""

import importlib
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings

from engine.cardset import load_card_set, load_catalog
from engine.decklist import load_decklist
from engine.match import MatchEngine
from engine.registry import bundled_card_sets, bundled_decklists, discover, game_keys, get_game
from tests.support.catalog import read_po
from tournaments.label_messages import refusal_codes_translated, violation_codes_translated
from tournaments.selectors.boards import GENERIC, board_module

ROOT = Path(settings.BASE_DIR)
GAMES = ROOT / "engine" / "games"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"

PROTOCOL_ATTRIBUTES = (
    "key", "order", "title", "title_ru", "zones", "formats", "card_types", "has_match_engine", "match_engine",
    "violation_codes", "action_types", "texts",
)  # fmt: skip
PROTOCOL_METHODS = ("parse_card", "validate_deck", "card_summary")


def g1_package_exposes_rules(key: str) -> None:
    rules = importlib.import_module(f"engine.games.{key}").RULES
    missing = [name for name in PROTOCOL_ATTRIBUTES if not hasattr(rules, name)]
    missing += [name for name in PROTOCOL_METHODS if not callable(getattr(rules, name, None))]
    assert not missing, f"{key}: RULES lacks {missing}"
    assert rules.key == key


def g2_found_by_the_registry(key: str) -> None:
    order = get_game(key).order
    assert isinstance(order, int) and not isinstance(order, bool), f"{key}: RULES.order is not a whole number"
    assert key in discover(), f"{key}: the registry does not find engine/games/{key}/"
    # Listed by order: no game before it has a higher one.
    keys = list(game_keys())
    assert all(get_game(other).order <= order for other in keys[: keys.index(key)])


def g3_sample_card_set_loads(key: str) -> None:
    sets = bundled_card_sets(key)
    assert sets, f"{key}: no card set in engine/games/{key}/data/"
    for path in sets:
        assert load_card_set(path).game == key


def g4_legal_sample_deck(key: str) -> None:
    rules = get_game(key)
    _rules, catalog = load_catalog(bundled_card_sets(key))
    decks = {path.name: load_decklist(path, game=key) for path in bundled_decklists(key)}
    verdicts = {name: rules.validate_deck(deck, catalog) for name, deck in decks.items()}
    assert any(not violations for violations in verdicts.values()), f"{key}: no legal sample deck: {verdicts}"


def g5_readme_lists_fields_zones_and_codes(key: str) -> None:
    readme = GAMES / key / "README.md"
    assert readme.exists(), f"{key}: no README.md"
    text = readme.read_text(encoding="utf-8")
    rules = get_game(key)
    undocumented = [code for code in rules.violation_codes if f"`{code}`" not in text]
    assert not undocumented, f"{key}: README.md does not list {undocumented}"
    unnamed_zones = [zone.key for zone in rules.zones if f"`{zone.key}`" not in text]
    assert not unnamed_zones, f"{key}: README.md does not name the zones {unnamed_zones}"
    assert re.search(r"(?im)^#+ .*card fields", text), f"{key}: README.md has no card fields section"


def g6_codes_translated(key: str) -> None:
    rules = get_game(key)
    codes = set(rules.violation_codes)
    assert codes <= rules.texts.violation_codes(), (
        f"{key}: no template in texts.py for {codes - rules.texts.violation_codes()}"
    )
    assert codes <= violation_codes_translated(key), codes - violation_codes_translated(key)
    source = (GAMES / key / "texts.py").read_text(encoding="utf-8")
    assert "N_(" in source, f"{key}: texts.py marks no template with N_"
    # The site finds the texts through the registry: labels.py names no game.
    labels_source = (ROOT / "tournaments" / "labels.py").read_text(encoding="utf-8")
    assert f'"{key}"' not in labels_source, f"labels.py branches on {key!r}"


def g7_tests_exist(key: str) -> None:
    assert (ROOT / "tests" / "engine" / "games" / f"test_{key}.py").exists() or (
        ROOT / "tests" / "engine" / key
    ).is_dir(), f"{key}: no tests under tests/engine/"


def g8_readme_games_table(key: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = re.search(rf"(?m)^\|[^|\n]*\|\s*`{key}`\s*\|([^|\n]*)\|", readme)
    assert row, f"{key}: no row in the README's games table"
    # What the row says is bundled ("ASHF, 83 cards, 3 decks") is what the game ships.
    sets = [json.loads(path.read_text(encoding="utf-8")) for path in bundled_card_sets(key)]
    codes = ", ".join(str(d["set"]["code"] if isinstance(d["set"], dict) else d["set"]) for d in sets)
    cards = sum(len(data["cards"]) for data in sets)
    decks = len(bundled_decklists(key))
    expected = f"{codes}, {cards} cards, {decks} decks"
    said = row.group(1).strip()
    assert said == expected, f"{key}: the README says {said!r}, not {expected!r}"


def _members(protocol: type) -> set[str]:
    """Return the names a Protocol class declares (attributes, properties, methods)."""
    names = {name for name in vars(protocol) if not name.startswith("_")}
    return names | set(getattr(protocol, "__annotations__", {}))


def g9_match_engine_or_none(key: str) -> None:
    rules = get_game(key)
    engine = rules.match_engine
    assert rules.has_match_engine == (engine is not None), f"{key}: has_match_engine disagrees"
    if engine is None:
        assert rules.action_types == (), f"{key}: action types without a match engine"
        return
    missing = sorted(name for name in _members(MatchEngine) if not hasattr(engine, name))
    assert not missing, f"{key}: the match engine lacks {missing}"
    assert engine.game == key and engine.action_types == rules.action_types and rules.action_types
    # mypy reads a typed assignment of the engine to the protocol in the game's package.
    sources = "".join(path.read_text(encoding="utf-8") for path in (GAMES / key).rglob("*.py"))
    assert re.search(r": MatchEngine\[\w+\] = ", sources), f"{key}: no typed MatchEngine assignment"


def g10_rules_documents(key: str) -> None:
    if get_game(key).match_engine is None:
        return
    for name in ("RULES.md", "RULES.ru.md"):
        assert (GAMES / key / name).exists(), f"{key}: no {name}"


def g11_generic_test_kit(key: str) -> None:
    engine = get_game(key).match_engine
    if engine is None:
        return
    kit = importlib.import_module("tests.engine.test_match_protocol_kit")
    assert key in kit.ENGINE_KEYS
    golden = ROOT / "tests" / "engine" / "match_golden" / key
    missing = [name for name in engine.bot_names if not (golden / f"{name}_vs_random.jsonl").exists()]
    assert not missing, f"{key}: no golden playthrough for the bots {missing}"


def g12_refusals_translated(key: str) -> None:
    engine = get_game(key).match_engine
    if engine is None:
        return
    codes = set(engine.refusal_codes)
    assert codes <= set(get_game(key).texts.refusals), codes - set(get_game(key).texts.refusals)
    assert codes <= refusal_codes_translated(key), codes - refusal_codes_translated(key)


BOARDS = ROOT / "tournaments" / "static" / "respons" / "boards"
JS_CATALOG = ROOT / "locale" / "ru" / "LC_MESSAGES" / "djangojs.po"


def g13_board_module_or_generic(key: str) -> None:
    if get_game(key).match_engine is None:
        return
    module = BOARDS / f"{key}.js"
    if not module.exists():
        assert board_module(game=key) == GENERIC and (BOARDS / "generic.js").exists()
        return
    assert board_module(game=key) == f"respons/boards/{key}.js"
    source = module.read_text(encoding="utf-8")
    registers = rf"""ResponsBoards(\[["']{key}["']\]|\.{key})\s*="""
    assert re.search(registers, source), f"{key}.js does not register window.ResponsBoards[{key!r}]"
    translated = {entry.msgid for entry in read_po(JS_CATALOG) if any(entry.translations)}
    labels = {json.loads(f'"{raw}"') for raw in re.findall(r"""\bt\(\s*"((?:[^"\\]|\\.)+)"\s*[,)]""", source)}
    untranslated = sorted(labels - translated)
    assert not untranslated, f"{key}.js: no Russian in djangojs.po for {untranslated}"


CHECKS: dict[str, Callable[[str], None]] = {
    "G1": g1_package_exposes_rules,
    "G2": g2_found_by_the_registry,
    "G3": g3_sample_card_set_loads,
    "G4": g4_legal_sample_deck,
    "G5": g5_readme_lists_fields_zones_and_codes,
    "G6": g6_codes_translated,
    "G7": g7_tests_exist,
    "G8": g8_readme_games_table,
    "G9": g9_match_engine_or_none,
    "G10": g10_rules_documents,
    "G11": g11_generic_test_kit,
    "G12": g12_refusals_translated,
    "G13": g13_board_module_or_generic,
}


def test_it_checks_exactly_the_items_of_the_checklist():
    text = CONTRIBUTING.read_text(encoding="utf-8")
    section = text.split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    items = re.findall(r"^- \*\*\[(G\d+)\]\*\*", section, flags=re.MULTILINE)
    assert items, "CONTRIBUTING.md has no [G…] checklist under 'Adding a game'"
    assert sorted(items) == sorted(CHECKS)


@pytest.mark.parametrize("key", list(game_keys()))
@pytest.mark.parametrize("item", list(CHECKS))
@pytest.mark.checked_by("the item's function in CHECKS, which asserts")
def test_every_game_meets_the_checklist(item: str, key: str):
    CHECKS[item](key)
