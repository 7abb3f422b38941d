"""Online play: games adjudicated by the rules engine in Celery workers (issue: online matches).

The web process only records what a seat submits (:func:`game_action_submit`) and
queues :func:`match_adjudicate`, which a worker runs under a row lock on the match:
it applies every queued action through the engine exactly once, runs the clocks
(R9.4), lets bots move, records finished games, starts the next one and finally the
match result. A snapshot of each seat's view is stored after every change, so reading
a game never needs the engine.
"""

import logging
import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import OperationalError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import RULES_VERSION
from engine.actions import action_problem
from engine.decklist import decklist_to_json, parse_decklist
from engine.games.respons.bots import HeuristicBot
from engine.games.respons.deck import validate_swap
from engine.games.respons.match import IllegalAction, replay
from engine.games.respons.match import Match as EngineMatch
from engine.registry import get_game
from tournaments import plainsql
from tournaments.labels import refusal_text
from tournaments.models import CardSet, Event, Game, GameAction, Match, Registration, ResultChange, Round
from tournaments.selectors import online_rows
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.online_rows import ActionFacts
from tournaments.services import live
from tournaments.services.errors import BadInput, NotAllowed, WrongState

A = GameAction.Status
log = logging.getLogger(__name__)
# A long bot-vs-bot stretch is split over several tasks: short ones, since a worker busy with a
# bot task makes a person's action wait until it ends (issue #15).
BOT_MOVES_PER_TASK = 64
# The bot-only matches' queue: the people's queue's name and this (:func:`bot_queue`).
BOT_QUEUE_SUFFIX = "-bots"
REFUSED_SHOWN = 5  # each seat's answer lists its latest refused actions
# A clock deadline nearer than this gets its own task at that moment (an ETA message); later
# ones are left to the periodic sweep, which queues that task once the deadline comes near.
# (Thousands of far-off ETA messages would sit in the workers, and Redis hands a message
# unacknowledged for an hour to another worker.)
FOLLOWUP_WITHIN = timedelta(seconds=30)
SWEEP_AHEAD = timedelta(seconds=2.5)  # the sweep runs every 2 s (settings.CELERY_BEAT_SCHEDULE)
SWEEP_GAMES = 5000  # the games in play a sweep looks at, people's first
# Queued work the sweep takes up: its own task should have run long before (lost with a broker
# that failed between the commit and the publish, say).
LEFT_BEHIND = timedelta(seconds=30)
# A player's action wakes a worker to drain every match's queue (:func:`matches_drain`), many
# matches per transaction: up to DRAIN_BATCH a pass. While a wake-up is pending (the Redis key
# DRAIN_WOKEN, which the worker deletes before it looks) further actions send none; the key
# expires after DRAIN_WOKEN_MS in case the woken worker died first.
DRAIN_BATCH = 64
DRAIN_WOKEN = live.key("drain-woken")  # the deployment's own (settings.REDIS_NAMESPACE)
DRAIN_WOKEN_MS = 1000
# A drain that finds no match it can lock while actions still wait has them looked at again a
# moment later (DRAIN_NUDGE_MS; at most one such drain queued in that time): their match is held
# by another worker's pass, which takes them up itself, or by a session that is ending — a
# worker killed mid-pass, whose row locks last until PostgreSQL notices, while its task's
# message is already redelivered.
DRAIN_NUDGED = live.key("drain-nudged")
DRAIN_NUDGE_MS = 1000
# Actions waiting longer than this have a drain woken by the sweep: their wake-up was lost (a
# task gone with Redis, a worker that died with its flag set and no action since to wake another).
DRAIN_STALLED = timedelta(seconds=3)

GAME_SEED_BITS = 63

_cache_lock = threading.RLock()
# (game id, seed) -> (log length, engine state); the seed guards against a reused id.
_engines: "OrderedDict[tuple[int, int], tuple[int, EngineMatch]]" = OrderedDict()
_ENGINE_CACHE_SIZE = 2048


# --- reading a game -----------------------------------------------------------------------


def game_log(game: Game) -> dict[str, Any]:
    """Return the game's match log in the formats.md shape (what `engine replay` reads)."""
    deferred = game.get_deferred_fields() & {"decks", "card_sets"}
    if deferred:  # read without them (online_rows.games_of): both in one query
        game.refresh_from_db(fields=sorted(deferred))
    match = game.match
    registrations = [match.player_a, match.player_b]
    player = Registration._meta.get_field("player")
    if all(r is None or player.is_cached(r) for r in registrations):  # read with the match (a worker)
        names = [r.player.get_username() if r is not None else "" for r in registrations]
    else:
        users = [r.player_id if r is not None else None for r in registrations]
        User = get_user_model()
        usernames = dict(User.objects.filter(pk__in=users).values_list("pk", User.USERNAME_FIELD))
        names = [usernames.get(pk, "") for pk in users]  # one query, and only when the log is read
    return {
        "game": match.round.event.game,
        "rules_version": RULES_VERSION,
        "seed": game.seed,
        "shuffle": True,
        "first_initiative": game.first_initiative,
        "cards": list(game.card_sets),
        "players": [{"name": names[seat], "deck": game.decks[seat]} for seat in (0, 1)],
        "actions": list(game.actions),
    }


def engine_for(game: Game) -> EngineMatch:
    """Return the engine state of a game, rebuilt from its log unless a cached copy is current.

    The cache is per process and checked against the stored log: a cached state whose log is
    the start of the stored one is brought up to date with the actions it lacks (another
    worker took the match meanwhile: workers share matches), anything else is rebuilt (a
    state advanced in a transaction that rolled back is never used).
    """
    key = (game.pk, game.seed)
    with _cache_lock:
        cached = _engines.pop(key, None)  # in use by this thread until remembered again
    if cached is not None:
        length, engine = cached
        stored = game.actions
        if length <= len(stored) and engine.actions == stored[:length]:
            try:
                for entry in stored[length:]:
                    engine.apply(entry["seat"], {k: v for k, v in entry.items() if k != "seat"})
            except (IllegalAction, KeyError, TypeError):
                pass  # not this state's continuation after all: rebuild
            else:
                _remember(game, engine)
                return engine
    _rules, catalog = catalog_for(game=game.match.round.event.game)
    engine = replay(game_log(game), catalog)
    _remember(game, engine)
    return engine


