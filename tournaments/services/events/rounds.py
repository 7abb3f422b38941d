"""Running the rounds: start the event (round 1) and pair the next round or finish the event."""

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import (
    Event,
    Match,
    Round,
)
from tournaments.selectors.events import (
    Role,
    event_players,
)
from tournaments.services.errors import WrongState
from tournaments.services.events.common import S, _held, _require
from tournaments.services.events.event_day import _check_in_close
from tournaments.services.events.pairing import _pair_swiss, swiss_rounds_for
from tournaments.services.events.structures import structure_advance, structure_start
from tournaments.services.events.teams import team_count, team_round_pair
from tournaments.services.events.top_cut import _advance, _finish
from tournaments.services.online import round_games_start
from tournaments.services.online.playable import online_event_require_playable


def event_start(*, event: Event, by: User, hold: bool = False) -> Round:
    """Lock the decklists and pair round 1 (organizer); return the round. With ``hold`` the
    pairings wait for :func:`pairings_publish` (players do not see them, games do not start)."""
    _require(event, by, Role.ORGANIZER)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.REGISTRATION:
            raise WrongState(
                _("Only an event in registration can start (this one is %(status)s).")
                % {"status": event.get_status_display()}
            )
        if event.check_in_required:
            _check_in_close(event, by)
        count = event_players(event=event).filter(dropped=False).count()
        if count < 2:
            raise WrongState(
                _("At least two registered players are needed to start."), code="too_few_players"
            )
        if event.structure == Event.Structure.SWISS and event.top_cut and event.top_cut > count:
            raise WrongState(
                _("A top %(n)d needs at least %(n)d players.") % {"n": event.top_cut},
                code="too_few_players",
            )
        if event.online:  # the engine plays every card of the decks (engine/playable.py)
            online_event_require_playable(event=event)
        event.status = S.RUNNING
        if event.structure != Event.Structure.SWISS:
            event.save(update_fields=["status"])
            rounds = structure_start(event, published=not hold)
            if not hold:
                for paired in rounds:
                    round_games_start(round_id=paired.pk)
            return rounds[0]
        if event.teams:  # the teams are the Swiss core's players
            event.swiss_rounds = swiss_rounds_for(event, max(2, team_count(event=event)))
            event.save(update_fields=["status", "swiss_rounds"])
            round_ = team_round_pair(event, 1, published=not hold)
            if not hold:
                round_games_start(round_id=round_.pk, checked=event.online)
            return round_
        event.swiss_rounds = swiss_rounds_for(event, count)
        event.save(update_fields=["status", "swiss_rounds"])
        # Waitlisted players did not get in: they stay listed, never paired.
        round_ = _pair_swiss(event, 1, published=not hold)
        if not hold:
            # Every registered deck was checked with the engine above: not read again.
            round_games_start(round_id=round_.pk, checked=event.online)
    return round_


def round_next(*, event: Event, by: User, hold: bool = False) -> Round | None:
    """Pair the next Swiss round, or the next top-cut round, or finish the event (organizer).

    Returns the new round, or None when the event just finished. Raises WrongState
    (409) while a result of the current round is missing. The event row is locked,
    so a double click or two organizers at once never pair a round twice. With ``hold`` the
    new round waits for :func:`pairings_publish`; a held round must be published first
    (WrongState ``pairings_held``).
    """
    _require(event, by, Role.ORGANIZER)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status not in (S.RUNNING, S.TOP_CUT):
            raise WrongState(
                _("The event is not running (it is %(status)s).") % {"status": event.get_status_display()}
            )
        last = event.round_set.order_by("-number").first()
        assert last is not None
        if event.structure != Event.Structure.SWISS:
            return _structure_next(event, last, hold=hold)
        if not last.published:
            raise _held(last)
        missing = last.matches.exclude(status=Match.Status.FINAL).count()
        if missing:
            raise WrongState(
                ngettext(
                    "Round %(round)d still has %(count)d match without a final result.",
                    "Round %(round)d still has %(count)d matches without a final result.",
                    missing,
                )
                % {"round": last.number, "count": missing},
                code="results_missing",
            )
        if event.teams:
            round_ = _team_next(event, last, hold=hold)
        else:
            round_ = _advance(event, last, published=not hold)
        if round_ is not None and not hold:
            round_games_start(round_id=round_.pk)
        return round_


def _structure_next(event: Event, last: Round, *, hold: bool) -> Round | None:
    """A bracket or a round robin: once every stored match is final (a bracket's rounds may be
    played side by side, so all of them are checked), pair what the core says comes next."""
    held = event.round_set.filter(published=False).order_by("number").first()
    if held is not None:
        raise _held(held)
    open_matches = Match.objects.filter(round__event=event).exclude(status=Match.Status.FINAL)
    missing = open_matches.count()
    if missing:
        first = open_matches.order_by("round__number").values_list("round__number", flat=True).first()
        raise WrongState(
            ngettext(
                "Round %(round)d still has %(count)d match without a final result.",
                "Round %(round)d still has %(count)d matches without a final result.",
                missing,
            )
            % {"round": first or last.number, "count": missing},
            code="results_missing",
        )
    rounds = structure_advance(event, published=not hold)
    if not hold:
        for paired in rounds:
            round_games_start(round_id=paired.pk)
    return rounds[0] if rounds else None


def _team_next(event: Event, last: Round, *, hold: bool) -> Round | None:
    """A team event: its next Swiss round of teams, or the end after the last."""
    if last.number >= (event.swiss_rounds or 0):
        _finish(event)
        return None
    return team_round_pair(event, last.number + 1, published=not hold)
