"""A pairing correction's warnings (a rematch, different points, a second bye) are kept as a code
and its values and said in the language of whoever reads them: the organizer who made the change
in Russian and a judge reading the audit trail in English each read their own."""

from types import SimpleNamespace

import pytest
from django.test import Client
from django.utils import translation

from tests.support.actors import make_players
from tournaments.audit_words import audit_lines, warning_words

pytestmark = pytest.mark.django_db

REMATCH_EN = "have played each other already: a rematch."
REMATCH_RU = "уже играли друг с другом: повторная встреча."
BYE_EN = "had no one else to play and gets a bye too."
BYE_RU = "больше не с кем играть: бай получает и он(а)."


def started(event_factory, count: int, **settings):
    cup = event_factory(**settings)
    cup.open()
    cup.register(*make_players(count))
    return cup


def tables(round_json: dict) -> dict[int, tuple[str, str | None]]:
    return {m["table"]: (m["player_a"], m["player_b"]) for m in round_json["matches"]}


def audit_said(cup, language: str) -> list[str]:
    rows = cup.organizer.api.get(f"{cup.url}audit/", HTTP_ACCEPT_LANGUAGE=language).json()
    return [line for row in rows for line in row["said"]]


def dashboard_trail(cup, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(cup.organizer.user)
    client.cookies["django_language"] = language
    html = client.get(f"/events/{cup.id}/manage/").content.decode()
    trail = html[html.index('data-testid="audit-trail"') :]
    return trail[: trail.index("</table>")]


def rematch_swap(cup, language: str):
    """Swap a round-2 winner with the player the other winner beat in round 1 (a rematch of a
    3-point player and a 0-point one), the organizer's request in ``language``."""
    first = tables(cup.start())
    cup.finish_round(1)  # player A wins at each table
    x, y = tables(cup.next_round())[1]
    loser_of_x = first[1][1] if first[1][0] == x else first[2][1]
    body = {"player_a": y, "player_b": loser_of_x, "reason": "r"}
    return cup.organizer.api.post(
        f"{cup.url}pairings/swap/", body, format="json", HTTP_ACCEPT_LANGUAGE=language
    )


def test_a_swap_made_in_russian_warns_in_russian_and_reads_in_english(event_factory):
    cup = started(event_factory, 4, rounds=3)
    response = rematch_swap(cup, "ru")
    assert response.status_code == 200, response.content
    answer = " ".join(response.json()["warnings"])
    assert REMATCH_RU in answer and "матчевых очков" in answer
    english = " ".join(audit_said(cup, "en"))
    assert REMATCH_EN in english and "match points and" in english
    assert REMATCH_RU not in english and "матчевых" not in english
    assert REMATCH_EN in dashboard_trail(cup, "en")


def test_a_bye_given_in_english_reads_in_russian(event_factory):
    cup = started(event_factory, 4)
    a, b = tables(cup.start())[1]
    response = cup.organizer.api.post(
        f"{cup.url}pairings/bye/", {"username": b, "reason": "ill"}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200, response.content
    assert response.json()["warnings"] == [f"{a} {BYE_EN}"]
    russian = audit_said(cup, "ru")
    assert f"{a} {BYE_RU}" in russian
    assert not any(BYE_EN in line for line in russian)
    trail = dashboard_trail(cup, "ru")
    assert BYE_RU in trail and BYE_EN not in trail


def test_a_warning_stored_before_the_codes_is_shown_as_it_was_written():
    old = {"round": 1, "tables": []}
    new = {
        "round": 1,
        "tables": [],
        "warnings": ["anna and boris have played each other already: a rematch."],
    }
    with translation.override("ru"):
        lines = audit_lines(SimpleNamespace(action="pairings_swap", old=old, new=new))
    assert lines == ["anna and boris have played each other already: a rematch."]


def test_a_warning_missing_a_value_says_a_dash_instead_of_failing():
    with translation.override("en"):
        assert warning_words({"code": "rematch", "params": {"a": "anna"}}) == f"anna and — {REMATCH_EN}"