def engine_forget(game: Game) -> None:
    """Drop the cached engine state of a game (after changing it outside a worker)."""
    with _cache_lock:
        _engines.pop((game.pk, game.seed), None)


def _remember(game: Game, engine: EngineMatch) -> None:
    with _cache_lock:
        _engines[(game.pk, game.seed)] = (len(engine.actions), engine)
        _engines.move_to_end((game.pk, game.seed))
        while len(_engines) > _ENGINE_CACHE_SIZE:
            _engines.popitem(last=False)


def clock_limit(event: Event) -> float:
    """Return each player's match clock in seconds (default: half the round length, R9.4)."""
    return float(event.clock_seconds or event.round_minutes * 30)


def seat_of(match: Match, user: AbstractBaseUser) -> int | None:
    """Return the user's seat in the match (0 = player A, 1 = player B), or None."""
    return seat_of_user_id(match, user.pk)


def seat_of_user_id(match: Match, user_id: Any) -> int | None:
    """:func:`seat_of` by the user's id."""
    if match.player_a.player_id == user_id:
        return 0
    if match.player_b is not None and match.player_b.player_id == user_id:
        return 1
    return None


def current_game(match: Match) -> Game | None:
    return match.games.order_by("-number").first()


def next_seq(match: Match, seat: int) -> int:
    """Return the seat's next action number (its submissions so far + 1)."""
    last = match.game_actions.filter(seat=seat).aggregate(n=Max("seq"))["n"]
    return (last or 0) + 1


def next_seqs(match: Match) -> list[int]:
    """Return both seats' next action numbers (one query)."""
    seqs = [1, 1]
    for seat, last in match.game_actions.values_list("seat").annotate(n=Max("seq")).order_by():
        seqs[seat] = last + 1
    return seqs


def match_games(match: Match) -> list[Game]:
    """Return the match's games in order (the last one is the current game)."""
    return online_rows.match_games(match)


def game_answer(
    match: Match, games: list[Game], seat: int | None, *, next_seq: int | None, judge_view: Any = None
) -> dict[str, Any]:
    """Return the api.md answer of ``GET /api/matches/{id}/game/`` for ``seat``.

    ``seat`` None is an official, who gets ``judge_view`` (the engine's full view) and no
    legal actions. Everything else comes from the stored snapshot: no engine, no query.
    """
    game = games[-1]
    snapshot = game.snapshot or {}
    deciding = (snapshot.get("decision") or {}).get("seat")
    legal: list[Any]
    described: list[str] = []
    if seat is None:
        view, legal, refused = judge_view if judge_view is not None else {}, [], []
    else:
        view = (snapshot.get("views") or [{}, {}])[seat]
        legal = (snapshot.get("legal") or [[], []])[seat] if deciding == seat else []
        refused = (game.refused or [[], []])[seat]
        if legal:
            described = (snapshot.get("described") or [[], []])[seat]
            if len(described) != len(legal):  # a snapshot stored before descriptions were kept
                described = []
    return {
        "game_number": game.number,
        "seat": seat,
        "view": view,
        "legal_actions": legal,
        # legal_actions[i] in words (English, describe_action), or [] when not kept.
        "legal_described": described,
        "next_seq": next_seq,
        "match_status": match.status,
        "wins_a": match.wins_a,
        "wins_b": match.wins_b,
        "draws": match.draws,
        "game_status": game.status,
        "clock": {
            "limit": clock_limit(match.round.event),
            "used": game.clock_used,
            "deciding": game.decision_seat,
            "since": game.decision_since.isoformat() if game.decision_since else None,
            "round_ends_at": match.round.ends_at.isoformat(),
            "sideboard_until": game.sideboard_until.isoformat() if game.sideboard_until else None,
            # R9.4: no clock runs until both seats are present; a seat absent at present_by
            # loses the game as a no-show (None: the clocks run).
            "present_by": game.present_by.isoformat() if game.present_by else None,
            "present": seats_present(match),
        },
        "games": [
            {"number": g.number, "status": g.status, "winner": g.winner, "reason": g.reason} for g in games
        ],
        "refused": refused,
    }


def answer_text(answer: dict[str, Any]) -> str:
    """The answer as one line of JSON (what the streams send; orjson: several times faster than
    the standard library, which the workers' profile showed among their largest costs)."""
    return orjson.dumps(answer, option=orjson.OPT_NON_STR_KEYS).decode()


def _answers(match: Match, games: list[Game], seqs: list[int] | None = None) -> list[str] | None:
    """Both seats' answers as JSON text, or None for a match with no game to show; ``seqs``:
    both seats' next action numbers when the caller knows them."""
    if not games or match.player_b is None:
        return None
    seqs = seqs or next_seqs(match)
    return [answer_text(game_answer(match, games, seat, next_seq=seqs[seat])) for seat in (0, 1)]


def _publish_after_commit(answers: dict[int, list[str] | None]) -> None:
    """After the commit, push each match's new answers (by match id) to the streams open on it."""
    ready = {match_id: texts for match_id, texts in answers.items() if texts is not None}
    if ready:
        transaction.on_commit(lambda: live.publish_many(ready))


def match_changed(match_id: int) -> None:
    """Publish the match's current answers once the transaction commits (for changes made
    outside the workers: penalties, result overrides)."""

    def send() -> None:
        match = online_rows.match_for_play(match_id)
        answers = _answers(match, match_games(match))
        if answers is not None:
            live.publish(match.pk, answers)

    transaction.on_commit(send)


# --- starting games -------------------------------------------------------------------------


def round_games_start(*, round_id: int) -> int:
    """Create game 1 of every match of an online round; return how many were started."""
    round_ = Round.objects.select_related("event").get(pk=round_id)
    if not round_.event.online:
        return 0
    started = 0
    for match in round_.matches.filter(player_b__isnull=False).select_related("player_a", "player_b"):
        if not match.games.exists():
            _game_create(match, number=1, first_initiative=None)
            started += 1
            bots = _bots_only(match)
            transaction.on_commit(lambda pk=match.pk, bots=bots: queue_adjudication(pk, bots=bots))
    return started


