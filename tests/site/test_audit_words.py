"""The dashboard's audit trail says each change in words, in the reader's language ("anna checked
in", "Table 4: anna vs boris → anna vs kira"), never a field name (`checked_in`), a stored
value (`False → True`) or a Python dict; every kind of change the services record is covered."""

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from tests.support.actors import make_players
from tournaments import labels
from tournaments.audit_words import TELLERS, audit_lines

RESULT = {"wins_a": 0, "wins_b": 0, "draws": 0, "status": "pending"}
FINAL = {"wins_a": 2, "wins_b": 1, "draws": 0, "status": "final"}
TABLES = [{"table": 4, "a": "anna", "b": "boris"}, {"table": 5, "a": "kira", "b": None}]
SWAPPED = [{"table": 4, "a": "anna", "b": "kira"}, {"table": 5, "a": "boris", "b": None}]
TEAMS = [{"table": 1, "a": "Owls", "b": "Larks"}, {"table": 2, "a": "Kites", "b": "Crows"}]
TEAMS_SWAPPED = [{"table": 1, "a": "Owls", "b": "Kites"}, {"table": 2, "a": "Larks", "b": "Crows"}]

# One change of each kind, as the services store it (old, new).
SAMPLES: dict[str, tuple[dict, dict]] = {
    "report": (RESULT, {**FINAL, "status": "reported"}),
    "judge_report": (RESULT, FINAL),
    "override": ({**FINAL, "round": 2, "table": 4}, {**FINAL, "wins_b": 2}),
    "confirm": ({**FINAL, "status": "reported"}, FINAL),
    "dispute": ({**FINAL, "status": "reported"}, {**FINAL, "status": "reported"}),
    "engine": ({"status": "pending"}, FINAL),
    "round_end": ({"status": "pending"}, {"wins_a": 1, "wins_b": 1, "draws": 1, "status": "final"}),
    "penalty": (RESULT, FINAL),
    "no_show": (RESULT, {"wins_a": 1, "wins_b": 0, "draws": 0, "status": "final"}),
    "drop": ({}, {"player": "boris"}),
    "extend": ({"extension_minutes": 0}, {"extension_minutes": 10}),
    "edit": (
        {"online": False, "round_minutes": 50, "starts_at": None, "spectators": "nobody", "game": "respons"},
        {
            "online": True,
            "round_minutes": 45,
            "starts_at": "2030-10-04T08:00:00+00:00",
            "spectators": "anyone",
            "game": "wow",
        },
    ),
    "cancel": ({"status": "registration"}, {"status": "cancelled"}),
    "delete": ({"id": 7, "name": "Spring Cup", "status": "draft"}, {}),
    "judge_remove": ({"judge": "jury"}, {}),
    "walk_in": ({}, {"player": "kira", "new_account": True, "status": "waitlist"}),
    "pairings_publish": ({"published": False}, {"round": 2, "published": True}),
    "pairings_swap": ({"round": 1, "tables": TABLES}, {"round": 1, "tables": SWAPPED, "warnings": []}),
    "bye_manual": ({"round": 1, "tables": TABLES}, {"round": 1, "tables": SWAPPED, "warnings": []}),
    "round_repair": ({"round": 1, "seed": 1, "tables": TABLES}, {"round": 1, "seed": 2, "tables": SWAPPED}),
    "team_swap": (
        {"round": 1, "teams": TEAMS, "tables": TABLES},
        {"round": 1, "teams": TEAMS_SWAPPED, "tables": SWAPPED, "warnings": []},
    ),
    "team_bye": (
        {"round": 1, "teams": TEAMS, "tables": TABLES},
        {"round": 1, "teams": TEAMS_SWAPPED, "tables": SWAPPED, "warnings": []},
    ),
    "team_drop": ({}, {"team": "Owls", "players": ["anna", "boris"], "player": "boris"}),
    "seeds_swap": (
        {"a": "anna", "b": "kira", "seed_a": 1, "seed_b": 8, "rounds": [{"round": 1, "tables": TABLES}]},
        {"a": "anna", "b": "kira", "seed_a": 8, "seed_b": 1, "rounds": [{"round": 1, "tables": SWAPPED}]},
    ),
    "seeds_redraw": (
        {"seed": 1, "seeds": ["anna", "boris", "kira"], "rounds": [{"round": 1, "tables": TABLES}]},
        {"seed": 2, "seeds": ["kira", "anna", "boris"], "rounds": [{"round": 1, "tables": SWAPPED}]},
    ),
    "round_undo": (
        {"round": 2, "kind": "swiss", "tables": [{"table": 1, "a": "anna", "b": "boris", **FINAL}]},
        {"round": 1, "status": "running"},
    ),
    "pairing_forbid": ({}, {"a": "anna", "b": "boris"}),
    "pairing_allow": ({"a": "anna", "b": "boris"}, {}),
    "check_in": ({"checked_in": False}, {"checked_in": True, "player": "anna"}),
    "check_in_undo": ({"checked_in": True}, {"checked_in": False, "player": "anna"}),
    "check_in_close": ({}, {"dropped": "oleg, petr", "promoted": "kira"}),
    "webhook_add": ({}, {"webhook": 3, "url": "https://example.org/…", "discord": True}),
    "webhook_remove": ({"webhook": 3, "url": "https://example.org/…", "discord": False}, {}),
    "pool": ({"player": "anna", "cards": {}}, {"player": "anna", "cards": {"Vesta": 2, "Storm": 3}}),
    "seed_order": ({"order": ["anna", "boris"]}, {"order": ["boris", "anna"]}),
}

