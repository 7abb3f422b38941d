"""Reads about events: roles, who sees what, rounds, standings."""

import hashlib
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import Enum
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max, Q, QuerySet, Sum
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.decklist import ZoneKind, parse_decklist
from engine.problems import DeckParseError
from engine.registry import get_game
from tournaments.models import Event, ForbiddenPair, Game, Match, Registration, ResultChange, Round, SavedDeck
from tournaments.selectors.decks import deck_check, decklist_text
from tournaments.swiss import (
    MatchRecord,
    Placing,
    Player,
    Standing,
    compute_standings,
    final_placings,
    top_cut_stage,
)
from tournaments.users import Visitor


class Role(Enum):
    ORGANIZER = "organizer"  # the event's organizer, or staff
    JUDGE = "judge"
    PLAYER = "player"  # registered (active or waitlisted)
    OUTSIDER = "outsider"  # signed in, not involved
    ANONYMOUS = "anonymous"


def event_role(*, event: Event, user: Visitor) -> Role:
    """Return the user's role in the event (the strongest one)."""
    if not user.is_authenticated:
        return Role.ANONYMOUS
    if user.is_staff or event.organizer_id == user.pk:
        return Role.ORGANIZER
    if event.judges.filter(pk=user.pk).exists():
        return Role.JUDGE
    if event.registrations.filter(player_id=user.pk).exists():
        return Role.PLAYER
    return Role.OUTSIDER


def judged_before(*, event: Event, user: Visitor) -> bool:
    """Whether ``user`` was a judge of the event and was removed: they saw its decklists and
    hands, so they never play in it."""
    return user.is_authenticated and event.former_judges.filter(pk=user.pk).exists()


def is_official(role: Role) -> bool:
    """Organizer or judge: sees every decklist, reports final results."""
    return role in (Role.ORGANIZER, Role.JUDGE)


def can_see_deck(*, event: Event, role: Role, registration: Registration, user: Visitor) -> bool:
    """Decklists are hidden: the player sees their own, officials see all, everyone once published."""
    return is_official(role) or event.decklists_public or registration.player_id == getattr(user, "pk", None)


def events_visible(*, user: Visitor) -> QuerySet[Event]:
    """Return events listed for the user: every non-draft event, plus their own drafts. A practice
    game's event (``Event.practice``) is nobody's to see: the game is reached by its practice."""
    events = Event.objects.select_related("organizer").filter(practice=False)
    if user.is_authenticated and user.is_staff:
        return events
    if user.is_authenticated:
        return events.exclude(status=Event.Status.DRAFT) | events.filter(organizer_id=user.pk)
    return events.exclude(status=Event.Status.DRAFT)


def event_players(*, event: Event) -> QuerySet[Registration]:
    """Return the active (not waitlisted) registrations, with their users."""
    return event.registrations.filter(status=Registration.Status.ACTIVE).select_related("player")


