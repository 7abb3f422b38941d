"""``manage.py import_cards`` with a set that leaves cards out: it removes no card a deck still
names — a starter deck, a saved deck, a registration of an event not finished, a game being
played — unless told to (``--force``), and says which and where (point 13). A file it
cannot use is one line and exit 2, never a traceback (point 15)."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from engine.registry import bundled_card_sets
from tournaments.models import Card, SavedDeck
from tournaments.services.cards import CardsInUse, card_set_import

pytestmark = pytest.mark.django_db

CORE = bundled_card_sets("respons")[0]
ROOT = Path(__file__).resolve().parents[2]


def import_cards(*args: object) -> str:
    out = StringIO()
    call_command("import_cards", *map(str, args), stdout=out)
    return out.getvalue()


def core_without(tmp_path: Path, *names: str) -> Path:
    """The CORE set file without the cards named (by name or alias)."""
    data = json.loads(CORE.read_text())
    data["cards"] = [
        card for card in data["cards"] if not {card["name"], *card.get("aliases", [])} & set(names)
    ]
    path = tmp_path / "core_partial.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    return path


def canonical(alias: str) -> str:
    """The set's name of the card with this English alias."""
    return next(c["name"] for c in json.loads(CORE.read_text())["cards"] if alias in c.get("aliases", []))


def refusal(*args: object) -> CommandError:
    with pytest.raises(CommandError) as refused:
        import_cards(*args)
    assert refused.value.returncode == 2
    return refused.value


def test_it_refuses_to_remove_a_card_of_a_starter_deck_and_says_which(card_sets, tmp_path):
    before = Card.objects.count()
    message = str(refusal(core_without(tmp_path, "Commander Vesta", "Hold the Line")))
    assert message.splitlines()[0].startswith("respons:CORE: refusing to remove 2 cards still in use")
    assert f"«{canonical('Commander Vesta')}»: starter deck vesta_order.txt" in message
    assert f"«{canonical('Hold the Line')}»: starter deck vesta_order.txt" in message
    assert "--force" in message
    assert Card.objects.count() == before


def test_it_names_saved_decks_registrations_and_games_being_played(online_match, player, tmp_path):
    _event, _match_id, a, _b = online_match
    deck = a.user.registrations.get().deck
    name = next(iter(deck["main"]))
    SavedDeck.objects.create(owner=player.user, name="Mine", game="respons", decklist=deck)
    message = str(refusal(core_without(tmp_path, name)))
    line = next(line for line in message.splitlines()[1:] if "saved deck" in line)
    assert line.startswith(f"  «{canonical(name) if name.isascii() else name}»: ")
    assert "1 saved deck(s)" in line
    assert "registration(s) in events not finished" in line
    assert "game(s) being played" in line
    assert Card.objects.filter(name=canonical(name) if name.isascii() else name).exists()


def test_it_removes_them_when_forced(card_sets, tmp_path):
    output = import_cards(core_without(tmp_path, "Commander Vesta"), "--force")
    assert "1 removed" in output
    assert not Card.objects.filter(name=canonical("Commander Vesta")).exists()


def test_it_removes_a_card_no_deck_names_without_asking(card_sets, tmp_path):
    data = json.loads(CORE.read_text())
    named = " ".join(path.read_text() for path in (CORE.parent / "decks").iterdir())
    unused = next(
        c["name"] for c in data["cards"] if all(n not in named for n in (c["name"], *c.get("aliases", [])))
    )
    assert "1 removed" in import_cards(core_without(tmp_path, unused))


def another_set(tmp_path: Path, *aliases: str) -> Path:
    """A second RESPONSE set reprinting the CORE cards with these aliases."""
    data = json.loads(CORE.read_text())
    data["set"] = {**data["set"], "code": "CORE2"}
    data["cards"] = [card for card in data["cards"] if set(card.get("aliases", [])) & set(aliases)]
    path = tmp_path / "core2.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    return path


def test_it_imports_all_files_or_none(card_sets, tmp_path):
    refusal(another_set(tmp_path, "Hold the Line"), core_without(tmp_path, "Commander Vesta"))
    assert not Card.objects.filter(card_set__code="CORE2").exists()


def test_it_removes_a_card_another_set_of_the_game_still_answers_for(card_sets, tmp_path):
    import_cards(another_set(tmp_path, "Commander Vesta"))
    assert "1 removed" in import_cards(core_without(tmp_path, "Commander Vesta"))


def run_command(path: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DATABASE_URL": os.environ.get("DATABASE_URL", f"sqlite:///{path.parent}/unused.sqlite3"),
    }
    return subprocess.run(
        [sys.executable, "manage.py", "import_cards", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_deeply_nested_file_is_one_line_and_exit_2(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"game": "respons", "cards": ' + "[" * 100_000 + "]" * 100_000 + "}")
    done = run_command(deep)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [f"CommandError: {deep}: nested deeper than 64 levels"]


def test_a_nul_character_is_one_line_per_place_and_exit_2(tmp_path):
    data = json.loads(CORE.read_text())
    data["cards"][3]["name"] = "Iron\u0000Sentinel"
    bad = tmp_path / "nul.json"
    bad.write_text(json.dumps(data))
    done = run_command(bad)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert (
        done.stderr.strip().splitlines()[0]
        == f"CommandError: {bad}: cards[3].name: contains a NUL character (\\0)"
    )


def test_a_name_given_only_under_names_counts_as_a_use(card_sets, player):
    """A deck may name a card by any of its ``names``, aliases or not."""
    extra = {
        "game": "respons",
        "set": {"code": "XTRA", "name": "Extra"},
        "factions": ["order", "technology", "chaos"],
        "cards": [
            {"name": "Особый страж", "names": {"en": "Special Warden"}, "type": "unit", "factions": ["order"]}
            | {"cost": 1, "strength": 1}
        ],
    }
    card_set_import(data=extra)
    SavedDeck.objects.create(
        owner=player.user,
        name="mine",
        game="respons",
        decklist={"game": "respons", "main": {"Special Warden": 1}},
    )
    replaced = {
        **extra,
        "cards": [{**extra["cards"][0], "name": "Другой страж", "names": {"en": "Other Warden"}}],
    }
    with pytest.raises(CardsInUse) as refused:
        card_set_import(data=replaced)
    assert list(refused.value.uses) == ["Особый страж"]
    assert Card.objects.filter(name="Особый страж").exists()