RAW = re.compile(r"[{}\[\]]|'\w+'|\bTrue\b|\bFalse\b|\bNone\b|\b[a-z]+_[a-z_]+\b")


def said(action: str, language: str) -> list[str]:
    old, new = SAMPLES[action]
    with translation.override(language):
        return audit_lines(SimpleNamespace(action=action, old=old, new=new), "Europe/Moscow")


def recorded_actions() -> set[str]:
    """The actions the services write to the audit trail, read from their source."""
    found: set[str] = set()
    patterns = [
        r'action="(\w+)"',  # ResultChange.objects.create(..., action="confirm", ...)
        r'_audit\(\s*\w+,\s*\w+,\s*"(\w+)"',  # _audit(event, by, "edit", ...)
        r'by,\s*"(\w+)" if \w+ else "(\w+)"',  # _audit(event, by, "check_in" if … else "check_in_undo"
        r'_match_lost\([^)]*?"(\w+)"',  # _match_lost(match, loser, by, "no_show", ...)
        r'record_result\(match, action="(\w+)"',
    ]
    for path in (Path(settings.BASE_DIR) / "tournaments" / "services").rglob("*.py"):
        text = path.read_text()
        for pattern in patterns:
            for hit in re.findall(pattern, text):
                found.update(h for h in (hit if isinstance(hit, tuple) else (hit,)) if h)
    return found


def test_every_kind_of_change_the_services_record_is_told_and_labelled():
    recorded = recorded_actions()
    assert {"check_in", "check_in_undo", "edit", "pairings_swap", "no_show", "engine"} <= recorded
    assert recorded <= set(TELLERS), recorded - set(TELLERS)
    assert set(TELLERS) <= set(labels.RESULT_CHANGES), set(TELLERS) - set(labels.RESULT_CHANGES)
    assert set(SAMPLES) == set(TELLERS)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("action", sorted(SAMPLES))
def test_each_kind_of_change_is_said_in_words(action, language):
    lines = said(action, language)
    assert lines and all(line.strip() for line in lines)
    for line in lines:
        assert not RAW.search(line), (action, language, line)
    if language == "ru":
        assert any(re.search("[а-яё]", line, re.I) for line in lines), lines


def test_the_sentences_say_what_happened():
    assert said("check_in", "en") == ["anna checked in"]
    assert said("pairings_swap", "en") == [
        "Table 4: anna vs boris → anna vs kira",
        "Table 5: kira has a bye → boris has a bye",
    ]
    assert "Online event: no → yes" in said("edit", "en")
    assert said("seed_order", "en") == ["Seed order set: 1. boris, 2. anna"]
    assert "Round length, minutes: 50 → 45" in said("edit", "en")
    assert "Игрок anna отметился" in said("check_in", "ru")
    assert "Стол 4: anna против boris → anna против kira" in said("pairings_swap", "ru")
    assert said("override", "en")[0] == "Round 2, table 4"
    assert said("seeds_swap", "en") == [
        "Seeds swapped: anna is seed 8 now, kira seed 1",
        "Round 1 paired again",
        "Table 4: anna vs boris → anna vs kira",
        "Table 5: kira has a bye → boris has a bye",
    ]
    assert said("team_swap", "en")[:3] == [
        "Team table 1: Owls vs Larks → Owls vs Kites",
        "Team table 2: Kites vs Crows → Larks vs Crows",
        "Table 4: anna vs boris → anna vs kira",
    ]
    assert said("team_swap", "ru")[0] == "Командный стол 1: Owls против Larks → Owls против Kites"
    assert said("team_drop", "en") == ["The team “Owls” dropped: anna, boris"]
    assert said("team_drop", "ru") == ["Команда «Owls» выбыла: anna, boris"]
    assert said("seeds_redraw", "en")[0] == "Seeds drawn again: 1. kira, 2. anna, 3. boris"
    assert said("seeds_swap", "ru")[0] == "Посев обменян: anna теперь под номером 8, kira — под номером 1"


# -------------------------------------------------------------------------- on the dashboard


@pytest.mark.django_db
def test_the_dashboard_says_each_change_in_words_in_both_languages(event_factory, organizer):
    cup = event_factory(name="Cup", check_in_required=True, rounds=2)
    cup.open()
    players = make_players(4)
    cup.register(*players)
    for p in players:
        assert p.api.post(f"{cup.url}check-in/", {}, format="json").status_code == 200
    organizer.api.patch(cup.url, {"round_minutes": 45}, format="json")
    round_ = cup.start()
    first, second = round_["matches"][0], round_["matches"][1]
    body = {"player_a": first["player_b"], "player_b": second["player_b"], "reason": "friends"}
    assert organizer.api.post(f"{cup.url}pairings/swap/", body, format="json").status_code == 200

    for language, words in (
        ("en", ["p001 checked in", "Round length, minutes: 50 → 45", f"Table 1: {first['player_a']} vs"]),
        (
            "ru",
            [
                "Игрок p001 отметился",
                "Длительность раунда, минут: 50 → 45",
                f"Стол 1: {first['player_a']} против",
            ],
        ),
    ):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(organizer.user)
        client.cookies["django_language"] = language
        html = client.get(f"/events/{cup.id}/manage/").content.decode()
        trail = html[html.index('data-testid="audit-trail"') :]
        trail = trail[: trail.index("</table>")]
        for word in words:
            assert word in trail, (language, word)
        for raw in ("checked_in", "False", "True", "round_minutes", "{&#x27;", "&#x27;table&#x27;"):
            assert raw not in trail, (language, raw)
    said_api = organizer.api.get(f"{cup.url}audit/").json()
    assert "p001 checked in" in [line for row in said_api for line in row["said"]]