def _card_set_codes(event: Event) -> list[str]:
    return list(CardSet.objects.filter(game=event.game).order_by("id").values_list("code", flat=True))


def game_seed_new() -> int:
    """Return a fresh game seed: 63 bits from the operating system (the games' column is a signed
    64-bit integer). Nobody may be able to guess it (R3.5): a seed is the whole order of both
    decks, and one of 2**31 can be found by trying them all against one's own opening hand."""
    return random.SystemRandom().getrandbits(GAME_SEED_BITS)


def _game_create(match: Match, *, number: int, first_initiative: int | None) -> Game:
    event = match.round.event
    assert match.player_b is not None
    sideboarding = number > 1 and event.side_deck_max > 0
    now = timezone.now()
    decks = [match.player_a.deck, match.player_b.deck]
    previous = match.games.filter(number=number - 1).first()
    if previous is not None:
        decks = list(previous.decks)  # sideboarding starts from the deck of the last game
    game = Game.objects.create(
        match=match,
        number=number,
        status=Game.Status.SIDEBOARDING if sideboarding else Game.Status.PLAYING,
        seed=game_seed_new(),
        first_initiative=first_initiative,
        card_sets=_card_set_codes(event),
        decks=decks,
        clock_used=[0.0, 0.0],
        sideboard_until=now + timedelta(seconds=event.sideboard_seconds) if sideboarding else None,
        sideboard_ready=[seat for seat, r in enumerate((match.player_a, match.player_b)) if r.is_bot],
    )
    if game.status == Game.Status.PLAYING:
        _begin(game, now)
        game.save()
    return game


def _begin(game: Game, now: Any) -> None:
    """Start the game's play: its clocks at once when both seats are present (or the event has
    no grace period), else the wait for them until ``present_by`` (R9.4, :func:`_presence_check`)."""
    engine = engine_for(game)
    game.status = Game.Status.PLAYING
    grace = game.match.round.event.grace_minutes
    if grace and not all(seats_present(game.match)):
        game.present_by, game.decision_since = now + timedelta(minutes=grace), None
    else:
        game.present_by, game.decision_since = None, now
    _store_snapshot(game, engine)


def seats_present(match: Match) -> list[bool]:
    """Whether each seat is present: it has read or acted in its game (a bot always is)."""
    b = match.player_b
    return [
        match.present_a_at is not None or match.player_a.is_bot,
        b is not None and (match.present_b_at is not None or b.is_bot),
    ]


PRESENT_FIELDS = ("present_a_at", "present_b_at")


def match_present(*, match: Match, seat: int | None, now: Any = None) -> bool:
    """Mark the seat present in its online match (R9.4: a read of its game, or an action);
    return whether this call marked it. Cheap and no adjudication (issue #15): nothing when
    the match read says so already, else one guarded ``UPDATE ... WHERE present IS NULL``;
    the beat's sweep starts a game whose seats are both present (:func:`deadline`)."""
    if seat is None or match.player_b is None or not match.round.event.online:
        return False
    field = PRESENT_FIELDS[seat]
    if getattr(match, field) is not None:
        return False
    now = now or timezone.now()
    marked = Match.objects.filter(pk=match.pk, **{f"{field}__isnull": True}).update(**{field: now}) > 0
    if marked:
        setattr(match, field, now)
    return marked


# --- submitting ---------------------------------------------------------------------------


def game_action_submit(
    *, match_id: int, facts: ActionFacts, seq: Any, action: Any, decision: Any = None
) -> GameAction:
    """Record a seat's action for the workers and queue its adjudication; return the ledger row.

    ``facts`` is what :func:`~tournaments.selectors.online_rows.action_facts` read of the
    match for the caller (asked about ``decision``). ``decision``: the engine's decision number
    the action answers (``view.decision.seq`` of the seat's answer), or None (unbound: an older
    client). A ``seq`` already used returns that row unchanged when the body is the same (a
    retry is applied once) and raises WrongState (409, ``seq_reused``) when it differs; a
    ``seq`` beyond the next one raises WrongState (409, ``seq_gap``); a second action bound to
    a decision the seat has answered already, still waiting for a worker, raises WrongState
    (409, ``decision_pending``). An action whose shape the game does not take (R10.3: a type
    only the site applies, such as ``timeout``, R9.4; too deep, too large, not plain JSON)
    raises BadInput with the engine's code (:func:`engine.actions.action_problem`).

    No lock on the match: the unique (match, seat, seq) of the ledger orders a seat's
    submissions, and the worker takes up whatever is queued when it holds the match (an
    action that comes in meanwhile is taken by the drain's next pass). The hot path is the
    facts' statement and one INSERT.
    """
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
        raise BadInput("seq: a whole number ≥ 1", code="invalid")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise BadInput('action: a JSON object with a "type"', code="invalid")
    if decision is not None and (isinstance(decision, bool) or not isinstance(decision, int) or decision < 0):
        raise BadInput("decision: a whole number ≥ 0", code="invalid")
    seat = facts.seat
    if seat is None:
        raise NotAllowed("Only the players of this match can act in it.")
    problem = action_problem(action, types=get_game(facts.game).action_types)
    if problem is not None:
        text = refusal_text(
            code=problem.code, params=problem.params, rule=problem.rule, message=problem.message
        )
        raise BadInput(text, code=problem.code, rule=problem.rule, params=problem.params)
    if seq < facts.next_seq:
        return _same_or_409(GameAction.objects.get(match_id=match_id, seat=seat, seq=seq), action, decision)
    if seq != facts.next_seq:
        message = f"seq {seq} skips ahead: the next action number is {facts.next_seq}."
        raise WrongState(message, code="seq_gap", next_seq=facts.next_seq)
    if not facts.online:
        raise WrongState("This match is not played online.", code="not_online")
    if facts.final:
        raise WrongState("The match is over.", code="match_over")
    if decision is not None and facts.answered:
        message = _(
            "Your answer to decision %(decision)s is still waiting to be applied; act again once it is."
        ) % {"decision": decision}
        raise WrongState(message, code="decision_pending", decision=decision)
    row = GameAction(
        match_id=match_id, seat=seat, seq=seq, action=action, decision=decision, game_number=facts.game_number
    )
    # The same seq may have come in twice at once: one row (a conflict breaks no transaction).
    if not plainsql.insert_unless_taken(row):
        return _same_or_409(GameAction.objects.get(match_id=match_id, seat=seat, seq=seq), action, decision)
    if not facts.present:  # R9.4: an action counts as presence (once: the facts say so after)
        Match.objects.filter(pk=match_id, **{f"{PRESENT_FIELDS[seat]}__isnull": True}).update(
            **{PRESENT_FIELDS[seat]: timezone.now()}
        )
    transaction.on_commit(lambda: queue_action(match_id))
    return row


