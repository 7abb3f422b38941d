"""The organizer's seed order (docs/organizers.md, "Seeds"): before the start of a bracket or a
round robin seeded in the organizer's order, the organizer lists the players, seed 1 first,
through the API or the dashboard's form; the start draws the seeds from that list, so seed 1
meets the last seed in round 1. Only the organizer may set it, only before the start, and a
list must name every player still in once."""

import copy

import pytest
from django.test import Client

from tests.support.actors import make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read
from tests.support.pages import page, post
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db


def bracket(event_factory, players: int = 4, prefix: str = "p", **options):
    """A single elimination seeded in the organizer's order, open, with ``players`` entered."""
    event = event_factory(**{"structure": "single_elimination", "seeding": "organizer", **options})
    event.open()
    entrants = make_players(players, prefix=prefix)
    event.register(*entrants)
    return event, [p.name for p in entrants]


@pytest.fixture(scope="module")
def _organizer_row(module_rows, django_db_blocker):
    """The organizer of the module's events, signed up once (tests/support/shared_rows.py)."""
    with django_db_blocker.unblock():
        return make_actor("olga")


def _bracket_shared(organizer, django_db_blocker, players: int, prefix: str):
    """A bracket as :func:`bracket` makes it, made once for the module's tests."""
    decks = legal_decks_read()
    with django_db_blocker.unblock():
        return bracket(lambda **settings: EventDriver(organizer, decks, **settings), players, prefix)


@pytest.fixture(scope="module")
def _four_rows(_organizer_row, django_db_blocker):
    return _bracket_shared(_organizer_row, django_db_blocker, 4, "p")


@pytest.fixture(scope="module")
def _many_rows(_organizer_row, django_db_blocker):
    return _bracket_shared(_organizer_row, django_db_blocker, 120, "m")


@pytest.fixture
def shared_actors(_organizer_row, db):
    return {"organizer": copy.deepcopy(_organizer_row)}


@pytest.fixture
def four(_four_rows, db):
    """The shared bracket of four players (p001…p004) and their names: the test's own copy."""
    return copy.deepcopy(_four_rows)


@pytest.fixture
def many(_many_rows, db):
    """The shared bracket of 120 players (m001…m120) and their names: the test's own copy."""
    return copy.deepcopy(_many_rows)


def set_seeds(event, order, actor=None, **headers):
    actor = actor or event.organizer
    return actor.api.post(f"{event.url}seeds/", {"order": order}, format="json", **headers)


def pairs(round_: dict) -> list[tuple[str, str]]:
    return [(m["player_a"], m["player_b"]) for m in round_["matches"]]


def test_the_organizers_order_decides_round_one_of_the_bracket(four):
    event, names = four
    order = [names[2], names[0], names[3], names[1]]
    response = set_seeds(event, order)
    assert response.status_code == 200, response.content
    assert response.json() == {"order": order}
    first = event.start()
    # Seed 1 meets the last seed, seed 2 the third: never the entry list's order.
    assert pairs(first) == [(order[0], order[3]), (order[1], order[2])]
    seeds = dict(Registration.objects.filter(event_id=event.id).values_list("player__username", "seed"))
    assert seeds == {name: i for i, name in enumerate(order, start=1)}


def test_the_organizers_order_is_the_round_robins_schedule_order(event_factory):
    event, names = bracket(event_factory, 4, prefix="s", structure="round_robin")  # p001… are shared
    order = list(reversed(names))
    assert set_seeds(event, order).status_code == 200
    first = event.start()
    assert pairs(first) == [(order[0], order[3]), (order[1], order[2])]


def test_without_an_order_the_entry_list_decides_and_a_late_player_follows_the_order(event_factory):
    event, names = bracket(event_factory, 3, prefix="t")  # p001… are shared
    order = [names[2], names[1], names[0]]
    assert set_seeds(event, order).status_code == 200
    late = make_players(1, prefix="late")[0]  # registers after the order is set
    event.register(late)
    first = event.start()
    assert pairs(first) == [(order[0], late.name), (order[1], order[2])]


