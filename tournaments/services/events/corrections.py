"""The organizer's safety net on event day: hold a round's pairings before publishing them, swap
two players, give a manual bye, re-pair the current round while no result is in, undo the last
round, and keep players apart (forbidden pairs). Each is an audit entry with who, when, what and
why.

A bracket or a round robin is drawn whole from its seeds, so its swap and re-pair change the
seeds and draw the event's rounds again from them, as the start did, while no result is in. A
team round's swap, bye and re-pair move whole teams (:mod:`.team_corrections`).

An online round whose games have started is never re-paired, undone or changed: the refusal
(``games_started``) says to override results instead. The engine's action log is the record of
what was played; cancelling live games would erase it and race the workers that hold those
matches' rows. Holding the pairings is how an online round is checked before any game starts.
"""

import random
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    Event,
    ForbiddenPair,
    Match,
    Registration,
    ResultChange,
    Round,
)
from tournaments.selectors.events import Role, is_seeded
from tournaments.services.errors import BadInput, WrongState
from tournaments.services.events.common import S, _audit, _reason, _require
from tournaments.services.events.correcting import (
    PairingChange,
    _current_round_locked,
    _games_started,
    _keep_match_history,
    _match_of,
    _no_penalties,
    _no_result,
    _pairing_warnings,
    _registration_named,
    _round_pairs,
    _round_pairs_of,
)
from tournaments.services.events.pairing import _pair_swiss
from tournaments.services.events.structures import structure_advance, structure_start
from tournaments.services.events.team_corrections import team_bye, team_repair, team_swap
from tournaments.services.notifications import notifications_round_posted
from tournaments.services.online import round_games_start


def pairings_swap(
    *,
    event: Event,
    by: User,
    player_a: str = "",
    player_b: str = "",
    reason: str,
    team_a: str = "",
    team_b: str = "",
) -> PairingChange:
    """Swap two players of the current Swiss round between their tables (organizer), with a
    reason; return the round and warnings (a rematch, a points mismatch).

    Both tables must be without a result and not byes; an online round's games must not have
    started. Raises NotAllowed, BadInput (unknown player, the same table) or WrongState.

    In a team event two teams swap their team tables (``team_a``/``team_b``, team names; a
    player's username names their team): :func:`.team_corrections.team_swap`.
    """
    note = _reason(reason, required=True)
    if event.teams:
        return team_swap(event, by, team_a or player_a, team_b or player_b, note)
    if is_seeded(event):
        return _seeds_swap(event, by, player_a, player_b, note)
    with transaction.atomic():
        event, round_ = _current_round_locked(event, by)
        first = _registration_named(event, player_a, "player_a")
        second = _registration_named(event, player_b, "player_b")
        _games_started(round_)
        m1, m2 = _match_of(round_, first), _match_of(round_, second)
        if m1.pk == m2.pk:
            raise BadInput(_("player_b: the two players are at the same table"), code="same_table")
        for m in (m1, m2):
            _no_result(m)
        _no_penalties([m1.pk, m2.pk])
        old = {"round": round_.number, "tables": _round_pairs_of([m1, m2])}
        for m, leaving, coming in ((m1, first, second), (m2, second, first)):
            if m.player_a_id == leaving.pk:
                m.player_a = coming
            else:
                m.player_b = coming
        for m in (m1, m2):
            m.save(update_fields=["player_a", "player_b", "updated_at"])
        pairs = [(m.player_a, m.player_b) for m in (m1, m2) if m.player_b is not None]
        warnings = _pairing_warnings(event, round_, pairs)
        new = {"round": round_.number, "tables": _round_pairs_of([m1, m2]), "warnings": warnings}
        _audit(event, by, "pairings_swap", old, new, note)
        return PairingChange(round=round_, notes=warnings)


