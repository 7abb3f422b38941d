"""A sixth game's words are the site's with no edit of the site: its card types, card fields
and traits, deck zones, phases, action words and swap rule come from its own texts.py
(engine/texts.py), which the site reads through the registry (docs/ARCHITECTURE.md).

The game here is a throw-away package put beside the real ones for one test. Its English
words are ones the catalog already translates, under keys no other game uses, so a Russian
page shows them translated only if the site found them in the new game's texts.
"""

import sys
from collections.abc import Iterator

import pytest
from django.template import Context, Template
from django.utils import translation

import engine.games
from engine.registry import game_keys, games_taking
from tournaments import labels
from tournaments.label_actions import describe_action, describe_game_action
from tournaments.label_messages import violation_text
from tournaments.views.play import _js_strings

KEY = "sixth"

SOURCE = """
from engine.texts import N_, NC_, FieldWords, GameTexts


class _Rules:
    key = "sixth"
    order = 99
    title = "Sixth"
    title_ru = "Шестая"
    texts = GameTexts(
        violations={"pile_size": N_("%(where)s there may be at most %(maximum)s cards (found %(found)s)")},
        actions={"dig": N_("passes")},
        action_fields={"relic": FieldWords("card", N_("target %(what)s"))},
        card_types={"golem": NC_("card type", "Unit")},
        card_fields={"lineage": NC_("card field", "races")},
        card_values={"ember": NC_("card trait", "Fire")},
        zones={"pile": NC_("deck zone", "Main")},
        places={"pile": N_("in the main deck")},
        phases={"dusk": N_("End of turn")},
        swap_rule="S2.4",
    )


class _Cells:
    key = "cells"
    order = 98
    title = "Cells"
    title_ru = "Клетки"
    texts = GameTexts(action_sentences="cells", sentences={"pass": N_("passes")})


RULES = _Rules()
"""

CELLS = """
from engine.games.sixth import _Cells

RULES = _Cells()
"""


@pytest.fixture
def sixth_game(tmp_path, monkeypatch) -> Iterator[str]:
    """A sixth game in engine/games' search path, found by the registry's own discovery."""
    (tmp_path / KEY).mkdir()
    (tmp_path / KEY / "__init__.py").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "cells").mkdir()
    (tmp_path / "cells" / "__init__.py").write_text(CELLS, encoding="utf-8")
    monkeypatch.setattr(engine.games, "__path__", [*engine.games.__path__, str(tmp_path)])
    game_keys.cache_clear()
    games_taking.cache_clear()
    assert KEY in game_keys()
    yield KEY
    monkeypatch.undo()
    sys.modules.pop(f"engine.games.{KEY}", None)
    sys.modules.pop("engine.games.cells", None)
    game_keys.cache_clear()
    games_taking.cache_clear()


def shown(source: str) -> str:
    return Template("{% load label_tags %}" + source).render(Context({})).strip()


def test_without_the_sixth_game_its_keys_are_shown_as_they_are():
    with translation.override("ru"):
        assert shown("{{ 'golem'|card_type }} {{ 'lineage'|card_field }}") == "golem lineage"
        assert labels.zone_label("pile") == "Pile" and labels.value_label("ember") == "ember"


def test_its_card_words_are_shown_from_its_texts(sixth_game):
    with translation.override("ru"):
        said = shown(
            "{{ 'golem'|card_type }}|{{ 'lineage'|card_field }}|{{ 'pile'|zone }}|{{ 'dusk'|phase }}"
        )
        expected = [
            translation.pgettext("card type", "Unit"),
            translation.pgettext("card field", "races"),
            translation.pgettext("deck zone", "Main"),
            translation.gettext("End of turn"),
        ]
        assert said.split("|") == expected
        assert all(word.isascii() is False for word in expected)  # Russian, so the catalog said them
        assert labels.value_label("ember") == translation.pgettext("card trait", "Fire")
        assert labels.zone_label("pile", game=sixth_game) == translation.pgettext("deck zone", "Main")
    with translation.override("en"):
        assert shown("{{ 'golem'|card_type }} {{ 'pile'|zone }}") == "Unit Main"


def test_its_actions_are_said_in_its_words(sixth_game):
    def card(value):
        return "Orb" if value == 7 else None

    with translation.override("ru"):
        line = describe_game_action(
            {"type": "dig", "seat": 0, "relic": 7}, game=sixth_game, card=card, player=str
        )
        words = translation.gettext("passes")
        target = translation.gettext("target %(what)s") % {"what": "«Orb»"}
        assert line == translation.gettext("%(action)s: %(details)s") % {"action": words, "details": target}
        assert words != "passes"


def test_its_play_page_and_deck_checks_use_its_phases_places_and_swap_rule(sixth_game):
    with translation.override("ru"):
        strings = _js_strings(sixth_game)
        assert strings["phases"]["dusk"] == translation.gettext("End of turn")
        assert strings["bad_swap"].startswith("S2.4: ")
        violation = {
            "code": "pile_size",
            "params": {"zone": "pile", "label": "pile", "maximum": 5, "found": 6},
            "message": "the pile may hold at most 5 cards (found 6)",
            "game": sixth_game,
        }
        text = violation_text(violation)
        assert text.startswith(translation.gettext("in the main deck")) and "5" in text and "6" in text


def test_a_game_saying_its_actions_in_sentences_of_its_own_is_said_in_them(sixth_game):
    with translation.override("ru"):
        assert describe_action({"type": "pass"}, game="cells") == translation.gettext("passes") != "passes"


def test_responses_sentences_come_from_its_texts_in_the_readers_language():
    action = {
        "type": "play",
        "card": "Soldier",
        "cell": {"line": 2, "row": 1},
        "targets": [{"seat": 1, "zone": "hero"}],
    }
    with translation.override("ru"):
        place = translation.gettext("line %(line)s row %(row)s") % {"line": 2, "row": 1}
        target = translation.gettext("seat %(n)s (the player)") % {"n": 1}
        tail = translation.gettext(", targeting %(targets)s") % {"targets": target}
        expected = translation.gettext("play %(card)s to %(place)s%(tail)s") % {
            "card": "Солдат",
            "place": place,
            "tail": tail,
        }
        said = describe_action(action, card_name=lambda name: "Солдат", game="respons")
        assert said == expected and "line" not in said and "seat" not in said, said
        mulligan = describe_action({"type": "mulligan", "cards": ["A", "B"]}, game="respons")
        assert mulligan == translation.ngettext(
            "mulligan %(n)s card: %(cards)s", "mulligan %(n)s cards: %(cards)s", 2
        ) % {"n": 2, "cards": "A, B"}
    with translation.override("en"):
        assert (
            describe_action(action, game="respons")
            == "play Soldier to line 2 row 1, targeting seat 1 (the player)"
        )
