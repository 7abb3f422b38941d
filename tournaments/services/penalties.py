"""Penalties a judge gives during a match (issue: online matches, part 6).

A penalty is a :class:`~tournaments.models.Penalty` row plus a ``ResultChange`` row with
action ``"penalty"`` (the audit trail), and its effect on the match:

- ``warning``: recorded only;
- ``game_loss``: the penalised player loses the current game — an online game in
  progress (or waiting for sideboarding) ends as their loss (reason ``"penalty"``) and
  the next game starts or the match result is recorded; with no game in progress the
  opponent is credited with a game win;
- ``match_loss``: the match is final as a loss for them (the opponent wins it
  ``best_of // 2 + 1`` to 0);
- ``disqualification``: a match loss, and the player is dropped from the event.
"""

from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import online_rules
from tournaments.models import (
    ELIMINATION_KINDS,
    Event,
    Game,
    GameAction,
    Match,
    Penalty,
    Registration,
    ResultChange,
)
from tournaments.selectors.events import event_role, is_official, match_locked
from tournaments.selectors.online import current_game

# The game bookkeeping is online play's own (counting a game, starting the next one,
# refusing queued actions): a penalty must count exactly as the engine's results do.
from tournaments.services import online
from tournaments.services.errors import BadInput, NotAllowed, WrongState, match_gone
from tournaments.services.notifications import notifications_penalty
from tournaments.services.rating_batch import rating_queue
from tournaments.services.text import NOTE_MAX, text_within

K = Penalty.Kind
PENALTY_REASON = "penalty"  # Game.reason of a game ended by a penalty


def _result(match: Match) -> dict[str, Any]:
    return {"wins_a": match.wins_a, "wins_b": match.wins_b, "draws": match.draws, "status": match.status}


def _seat_of_username(match: Match, username: str) -> tuple[int, Registration]:
    """Return (seat, registration) of the match's player named ``username``; raise BadInput."""
    wanted = (username or "").strip().casefold()
    for seat, registration in enumerate((match.player_a, match.player_b)):
        if registration is not None and registration.player.get_username().casefold() == wanted:
            return seat, registration
    raise BadInput(
        _("username: “%(name)s” does not play in this match") % {"name": username}, code="not_in_match"
    )


def penalty_give(*, match: Match, by: User, username: str, kind: str, note: str = "") -> Penalty:
    """Give a penalty to one player of the match (organizer, judges, staff); return the Penalty row.

    Raises NotAllowed for anyone else, BadInput for an unknown kind or a user who does not
    play in the match, WrongState for a game or match loss on a bye, a game loss in a
    match that is already final, or any penalty but a warning once the event is finished.
    """
    if kind not in K.values:
        raise BadInput(_("kind: one of %(kinds)s") % {"kinds": ", ".join(K.values)}, code="invalid")
    note = text_within(note, field="note", most=NOTE_MAX)
    with transaction.atomic():
        try:
            match = match_locked(match_id=match.pk)
        except Match.DoesNotExist:
            raise match_gone() from None
        event = match.round.event
        if not is_official(event_role(event=event, user=by)):
            raise NotAllowed(_("Only the organizer and the judges of this event can give penalties."))
        seat, registration = _seat_of_username(match, username)
        if kind != K.WARNING:
            if event.status == Event.Status.FINISHED:
                raise WrongState(
                    _("The event is over: only a warning can still be recorded."), code="event_over"
                )
            if match.is_bye and kind in (K.GAME_LOSS, K.MATCH_LOSS):
                raise WrongState(_("A bye has no games to lose."), code="bye")
        if kind == K.GAME_LOSS and match.status == Match.Status.FINAL:
            raise WrongState(
                _("The match is final: give a match loss or a warning instead."), code="result_final"
            )
        old = _result(match)
        if kind == K.GAME_LOSS:
            _game_loss(match, seat, by=by)
        elif kind in (K.MATCH_LOSS, K.DISQUALIFICATION) and not match.is_bye:
            match_loss(match, seat, by=by)
        if kind == K.DISQUALIFICATION:
            _disqualify(event, registration)
        penalty = Penalty.objects.create(match=match, registration=registration, kind=kind, note=note, by=by)
        # Stored in English, said in the reader's language when shown (labels.change_note).
        label = f"{kind} for {registration.player.get_username()}"
        ResultChange.objects.create(
            match=match,
            by=by,
            action="penalty",
            old=old,
            new=_result(match),
            note=f"{label}: {note}" if note else label,
        )
        if not match.is_bye:
            rating_queue(match.pk)  # a match loss makes the match final
        if event.online and not match.is_bye:
            online.match_changed(match.pk)  # the players' open streams show the penalty's effect
        notifications_penalty(penalty=penalty)
    return penalty


