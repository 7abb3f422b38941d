"""Finished, published events for the metagame tests, and the metagame task run as a worker would."""

import json

from engine.decklist import decklist_to_json, load_decklist
from engine.registry import bundled_decklists
from tests.support.actors import Actor, make_players
from tests.support.events import EventDriver
from tournaments.services.metagame import metagame_build


def finished_event(
    event: EventDriver, players: int = 4, rounds: int = 2, result=None, publish: bool = True
) -> list[Actor]:
    """Play ``event`` through: ``players`` new players (decks in turn from the driver's list),
    ``rounds`` Swiss rounds with ``result`` (default: seat A wins), the event finished and,
    with ``publish``, its decklists published. Returns the players."""
    actors = make_players(players, prefix=f"e{event.id}p")
    event.open()
    event.register(*actors)
    event.start()
    for number in range(1, rounds + 1):
        event.finish_round(number, result)
        event.next_round()
    assert event.organizer.api.get(event.url).json()["status"] == "finished"
    if publish:
        publish_decklists(event)
    return actors


def publish_decklists(event: EventDriver) -> None:
    response = event.organizer.api.post(f"{event.url}publish-decklists/")
    assert response.status_code == 200, response.content


def run_metagame_task(key: str) -> int:
    """Run the queued computation of the scope ``key`` (``event:<id>``, ``game:<key>:<since>:<until>``),
    as a worker runs ``tournaments.metagame_build``; the tests' transaction drops on-commit queues."""
    return metagame_build(key=key)


def shipped_decks(game: str) -> list[dict]:
    """The game's shipped decklists (engine/games/<key>/data/decks/) as JSON objects, all legal."""
    return [
        json.loads(path.read_text()) if path.suffix == ".json" else decklist_to_json(load_decklist(path))
        for path in bundled_decklists(game)
    ]
