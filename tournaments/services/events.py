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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NoReturn

from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.decklist import decklist_to_json
from engine.registry import game_keys, get_game
from tournaments import online_rules
from tournaments.labels import reader_language
from tournaments.models import (
    DeckNote,
    Event,
    ForbiddenPair,
    Game,
    GameAction,
    Match,
    Penalty,
    Pool,
    Registration,
    ResultChange,
    Round,
)
from tournaments.selectors.events import (
    Role,
    event_players,
    event_role,
    forbidden_pairs,
    is_official,
    match_locked,
    registration_deadline_passed,
    swiss_history,
)
from tournaments.selectors.online import current_game, match_is_online
from tournaments.services.accounts import username_lock, username_refusal
from tournaments.services.decks import DeckSource, deck_check
from tournaments.services.errors import BadInput, IllegalDeck, NotAllowed, OverLimit, WrongState, match_gone
from tournaments.services.notifications import notifications_result_changed, notifications_round_posted
from tournaments.services.online import engine_forget, match_changed, round_games_start
from tournaments.services.online import refuse as online_refuse
from tournaments.services.online.playable import online_event_require_playable
from tournaments.services.penalties import match_loss
from tournaments.services.pools import LIMITED_FORMATS
from tournaments.services.ratings import rating_update_queue, registration_ratings
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
NO_SHOW_MINUTES_MAX = 120


# Online play: the longest wait for both players before an absent one loses as a no-show (O1.2).
GRACE_MAX = 60
SPECTATE_DELAY_MAX = 60  # turns or minutes


def _game_title(key: str) -> str:
    """Return the title of game ``key`` in the reader's language (the key of an unknown game)."""
    if key not in game_keys():
        return key
    rules = get_game(key)
    return rules.title_ru if reader_language() == "ru" and rules.title_ru else rules.title


def _require(event: Event, user: User, *roles: Role) -> Role:
    role = event_role(event=event, user=user)
    if role not in roles:
        raise NotAllowed(_("You are not allowed to do this for this event."))
    return role


