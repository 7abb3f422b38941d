"""Reads of team events (docs/structures.md, "Team events"): the teams and their members, which
teams play, the team matches made of the stored seat matches, and the team standings.

A team round is stored as the members' matches: seat ``s`` of team table ``t`` is the site's
match at table (t − 1) × team size + s, and a team's bye is a bye of each member. The team
matches are read back from those rows: nothing of a team match is stored but its seats.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneValue, parse_decklist
from tournaments.models import Event, Match, Registration, Round
from tournaments.models import Team as TeamRow
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.events.structures import TIEBREAKER_WORDS, tiebreaker_shown
from tournaments.structures import (
    Team,
    TeamDeck,
    team_bye_record,
    team_copy_problems,
    team_match_result,
    team_standings,
)
from tournaments.swiss import MatchRecord, Player


def is_team_event(event: Event) -> bool:
    """Whether the event is played by teams (``Event.teams`` players each)."""
    return bool(event.teams)


def event_team_rows(*, event: Event) -> list[TeamRow]:
    """Return the event's teams in the order they registered, their members (seat order) and
    users loaded."""
    return list(event.teams_set.select_related("captain").prefetch_related("members__user"))


@dataclass(frozen=True)
class TeamEntry:
    """A team as the pages and the API show it: ``members`` (usernames, seat order), each
    member's registration (None: no deck registered yet) and whether the team ``ready`` to play
    (full, every member registered with a deck)."""

    id: int
    name: str
    captain: str
    members: list[str]
    registrations: list[Registration | None]
    ready: bool
    dropped: bool

    def as_dict(self) -> dict[str, Any]:
        """Return the team as ``GET /api/events/{id}/teams/`` lists it."""
        return {
            "id": self.id,
            "name": self.name,
            "captain": self.captain,
            "members": self.members,
            "decks": [r is not None and bool(r.deck) for r in self.registrations],
            "ready": self.ready,
            "dropped": self.dropped,
        }


def event_teams(*, event: Event) -> list[TeamEntry]:
    """Return the event's teams with their members' registrations and readiness."""
    teams = event_team_rows(event=event)
    registrations = {r.player_id: r for r in event.registrations.filter(status=Registration.Status.ACTIVE)}
    out = []
    for team in teams:
        members = list(team.members.all())
        regs = [registrations.get(m.user_id) for m in members]
        ready = len(members) == event.teams and all(r is not None and r.deck for r in regs)
        out.append(
            TeamEntry(
                id=team.pk,
                name=team.name,
                captain=team.captain.get_username(),
                members=[m.user.get_username() for m in members],
                registrations=regs,
                ready=bool(ready),
                dropped=any(r is not None and r.dropped for r in regs),
            )
        )
    return out


def team_of_user(*, event: Event, user_id: int) -> TeamRow | None:
    """Return the team of the event ``user_id`` is on, or None."""
    return event.teams_set.filter(members__user_id=user_id).first()


def playing_teams(*, event: Event) -> list[Team]:
    """Return the teams that play as the core's records: full, every member registered with a
    deck; members as players by registration id, seat order. A team with a member dropped is
    dropped."""
    out = []
    for entry in event_teams(event=event):
        if not entry.ready:
            continue
        members = tuple(
            Player(id=r.pk, name=name, dropped=r.dropped)
            for r, name in zip(entry.registrations, entry.members, strict=True)
            if r is not None
        )
        out.append(Team(id=entry.id, name=entry.name, members=members, dropped=entry.dropped))
    return out


@dataclass(frozen=True)
class TeamTable:
    """A team table of a round: its number, the two teams (``b`` None: a bye), the seat
    matches in seat order, and the team match's result so far (``winner`` a team id)."""

    number: int
    a: Team
    b: Team | None
    seats: list[Match]
    record: MatchRecord
    winner: int | None
    decided: bool


def _seat_record(match: Match, number: int) -> MatchRecord | None:
    if match.status != Match.Status.FINAL or match.player_b_id is None:
        return None
    return MatchRecord(
        round=number,
        a=match.player_a_id,
        b=match.player_b_id,
        wins_a=match.wins_a,
        wins_b=match.wins_b,
        draws=match.draws,
    )


