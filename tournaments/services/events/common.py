"""What the organizer's actions share: the actor's role, the event's settings checked, the audit
trail's entries, a match settled for one player and the refusals every layer words the same.
"""

from collections.abc import Mapping
from datetime import datetime
from typing import Any, NoReturn

from django.contrib.auth.models import User
from django.db.models import Q
from django.utils.translation import gettext as _

from engine.registry import game_keys, get_game
from tournaments.labels import reader_language
from tournaments.models import (
    Event,
    Match,
    Registration,
    ResultChange,
    Round,
)
from tournaments.selectors.events import (
    Role,
    event_role,
    game_tiebreakers,
    is_official,
)
from tournaments.selectors.online import match_is_online
from tournaments.services.decks import DeckSource
from tournaments.services.errors import BadInput, NotAllowed, WrongState, match_gone
from tournaments.services.online import match_changed
from tournaments.services.penalties import match_loss
from tournaments.services.rating_batch import rating_queue
from tournaments.services.text import (
    NOTE_MAX,
)
from tournaments.structures import TIEBREAKERS

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


STRUCTURE_OPTIONS = ("structure", "teams", "double_round_robin", "grand_final_reset", "league_days",
                     "league_matches", "tiebreakers", "seeding", "team_copy_limit",
                     "drop_policy")  # fmt: skip
LEAGUE_DAYS_MAX, LEAGUE_MATCHES_MAX = 365, 100