@pytest.mark.parametrize(
    ("order", "code"),
    [
        (["p001", "p002", "p003"], "seed_missing_player"),
        (["p001", "p002", "p003", "p003"], "seed_repeated"),
        (["p001", "p002", "p003", "olga"], "seed_unknown_player"),  # the organizer, no player
        (["p001", "p002", "p003", "p004", "nobody"], "seed_unknown_player"),
        ("p001,p002,p003,p004", "not_a_list"),
    ],
)
def test_it_refuses_a_list_that_is_not_every_player_once(four, order, code):
    event, _names = four
    response = set_seeds(event, order)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert not Registration.objects.filter(event_id=event.id, seed_order__isnull=False).exists()


def test_a_refused_list_is_said_in_russian(four):
    event, names = four
    response = set_seeds(event, names[:3], HTTP_ACCEPT_LANGUAGE="ru")
    assert response.json()["code"] == "seed_missing_player"
    assert "не указаны p004" in response.json()["detail"]
    response = set_seeds(event, [*names, names[0]], HTTP_ACCEPT_LANGUAGE="ru")
    assert "указан дважды" in response.json()["detail"]


def test_a_dropped_player_is_left_out_of_the_order(four):
    event, names = four
    Registration.objects.filter(event_id=event.id, player__username=names[0]).update(dropped=True)
    response = set_seeds(event, names)
    assert response.status_code == 400 and response.json()["code"] == "seed_unknown_player"
    assert set_seeds(event, names[1:]).status_code == 200


def test_only_the_organizer_sets_the_order(four, judge, player, anonymous):
    event, names = four
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    for actor in (judge, player):
        response = set_seeds(event, names, actor)
        assert response.status_code == 403, (actor.name, response.content)
    assert set_seeds(event, names, anonymous).status_code in (401, 403)
    assert not Registration.objects.filter(event_id=event.id, seed_order__isnull=False).exists()


def test_the_order_is_fixed_at_the_start(four):
    event, names = four
    event.start()
    response = set_seeds(event, names)
    assert response.status_code == 409 and response.json()["code"] == "started"
    response = set_seeds(event, names, HTTP_ACCEPT_LANGUAGE="ru")
    assert "Турнир начался" in response.json()["detail"]


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"structure": "swiss"}, "option_not_for_structure"),
        ({"structure": "league", "league_days": 3, "league_matches": 2}, "option_not_for_structure"),
        ({"seeding": "random"}, "not_organizer_seeding"),
        ({"seeding": "rating"}, "not_organizer_seeding"),
    ],
)
def test_it_refuses_an_event_that_takes_no_order(event_factory, options, code):
    event, names = bracket(event_factory, prefix="x", **options)  # p001… are shared
    response = set_seeds(event, names)
    assert response.status_code == 409 and response.json()["code"] == code


def test_the_order_is_in_the_audit_trail(four):
    event, names = four
    set_seeds(event, list(reversed(names)))
    trail = event.organizer.api.get(f"{event.url}audit/").json()
    said = " ".join(" ".join(entry["said"]) for entry in trail)
    assert f"1. {names[3]}" in said and f"4. {names[0]}" in said


def seed_form(names: list[str], numbers: list[int]) -> dict:
    return {"player": names, "seed": [str(n) for n in numbers]}


def test_the_dashboard_lists_the_players_with_their_seed_numbers(four, organizer):
    event, names = four
    _, html = page(organizer, f"/events/{event.id}/manage/")
    assert 'data-testid="seed-order"' in html and "Seed order" in html
    assert html.count('data-testid="seed-row"') == 4
    assert f"Seed of {names[0]}" in html
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    html = client.get(f"/events/{event.id}/manage/").content.decode()
    assert "Порядок посева" in html and "Сохранить порядок посева" in html


def test_the_dashboard_form_moves_a_player_and_decides_round_one(four, organizer):
    event, names = four
    # p004 typed as seed 1: the others move down one.
    post(organizer, f"/events/{event.id}/manage/seeds/", seed_form(names, [1, 2, 3, 1]))
    order = [names[3], names[0], names[1], names[2]]
    saved = Registration.objects.filter(event_id=event.id).order_by("seed_order")
    assert list(saved.values_list("player__username", flat=True)) == order
    _, html = page(organizer, f"/events/{event.id}/manage/")
    shown = [html.index(f"Seed of {name}") for name in order]
    assert shown == sorted(shown)
    # The first seed typed as 3: the two after it move up.
    post(organizer, f"/events/{event.id}/manage/seeds/", seed_form(order, [3, 2, 3, 4]))
    first = event.start()
    assert pairs(first) == [(names[0], names[2]), (names[1], names[3])]


