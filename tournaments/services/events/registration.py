"""Registration: a player registers (or is waitlisted), withdraws or drops; walk-ins, deck notes
and published decklists.
"""

import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from engine.decklist import decklist_to_json
from tournaments.models import (
    DeckNote,
    Event,
    Match,
    Penalty,
    Pool,
    Registration,
    Team,
)
from tournaments.selectors.events import (
    Role,
    event_role,
    registration_deadline_passed,
)
from tournaments.selectors.events.teams import team_of_user
from tournaments.services.accounts import username_lock, username_refusal
from tournaments.services.decks import DeckSource, deck_check
from tournaments.services.errors import BadInput, IllegalDeck, NotAllowed, WrongState
from tournaments.services.events.common import (
    S,
    _audit,
    _game_title,
    _match_lost,
    _no_deck,
    _official_cannot_play,
    _open_match_of,
    _promote_waitlist,
    _reason,
    _require,
)
from tournaments.services.events.teams import team_deck_check
from tournaments.services.notifications import notifications_team_dropped
from tournaments.services.penalties import penalty_give
from tournaments.services.pools import LIMITED_FORMATS
from tournaments.services.text import (
    DECK_NOTE_MAX,
    text_within,
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
    deck_json = decklist_to_json(check.decklist)
    team_deck_check(event=event, player=player, deck=deck_json)
    return _register(event, player, deck_json, walk_in=walk_in)


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


@dataclass(frozen=True)
class Dropped:
    """A drop: the ``registration`` named, its ``team`` (a team event; else None) and the
    usernames of the ``players`` out of the event now (the whole team in a team event)."""

    registration: Registration
    team: str | None
    players: list[str]


def player_drop(*, event: Event, by: User, username: str) -> Dropped:
    """Drop a player (the player themself, or the organizer); they are never paired again.

    In a team event the team plays whole, so a member's drop drops the team: every member out
    after the same round, each one's open seat match lost as a single drop is (O3.5), one audit
    entry, and the teammates told."""
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
    team = team_of_user(event=event, user_id=registration.player_id) if event.teams else None
    with transaction.atomic():
        if team is not None:
            return _team_drop(event, team, registration, by)
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
    return Dropped(registration=registration, team=None, players=[registration.player.get_username()])


def event_penalty_give(*, match: Match, by: User, username: str, kind: str, note: str = "") -> Penalty:
    """Give a penalty as :func:`~tournaments.services.penalties.penalty_give` does; in a team
    event a disqualified member takes their team out with them (a team plays whole): every
    teammate dropped, each one's open seat match lost as a drop is (O3.5), the teammates told."""
    with transaction.atomic():
        penalty = penalty_give(match=match, by=by, username=username, kind=kind, note=note)
        event = match.round.event
        if penalty.kind == Penalty.Kind.DISQUALIFICATION and event.teams:
            team = team_of_user(event=event, user_id=penalty.registration.player_id)
            if team is not None:
                _team_drop(event, team, penalty.registration, by, disqualified=True)
    return penalty


def _team_drop(
    event: Event, team: Team, named: Registration, by: User, *, disqualified: bool = False
) -> Dropped:
    """Drop every member of ``team`` still in (locked: a double click drops them once), settle
    each one's open seat match, record one audit entry and tell the teammates."""
    seats = dict(team.members.values_list("user_id", "seat"))
    members = sorted(
        Registration.objects.select_for_update(of=("self",))
        .select_related("player")
        .filter(event=event, player_id__in=list(seats)),
        key=lambda r: seats[r.player_id],
    )
    leaving = [r for r in members if not r.dropped]
    after = event.round_set.count()
    for registration in leaving:
        registration.dropped, registration.dropped_after_round = True, after
        registration.save(update_fields=["dropped", "dropped_after_round", "updated_at"])
    for registration in leaving:
        _drop_settle(event, registration, by, alone=False)
    names = [r.player.get_username() for r in members]
    player = named.player.get_username()
    if leaving:
        why = {"disqualified": True} if disqualified else {}
        _audit(event, by, "team_drop", {}, {"team": team.name, "players": names, "player": player, **why}, "")
        notifications_team_dropped(
            event=event,
            team=team.name,
            player=player,
            by_organizer=named.player_id != by.pk,
            disqualified=disqualified,
            users=[r.player for r in members if r.player_id != by.pk and r.pk != named.pk],
        )
    dropped = next(r for r in members if r.pk == named.pk)
    return Dropped(registration=dropped, team=team.name, players=names)


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


def _drop_settle(event: Event, registration: Registration, by: User, *, alone: bool = True) -> None:
    """A player dropping mid-round loses their open match: the opponent wins it (O3.5). A
    player dropping ``alone`` (not with their team, whose entry says so) with no open match is
    an audit entry of their own."""
    match = _open_match_of(event, registration)
    if match is None:
        if alone:
            _audit(event, by, "drop", {}, {"player": registration.player.get_username()}, "")
        return
    loser = 0 if match.player_a_id == registration.pk else 1
    name = registration.player.get_username()
    note = f"{name} left the event" if registration.player_id == by.pk else f"{name} dropped by the organizer"
    _match_lost(match, loser, by, "drop", note, reason="concede")  # O3.5