def bye_manual(*, event: Event, by: User, username: str = "", reason: str, team: str = "") -> PairingChange:
    """Give ``username`` the bye of the current Swiss round (organizer), with a reason; return
    the round and warnings.

    The player's match must be without a result. The player who had the round's bye takes
    their seat against their opponent; in a round without a bye their opponent gets a bye too
    (a warning says so). A bye is a 2–0 win, final at once. Raises NotAllowed, BadInput,
    WrongState.

    In a team event ``username`` (or ``team``) names a team, whose members each get a bye:
    :func:`.team_corrections.team_bye`.
    """
    note = _reason(reason, required=True)
    if event.teams:
        return team_bye(event, by, team or username, note)
    with transaction.atomic():
        event, round_ = _current_round_locked(event, by)
        player = _registration_named(event, username, "username")
        _games_started(round_)
        match = _match_of(round_, player)
        _no_result(match)
        _no_penalties([match.pk])
        opponent = match.player_b if match.player_a_id == player.pk else match.player_a
        assert opponent is not None
        bye = round_.matches.select_for_update().filter(player_b__isnull=True).first()
        touched = [match] + ([bye] if bye is not None else [])
        old = {"round": round_.number, "tables": _round_pairs_of(touched)}
        warnings: list[dict[str, Any]] = []
        if bye is not None:
            former = bye.player_a
            match.player_a, match.player_b = opponent, former
            bye.player_a = player
            match.save(update_fields=["player_a", "player_b", "updated_at"])
            bye.save(update_fields=["player_a", "updated_at"])
            warnings = _pairing_warnings(event, round_, [(opponent, former)])
        else:
            match.player_a, match.player_b = player, None
            match.wins_a, match.wins_b, match.draws, match.status = 2, 0, 0, Match.Status.FINAL
            match.save()
            last_table = round_.matches.order_by("-table").values_list("table", flat=True).first() or 0
            touched.append(
                Match.objects.create(
                    round=round_,
                    table=last_table + 1,
                    player_a=opponent,
                    wins_a=2,
                    status=Match.Status.FINAL,
                )
            )
            warnings = [{"code": "bye_too", "params": {"name": opponent.player.get_username()}}]
        new = {"round": round_.number, "tables": _round_pairs_of(touched), "warnings": warnings}
        _audit(event, by, "bye_manual", old, new, note)
        return PairingChange(round=round_, notes=warnings)


def round_repair(*, event: Event, by: User, reason: str) -> Round:
    """Pair the current Swiss round again (organizer), with a reason, while no result is in;
    return the new round (same number, a fresh seed, forbidden pairs and drops since seen).

    A held round stays held; an online round whose games have started is refused. Raises
    NotAllowed or WrongState (``results_in``, ``games_started``).

    A bracket or a round robin draws its seeds again instead and pairs its first round(s) from
    them (:func:`_seeds_redraw`); the round returned is the first of them.
    """
    note = _reason(reason, required=True)
    if is_seeded(event):
        return _seeds_redraw(event, by, note)[0]
    if event.teams:
        return team_repair(event, by, note)
    with transaction.atomic():
        event, round_ = _current_round_locked(event, by)
        _games_started(round_)
        list(round_.matches.select_for_update())  # a report racing the re-pair waits, then finds none
        if round_.matches.filter(player_b__isnull=False).exclude(status=Match.Status.PENDING).exists():
            raise WrongState(
                _("Round %(n)s already has results: undo the round instead of re-pairing it.")
                % {"n": round_.number},
                code="results_in",
            )
        _no_penalties(round_.matches.all())
        old = {"round": round_.number, "seed": round_.seed, "tables": _round_pairs(round_)}
        number, published = round_.number, round_.published
        _keep_match_history(event, round_)
        round_.delete()
        new_round = _pair_swiss(
            event, number, seed=random.SystemRandom().randrange(2**62), published=published
        )
        if published:
            round_games_start(round_id=new_round.pk)
        new = {"round": number, "seed": new_round.seed, "tables": _round_pairs(new_round)}
        _audit(event, by, "round_repair", old, new, note)
        return new_round


def _seeded_locked(event: Event, by: User) -> Event:
    """Return the bracket or round robin ``event`` (locked) whose seeds may still change: running,
    no result in but walkovers (a dropped player's), no online game started, no penalty given.
    Raises NotAllowed or WrongState (``not_running``, ``results_in``, ``games_started``,
    ``penalties_given``)."""
    _require(event, by, Role.ORGANIZER)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != S.RUNNING:
        raise WrongState(
            _("Pairings can be corrected while the event runs (this one is %(status)s).")
            % {"status": event.get_status_display()},
            code="not_running",
        )
    rounds = list(event.round_set.order_by("number"))
    for round_ in rounds:
        _games_started(round_)
    matches = Match.objects.filter(round__event=event)
    list(matches.select_for_update(of=("self",)))  # a report racing the correction waits, then finds none
    told = ResultChange.objects.filter(match=OuterRef("pk")).exclude(action="drop")
    played = (
        matches.filter(player_b__isnull=False)
        .exclude(status=Match.Status.PENDING)
        # A walkover: the core's forfeit of a dropped player, or a match a drop settled.
        .exclude(Q(player_a__dropped=True) | Q(player_b__dropped=True), ~Exists(told))
        .order_by("round__number", "table")
        .values_list("round__number", "table")
        .first()
    )
    if played is not None:
        raise WrongState(
            _(
                "Round %(n)s, table %(table)s has a result: the seeds, and the pairings drawn from "
                "them, can no longer change."
            )
            % {"n": played[0], "table": played[1]},
            code="results_in",
        )
    _no_penalties(matches)
    return event


