"""Writes of the event lifecycle: draft → registration → running → top cut → finished.

Every function checks the actor's role and the event's state itself (views and
serializers hold no rules), and takes row locks where two requests could race:
pairing a round locks the event row, reporting a result locks the match row.
"""

import math
import random
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import ngettext

from engine.decklist import decklist_to_json
from engine.registry import game_keys, get_game
from tournaments.models import DeckNote, Event, Match, Registration, ResultChange, Round
from tournaments.selectors.events import Role, event_players, event_role, is_official, swiss_history
from tournaments.services.decks import DeckSource, deck_check
from tournaments.services.errors import BadInput, IllegalDeck, NotAllowed, OverLimit, WrongState
from tournaments.services.online import match_changed, round_games_start
from tournaments.swiss import (
    DrawnTopCutError,
    PairingError,
    compute_standings,
    next_top_cut_round,
    pair_round,
    recommended_rounds,
    top_cut_pairings,
    top_cut_seeds,
    top_cut_winner,
)

S = Event.Status
BEST_OF = (1, 3)
TOP_CUTS = (0, 2, 4, 8)


def _require(event: Event, user: AbstractBaseUser, *roles: Role) -> Role:
    role = event_role(event=event, user=user)
    if role not in roles:
        raise NotAllowed("You are not allowed to do this for this event.")
    return role