def _same_or_409(row: GameAction, action: dict[str, Any], decision: int | None) -> GameAction:
    """The row a repeated ``seq`` names, when the request repeats its body (a retry); WrongState
    (409, ``seq_reused``) when it sends something else under a number already used."""
    if row.action != action or row.decision != decision:
        message = _(
            "Action number %(seq)s was used already for another action; the next number is in "
            "the game's answer (next_seq)."
        ) % {"seq": row.seq}
        raise WrongState(message, code="seq_reused", seq=row.seq)
    return row


def queue_adjudication(match_id: int, *, bots: bool = False, eta: Any = None) -> None:
    """Queue the worker task for a match (in-process when no broker is configured): on the
    people's queue, or for a match between bots only (``bots``) on :func:`bot_queue`."""
    from tournaments.tasks import adjudicate_match

    options: dict[str, Any] = {"queue": bot_queue()} if bots else {}
    if eta is not None:
        options["eta"] = eta
    adjudicate_match.apply_async((match_id,), **options)


def bot_queue() -> str:
    """Return the queue of the bot-only matches' work: the people's (default) queue's name
    followed by :data:`BOT_QUEUE_SUFFIX` (``celery-bots``). Issue #15: bots' moves never
    delay people's. Workers consume both queues, the people's first, and the Redis transport
    takes from the queues in that order (settings: ``queue_order_strategy`` "priority"), so a
    worker takes a bot task only when no person's task waits."""
    from tournaments.tasks import adjudicate_match

    return f"{adjudicate_match.app.conf.task_default_queue}{BOT_QUEUE_SUFFIX}"


def queue_action(match_id: int) -> None:
    """Wake a worker for an action just committed (:func:`drain_wake`). In-process (no
    broker): adjudicate the match at once."""
    from tournaments.tasks import drain_actions

    if drain_actions.app.conf.task_always_eager:
        queue_adjudication(match_id)
        return
    drain_wake()


def drain_wake() -> None:
    """Queue the drain task, unless a wake-up is pending (:data:`DRAIN_WOKEN`; a broker other
    than Redis gets one each time). (The fast lane does the same with its own client.)"""
    from tournaments.tasks import drain_actions

    if _first_to_flag(DRAIN_WOKEN, DRAIN_WOKEN_MS):
        drain_actions.delay()


def _first_to_flag(key: str, ms: int) -> bool:
    """Set the Redis flag ``key`` for ``ms`` milliseconds unless it is set; return whether this
    call set it — or True with no Redis to keep it on (each caller then acts every time)."""
    client = live.redis_client()
    if client is None:
        return True
    try:
        return bool(client.set(key, 1, nx=True, px=ms))
    except Exception as error:  # Redis is the broker too: the task the caller sends will say more
        log.warning("the Redis flag %s is unavailable (%s)", key, error)
        return True


def actions_drain() -> int:
    """The woken worker's work: clear the wake-up flag, then drain (:func:`matches_drain`).
    Cleared first, so an action committed after it wakes a worker again, and one committed
    before it is seen by the drain."""
    client = live.redis_client()
    if client is not None:
        try:
            client.delete(DRAIN_WOKEN)
        except Exception as error:  # then it expires (DRAIN_WOKEN_MS): drain all the same
            log.warning("drain wake-up flag unavailable (%s)", error)
    return matches_drain()


def sideboard_submit(*, match: Match, by: AbstractBaseUser, deck: Any | None) -> Game:
    """Set the seat's deck for the next game (R2.7 swaps only), or just say ready (deck None)."""
    seat = seat_of(match, by)
    if seat is None:
        raise NotAllowed("Only the players of this match can sideboard.")
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=match.pk)
        game = current_game(match)
        if game is None or game.status != Game.Status.SIDEBOARDING:
            raise WrongState("Sideboarding happens between games.", code="not_sideboarding")
        if deck is not None:
            registered = match.player_a.deck if seat == 0 else match.player_b.deck
            event = match.round.event
            try:
                before = parse_decklist(registered, game=event.game)
                after = parse_decklist(deck, game=event.game)
            except Exception as error:  # DeckParseError carries the line or key
                raise BadInput(f"deck: {error}", code="bad_decklist") from None
            _rules, catalog = catalog_for(game=event.game)
            problems = validate_swap(before, after, catalog, side_max=event.side_deck_max)
            if problems:
                # Each names its game and values, as deck checks do (labels.violation_text).
                violations = [{**v.as_dict(), "params": dict(v.params), "game": event.game} for v in problems]
                raise BadInput(
                    "R2.7: this is not a legal sideboard swap.", code="bad_swap", violations=violations
                )
            game.decks[seat] = decklist_to_json(after)
        if seat not in game.sideboard_ready:
            game.sideboard_ready.append(seat)
        game.save(update_fields=["decks", "sideboard_ready"])
        transaction.on_commit(lambda: queue_adjudication(match.pk))
    return game


# --- adjudicating -------------------------------------------------------------------------


