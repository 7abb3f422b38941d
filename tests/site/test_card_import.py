"""``manage.py import_cards``: idempotent, all or nothing, every problem named."""

import json

import pytest
from django.core.management import CommandError, call_command

from engine.registry import bundled_card_sets
from tournaments.models import Card, CardSet

pytestmark = pytest.mark.django_db

CORE = bundled_card_sets("respons")[0]


def import_cards(*paths) -> str:
    from io import StringIO

    out = StringIO()
    call_command("import_cards", *map(str, paths), stdout=out)
    return out.getvalue()


def test_it_imports_the_starter_set():
    output = import_cards(CORE)
    assert "respons:CORE: 95 created" in output or "created" in output
    assert CardSet.objects.get(game="respons", code="CORE").cards.count() == len(
        json.loads(CORE.read_text())["cards"]
    )


def test_it_updates_on_reimport_and_never_duplicates(tmp_path):
    import_cards(CORE)
    count = Card.objects.count()
    data = json.loads(CORE.read_text())
    data["cards"][5]["cost"] = 9
    changed = tmp_path / "core.json"
    changed.write_text(json.dumps(data, ensure_ascii=False))
    output = import_cards(changed)
    assert "1 updated" in output
    assert Card.objects.count() == count
    assert Card.objects.get(name=data["cards"][5]["name"]).cost == 9
    assert "0 created, 0 updated" in import_cards(changed)


def test_it_removes_cards_no_longer_in_the_set(tmp_path):
    import_cards(CORE)
    data = json.loads(CORE.read_text())
    gone = data["cards"].pop()
    smaller = tmp_path / "core.json"
    smaller.write_text(json.dumps(data, ensure_ascii=False))
    assert "1 removed" in import_cards(smaller)
    assert not Card.objects.filter(name=gone["name"]).exists()


def test_it_refuses_an_invalid_file_whole_and_changes_nothing(tmp_path):
    import_cards(CORE)
    before = list(Card.objects.order_by("id").values_list("name", "cost"))
    data = json.loads(CORE.read_text())
    data["cards"][0]["cost"] = 1  # a valid change that must not land…
    data["cards"][12]["strength"] = -3  # …because of this invalid one
    data["cards"][13]["abilities"] = [{"trigger": "on_play", "effect": "fly", "target": "self"}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False))
    with pytest.raises(CommandError) as refused:
        import_cards(bad)
    message = str(refused.value)
    assert "cards[12].strength" in message
    assert "unknown ability kind 'fly'" in message
    assert list(Card.objects.order_by("id").values_list("name", "cost")) == before


def test_it_refuses_a_file_that_is_not_json(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"game": "respons", ')
    with pytest.raises(CommandError, match=r"broken.json: line 1 column \d+: not valid JSON"):
        import_cards(bad)
    assert not CardSet.objects.exists()


def test_it_imports_every_game(card_sets):
    assert set(CardSet.objects.values_list("game", flat=True)) == {
        "respons",
        "wow",
        "yourwar",
        "chronomagia",
        "fow",
    }