def _settings_checked(game: str, fmt: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """Return the event settings after checking each one; raise BadInput naming the first bad one."""
    if game not in game_keys():
        raise BadInput(
            _("game: unknown game “%(game)s” (known: %(known)s)")
            % {"game": game, "known": ", ".join(game_keys())},
            code="unknown_game",
        )
    rules = get_game(game)
    if fmt not in rules.formats:
        raise BadInput(
            _("format: %(game)s has the formats %(formats)s")
            % {"game": _game_title(game), "formats": ", ".join(rules.formats)},
            code="invalid",
        )
    checked: dict[str, Any] = {}
    for key, allowed in (("best_of", BEST_OF), ("top_cut", TOP_CUTS)):
        if key in values:
            if values[key] not in allowed:
                raise BadInput(
                    _("%(field)s: must be one of %(allowed)s")
                    % {"field": key, "allowed": ", ".join(map(str, allowed))},
                    code="invalid",
                )
            checked[key] = values[key]
    for key, low, high in (
        ("rounds", 1, 20),
        ("side_deck_max", 0, 60),
        ("round_minutes", 5, 600),
        ("player_cap", 2, 100_000),
        ("grace_minutes", 0, GRACE_MAX),
        ("no_show_minutes", 1, NO_SHOW_MINUTES_MAX),
        # Never 0: a spectator must not see the present state of a game.
        ("spectate_delay", 1, SPECTATE_DELAY_MAX),
    ):
        if key in values and values[key] is not None:
            value = values[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise BadInput(
                    _("%(field)s: must be a whole number from %(low)d to %(high)d")
                    % {"field": key, "low": low, "high": high},
                    code="invalid",
                )
            checked[key] = value
        elif key in values and key in ("rounds", "player_cap"):
            checked[key] = None
    for key, choices in (("spectators", Event.Spectators), ("spectate_delay_unit", Event.DelayUnit)):
        if key in values:
            if values[key] not in choices.values:
                raise BadInput(
                    _("%(field)s: must be one of %(allowed)s")
                    % {"field": key, "allowed": ", ".join(choices.values)},
                    code="invalid",
                )
            checked[key] = values[key]
    for key in ("online", "late_entry", "check_in_required", "seed_by_rating"):
        if key in values:
            checked[key] = bool(values[key])
    if checked.get("online") and not rules.has_match_engine:
        raise BadInput(
            _("online: %(game)s has no match engine yet; run it as a paper event")
            % {"game": _game_title(game)},
            code="invalid",
        )
    return checked


def event_create(
    *,
    organizer: User,
    name: str,
    game: str = "",
    format: str = "constructed",
    **settings: Any,
) -> Event:
    """Create an event in draft, organized by ``organizer``; return it (of ``game``, by default
    settings.DEFAULT_GAME). Raises BadInput."""
    game = game or django_settings.DEFAULT_GAME
    name = (name or "").strip()
    if not name or len(name) > EVENT_NAME_MAX:
        message = _("name: give the event a name (up to %(n)d characters)") % {"n": EVENT_NAME_MAX}
        raise BadInput(message, code="invalid")
    checked = _settings_checked(game, format, settings)
    # Said nothing: the game's own side deck size (RESPONSE 10, R2.6; Your War none, Y2.4).
    checked.setdefault("side_deck_max", get_game(game).side_deck_default)
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


def event_values_problems(
    *, name: str, game: str = "", format: str = "constructed", **settings: Any
) -> list[str]:
    """Return every refusal :func:`event_create` would give these values, each once and naming
    its field ("rounds: …"), so that a form shows every bad field at once; empty when none.
    The checks are event_create's own, run one value at a time."""
    game = game or django_settings.DEFAULT_GAME
    problems: list[str] = []

    def attempt(check: Callable[[], object]) -> None:
        try:
            check()
        except BadInput as error:
            if error.detail not in problems:
                problems.append(error.detail)

    name = (name or "").strip()
    if not name or len(name) > EVENT_NAME_MAX:
        problems.append(_("name: give the event a name (up to %(n)d characters)") % {"n": EVENT_NAME_MAX})
    attempt(lambda: _settings_checked(game, format, {}))
    zone = str(settings.get("time_zone") or "UTC")
    for key, value in settings.items():
        one = {key: value}
        if key in DETAIL_FIELDS:
            attempt(functools.partial(_details_checked, one, zone))
        else:
            attempt(functools.partial(_settings_checked, game, format, one))
    moments = ("starts_at", "registration_closes_at")
    attempt(lambda: _check_deadline(*(_details_checked({k: settings.get(k)}, zone).get(k) for k in moments)))
    return problems


def _event_quota_check(organizer: User) -> None:
    """Raise OverLimit when ``organizer`` has created settings.EVENTS_PER_DAY events in the last
    24 hours (one account created 1,000 events in 7 s). The organizer's row is locked
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


def event_update(*, event: Event, by: User, reason: str = "", **settings: Any) -> Event:
    """Change an event's name, details and settings (organizer); return the event.

    Until the event starts every setting may change (the game only while nobody is
    registered); after, only round time and description (``LIVE_FIELDS``), and a reason is
    required. A new round time moves the end of the round being played. Every change
    is one audit entry (who, when, old → new, reason). Raises NotAllowed, BadInput
    (naming the field) or WrongState (code ``settings_fixed``).
    """
    return event_edit(event=event, by=by, reason=reason, changes=settings)


def event_open(*, event: Event, by: User) -> Event:
    """Open registration: draft → registration (organizer)."""
    _require(event, by, Role.ORGANIZER)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.DRAFT:
            raise WrongState(
                _("Only a draft event can be opened (this one is %(status)s).")
                % {"status": event.get_status_display()}
            )
        event.status = S.REGISTRATION
        event.save(update_fields=["status"])
    return event


def judge_add(*, event: Event, by: User, username: str) -> User:
    """Add a judge to the event (organizer); return the judge's user."""
    _require(event, by, Role.ORGANIZER)
    user = get_user_model().objects.filter(username__iexact=(username or "").strip()).first()
    if user is None:
        raise BadInput(_("username: no user named “%(name)s”") % {"name": username}, code="unknown_user")
    with transaction.atomic():
        # Locked as registration_submit locks it: a judge and a registration never cross.
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.registrations.filter(player=user).exists():
            # A judge sees every decklist and every hand: never one of the players.
            raise WrongState(
                _("%(name)s is registered as a player in this event, so cannot judge it.")
                % {"name": user.get_username()},
                code="player_cannot_judge",
            )
        event.judges.add(user)
    return user


def _official_cannot_play(event: Event, player: User) -> None:
    """Raise WrongState when ``player`` is an official of the event (its organizer, a judge, or
    staff) or was one of its judges: officials see every decklist and every hand, so they never
    play in it, not even after their removal."""
    if is_official(event_role(event=event, user=player)):
        raise WrongState(
            _("The organizer and the judges of an event cannot play in it."), code="official_cannot_play"
        )
    if event.former_judges.filter(pk=player.pk).exists():
        raise WrongState(
            _("%(name)s judged this event and saw its decklists and hands, so cannot play in it.")
            % {"name": player.get_username()},
            code="official_cannot_play",
        )


def registration_submit(
    *,
    event: Event,
    player: User,
    deck: DeckSource | None,
    late: bool = False,
    walk_in: bool = False,
) -> Registration:
    """Register ``player`` with a deck, or replace their deck; return the registration.

    The deck is checked by the game's rules with the event's side-deck maximum and
    format; raises IllegalDeck with every violation. Before the event starts a
    re-submission replaces the deck; after, lists are locked. Past the player cap a
    new player joins the waitlist. After round 1 a new player may join only when the
    organizer allows late entry; the rounds they missed count as losses. The event's
    officials cannot play in it (WrongState, ``official_cannot_play``).

    Sealed and draft (W2.6): a player registers without a deck (``deck`` empty) before their
    pool is recorded; a deck is then checked against the pool (``not_in_pool``,
    ``pool_exceeded``), and refused while there is none (WrongState, ``pool_missing``).
    """
    _official_cannot_play(event, player)  # said before anything about the deck
    limited = event.format in LIMITED_FORMATS
    if limited and _no_deck(deck):
        return _register(event, player, {}, walk_in=walk_in)
    options: dict[str, Any] = {"side_max": event.side_deck_max, "format": event.format}
    if limited:
        # W2.6: a sealed or draft deck comes from the player's pool, recorded by an official.
        pool = Pool.objects.filter(registration__event=event, registration__player=player).first()
        if pool is None:
            raise WrongState(
                _("Your pool is not recorded yet: the organizer or a judge records it, then send your deck."),
                code="pool_missing",
            )
        options["pool"] = pool.cards
    check = deck_check(source=deck, game=event.game, options=options)
    if not check.readable:
        raise BadInput(check.parse_message, code="bad_decklist")
    if check.game != event.game:
        raise BadInput(
            _("deck: this event plays %(event_game)s, the deck is for %(deck_game)s")
            % {"event_game": _game_title(event.game), "deck_game": _game_title(check.game)},
            code="wrong_game",
        )
    if check.violations:
        raise IllegalDeck(_("The deck breaks the game's deck rules."), violations=check.violations)
    assert check.decklist is not None
    return _register(event, player, decklist_to_json(check.decklist), walk_in=walk_in)


def _no_deck(deck: DeckSource | None) -> bool:
    """Return True when no deck is sent (a limited player registers before their pool exists)."""
    return deck is None or (
        isinstance(deck, str | Mapping) and not (deck.strip() if isinstance(deck, str) else deck)
    )


def _register(event: Event, player: User, deck_json: dict[str, Any], *, walk_in: bool) -> Registration:
    """Register ``player`` with ``deck_json`` or replace their deck (``{}`` keeps it); return it."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _official_cannot_play(event, player)
        existing = event.registrations.filter(player=player).first()
        if existing is not None:
            if not deck_json:
                return existing  # a limited player signing up again without a deck
            if event.status != S.REGISTRATION:
                raise WrongState(_("Decklists are locked: the event has started."), code="decks_locked")
            existing.deck = deck_json
            existing.save(update_fields=["deck", "updated_at"])
            return existing
        if event.status == S.DRAFT:
            raise WrongState(_("Registration is not open yet."), code="registration_closed")
        if not walk_in and registration_deadline_passed(event=event):
            raise WrongState(_("The registration deadline has passed."), code="registration_closed")
        late_round = None
        if event.status == S.RUNNING:
            if not event.late_entry:
                raise WrongState(
                    _("Registration is closed: the event has started."), code="registration_closed"
                )
            late_round = event.round_set.count() + 1
        elif event.status != S.REGISTRATION:
            raise WrongState(_("Registration is closed."), code="registration_closed")
        active = event.registrations.filter(status=Registration.Status.ACTIVE).count()
        waitlisted = event.player_cap is not None and active >= event.player_cap
        return Registration.objects.create(
            event=event,
            player=player,
            deck=deck_json,
            late_round=late_round,
            status=Registration.Status.WAITLIST if waitlisted else Registration.Status.ACTIVE,
        )


def registration_withdraw(*, event: Event, by: User) -> None:
    """Withdraw before the event starts; the first waitlisted player moves up."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status not in (S.DRAFT, S.REGISTRATION):
            raise WrongState(_("The event has started: drop instead of withdrawing."))
        registration = event.registrations.filter(player=by).first()
        if registration is None:
            raise BadInput(_("You are not registered for this event."), code="not_registered")
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


def deck_note_add(*, registration: Registration, by: User, text: str) -> DeckNote:
    """Record a deck-check note on a registration (organizer or judge)."""
    _require(registration.event, by, Role.ORGANIZER, Role.JUDGE)
    text = text_within(text, field="text", most=DECK_NOTE_MAX)
    if not text:
        raise BadInput(_("text: write the note"), code="invalid")
    return DeckNote.objects.create(registration=registration, author=by, text=text)


def decklists_publish(*, event: Event, by: User) -> Event:
    """Make every decklist public once the event is finished (organizer)."""
    _require(event, by, Role.ORGANIZER)
    if event.status != S.FINISHED:
        raise WrongState(_("Decklists can be published after the event."))
    event.decklists_public = True
    event.save(update_fields=["decklists_public"])
    return event


def player_drop(*, event: Event, by: User, username: str) -> Registration:
    """Drop a player (the player themself, or the organizer); they are never paired again."""
    role = event_role(event=event, user=by)
    registration = (
        event.registrations.select_related("player")
        .filter(player__username__iexact=(username or "").strip())
        .first()
    )
    if registration is None:
        raise BadInput(
            _("username: “%(name)s” is not registered for this event") % {"name": username},
            code="not_registered",
        )
    if not (role is Role.ORGANIZER or registration.player_id == by.pk):
        raise NotAllowed(_("Only the player or the organizer can drop a player."))
    if event.status == S.FINISHED:
        raise WrongState(_("The event is over."))
    if event.status in (S.DRAFT, S.REGISTRATION):
        raise WrongState(_("The event has not started: withdraw the registration instead."))
    with transaction.atomic():
        # Locked: a double click drops (and settles the match) once.
        registration = (
            Registration.objects.select_for_update(of=("self",))
            .select_related("player")
            .get(pk=registration.pk)
        )
        if not registration.dropped:
            registration.dropped = True
            registration.dropped_after_round = event.round_set.count()
            registration.save(update_fields=["dropped", "dropped_after_round", "updated_at"])
            _drop_settle(event, registration, by)
    return registration


def swiss_rounds_for(event: Event, players: int) -> int:
    """Return the Swiss rounds to play: the event's count, or the recommended one (Appendix E).

    Capped at the most rounds the field can play without a rematch (n - 1 for an even
    field, n for an odd one, where byes fill the gap), so the event never gets stuck.
    """
    most = players - 1 if players % 2 == 0 else players
    return max(1, min(event.rounds or recommended_rounds(players), most))


def _create_round(
    event: Event, kind: str, pairs: list[tuple[int, int]], bye: int | None, *, published: bool = True
) -> Round:
    number = event.round_set.count() + 1
    now = timezone.now()
    round_ = Round.objects.create(
        event=event,
        number=number,
        kind=kind,
        seed=event.seed,
        started_at=now,
        ends_at=now + timedelta(minutes=event.round_minutes),
        published=published,
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
    if published:  # held pairings are told to no one: pairings_publish tells them once
        notifications_round_posted(round_=round_)
    return round_


def _pair_swiss(event: Event, number: int, *, seed: int | None = None, published: bool = True) -> Round:
    players, history = swiss_history(event=event)
    try:
        pairing = pair_round(
            players=players,
            history=history,
            round_number=number,
            seed=event.seed if seed is None else seed,
            forbidden=forbidden_pairs(event=event),
            ratings=registration_ratings(event=event) if number == 1 and event.seed_by_rating else None,
        )
    except PairingError as error:
        raise WrongState(
            _("No pairing avoids a rematch: %(error)s") % {"error": error}, code="unpairable"
        ) from None
    round_ = _create_round(event, Round.Kind.SWISS, list(pairing.pairs), pairing.bye, published=published)
    if seed is not None:
        Round.objects.filter(pk=round_.pk).update(seed=seed)  # a re-pair's seed: still reproducible
        round_.seed = seed
    return round_


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
        if event.top_cut and event.top_cut > count:
            raise WrongState(
                _("A top %(n)d needs at least %(n)d players.") % {"n": event.top_cut},
                code="too_few_players",
            )
        if event.online:  # the engine plays every card of the decks (engine/playable.py)
            online_event_require_playable(event=event)
        event.status = S.RUNNING
        event.swiss_rounds = swiss_rounds_for(event, count)
        event.save(update_fields=["status", "swiss_rounds"])
        # Waitlisted players did not get in: they stay listed, never paired.
        round_ = _pair_swiss(event, 1, published=not hold)
        if not hold:
            round_games_start(round_id=round_.pk)
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
        round_ = _advance(event, last, published=not hold)
        if round_ is not None and not hold:
            round_games_start(round_id=round_.pk)
        return round_


def _advance(event: Event, last: Round, *, published: bool) -> Round | None:
    if last.kind == Round.Kind.SWISS and last.number < (event.swiss_rounds or 0):
        return _pair_swiss(event, last.number + 1, published=published)
    if last.kind == Round.Kind.SWISS:
        if not event.top_cut:
            _finish(event)
            return None
        players, history = swiss_history(event=event)
        standings = compute_standings(players=players, history=history)
        try:
            seeds = top_cut_seeds(standings, event.top_cut)
        except ValueError as error:
            raise WrongState(str(error), code="too_few_players") from None
        event.status = S.TOP_CUT
        event.save(update_fields=["status"])
        return _create_round(event, Round.Kind.TOP_CUT, top_cut_pairings(seeds), None, published=published)
    previous = [(*_top_cut_pair(m), _winner(m)) for m in last.matches.order_by("table")]
    # The better Swiss seed sits at seat A, as in the first top-cut round.
    players, history = swiss_history(event=event)
    seeds = [s.player_id for s in compute_standings(players=players, history=history)]
    pairs = next_top_cut_round(previous, seeds=seeds)
    if not pairs:
        _finish(event)
        return None
    return _create_round(event, Round.Kind.TOP_CUT, pairs, None, published=published)


def _finish(event: Event) -> None:
    event.status = S.FINISHED
    event.save(update_fields=["status"])
    return None


def _top_cut_pair(match: Match) -> tuple[int, int]:
    """The two registrations of a top-cut match (the top cut has no byes)."""
    assert match.player_b_id is not None, "a top-cut match has two players"
    return match.player_a_id, match.player_b_id


def _winner(match: Match) -> int:
    a, b = _top_cut_pair(match)
    return top_cut_winner(a=a, b=b, wins_a=match.wins_a, wins_b=match.wins_b)


def _result(match: Match) -> dict[str, Any]:
    return {"wins_a": match.wins_a, "wins_b": match.wins_b, "draws": match.draws, "status": match.status}


def _check_result(match: Match, best_of: int, wins_a: Any, wins_b: Any, draws: Any) -> tuple[int, int, int]:
    """Return (wins_a, wins_b, draws) when they are a result a best-of-``best_of`` match can
    end with; raise BadInput listing every problem at once (``problems``: [{"field", "code",
    "message"}], messages in the reader's language).

    A Swiss match has at most ``best_of`` games, drawn ones included (a best-of-3 ends 2-0,
    2-1, 1-1-1, 1-0 when time is called, ...); a top-cut match cannot end in a draw and plays
    on past ``best_of`` while tied, up to ``best_of + 3`` games, as online play does
    (services/online/adjudicate.py ``_after_game``).
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
    return match_is_online(match)


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


def _locked(matches: Any, match: Match) -> Match:
    """Return ``match`` read again from ``matches`` and locked (its row only); WrongState
    ``match_gone`` when it no longer exists: its round was undone or paired again since the
    request found it (the change would otherwise fail as a 500)."""
    try:
        return matches.select_for_update(of=("self",)).get(pk=match.pk)
    except Match.DoesNotExist:
        raise match_gone() from None


def match_report(
    *, match: Match, by: User, wins_a: Any, wins_b: Any, draws: Any = 0, note: str = ""
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
        match = _locked(Match.objects.select_related("round__event"), match)
        event = match.round.event
        role = event_role(event=event, user=by)
        official = is_official(role)
        players = {match.player_a.player_id, match.player_b.player_id if match.player_b else None}
        if not official and by.pk not in players:
            raise NotAllowed(_("Only the players of this match, a judge or the organizer can report it."))
        if match.is_bye:
            raise WrongState(_("A bye needs no report."))
        if not match.round.published and not official:
            raise _held(match.round)
        online = _engine_adjudicated(match)
        if online and not official:
            raise _online_refused()
        if event.status == S.FINISHED and not official:
            raise WrongState(_("The event is over."))
        last_round = event.round_set.order_by("-number").values_list("pk", flat=True).first()
        if match.round_id != last_round and not official:
            raise WrongState(_("Only a judge can change the result of an earlier round."))
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
            raise WrongState(_("The result is final; ask a judge to change it."), code="result_final")
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
        if Match.Status.FINAL in (old["status"], match.status):
            rating_update_queue(match.pk)  # final now, or corrected: the ratings follow
        notifications_result_changed(match=match, action=action, by=by)
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
        online_refuse(
            row, online_rules.NOT_NOW, "the match result was set by a judge", now, game, code="match_over"
        )
    game.save()
    engine_forget(game)


def match_confirm(*, match: Match, by: User) -> Match:
    """Confirm the opponent's report: the result becomes final. (Not in an online match:
    WrongState ``online_match``.)"""
    with transaction.atomic():
        match = _locked(Match.objects.select_related("round__event", "player_a", "player_b"), match)
        if _engine_adjudicated(match):
            raise _online_refused()
        opponent_of_reporter = {
            match.player_a.player_id,
            match.player_b.player_id if match.player_b else None,
        } - {match.reported_by_id}
        if match.status != Match.Status.REPORTED:
            raise WrongState(_("There is no report to confirm."), code="nothing_to_confirm")
        if by.pk not in opponent_of_reporter or match.reported_by_id == by.pk:
            raise NotAllowed(_("Only the opponent of the player who reported can confirm."))
        old = _result(match)
        match.status, match.disputed = Match.Status.FINAL, False
        match.save()
        ResultChange.objects.create(match=match, by=by, action="confirm", old=old, new=_result(match))
        rating_update_queue(match.pk)
    return match


def match_dispute(*, match: Match, by: User, note: str = "") -> Match:
    """Dispute the opponent's report: the match goes to the judges. (Not in an online match:
    WrongState ``online_match``.) Raises BadInput for a note over NOTE_MAX characters."""
    note = text_within(note, field="note", most=NOTE_MAX)
    with transaction.atomic():
        match = _locked(Match.objects.select_related("round__event", "player_a", "player_b"), match)
        if _engine_adjudicated(match):
            raise _online_refused()
        players = {match.player_a.player_id, match.player_b.player_id if match.player_b else None}
        if by.pk not in players or match.reported_by_id == by.pk:
            raise NotAllowed(_("Only the opponent of the player who reported can dispute."))
        if match.status != Match.Status.REPORTED:
            raise WrongState(_("There is no report to dispute."), code="nothing_to_dispute")
        old = _result(match)
        match.disputed = True
        match.save(update_fields=["disputed", "updated_at"])
        ResultChange.objects.create(
            match=match, by=by, action="dispute", old=old, new=_result(match), note=note
        )
        notifications_result_changed(match=match, action="dispute", by=by)
    return match


def match_extend(*, match: Match, by: User, minutes: Any) -> Match:
    """Give a match extra time (judge or organizer); logged in the audit trail."""
    _require(match.round.event, by, Role.ORGANIZER, Role.JUDGE)
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 120:
        raise BadInput(
            _("%(field)s: must be a whole number from %(low)d to %(high)d")
            % {"field": "minutes", "low": 1, "high": 120},
            code="invalid",
        )
    with transaction.atomic():
        match = _locked(Match.objects.all(), match)
        old = {"extension_minutes": match.extension_minutes}
        match.extension_minutes += minutes
        match.save(update_fields=["extension_minutes", "updated_at"])
        ResultChange.objects.create(
            match=match, by=by, action="extend", old=old, new={"extension_minutes": match.extension_minutes}
        )
    return match


# ---------------------------------------------------------------------------------------- corrections
# Edits, cancellation, deletion, judge removal and walk-ins. Each one is an entry
# of the audit trail (ResultChange with ``event`` set): who, when, what (old → new) and why.

# May change at any time (the spectating settings too: an organizer may open or close the games
# to spectators, or lengthen the delay, while they are played).
LIVE_FIELDS = frozenset(
    {"round_minutes", "description", "no_show_minutes", "spectators", "spectate_delay", "spectate_delay_unit"}
)
DETAIL_FIELDS = ("starts_at", "time_zone", "venue", "description", "registration_closes_at")
SETTING_FIELDS = (
    "name", "game", "format", "best_of", "rounds", "top_cut", "side_deck_max", "online",
    "round_minutes", "player_cap", "late_entry", "grace_minutes", "check_in_required", "no_show_minutes",
    "spectators", "spectate_delay", "spectate_delay_unit",
    "seed_by_rating",
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


def _audit(event: Event | None, by: User, action: str, old: Any, new: Any, reason: str) -> None:
    ResultChange.objects.create(event=event, by=by, action=action, old=old, new=new, note=reason)


def event_edit(*, event: Event, by: User, changes: Mapping[str, Any], reason: str = "") -> Event:
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


def event_cancel(*, event: Event, by: User, reason: str) -> Event:
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


def event_delete(*, event: Event, by: User, reason: str = "") -> None:
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


def judge_remove(*, event: Event, by: User, username: str, reason: str) -> User:
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
        event.former_judges.add(user)  # they saw the hands: never a player here (_official_cannot_play)
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
    by: User,
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
    player: User | None
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
                    raise BadInput(
                        _("%(field)s: %(error)s") % {"field": field, "error": error.messages[0]},
                        code="invalid",
                    ) from None
            if not name or users.objects.filter(username__iexact=name).exists():
                raise BadInput(
                    _("username: the username “%(name)s” is already taken") % {"name": name},
                    code="username_taken",
                )
            username_lock(name)
            alike = username_refusal(name)  # a look-alike of a taken name, as at sign-up
            if alike is not None:
                raise BadInput(
                    _("%(field)s: %(error)s")
                    % {"field": "username", "error": alike.message_dict["username"][0]},
                    code="username_look_alike",
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
        if event.check_in_required and not registration.checked_in:
            # Registered at the venue by the organizer: here, so checked in.
            registration.checked_in = True
            registration.save(update_fields=["checked_in", "updated_at"])
        _audit(
            event,
            by,
            "walk_in",
            {},
            {"player": player.get_username(), "new_account": new_account, "status": registration.status},
            note,
        )
    return WalkIn(registration=registration, password=password)


# ---------------------------------------------------------------------------------------- pairings
# The organizer's safety net on event day: hold a round's pairings before
# publishing them, swap two players, give a manual bye, re-pair the current round while no
# result is in, undo the last round, and keep players apart (forbidden pairs). Each is an audit
# entry with who, when, what and why (point 10).
#
# An online round whose games have started is never re-paired, undone or changed: the refusal
# (``games_started``) says to override results instead. The engine's action log is the record
# of what was played (STYLE 4); cancelling live games would erase it and race the workers that
# hold those matches' rows. Holding the pairings is how an online round is checked before
# any game starts.


@dataclass(frozen=True)
class PairingChange:
    """A correction's round and its warnings (a rematch, players of different points), in the
    reader's language; the change is made all the same."""

    round: Round
    warnings: list[str]


def _held(round_: Round) -> WrongState:
    return WrongState(
        _("The pairings of round %(n)s are held: the organizer has not published them yet.")
        % {"n": round_.number},
        code="pairings_held",
    )


def _current_round_locked(event: Event, by: User, *, swiss: bool = True) -> tuple[Event, Round]:
    """Return the event (locked) and its latest round for a pairing correction; raise
    NotAllowed (not the organizer) or WrongState (not running, no round, a top-cut round)."""
    _require(event, by, Role.ORGANIZER)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status not in (S.RUNNING, S.TOP_CUT):
        raise WrongState(
            _("Pairings can be corrected while the event runs (this one is %(status)s).")
            % {"status": event.get_status_display()},
            code="not_running",
        )
    round_ = event.round_set.order_by("-number").first()
    assert round_ is not None  # a running event has paired round 1
    if swiss and round_.kind != Round.Kind.SWISS:
        raise WrongState(_("Only the pairings of a Swiss round can be corrected."), code="not_swiss")
    return event, round_


def _games_started(round_: Round) -> None:
    if Game.objects.filter(match__round=round_).exists():
        raise WrongState(
            _(
                "The online games of round %(n)s have started: their pairings cannot change. "
                "A judge can override a match's result instead."
            )
            % {"n": round_.number},
            code="games_started",
        )


def _no_penalties(matches: Any) -> None:
    """Raise WrongState (``penalties_given``) when a judge's penalty is recorded on one of
    ``matches``: it belongs to that match and player, so the pairing under it stays."""
    table = Penalty.objects.filter(match__in=matches).values_list("match__table", flat=True).first()
    if table is not None:
        raise WrongState(
            _("A judge's penalty is recorded at table %(table)s: its pairing cannot change.")
            % {"table": table},
            code="penalties_given",
        )


def _round_pairs(round_: Round) -> list[dict[str, Any]]:
    """Return the round's matches for the audit trail: table, players (usernames), result."""
    rows = []
    for m in round_.matches.select_related("player_a__player", "player_b__player").order_by("table"):
        rows.append(
            {
                "table": m.table,
                "a": m.player_a.player.get_username(),
                "b": m.player_b.player.get_username() if m.player_b else None,
                **_result(m),
            }
        )
    return rows


def _registration_named(event: Event, username: Any, field: str) -> Registration:
    registration = (
        event_players(event=event).filter(player__username__iexact=str(username or "").strip()).first()
    )
    if registration is None:
        raise BadInput(
            _("%(field)s: %(name)r is not a player of this event") % {"field": field, "name": username},
            code="not_registered",
        )
    return registration


def _pairing_warnings(
    event: Event, round_: Round, pairs: list[tuple[Registration, Registration]]
) -> list[str]:
    """Return a warning for each pair that is a rematch (R: no rematch in Swiss) or joins players
    with different match points."""
    players, history = swiss_history(event=event)
    earlier = [r for r in history if r.round < round_.number]
    points = {s.player_id: s.match_points for s in compute_standings(players=players, history=earlier)}
    met = {frozenset((r.a, r.b)) for r in earlier if r.b is not None}
    warnings = []
    for a, b in pairs:
        names = {"a": a.player.get_username(), "b": b.player.get_username()}
        if frozenset((a.pk, b.pk)) in met:
            warnings.append(_("%(a)s and %(b)s have played each other already: a rematch.") % names)
        pa, pb = points.get(a.pk, 0), points.get(b.pk, 0)
        if pa != pb:
            warnings.append(
                _("%(a)s has %(pa)s match points and %(b)s has %(pb)s.") % {**names, "pa": pa, "pb": pb}
            )
    return warnings


def _match_of(round_: Round, registration: Registration) -> Match:
    match = (
        round_.matches.select_for_update(of=("self",))
        .filter(Q(player_a=registration) | Q(player_b=registration))
        .select_related("player_a__player", "player_b__player")
        .first()
    )
    if match is None:
        raise WrongState(
            _("%(name)s has no match in round %(n)s.")
            % {"name": registration.player.get_username(), "n": round_.number},
            code="not_paired",
        )
    return match


def _no_result(match: Match) -> None:
    if match.is_bye:
        raise WrongState(
            _("Table %(table)s is a bye: give a manual bye to move it.") % {"table": match.table},
            code="is_bye",
        )
    if match.status != Match.Status.PENDING:
        raise WrongState(
            _("Table %(table)s already has a result: its players cannot change.") % {"table": match.table},
            code="result_in",
        )


def pairings_swap(*, event: Event, by: User, player_a: str, player_b: str, reason: str) -> PairingChange:
    """Swap two players of the current Swiss round between their tables (organizer), with a
    reason; return the round and warnings (a rematch, a points mismatch).

    Both tables must be without a result and not byes; an online round's games must not have
    started. Raises NotAllowed, BadInput (unknown player, the same table) or WrongState.
    """
    note = _reason(reason, required=True)
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
        return PairingChange(round=round_, warnings=warnings)


def _round_pairs_of(matches: list[Match]) -> list[dict[str, Any]]:
    return [
        {
            "table": m.table,
            "a": m.player_a.player.get_username(),
            "b": m.player_b.player.get_username() if m.player_b else None,
        }
        for m in matches
    ]


def bye_manual(*, event: Event, by: User, username: str, reason: str) -> PairingChange:
    """Give ``username`` the bye of the current Swiss round (organizer), with a reason; return
    the round and warnings.

    The player's match must be without a result. The player who had the round's bye takes
    their seat against their opponent; in a round without a bye their opponent gets a bye too
    (a warning says so). A bye is a 2–0 win, final at once. Raises NotAllowed, BadInput,
    WrongState.
    """
    note = _reason(reason, required=True)
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
        warnings: list[str] = []
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
            warnings = [
                _("%(name)s had no one else to play and gets a bye too.")
                % {"name": opponent.player.get_username()}
            ]
        new = {"round": round_.number, "tables": _round_pairs_of(touched), "warnings": warnings}
        _audit(event, by, "bye_manual", old, new, note)
        return PairingChange(round=round_, warnings=warnings)


def _keep_match_history(event: Event, round_: Round) -> None:
    """Keep the audit entries of the round's matches when the round goes: they become the
    event's entries (a match's are deleted with it), their old value naming round and table.
    The ratings forget its final matches once it is gone."""
    for match_id in round_.matches.filter(status=Match.Status.FINAL, player_b__isnull=False).values_list(
        "pk", flat=True
    ):
        rating_update_queue(match_id)
    for change in ResultChange.objects.filter(match__round=round_).select_related("match"):
        assert change.match is not None
        change.old = {"round": round_.number, "table": change.match.table, **(change.old or {})}
        change.event, change.match = event, None
        change.save(update_fields=["old", "event", "match"])


def round_repair(*, event: Event, by: User, reason: str) -> Round:
    """Pair the current Swiss round again (organizer), with a reason, while no result is in;
    return the new round (same number, a fresh seed, forbidden pairs and drops since seen).

    A held round stays held; an online round whose games have started is refused. Raises
    NotAllowed or WrongState (``results_in``, ``games_started``).
    """
    note = _reason(reason, required=True)
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
        if round_.published:
            raise WrongState(
                _("The pairings of round %(n)s are published already.") % {"n": round_.number},
                code="not_held",
            )
        now = timezone.now()
        round_.published, round_.started_at = True, now
        round_.ends_at = now + timedelta(minutes=event.round_minutes)
        round_.save(update_fields=["published", "started_at", "ends_at"])
        round_games_start(round_id=round_.pk)
        # The players hear of their tables now, once, whatever re-pairs the held round had.
        notifications_round_posted(round_=round_)
        _audit(
            event,
            by,
            "pairings_publish",
            {"published": False},
            {"round": round_.number, "published": True},
            note,
        )
    return round_


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


# ---------------------------------------------------------------------------------------- event day
# Check-in, no-shows and drops settling the open match. Each is an audit entry.

NOT_CHECKED_IN = 0  # Registration.dropped_after_round of a player dropped at the start: not checked in


def registration_check_in(
    *, event: Event, by: User, username: str = "", checked_in: bool = True
) -> Registration:
    """Check a player in (``checked_in`` False: out again) before the event starts; return the
    registration. The player does it for themself (``username`` empty or their own), the
    organizer and the judges for anyone. Raises NotAllowed, BadInput (``not_registered``),
    WrongState (``check_in_not_required``, ``check_in_closed``)."""
    role = event_role(event=event, user=by)
    name = (username or "").strip() or by.get_username()
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)  # the start sees it or not at all
        registration = (
            event.registrations.select_related("player").filter(player__username__iexact=name).first()
        )
        if registration is None:
            if not is_official(role) and name.casefold() != by.get_username().casefold():
                raise NotAllowed(_("Only the organizer and the judges can check in another player."))
            raise BadInput(
                _("username: %(name)s is not registered for this event") % {"name": name},
                code="not_registered",
            )
        if registration.player_id != by.pk and not is_official(role):
            raise NotAllowed(_("Only the organizer and the judges can check in another player."))
        if not event.check_in_required:
            raise WrongState(_("This event does not use check-in."), code="check_in_not_required")
        if event.status != S.REGISTRATION:
            raise WrongState(
                _("Check-in is open while registration is; this event is %(status)s.")
                % {"status": event.get_status_display()},
                code="check_in_closed",
            )
        if registration.checked_in != bool(checked_in):
            old = {"checked_in": registration.checked_in}
            registration.checked_in = bool(checked_in)
            registration.save(update_fields=["checked_in", "updated_at"])
            _audit(
                event,
                by,
                "check_in" if checked_in else "check_in_undo",
                old,
                {"checked_in": registration.checked_in, "player": registration.player.get_username()},
                "",
            )
    return registration