def current_round(*, event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def forbidden_pairs(*, event: Event) -> list[tuple[int, int]]:
    """Return the registration ids of the pairs the pairer keeps apart (ForbiddenPair)."""
    return list(event.forbidden_pairs.values_list("a_id", "b_id"))


def forbidden_pairs_listed(*, event: Event) -> list[ForbiddenPair]:
    """Return the event's forbidden pairs, oldest first, with both players' users."""
    return list(event.forbidden_pairs.select_related("a__player", "b__player", "by"))


def preparing_round(*, event: Event) -> int | None:
    """Return the number of the event's round being prepared (paired, its pairings held by the
    organizer and not yet published), or None."""
    if event.status not in (Event.Status.RUNNING, Event.Status.TOP_CUT):
        return None
    held = event.round_set.filter(published=False).order_by("-number").first()
    return held.number if held is not None else None


def round_visible(*, round: Round, user: Visitor) -> bool:
    """Return True when the user may see the round's pairings: published, or an official."""
    return round.published or is_official(event_role(event=round.event, user=user))


def swiss_history(*, event: Event) -> tuple[list[Player], list[MatchRecord]]:
    """Return the Swiss core's inputs: every active player and every final Swiss match.

    Rounds a late entry missed come back as 0–2 losses (MatchRecord.missed). A player dropped
    at the start for not checking in (``dropped_after_round`` 0) never played: not listed.
    """
    # Plain rows, no model objects and no decklists: an 8,192-player event's standings are read
    # on every standings page.
    registrations = list(
        event_players(event=event)
        .exclude(dropped=True, dropped_after_round=0)
        .values_list("pk", "player__username", "dropped", "late_round")
    )
    players = [
        Player(id=pk, name=name, dropped=dropped, late_round=late_round)
        for pk, name, dropped, late_round in registrations
    ]
    records: list[MatchRecord] = []
    rows = Match.objects.filter(
        # A held round's bye is final at once, but counts from publication only.
        round__event=event,
        round__kind=Round.Kind.SWISS,
        round__published=True,
        status=Match.Status.FINAL,
    ).values_list("round__number", "player_a_id", "player_b_id", "wins_a", "wins_b", "draws")
    for number, a, b, wins_a, wins_b, draws in rows:
        records.append(MatchRecord(round=number, a=a, b=b, wins_a=wins_a, wins_b=wins_b, draws=draws))
    for pk, _name, _dropped, late_round in registrations:
        for number in range(1, (late_round or 1)):
            records.append(MatchRecord.missed(round=number, player=pk))
    return players, records


STANDINGS_CACHE_SECONDS = 600


def _standings_version(event: Event) -> str:
    """Return what the standings depend on, in two aggregate queries: every match and every
    registration of the event (their number, last change and the values a standing reads, and
    whether their round is published), so that any result, drop, entry, withdrawal or round
    published gives another version."""
    matches = Match.objects.filter(round__event=event).aggregate(
        n=Count("id"),
        published=Count("id", filter=Q(round__published=True)),
        at=Max("updated_at"),
        final=Count("id", filter=Q(status=Match.Status.FINAL)),
        a=Sum("wins_a"),
        b=Sum("wins_b"),
        d=Sum("draws"),
    )
    players = event.registrations.aggregate(
        n=Count("id"),
        at=Max("updated_at"),
        active=Count("id", filter=Q(status=Registration.Status.ACTIVE)),
        dropped=Count("id", filter=Q(dropped=True)),
        late=Sum("late_round"),
    )
    values = ":".join(str(v) for v in (*matches.values(), *players.values()))
    return hashlib.sha256(values.encode()).hexdigest()[:32]


def event_standings(*, event: Event) -> list[Standing]:
    """Return the Swiss standings (match points, OMW%, GW%, OGW%), dropped players marked.

    Kept in the cache under the event's results version (an 8,192-player event's
    standings take a second of Python to compute; reading them back takes milliseconds).
    """
    key = f"standings:{event.pk}:{_standings_version(event)}"
    standings = cache.get(key)
    if standings is None:
        players, records = swiss_history(event=event)
        standings = compute_standings(players=players, history=records)
        cache.set(key, standings, STANDINGS_CACHE_SECONDS)
    return list(standings)


@dataclass(frozen=True)
class BracketMatch:
    """One top-cut match: the players with their Swiss ranks (seeds), and the winner once final."""

    match: Match
    a: str
    b: str
    seed_a: int
    seed_b: int
    winner: str | None


@dataclass(frozen=True)
class BracketRound:
    """One top-cut round: ``stage`` is "final", "semifinal", "quarterfinal" (topcut.STAGES)."""

    round: Round
    stage: str
    matches: list[BracketMatch]


@dataclass(frozen=True)
class EventResults:
    """The final places (each with the player's Swiss line), the top-cut bracket, and the
    winner's name (None until the final has a final result; always None without a top cut)."""

    placings: list[tuple[Placing, Standing]]
    bracket: list[BracketRound]
    winner: str | None


def _top_cut_winner_id(match: Match) -> int | None:
    """Return the winner of a final top-cut match, or None while it has no final result."""
    if match.status != Match.Status.FINAL or match.player_b_id is None or match.wins_a == match.wins_b:
        return None
    return match.player_a_id if match.wins_a > match.wins_b else match.player_b_id


def event_results(*, event: Event) -> EventResults:
    """Return the event's final places: after a top cut the winner, the finalist, each
    elimination round's losers by Swiss rank, then everyone else by Swiss rank; without a top
    cut, the Swiss standings (see tournaments.swiss.final_placings)."""
    standings = event_standings(event=event)
    by_id = {s.player_id: s for s in standings}
    # A held top-cut round is nobody's business until published.
    rounds = list(event.round_set.filter(kind=Round.Kind.TOP_CUT, published=True).order_by("number"))
    matches: dict[int, list[Match]] = {r.pk: [] for r in rounds}
    for match in Match.objects.filter(round__in=rounds).order_by("table"):
        matches[match.round_id].append(match)
    played = [
        [(m.player_a_id, m.player_b_id, _top_cut_winner_id(m)) for m in matches[r.pk] if m.player_b_id]
        for r in rounds
    ]
    placings = final_placings(standings, played)
    bracket = [
        BracketRound(
            round=r,
            stage=top_cut_stage(len(matches[r.pk])),
            matches=[
                BracketMatch(
                    match=m,
                    a=by_id[m.player_a_id].name,
                    b=by_id[m.player_b_id].name,
                    seed_a=by_id[m.player_a_id].rank,
                    seed_b=by_id[m.player_b_id].rank,
                    winner=by_id[w].name if (w := _top_cut_winner_id(m)) else None,
                )
                for m in matches[r.pk]
                if m.player_b_id
            ],
        )
        for r in rounds
        if matches[r.pk]
    ]
    winner = next((by_id[p.player_id].name for p in placings if p.top_cut == "winner"), None)
    return EventResults(placings=[(p, by_id[p.player_id]) for p in placings], bracket=bracket, winner=winner)


def standings_json(*, event: Event) -> list[dict[str, Any]]:
    """Return the final standings in the api.md shape (percentages in [0, 1], 4 places):
    ``rank`` is the final place (after a top cut, its winner is 1st), ``swiss_rank`` the place
    after the Swiss rounds, ``top_cut`` how far the player went in the top cut ("winner",
    "final", "semifinal", "quarterfinal"; null: not in it)."""
    return [
        {
            "rank": p.rank,
            "username": s.name,
            "match_points": s.match_points,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "omw": round(s.omw, 4),
            "gw": round(s.gw, 4),
            "ogw": round(s.ogw, 4),
            "dropped": s.dropped,
            "swiss_rank": s.rank,
            "top_cut": p.top_cut,
        }
        for p, s in event_results(event=event).placings
    ]


@dataclass(frozen=True)
class RoundView:
    round: Round
    matches: list[Match]


def round_matches(*, round: Round) -> list[Match]:
    # The decklists stay unread: a round of 4,096 tables would decode 8,192 of them.
    return list(
        round.matches.select_related("player_a__player", "player_b__player")
        .defer("player_a__deck", "player_b__deck")
        .order_by("table")
    )


def round_movable_players(*, round: Round) -> list[str]:
    """Return the names (case-insensitive order) of the players the organizer may still move in
    a round: those at a table without a result that is no bye. A player dropped before the
    round, or whose table is done, has no such table (the swap and bye tools refuse them).
    Read as plain names: a round of 4,096 tables is 8,192 of them."""
    waiting = round.matches.filter(status=Match.Status.PENDING, player_b__isnull=False)
    names = [
        name
        for pair in waiting.values_list("player_a__player__username", "player_b__player__username")
        for name in pair
    ]
    return sorted(names, key=str.casefold)


def event_player_names(*, event: Event) -> list[str]:
    """Return the names of the event's registered (not waitlisted) players, case-insensitive
    order, as plain strings (the dashboard's lists of an 8,192-player event)."""
    rows = event.registrations.filter(status=Registration.Status.ACTIVE)
    return list(rows.order_by(Lower("player__username"), "id").values_list("player__username", flat=True))


def players_checked_query(*, event: Event) -> QuerySet[Registration]:
    """Return the registered players by name, with what their dashboard row shows (user, pool,
    notes), as a query to cut into pages: only a page's decks are read and checked again."""
    return (
        event.registrations.filter(status=Registration.Status.ACTIVE)
        .select_related("player", "pool", "event")
        .prefetch_related("notes__author")
        .order_by(Lower("player__username"), "id")
    )


def round_match_rows(*, round: Round) -> list[dict[str, Any]]:
    """Return the round's matches in the API's shape (MatchOut), read as plain rows: a round of
    4,096 tables is 20,000 model objects otherwise."""
    rows = round.matches.order_by("table").values_list(
        "id",
        "table",
        "player_a__player__username",
        "player_b__player__username",
        "status",
        "wins_a",
        "wins_b",
        "draws",
        "disputed",
        "reported_by__username",
        "extension_minutes",
    )
    keys = (
        "id",
        "table",
        "player_a",
        "player_b",
        "status",
        "wins_a",
        "wins_b",
        "draws",
        "disputed",
        "reported_by",
        "extension_minutes",
    )
    return [dict(zip(keys, row, strict=True)) for row in rows]


def round_matches_page(*, round: Round, q: str = "") -> QuerySet[Match]:
    """Return the round's matches by table, with their players, as a query to cut into pages;
    ``q`` keeps the matches where a player's name contains it (case-insensitive)."""
    matches = (
        round.matches.select_related("player_a__player", "player_b__player")
        .defer("player_a__deck", "player_b__deck")
        .order_by("table")
    )
    q = q.strip()
    if q:
        matches = matches.filter(
            Q(player_a__player__username__icontains=q) | Q(player_b__player__username__icontains=q)
        )
    return matches


# Reads for the event pages (views/events.py).


def events_listed(*, user: Visitor) -> QuerySet[Event]:
    """Return the events listed for the user, newest first, annotated with
    ``player_count``, ``waitlist_count`` and ``round_count``."""
    return (
        events_visible(user=user)
        .annotate(
            player_count=Count(
                "registrations", filter=Q(registrations__status=Registration.Status.ACTIVE), distinct=True
            ),
            waitlist_count=Count(
                "registrations", filter=Q(registrations__status=Registration.Status.WAITLIST), distinct=True
            ),
            round_count=Count("round_set", distinct=True),
        )
        .order_by("-created_at")
    )


def event_registrations(
    *, event: Event, with_decks: bool = True
) -> tuple[list[Registration], list[Registration]]:
    """Return (active registrations sorted by name, the waitlist in its order), with users and notes.

    ``with_decks=False`` leaves the decklists unread (an 8,192-player event's lists are megabytes
    of JSON; the public page reads only the ones it shows, see ``decks_of``).
    """
    rows = event.registrations.select_related("player", "pool").prefetch_related("notes__author")
    if not with_decks:
        rows = rows.defer("deck")
    listed = list(rows.order_by("created_at"))
    active = sorted(
        (r for r in listed if r.status == Registration.Status.ACTIVE),
        key=lambda r: r.player.get_username().casefold(),
    )
    return active, [r for r in listed if r.status == Registration.Status.WAITLIST]


def players_by_name(*, event: Event) -> QuerySet[Registration]:
    """Return the active registrations by name (case-insensitive), with their users and no
    decklists, as a query to cut into pages (the public page of an 8,192-player event)."""
    return (
        event.registrations.filter(status=Registration.Status.ACTIVE)
        .select_related("player")
        .defer("deck")
        .order_by(Lower("player__username"), "id")
    )


def event_waitlist(*, event: Event) -> list[Registration]:
    """Return the waitlist in its order, with the users and no decklists."""
    waiting = event.registrations.filter(status=Registration.Status.WAITLIST).select_related("player")
    return list(waiting.defer("deck").order_by("created_at", "id"))


def decks_of(*, registrations: list[Registration]) -> None:
    """Read the decklists of ``registrations`` (deferred by ``event_registrations``) in one query."""
    decks = dict(Registration.objects.filter(pk__in=[r.pk for r in registrations]).values_list("pk", "deck"))
    for registration in registrations:
        registration.deck = decks.get(registration.pk, {})


def registration_of(*, event: Event, user: Visitor) -> Registration | None:
    """Return the user's registration for the event, or None."""
    if not user.is_authenticated:
        return None
    return event.registrations.select_related("player", "pool").filter(player_id=user.pk).first()


def registration_is_open(*, event: Event) -> bool:
    """Return True while a new player may register: in registration, or running with late entry,
    and before the registration deadline."""
    late = event.status == Event.Status.RUNNING and event.late_entry
    return (event.status == Event.Status.REGISTRATION or late) and not registration_deadline_passed(
        event=event
    )


def registration_deadline_passed(*, event: Event) -> bool:
    """Return True once the event's registration deadline (if it has one) is past."""
    return event.registration_closes_at is not None and timezone.now() >= event.registration_closes_at


def event_round(*, event: Event, number: int) -> Round | None:
    """Return the round ``number`` of the event, or None."""
    return event.round_set.filter(number=number).first()


def running_round(*, event: Event) -> Round | None:
    """Return the round being played: the latest one while the event runs and a result is missing."""
    if event.status not in (Event.Status.RUNNING, Event.Status.TOP_CUT):
        return None
    last = current_round(event=event)
    if last is None or not last.matches.exclude(status=Match.Status.FINAL).exists():
        return None
    return last


def player_match(*, round: Round, user: Visitor) -> Match | None:
    """Return the user's match in the round, or None."""
    if not user.is_authenticated:
        return None
    # By the user's registration (a subquery on its unique index), not through the players'
    # rows: the join over the players of both seats went through a round's 4,096 tables.
    entry = Registration.objects.filter(event_id=round.event_id, player_id=user.pk).values("pk")
    return (
        round.matches.select_related("round", "player_a__player", "player_b__player", "reported_by")
        .filter(Q(player_a__in=entry) | Q(player_b__in=entry))
        .order_by("table")
        .first()
    )


def match_deadline(*, match: Match) -> datetime:
    """Return when the match's time is up: the round's end plus the match's extension."""
    return match.round.ends_at + timedelta(minutes=match.extension_minutes)


@dataclass(frozen=True)
class RoundProgress:
    """How far the results of a round are: matches in all, final, waiting, disputed."""

    total: int
    final: int
    missing: int
    disputed: int


def round_progress(*, matches: list[Match]) -> RoundProgress:
    """Return the counts of a round's matches by state (``missing``: not final yet)."""
    final = sum(1 for m in matches if m.status == Match.Status.FINAL)
    return RoundProgress(
        total=len(matches),
        final=final,
        missing=len(matches) - final,
        disputed=sum(1 for m in matches if m.disputed and m.status != Match.Status.FINAL),
    )


def round_progress_counted(*, round: Round) -> RoundProgress:
    """Return :func:`round_progress` of a round counted by the database (one query, however
    many tables)."""
    counts = round.matches.aggregate(
        total=Count("id"),
        final=Count("id", filter=Q(status=Match.Status.FINAL)),
        disputed=Count("id", filter=Q(disputed=True) & ~Q(status=Match.Status.FINAL)),
    )
    total, final = counts["total"] or 0, counts["final"] or 0
    return RoundProgress(total=total, final=final, missing=total - final, disputed=counts["disputed"] or 0)


@dataclass(frozen=True)
class Seat:
    """One player's line of a pairings sheet (``opponent`` None: a bye)."""

    name: str
    table: int
    opponent: str | None
    match: Match


def round_seats(*, round: Round) -> list[Seat]:
    """Return one line per paired player, sorted by name (the printed pairings sheet)."""
    seats = []
    for match in round_matches(round=round):
        a = match.player_a.player.get_username()
        b = match.player_b.player.get_username() if match.player_b else None
        seats.append(Seat(name=a, table=match.table, opponent=b, match=match))
        if b is not None:
            seats.append(Seat(name=b, table=match.table, opponent=a, match=match))
    return sorted(seats, key=lambda seat: seat.name.casefold())


def standings_table(*, event: Event, results: EventResults | None = None) -> list[dict[str, Any]]:
    """Return the final standings rows (see standings_json) with the tiebreakers as
    percentages (0–100, 2 places); ``results`` saves reading them again."""
    results = results or event_results(event=event)
    absent = no_shows(event=event)
    return [
        {
            "rank": p.rank,
            "name": s.name,
            "no_shows": absent.get(s.player_id, 0),
            "match_points": s.match_points,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "omw": round(100 * s.omw, 2),
            "gw": round(100 * s.gw, 2),
            "ogw": round(100 * s.ogw, 2),
            "dropped": s.dropped,
            "swiss_rank": s.rank,
            "top_cut": p.top_cut,
        }
        for p, s in results.placings
    ]


def no_shows(*, event: Event) -> dict[int, int]:
    """Return how many online games each registration (by id) lost as a no-show (O1.2: absent
    when the game's grace period ended; neither seat present: both), those with none left out."""
    counts: dict[int, int] = {}
    rows = Game.objects.filter(match__round__event=event, reason="no_show").values_list(
        "winner", "match__player_a_id", "match__player_b_id"
    )
    for winner, a, b in rows:
        for seat, registration in enumerate((a, b)):
            if registration is not None and winner != seat:
                counts[registration] = counts.get(registration, 0) + 1
    return counts


@dataclass(frozen=True)
class DeckStatus:
    """A registration with its deck re-checked under the event's settings."""

    registration: Registration
    violations: list[dict[str, Any]]

    @property
    def legal(self) -> bool:
        return not self.violations


def registration_deck_check(*, registration: Registration) -> DeckStatus:
    """Return the registration's deck checked again with the event's side-deck maximum and format.

    An unreadable stored deck comes back as one ``unreadable`` violation.
    """
    event = registration.event
    options: dict[str, Any] = {"side_max": event.side_deck_max, "format": event.format}
    if event.format in ("sealed", "draft"):  # W2.6: against the pool; none recorded yet is empty
        pool = getattr(registration, "pool", None)  # the reverse one-to-one's miss is an AttributeError
        options["pool"] = pool.cards if pool is not None else {}
        if not registration.deck:  # registered, the deck to come once the pool is recorded
            message = _("No deck sent yet.")
            missing = {"code": "deck_missing", "card": None, "message": message}
            return DeckStatus(registration=registration, violations=[missing])
    check = deck_check(source=registration.deck, game=event.game, options=options)
    violations = check.violations
    if not check.readable:
        violations = [{"code": "unreadable", "card": None, "message": check.parse_message}]
    return DeckStatus(registration=registration, violations=violations)


def pool_text(*, registration: Registration) -> str:
    """Return the registration's pool as text lines «copies name» by name ("" without a pool)."""
    pool = getattr(registration, "pool", None)  # a missing reverse one-to-one: AttributeError
    if pool is None:
        return ""
    return "\n".join(
        f"{copies} {name}" for name, copies in sorted(pool.cards.items(), key=lambda i: i[0].casefold())
    )


def registrations_checked(*, registrations: list[Registration]) -> list[DeckStatus]:
    """Return every registration with its deck re-checked (see registration_deck_check)."""
    return [registration_deck_check(registration=r) for r in registrations]


def registration_deck_text(*, registration: Registration) -> str:
    """Return the registration's decklist in the text format ("" when it cannot be read)."""
    try:
        return decklist_text(parse_decklist(registration.deck, game=registration.event.game))
    except DeckParseError:
        return ""


def decklist_rows(*, event: Event) -> list[tuple[str, str, int, str]]:
    """Return (player, zone, copies, card) for every card of every active player's decklist.

    Players by name, zones in the game's order, ordered zones (orders) in their order.
    """
    zones = get_game(event.game).zones
    rows: list[tuple[str, str, int, str]] = []
    for registration in sorted(event_players(event=event), key=lambda r: r.player.get_username().casefold()):
        name = registration.player.get_username()
        try:
            deck = parse_decklist(registration.deck, game=event.game)
        except DeckParseError:
            continue
        for zone in zones:
            if zone.kind is ZoneKind.ONE:
                card = deck.one(zone.key)
                if card:
                    rows.append((name, zone.key, 1, card))
            elif zone.kind is ZoneKind.ORDERED:
                rows.extend((name, zone.key, 1, card) for card in deck.ordered(zone.key))
            else:
                rows.extend((name, zone.key, copies, card) for card, copies in deck.counts(zone.key).items())
    return rows


def saved_decks_for(*, user: Visitor, game: str) -> QuerySet[SavedDeck]:
    """Return the user's saved decks of the game (none for an anonymous visitor)."""
    if not user.is_authenticated:
        return SavedDeck.objects.none()
    return SavedDeck.objects.filter(owner_id=user.pk, game=game).order_by("name")


# Event details, search and the audit trail.


@dataclass(frozen=True)
class EventFilters:
    """What the event list is narrowed to: a text in the name, venue or description, a game,
    a status, events on or after a date, online or paper (None: both)."""

    q: str = ""
    game: str = ""
    status: str = ""
    date_from: date | None = None
    online: bool | None = None


def events_search(*, user: Visitor, filters: EventFilters) -> QuerySet[Event]:
    """Return ``events_listed`` narrowed by ``filters`` (an event without a start date is
    left out by a date filter)."""
    events = events_listed(user=user)
    if filters.q:
        text = filters.q
        events = events.filter(
            Q(name__icontains=text) | Q(venue__icontains=text) | Q(description__icontains=text)
        )
    if filters.game:
        events = events.filter(game=filters.game)
    if filters.status:
        events = events.filter(status=filters.status)
    if filters.date_from is not None:
        events = events.filter(starts_at__date__gte=filters.date_from)
    if filters.online is not None:
        events = events.filter(online=filters.online)
    return events


def events_upcoming(*, user: Visitor, limit: int = 6) -> list[Event]:
    """Return the next events to start (not started yet, not cancelled), soonest first."""
    return list(
        events_listed(user=user)
        .filter(starts_at__gte=timezone.now(), status=Event.Status.REGISTRATION)
        .order_by("starts_at", "id")[:limit]
    )


def event_audit(*, event: Event) -> list[ResultChange]:
    """Return the event's audit trail, oldest first: corrections of the event itself and every
    change of a match result, with their authors (and matches, rounds, players)."""
    return list(
        ResultChange.objects.filter(Q(event=event) | Q(match__round__event=event))
        .select_related("by", "match__round", "match__player_a__player", "match__player_b__player")
        .order_by("at", "id")
    )


SETTLEMENTS = ("drop", "no_show")  # ResultChange actions that gave a match to one player


@dataclass(frozen=True)
class Settlement:
    """How a match was given to one player without being played out: ``action`` (``drop``:
    the loser left the event; ``no_show``: the loser did not come), and whether ``user`` won it."""

    action: str
    won: bool


def match_settlement(*, match: Match, user: Visitor) -> Settlement | None:
    """Return how ``match`` was settled by a drop or a no-show, as seen by ``user`` (one of its
    players), or None when it was not (or was corrected since by an official)."""
    last = match.changes.order_by("-at", "-id").first()
    if last is None or last.action not in SETTLEMENTS or not user.is_authenticated:
        return None
    mine_a = match.player_a.player_id == user.pk
    won = match.wins_a > match.wins_b if mine_a else match.wins_b > match.wins_a
    return Settlement(action=last.action, won=won)


def checked_in_count(*, event: Event) -> int:
    """Return how many registered (not waitlisted) players have checked in."""
    return event.registrations.filter(status=Registration.Status.ACTIVE, checked_in=True).count()


def no_show_from(*, round: Round) -> datetime:
    """Return when a paper match of ``round`` may be given as a no-show loss."""
    return round.started_at + timedelta(minutes=round.event.no_show_minutes)


def match_locked(*, match_id: int) -> Match:
    """Return the match locked for an official's change (``SELECT ... FOR UPDATE`` of the match
    row only), with its event and both players read with it; Match.DoesNotExist otherwise.
    The one read of a judge's penalty and a no-show loss: call it inside a transaction."""
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__event", "player_a__player", "player_b__player")
        .get(pk=match_id)
    )
