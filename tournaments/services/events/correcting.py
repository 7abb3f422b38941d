"""What the corrections of a round's pairings share (:mod:`.corrections`, the Swiss and seeded
ones, and :mod:`.team_corrections`, a team round's): the current round locked for a correction,
the guards (no online game started, no judge's penalty, no result in), the players named, the
warnings of a pairing and the round's tables as the audit trail keeps them.
"""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.audit_words import warning_words
from tournaments.models import (
    Event,
    Game,
    Match,
    Penalty,
    Registration,
    ResultChange,
    Round,
)
from tournaments.selectors.events import (
    Role,
    event_players,
    is_seeded,
    swiss_history,
)
from tournaments.services.errors import BadInput, WrongState
from tournaments.services.events.common import S, _require, _result
from tournaments.services.rating_batch import rating_queue
from tournaments.swiss import MatchRecord, Player, compute_standings


@dataclass(frozen=True)
class PairingChange:
    """A correction's round and its warnings (a rematch, players of different points); the change
    is made all the same. ``notes`` are the warnings as the audit trail stores them (a code and
    its values), ``warnings`` the same in the reader's language."""

    round: Round
    notes: list[dict[str, Any]]

    @property
    def warnings(self) -> list[str]:
        return [warning_words(note) for note in self.notes]


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
    if swiss and is_seeded(event):  # only the manual bye comes here (a swap, a re-pair: seeds)
        raise WrongState(
            _(
                "A bracket's or a round robin's byes come from its seeds, not from a table: "
                "swap two players' seeds instead."
            ),
            code="not_swiss",
        )
    if swiss and event.structure == Event.Structure.LEAGUE:
        raise WrongState(
            _("A league pairs its players as they come: there are no pairings to correct."),
            code="not_swiss",
        )
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
    matches = round_.matches.select_related("player_a__player", "player_b__player").order_by("table")
    return _round_pairs_of(list(matches), with_result=True)


def _round_pairs_of(matches: list[Match], *, with_result: bool = False) -> list[dict[str, Any]]:
    """Return ``matches`` for the audit trail: table and players (usernames), and each match's
    result when ``with_result``."""
    return [
        {
            "table": m.table,
            "a": m.player_a.player.get_username(),
            "b": m.player_b.player.get_username() if m.player_b else None,
            **(_result(m) if with_result else {}),
        }
        for m in matches
    ]


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
) -> list[dict[str, Any]]:
    """Return a warning for each pair that is a rematch (R: no rematch in Swiss) or joins players
    with different match points, as a code and its values (said by
    :func:`tournaments.audit_words.warning_words` in the reader's language)."""
    players, history = swiss_history(event=event)
    named = [((a.pk, a.player.get_username()), (b.pk, b.player.get_username())) for a, b in pairs]
    return pair_warnings(players=players, history=history, before=round_.number, pairs=named)


def pair_warnings(
    *,
    players: list[Player],
    history: list[MatchRecord],
    before: int,
    pairs: list[tuple[tuple[int, str], tuple[int, str]]],
) -> list[dict[str, Any]]:
    """Return the warnings of ``pairs`` (each side its id in ``history`` and its name) against
    the rounds before round ``before``: ``rematch`` for sides that met, ``points`` for sides
    with different match points; the names are the warning's ``a`` and ``b``."""
    earlier = [r for r in history if r.round < before]
    points = {s.player_id: s.match_points for s in compute_standings(players=players, history=earlier)}
    met = {frozenset((r.a, r.b)) for r in earlier if r.b is not None}
    warnings: list[dict[str, Any]] = []
    for (a, a_name), (b, b_name) in pairs:
        names = {"a": a_name, "b": b_name}
        if frozenset((a, b)) in met:
            warnings.append({"code": "rematch", "params": names})
        pa, pb = points.get(a, 0), points.get(b, 0)
        if pa != pb:
            warnings.append({"code": "points", "params": {**names, "pa": pa, "pb": pb}})
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


def _keep_match_history(event: Event, round_: Round) -> None:
    """Keep the audit entries of the round's matches when the round goes: they become the
    event's entries (a match's are deleted with it), their old value naming round and table.
    The ratings forget its final matches once it is gone."""
    for match_id in round_.matches.filter(status=Match.Status.FINAL, player_b__isnull=False).values_list(
        "pk", flat=True
    ):
        rating_queue(match_id)
    for change in ResultChange.objects.filter(match__round=round_).select_related("match"):
        assert change.match is not None
        change.old = {"round": round_.number, "table": change.match.table, **(change.old or {})}
        change.event, change.match = event, None
        change.save(update_fields=["old", "event", "match"])