def match_adjudicate(*, match_id: int, now: Any = None) -> int:
    """Apply every queued action of a match exactly once; return how many were processed.

    Runs under a row lock on the match, so two workers never apply the same action
    or interleave. Also: charges and enforces the clocks (R9.4), starts a game whose
    sideboarding is over, makes bot moves, records a finished game, starts the next
    game or records the match result, and ends matches whose round time is up. Once
    committed, each seat's new answer is pushed to its open streams (:mod:`.live`).

    Should adjudicating the queue together fail (a bug, or an action nothing can take), the
    actions are taken one at a time and each that fails alone is refused
    (:func:`_adjudicate_each`): one bad action never freezes its match. Raises only what fails
    with no action at all (or the database being away, OperationalError).
    """
    now = now or timezone.now()
    try:
        with transaction.atomic():
            match = online_rows.match_for_play(match_id, lock=True)
            queued, seqs = online_rows.queued_actions(match)
            games = online_rows.match_games(match, snapshots=False)
            processed, answers = _adjudicate(match, games, queued, seqs, now)
            _publish_after_commit({match.pk: answers})
        return processed
    except OperationalError:
        raise
    except Exception:
        log.exception("adjudicating match %s failed; its actions one at a time", match_id)
        return _adjudicate_each(match_id, now)


def _adjudicate_each(match_id: int, now: Any) -> int:
    """Adjudicate the match's queued actions one at a time, each in a savepoint; refuse each that
    fails alone (R10.3, ``unprocessable``), so that the actions after it (the opponent's concede,
    say) apply. Raises what fails with no action at all."""
    processed = 0
    with transaction.atomic():
        match = online_rows.match_for_play(match_id, lock=True)
        queued, seqs = online_rows.queued_actions(match)
        for row in queued or [None]:
            try:
                with transaction.atomic():
                    games = online_rows.match_games(match, snapshots=False)
                    done, _answers_now = _adjudicate(match, games, [row] if row else [], list(seqs), now)
            except OperationalError:
                raise
            except Exception:
                if row is None:
                    raise
                log.exception(
                    "match %s: action %s (seat %s) cannot be adjudicated; refused",
                    match_id,
                    row.seq,
                    row.seat,
                )
                match = online_rows.match_for_play(match_id)  # as it was before the savepoint
                games = online_rows.match_games(match, snapshots=False)
                game = games[-1] if games else None
                _refuse(
                    row,
                    "R10.3",
                    "this action cannot be adjudicated",
                    now,
                    game,
                    code="unprocessable",
                    shown=False,
                )
                if game is not None:
                    plainsql.update(game, ["refused"])
                done = 1
            processed += done
            seqs = online_rows.queued_actions(match)[1]
        games = online_rows.match_games(match, snapshots=False)
        _publish_after_commit({match.pk: _answers(match, games)})
    return processed


def matches_drain(*, batch: int = DRAIN_BATCH, now: Any = None) -> int:
    """Adjudicate the queued actions of every match that has some, many matches per
    transaction; return how many actions were processed. (The task a player's action wakes.)

    Each pass locks up to ``batch`` matches with queued actions, skipping those another
    worker holds, reads them, their queues and games in three statements, adjudicates each
    as :func:`match_adjudicate` does, sends the writes together and commits once; the
    answers are published in one round trip. Passes go on until no unlocked match has
    queued actions, so an action committed while a pass ran is taken by the next one.
    A pass that fails is undone and its matches adjudicated one transaction each, so one
    bad match holds up no other; a match that fails alone is left to the sweep.
    """
    total = 0
    failed: set[int] = set()
    while True:
        at = now or timezone.now()
        ids: list[int] = []
        try:
            with transaction.atomic(), plainsql.deferred_updates():
                matches = online_rows.matches_with_queued_actions(batch, leave=failed)
                if not matches:
                    if online_rows.actions_waiting(leave=failed):
                        transaction.on_commit(_drain_again_soon)
                    return total
                ids = [match.pk for match in matches]
                queues = online_rows.queued_of(matches)
                games = online_rows.games_of(matches, snapshots=False)
                answers = {}
                for match in matches:
                    queued, seqs = queues[match.pk]
                    processed, answers[match.pk] = _adjudicate(match, games[match.pk], queued, seqs, at)
                    total += processed
                _publish_after_commit(answers)
        except OperationalError:
            raise  # the database is away: the task retries
        except Exception:
            if not ids:
                raise
            log.exception("adjudicating matches %s together failed; one at a time", ids)
            total += _one_by_one(ids, at, failed)


def _drain_again_soon() -> None:
    """Queue a drain in a moment (:data:`DRAIN_NUDGE_MS`), unless one is queued for then already."""
    from tournaments.tasks import drain_actions

    if drain_actions.app.conf.task_always_eager:
        return
    if _first_to_flag(DRAIN_NUDGED, DRAIN_NUDGE_MS):
        drain_actions.apply_async(countdown=DRAIN_NUDGE_MS / 1000)


def _one_by_one(ids: list[int], now: Any, failed: set[int]) -> int:
    """Adjudicate each match in a transaction of its own; add those that fail to ``failed``."""
    processed = 0
    for match_id in ids:
        try:
            processed += match_adjudicate(match_id=match_id, now=now)
        except OperationalError:
            raise
        except Exception:  # left queued: the sweep takes it up again (LEFT_BEHIND)
            log.exception("adjudicating match %s failed", match_id)
            failed.add(match_id)
    return processed


def _adjudicate(
    match: Match, games: list[Game], queued: list[GameAction], seqs: list[int], now: Any
) -> tuple[int, list[str] | None]:
    """Adjudicate one locked match (its games, queued actions and both seats' next numbers read
    with it); return how many actions were processed and both seats' answers to publish."""
    game = games[-1] if games else None
    processed = len(queued)
    checked = _shapely(match, game, queued, now)
    if len(checked) < len(queued):
        queued = checked
        if game is not None:
            plainsql.update(game, ["refused"])
    if match.status == Match.Status.FINAL or game is None:
        for row in queued:
            final = match.status == Match.Status.FINAL
            reason = "the match is over" if final else "no game yet"
            _refuse(row, "R9.5", reason, now, game, code="match_over" if final else "no_game")
        if game is not None and queued:
            plainsql.update(game, ["refused"])
        return processed, _answers(match, games, seqs)
    if game.status == Game.Status.SIDEBOARDING:
        if len(game.sideboard_ready) >= 2 or (game.sideboard_until and now >= game.sideboard_until):
            _begin(game, now)
            game.save()
        else:
            for row in queued:
                message = "sideboarding: the game has not started yet"
                _refuse(row, "R2.7", message, now, game, code="sideboarding")
            plainsql.update(game, ["refused"])
            _schedule_followups(match, game, now)
            return processed, _answers(match, games, seqs)
    if game.status == Game.Status.PLAYING:
        engine = engine_for(game)
        try:
            _play(match, game, engine, queued, now, seqs)
        except BaseException:
            engine_forget(game)  # the transaction rolls back: forget the state it had advanced
            raise
    elif queued:
        for row in queued:
            _refuse(row, "R9.5", "the game is over", now, game, code="game_finished")
        plainsql.update(game, ["refused"])
    _round_time_check(match, now)
    if match.status == Match.Status.FINAL or games[-1].status == Game.Status.FINISHED:
        games = match_games(match)
    _schedule_followups(match, games[-1], now)
    return processed, _answers(match, games, seqs)