def _seed_names(event: Event) -> list[str]:
    """Return the seeded players' names, seed 1 first."""
    return list(
        event.registrations.filter(seed__isnull=False)
        .order_by("seed")
        .values_list("player__username", flat=True)
    )


def _rounds_pairs(event: Event) -> list[dict[str, Any]]:
    return [{"round": r.number, "tables": _round_pairs(r)} for r in event.round_set.order_by("number")]


def _rounds_again(event: Event, draw: bool) -> list[Round]:
    """Delete the event's rounds and pair them again from the seeds as the start did (``draw``:
    the seeds drawn again first); return the new rounds. Held pairings stay held (players hear
    of them once, when they are published); published ones are posted again and, online, their
    games set up."""
    published = not event.round_set.filter(published=False).exists()
    for round_ in event.round_set.order_by("number"):
        _keep_match_history(event, round_)
        round_.delete()
    if draw:
        event.registrations.update(seed=None)  # a player dropped since is drawn out of the event
        rounds = structure_start(event, published=published)
    else:
        rounds = structure_advance(event, published=published)
    if published:
        for paired in rounds:
            round_games_start(round_id=paired.pk)
    return rounds


def _seeds_swap(event: Event, by: User, player_a: str, player_b: str, note: str) -> PairingChange:
    """A bracket's or a round robin's swap: the two players exchange their seeds, the rounds
    are paired again from them. Seeded in the organizer's order, that order becomes the seeds
    as swapped, so that a later re-pair keeps the swap."""
    with transaction.atomic():
        event = _seeded_locked(event, by)
        first = _registration_named(event, player_a, "player_a")
        second = _registration_named(event, player_b, "player_b")
        if first.pk == second.pk:
            raise BadInput(_("player_b: name two different players"), code="same_player")
        if first.seed is None or second.seed is None:
            unseeded = first if first.seed is None else second
            raise WrongState(
                _("%(name)s has no seed: they joined after the start.")
                % {"name": unseeded.player.get_username()},
                code="not_paired",
            )
        names = {"a": first.player.get_username(), "b": second.player.get_username()}
        old = {**names, "seed_a": first.seed, "seed_b": second.seed, "rounds": _rounds_pairs(event)}
        first.seed, second.seed = second.seed, first.seed
        Registration.objects.bulk_update([first, second], ["seed"])
        if event.seeding == Event.Seeding.ORGANIZER:  # the organizer's order is the seeds now
            event.registrations.filter(seed__isnull=False).update(seed_order=F("seed"))
        rounds = _rounds_again(event, draw=False)
        new = {**names, "seed_a": first.seed, "seed_b": second.seed, "rounds": _rounds_pairs(event)}
        _audit(event, by, "seeds_swap", old, new, note)
        return PairingChange(round=rounds[0], notes=[])


def _seeds_redraw(event: Event, by: User, note: str) -> list[Round]:
    """A bracket's or a round robin's re-pair: the seeds drawn again by the event's seeding (at
    random from a fresh recorded seed), the rounds paired again from them; return the rounds."""
    with transaction.atomic():
        event = _seeded_locked(event, by)
        old = {"seed": event.seed, "seeds": _seed_names(event), "rounds": _rounds_pairs(event)}
        if event.seeding == Event.Seeding.RANDOM:
            event.seed = random.SystemRandom().randrange(2**62)
            event.save(update_fields=["seed"])
        rounds = _rounds_again(event, draw=True)
        new = {"seed": event.seed, "seeds": _seed_names(event), "rounds": _rounds_pairs(event)}
        _audit(event, by, "seeds_redraw", old, new, note)
        return rounds