def _settings_checked(game: str, fmt: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """Return the event settings after checking each one; raise BadInput naming the first bad one."""
    if game not in game_keys():
        raise BadInput(f"game: unknown game {game!r} (known: {', '.join(game_keys())})", code="unknown_game")
    rules = get_game(game)
    if fmt not in rules.formats:
        raise BadInput(f"format: {rules.title} has the formats {', '.join(rules.formats)}", code="invalid")
    checked: dict[str, Any] = {}
    for key, allowed in (("best_of", BEST_OF), ("top_cut", TOP_CUTS)):
        if key in values:
            if values[key] not in allowed:
                raise BadInput(f"{key}: must be one of {', '.join(map(str, allowed))}", code="invalid")
            checked[key] = values[key]
    for key, low, high in (
        ("rounds", 1, 20),
        ("side_deck_max", 0, 60),
        ("round_minutes", 5, 600),
        ("player_cap", 2, 100_000),
    ):
        if key in values and values[key] is not None:
            value = values[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise BadInput(f"{key}: must be a whole number from {low} to {high}", code="invalid")
            checked[key] = value
        elif key in values and key in ("rounds", "player_cap"):
            checked[key] = None
    for key in ("online", "late_entry"):
        if key in values:
            checked[key] = bool(values[key])
    if checked.get("online") and not rules.has_match_engine:
        raise BadInput(
            f"online: {rules.title} has no match engine yet; run it as a paper event", code="invalid"
        )
    return checked


def event_create(
    *,
    organizer: AbstractBaseUser,
    name: str,
    game: str = "respons",
    format: str = "constructed",
    **settings: Any,
) -> Event:
    """Create an event in draft, organized by ``organizer``; return it. Raises BadInput."""
    name = (name or "").strip()
    if not name or len(name) > 200:
        raise BadInput("name: give the event a name (up to 200 characters)", code="invalid")
    checked = _settings_checked(game, format, settings)
    with transaction.atomic():
        if not organizer.is_staff:
            _event_quota_check(organizer)
        return Event.objects.create(
            name=name,
            game=game,
            format=format,
            organizer=organizer,
            seed=random.SystemRandom().randrange(2**62),
            **checked,
        )


def _event_quota_check(organizer: AbstractBaseUser) -> None:
    """Raise OverLimit when ``organizer`` has created settings.EVENTS_PER_DAY events in the last
    24 hours (issue #15: one account created 1,000 events in 7 s). The organizer's row is locked
    first, so requests at once cannot all pass the count."""
    limit = django_settings.EVENTS_PER_DAY
    get_user_model().objects.select_for_update().filter(pk=organizer.pk).exists()
    day = timedelta(days=1)
    now = timezone.now()
    recent = list(
        Event.objects.filter(organizer=organizer, created_at__gt=now - day)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:limit]
    )
    if len(recent) >= limit:
        wait = max(1, math.ceil((recent[-1] + day - now).total_seconds()))
        message = ngettext(
            "You have created %(count)d event in the last 24 hours, the most allowed. Try again later.",
            "You have created %(count)d events in the last 24 hours, the most allowed. Try again later.",
            limit,
        ) % {"count": limit}
        raise OverLimit(message, wait=wait)


def event_update(*, event: Event, by: AbstractBaseUser, **settings: Any) -> Event:
    """Change settings while the event has not started (organizer)."""
    _require(event, by, Role.ORGANIZER)
    if event.status not in (S.DRAFT, S.REGISTRATION):
        raise WrongState("The event has started: its settings are fixed.")
    checked = _settings_checked(event.game, settings.pop("format", event.format), settings)
    for key, value in checked.items():
        setattr(event, key, value)
    if "name" in settings and str(settings["name"]).strip():
        event.name = str(settings["name"]).strip()[:200]
    event.save()
    return event


def event_open(*, event: Event, by: AbstractBaseUser) -> Event:
    """Open registration: draft → registration (organizer)."""
    _require(event, by, Role.ORGANIZER)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.DRAFT:
            raise WrongState(f"Only a draft event can be opened (this one is {event.status}).")
        event.status = S.REGISTRATION
        event.save(update_fields=["status"])
    return event


def judge_add(*, event: Event, by: AbstractBaseUser, username: str) -> AbstractBaseUser:
    """Add a judge to the event (organizer); return the judge's user."""
    _require(event, by, Role.ORGANIZER)
    user = get_user_model().objects.filter(username__iexact=(username or "").strip()).first()
    if user is None:
        raise BadInput(f"username: no user named {username!r}", code="unknown_user")
    event.judges.add(user)
    return user


def registration_submit(
    *, event: Event, player: AbstractBaseUser, deck: DeckSource, late: bool = False
) -> Registration:
    """Register ``player`` with a deck, or replace their deck; return the registration.

    The deck is checked by the game's rules with the event's side-deck maximum and
    format; raises IllegalDeck with every violation. Before the event starts a
    re-submission replaces the deck; after, lists are locked. Past the player cap a
    new player joins the waitlist. After round 1 a new player may join only when the
    organizer allows late entry; the rounds they missed count as losses.
    """
    check = deck_check(
        source=deck, game=event.game, options={"side_max": event.side_deck_max, "format": event.format}
    )
    if not check.readable:
        raise BadInput(check.parse_message, code="bad_decklist")
    if check.game != event.game:
        raise BadInput(
            f"deck: this event plays {event.game}, the deck is for {check.game}", code="wrong_game"
        )
    if check.violations:
        raise IllegalDeck("The deck breaks the game's deck rules.", violations=check.violations)
    assert check.decklist is not None
    deck_json = decklist_to_json(check.decklist)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        existing = event.registrations.filter(player=player).first()
        if existing is not None:
            if event.status != S.REGISTRATION:
                raise WrongState("Decklists are locked: the event has started.", code="decks_locked")
            existing.deck = deck_json
            existing.save(update_fields=["deck", "updated_at"])
            return existing
        if event.status == S.DRAFT:
            raise WrongState("Registration is not open yet.", code="registration_closed")
        late_round = None
        if event.status == S.RUNNING:
            if not event.late_entry:
                raise WrongState("Registration is closed: the event has started.", code="registration_closed")
            late_round = event.round_set.count() + 1
        elif event.status != S.REGISTRATION:
            raise WrongState("Registration is closed.", code="registration_closed")
        active = event.registrations.filter(status=Registration.Status.ACTIVE).count()
        waitlisted = event.player_cap is not None and active >= event.player_cap
        return Registration.objects.create(
            event=event,
            player=player,
            deck=deck_json,
            late_round=late_round,
            status=Registration.Status.WAITLIST if waitlisted else Registration.Status.ACTIVE,
        )


def registration_withdraw(*, event: Event, by: AbstractBaseUser) -> None:
    """Withdraw before the event starts; the first waitlisted player moves up."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status not in (S.DRAFT, S.REGISTRATION):
            raise WrongState("The event has started: drop instead of withdrawing.")
        registration = event.registrations.filter(player=by).first()
        if registration is None:
            raise BadInput("You are not registered for this event.", code="not_registered")
        was_active = registration.status == Registration.Status.ACTIVE
        registration.delete()
        if was_active:
            _promote_waitlist(event)


def _promote_waitlist(event: Event) -> None:
    active = event.registrations.filter(status=Registration.Status.ACTIVE).count()
    if event.player_cap is not None and active >= event.player_cap:
        return
    first = (
        event.registrations.filter(status=Registration.Status.WAITLIST).order_by("created_at", "id").first()
    )
    if first is not None:
        first.status = Registration.Status.ACTIVE
        first.save(update_fields=["status", "updated_at"])


def deck_note_add(*, registration: Registration, by: AbstractBaseUser, text: str) -> DeckNote:
    """Record a deck-check note on a registration (organizer or judge)."""
    _require(registration.event, by, Role.ORGANIZER, Role.JUDGE)
    text = (text or "").strip()
    if not text:
        raise BadInput("text: write the note", code="invalid")
    return DeckNote.objects.create(registration=registration, author=by, text=text[:5000])


def decklists_publish(*, event: Event, by: AbstractBaseUser) -> Event:
    """Make every decklist public once the event is finished (organizer)."""
    _require(event, by, Role.ORGANIZER)
    if event.status != S.FINISHED:
        raise WrongState("Decklists can be published after the event.")
    event.decklists_public = True
    event.save(update_fields=["decklists_public"])
    return event


def player_drop(*, event: Event, by: AbstractBaseUser, username: str) -> Registration:
    """Drop a player (the player themself, or the organizer); they are never paired again."""
    role = event_role(event=event, user=by)
    registration = (
        event.registrations.select_related("player")
        .filter(player__username__iexact=(username or "").strip())
        .first()
    )
    if registration is None:
        raise BadInput(f"username: {username!r} is not registered for this event", code="not_registered")
    if not (role is Role.ORGANIZER or registration.player_id == by.pk):
        raise NotAllowed("Only the player or the organizer can drop a player.")
    if event.status == S.FINISHED:
        raise WrongState("The event is over.")
    if event.status in (S.DRAFT, S.REGISTRATION):
        raise WrongState("The event has not started: withdraw the registration instead.")
    if not registration.dropped:
        registration.dropped = True
        registration.dropped_after_round = event.round_set.count()
        registration.save(update_fields=["dropped", "dropped_after_round", "updated_at"])
    return registration


def swiss_rounds_for(event: Event, players: int) -> int:
    """Return the Swiss rounds to play: the event's count, or the recommended one (Appendix E).

    Capped at the most rounds the field can play without a rematch (n - 1 for an even
    field, n for an odd one, where byes fill the gap), so the event never gets stuck.
    """
    most = players - 1 if players % 2 == 0 else players
    return max(1, min(event.rounds or recommended_rounds(players), most))


def _create_round(event: Event, kind: str, pairs: list[tuple[int, int]], bye: int | None) -> Round:
    number = event.round_set.count() + 1
    now = timezone.now()
    round_ = Round.objects.create(
        event=event,
        number=number,
        kind=kind,
        seed=event.seed,
        started_at=now,
        ends_at=now + timedelta(minutes=event.round_minutes),
    )
    matches = [
        Match(round=round_, table=i, player_a_id=a, player_b_id=b) for i, (a, b) in enumerate(pairs, start=1)
    ]
    if bye is not None:
        # R: a bye is a 2–0 match win, final at once (issue: Swiss pairing).
        matches.append(
            Match(round=round_, table=len(pairs) + 1, player_a_id=bye, wins_a=2, status=Match.Status.FINAL)
        )
    Match.objects.bulk_create(matches)
    return round_


def _pair_swiss(event: Event, number: int) -> Round:
    players, history = swiss_history(event=event)
    try:
        pairing = pair_round(players=players, history=history, round_number=number, seed=event.seed)
    except PairingError as error:
        raise WrongState(f"No pairing avoids a rematch: {error}", code="unpairable") from None
    return _create_round(event, Round.Kind.SWISS, list(pairing.pairs), pairing.bye)


def event_start(*, event: Event, by: AbstractBaseUser) -> Round:
    """Lock the decklists and pair round 1 (organizer); return the round."""
    _require(event, by, Role.ORGANIZER)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.REGISTRATION:
            raise WrongState(f"Only an event in registration can start (this one is {event.status}).")
        count = event_players(event=event).count()
        if count < 2:
            raise WrongState("At least two registered players are needed to start.", code="too_few_players")
        if event.top_cut and event.top_cut > count:
            raise WrongState(
                f"A top {event.top_cut} needs at least {event.top_cut} players.", code="too_few_players"
            )
        event.status = S.RUNNING
        event.swiss_rounds = swiss_rounds_for(event, count)
        event.save(update_fields=["status", "swiss_rounds"])
        # Waitlisted players did not get in: they stay listed, never paired.
        round_ = _pair_swiss(event, 1)
        round_games_start(round_id=round_.pk)
    return round_


def round_next(*, event: Event, by: AbstractBaseUser) -> Round | None:
    """Pair the next Swiss round, or the next top-cut round, or finish the event (organizer).

    Returns the new round, or None when the event just finished. Raises WrongState
    (409) while a result of the current round is missing. The event row is locked,
    so a double click or two organizers at once never pair a round twice.
    """
    _require(event, by, Role.ORGANIZER)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status not in (S.RUNNING, S.TOP_CUT):
            raise WrongState(f"The event is not running (it is {event.status}).")
        last = event.round_set.order_by("-number").first()
        assert last is not None
        missing = last.matches.exclude(status=Match.Status.FINAL).count()
        if missing:
            raise WrongState(
                f"Round {last.number} still has {missing} match(es) without a final result.",
                code="results_missing",
            )
        round_ = _advance(event, last)
        if round_ is not None:
            round_games_start(round_id=round_.pk)
        return round_


def _advance(event: Event, last: Round) -> Round | None:
    if last.kind == Round.Kind.SWISS and last.number < (event.swiss_rounds or 0):
        return _pair_swiss(event, last.number + 1)
    if last.kind == Round.Kind.SWISS:
        if not event.top_cut:
            return _finish(event)
        players, history = swiss_history(event=event)
        standings = compute_standings(players=players, history=history)
        try:
            seeds = top_cut_seeds(standings, event.top_cut)
        except ValueError as error:
            raise WrongState(str(error), code="too_few_players") from None
        event.status = S.TOP_CUT
        event.save(update_fields=["status"])
        return _create_round(event, Round.Kind.TOP_CUT, top_cut_pairings(seeds), None)
    previous = [(m.player_a_id, m.player_b_id, _winner(m)) for m in last.matches.order_by("table")]
    pairs = next_top_cut_round(previous)
    if not pairs:
        return _finish(event)
    return _create_round(event, Round.Kind.TOP_CUT, pairs, None)


def _finish(event: Event) -> None:
    event.status = S.FINISHED
    event.save(update_fields=["status"])
    return None


def _winner(match: Match) -> int:
    return top_cut_winner(a=match.player_a_id, b=match.player_b_id, wins_a=match.wins_a, wins_b=match.wins_b)


def _result(match: Match) -> dict[str, Any]:
    return {"wins_a": match.wins_a, "wins_b": match.wins_b, "draws": match.draws, "status": match.status}


def _check_result(match: Match, best_of: int, wins_a: Any, wins_b: Any, draws: Any) -> tuple[int, int, int]:
    values = []
    for key, value in (("wins_a", wins_a), ("wins_b", wins_b), ("draws", draws)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BadInput(f"{key}: must be a whole number ≥ 0", code="invalid")
        values.append(value)
    a, b, d = values
    needed = best_of // 2 + 1
    if a > needed or b > needed or a + b > best_of or d > 5 or (a == needed and b == needed):
        raise BadInput(f"A best-of-{best_of} match cannot end {a}-{b}-{d}.", code="invalid_result")
    if a + b + d == 0:
        raise BadInput("Report at least one game.", code="invalid_result")
    if match.round.kind == Round.Kind.TOP_CUT:
        try:
            top_cut_winner(a=1, b=2, wins_a=a, wins_b=b, draws=d)
        except DrawnTopCutError as error:
            raise BadInput(str(error), code=DrawnTopCutError.code) from None
    return a, b, d


def match_report(*, match: Match, by: AbstractBaseUser, wins_a: Any, wins_b: Any, draws: Any = 0) -> Match:
    """Report a result. From a player of the match it waits for the opponent's matching
    report (or confirmation); from the organizer or a judge it is final at once and
    overrides. Every change goes to the audit trail. Raises NotAllowed / BadInput / WrongState.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=match.pk)
        event = match.round.event
        role = event_role(event=event, user=by)
        official = is_official(role)
        players = {match.player_a.player_id, match.player_b.player_id if match.player_b else None}
        if not official and by.pk not in players:
            raise NotAllowed("Only the players of this match, a judge or the organizer can report it.")
        if match.is_bye:
            raise WrongState("A bye needs no report.")
        if event.status == S.FINISHED and not official:
            raise WrongState("The event is over.")
        last_round = event.round_set.order_by("-number").values_list("pk", flat=True).first()
        if match.round_id != last_round and not official:
            raise WrongState("Only a judge can change the result of an earlier round.")
        a, b, d = _check_result(match, event.best_of, wins_a, wins_b, draws)
        old = _result(match)
        if official:
            match.wins_a, match.wins_b, match.draws = a, b, d
            match.status, match.reported_by, match.disputed = Match.Status.FINAL, by, False
            action = "override" if old["status"] == Match.Status.FINAL else "judge_report"
        elif match.status == Match.Status.FINAL:
            raise WrongState("The result is final; ask a judge to change it.", code="result_final")
        elif match.status == Match.Status.REPORTED and match.reported_by_id != by.pk:
            if (match.wins_a, match.wins_b, match.draws) == (a, b, d):
                match.status, match.disputed, action = Match.Status.FINAL, False, "confirm"
            else:
                # The opponent reports something else: a dispute, for the judges to decide.
                match.wins_a, match.wins_b, match.draws = a, b, d
                match.reported_by, match.disputed, action = by, True, "dispute"
        else:
            match.wins_a, match.wins_b, match.draws = a, b, d
            match.status, match.reported_by, match.disputed, action = (
                Match.Status.REPORTED,
                by,
                False,
                "report",
            )
        match.save()
        ResultChange.objects.create(match=match, by=by, action=action, old=old, new=_result(match))
        if match.round.event.online:
            match_changed(match.pk)  # the players' open streams show the new result
    return match


