"""Corrections of a team round (docs/structures.md, "Team events"): a team plays whole, so a
team round's swap, bye and re-pair move teams, never one seat.

- **Swap**: two teams exchange their team tables; at each seat, one team's member takes the
  other's place (seat s of team X takes the seat-s match of team Y, and the reverse).
- **Bye**: a team gets the round's bye, each member's seat match a 2–0 bye; the team that had
  the bye takes its place against the opponent team, and in a round without a bye the opponent
  team gets a bye too.
- **Re-pair**: the team round is paired again by the team Swiss from a fresh seed.

The guards are the Swiss corrections' (:mod:`.correcting`): the organizer only, a reason, no
result in on the team tables, no online game started, no judge's penalty on their seats.
"""

import random
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Event, Match, Round
from tournaments.selectors.events import event_players
from tournaments.selectors.events.teams import TeamTable, playing_teams, round_team_tables, team_history
from tournaments.services.errors import BadInput, WrongState
from tournaments.services.events.common import _audit
from tournaments.services.events.correcting import (
    PairingChange,
    _current_round_locked,
    _games_started,
    _keep_match_history,
    _no_penalties,
    _round_pairs,
    _round_pairs_of,
    pair_warnings,
)
from tournaments.services.events.teams import team_round_pair
from tournaments.services.online import round_games_start
from tournaments.structures import Team


def _team_named(event: Event, teams: list[Team], value: Any, field: str) -> Team:
    """Return the playing team named ``value``: a team's name, or one of its players' usernames
    (either case). Raises BadInput (``unknown_team``)."""
    name = str(value or "").strip()
    folded = name.casefold()
    team = next((t for t in teams if t.name.casefold() == folded), None)
    if team is None and name:
        registration = event_players(event=event).filter(player__username__iexact=name).first()
        if registration is not None:
            team = next((t for t in teams if any(m.id == registration.pk for m in t.members)), None)
    if team is None:
        raise BadInput(
            _("%(field)s: %(name)r is neither a team of this event nor one of its players")
            % {"field": field, "name": name},
            code="unknown_team",
        )
    return team


def _table_of(tables: list[TeamTable], team: Team, round_: Round) -> TeamTable:
    """Return ``team``'s team table of the round, one it plays (not a bye); raise WrongState
    (``not_paired``, ``is_bye``)."""
    table = next((t for t in tables if team.id in (t.a.id, t.b.id if t.b else None)), None)
    if table is None:
        raise WrongState(
            _("The team “%(name)s” has no team table in round %(n)s.")
            % {"name": team.name, "n": round_.number},
            code="not_paired",
        )
    if table.b is None:
        raise WrongState(
            _("The team “%(name)s” has the bye: give another team the bye to move it.") % {"name": team.name},
            code="is_bye",
        )
    return table


def _no_team_result(table: TeamTable) -> None:
    if any(m.status != Match.Status.PENDING for m in table.seats):
        raise WrongState(
            _("Team table %(table)s already has a result: its teams cannot change.")
            % {"table": table.number},
            code="result_in",
        )


def _team_rows(tables: list[TeamTable]) -> list[dict[str, Any]]:
    """Return the round's team tables for the audit trail: number, teams (names)."""
    return [{"table": t.number, "a": t.a.name, "b": t.b.name if t.b else None} for t in tables]


def _locked_tables(round_: Round, teams: list[Team]) -> list[TeamTable]:
    list(round_.matches.select_for_update())  # a report racing the correction waits, then finds none
    return round_team_tables(round=round_, teams=teams)


def _team_warnings(
    event: Event, round_: Round, teams: list[Team], pairs: list[tuple[Team, Team]]
) -> list[dict[str, Any]]:
    """Return a warning for each pair of teams that met before (a rematch) or have different
    match points, coded as the Swiss corrections' warnings (the team names as ``a`` and ``b``)."""
    _teams, history = team_history(event=event)
    players = [t.as_player() for t in teams]
    named = [((a.id, a.name), (b.id, b.name)) for a, b in pairs]
    return pair_warnings(players=players, history=history, before=round_.number, pairs=named)


def _seat_moved(match: Match, leaving: int, coming: int) -> None:
    """Seat registration ``coming`` in ``match`` where ``leaving`` sat."""
    if match.player_a_id == leaving:
        match.player_a_id = coming
    else:
        match.player_b_id = coming


def _saved(matches: list[Match]) -> None:
    for match in matches:
        match.save(update_fields=["player_a", "player_b", "updated_at"])


def _seat_rows(matches: list[Match]) -> list[dict[str, Any]]:
    fresh = Match.objects.filter(pk__in=[m.pk for m in matches]).select_related(
        "player_a__player", "player_b__player"
    )
    return _round_pairs_of(sorted(fresh, key=lambda m: m.table))


