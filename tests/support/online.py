"""Shorthand for the judge, bot and progress tests: an online match and two clients playing it."""

import html as html_lib
import json
import random
import re
from dataclasses import dataclass
from typing import Any

from tests.support.actors import Actor, make_players
from tests.support.events import EventDriver, one_table
from tests.support.pages import browser
from tournaments.models import Game, Match
from tournaments.services.online import submit


@dataclass
class OnlineMatch:
    """An online event in round 1 with one match: its players by seat, and a judge."""

    event: EventDriver
    id: int
    a: Actor  # seat 0
    b: Actor  # seat 1
    deciding: int = 0  # the seat that decided last (play_step asks it first)

    @property
    def row(self) -> Match:
        return Match.objects.get(pk=self.id)

    def game(self, number: int | None = None) -> Game:
        games = Game.objects.filter(match_id=self.id)
        return games.get(number=number) if number else games.order_by("-number").first()

    def seat(self, index: int) -> Actor:
        return (self.a, self.b)[index]


def online_match(event_factory, judge: Actor, *, best_of: int = 1, rounds: int = 1) -> OnlineMatch:
    """Return a started online event with two players at one table and ``judge`` added."""
    event = event_factory(rounds=rounds, best_of=best_of, online=True)
    match, a, b = one_table(event, judge)
    return OnlineMatch(event=event, id=match["id"], a=a, b=b)


def queued_round(event_factory, monkeypatch, *, players: int) -> list[tuple[int, Actor, Actor]]:
    """Start an online round of ``players`` new players whose actions are only queued (no worker
    runs; the test drains them itself): each match's id and its players by seat."""
    monkeypatch.setattr(submit, "queue_action", lambda match_id: None)
    event = event_factory(rounds=1, best_of=1, online=True)
    event.open()
    entrants = make_players(players)
    event.register(*entrants)
    by_name = {p.name: p for p in entrants}
    return [(m["id"], by_name[m["player_a"]], by_name[m["player_b"]]) for m in event.start()["matches"]]


def queue_first_move(match_id, a, b):
    """POST the deciding player's first legal action; return (actor, seq, action, view seq)."""
    for actor in (a, b):
        state = actor.api.get(f"/api/matches/{match_id}/game/").json()
        choices = [x for x in state["legal_actions"] if x["type"] != "concede"]
        if choices:
            body = {"seq": state["next_seq"], "action": choices[0]}
            response = actor.api.post(f"/api/matches/{match_id}/game/actions/", body, format="json")
            assert response.status_code == 202, response.content
            return actor, body["seq"], body["action"], state["view"]["seq"]
    raise AssertionError("nobody is deciding")


def game_state(actor: Actor, match_id: int) -> dict:
    response = actor.api.get(f"/api/matches/{match_id}/game/")
    assert response.status_code == 200, response.content
    return response.json()


def act(actor: Actor, match_id: int, seq: int, action: dict):
    return actor.api.post(
        f"/api/matches/{match_id}/game/actions/", {"seq": seq, "action": action}, format="json"
    )


def play_step(match: OnlineMatch, rng: random.Random) -> bool:
    """The seat to decide plays one random legal action (never conceding); return False when
    nobody could (the match is final or waits for sideboarding).

    The seat that decided last is asked first (it most often decides again), then the other."""
    for index in (match.deciding, 1 - match.deciding):
        actor = match.seat(index)
        state = game_state(actor, match.id)
        if state["match_status"] == "final" or state["game_status"] != "playing":
            continue
        choices = [a for a in state["legal_actions"] if a["type"] != "concede"]
        if choices:
            response = act(actor, match.id, state["next_seq"], rng.choice(choices))
            assert response.status_code == 200, response.content
            match.deciding = index
            return True
    return False


def play_out(match: OnlineMatch, rng: random.Random, limit: int = 3000, whole_games: int = 3) -> None:
    """Both players play random legal actions (and skip sideboarding) until the match is final;
    from game ``whole_games + 1`` on, seat A concedes each game at once instead (the engines' own
    soaks play whole games by the hundred: through the API, one shows what the later ones would)."""
    for _ in range(limit):
        if match.row.status == Match.Status.FINAL:
            return
        game = match.game()
        if game is not None and game.number > whole_games and game.status == Game.Status.PLAYING:
            response = act(match.a, match.id, game_state(match.a, match.id)["next_seq"], {"type": "concede"})
            assert response.status_code == 200, response.content
            continue
        if not play_step(match, rng):
            for actor in (match.a, match.b):
                actor.api.post(f"/api/matches/{match.id}/game/sideboard/", {"deck": None}, format="json")
    raise AssertionError("the match did not finish")


def zone_cards(html: str, zone: str, seat: int) -> list[str]:
    """Return the card names the log viewer shows in one zone of one seat (hand, orders)."""
    found = re.search(rf'data-zone="{zone}" data-seat="{seat}">(.*?)</(?:ul|ol)>', html, re.S)
    assert found, f"no {zone} of seat {seat} on the page"
    items = re.findall(r'<li class="chip[^"]*"[^>]*>(.*?)</li>', found.group(1), re.S)
    return [" ".join(html_lib.unescape(re.sub(r"<[^>]+>", "", item)).split()) for item in items]


def get(actor: Actor, url: str, **params):
    return browser(actor).get(url, params)


def stream(actor: Actor, match_id: int, query: str = ""):
    """GET the match's live stream (server-sent events) as ``actor``."""
    response = actor.api.get(f"/api/matches/{match_id}/game/stream/{query}", HTTP_ACCEPT="text/event-stream")
    return response


def events(response):
    """Yield the JSON of each ``state`` event of a streaming response (pings skipped)."""
    for chunk in response.streaming_content:
        for block in chunk.decode().split("\n\n"):
            for line in block.split("\n"):
                if line.startswith("data: "):
                    yield json.loads(line[len("data: ") :])


class Queued:
    """The tasks a request sends to the broker (``services.jobs.task`` replaced by ``task``),
    kept instead of sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, tuple[Any, ...]]] = []
        self.options: list[tuple[str, dict[str, Any]]] = []  # each apply_async's, by task name

    def task(self, name: str) -> Any:
        queued = self

        class Sent:
            def delay(self, *args: Any) -> None:
                queued.sent.append((name, args))

            def apply_async(self, args: tuple[Any, ...] = (), **options: Any) -> None:
                queued.sent.append((name, tuple(args)))
                queued.options.append((name, options))

        return Sent()

    def firsts(self, name: str) -> list[Any]:
        """The first argument of each message queued for the task ``name``."""
        return [args[0] for sent, args in self.sent if sent == name]
