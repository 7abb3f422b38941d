"""Finished, published events for the metagame tests."""

from tests.support.actors import make_players
from tests.support.events import EventDriver


def finished_event(event: EventDriver, players: int = 4, rounds: int = 2, result=None, publish: bool = True) -> list:
    """Play ``event`` through: ``players`` new players (decks in turn from the driver's list),
    ``rounds`` Swiss rounds with ``result`` (default: seat A wins), the event finished and,
    with ``publish``, its decklists published. Returns the players."""
    actors = make_players(players)
    event.open()
    event.register(*actors)
    event.start()
    for number in range(1, rounds + 1):
        event.finish_round(number, result)
        event.next_round()
    assert event.organizer.api.get(event.url).json()["status"] == "finished"
    if publish:
        response = event.organizer.api.post(f"{event.url}publish-decklists/")
        assert response.status_code == 200, response.content
    return actors


def metagame(actor, url: str, capture=None, **params):
    """GET a metagame answer; with ``capture`` (pytest-django's on-commit capture), the
    computation it queues runs when the request commits, as a worker would run it."""
    if capture is None:
        return actor.api.get(url, params)
    with capture(execute=True):
        return actor.api.get(url, params)
