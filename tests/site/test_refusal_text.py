"""Refused actions read in the reader's language: on the play page and in the judges' log
(tournaments/labels.py), from the code and values the engine (or the site) gives."""

import ast
import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from engine.games.respons.match import REFUSAL_CODES, IllegalAction, new_match
from engine.games.respons.starter import load_core_catalog, starter_decks
from tests.support.online import act, game_state, online_match
from tests.support.pages import browser
from tournaments.label_messages import (
    refusal_codes_translated,
    refusal_message,
    refusal_templates,
    refusal_text,
)
from tournaments.models import GameAction

ROOT = Path(__file__).resolve().parents[2]
ENGINE_SOURCES = sorted((ROOT / "engine" / "games" / "respons" / "match").glob("*.py"))
SITE_SOURCES = sorted((ROOT / "tournaments" / "services" / "online").glob("*.py"))


def refusal_params(path: Path, call_name: str) -> dict[str, set[str]]:
    """Return each refusal code given in ``path`` (calls to ``call_name``) with the names of the
    values passed along with it."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == call_name):
            continue
        keywords = {k.arg: k.value for k in node.keywords}
        if "code" not in keywords:
            continue
        params = keywords.get("params")
        literal = isinstance(params, ast.Dict)  # not the engine's own, passed along (error.params)
        names = {k.value for k in params.keys if isinstance(k, ast.Constant)} if literal else set()
        for code in ast.walk(keywords["code"]):  # a literal, or literals in a conditional
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                found.setdefault(code.value, set()).update(names)
    return found


def every_refusal() -> dict[str, set[str]]:
    """Return the codes the engine raises and the site gives, with their values' names."""
    found: dict[str, set[str]] = {}
    for path, name in [
        *((p, "IllegalAction") for p in ENGINE_SOURCES),
        *((p, "refuse") for p in SITE_SOURCES),
    ]:
        for code, names in refusal_params(path, name).items():
            found.setdefault(code, set()).update(names)
    return found


def a_match():
    decks = list(starter_decks().values())
    return new_match(load_core_catalog(), (decks[0], decks[1]), seed=3)


def refused(match, seat, action, **kwargs) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        match.apply(seat, action, **kwargs)
    return error.value


def text_of(error: IllegalAction, language: str) -> str:
    with translation.override(language):
        return refusal_text(code=error.code, params=error.params, rule=error.rule, message=error.message)


# --- the table --------------------------------------------------------------------------------


def test_every_refusal_the_engine_or_the_site_makes_has_a_translation():
    found = every_refusal()
    assert set(REFUSAL_CODES) <= set(found)
    assert {"match_over", "no_game", "sideboarding", "game_finished"} <= set(found)  # the site's own
    assert set(found) <= refusal_codes_translated(), set(found) - refusal_codes_translated()


def test_every_refusal_of_an_actions_shape_has_a_translation():
    from engine.actions import ACTION_SHAPE_CODES, action_problem

    assert set(ACTION_SHAPE_CODES) <= refusal_codes_translated()
    problem = action_problem({"type": "timeout"}, types=("pass",))
    with translation.override("ru"):
        text = refusal_text(
            code=problem.code, params=problem.params, rule=problem.rule, message=problem.message
        )
    assert text == "R10.3: игрок не может отправить действие типа timeout"


def test_each_translation_needs_only_values_its_refusal_gives():
    with translation.override("ru"):
        templates = refusal_templates()["templates"]
    for code, names in every_refusal().items():
        wanted = set(re.findall(r"\{(\w+)\}", templates[code]))
        assert wanted <= names, (code, wanted - names)
        assert "%(" not in templates[code], code


# --- the sentences ----------------------------------------------------------------------------


def test_in_russian_a_refusal_reads_in_russian_with_its_values():
    match = a_match()
    first = match.decision().seat
    out_of_turn = refused(match, 1 - first, {"type": "keep"})
    assert (
        text_of(out_of_turn, "ru") == f"R5.2: сейчас решение за местом {first} (оставить руку или муллиган)"
    )
    stale = refused(match, first, {"type": "keep"}, seq=7)
    assert text_of(stale, "ru") == "R10.4: устаревшее действие: ожидался номер 0, получен 7"
    match.apply(first, {"type": "keep"})
    match.apply(1 - first, {"type": "keep"})
    missing = refused(match, first, {"type": "play", "card": "Кот в мешке"})
    assert text_of(missing, "ru") == "R6.3: карты «Кот в мешке» нет у вас в руке"
    costly = IllegalAction(
        "R7.1",
        "Железный страж costs 3, you have 1 influence",
        code="too_expensive",
        params={"card": "Железный страж", "cost": 3, "influence": 1},
    )
    assert text_of(costly, "ru") == "R7.1: «Железный страж» стоит 3, а у вас влияния: 1"
    over = IllegalAction("R9.5", "the game is over (concede)", code="game_over", params={"reason": "concede"})
    assert text_of(over, "ru") == "R9.5: партия окончена (сдача)"  # the reason by its label


