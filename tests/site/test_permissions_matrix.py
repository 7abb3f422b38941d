"""Who may do what: every endpoint that changes or reveals something, for every role.

Roles: the organizer, a judge of the event, a player of the event, another signed-in
user (outsider), and an anonymous visitor.
"""

import pytest

from tests.support.actors import make_players

pytestmark = pytest.mark.django_db

ROLES = ("organizer", "judge", "player", "outsider", "anonymous")


@pytest.fixture
def world(event_factory, organizer, judge, player, outsider, anonymous):
    """An event in registration with a judge and two registered players (``player`` is one)."""
    event = event_factory(rounds=2)
    organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    rival = make_players(1, prefix="rival")[0]
    event.register(player, rival)
    actors = {
        "organizer": organizer,
        "judge": judge,
        "player": player,
        "outsider": outsider,
        "anonymous": anonymous,
    }
    return event, actors, rival


def started(world):
    event, actors, rival = world
    matches = event.start()["matches"]
    return matches[0]


# endpoint -> expected status per role (organizer, judge, player, outsider, anonymous)
REGISTRATION_PHASE = [
    ("open/", None, (409, 403, 403, 403, 401)),  # already open: the organizer gets 409, the others no say
    ("judges/", {"username": "oscar"}, (200, 403, 403, 403, 401)),
    ("start/", None, (200, 403, 403, 403, 401)),
    ("publish-decklists/", None, (409, 403, 403, 403, 401)),
    ("registrations/anna/notes/", {"text": "checked: ok"}, (201, 201, 403, 403, 401)),
]


@pytest.mark.parametrize(
    ("path", "body", "expected"), REGISTRATION_PHASE, ids=[e[0] for e in REGISTRATION_PHASE]
)
@pytest.mark.parametrize("role_index", range(5), ids=ROLES)
def test_it_guards_event_actions(world, path, body, expected, role_index):
    event, actors, rival = world
    actor = actors[ROLES[role_index]]
    response = actor.api.post(f"{event.url}{path}", body, format="json")
    assert response.status_code == expected[role_index], response.content
    if expected[role_index] >= 400:  # every refusal is the API's JSON error (api.md)
        assert {"detail", "code"} <= set(response.json()), response.content


@pytest.mark.parametrize(
    ("role", "expected"),
    [("organizer", 200), ("judge", 403), ("player", 200), ("outsider", 403), ("anonymous", 401)],
)
def test_it_lets_only_the_player_or_the_organizer_drop_the_player(world, role, expected):
    event, actors, rival = world
    started(world)
    response = actors[role].api.post(f"{event.url}drop/", {"username": "anna"}, format="json")
    assert response.status_code == expected


@pytest.mark.parametrize(
    ("role", "expected"),
    [("organizer", 200), ("judge", 200), ("player", 200), ("outsider", 403), ("anonymous", 401)],
)
def test_it_lets_only_the_match_players_and_officials_report(world, role, expected):
    match = started(world)
    event, actors, rival = world
    response = actors[role].api.post(
        f"/api/matches/{match['id']}/report/", {"wins_a": 1, "wins_b": 0, "draws": 0}, format="json"
    )
    assert response.status_code == expected


@pytest.mark.parametrize(
    ("role", "expected"),
    [("organizer", 200), ("judge", 200), ("player", 403), ("outsider", 403), ("anonymous", 401)],
)
def test_it_lets_only_officials_extend_time(world, role, expected):
    match = started(world)
    event, actors, rival = world
    response = actors[role].api.post(f"/api/matches/{match['id']}/extend/", {"minutes": 3}, format="json")
    assert response.status_code == expected


@pytest.mark.parametrize(
    ("role", "sees"),
    [
        ("organizer", {"anna", "rival001"}),
        ("judge", {"anna", "rival001"}),
        ("player", {"anna"}),
        ("outsider", set()),
        ("anonymous", set()),
    ],
)
def test_it_shows_decklists_only_to_their_owner_and_officials(world, role, sees):
    event, actors, rival = world
    rows = actors[role].api.get(f"{event.url}registrations/").json()
    assert {r["username"] for r in rows if r["deck"] is not None} == sees
    assert len(rows) == 2  # who is registered is public; what they play is not


@pytest.mark.parametrize(
    ("role", "sees_trail"),
    [("organizer", True), ("judge", True), ("player", False), ("outsider", False), ("anonymous", False)],
)
def test_it_shows_the_audit_trail_only_to_officials(world, role, sees_trail):
    match = started(world)
    event, actors, rival = world
    body = actors[role].api.get(f"/api/matches/{match['id']}/").json()
    assert ("changes" in body) is sees_trail


@pytest.mark.parametrize(
    ("role", "expected"),
    [("organizer", 200), ("judge", 404), ("player", 404), ("outsider", 404), ("anonymous", 404)],
)
def test_it_hides_a_draft_event_from_everyone_but_its_organizer(world, event_factory, role, expected):
    draft = event_factory()
    event, actors, rival = world
    assert actors[role].api.get(draft.url).status_code == expected


def test_it_publishes_decklists_after_the_event(world):
    event, actors, rival = world
    started(world)
    event.finish_round(1)
    assert event.next_round()["finished"] is True  # two players: one round, no rematch
    assert actors["organizer"].api.post(f"{event.url}publish-decklists/").status_code == 200
    rows = actors["anonymous"].api.get(f"{event.url}registrations/").json()
    assert all(r["deck"] is not None for r in rows)


def test_it_locks_decklists_when_the_event_starts(world):
    event, actors, rival = world
    started(world)
    response = actors["player"].api.post(
        f"{event.url}registrations/", {"deck": event.decks[1]}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "decks_locked"