def _refuse(
    row: GameAction,
    rule: str,
    message: str,
    now: Any,
    game: Game | None,
    *,
    code: str = "",
    params: dict[str, Any] | None = None,
    shown: bool = True,
) -> None:
    """Refuse a submitted action (kept for judges) and list it in its seat's answer; the
    caller saves ``game``. ``message`` is English; ``code`` and ``params`` (the engine's
    IllegalAction.code/params, or the site's own) let each reader's page say it in their
    language (tournaments/labels.py): an answer is built once for both seats, in no language."""
    # ``shown`` False: the answer lists only the action's type (a shape no answer should carry:
    # too deep, too large, not plain JSON).
    params = dict(params or {})
    row.status, row.rule, row.message, row.processed_at = A.REFUSED, rule, message, now
    row.code, row.params = code, params
    plainsql.update(row, ["status", "rule", "message", "code", "params", "processed_at"])
    if game is not None:
        refused = [list(seat) for seat in game.refused or [[], []]]
        entry = {
            "seq": row.seq,
            "action": row.action if shown else _type_only(row.action),
            "rule": rule,
            "message": message,
            "code": code,
            "params": params,
        }
        refused[row.seat] = [entry, *refused[row.seat]][:REFUSED_SHOWN]
        game.refused = refused


def _type_only(action: Any) -> dict[str, Any]:
    """An action as a refusal lists it when it cannot be shown as it came: its type, if it is text."""
    kind = action.get("type") if isinstance(action, dict) else None
    return (
        {"type": kind[:40]}
        if isinstance(kind, str) and action_problem({"type": kind[:40]}, types=None) is None
        else {}
    )


def _shapely(match: Match, game: Game | None, queued: list[GameAction], now: Any) -> list[GameAction]:
    """The queued actions of a shape the event's game takes (R10.3, :func:`engine.actions.
    action_problem`), the others refused first — whatever came in before the intake checked
    shapes, or past it, never reaches the engine, a JSON encoder or a batch it could fail."""
    types = get_game(match.round.event.game).action_types
    good = []
    for row in queued:
        problem = action_problem(row.action, types=types)
        if problem is None:
            good.append(row)
        else:
            _refuse(
                row,
                problem.rule,
                problem.message,
                now,
                game,
                code=problem.code,
                params=problem.params,
                shown=False,
            )
    return good


def _charge(game: Game, now: Any) -> None:
    """Charge the time since the pending decision began to the seat deciding (R9.4); nothing
    while the game waits for its seats (``present_by``: no clock runs)."""
    if game.present_by is not None:
        return
    if game.decision_seat is not None and game.decision_since is not None:
        elapsed = max(0.0, (now - game.decision_since).total_seconds())
        game.clock_used[game.decision_seat] = round(game.clock_used[game.decision_seat] + elapsed, 3)
    game.decision_since = now


def _presence_check(match: Match, game: Game, engine: EngineMatch, now: Any) -> None:
    """A game waiting for its seats (``present_by``) starts its clocks once both are present;
    at ``present_by`` a seat still absent loses it as a no-show (R9.4: the site applies
    ``no_show``; neither seat present: the game is drawn, reason ``no_show`` all the same)."""
    if game.present_by is None:
        return
    present = seats_present(match)
    if all(present):
        game.present_by, game.decision_since = None, now
    elif now >= game.present_by:
        game.present_by = None
        if not engine.is_over:
            if any(present):
                engine.apply(present.index(False), {"type": "no_show"})
            else:
                engine.apply(0, {"type": "no_show", "both": True})


def _timed_out(game: Game, limit: float) -> int | None:
    seat = game.decision_seat
    if seat is not None and game.clock_used[seat] >= limit:
        return seat
    return None


def _play(
    match: Match, game: Game, engine: EngineMatch, queued: list[GameAction], now: Any, seqs: list[int]
) -> None:
    """Apply the queued actions (and the bots' moves, which move ``seqs`` on) to the game."""
    event = match.round.event
    limit = clock_limit(event)
    since = game.decision_since
    _presence_check(match, game, engine, now)
    _charge(game, now)
    if not engine.is_over and (late := _timed_out(game, limit)) is not None:
        engine.apply(late, {"type": "timeout"})  # R9.4: out of time, the game is lost
    for row in queued:
        if engine.is_over:
            reason = engine.result.reason if engine.result else ""
            over = f"the game is over ({reason})"
            _refuse(row, "R9.5", over, now, game, code="game_over", params={"reason": reason})
            continue
        if row.game_number is not None and row.game_number != game.number:
            # Sent while an earlier game was on: it answers none of this game's decisions (R10.4).
            message = f"this action was sent during game {row.game_number}"
            _refuse(row, "R10.4", message, now, game, code="stale_game", params={"game": row.game_number})
            continue
        try:
            # Bound to a decision (its number): refused as stale once that one is past (R10.4).
            engine.apply(row.seat, row.action, seq=row.decision)
        except IllegalAction as error:
            # Kept for judges, with the code and values that say it in each reader's language.
            _refuse(row, error.rule, error.message, now, game, code=error.code, params=error.params)
            continue
        row.status, row.processed_at = A.APPLIED, now
        row.game_number, row.log_index = game.number, len(engine.actions) - 1
        plainsql.update(row, ["status", "processed_at", "game_number", "log_index"])
    _bots_move(match, game, engine, now, since, seqs)
    game.actions = list(engine.actions)
    pending = engine.decision()
    game.decision_seat = pending.seat if pending is not None else None
    _remember(game, engine)
    if engine.is_over:
        _finish_game(match, game, engine, now)
    else:
        _store_snapshot(game, engine)
        # The hot path: only what an action changes (not the decks, seed or card sets).
        plainsql.update(
            game,
            ["actions", "snapshot", "refused", "clock_used", "decision_seat", "decision_since", "present_by"],
        )