def test_in_english_the_page_says_what_the_engine_says():
    match = a_match()
    error = refused(match, 1 - match.decision().seat, {"type": "keep"})
    assert text_of(error, "en") == str(error)


def test_without_a_translation_it_falls_back_to_the_english_message():
    with translation.override("ru"):
        assert refusal_message(code="", params={}, message="no room") == "no room"  # a row from before codes
        assert refusal_message(code="brand_new", params={}, message="no room") == "no room"
        # A value the translation needs is missing (an older engine): English, not a broken sentence.
        assert refusal_message(code="too_expensive", params={"card": "X"}, message="X costs 3") == "X costs 3"


# --- the play page and the judges' log ---------------------------------------------------------


@pytest.fixture
def match(event_factory, judge):
    return online_match(event_factory, judge, best_of=3)


def play_strings(actor, match_id: int, language: str) -> dict:
    html = browser(actor).get(f"/matches/{match_id}/play/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    found = re.search(r'<script id="play-strings" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page carries its strings as a JSON script element"
    return json.loads(found.group(1))


def out_of_turn(match):
    """The seat not deciding answers the opening hand decision: refused; return that seat."""
    waiting = match.b if game_state(match.a, match.id)["legal_actions"] else match.a
    assert act(waiting, match.id, 1, {"type": "keep"}).status_code == 400
    return waiting


@pytest.mark.django_db(transaction=True)
def test_the_answer_lists_a_refusal_with_its_code_and_values(match):
    waiting = out_of_turn(match)
    entry = game_state(waiting, match.id)["refused"][0]
    deciding = 1 - (0 if waiting is match.a else 1)
    assert entry["code"] == "not_your_decision" and entry["params"] == {
        "seat": deciding,
        "decision": "mulligan",
    }
    assert entry["message"] == f"it is seat {deciding}'s decision (mulligan)"  # still the engine's words
    row = GameAction.objects.get(match_id=match.id, status="refused")
    assert (row.code, row.params) == ("not_your_decision", entry["params"])


@pytest.mark.django_db(transaction=True)
def test_the_play_page_brings_the_refusal_texts_in_the_readers_language(match):
    strings = play_strings(match.a, match.id, "ru")
    refusals = strings["refusals"]
    assert refusals["templates"]["too_expensive"] == "«{card}» стоит {cost}, а у вас влияния: {influence}"
    assert refusals["templates"]["sideboarding"] == "идёт замена карт: партия ещё не началась"
    assert refusals["labels"]["decision"]["mulligan"] == "оставить руку или муллиган"
    assert refusals["labels"]["reason"]["concede"] == "сдача"
    assert strings["refused"] == "Отклонено ({rule}): {message}"
    # In English the page shows the engine's own message: no table needed.
    assert play_strings(match.a, match.id, "en")["refusals"] == {"templates": {}, "labels": {}}


@pytest.mark.django_db(transaction=True)
def test_the_judges_log_shows_refusals_in_the_readers_language(match, judge):
    out_of_turn(match)
    row = GameAction.objects.get(match_id=match.id, status="refused")
    url = f"/matches/{match.id}/log/"
    russian = browser(judge).get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode().split('id="refused-h"')[1]
    seat = row.params["seat"]
    assert f"сейчас решение за местом {seat} (оставить руку или муллиган)" in russian
    assert f'title="it is seat {seat}&#x27;s decision (mulligan)"' in russian  # the engine's words at hand
    english = browser(judge).get(url).content.decode().split('id="refused-h"')[1]
    assert f"it is seat {seat}&#x27;s decision (mulligan)</td>" in english


@pytest.mark.django_db(transaction=True)
def test_a_refusal_the_site_makes_itself_is_translated_too(match, judge):
    deciding = match.a if game_state(match.a, match.id)["legal_actions"] else match.b
    assert act(deciding, match.id, 1, {"type": "concede"}).status_code == 200  # game 2: sideboarding first
    assert game_state(deciding, match.id)["game_status"] == "sideboarding"
    assert act(deciding, match.id, 2, {"type": "keep"}).status_code == 400
    entry = game_state(deciding, match.id)["refused"][0]
    assert (entry["rule"], entry["code"], entry["params"]) == ("O3.3", "sideboarding", {})
    with translation.override("ru"):
        assert refusal_text(**{k: entry[k] for k in ("code", "params", "rule", "message")}) == (
            "O3.3: идёт замена карт: партия ещё не началась"
        )
