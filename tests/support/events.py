"""An event driven through the API as its organizer would (the tests' shorthand)."""

import json

from tests.support.actors import Actor, make_players


def legal_decks_read() -> list[dict]:
    """Return the shipped RESPONSE decklists as JSON objects (all legal)."""
    from engine.decklist import decklist_to_json, load_decklist
    from engine.registry import bundled_decklists

    decks = []
    for path in bundled_decklists("respons"):
        decks.append(
            json.loads(path.read_text()) if path.suffix == ".json" else decklist_to_json(load_decklist(path))
        )
    return decks


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
                # A note: an online match's override needs a reason.
                body = {"wins_a": wins_a, "wins_b": wins_b, "draws": draws, "note": "entered by the test"}
                response = self.organizer.api.post(f"/api/matches/{match['id']}/report/", body, format="json")
                assert response.status_code == 200, response.content

    def standings(self) -> list[dict]:
        return self.organizer.api.get(f"{self.url}standings/").json()


def one_table(event: EventDriver, judge: Actor | None = None, prefix: str = "p") -> tuple[dict, Actor, Actor]:
    """Open ``event`` (adding ``judge``), register two new players (``prefix``001, 002) and start
    round 1; return the one match of the round (the API's dict) and its players at seats A and B."""
    if judge is not None:
        event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    a, b = make_players(2, prefix=prefix)
    event.register(a, b)
    match = event.start()["matches"][0]
    by_name = {a.name: a, b.name: b}
    return match, by_name[match["player_a"]], by_name[match["player_b"]]


def online_table(organizer: Actor, judge: Actor) -> tuple[EventDriver, int, Actor, Actor]:
    """A best-of-3 online event of ``organizer``'s (the shipped RESPONSE decks) in round 1, with
    ``judge`` added and two players at its one table: the event, the match's id, seats A and B."""
    event = EventDriver(organizer, legal_decks_read(), rounds=1, best_of=3, online=True)
    match, a, b = one_table(event, judge)
    return event, match["id"], a, b


def team_register(event: EventDriver, captain: Actor, name: str, members: list[str]):
    """POST a team of ``event`` by ``captain``; return the response."""
    return captain.api.post(f"{event.url}teams/", {"name": name, "members": members}, format="json")


def team_event(event_factory, teams: int, size: int = 2, prefix: str = "p", **settings):
    """An open team event of ``teams`` teams of ``size`` ("Team 1", …; each registered by its
    seat 1), every member registered with a deck; return the event and each team's members."""
    event = event_factory(teams=size, **settings)
    event.open()
    players = make_players(teams * size, prefix=prefix)
    event.register(*players)
    rosters = {}
    for t in range(teams):
        members = players[t * size : (t + 1) * size]
        name = f"Team {t + 1}"
        response = team_register(event, members[0], name, [m.name for m in members])
        assert response.status_code == 201, response.content
        rosters[name] = members
    return event, rosters