def _bots(match: Match) -> tuple[bool, bool]:
    return (match.player_a.is_bot, bool(match.player_b and match.player_b.is_bot))


def _bots_only(match: Match) -> bool:
    """Whether nobody but bots plays the match (its work goes to :func:`bot_queue`)."""
    return all(_bots(match))


def _bots_move(match: Match, game: Game, engine: EngineMatch, now: Any, since: Any, seqs: list[int]) -> None:
    """Make the bots' moves (numbered on from ``seqs``, which they move on). Paced
    (settings.BOT_PAUSE_SECONDS): one move per adjudication, once the pause since the last one
    (``since``) is over; :func:`deadline` brings the next one."""
    bots = _bots(match)
    if not any(bots):
        return
    pause = settings.BOT_PAUSE_SECONDS
    moves = 0
    while not engine.is_over and moves < BOT_MOVES_PER_TASK:
        pending = engine.decision()
        if pending is None or not bots[pending.seat]:
            return
        if pause and (moves or since is None or (now - since).total_seconds() < pause):
            return
        action = HeuristicBot(seed=game.seed + len(engine.actions)).act(engine, pending.seat)
        engine.apply(pending.seat, action)
        GameAction.objects.create(
            match=match,
            seat=pending.seat,
            seq=seqs[pending.seat],
            action=action,
            decision=pending.seq,
            status=A.APPLIED,
            game_number=game.number,
            log_index=len(engine.actions) - 1,
            by_bot=True,
            processed_at=now,
        )
        seqs[pending.seat] += 1
        moves += 1
    if moves >= BOT_MOVES_PER_TASK:
        only = all(bots)
        transaction.on_commit(lambda: queue_adjudication(match.pk, bots=only))


def _store_snapshot(game: Game, engine: EngineMatch) -> None:
    pending = engine.decision()
    game.snapshot = {
        "seq": engine.seq,
        "turn": engine.turn,
        "decision": pending.as_dict() if pending is not None else None,
        "result": engine.result.as_dict() if engine.result is not None else None,
        "views": [engine.observation(0), engine.observation(1)],
        "legal": [engine.legal_actions(0), engine.legal_actions(1)],
        # Each legal action as the engine says it (English): the generic board's button labels.
        "described": [[engine.describe_action(a) for a in engine.legal_actions(s)] for s in (0, 1)],
    }
    game.decision_seat = pending.seat if pending is not None else None


def _finish_game(match: Match, game: Game, engine: EngineMatch, now: Any) -> None:
    result = engine.result
    assert result is not None
    game.status, game.winner, game.reason, game.finished_at = (
        Game.Status.FINISHED,
        result.winner,
        result.reason,
        now,
    )
    game.decision_seat = None
    _store_snapshot(game, engine)
    game.save()
    _count_game(match, result.winner)
    _after_game(match, loser=None if result.winner is None else 1 - result.winner, now=now)


def _count_game(match: Match, winner: int | None) -> None:
    if winner == 0:
        match.wins_a += 1
    elif winner == 1:
        match.wins_b += 1
    else:
        match.draws += 1


def _after_game(match: Match, *, loser: int | None, now: Any) -> None:
    """Start the next game (its loser takes initiative) or record the match result."""
    event = match.round.event
    needed = event.best_of // 2 + 1
    played = match.games.count()
    decided = max(match.wins_a, match.wins_b) >= needed or played >= event.best_of
    if match.round.kind == Round.Kind.TOP_CUT and match.wins_a == match.wins_b:
        decided = False  # a top-cut match cannot end drawn: play on
    if decided or played >= event.best_of + 3:
        _record_result(match, action="engine")
    else:
        match.save(update_fields=["wins_a", "wins_b", "draws", "updated_at"])
        _game_create(match, number=played + 1, first_initiative=loser)


def _record_result(match: Match, *, action: str, by: AbstractBaseUser | None = None, note: str = "") -> None:
    old = {"status": match.status}
    match.status, match.disputed = Match.Status.FINAL, False
    # Only what a result changes: a whole-row save from this copy could undo a presence mark
    # made since it was read (R9.4; marks are guarded UPDATEs of their own).
    match.save(update_fields=["status", "disputed", "wins_a", "wins_b", "draws", "updated_at"])
    new = {"wins_a": match.wins_a, "wins_b": match.wins_b, "draws": match.draws, "status": match.status}
    ResultChange.objects.create(match=match, by=by, action=action, old=old, new=new, note=note)


def _round_time_check(match: Match, now: Any) -> None:
    """Round end (the event's rule for unfinished matches): the game in progress is a draw."""
    if match.status == Match.Status.FINAL:
        return
    deadline = match.round.ends_at + timedelta(minutes=match.extension_minutes)
    if now < deadline:
        return
    game = current_game(match)
    if game is not None and game.status != Game.Status.FINISHED:
        game.status, game.reason, game.finished_at, game.decision_seat = (
            Game.Status.FINISHED,
            "round_end",
            now,
            None,
        )
        game.save()
        match.draws += 1
    _record_result(
        match, action="round_end", note="round time is over: the game in progress counts as a draw"
    )


