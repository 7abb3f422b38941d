"""The spectator delay is exact, for every game with a match engine (found through the registry)
and every setting: a delay of N turns shows the game as the turn N before the current one
began, a delay of N minutes the game as it stood N minutes ago to the instant; never the
present state of a game being played, one turn included. The clocks are the tests'."""

import asyncio
from datetime import timedelta

import pytest
from django.utils import timezone

from engine.registry import game_keys, get_game
from tests.support.spectate import played_match, played_turns, spectator_view_after
from tournaments.api.online_stream import STREAM_PING
from tournaments.api.spectate import MIN_WAIT, _timeout, spectate_stream_async
from tournaments.models import Game, GameAction
from tournaments.selectors.spectate import spectate_answer, spectate_moves_at, spectated_step

pytestmark = pytest.mark.django_db

ENGINE_KEYS = [key for key in game_keys() if get_game(key).match_engine]
PREFIXES = 24  # moments of each game looked at: every new turn's first, and the one just before


@pytest.fixture
def players(db):
    from tests.support.actors import make_actor

    return make_actor("ann"), make_actor("bob")


def moments(turns: list[int]) -> list[int]:
    """Steps of a game to look at: each step where a new turn has just begun (a delay counted
    from the current turn's start would show the present there) and the step before it."""
    began = [k for k in range(1, len(turns)) if turns[k] > turns[k - 1]]
    picked = sorted({k for start in began for k in (start - 1, start) if k > 0})
    if len(picked) > PREFIXES:
        picked = picked[:: len(picked) // PREFIXES + 1] + picked[-2:]
    return sorted(set(picked))


@pytest.mark.parametrize("key", ENGINE_KEYS)
@pytest.mark.parametrize("turns_behind", [1, 2, 3])
def test_a_delay_of_n_turns_shows_the_turn_n_before_the_current_one_as_it_began(
    key, turns_behind, organizer, players, card_sets
):
    played = played_match(key, organizer, *players, spectators="everyone", spectate_delay=turns_behind)
    event = played.match.round.event
    full = list(played.game.actions)
    turns = played_turns(played)  # the turn after each prefix, as the engine counts it
    looked = moments(turns)
    assert len(looked) >= 4, f"{key}: a game of {len(full)} actions should reach several turns"
    game = Game.objects.get(pk=played.game.pk)
    for now in looked:  # the game as it was being played, `now` actions in
        game.actions, game.status = full[:now], Game.Status.PLAYING
        delay = spectated_step(game=game, event=event)
        assert delay.step < now, f"{key}, {now} actions in: the spectator sees the present"
        shown_turn = turns[now] - turns_behind
        if shown_turn < turns[0]:
            assert (delay.step, delay.turn) == (0, turns[0])  # not N turns in yet: the setup
            continue
        assert (delay.unit, delay.amount, delay.turn) == ("turns", turns_behind, shown_turn)
        assert turns[delay.step] == shown_turn, f"{key}, {now} actions in: turn {turns[delay.step]} shown"
        assert delay.step == 0 or turns[delay.step - 1] < shown_turn  # as that turn began


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_a_delay_of_n_minutes_shows_the_game_as_it_stood_n_minutes_ago(key, organizer, players, card_sets):
    played = played_match(
        key, organizer, *players, part=0.5, spectators="everyone", spectate_delay_unit="minutes"
    )
    event = played.match.round.event
    start = timezone.now() - timedelta(hours=3)
    rows = list(GameAction.objects.filter(match=played.match).order_by("log_index"))
    applied = {}  # log index -> when the worker applied it (37 s apart: minutes hold several)
    for row in rows:
        row.processed_at = applied[row.log_index] = start + timedelta(seconds=37 * row.log_index)
    GameAction.objects.bulk_update(rows, ["processed_at"])
    last = max(applied.values())
    for minutes in (1, 2, 5):
        event.spectate_delay = minutes
        event.save(update_fields=["spectate_delay"])
        for index in [*sorted(applied)[:: max(1, len(applied) // 8)], max(applied)]:
            due = applied[index] + timedelta(minutes=minutes)  # action `index` turns N minutes old
            for now, shown in ((due - timedelta(microseconds=1), index), (due, index + 1)):
                delay = spectated_step(game=played.game, event=event, now=now)
                assert (delay.unit, delay.amount, delay.step) == ("minutes", minutes, shown)
            # The stream is told to read again exactly when the next action turns N minutes old.
            moves = spectate_moves_at(match=played.match, now=due)
            following = applied.get(index + 1)
            assert moves == (following + timedelta(minutes=minutes) if following else None)
        # At the moment of the last action (the present), the spectator is N minutes behind it.
        delay = spectated_step(game=played.game, event=event, now=last)
        assert delay.step < len(played.game.actions)


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_the_answer_shows_the_view_of_the_step_it_names(key, organizer, players, anonymous, card_sets):
    played = played_match(
        key,
        organizer,
        *players,
        part=0.6,
        spectators="everyone",
        spectate_delay=4,
        spectate_delay_unit="minutes",
    )
    now = timezone.now()
    rows = list(GameAction.objects.filter(match=played.match).order_by("log_index"))
    old = len(rows) // 2  # the first half was applied an hour ago, the rest a minute ago
    for row in rows:
        row.processed_at = now - (timedelta(hours=1) if row.log_index < old else timedelta(minutes=1))
    GameAction.objects.bulk_update(rows, ["processed_at"])
    body = anonymous.api.get(f"/api/matches/{played.match.pk}/spectate/").json()
    assert (body["step"], body["delay"]) == (old, {"amount": 4, "unit": "minutes", "turn": None})
    assert body["view"] == spectator_view_after(played, old)
    # The second half turns 4 minutes old 3 minutes from now: not a microsecond sooner.
    later = now + timedelta(minutes=3)
    assert spectate_answer(match=played.match, now=later - timedelta(microseconds=1))["step"] == old
    assert spectate_answer(match=played.match, now=later)["step"] == len(rows)


def test_the_stream_waits_for_a_change_no_longer_than_until_the_view_moves_on_by_itself():
    assert _timeout(300, 0, 4.5) == 4.5  # the next action turns N minutes old in 4.5 s
    assert _timeout(300, 0, 42.5) == STREAM_PING  # a ping is due before that
    assert _timeout(300, 10, None) == STREAM_PING - 10  # else until the next ping is due
    assert _timeout(3, 0, None) == 3  # or the stream ends
    assert _timeout(300, 0, 0.0) == MIN_WAIT


def test_the_stream_sends_the_view_as_it_moves_on_with_no_change_of_the_match():
    texts = iter([('{"step":1}', 0.1), ('{"step":2,"match_status":"final"}', None)])

    async def read() -> tuple[str, float | None]:
        return next(texts)

    async def watch() -> list[bytes]:
        return [chunk async for chunk in spectate_stream_async(7102, read, 600)]

    # Nothing is published: the stream reads again when it was told the view moves on (0.1 s),
    # not at its next ping (15 s), which would overrun the 10 s allowed here.
    chunks = asyncio.run(asyncio.wait_for(watch(), timeout=10))
    assert chunks[1:] == [b'event: state\ndata: {"step":2,"match_status":"final"}\n\n']