def _end_current_game(match: Match, loser: int, now: datetime, reason: str = PENALTY_REASON) -> Game | None:
    """End the online game in progress (or waiting for sideboarding) as ``loser``'s loss
    (``reason``: the Game's; ``concede`` when the player left the event).

    Returns the game ended, or None when no game is in progress. Queued actions are
    refused: they were meant for this game and must not land in the next one.
    """
    if not match.round.event.online or match.is_bye:
        return None
    game = current_game(match)
    if game is None or game.status == Game.Status.FINISHED:
        return None
    winner = 1 - loser
    if game.status == Game.Status.PLAYING:
        # The log is the truth: it ends with the site action that ended the game,
        # so the judges' download replays to this result instead of a game still in progress:
        # ``penalty_loss`` for a judge's game or match loss (reason ``penalty``), ``concede``
        # for a player who left the event (O3.5).
        engine = online.engine_for(game)
        if not engine.is_over:
            engine.apply(loser, {"type": "penalty_loss" if reason == PENALTY_REASON else "concede"})
            game.actions = list(engine.actions)
            online.engine_forget(game)  # rebuilt from the stored log next time (commit or not)
    game.status, game.winner, game.reason, game.finished_at = (
        Game.Status.FINISHED,
        winner,
        reason,
        now,
    )
    game.decision_seat = None
    # The snapshot is what the seats read: it must say the game is over.
    result = {"winner": winner, "reason": reason}
    snapshot = dict(game.snapshot or {})
    snapshot.update(result=result, decision=None, legal=[[], []])
    snapshot["views"] = [
        {**view, "result": result, "decision": None} for view in snapshot.get("views") or [{}, {}]
    ]
    game.snapshot = snapshot
    game.save()
    for row in match.game_actions.filter(status=GameAction.Status.QUEUED):
        why = (
            "the game was ended by a judge's penalty"
            if reason == PENALTY_REASON
            else "the player left the event"
        )
        online.refuse(row, online_rules.NOT_NOW, why, now, game)
    game.save(update_fields=["refused"])
    return game


def _game_loss(match: Match, loser: int, *, by: User) -> None:
    now = timezone.now()
    ended = _end_current_game(match, loser, now)
    online.count_game(match, 1 - loser)
    event = match.round.event
    needed = event.best_of // 2 + 1
    decided = max(match.wins_a, match.wins_b) >= needed
    if ended is not None:
        # Played games decide too (a best-of-3 ends after three games), as online play counts them.
        played = match.games.count()
        decided = decided or played >= event.best_of
        if match.round.kind in ELIMINATION_KINDS and match.wins_a == match.wins_b:
            decided = False
        if not decided and played < event.best_of + 3:
            match.save(update_fields=["wins_a", "wins_b", "draws", "updated_at"])
            online.game_create(match, number=played + 1, first_initiative=loser)
            transaction.on_commit(lambda: online.queue_adjudication(match.pk))
            return
        decided = True
    if decided:
        match.status, match.disputed, match.reported_by = Match.Status.FINAL, False, by
    match.save()


def match_loss(match: Match, loser: int, *, by: User, reason: str = PENALTY_REASON) -> None:
    """Make the locked ``match`` final as a match loss for seat ``loser`` (a penalty, or
    ``reason`` ``concede`` for a player who left the event): an online game in progress ends
    through the engine (:func:`_end_current_game`)."""
    now = timezone.now()
    _end_current_game(match, loser, now, reason)
    needed = match.round.event.best_of // 2 + 1
    wins = [0, 0]
    wins[1 - loser] = needed
    match.wins_a, match.wins_b, match.draws = wins[0], wins[1], 0
    match.status, match.disputed, match.reported_by = Match.Status.FINAL, False, by
    match.save()


def _disqualify(event: Event, registration: Registration) -> None:
    """Drop the player as :func:`~tournaments.services.events.player_drop` does (never paired again)."""
    if not registration.dropped:
        registration.dropped = True
        registration.dropped_after_round = event.round_set.count()
        registration.save(update_fields=["dropped", "dropped_after_round", "updated_at"])
