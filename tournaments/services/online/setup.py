"""Setting up online games: a round's (or a league's) new matches get game 1 (its seed drawn
and recorded, the engine dealt, the clocks or the no-show timer started), in the organizer's
request for a few, by the workers in chunks for many; a match's next game after the last
(services/online/adjudicate.py). The snapshot stored after each change is kept here too, as
the set-up writes the first one."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from functools import partial

import orjson
from django.db import transaction
from django.utils import timezone

from engine.decklist import Decklist, parse_decklist
from engine.match import MatchState as EngineMatch
from tournaments.models import CardSet, Event, Game, Match, Round
from tournaments.selectors.boards import GENERIC, board_module
from tournaments.selectors.online import seats_present, sideboarding_allowed
from tournaments.services import jobs
from tournaments.services.online.engines import engine_for, engine_start
from tournaments.services.online.playable import online_round_require_playable
from tournaments.services.online.queue import match_bots_only, queue_adjudication

GAME_SEED_BITS = 63


# An online round's games are set up in tasks of this many matches (:func:`round_games_start`):
# each engine's set-up (decklists read, cards dealt, the first view drawn) takes milliseconds,
# and an 8,192-player round has 4,096 games, minutes of work an organizer's request cannot wait
# for. Small enough that a worker taking one leaves the others to share the rest, and that an
# action arriving meanwhile waits for one chunk at most (the chunks are queued behind the
# actions: jobs.PRIORITY_SET_UP; 16 games take a worker about 0.2 s).
SETUP_CHUNK = 16


# A round of at most this many games is set up in the request all the same: a fraction of a
# second, and its players find their games ready when the pairings appear.
SETUP_IN_REQUEST = 8


def round_games_start(*, round_id: int, checked: bool = False) -> int:
    """Set up game 1 of every match of an online round that has none; return how many matches
    wait for it.

    Without a broker (services.jobs.in_process), or for a round of at most
    :data:`SETUP_IN_REQUEST` games, they are set up here, in the caller's transaction. With
    one, a larger round's matches are handed to the workers in chunks of
    :data:`SETUP_CHUNK` once the caller commits (:func:`games_set_up`): the organizer's request
    answers at once, and each game's clocks and no-show timer start when the game is really
    ready (O1.2, O2.1), not at the request; until then its players are told it is being set up.
    ``checked``: the caller has just checked every deck of the event with the engine (the start
    of the event), so the round's decks are not read and checked again.
    """
    round_ = Round.objects.select_related("event").get(pk=round_id)
    if not round_.event.online:
        return 0
    if not checked:
        online_round_require_playable(round_=round_)  # before any game is set up (engine/playable.py)
    waiting = round_.matches.filter(player_b__isnull=False, games__isnull=True).order_by("table")
    return games_start(match_ids=list(waiting.values_list("id", flat=True)))


def games_start(*, match_ids: list[int]) -> int:
    """Set up game 1 of these new matches: here, in the caller's transaction, without a broker or
    for at most :data:`SETUP_IN_REQUEST` of them, else by the workers once the caller commits
    (a paired round's matches, a league's matches made together); return how many."""
    if jobs.in_process() or len(match_ids) <= SETUP_IN_REQUEST:
        games_set_up(match_ids=match_ids)
        return len(match_ids)
    transaction.on_commit(partial(games_set_up_send, match_ids))
    return len(match_ids)


def games_set_up_send(match_ids: list[int]) -> None:
    """Hand the set-up of these matches' games to the workers: one message (a worker's task
    queues a task per chunk of :data:`SETUP_CHUNK`, games_set_up_queue)."""
    chunks = [match_ids[i : i + SETUP_CHUNK] for i in range(0, len(match_ids), SETUP_CHUNK)]
    jobs.task(jobs.GAMES_QUEUE).apply_async((chunks,), priority=jobs.PRIORITY_SET_UP)


def games_set_up_queue(*, chunks: list[list[int]]) -> int:
    """Queue a set-up task per chunk of matches (the task the organizer's request queues once,
    instead of a message per chunk: 256 of them for an 8,192-player round); return how many."""
    for chunk in chunks:
        jobs.task(jobs.GAMES_SET_UP).apply_async((chunk,), priority=jobs.PRIORITY_SET_UP)
    return len(chunks)


def games_set_up(*, match_ids: list[int]) -> int:
    """Create game 1 of each of the matches that has none yet (its seed drawn and recorded here,
    its engine dealt, its clocks or no-show timer started now) and queue its first adjudication;
    return how many games were created.

    Idempotent, so a task retried or delivered twice is harmless: each match is locked and
    skipped when it has a game already (or is final, or lost its opponent meanwhile). Each
    distinct decklist is read once for all the matches (many players share a deck).
    """
    created = 0
    setup = GameSetup()
    for match_id in match_ids:
        with transaction.atomic():
            match = (
                Match.objects.select_for_update(of=("self",))
                .select_related("round__event", "player_a__player", "player_b__player")
                .filter(pk=match_id)
                .first()
            )
            if match is None or match.player_b is None or match.status == Match.Status.FINAL:
                continue
            if not match.round.event.online or match.games.exists():
                continue
            game_create(match, number=1, first_initiative=None, setup=setup)
            created += 1
            transaction.on_commit(partial(queue_adjudication, match.pk, bots=match_bots_only(match)))
    return created


class GameSetup:
    """What the games set up together share: their event's card sets, and each decklist as the
    engine reads it, by its stored JSON (the same text deals the same cards)."""

    def __init__(self) -> None:
        self.card_sets: dict[str, list[str]] = {}
        self.decks: dict[bytes, Decklist] = {}

    def card_set_codes(self, event: Event) -> list[str]:
        if event.game not in self.card_sets:
            self.card_sets[event.game] = _card_set_codes(event)
        return self.card_sets[event.game]

    def parsed(self, game: Game) -> list[Decklist]:
        key = game.match.round.event.game
        out = []
        for raw in game.decks:
            text = orjson.dumps(raw)
            if text not in self.decks:
                self.decks[text] = parse_decklist(raw, game=key)
            out.append(self.decks[text])
        return out


def _card_set_codes(event: Event) -> list[str]:
    return list(CardSet.objects.filter(game=event.game).order_by("id").values_list("code", flat=True))


def game_seed_new() -> int:
    """Return a fresh game seed: 63 bits from the operating system (the games' column is a signed
    64-bit integer). Nobody may be able to guess it (O6.2): a seed is the whole order of both
    decks, and one of 2**31 can be found by trying them all against one's own opening hand."""
    return random.SystemRandom().getrandbits(GAME_SEED_BITS)


