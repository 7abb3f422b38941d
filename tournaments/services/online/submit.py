"""What a seat sends to its online match: an action for the workers (the hot path: one
statement of facts and one INSERT), a sideboarding swap between games, its presence (O1.1)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.decklist import decklist_to_json, parse_decklist
from engine.problems import DeckParseError
from tournaments import online_rules, plainsql
from tournaments.label_messages import parse_error_text, refusal_text
from tournaments.models import Game, GameAction, Match
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.online import (
    PRESENT_FIELDS,
    SEEN_FIELDS,
    current_game,
    match_engine,
    match_is_online,
    presence_refresh,
    seat_of,
    seen_stale,
    seq_check,
)
from tournaments.selectors.online_rows import ActionFacts
from tournaments.services.errors import BadInput, NotAllowed, WrongState, match_gone
from tournaments.services.online.queue import queue_action, queue_adjudication


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
    (409, ``decision_pending``). An action whose shape the game does not take (O3.1: a type
    only the site applies, such as ``timeout``; too deep, too large, not plain JSON)
    raises BadInput with the engine's code (:func:`engine.actions.action_problem`).

    No lock on the match: the unique (match, seat, seq) of the ledger orders a seat's
    submissions, and the worker takes up whatever is queued when it holds the match (an
    action that comes in meanwhile is taken by the drain's next pass). The hot path is the
    facts' statement and one INSERT.
    """
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
        raise BadInput(_("seq: a whole number ≥ 1"), code="invalid")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise BadInput(_('action: a JSON object with a "type"'), code="invalid")
    if decision is not None and (isinstance(decision, bool) or not isinstance(decision, int) or decision < 0):
        raise BadInput(_("decision: a whole number ≥ 0"), code="invalid")
    seat = facts.seat
    if seat is None:
        raise NotAllowed(_("Only the players of this match can act in it."))
    problem = match_engine(facts.game).action_problem(action)
    if problem is not None:
        # The site's own rule of an action's shape, whatever the game (O3.1).
        rule = online_rules.SHAPE
        text = refusal_text(code=problem.code, params=problem.params, rule=rule, message=problem.message)
        raise BadInput(text, code=problem.code, rule=rule, params=problem.params)
    where = seq_check(seq, facts.next_seq)
    if where == "used":
        return _same_or_409(GameAction.objects.get(match_id=match_id, seat=seat, seq=seq), action, decision)
    if where == "gap":
        message = _("seq %(seq)s skips ahead: the next action number is %(next)s.") % {
            "seq": seq,
            "next": facts.next_seq,
        }
        raise WrongState(message, code="seq_gap", next_seq=facts.next_seq)
    if not facts.online:
        raise WrongState(_("This match is not played online."), code="not_online")
    if facts.final:
        raise WrongState(_("The match is over."), code="match_over")
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
    if not facts.present:  # O1.1: an action counts as presence (once: the facts say so after)
        now = timezone.now()
        Match.objects.filter(pk=match_id, **{f"{PRESENT_FIELDS[seat]}__isnull": True}).update(
            **{PRESENT_FIELDS[seat]: now, SEEN_FIELDS[seat]: now}
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


def sideboard_submit(*, match: Match, by: User, deck: Any | None) -> Game:
    """Set the seat's deck for the next game (the game's swaps only, O4.2), or just say ready (deck None)."""
    seat = seat_of(match, by)
    if seat is None:
        raise NotAllowed(_("Only the players of this match can sideboard."))
    with transaction.atomic():
        try:
            match = (
                Match.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=match.pk)
            )
        except Match.DoesNotExist:
            raise match_gone() from None
        game = current_game(match)
        if game is None or game.status != Game.Status.SIDEBOARDING:
            raise WrongState(_("Sideboarding happens between games."), code="not_sideboarding")
        if deck is not None:
            holder = match.player_a if seat == 0 else match.player_b
            assert holder is not None  # a seat of the match (seat_of above)
            registered = holder.deck
            event = match.round.event
            try:
                before = parse_decklist(registered, game=event.game)
                after = parse_decklist(deck, game=event.game)
            except DeckParseError as error:  # it carries the line or key
                raise BadInput(
                    _("deck: %(problem)s") % {"problem": parse_error_text(error)}, code="bad_decklist"
                ) from None
            _rules, catalog = catalog_for(game=event.game)
            options = {"side_max": event.side_deck_max}
            problems = match_engine(event.game).swap_problems(before, after, catalog, options=options)
            if problems:
                # Each names its game and values, as deck checks do (label_messages.violation_text).
                violations = [{**v.as_dict(), "params": dict(v.params), "game": event.game} for v in problems]
                raise BadInput(
                    _("This is not a legal sideboard swap (see the problems)."),
                    code="bad_swap",
                    violations=violations,
                )
            game.decks[seat] = decklist_to_json(after)
        if seat not in game.sideboard_ready:
            game.sideboard_ready.append(seat)
        game.save(update_fields=["decks", "sideboard_ready"])
        transaction.on_commit(lambda: queue_adjudication(match.pk))
    return game


def match_present(*, match: Match, seat: int | None, now: datetime | None = None) -> bool:
    """Mark the seat present in its online match (O1.1: a read of its game, or an action) and
    write its last sign of life (``seen``, docs/api.md "Presence"); return whether this call
    marked it present. Cheap and no adjudication: nothing when the match read says
    both are fresh already, else one guarded ``UPDATE``, which keeps the first moment of
    presence and writes ``seen`` at most once per :func:`presence_refresh`; the beat's sweep
    starts a game whose seats are both present (:func:`deadline`)."""
    if seat is None or not match_is_online(match):
        return False
    now = now or timezone.now()
    field, seen = PRESENT_FIELDS[seat], SEEN_FIELDS[seat]
    if getattr(match, field) is None:
        first = Match.objects.filter(pk=match.pk, **{f"{field}__isnull": True})
        if first.update(**{field: now, seen: now}):
            setattr(match, field, now)
            setattr(match, seen, now)
            return True
    elif not seen_stale(match, seat, now):
        return False
    # Present already: its last sign of life only, unless another request wrote it just now.
    due = Q(**{f"{seen}__isnull": True}) | Q(**{f"{seen}__lte": now - presence_refresh()})
    Match.objects.filter(due, pk=match.pk).update(**{seen: now})
    setattr(match, seen, now)
    return False