def team_swap(event: Event, by: User, first: str, second: str, note: str) -> PairingChange:
    """Swap two teams of the current team round between their team tables (organizer); return
    the round and warnings (a rematch of teams, a points mismatch). Raises NotAllowed, BadInput
    (``unknown_team``, ``same_table``) or WrongState (``not_paired``, ``is_bye``, ``result_in``,
    ``games_started``, ``penalties_given``)."""
    with transaction.atomic():
        event, round_ = _current_round_locked(event, by)
        teams = playing_teams(event=event)
        x = _team_named(event, teams, first, "team_a")
        y = _team_named(event, teams, second, "team_b")
        _games_started(round_)
        tables = _locked_tables(round_, teams)
        tx, ty = _table_of(tables, x, round_), _table_of(tables, y, round_)
        if tx.number == ty.number:
            raise BadInput(_("team_b: the two teams are at the same team table"), code="same_table")
        for table in (tx, ty):
            _no_team_result(table)
        seats = [*tx.seats, *ty.seats]
        _no_penalties([m.pk for m in seats])
        old = {"round": round_.number, "teams": _team_rows(tables), "tables": _seat_rows(seats)}
        for mx, my, member_x, member_y in zip(tx.seats, ty.seats, x.members, y.members, strict=True):
            _seat_moved(mx, member_x.id, member_y.id)
            _seat_moved(my, member_y.id, member_x.id)
        _saved(seats)
        opponent_x = ty.b if ty.a.id == y.id else ty.a
        opponent_y = tx.b if tx.a.id == x.id else tx.a
        assert opponent_x is not None and opponent_y is not None
        warnings = _team_warnings(event, round_, teams, [(x, opponent_x), (y, opponent_y)])
        after = round_team_tables(round=round_, teams=teams)
        new = {
            "round": round_.number,
            "teams": _team_rows(after),
            "tables": _seat_rows(seats),
            "warnings": warnings,
        }
        _audit(event, by, "team_swap", old, new, note)
        return PairingChange(round=round_, notes=warnings)


def team_bye(event: Event, by: User, name: str, note: str) -> PairingChange:
    """Give a team the current team round's bye (organizer): each member's seat match becomes a
    2–0 bye; return the round and warnings. The team that had the bye takes its place against
    the opponent team; in a round without a bye the opponent team gets a bye too (a warning
    says so). Raises as :func:`team_swap` does."""
    with transaction.atomic():
        event, round_ = _current_round_locked(event, by)
        teams = playing_teams(event=event)
        team = _team_named(event, teams, name, "team")
        _games_started(round_)
        tables = _locked_tables(round_, teams)
        table = _table_of(tables, team, round_)
        _no_team_result(table)
        _no_penalties([m.pk for m in table.seats])
        opponent = table.b if table.a.id == team.id else table.a
        assert opponent is not None
        bye = next((t for t in tables if t.b is None), None)
        touched = [*table.seats, *(bye.seats if bye else [])]
        old = {"round": round_.number, "teams": _team_rows(tables), "tables": _seat_rows(touched)}
        if bye is not None:  # the bye team takes the team's seats, the team its byes
            former = bye.a
            by_member = {m.player_a_id: m for m in bye.seats}
            for match, mine, theirs in zip(table.seats, team.members, former.members, strict=True):
                _seat_moved(match, mine.id, theirs.id)
                by_member[theirs.id].player_a_id = mine.id
            _saved(touched)
            warnings = _team_warnings(event, round_, teams, [(opponent, former)])
        else:  # the team's seats become its byes, and the opponent team gets byes too
            last = round_.matches.order_by("-table").values_list("table", flat=True).first() or 0
            for match, mine in zip(table.seats, team.members, strict=True):
                match.player_a_id, match.player_b_id = mine.id, None
                match.wins_a, match.wins_b, match.draws, match.status = 2, 0, 0, Match.Status.FINAL
                match.save()
            touched += Match.objects.bulk_create(
                Match(round=round_, table=last + i, player_a_id=m.id, wins_a=2, status=Match.Status.FINAL)
                for i, m in enumerate(opponent.members, start=1)
            )
            warnings = [{"code": "bye_too", "params": {"name": opponent.name}}]
        after = round_team_tables(round=round_, teams=teams)
        new = {
            "round": round_.number,
            "teams": _team_rows(after),
            "tables": _seat_rows(touched),
            "warnings": warnings,
        }
        _audit(event, by, "team_bye", old, new, note)
        return PairingChange(round=round_, notes=warnings)


def team_repair(event: Event, by: User, note: str) -> Round:
    """Pair the current team round again (organizer) while no result is in; return the new
    round (same number, a fresh seed; drops and teams kept apart since seen). A held round stays
    held. Raises NotAllowed or WrongState (``results_in``, ``games_started``,
    ``penalties_given``)."""
    with transaction.atomic():
        event, round_ = _current_round_locked(event, by)
        _games_started(round_)
        teams = playing_teams(event=event)
        tables = _locked_tables(round_, teams)
        if round_.matches.filter(player_b__isnull=False).exclude(status=Match.Status.PENDING).exists():
            raise WrongState(
                _("Round %(n)s already has results: undo the round instead of re-pairing it.")
                % {"n": round_.number},
                code="results_in",
            )
        _no_penalties(round_.matches.all())
        old = {
            "round": round_.number,
            "seed": round_.seed,
            "teams": _team_rows(tables),
            "tables": _round_pairs(round_),
        }
        number, published = round_.number, round_.published
        _keep_match_history(event, round_)
        round_.delete()
        seed = random.SystemRandom().randrange(2**62)
        new_round = team_round_pair(event, number, published=published, seed=seed)
        if published:
            round_games_start(round_id=new_round.pk)
        after = round_team_tables(round=new_round, teams=playing_teams(event=event))
        new = {
            "round": number,
            "seed": new_round.seed,
            "teams": _team_rows(after),
            "tables": _round_pairs(new_round),
        }
        _audit(event, by, "round_repair", old, new, note)
        return new_round
