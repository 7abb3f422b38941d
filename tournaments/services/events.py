"""Writes of the event lifecycle: draft → registration → running → top cut → finished.

Every function checks the actor's role and the event's state itself (views and
serializers hold no rules), and takes row locks where two requests could race:
pairing a round locks the event row, reporting a result locks the match row.
"""

import functools
import math
import random
import secrets
import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NoReturn

from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.decklist import decklist_to_json
from engine.registry import game_keys, get_game
from tournaments.models import DeckNote, Event, Game, GameAction, Match, Registration, ResultChange, Round
from tournaments.selectors.events import (
    Role,
    event_players,
    event_role,
    is_official,
    registration_deadline_passed,
    swiss_history,
)
from tournaments.services.decks import DeckSource, deck_check
from tournaments.services.errors import BadInput, IllegalDeck, NotAllowed, OverLimit, WrongState
from tournaments.services.online import _refuse as online_refuse
from tournaments.services.online import current_game, engine_forget, match_changed, round_games_start
from tournaments.services.text import (
    DECK_NOTE_MAX,
    DESCRIPTION_MAX,
    EVENT_NAME_MAX,
    NOTE_MAX,
    VENUE_MAX,
    text_within,
)
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
    if not name or len(name) > EVENT_NAME_MAX:
        message = _("name: give the event a name (up to %(n)d characters)") % {"n": EVENT_NAME_MAX}
        raise BadInput(message, code="invalid")
    checked = _settings_checked(game, format, settings)
    checked.update(_details_checked(settings, str(settings.get("time_zone") or "UTC")))
    _check_deadline(checked.get("starts_at"), checked.get("registration_closes_at"))
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


def event_update(*, event: Event, by: AbstractBaseUser, reason: str = "", **settings: Any) -> Event:
    """Change an event's name, details and settings (organizer); return the event.

    Until the event starts every setting may change (the game only while nobody is
    registered); after, only round time and description (``LIVE_FIELDS``), and a reason is
    required. A new round time moves the end of the round being played. Every change
    is one audit entry (who, when, old → new, reason). Raises NotAllowed, BadInput
    (naming the field) or WrongState (code ``settings_fixed``).
    """
    return event_edit(event=event, by=by, reason=reason, changes=settings)


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
    with transaction.atomic():
        # Locked as registration_submit locks it: a judge and a registration never cross.
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.registrations.filter(player=user).exists():
            # A judge sees every decklist and every hand: never one of the players (issue #15).
            raise WrongState(
                _("%(name)s is registered as a player in this event, so cannot judge it.")
                % {"name": user.get_username()},
                code="player_cannot_judge",
            )
        event.judges.add(user)
    return user


def _official_cannot_play(event: Event, player: AbstractBaseUser) -> None:
    """Raise WrongState when ``player`` is an official of the event (its organizer, a judge, or
    staff): officials see every decklist and every hand, so they never play in it (issue #15)."""
    if is_official(event_role(event=event, user=player)):
        raise WrongState(
            _("The organizer and the judges of an event cannot play in it."), code="official_cannot_play"
        )