def round_team_tables(*, round: Round, teams: list[Team] | None = None) -> list[TeamTable]:
    """Return the team tables of a round of a team event, in table order (a bye team last)."""
    event = round.event
    teams = teams if teams is not None else playing_teams(event=event)
    size = event.teams
    team_of = {m.id: t for t in teams for m in t.members}
    matches = list(round.matches.select_related("player_a__player", "player_b__player").order_by("table"))
    groups: dict[int, list[Match]] = {}
    byes: dict[int, list[Match]] = {}
    for match in matches:
        team = team_of.get(match.player_a_id)
        if team is None:
            continue
        if match.player_b_id is None:
            byes.setdefault(team.id, []).append(match)
        else:
            groups.setdefault((match.table - 1) // size + 1, []).append(match)
    tables = []
    for number, seats in sorted(groups.items()):
        seats.sort(key=lambda m: m.table)
        team_a, team_b = team_of[seats[0].player_a_id], team_of[seats[0].player_b_id or 0]
        if len(seats) != size:
            continue
        result = team_match_result(
            round=round.number,
            team_a=team_a,
            team_b=team_b,
            seats=[_seat_record(m, round.number) for m in seats],
        )
        tables.append(TeamTable(number, team_a, team_b, seats, result.record, result.winner, result.decided))
    by_id = {t.id: t for t in teams}
    # After the played team tables (a manual team bye may leave a gap in their numbers).
    after = max((t.number for t in tables), default=0)
    for i, (team_id, seats) in enumerate(byes.items(), start=1):
        record = team_bye_record(round=round.number, team=team_id, size=size)
        tables.append(TeamTable(after + i, by_id[team_id], None, seats, record, team_id, True))
    return tables


def round_movable_teams(*, round: Round) -> list[str]:
    """Return the names (case-insensitive order) of the teams the organizer may still move in a
    team round (swap, bye): those at a team table without any seat result, not a bye and not
    dropped."""
    teams = [team for team in playing_teams(event=round.event) if not team.dropped]
    names = [
        team.name
        for table in round_team_tables(round=round, teams=teams)
        if table.b is not None and all(m.status == Match.Status.PENDING for m in table.seats)
        for team in (table.a, table.b)
    ]
    return sorted(names, key=str.casefold)


def team_tables_json(*, round: Round) -> list[dict[str, Any]]:
    """Return a team round's team tables as ``GET /api/events/{id}/rounds/{n}/`` gives them
    (``team_tables``): the two teams, each seat's table and match id, and the team match so
    far (seats won by each team, seats drawn, the winning team, ``decided``); empty outside a
    team event."""
    if not round.event.teams:
        return []
    out = []
    for table in round_team_tables(round=round):
        winner = next((t.name for t in (table.a, table.b) if t is not None and t.id == table.winner), None)
        out.append(
            {
                "number": table.number,
                "team_a": table.a.name,
                "team_b": table.b.name if table.b is not None else None,
                "seats": [{"seat": i, "table": m.table, "match": m.pk} for i, m in enumerate(table.seats, 1)],
                "seats_won_a": table.record.wins_a,
                "seats_won_b": table.record.wins_b,
                "seats_drawn": table.record.draws,
                "winner": winner,
                "decided": table.decided,
            }
        )
    return out


def team_history(*, event: Event) -> tuple[list[Team], list[MatchRecord]]:
    """Return the playing teams and their team records: every decided team match of a
    published round (a bye: every seat won)."""
    teams = playing_teams(event=event)
    records = []
    rounds = event.round_set.filter(kind=Round.Kind.SWISS, published=True).order_by("number")
    for round_ in rounds:
        for table in round_team_tables(round=round_, teams=teams):
            if table.decided:
                records.append(table.record)
    return teams, records


def team_standings_rows(*, event: Event) -> list[dict[str, Any]]:
    """Return ``GET /api/events/{id}/standings/`` of a team event: each team's rank, ``team``
    and ``members``, match points, record and the event's tiebreakers (empty before the
    start)."""
    if not event.round_set.exists():
        return []
    teams, history = team_history(event=event)
    if not teams:
        return []
    rows = team_standings(teams=teams, history=history, tiebreakers=event.tiebreakers)
    return [row.as_dict() for row in rows]


def _counts(deck: Decklist, catalog: Catalog[Any]) -> dict[str, int]:
    """Return the deck's copies by the cards' canonical names (as the engine's violations name
    them): a card spelled in another language or by an alias is the same card."""
    cards: dict[str, int] = {}
    for value in deck.zones.values():
        if isinstance(value, dict):
            for name, copies in value.items():
                card = catalog.get(name)
                key = str(getattr(card, "name", name)) if card is not None else name
                cards[key] = cards.get(key, 0) + copies
    return cards


def _merged(decks: Sequence[Decklist]) -> Decklist:
    """Return one decklist holding every copy of the team's decks, zone by zone (the first
    deck's single cards), so that the game's own copy limit reads the team as one deck."""
    zones: dict[str, ZoneValue] = dict(decks[0].zones)
    for deck in decks[1:]:
        for key, value in deck.zones.items():
            mine = zones.get(key)
            if isinstance(value, dict) and isinstance(mine, dict):
                merged = dict(mine)
                for name, copies in value.items():
                    merged[name] = merged.get(name, 0) + copies
                zones[key] = merged
    return Decklist(game=decks[0].game, zones=zones)


def team_deck_problems(*, event: Event, decks: Mapping[int, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Return every card over the game's copy limit across a team's decks (member id → the
    registered deck JSON), as deck violations in the reader's language (code
    ``team_copy_limit``); empty when the event sets no team copy limit or the decks keep it.

    The limit of each card is the game's own: the engine validates the team's decks as one
    deck, and each violation naming a card with a ``limit`` of copies gives that card's."""
    if not event.team_copy_limit:
        return []
    parsed = {member: parse_decklist(dict(deck), game=event.game) for member, deck in decks.items() if deck}
    if len(parsed) < 2:
        return []
    rules, catalog = catalog_for(game=event.game)
    options = {"side_max": event.side_deck_max, "format": event.format}
    limits: dict[str, int] = {}
    for violation in rules.validate_deck(_merged(list(parsed.values())), catalog, options=options):
        limit = violation.params.get("limit")
        # A card's limit of copies, whatever the game calls it (copy_limit, legendary_limit, …).
        if violation.card and isinstance(limit, int) and "found" in violation.params:
            limits[violation.card] = limit
    team_decks = [TeamDeck(member=member, cards=_counts(deck, catalog)) for member, deck in parsed.items()]
    return [
        {
            "code": problem.code,
            "card": problem.card,
            "message": _("%(copies)s copies of «%(card)s» across the team's decks: at most %(limit)s")
            % {"copies": problem.params["copies"], "card": problem.card, "limit": problem.params["limit"]},
            "params": {k: v for k, v in problem.params.items() if k != "members"},
        }
        for problem in team_copy_problems(decks=team_decks, limit_of=limits.get)
    ]


def teams_page(*, event: Event) -> list[dict[str, Any]]:
    """Return the event page's teams: each one's name, readiness and members in seat order
    (each with whether their deck is registered)."""
    return [
        {
            "name": entry.name,
            "ready": entry.ready,
            "dropped": entry.dropped,
            "members": entry.members,
            "seated": [
                {"name": name, "deck": r is not None and bool(r.deck)}
                for name, r in zip(entry.members, entry.registrations, strict=True)
            ],
        }
        for entry in event_teams(event=event)
    ]


def team_tables_page(*, round: Round) -> list[dict[str, Any]]:
    """Return the pairings page's team tables of a team round: the teams, the seat matches
    (players loaded), the team match so far and its winner's name."""
    if not round.event.teams:
        return []
    out = []
    for table in round_team_tables(round=round):
        winner = next((t.name for t in (table.a, table.b) if t is not None and t.id == table.winner), None)
        out.append(
            {
                "number": table.number,
                "a": table.a,
                "b": table.b,
                "seats": table.seats,
                "record": table.record,
                "decided": table.decided,
                "winner_name": winner,
            }
        )
    return out


def team_standings_page(*, event: Event) -> dict[str, Any]:
    """Return the standings page's team rows, each tiebreaker shown, and the legend naming
    and explaining each of the event's tiebreakers in the reader's language."""
    rows = team_standings_rows(event=event)
    for row in rows:
        row["values"] = [tiebreaker_shown(key, row.get(key)) for key in event.tiebreakers]
    legend = [
        {"key": key, "name": TIEBREAKER_WORDS[key][0], "text": TIEBREAKER_WORDS[key][1]}
        for key in event.tiebreakers
    ]
    return {"rows": rows, "legend": legend}