def match_confirm(*, match: Match, by: AbstractBaseUser) -> Match:
    """Confirm the opponent's report: the result becomes final."""
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("round__event", "player_a", "player_b")
            .get(pk=match.pk)
        )
        opponent_of_reporter = {
            match.player_a.player_id,
            match.player_b.player_id if match.player_b else None,
        } - {match.reported_by_id}
        if match.status != Match.Status.REPORTED:
            raise WrongState("There is no report to confirm.", code="nothing_to_confirm")
        if by.pk not in opponent_of_reporter or match.reported_by_id == by.pk:
            raise NotAllowed("Only the opponent of the player who reported can confirm.")
        old = _result(match)
        match.status, match.disputed = Match.Status.FINAL, False
        match.save()
        ResultChange.objects.create(match=match, by=by, action="confirm", old=old, new=_result(match))
    return match


def match_dispute(*, match: Match, by: AbstractBaseUser, note: str = "") -> Match:
    """Dispute the opponent's report: the match goes to the judges."""
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("player_a", "player_b")
            .get(pk=match.pk)
        )
        players = {match.player_a.player_id, match.player_b.player_id if match.player_b else None}
        if by.pk not in players or match.reported_by_id == by.pk:
            raise NotAllowed("Only the opponent of the player who reported can dispute.")
        if match.status != Match.Status.REPORTED:
            raise WrongState("There is no report to dispute.", code="nothing_to_dispute")
        old = _result(match)
        match.disputed = True
        match.save(update_fields=["disputed", "updated_at"])
        ResultChange.objects.create(
            match=match, by=by, action="dispute", old=old, new=_result(match), note=note[:2000]
        )
    return match


def match_extend(*, match: Match, by: AbstractBaseUser, minutes: Any) -> Match:
    """Give a match extra time (judge or organizer); logged in the audit trail."""
    _require(match.round.event, by, Role.ORGANIZER, Role.JUDGE)
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 120:
        raise BadInput("minutes: a whole number from 1 to 120", code="invalid")
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        old = {"extension_minutes": match.extension_minutes}
        match.extension_minutes += minutes
        match.save(update_fields=["extension_minutes", "updated_at"])
        ResultChange.objects.create(
            match=match, by=by, action="extend", old=old, new={"extension_minutes": match.extension_minutes}
        )
    return match
