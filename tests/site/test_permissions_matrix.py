"""Who may do what: every endpoint that changes or reveals something, for every role.

Roles: the organizer, a judge of the event, a player of the event, another signed-in
user (outsider), and an anonymous visitor.
"""

import copy

import pytest

from tests.support.actors import anonymous_actor, make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read
from tests.support.pages import page, post

pytestmark = pytest.mark.django_db

ROLES = ("organizer", "judge", "player", "outsider", "anonymous")


@pytest.fixture(scope="module")
def _world_rows(module_rows, django_db_blocker):
    """An event in registration with a judge and two registered players (``player`` is one),
    made once for the module's tests (tests/support/shared_rows.py)."""
    with django_db_blocker.unblock():
        organizer, judge, player, outsider = (make_actor(n) for n in ("olga", "jury", "anna", "oscar"))
        event = EventDriver(organizer, legal_decks_read(), rounds=2)
        organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
        event.open()
        rival = make_players(1, prefix="rival")[0]
        event.register(player, rival)
    actors = {
        "organizer": organizer,
        "judge": judge,
        "player": player,
        "outsider": outsider,
        "anonymous": anonymous_actor(),
    }
    return event, actors, rival


@pytest.fixture
def world(_world_rows, db):
    """The shared event, its actors and the rival: the test's own copies."""
    return copy.deepcopy(_world_rows)


@pytest.fixture
def shared_actors(world):
    return {"organizer": world[1]["organizer"]}


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
    # A Swiss event has no seeds: the organizer is told so; nobody else may set them at all.
    ("seeds/", {"order": ["anna", "rival001"]}, (409, 403, 403, 403, 401)),
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


# A series: only its organizer changes it, through the API or its edit pages;
# anyone signed in may start one. Pages answer 200, 403, or the sign-in page (302); a form
# posted by the organizer goes back to the edit page (302).
SERIES = [
    # role, PATCH /api/series/{id}/, its edit page, the new-series page, add an event on the page
    ("organizer", 200, 200, 200, 302),
    ("judge", 403, 403, 200, 403),
    ("player", 403, 403, 200, 403),
    ("outsider", 403, 403, 200, 403),
    ("anonymous", 401, 302, 302, 302),
]


@pytest.mark.parametrize(("role", "patch", "edit", "new", "add"), SERIES, ids=[s[0] for s in SERIES])
def test_it_lets_only_the_series_organizer_change_it(world, role, patch, edit, new, add):
    event, actors, rival = world
    created = actors["organizer"].api.post(
        "/api/series/", {"name": "League", "points": [3, 1]}, format="json"
    )
    series_id = created.json()["id"]
    url = f"/api/series/{series_id}/"
    assert actors[role].api.patch(url, {"name": "Mine"}, format="json").status_code == patch
    assert page(actors[role], f"/series/{series_id}/edit/")[0] == edit
    assert page(actors[role], "/series/new/")[0] == new
    added = post(actors[role], f"/series/{series_id}/edit/events/", {"event": event.id}, follow=False)
    assert added.status_code == add
    expected = [event.id] if role == "organizer" else []
    assert [e["id"] for e in actors["anonymous"].api.get(url).json()["events"]] == expected