def _check_in_close(event: Event, by: User) -> None:
    """At the start (the event row locked): drop the registered players who did not check in
    and move up the waitlisted ones who did, in waitlist order, as far as the cap allows.
    Bots are always there. One audit entry lists who was dropped and who moved up."""
    missing = list(
        event.registrations.select_related("player").filter(
            status=Registration.Status.ACTIVE, checked_in=False, dropped=False, is_bot=False
        )
    )
    for registration in missing:
        registration.dropped, registration.dropped_after_round = True, NOT_CHECKED_IN
        registration.save(update_fields=["dropped", "dropped_after_round", "updated_at"])
    playing = event.registrations.filter(status=Registration.Status.ACTIVE, dropped=False).count()
    room = None if event.player_cap is None else max(0, event.player_cap - playing)
    waiting = event.registrations.select_related("player").filter(
        Q(checked_in=True) | Q(is_bot=True), status=Registration.Status.WAITLIST
    )
    promoted = list(waiting.order_by("created_at", "id")[:room] if room is not None else waiting)
    for registration in promoted:
        registration.status = Registration.Status.ACTIVE
        registration.save(update_fields=["status", "updated_at"])
    if missing or promoted:
        _audit(
            event,
            by,
            "check_in_close",
            {},
            {
                # Names joined: the audit trail shows each value as text.
                "dropped": ", ".join(r.player.get_username() for r in missing),
                "promoted": ", ".join(r.player.get_username() for r in promoted),
            },
            "",
        )