def _structure_checked(game: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """Return the event's structure and its options after checking them together; raise
    BadInput naming the first bad one, with a stable code (docs/api.md, "Event structures").

    Left out: Swiss, individual, random seeding, and the game's tiebreaker profile (its
    ``RULES.tiebreakers`` when it declares one, else the core's default). A structure other
    than Swiss ignores ``rounds`` and ``top_cut``.
    """
    checked: dict[str, Any] = {}
    structure = values.get("structure", Event.Structure.SWISS)
    if structure not in Event.Structure.values:
        raise BadInput(
            _("structure: must be one of %(allowed)s") % {"allowed": ", ".join(Event.Structure.values)},
            code="unknown_structure",
        )
    checked["structure"] = structure
    teams = values.get("teams", 0)
    if isinstance(teams, bool) or teams not in (0, 2, 3):
        raise BadInput(_("teams: must be 0 (individual), 2 or 3"), code="invalid")
    if teams and structure != Event.Structure.SWISS:
        raise BadInput(
            _("teams: team events are played as Swiss rounds; choose the Swiss structure"),
            code="option_not_for_structure",
        )
    checked["teams"] = teams
    copy_limit = values.get("team_copy_limit", False)
    if not isinstance(copy_limit, bool):
        raise BadInput(_("%(field)s: must be true or false") % {"field": "team_copy_limit"}, code="invalid")
    if copy_limit and not teams:
        raise BadInput(
            _("%(field)s: only for a team event") % {"field": "team_copy_limit"},
            code="option_not_for_structure",
        )
    checked["team_copy_limit"] = copy_limit
    for key, needs, word in (
        ("double_round_robin", Event.Structure.ROUND_ROBIN, _("a round robin")),
        ("grand_final_reset", Event.Structure.DOUBLE_ELIMINATION, _("double elimination")),
    ):
        value = values.get(key, False)
        if not isinstance(value, bool):
            raise BadInput(_("%(field)s: must be true or false") % {"field": key}, code="invalid")
        if value and structure != needs:
            raise BadInput(
                _("%(field)s: only for %(structure)s") % {"field": key, "structure": word},
                code="option_not_for_structure",
            )
        checked[key] = value
    drop_policy = values.get("drop_policy", Event.DropPolicy.KEEP)
    if drop_policy not in Event.DropPolicy.values:
        raise BadInput(
            _("drop_policy: must be one of %(allowed)s") % {"allowed": ", ".join(Event.DropPolicy.values)},
            code="invalid",
        )
    if drop_policy != Event.DropPolicy.KEEP and structure != Event.Structure.ROUND_ROBIN:
        # "keep" is what every structure does with a dropped player, so only "void" is refused
        # elsewhere (as double_round_robin false is accepted for any structure).
        raise BadInput(
            _("%(field)s: only for %(structure)s")
            % {"field": "drop_policy", "structure": _("a round robin")},
            code="option_not_for_structure",
        )
    checked["drop_policy"] = drop_policy
    for key, high in (("league_days", LEAGUE_DAYS_MAX), ("league_matches", LEAGUE_MATCHES_MAX)):
        value = values.get(key)
        if value is None:
            if structure == Event.Structure.LEAGUE:
                raise BadInput(_("%(field)s: a league needs it") % {"field": key}, code="required")
            checked[key] = None
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
            raise BadInput(
                _("%(field)s: must be a whole number from %(low)d to %(high)d")
                % {"field": key, "low": 1, "high": high},
                code="invalid",
            )
        if structure != Event.Structure.LEAGUE:
            raise BadInput(
                _("%(field)s: only for a league") % {"field": key}, code="option_not_for_structure"
            )
        checked[key] = value
    seeding = values.get("seeding", Event.Seeding.RANDOM)
    if seeding not in Event.Seeding.values:
        raise BadInput(
            _("seeding: must be one of %(allowed)s") % {"allowed": ", ".join(Event.Seeding.values)},
            code="unknown_seeding",
        )
    checked["seeding"] = seeding
    checked["tiebreakers"] = _tiebreakers_checked(game, values.get("tiebreakers"))
    if structure != Event.Structure.SWISS:
        checked["top_cut"] = 0
    return checked


def _team_top_cut_check(teams: int, top_cut: int | None) -> None:
    """Refuse a top cut in a team event: its Swiss rounds are the whole event."""
    if teams and top_cut:
        raise BadInput(_("top_cut: a team event has no top cut"), code="option_not_for_structure")


def _late_entry_check(structure: str, late_entry: bool) -> None:
    """Refuse late entry outside Swiss: a bracket's seeds and a round robin's schedule are
    fixed at the start, so nobody can join them after it."""
    if late_entry and structure != Event.Structure.SWISS:
        raise BadInput(
            _("late_entry: only for Swiss; a bracket or a round robin is drawn once, at the start"),
            code="option_not_for_structure",
        )


def _tiebreakers_checked(game: str, value: Any) -> list[str]:
    """Return the event's tiebreakers: ``value`` checked, or the game's profile when None."""
    if value is None:
        return game_tiebreakers(game=game)
    if not isinstance(value, list | tuple) or not all(isinstance(key, str) for key in value):
        raise BadInput(_("tiebreakers: give a list of tiebreaker keys"), code="invalid")
    for key in value:
        if key not in TIEBREAKERS:
            raise BadInput(
                _("tiebreakers: unknown tiebreaker “%(key)s” (known: %(known)s)")
                % {"key": key, "known": ", ".join(TIEBREAKERS)},
                code="unknown_tiebreaker",
            )
    if len(set(value)) != len(value):
        raise BadInput(_("tiebreakers: each tiebreaker may be listed once"), code="repeated_tiebreaker")
    return list(value)


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


def _no_deck(deck: DeckSource | None) -> bool:
    """Return True when no deck is sent (a limited player registers before their pool exists)."""
    return deck is None or (
        isinstance(deck, str | Mapping) and not (deck.strip() if isinstance(deck, str) else deck)
    )


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


def _result(match: Match) -> dict[str, Any]:
    return {"wins_a": match.wins_a, "wins_b": match.wins_b, "draws": match.draws, "status": match.status}


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


REASON_MAX = NOTE_MAX


def _reason(reason: Any, *, required: bool) -> str:
    text = str(reason or "").strip()
    if required and not text:
        raise BadInput(_("reason: say why (the audit trail keeps it)"), code="reason_required")
    if len(text) > REASON_MAX:
        raise BadInput(_("reason: at most %(n)d characters") % {"n": REASON_MAX}, code="invalid")
    return text


def _audit_value(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def _audit(event: Event | None, by: User, action: str, old: Any, new: Any, reason: str) -> None:
    ResultChange.objects.create(event=event, by=by, action=action, old=old, new=new, note=reason)


def _held(round_: Round) -> WrongState:
    return WrongState(
        _("The pairings of round %(n)s are held: the organizer has not published them yet.")
        % {"n": round_.number},
        code="pairings_held",
    )


NOT_CHECKED_IN = 0  # Registration.dropped_after_round of a player dropped at the start: not checked in


def _open_match_of(event: Event, registration: Registration) -> Match | None:
    """Return the registration's match of the current round without a final result (locked), or None."""
    last = event.round_set.order_by("-number").first()
    if last is None:
        return None
    # A bracket plays its rounds side by side: the open match may be in any of them.
    rounds = Q(round=last) if event.structure == Event.Structure.SWISS else Q(round__event=event)
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__event", "player_a__player", "player_b__player")
        .filter(rounds, player_b__isnull=False)
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
    rating_queue(match.pk)
    if match.round.event.online:
        match_changed(match.pk)  # the players' open streams show the match is over
