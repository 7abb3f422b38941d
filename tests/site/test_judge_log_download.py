"""The match log download: a formats.md JSON file that the engine's CLI replays to the
result the site recorded; officials may download it any time, the players once final."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.registry import bundled_card_sets
from tests.support.online import act, game_state, online_match, play_out
from tests.support.pages import browser
from tournaments.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


ROOT = Path(__file__).resolve().parents[2]


def engine_replay(log_path: Path) -> dict:
    """Run ``python -m engine replay --cards <every RESPONSE set> LOG.json``; return its JSON answer."""
    cards = [arg for path in bundled_card_sets("respons") for arg in ("--cards", str(path))]
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", *cards, str(log_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture
def finished(event_factory, judge):
    match = online_match(event_factory, judge, best_of=3)
    play_out(match, random.Random(7))
    return match


def test_it_replays_every_downloaded_game_to_the_recorded_result(finished, judge, tmp_path):
    games = list(finished.row.games.order_by("number"))
    assert games
    for game in games:
        response = browser(judge).get(f"/matches/{finished.id}/log.json", {"game": game.number})
        assert response.status_code == 200
        assert response["Content-Disposition"].startswith("attachment;")
        assert response["Content-Type"].startswith("application/json")
        log = json.loads(response.content)
        assert (
            log
            == finished.event.organizer.api.get(f"/api/matches/{finished.id}/log/?game={game.number}").json()
        )
        path = tmp_path / f"game-{game.number}.json"
        path.write_bytes(response.content)
        answer = engine_replay(path)
        assert answer["actions_applied"] == len(game.actions)
        assert answer["result"] == {"winner": game.winner, "reason": game.reason}


def test_it_gives_the_file_to_the_players_once_the_match_is_final(event_factory, judge, outsider, anonymous):
    finished = online_match(event_factory, judge)
    seq = game_state(finished.a, finished.id)["next_seq"]
    assert act(finished.a, finished.id, seq, {"type": "concede"}).status_code == 200
    assert finished.row.status == Match.Status.FINAL
    for player in (finished.a, finished.b):
        assert browser(player).get(f"/matches/{finished.id}/log.json?game=1").status_code == 200
    assert browser(outsider).get(f"/matches/{finished.id}/log.json?game=1").status_code == 403
    response = browser(anonymous).get(f"/matches/{finished.id}/log.json?game=1")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert browser(finished.a).get(f"/matches/{finished.id}/log.json?game=9").status_code == 404


def test_it_refuses_the_file_to_the_players_while_the_match_runs(event_factory, judge):
    match = online_match(event_factory, judge)
    for player in (match.a, match.b):
        assert browser(player).get(f"/matches/{match.id}/log.json").status_code == 403
    assert browser(judge).get(f"/matches/{match.id}/log.json").status_code == 200
    assert browser(match.event.organizer).get(f"/matches/{match.id}/log.json").status_code == 200
