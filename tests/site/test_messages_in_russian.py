"""What the site says back (refusals, validation, the audit trail, the games' logs) is in the
reader's language: the page's, or the API request's Accept-Language. Codes stay the same."""

import json

import pytest
from django.test import Client
from django.utils import translation

from engine.decklist import MAX_LINES
from engine.problems import DeckParseError, Problem
from tests.support.actors import make_players
from tests.support.events import one_table
from tournaments import label_actions, label_messages, labels
from tournaments.models import ResultChange
from tournaments.services.errors import BadInput
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

RUSSIAN = {"HTTP_ACCEPT_LANGUAGE": "ru"}


@pytest.fixture
def cup(event_factory, organizer, judge):
    event = event_factory(name="Кубок", rounds=2)
    organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    event.register(*make_players(4))
    return event


def test_a_service_refusal_follows_accept_language_and_keeps_its_code(cup, organizer):
    url = f"{cup.url}judges/"
    russian = organizer.api.post(url, {"username": "ghost"}, format="json", **RUSSIAN)
    english = organizer.api.post(url, {"username": "ghost"}, format="json")
    assert russian.status_code == english.status_code == 400
    assert russian.json() == {"detail": "username: нет пользователя «ghost»", "code": "unknown_user"}
    assert english.json() == {"detail": "username: no user named “ghost”", "code": "unknown_user"}


def test_a_settings_check_names_its_bounds_in_russian(organizer):
    with translation.override("ru"), pytest.raises(BadInput) as refused:
        event_create(organizer=organizer.user, name="Кубок", rounds=99)
    assert (refused.value.detail, refused.value.code) == ("rounds: нужно целое число от 1 до 20", "invalid")


def test_a_wrong_state_says_the_status_in_russian(cup, organizer):
    response = organizer.api.post(f"{cup.url}next-round/", **RUSSIAN)
    assert response.status_code == 409
    assert response.json() == {
        "detail": "Турнир не идёт (его статус: «Регистрация»).",
        "code": "wrong_state",
    }


def test_a_penalty_in_the_audit_trail_reads_in_the_readers_language(cup, organizer, judge):
    match = cup.start()["matches"][0]
    body = {"username": match["player_a"], "kind": "warning", "note": "медленная игра"}
    assert judge.api.post(f"/api/matches/{match['id']}/penalties/", body, format="json").status_code == 201
    # Stored as the services write it, so that old rows and English readers read the same.
    change = ResultChange.objects.get(match_id=match["id"], action="penalty")
    assert change.note == f"warning for {match['player_a']}: медленная игра"
    russian = organizer.api.get(f"/api/matches/{match['id']}/", **RUSSIAN).json()["changes"]
    english = organizer.api.get(f"/api/matches/{match['id']}/").json()["changes"]
    assert [c["note"] for c in russian if c["action"] == "penalty"] == [
        f"предупреждение: {match['player_a']}: медленная игра"
    ]
    assert [c["note"] for c in english if c["action"] == "penalty"] == [change.note]


@pytest.mark.parametrize(
    ("action", "note", "russian"),
    [
        ("penalty", "game_loss for anna", "поражение в партии: anna"),
        ("penalty", "disqualification for anna: hid a card", "дисквалификация: anna: hid a card"),
        ("drop", "anna left the event", "anna покинул турнир"),
        ("drop", "anna dropped by the organizer", "anna снят с турнира организатором"),
        ("no_show", "anna did not come to the table", "anna не пришёл к столу"),
        (
            "round_end",
            "round time is over: the game in progress counts as a draw",
            "время тура вышло: незаконченная партия засчитана как ничья",
        ),
        ("override", "a judge's own words", "a judge's own words"),
    ],
)
def test_the_services_notes_are_translated_and_a_judges_words_kept(action, note, russian):
    with translation.override("ru"):
        assert labels.change_note(action, note) == russian
    with translation.override("en"):
        assert labels.change_note(action, note) == note