def _open_match_of(event: Event, registration: Registration) -> Match | None:
    """Return the registration's match of the current round without a final result (locked), or None."""
    last = event.round_set.order_by("-number").first()
    if last is None:
        return None
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__event", "player_a__player", "player_b__player")
        .filter(round=last, player_b__isnull=False)
        .filter(Q(player_a=registration) | Q(player_b=registration))
        .exclude(status=Match.Status.FINAL)
        .first()
    )


def _match_lost(match: Match, loser: int, by: User, action: str, note: str, reason: str = "penalty") -> None:
    """Make ``match`` final as a loss for seat ``loser``: an online game in progress ends as
    their concession (O3.5) through the engine, as a judge's match loss does; audit ``action``."""
    old = _result(match)
    match_loss(match, loser, by=by, reason=reason)
    ResultChange.objects.create(match=match, by=by, action=action, old=old, new=_result(match), note=note)
    rating_update_queue(match.pk)
    if match.round.event.online:
        match_changed(match.pk)  # the players' open streams show the match is over


def _drop_settle(event: Event, registration: Registration, by: User) -> None:
    """A player dropping mid-round loses their open match: the opponent wins it (O3.5)."""
    match = _open_match_of(event, registration)
    if match is None:
        _audit(event, by, "drop", {}, {"player": registration.player.get_username()}, "")
        return
    loser = 0 if match.player_a_id == registration.pk else 1
    name = registration.player.get_username()
    note = f"{name} left the event" if registration.player_id == by.pk else f"{name} dropped by the organizer"
    _match_lost(match, loser, by, "drop", note, reason="concede")  # O3.5


