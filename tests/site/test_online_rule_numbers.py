"""A Force of Will player is told the site's own rule of online play (docs/online-rules.md,
O…), never a RESPONSE rule, when the site refuses an action of theirs or counts their clock."""

import json
import re

import pytest
from django.utils import translation

from engine.registry import bundled_decklists
from tests.support.events import EventDriver, one_table
from tests.support.online import OnlineMatch, act, game_state
from tournaments.label_messages import refusal_text
from tournaments.models import GameAction
from tournaments.services import online as svc
from tournaments.services.online import submit
from tournaments.views.play import _js_strings

pytestmark = pytest.mark.django_db(transaction=True)

GAME = "fow"
RESPONSE_RULE = re.compile(r"\bR\d+\.\d+")


@pytest.fixture
def fow_match(organizer, judge, card_sets) -> OnlineMatch:
    decks = [json.loads(path.read_text()) for path in bundled_decklists(GAME)]
    event = EventDriver(organizer, decks, game=GAME, rounds=1, best_of=3, online=True)
    match, a, b = one_table(event, judge)
    return OnlineMatch(event=event, id=match["id"], a=a, b=b)


def test_a_timeout_a_player_sends_is_refused_by_the_sites_rule(fow_match):
    for language, words in (("en", "a player cannot send"), ("ru", "игрок не может отправить")):
        with translation.override(language):
            response = fow_match.a.api.post(
                f"/api/matches/{fow_match.id}/game/actions/",
                {"seq": 1, "action": {"type": "timeout"}},
                format="json",
                HTTP_ACCEPT_LANGUAGE=language,
            )
        assert response.status_code == 400, response.content
        detail = response.json()["detail"]
        assert detail.startswith("O3.1: ") and words in detail and not RESPONSE_RULE.search(detail), detail


def test_an_action_of_an_earlier_game_is_refused_as_stale_by_the_sites_rule(fow_match, monkeypatch):
    monkeypatch.setattr(submit, "queue_action", lambda match_id: None)  # a worker that lags
    for actor in (fow_match.a, fow_match.b):
        state = game_state(actor, fow_match.id)
        choices = [x for x in state["legal_actions"] if x["type"] != "concede"]
        if choices:
            break
    assert choices, "nobody is deciding"
    assert act(actor, fow_match.id, state["next_seq"], choices[0]).status_code == 202
    row = GameAction.objects.get(match_id=fow_match.id, by_bot=False)
    GameAction.objects.filter(pk=row.pk).update(game_number=7)  # as if game 7 were long gone
    svc.match_adjudicate(match_id=fow_match.id)
    row.refresh_from_db()
    assert (row.status, row.rule, row.code) == ("refused", "O3.2", "stale_game")
    refused = game_state(actor, fow_match.id)["refused"][0]
    for language in ("en", "ru"):
        with translation.override(language):
            text = refusal_text(**{key: refused[key] for key in ("code", "params", "rule", "message")})
        assert text.startswith("O3.2: ") and not RESPONSE_RULE.search(text), text


def test_after_a_game_the_next_one_refuses_actions_while_sideboarding_by_the_sites_rule(fow_match):
    seq = game_state(fow_match.a, fow_match.id)["next_seq"]
    assert act(fow_match.a, fow_match.id, seq, {"type": "concede"}).status_code == 200
    state = game_state(fow_match.a, fow_match.id)
    assert state["game_status"] == "sideboarding"
    assert act(fow_match.a, fow_match.id, state["next_seq"], {"type": "pass"}).status_code == 400
    refused = game_state(fow_match.a, fow_match.id)["refused"][0]
    assert (refused["rule"], refused["code"]) == ("O3.3", "sideboarding")


def test_the_play_pages_clock_words_cite_the_sites_rules_and_its_swap_rule_the_games():
    for language in ("en", "ru"):
        with translation.override(language):
            strings = _js_strings(GAME)
        assert "(O2.2)" in strings["presence_clock"] and "(O2.1)" in strings["presence_next"]
        assert strings["bad_swap"].startswith("F2.4: ")
        said = " ".join(value for value in strings.values() if isinstance(value, str))
        assert not RESPONSE_RULE.search(said), said