def test_the_dashboard_form_says_a_refusal(four, organizer):
    event, names = four
    # A player who dropped since the page was drawn is moved no more.
    Registration.objects.filter(event_id=event.id, player__username=names[1]).update(dropped=True)
    response = post(organizer, f"/events/{event.id}/manage/seeds/", seed_form(names[:3], [3, 1, 2]))
    assert f"{names[1]} is not a player of this event" in response.content.decode()
    assert not Registration.objects.filter(event_id=event.id, seed_order__isnull=False).exists()


def test_the_seed_form_shows_a_page_of_fifty_with_a_link_to_the_next(many, organizer):
    event, names = many
    _, html = page(organizer, f"/events/{event.id}/manage/")
    seeds = html[html.index('data-testid="seed-order"') : html.index('id="players"')]
    assert seeds.count('data-testid="seed-row"') == 50
    assert f"Seed of {names[49]}" in seeds and f"Seed of {names[50]}" not in seeds
    assert 'max="120"' in seeds and "Rows 1–50 of 120 (page 1 of 3)" in seeds
    assert 'href="?seeds=2#seeds"' in seeds
    _, html = page(organizer, f"/events/{event.id}/manage/?seeds=3")
    seeds = html[html.index('data-testid="seed-order"') : html.index('id="players"')]
    assert seeds.count('data-testid="seed-row"') == 20 and 'start="101"' in seeds
    assert f'id="seed-{Registration.objects.get(event_id=event.id, player__username=names[100]).pk}"' in seeds
    assert 'value="101"' in seeds and 'name="seeds_page" value="3"' in seeds


def test_a_move_on_one_page_takes_a_player_to_a_seed_on_another(many, organizer):
    event, names = many
    page_one = names[:50]
    # The first player typed as seed 75 (page 2), the last of page 1 as seed 1: the rest shift.
    numbers = [75, *range(2, 50), 1]
    response = post(organizer, f"/events/{event.id}/manage/seeds/", seed_form(page_one, numbers))
    assert response.status_code == 200 and "The seed order is saved." in response.content.decode()
    saved = Registration.objects.filter(event_id=event.id).order_by("seed_order")
    order = list(saved.values_list("player__username", flat=True))
    assert order == [names[49], *names[1:49], *names[50:75], names[0], *names[75:]]
    # From page 3 (back to it), a player moved up to seed 2, on page 1.
    form = {**seed_form(order[100:], [*range(101, 120), 2]), "seeds_page": "3"}
    response = post(organizer, f"/events/{event.id}/manage/seeds/", form, follow=False)
    assert response.status_code == 302 and response["Location"].endswith("?seeds=3#seeds")
    saved = Registration.objects.filter(event_id=event.id).order_by("seed_order")
    assert list(saved.values_list("player__username", flat=True)) == [order[0], order[119], *order[1:119]]
    _, html = page(organizer, f"/events/{event.id}/manage/")
    assert html.index(f"Seed of {order[119]}") < html.index(f"Seed of {order[1]}")


def test_only_the_organizer_sees_and_posts_the_seed_form(four, judge, player):
    event, names = four
    event.organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    _, html = page(judge, f"/events/{event.id}/manage/")
    assert 'data-testid="seed-order"' not in html
    post(judge, f"/events/{event.id}/manage/seeds/", seed_form(names, [4, 3, 2, 1]))
    post(player, f"/events/{event.id}/manage/seeds/", seed_form(names, [4, 3, 2, 1]))
    assert not Registration.objects.filter(event_id=event.id, seed_order__isnull=False).exists()


def test_the_seed_form_is_gone_once_the_event_starts_or_for_other_seeding(four, event_factory, organizer):
    event, _names = four
    event.start()
    _, html = page(organizer, f"/events/{event.id}/manage/")
    assert 'data-testid="seed-order"' not in html
    random_event, _names = bracket(event_factory, prefix="r", seeding="random")
    _, html = page(organizer, f"/events/{random_event.id}/manage/")
    assert 'data-testid="seed-order"' not in html
    assert Event.objects.get(pk=random_event.id).seeding == "random"