def match_no_show(*, match: Match, by: User, username: str) -> Match:
    """Give a paper match as a no-show loss to ``username``, who has not come to the table
    (organizer and judges), once the event's ``no_show_minutes`` of the round have passed;
    return the match, final. Raises NotAllowed, BadInput (``not_in_match``), WrongState
    (``online_match``, ``result_final``, ``not_current_round``, ``bye``, ``too_early``)."""
    with transaction.atomic():
        try:
            match = match_locked(match_id=match.pk)
        except Match.DoesNotExist:
            raise match_gone() from None
        event = match.round.event
        if not is_official(event_role(event=event, user=by)):
            raise NotAllowed(_("Only the organizer and the judges of this event can give a no-show loss."))
        wanted = (username or "").strip().casefold()
        seats = [r for r in (match.player_a, match.player_b) if r is not None]
        if not any(r.player.get_username().casefold() == wanted for r in seats):
            raise BadInput(
                _("username: %(name)s does not play in this match") % {"name": username}, code="not_in_match"
            )
        if event.online:
            raise WrongState(
                _("An online match has its clocks: a player who does not come loses on time (O1.2)."),
                code="online_match",
            )
        if match.is_bye:
            raise WrongState(_("A bye has no opponent to wait for."), code="bye")
        if match.status == Match.Status.FINAL:
            raise WrongState(_("The match already has a final result."), code="result_final")
        last = event.round_set.order_by("-number").first()
        if event.status not in (S.RUNNING, S.TOP_CUT) or last is None or last.pk != match.round_id:
            raise WrongState(
                _("Only a match of the round being played can be a no-show."), code="not_current_round"
            )
        due = match.round.started_at + timedelta(minutes=event.no_show_minutes)
        now = timezone.now()
        if now < due:
            left = math.ceil((due - now).total_seconds() / 60)
            raise WrongState(
                ngettext(
                    "A no-show loss can be given %(n)d minutes into the round: wait %(left)d more minute.",
                    "A no-show loss can be given %(n)d minutes into the round: wait %(left)d more minutes.",
                    left,
                )
                % {"n": event.no_show_minutes, "left": left},
                code="too_early",
            )
        loser = 0 if match.player_a.player.get_username().casefold() == wanted else 1
        name = (match.player_a, match.player_b)[loser].player.get_username()  # type: ignore[union-attr]
        _match_lost(match, loser, by, "no_show", f"{name} did not come to the table")
    return match