def round_undo(*, event: Event, by: User, reason: str) -> Event:
    """Undo the event's last round (organizer), with a reason: its pairings and results go,
    kept in the audit trail (every table's players and result); return the event.

    Round 1 cannot be undone (re-pair it instead: ``first_round``); a top cut's first round
    takes the event back to its Swiss rounds. An online round whose games have started is
    refused (``games_started``). Raises NotAllowed or WrongState.
    """
    note = _reason(reason, required=True)
    with transaction.atomic():
        event, round_ = _current_round_locked(event, by, swiss=False)
        if round_.number == 1:
            raise WrongState(
                _("Round 1 cannot be undone: pair it again instead."),
                code="first_round",
            )
        _games_started(round_)
        list(round_.matches.select_for_update())
        _no_penalties(round_.matches.all())
        old = {"round": round_.number, "kind": round_.kind, "tables": _round_pairs(round_)}
        if (
            round_.kind == Round.Kind.TOP_CUT
            and not event.round_set.filter(kind=Round.Kind.TOP_CUT, number__lt=round_.number).exists()
        ):
            event.status = S.RUNNING
            event.save(update_fields=["status"])
        _keep_match_history(event, round_)
        round_.delete()
        _audit(event, by, "round_undo", old, {"round": round_.number - 1, "status": event.status}, note)
    return event


def pairings_publish(*, event: Event, by: User, reason: str = "") -> Round:
    """Publish the held pairings of the current round (organizer): players and the public see
    them, the round's clock starts now and an online round's games start; return the round.
    Raises NotAllowed or WrongState (``not_held``)."""
    note = _reason(reason, required=False)
    with transaction.atomic():
        event, round_ = _current_round_locked(event, by, swiss=False)
        held = [round_]
        if event.structure != Event.Structure.SWISS:  # a bracket's rounds paired side by side
            held = list(event.round_set.filter(published=False).order_by("number")) or [round_]
        if held[0].published:
            raise WrongState(
                _("The pairings of round %(n)s are published already.") % {"n": round_.number},
                code="not_held",
            )
        now = timezone.now()
        for one in held:
            one.published, one.started_at = True, now
            one.ends_at = now + timedelta(minutes=event.round_minutes)
            one.save(update_fields=["published", "started_at", "ends_at"])
            round_games_start(round_id=one.pk)
            # The players hear of their tables now, once, whatever re-pairs the held round had.
            notifications_round_posted(round_=one)
            _audit(
                event,
                by,
                "pairings_publish",
                {"published": False},
                {"round": one.number, "published": True},
                note,
            )
    return held[0]


def forbidden_pair_add(*, event: Event, by: User, player_a: str, player_b: str, reason: str) -> ForbiddenPair:
    """Keep two players of the event apart from the next pairing on (organizer), with a reason
    (family, the same team, …); return the pair. The pairer honours it when any pairing without
    it exists. Raises NotAllowed, BadInput (unknown player, the same one) or WrongState
    (``already_forbidden``, the event is over)."""
    _require(event, by, Role.ORGANIZER)
    note = _reason(reason, required=True)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status in (S.FINISHED, S.CANCELLED):
            raise WrongState(_("The event is over."), code="not_running")
        first = _registration_named(event, player_a, "player_a")
        second = _registration_named(event, player_b, "player_b")
        if first.pk == second.pk:
            raise BadInput(_("player_b: name two different players"), code="same_player")
        low, high = sorted((first, second), key=lambda r: r.pk)
        if ForbiddenPair.objects.filter(event=event, a=low, b=high).exists():
            raise WrongState(
                _("%(a)s and %(b)s are kept apart already.")
                % {"a": low.player.get_username(), "b": high.player.get_username()},
                code="already_forbidden",
            )
        pair = ForbiddenPair.objects.create(event=event, a=low, b=high, reason=note, by=by)
        names = {"a": low.player.get_username(), "b": high.player.get_username()}
        _audit(event, by, "pairing_forbid", {}, names, note)
    return pair


def forbidden_pair_remove(*, event: Event, by: User, pair_id: int, reason: str = "") -> None:
    """Let two players meet again (organizer); the audit entry keeps who they were. Raises
    NotAllowed or BadInput (``unknown_pair``)."""
    _require(event, by, Role.ORGANIZER)
    note = _reason(reason, required=False)
    with transaction.atomic():
        pair = (
            ForbiddenPair.objects.select_related("a__player", "b__player")
            .filter(event=event, pk=pair_id)
            .first()
        )
        if pair is None:
            raise BadInput(_("This event has no such forbidden pair."), code="unknown_pair")
        names = {"a": pair.a.player.get_username(), "b": pair.b.player.get_username()}
        pair.delete()
        _audit(event, by, "pairing_allow", names, {}, note)
