"""Actors of the site tests: an organizer, a judge, a player, an outsider, anonymous."""

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tournaments.services.accounts import token_for

PASSWORD = "correct-Horse-battery-9"


@pytest.fixture(autouse=True)
def _quick_passwords(settings) -> None:
    # Real password hashing is slow on purpose (about a second here); tests sign up many users.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _notifications_in_the_callbacks(settings) -> None:
    # E-mails and webhooks run when the on-commit callbacks run, not on a thread of their own
    # (tests/site/test_webhooks.py checks the thread with a slow receiver).
    settings.NOTIFY_IN_BACKGROUND = False


@pytest.fixture(autouse=True)
def _fresh_limits() -> None:
    # Each test starts with no request counted (rates, sign-in backoff, open streams), as a
    # fresh site would; the counters outlive a test in Redis.
    from tournaments.services import limits

    limits.reset()


@dataclass
class Actor:
    """A named user with an API client authenticated by token (or anonymous)."""

    name: str
    user: object | None
    api: APIClient


def _actor(name: str) -> Actor:
    user = get_user_model().objects.create_user(username=name, password=PASSWORD, email=f"{name}@example.org")
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user=user)}")
    return Actor(name=name, user=user, api=api)


@pytest.fixture
def organizer(db: None) -> Actor:
    return _actor("olga")


@pytest.fixture
def judge(db: None) -> Actor:
    return _actor("jury")


@pytest.fixture
def player(db: None) -> Actor:
    return _actor("anna")


@pytest.fixture
def opponent(db: None) -> Actor:
    return _actor("boris")


@pytest.fixture
def outsider(db: None) -> Actor:
    return _actor("oscar")


@pytest.fixture
def anonymous(db: None) -> Actor:
    return Actor(name="anonymous", user=None, api=APIClient(HTTP_ACCEPT_LANGUAGE="en"))


@pytest.fixture
def card_sets(db: None) -> None:
    """The card sets shipped with the engine, imported for every game."""
    from tournaments.services.demo import bundled_card_sets_import

    list(bundled_card_sets_import())


@pytest.fixture
def respons_deck_text() -> str:
    """A legal RESPONSE decklist as a player would paste it."""
    from engine.registry import bundled_decklists

    return next(p for p in bundled_decklists("respons") if p.name == "vesta_order.txt").read_text()


@pytest.fixture
def legal_decks() -> list[dict]:
    """The shipped RESPONSE decklists as JSON objects (all legal)."""
    import json

    from engine.decklist import decklist_to_json, load_decklist
    from engine.registry import bundled_decklists

    decks = []
    for path in bundled_decklists("respons"):
        decks.append(
            json.loads(path.read_text()) if path.suffix == ".json" else decklist_to_json(load_decklist(path))
        )
    return decks


def make_players(count: int, prefix: str = "p") -> list[Actor]:
    """Return ``count`` more signed-up players."""
    return [_actor(f"{prefix}{i:03d}") for i in range(1, count + 1)]


def one_table(event: "EventDriver", judge: Actor | None = None) -> tuple[dict, Actor, Actor]:
    """Open ``event`` (adding ``judge``), register two new players and start round 1; return
    the one match of the round (the API's dict) and its players at seats A and B."""
    if judge is not None:
        event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    a, b = make_players(2)
    event.register(a, b)
    match = event.start()["matches"][0]
    by_name = {a.name: a, b.name: b}
    return match, by_name[match["player_a"]], by_name[match["player_b"]]


class EventDriver:
    """Drives an event through the API as its organizer would (tests' shorthand)."""

    def __init__(self, organizer: Actor, legal_decks: list[dict], **settings: object) -> None:
        self.organizer = organizer
        self.decks = legal_decks
        body = {"name": "Cup", "game": "respons", **settings}
        response = organizer.api.post("/api/events/", body, format="json")
        assert response.status_code == 201, response.content
        self.id = response.json()["id"]
        self.best_of = response.json()["best_of"]
        self.url = f"/api/events/{self.id}/"

    def open(self) -> None:
        assert self.organizer.api.post(f"{self.url}open/").status_code == 200

    def register(self, *players: Actor) -> None:
        for i, player in enumerate(players):
            deck = self.decks[i % len(self.decks)]
            response = player.api.post(f"{self.url}registrations/", {"deck": deck}, format="json")
            assert response.status_code == 201, response.content

    def start(self) -> dict:
        response = self.organizer.api.post(f"{self.url}start/")
        assert response.status_code == 200, response.content
        return response.json()

    def next_round(self) -> dict:
        response = self.organizer.api.post(f"{self.url}next-round/")
        assert response.status_code == 200, response.content
        return response.json()

    def round(self, number: int) -> dict:
        return self.organizer.api.get(f"{self.url}rounds/{number}/").json()

    def finish_round(self, number: int, result=None) -> None:
        """The organizer enters a final result for every open match of a round (default: A wins)."""
        for match in self.round(number)["matches"]:
            if match["status"] != "final":
                wins_a, wins_b, draws = result(match) if result else (self.best_of // 2 + 1, 0, 0)
                # A note: an online match's override needs a reason (issue #15).
                body = {"wins_a": wins_a, "wins_b": wins_b, "draws": draws, "note": "entered by the test"}
                response = self.organizer.api.post(f"/api/matches/{match['id']}/report/", body, format="json")
                assert response.status_code == 200, response.content

    def standings(self) -> list[dict]:
        return self.organizer.api.get(f"{self.url}standings/").json()


@pytest.fixture
def event_factory(organizer, legal_decks, card_sets):
    def make(**settings: object) -> EventDriver:
        return EventDriver(organizer, legal_decks, **settings)

    return make


@pytest.fixture
def online_match(event_factory, judge):
    """A best-of-3 online event in round 1: two players at one table, and a judge."""
    event = event_factory(rounds=1, best_of=3, online=True)
    match, a, b = one_table(event, judge)
    return event, match["id"], a, b
