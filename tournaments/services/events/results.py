"""Results: a player or a judge reports a match, the opponent confirms or disputes it, a judge
extends its time or sets the result of an online match.
"""

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import online_rules
from tournaments.models import (
    ELIMINATION_KINDS,
    Game,
    GameAction,
    Match,
    ResultChange,
    Round,
)
from tournaments.selectors.events import (
    Role,
    event_role,
    is_official,
)
from tournaments.selectors.online import current_game
from tournaments.services.errors import BadInput, NotAllowed, WrongState
from tournaments.services.events.common import (
    S,
    _engine_adjudicated,
    _held,
    _locked,
    _online_refused,
    _refuse_result,
    _require,
    _result,
)
from tournaments.services.notifications import notifications_result_changed
from tournaments.services.online import engine_forget, match_changed
from tournaments.services.online import refuse as online_refuse
from tournaments.services.rating_batch import rating_queue
from tournaments.services.text import (
    NOTE_MAX,
    text_within,
)
from tournaments.structures import EliminationDrawError
from tournaments.swiss import (
    DrawnTopCutError,
)


def _check_result(match: Match, best_of: int, wins_a: Any, wins_b: Any, draws: Any) -> tuple[int, int, int]:
    """Return (wins_a, wins_b, draws) when they are a result a best-of-``best_of`` match can
    end with; raise BadInput listing every problem at once (``problems``: [{"field", "code",
    "message"}], messages in the reader's language).

    A Swiss match has at most ``best_of`` games, drawn ones included (a best-of-3 ends 2-0,
    2-1, 1-1-1, 1-0 when time is called, ...); a top-cut match cannot end in a draw and plays
    on past ``best_of`` while tied, up to ``best_of + 3`` games, as online play does
    (services/online/results.py ``_after_game``).
    """
    problems: list[dict[str, str]] = []
    names = {
        "wins_a": match.player_a.player.get_username(),
        "wins_b": match.player_b.player.get_username() if match.player_b else "",
    }
    needed = best_of // 2 + 1
    top_cut = match.round.kind in ELIMINATION_KINDS
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
    elif top_cut and a == b != needed and match.round.kind == Round.Kind.TOP_CUT:  # both at `needed`: above
        refuse(
            "wins_b",
            DrawnTopCutError.code,
            _(
                "A top-cut match cannot end in a draw (%(a)s-%(b)s-%(d)s): "
                "play on until one player has won more games."
            )
            % {"a": a, "b": b, "d": d},
        )
    elif top_cut and a == b != needed:
        refuse(
            "wins_b",
            EliminationDrawError.code,
            _(
                "An elimination match cannot end in a draw (%(a)s-%(b)s-%(d)s): "
                "play on until one player has won more games."
            )
            % {"a": a, "b": b, "d": d},
        )
    if problems:
        _refuse_result(problems)
    return a, b, d


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
            rating_queue(match.pk)  # final now, or corrected: the ratings follow
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
        rating_queue(match.pk)
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