def deadline(match: Match, game: Game) -> Any:
    """Return when the match next needs a worker with nobody acting: the deciding seat's clock
    running out (R9.4), the sideboarding timer, or the round's end; None for a final match."""
    if match.status == Match.Status.FINAL:
        return None
    due = match.round.ends_at + timedelta(minutes=match.extension_minutes)
    if game.status == Game.Status.SIDEBOARDING and game.sideboard_until:
        due = min(due, game.sideboard_until)
    elif game.status == Game.Status.PLAYING and game.present_by is not None:
        # Waiting for the seats (R9.4): due at once when both are present (the sweep starts the
        # clocks), else when the grace period ends (the absent seat loses as a no-show).
        due = min(due, game.started_at if all(seats_present(match)) else game.present_by)
    elif game.status == Game.Status.PLAYING and game.decision_seat is not None and game.decision_since:
        left = clock_limit(match.round.event) - game.clock_used[game.decision_seat]
        due = min(due, game.decision_since + timedelta(seconds=max(0.0, left)))
        if settings.BOT_PAUSE_SECONDS and _bots(match)[game.decision_seat]:
            due = min(due, game.decision_since + timedelta(seconds=settings.BOT_PAUSE_SECONDS))
    return due


def _schedule_followups(match: Match, game: Game, now: Any) -> None:
    """With a real broker, wake a worker when the pending clock runs out (R9.4), if that is
    soon (:data:`FOLLOWUP_WITHIN`); the periodic sweep covers later deadlines."""
    due = deadline(match, game)
    if due is not None and due - now <= FOLLOWUP_WITHIN:
        _followup(match.pk, due + timedelta(seconds=0.2), bots=_bots_only(match))


def _followup(match_id: int, eta: Any, *, bots: bool) -> None:
    from tournaments.tasks import adjudicate_match

    # The app's live setting, not settings.CELERY_TASK_ALWAYS_EAGER: tests switch the app to
    # eager at run time, and an eager task ignores its ETA, runs at once and schedules again.
    if adjudicate_match.app.conf.task_always_eager:
        return
    transaction.on_commit(lambda: queue_adjudication(match_id, bots=bots, eta=eta))


def matches_due(*, now: Any = None) -> list[int]:
    """Return the online matches a sweep should adjudicate: queued work left behind (its task
    lost, :data:`LEFT_BEHIND`), or a clock, timer or the round's time run out."""
    now = now or timezone.now()
    return _due(now, _deadlines())


def _due(now: Any, deadlines: list[tuple[int, Any, bool]]) -> list[int]:
    return sorted(_queued_matches(now) | {match_id for match_id, when, _bots in deadlines if when <= now})


def _queued_matches(now: Any) -> set[int]:
    # Only actions waiting longer than a task normally takes: every submission queues its own
    # task, and a sweep re-queueing work already queued would flood a busy broker.
    rows = GameAction.objects.filter(status=A.QUEUED, created_at__lte=now - LEFT_BEHIND)
    return set(rows.values_list("match_id", flat=True).distinct()[:1000])


def _deadlines() -> list[tuple[int, Any, bool]]:
    """Return (match id, deadline, bots only) of every online match in play."""
    live_games = (
        Game.objects.filter(
            match__round__event__online=True,
            match__status__in=[Match.Status.PENDING, Match.Status.REPORTED],
        )
        .exclude(status=Game.Status.FINISHED)
        .select_related("match__round__event", "match__player_a", "match__player_b")
        .defer("snapshot", "decks", "actions", "card_sets", "match__player_a__deck", "match__player_b__deck")
        # People's games first: a flood of bot games never pushes theirs past the limit (issue #15).
        .order_by("match__player_a__is_bot", "match__player_b__is_bot", "id")
    )
    out = []
    for game in live_games[:SWEEP_GAMES]:
        when = deadline(game.match, game)
        if when is not None:
            out.append((game.match_id, when, _bots_only(game.match)))
    return out


def online_sweep(
    *,
    now: Any = None,
    run: Callable[[int], Any] | None = None,
    run_bots: Callable[[int], Any] | None = None,
) -> int:
    """Adjudicate every match that is due; return how many. (The periodic task.)

    With a broker (``run`` queues a task; ``run_bots`` queues a bot-only match's, by default
    ``run``), it also queues a task at the exact deadline of every match that falls due before
    the next sweep, so a clock is enforced on time (R9.4), not up to a sweep later, and wakes
    the drain for actions waiting longer than :data:`DRAIN_STALLED`.
    """
    now = now or timezone.now()
    deadlines = _deadlines()
    ids = _due(now, deadlines)
    bot_ids = {match_id for match_id, _when, bots in deadlines if bots}
    for match_id in ids:
        send = (run_bots or run) if match_id in bot_ids else run
        try:
            (send or (lambda pk: match_adjudicate(match_id=pk, now=now)))(match_id)
        except OperationalError:
            raise
        except Exception:  # one match that cannot be adjudicated holds up no other (issue #15)
            log.exception("sweep: match %s could not be adjudicated", match_id)
    if run is not None:
        for match_id, when, bots in deadlines:
            if now < when <= now + SWEEP_AHEAD:
                _followup(match_id, when + timedelta(seconds=0.2), bots=bots)
        if online_rows.actions_waiting(before=now - DRAIN_STALLED):
            drain_wake()
    return len(ids)


_beat_lock = threading.Lock()
_beat: threading.Thread | None = None


def embedded_beat_start() -> bool:
    """Without a broker, do the beat's work in this web process (settings.EMBEDDED_BEAT): a
    daemon thread runs :func:`online_sweep` every 2 s, so clocks, sideboarding timers and
    paced bots move on with nobody watching. Returns whether the thread runs."""
    global _beat
    from tournaments.tasks import adjudicate_match

    if not settings.EMBEDDED_BEAT or not adjudicate_match.app.conf.task_always_eager:
        return False
    with _beat_lock:
        if _beat is None or not _beat.is_alive():
            _beat = threading.Thread(target=_embedded_beat_run, name="respons-beat", daemon=True)
            _beat.start()
    return True


def _embedded_beat_run() -> None:
    import logging
    import time

    from django.db import close_old_connections

    while True:
        time.sleep(2)
        try:
            online_sweep()
        except Exception:  # a locked SQLite file or a bad row: try again at the next sweep
            logging.getLogger(__name__).exception("embedded beat: sweep failed")
        finally:
            close_old_connections()