def game_create(
    match: Match, *, number: int, first_initiative: int | None, setup: GameSetup | None = None
) -> Game:
    """Create game ``number`` of the match (its seed drawn and recorded here) and, unless it
    opens with sideboarding, deal it and start its clocks or no-show timer; return it.
    ``setup``: what games set up together share (:class:`GameSetup`)."""
    event = match.round.event
    assert match.player_b is not None
    setup = setup or GameSetup()
    # Only as the game's rules allow (Y2.4: Your War without an event side deck, C2.1: none).
    sideboarding = number > 1 and sideboarding_allowed(game=event.game, side_max=event.side_deck_max)
    now = timezone.now()
    decks = [match.player_a.deck, match.player_b.deck]
    previous = match.games.filter(number=number - 1).first() if number > 1 else None
    if previous is not None:
        decks = list(previous.decks)  # sideboarding starts from the deck of the last game
    game = Game.objects.create(
        match=match,
        number=number,
        status=Game.Status.SIDEBOARDING if sideboarding else Game.Status.PLAYING,
        seed=game_seed_new(),
        first_initiative=first_initiative,
        card_sets=setup.card_set_codes(event),
        decks=decks,
        clock_used=[0.0, 0.0],
        sideboard_until=now + timedelta(seconds=event.sideboard_seconds) if sideboarding else None,
        sideboard_ready=[seat for seat, r in enumerate((match.player_a, match.player_b)) if r.is_bot],
    )
    if game.status == Game.Status.PLAYING:
        # The engine is dealt from the decks as stored, as every later rebuild (another worker,
        # the log, a replay) reads them: PostgreSQL's jsonb orders an object's keys its own way,
        # and the decks as given here would deal other hands than the log says (O6.2).
        game.refresh_from_db(fields=["decks"])
        engine_start(game, setup.parsed(game))
        game_begin(game, now)
        game.save()
    return game


def game_begin(game: Game, now: datetime) -> None:
    """Start the game's play: its clocks at once when both seats are present (or the event has
    no grace period), else the wait for them until ``present_by`` (O1.2, ``play._presence_check``)."""
    engine = engine_for(game)
    game.status = Game.Status.PLAYING
    event = game.match.round.event
    grace = event.grace_minutes
    if grace and not all(seats_present(game.match)):
        game.present_by, game.decision_since = now + timedelta(minutes=grace), None
    else:
        game.present_by, game.decision_since = None, now
    snapshot_store(game, engine, game_key=event.game)


def snapshot_store(game: Game, engine: EngineMatch, *, game_key: str) -> None:
    """Keep on ``game`` (unsaved) what its readers are served without the engine: each seat's
    view, the decision, the legal actions, the result."""
    pending = engine.decision()
    legal = [engine.legal_actions(0), engine.legal_actions(1)]
    # The legal actions in the engine's words are the generic board's button labels: kept only
    # for a game drawn with it, and for the seat deciding (the only one served them). A game
    # with its own board module says its actions itself (this was ~3 % of a worker's time).
    deciding = pending.seat if pending is not None and board_module(game=game_key) == GENERIC else None
    game.snapshot = {
        "seq": engine.seq,
        # Not in the protocol: a game that counts turns has them (the judges' list shows them).
        "turn": getattr(engine, "turn", None),
        "decision": pending.as_dict() if pending is not None else None,
        "result": engine.result.as_dict() if engine.result is not None else None,
        # Each view carries the engine's seq (api.md): clients and the play page tell a new state
        # by it, and an engine's own observation need not repeat it.
        "views": [{"seq": engine.seq, **engine.observation(seat)} for seat in (0, 1)],
        "legal": legal,
        "described": [[engine.describe_action(a) for a in legal[s]] if s == deciding else [] for s in (0, 1)],
    }
    game.decision_seat = pending.seat if pending is not None else None