def registration_submit(
    *, event: Event, player: AbstractBaseUser, deck: DeckSource, late: bool = False, walk_in: bool = False
) -> Registration:
    """Register ``player`` with a deck, or replace their deck; return the registration.

    The deck is checked by the game's rules with the event's side-deck maximum and
    format; raises IllegalDeck with every violation. Before the event starts a
    re-submission replaces the deck; after, lists are locked. Past the player cap a
    new player joins the waitlist. After round 1 a new player may join only when the
    organizer allows late entry; the rounds they missed count as losses. The event's
    officials cannot play in it (WrongState, ``official_cannot_play``).
    """
    _official_cannot_play(event, player)  # said before anything about the deck
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
        _official_cannot_play(event, player)
        existing = event.registrations.filter(player=player).first()
        if existing is not None:
            if event.status != S.REGISTRATION:
                raise WrongState("Decklists are locked: the event has started.", code="decks_locked")
            existing.deck = deck_json
            existing.save(update_fields=["deck", "updated_at"])
            return existing
        if event.status == S.DRAFT:
            raise WrongState("Registration is not open yet.", code="registration_closed")
        if not walk_in and registration_deadline_passed(event=event):
            raise WrongState(_("The registration deadline has passed."), code="registration_closed")
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
    text = text_within(text, field="text", most=DECK_NOTE_MAX)
    if not text:
        raise BadInput(_("text: write the note"), code="invalid")
    return DeckNote.objects.create(registration=registration, author=by, text=text)


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
    # The better Swiss seed sits at seat A, as in the first top-cut round.
    players, history = swiss_history(event=event)
    seeds = [s.player_id for s in compute_standings(players=players, history=history)]
    pairs = next_top_cut_round(previous, seeds=seeds)
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
    """Return (wins_a, wins_b, draws) when they are a result a best-of-``best_of`` match can
    end with; raise BadInput listing every problem at once (``problems``: [{"field", "code",
    "message"}], messages in the reader's language).

    A Swiss match has at most ``best_of`` games, drawn ones included (a best-of-3 ends 2-0,
    2-1, 1-1-1, 1-0 when time is called, ...); a top-cut match cannot end in a draw and plays
    on past ``best_of`` while tied, up to ``best_of + 3`` games, as online play does
    (services/online.py ``_after_game``).
    """
    problems: list[dict[str, str]] = []
    names = {
        "wins_a": match.player_a.player.get_username(),
        "wins_b": match.player_b.player.get_username() if match.player_b else "",
    }
    needed = best_of // 2 + 1
    top_cut = match.round.kind == Round.Kind.TOP_CUT
    most = best_of + 3 if top_cut else best_of

    def refuse(field: str, code: str, message: str) -> None:
        problems.append({"field": field, "code": code, "message": message})

    values: dict[str, int] = {}
    for key, value in (("wins_a", wins_a), ("wins_b", wins_b), ("draws", draws)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            if key == "draws":
                refuse(key, "invalid", _("Drawn games: enter a whole number, 0 or more."))
            else:
                message = _("Games won by %(name)s: enter a whole number, 0 or more.")
                refuse(key, "invalid", message % {"name": names[key]})
            continue
        values[key] = value
        if key != "draws" and value > needed:
            refuse(
                key,
                "invalid_result",
                ngettext(
                    "Games won by %(name)s: %(wins)s is too many; a best-of-%(best_of)s match "
                    "ends when a player has won %(n)s game.",
                    "Games won by %(name)s: %(wins)s is too many; a best-of-%(best_of)s match "
                    "ends when a player has won %(n)s games.",
                    needed,
                )
                % {"name": names[key], "wins": value, "best_of": best_of, "n": needed},
            )
    if len(values) < 3:
        # A count is missing: of the checks of the whole result, only the drawn games' own can speak.
        if values.get("draws", 0) > most:
            refuse(
                "draws",
                "invalid_result",
                ngettext(
                    "Drawn games: %(d)s is too many; this match has at most %(n)s game.",
                    "Drawn games: %(d)s is too many; this match has at most %(n)s games.",
                    most,
                )
                % {"d": values["draws"], "n": most},
            )
        _refuse_result(problems)
    a, b, d = values["wins_a"], values["wins_b"], values["draws"]
    if a == b == needed:
        refuse(
            "wins_b",
            "invalid_result",
            ngettext(
                "Both players cannot have won %(n)s game: the match ended when the first of them did.",
                "Both players cannot have won %(n)s games: the match ended when the first of them did.",
                needed,
            )
            % {"n": needed},
        )
    if a + b + d > most:
        refuse(
            "draws" if d else "wins_b",
            "invalid_result",
            ngettext(
                "%(a)s-%(b)s-%(d)s adds up to %(total)s: this match has at most %(n)s game.",
                "%(a)s-%(b)s-%(d)s adds up to %(total)s: this match has at most %(n)s games.",
                most,
            )
            % {"a": a, "b": b, "d": d, "total": a + b + d, "n": most},
        )
    if a + b + d == 0:
        refuse("wins_a", "invalid_result", _("Report at least one game."))
    elif top_cut and a == b != needed:  # both at `needed` is refused above
        refuse(
            "wins_b",
            DrawnTopCutError.code,
            _(
                "A top-cut match cannot end in a draw (%(a)s-%(b)s-%(d)s): "
                "play on until one player has won more games."
            )
            % {"a": a, "b": b, "d": d},
        )
    if problems:
        _refuse_result(problems)
    return a, b, d


def _engine_adjudicated(match: Match) -> bool:
    """Whether the rules engine plays and records the match (an online event's, not a bye)."""
    return match.round.event.online and match.player_b_id is not None


def _online_refused() -> WrongState:
    return WrongState(
        _(
            "This match is played online: only the games the rules engine records count, and it "
            "records the result itself. If something went wrong, call a judge."
        ),
        code="online_match",
    )


def _refuse_result(problems: list[dict[str, str]]) -> NoReturn:
    """Raise BadInput with every problem of a result; its code is theirs when they share one."""
    codes = {p["code"] for p in problems}
    code = codes.pop() if len(codes) == 1 else "invalid_result"
    raise BadInput(" ".join(p["message"] for p in problems), code=code, problems=problems)


def match_report(
    *, match: Match, by: AbstractBaseUser, wins_a: Any, wins_b: Any, draws: Any = 0, note: str = ""
) -> Match:
    """Report a result. From a player of the match it waits for the opponent's matching
    report (or confirmation); from the organizer or a judge it is final at once and
    overrides. Every change goes to the audit trail. Raises NotAllowed / BadInput / WrongState.

    In an online match only the engine's games count: a player's report raises WrongState
    (``online_match``), and an official's override needs a reason (``note``, BadInput
    ``reason_required`` without one), ends the game in progress and makes the match final, so
    the engine adds no game on top of it (:func:`_online_override`).
    """
    note = text_within(note, field="note", most=NOTE_MAX)
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
        online = _engine_adjudicated(match)
        if online and not official:
            raise _online_refused()
        if event.status == S.FINISHED and not official:
            raise WrongState("The event is over.")
        last_round = event.round_set.order_by("-number").values_list("pk", flat=True).first()
        if match.round_id != last_round and not official:
            raise WrongState("Only a judge can change the result of an earlier round.")
        a, b, d = _check_result(match, event.best_of, wins_a, wins_b, draws)
        if online and not note:
            raise BadInput(
                _("note: give the reason for overriding the engine's result (kept in the audit trail)."),
                code="reason_required",
            )
        old = _result(match)
        if official:
            match.wins_a, match.wins_b, match.draws = a, b, d
            match.status, match.reported_by, match.disputed = Match.Status.FINAL, by, False
            action = "override" if old["status"] == Match.Status.FINAL else "judge_report"
            if online:
                _online_override(match)
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
        ResultChange.objects.create(match=match, by=by, action=action, old=old, new=_result(match), note=note)
        if match.round.event.online:
            match_changed(match.pk)  # the players' open streams show the new result
    return match


def _online_override(match: Match) -> None:
    """An official's result replaces the engine's: the game in progress (or waiting for
    sideboarding) ends with no winner, reason ``override``, and its queued actions are refused.
    The match is final, so no worker starts another game or counts one on top (the drain
    refuses whatever comes in later: ``match_over``). Called under the match's row lock, which
    the workers take too: a worker's pass in progress finishes before, or runs after and sees
    the match final."""
    game = current_game(match)
    now = timezone.now()
    if game is None or game.status == Game.Status.FINISHED:
        return
    game.status, game.winner, game.reason, game.finished_at = Game.Status.FINISHED, None, "override", now
    game.decision_seat, game.decision_since = None, None
    # The snapshot is what the seats read: it must say the game is over, with nothing to decide.
    result = {"winner": None, "reason": "override"}
    snapshot = dict(game.snapshot or {})
    snapshot.update(result=result, decision=None, legal=[[], []])
    snapshot["views"] = [
        {**view, "result": result, "decision": None} for view in snapshot.get("views") or [{}, {}]
    ]
    game.snapshot = snapshot
    for row in match.game_actions.filter(status=GameAction.Status.QUEUED):
        online_refuse(row, "R9.5", "the match result was set by a judge", now, game, code="match_over")
    game.save()
    engine_forget(game)


def match_confirm(*, match: Match, by: AbstractBaseUser) -> Match:
    """Confirm the opponent's report: the result becomes final. (Not in an online match:
    WrongState ``online_match``.)"""
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("round__event", "player_a", "player_b")
            .get(pk=match.pk)
        )
        if _engine_adjudicated(match):
            raise _online_refused()
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
    """Dispute the opponent's report: the match goes to the judges. (Not in an online match:
    WrongState ``online_match``.) Raises BadInput for a note over NOTE_MAX characters."""
    note = text_within(note, field="note", most=NOTE_MAX)
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("round__event", "player_a", "player_b")
            .get(pk=match.pk)
        )
        if _engine_adjudicated(match):
            raise _online_refused()
        players = {match.player_a.player_id, match.player_b.player_id if match.player_b else None}
        if by.pk not in players or match.reported_by_id == by.pk:
            raise NotAllowed("Only the opponent of the player who reported can dispute.")
        if match.status != Match.Status.REPORTED:
            raise WrongState("There is no report to dispute.", code="nothing_to_dispute")
        old = _result(match)
        match.disputed = True
        match.save(update_fields=["disputed", "updated_at"])
        ResultChange.objects.create(
            match=match, by=by, action="dispute", old=old, new=_result(match), note=note
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


# ---------------------------------------------------------------------------------------- corrections
# Edits, cancellation, deletion, judge removal and walk-ins (issue #16). Each one is an entry
# of the audit trail (ResultChange with ``event`` set): who, when, what (old → new) and why.

LIVE_FIELDS = frozenset({"round_minutes", "description"})  # may change at any time
DETAIL_FIELDS = ("starts_at", "time_zone", "venue", "description", "registration_closes_at")
SETTING_FIELDS = (
    "name", "game", "format", "best_of", "rounds", "top_cut", "side_deck_max", "online",
    "round_minutes", "player_cap", "late_entry",
)  # fmt: skip
REASON_MAX = NOTE_MAX
YEARS = (2000, 2999)  # an event's dates


@functools.cache
def time_zones() -> frozenset[str]:
    """Return the IANA time zone names this machine knows (Europe/Moscow, UTC, …)."""
    return frozenset(zoneinfo.available_timezones())


def _reason(reason: Any, *, required: bool) -> str:
    text = str(reason or "").strip()
    if required and not text:
        raise BadInput(_("reason: say why (the audit trail keeps it)"), code="reason_required")
    if len(text) > REASON_MAX:
        raise BadInput(_("reason: at most %(n)d characters") % {"n": REASON_MAX}, code="invalid")
    return text


def _when(key: str, value: Any, zone: str) -> datetime | None:
    """Return ``value`` (an ISO 8601 string or a datetime) as an aware datetime; a value
    without an offset is a wall-clock time in the event's zone ``zone``."""
    if value is None or value == "":
        return None
    moment = value if isinstance(value, datetime) else None
    if isinstance(value, str):
        try:
            moment = parse_datetime(value.strip())
        except ValueError:
            moment = None
    if moment is None:
        raise BadInput(
            _("%(field)s: a date and time such as 2026-05-30T10:00 (ISO 8601)") % {"field": key},
            code="invalid",
        )
    if not YEARS[0] <= moment.year <= YEARS[1]:  # and far from datetime's limits once in UTC
        raise BadInput(
            _("%(field)s: a year from %(low)d to %(high)d")
            % {"field": key, "low": YEARS[0], "high": YEARS[1]},
            code="invalid",
        )
    if timezone.is_naive(moment):
        moment = moment.replace(tzinfo=zoneinfo.ZoneInfo(zone))
    return moment


def _details_checked(values: Mapping[str, Any], zone: str) -> dict[str, Any]:
    """Return the event details in ``values`` after checking each; raise BadInput naming the first bad one."""
    checked: dict[str, Any] = {}
    if "time_zone" in values:
        zone = str(values["time_zone"] or "").strip()
        if zone not in time_zones():
            raise BadInput(
                _("time_zone: unknown time zone %(zone)r (an IANA name such as Europe/Moscow)")
                % {"zone": zone},
                code="invalid",
            )
        checked["time_zone"] = zone
    for key in ("starts_at", "registration_closes_at"):
        if key in values:
            checked[key] = _when(key, values[key], zone)
    for key, most in (("venue", VENUE_MAX), ("description", DESCRIPTION_MAX)):
        if key in values:
            text = str(values[key] or "").strip()
            if len(text) > most:
                message = _("%(field)s: at most %(n)d characters") % {"field": key, "n": most}
                raise BadInput(message, code="invalid")
            checked[key] = text
    return checked


def _check_deadline(starts: datetime | None, closes: datetime | None) -> None:
    if starts is not None and closes is not None and closes > starts:
        raise BadInput(
            _("registration_closes_at: registration must close before the event starts"), code="invalid"
        )


def _audit_value(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def _audit(event: Event | None, by: AbstractBaseUser, action: str, old: Any, new: Any, reason: str) -> None:
    ResultChange.objects.create(event=event, by=by, action=action, old=old, new=new, note=reason)


def event_edit(*, event: Event, by: AbstractBaseUser, changes: Mapping[str, Any], reason: str = "") -> Event:
    """Apply ``changes`` (setting and detail names → values) to the event; see event_update."""
    _require(event, by, Role.ORGANIZER)
    unknown = sorted(set(changes) - set(SETTING_FIELDS) - set(DETAIL_FIELDS))
    if unknown:
        raise BadInput(_("%(field)s: not a setting of an event") % {"field": unknown[0]}, code="invalid")
    with transaction.atomic():
        # Locked: an edit racing the start of the event sees the state the start leaves.
        event = Event.objects.select_for_update().get(pk=event.pk)
        started = event.status not in (S.DRAFT, S.REGISTRATION)
        values = dict(changes)
        if "name" in values:
            name = str(values["name"] or "").strip()
            if not name or len(name) > 200:
                raise BadInput(_("name: give the event a name (up to 200 characters)"), code="invalid")
            values["name"] = name
        game = values.get("game", event.game)
        same_format = game == event.game or game not in game_keys()  # an unknown game is refused below
        fmt = values.get("format", event.format if same_format else get_game(game).formats[0])
        settings_in = {k: v for k, v in values.items() if k in SETTING_FIELDS and k not in ("name", "game")}
        checked = _settings_checked(game, fmt, settings_in)
        if (
            game != event.game
            and event.online
            and "online" not in checked
            and not get_game(game).has_match_engine
        ):
            # An online event moving to a game without a match engine must say it is played on paper.
            _settings_checked(game, fmt, {"online": True})
        checked.update(_details_checked(values, values.get("time_zone", event.time_zone)))
        if "name" in values:
            checked["name"] = values["name"]
        if "game" in values:
            checked["game"] = game
        if "format" in values or game != event.game:
            checked["format"] = fmt
        changed = {k: v for k, v in checked.items() if getattr(event, k) != v}
        if not changed:
            return event
        if started:
            fixed = sorted(set(changed) - LIVE_FIELDS)
            if fixed:
                raise WrongState(
                    _("%(field)s: the event has started; only the round time and the description can change.")
                    % {"field": fixed[0]},
                    code="settings_fixed",
                )
        if "game" in changed and event.registrations.exists():
            raise WrongState(
                _("game: players have registered decks for this game; the game cannot change."),
                code="has_registrations",
            )
        _check_deadline(
            changed.get("starts_at", event.starts_at),
            changed.get("registration_closes_at", event.registration_closes_at),
        )
        note = _reason(reason, required=started)
        old = {k: _audit_value(getattr(event, k)) for k in changed}
        for key, value in changed.items():
            setattr(event, key, value)
        event.save(update_fields=list(changed))
        if "round_minutes" in changed:
            # The new round time counts for the round being played too (and every later one).
            playing = event.round_set.order_by("-number").first()
            if playing is not None and event.status in (S.RUNNING, S.TOP_CUT):
                playing.ends_at = playing.started_at + timedelta(minutes=event.round_minutes)
                playing.save(update_fields=["ends_at"])
        if "player_cap" in changed and event.status == S.REGISTRATION:
            while event.registrations.filter(status=Registration.Status.WAITLIST).exists():
                before = event.registrations.filter(status=Registration.Status.ACTIVE).count()
                _promote_waitlist(event)
                if event.registrations.filter(status=Registration.Status.ACTIVE).count() == before:
                    break
        _audit(event, by, "edit", old, {k: _audit_value(v) for k, v in changed.items()}, note)
    return event


def event_cancel(*, event: Event, by: AbstractBaseUser, reason: str) -> Event:
    """Cancel an event that has not started (organizer), with a reason; return it.

    A cancelled event stays listed with its registrations, closed to everything but its
    description. One that has started is played to its end instead. Raises WrongState.
    """
    _require(event, by, Role.ORGANIZER)
    note = _reason(reason, required=True)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status not in (S.DRAFT, S.REGISTRATION):
            raise WrongState(
                _("Only an event that has not started can be cancelled (this one is %(status)s).")
                % {"status": event.get_status_display()},
                code="cannot_cancel",
            )
        old = {"status": event.status}
        event.status = S.CANCELLED
        event.save(update_fields=["status"])
        _audit(event, by, "cancel", old, {"status": event.status}, note)
    return event


def event_delete(*, event: Event, by: AbstractBaseUser, reason: str = "") -> None:
    """Delete a draft (organizer). The audit entry stays, with the event's id and name.
    Raises WrongState for an event past its draft (cancel it instead)."""
    _require(event, by, Role.ORGANIZER)
    note = _reason(reason, required=False)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.DRAFT:
            raise WrongState(
                _("Only a draft can be deleted; cancel an event once registration is open."),
                code="not_a_draft",
            )
        old = {"id": event.pk, "name": event.name, "status": event.status}
        event.delete()
        _audit(None, by, "delete", old, {}, note)


def judge_remove(*, event: Event, by: AbstractBaseUser, username: str, reason: str) -> AbstractBaseUser:
    """Remove a judge from the event (organizer), with a reason; return the user."""
    _require(event, by, Role.ORGANIZER)
    note = _reason(reason, required=True)
    user = event.judges.filter(username__iexact=(username or "").strip()).first()
    if user is None:
        raise BadInput(
            _("username: %(name)r is not a judge of this event") % {"name": username}, code="not_a_judge"
        )
    with transaction.atomic():
        event.judges.remove(user)
        _audit(event, by, "judge_remove", {"judge": user.get_username()}, {}, note)
    return user


@dataclass(frozen=True)
class WalkIn:
    """A walk-in's registration, and the first password of the account made for it (else "")."""

    registration: Registration
    password: str = ""


def walkin_register(
    *,
    event: Event,
    by: AbstractBaseUser,
    username: str,
    deck: DeckSource,
    new_account: bool = False,
    email: str = "",
    reason: str = "",
) -> WalkIn:
    """Register a walk-in player (organizer): an existing account, or a new one made here.

    The deck is validated as for any registration (IllegalDeck with every violation),
    and the registration deadline does not apply. A new account gets a random first
    password, returned once to hand to the player. Nothing is created when anything is
    refused. Raises BadInput (unknown or taken username, bad email), WrongState.
    """
    _require(event, by, Role.ORGANIZER)
    note = _reason(reason, required=False)
    name = (username or "").strip()
    users = get_user_model()
    password = ""
    with transaction.atomic():
        if new_account:
            for field, check, value in (
                ("username", users.username_validator, name),
                ("email", validate_email, email.strip()),
            ):
                try:
                    if value or field == "username":
                        check(value)
                except ValidationError as error:
                    raise BadInput(f"{field}: {error.messages[0]}", code="invalid") from None
            if not name or users.objects.filter(username__iexact=name).exists():
                raise BadInput(
                    _("username: the username “%(name)s” is already taken") % {"name": name},
                    code="username_taken",
                )
            password = secrets.token_urlsafe(9)
            try:
                with transaction.atomic():
                    player = users.objects.create_user(username=name, password=password, email=email.strip())
            except IntegrityError:  # the same name made a moment ago by another request
                raise BadInput(
                    _("username: the username “%(name)s” is already taken") % {"name": name},
                    code="username_taken",
                ) from None
        else:
            player = users.objects.filter(username__iexact=name).first()
            if player is None:
                raise BadInput(
                    _("username: no user named %(name)r (tick “new account” to make one)") % {"name": name},
                    code="unknown_user",
                )
            if event.registrations.filter(player=player).exists():
                raise WrongState(
                    _("%(name)s is already registered for this event.") % {"name": player.get_username()},
                    code="already_registered",
                )
        registration = registration_submit(event=event, player=player, deck=deck, walk_in=True)
        _audit(
            event,
            by,
            "walk_in",
            {},
            {"player": player.get_username(), "new_account": new_account, "status": registration.status},
            note,
        )
    return WalkIn(registration=registration, password=password)