def test_a_game_loss_by_penalty_says_so_in_the_logs():
    with translation.override("ru"):
        assert labels.label(labels.REASONS, "penalty") == "поражение в партии (штраф)"
        assert label_actions.describe_action({"type": "penalty_loss"}) == "поражение в партии (штраф)"
    with translation.override("en"):
        assert labels.label(labels.REASONS, "penalty") == "game loss (penalty)"
        assert label_actions.describe_action({"type": "penalty_loss"}) == "game loss (penalty)"


def test_an_unreadable_decklist_is_explained_in_russian_line_by_line(anonymous, card_sets):
    text = "Hero: Commander Vesta\nMain:\n0 Iron Sentinel\n7\n"
    russian = anonymous.api.post("/api/decks/validate/", {"deck": text}, format="json", **RUSSIAN).json()
    english = anonymous.api.post("/api/decks/validate/", {"deck": text}, format="json").json()
    assert russian["code"] == english["code"] == "bad_decklist"
    assert russian["detail"] == (
        "строка 3: не удалось прочитать «0 Iron Sentinel»: число копий должно быть не меньше 1"
        " (и ещё 1 ошибка)"
    )
    assert (
        english["detail"]
        == "line 3: cannot read '0 Iron Sentinel': the count must be at least 1 (and 1 more problem)"
    )
    assert [p["message"] for p in russian["problems"]] == [
        "не удалось прочитать «0 Iron Sentinel»: число копий должно быть не меньше 1",
        "не удалось прочитать «7»: нет названия карты",
    ]
    assert [p["where"] for p in russian["problems"]] == ["line 3", "line 4"]  # keys, as sent


def test_a_json_decklist_is_explained_in_russian_by_key_path(anonymous, card_sets):
    deck = {"hero": "", "main": {"Iron Sentinel": 0, "": 2}}
    russian = anonymous.api.post("/api/decks/validate/", {"deck": deck}, format="json", **RUSSIAN).json()
    english = anonymous.api.post("/api/decks/validate/", {"deck": deck}, format="json").json()
    assert russian["code"] == english["code"] == "bad_decklist"
    assert [p["message"] for p in russian["problems"]] == [
        "должно быть названием карты (непустой строкой)",
        "число копий — целое число ≥ 1",
        "название карты не может быть пустым",
    ]
    assert [p["message"] for p in english["problems"]] == [
        "must be a card name (a non-empty string)",
        "count must be a whole number ≥ 1",
        "card name must not be empty",
    ]
    broken = anonymous.api.post("/api/decks/validate/", {"deck": '{\n  "main": '}, format="json", **RUSSIAN)
    assert broken.json()["detail"].startswith("строка 2, столбец 11: это не JSON: ")


def test_a_decklist_with_too_many_lines_counts_them_in_proper_russian_plurals():
    def said(lines: int) -> str:
        problem = Problem("", "…", "too_many_lines", {"lines": lines, "most": MAX_LINES})
        return label_messages.parse_error_text(DeckParseError(problem))

    with translation.override("ru"):
        assert said(1001).startswith("в списке 1001 строка,")
        assert said(1002).startswith("в списке 1002 строки,")
        assert said(1005).startswith("в списке 1005 строк,")


def test_the_play_page_names_a_penalty_game_loss_in_russian(event_factory, judge):
    online = event_factory(name="Онлайн", rounds=1, online=True)
    match, a, _b = one_table(online, judge)
    browser = Client(HTTP_ACCEPT_LANGUAGE="ru")
    browser.force_login(a.user)
    html = browser.get(f"/matches/{match['id']}/play/").content.decode()
    assert json.dumps({"penalty": "поражение в партии (штраф)"})[1:-1] in html  # the page's JSON


def test_each_games_own_ways_to_end_are_registered_by_the_game_and_said_in_russian():
    from engine.registry import game_keys, get_game

    for key in game_keys():
        for reason in get_game(key).texts.reasons:
            assert reason in labels.REASONS, (key, reason)
    with translation.override("ru"):
        assert labels.label(labels.REASONS, "orders_exhausted") == "приказы закончились"
        assert labels.label(labels.REASONS, "health") == "здоровье игрока упало до 0"
        assert labels.label(labels.REASONS, "life") == "Жизнь упала до 0"
