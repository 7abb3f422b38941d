"""``plainsql.insert_columns`` writes the rows ``bulk_create`` would: the columns given (a list a
row or one value for all), each other field's default, the time of writing for an ``auto_now`` field,
JSON as JSON; and refuses a column the model does not have or a list of the wrong length."""

import pytest
from django.contrib.auth import get_user_model
from django.forms.models import model_to_dict
from django.utils import timezone

from tournaments.models import Event, Match, Notification, Registration, Round
from tournaments.plainsql import insert_columns

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_and_players() -> tuple[Round, list[int]]:
    users = [get_user_model().objects.create(username=f"u{i}") for i in range(6)]
    event = Event.objects.create(name="Cup", game="respons", organizer=users[0], seed=1)
    regs = [Registration.objects.create(event=event, player=u, deck={}).pk for u in users]
    round_ = Round.objects.create(
        event=event, number=1, kind="swiss", seed=1, started_at=event.created_at, ends_at=event.created_at
    )
    return round_, regs


def rows(round_: Round) -> list[dict]:
    return [
        {k: v for k, v in model_to_dict(m).items() if k not in ("id", "round")}
        for m in Match.objects.filter(round=round_).order_by("table")
    ]


def test_it_writes_the_rows_bulk_create_writes(round_and_players):
    round_, regs = round_and_players
    other = Round.objects.create(
        event=round_.event,
        number=2,
        kind="swiss",
        seed=1,
        started_at=round_.started_at,
        ends_at=round_.ends_at,
    )
    a, b = regs[0::2], [regs[1], regs[3], None]
    before = timezone.now()
    status = [Match.Status.PENDING, Match.Status.PENDING, Match.Status.FINAL]
    insert_columns(
        Match,
        3,
        round_id=round_.pk,
        table=[1, 2, 3],
        player_a_id=a,
        player_b_id=b,
        status=status,
        wins_a=[0, 0, 2],
    )
    Match.objects.bulk_create(
        Match(round=other, table=t, player_a_id=x, player_b_id=y, status=s, wins_a=w)
        for t, x, y, s, w in zip([1, 2, 3], a, b, status, [0, 0, 2], strict=True)
    )
    assert rows(round_) == rows(other)
    assert rows(round_)[2]["status"] == "final" and rows(round_)[2]["player_b"] is None
    stamps = set(Match.objects.filter(round=round_).values_list("updated_at", flat=True))
    assert None not in stamps and all(before <= stamp <= timezone.now() for stamp in stamps)  # auto_now


def test_it_writes_json_and_defaults(round_and_players):
    round_, _regs = round_and_players
    user = round_.event.organizer
    params = [{"event": "Кубок", "round": 1, "bye": False}, {"nested": {"list": [1, "два", None]}}]
    insert_columns(Notification, 2, user_id=user.pk, kind="pairings", params=params)
    notes = list(Notification.objects.filter(user=user).order_by("id"))
    assert [n.params for n in notes] == params
    assert all(n.url == "" and n.read_at is None and n.created_at is not None for n in notes)


def test_it_refuses_an_unknown_column_or_a_wrong_count(round_and_players):
    round_, regs = round_and_players
    with pytest.raises(TypeError, match="no column"):
        insert_columns(Match, 1, round_id=round_.pk, table=1, player_a_id=regs[0], board=3)
    with pytest.raises(ValueError, match="2 values for 3 rows"):
        insert_columns(Match, 3, round_id=round_.pk, table=[1, 2], player_a_id=regs[0])
    assert not Match.objects.exists()


def test_it_writes_rows_given_only_one_value_each(round_and_players):
    round_, _regs = round_and_players
    user = round_.event.organizer
    insert_columns(Notification, 2, user_id=user.pk, kind="pairings", event_id=None)
    written = list(Notification.objects.filter(user=user).values_list("kind", "event_id", "params", "url"))
    assert written == [("pairings", None, {}, "")] * 2
