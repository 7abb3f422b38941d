"""Judges' pages: the match log viewer (replay any step with hidden cards shown), result
overrides and penalties from it, the log download, bot players, and round progress.

Thin views over selectors (reads) and services (writes); the services check every rule,
a refusal comes back as a DomainError whose message the page flashes.
"""

import json
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.labels import reader_language
from tournaments.models import Event, Game, Match, Penalty, Round
from tournaments.numbers import SMALL_MAX, whole_number
from tournaments.selectors.boards import board_module, board_styles
from tournaments.selectors.cards import card_names_shown
from tournaments.selectors.events import (
    event_role,
    event_seen,
    is_official,
    round_progress,
)
from tournaments.selectors.judge import (
    board_rows,
    default_game_number,
    game_action_lines,
    game_clocks,
    game_step_view,
    match_of_official_page,
    match_penalties,
    match_refused_actions,
    round_progress_rows,
)
from tournaments.selectors.online import clock_limit, seat_of
from tournaments.selectors.online_rows import match_games
from tournaments.selectors.play import game_log_shown, play_cards
from tournaments.selectors.spectate import action_words, watch_access
from tournaments.services import events as events_svc
from tournaments.services.bots import MAX_BOTS_PER_CALL, event_fill_bots
from tournaments.services.events import event_penalty_give
from tournaments.services.text import NOTE_MAX
from tournaments.users import signed_in
from tournaments.views.forms_common import form_number, redirect_back, run_service

PENALTY_HELP: dict[str, Promise] = {
    Penalty.Kind.WARNING: gettext_lazy("Recorded only."),
    Penalty.Kind.GAME_LOSS: gettext_lazy("The player loses the current game."),
    Penalty.Kind.MATCH_LOSS: gettext_lazy("The match is final as a loss for the player."),
    Penalty.Kind.DISQUALIFICATION: gettext_lazy("A match loss, and the player is dropped from the event."),
}


# ---------------------------------------------------------------------------------------- helpers


def _official_match(request: HttpRequest, match_id: int) -> Match | HttpResponse:
    """Return the match for the event's officials; a login redirect for anonymous, 403 for others."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match = match_of_official_page(match_id=match_id)
    if match is None:
        raise Http404(_("No such match."))
    if not is_official(event_role(event=match.round.event, user=request.user)):
        raise PermissionDenied(_("Only the organizer and the judges of this event can open the match log."))
    return match


def _int(raw: str | None, default: int) -> int:
    """A step or game number from the query (a game has far fewer than SMALL_MAX of either)."""
    raw = (raw or "").strip()
    number = whole_number(raw.removeprefix("-"), high=SMALL_MAX)
    if number is None:
        return default
    return -number if raw.startswith("-") else number


def _game(match: Match, raw: str | None) -> Game | None:
    """Return the game ``raw`` names (default: the current one); None when the match has no games."""
    number = _int(raw, default_game_number(match=match))
    game = match.games.filter(number=number).first()
    if game is None and raw:
        raise Http404(_("This match has no game %(n)s.") % {"n": number})
    return game


def _step_context(game: Game, step: int) -> dict[str, Any]:
    """Return what the step partial shows: the judge view after ``step`` actions, as a board."""
    state = game_step_view(game=game, step=step)
    view = state.view
    names = [seat.get("name", "") for seat in view.get("seats", [])]
    # Cards in the reader's language: the board, the seats, the last action.
    card_names = card_names_shown(game=game.match.round.event.game, language=reader_language())
    last = action_words(game=game)(game.actions[state.step - 1]) if state.step else ""
    actor = ""
    if state.step:
        seat = int(game.actions[state.step - 1].get("seat", 0))
        actor = names[seat] if seat < len(names) else ""
    decision = view.get("decision")
    result = view.get("result")
    return {
        "game": game,
        "step": state.step,
        "total": state.total,
        "view": view,
        "error": state.error,
        "rows": board_rows(view) if view else [],
        "seats": list(reversed(view.get("seats", []))),  # seat 1 first: it sits on top of the board
        "last_text": last,
        "last_actor": actor,
        "deciding": names[decision["seat"]] if decision and decision.get("seat") in (0, 1) else "",
        "winner": names[result["winner"]] if result and result.get("winner") in (0, 1) else "",
        "card_names": card_names,
    }


def _log_url(match: Match, game: Game | None, step: int | None = None) -> str:
    url = reverse("match-log", args=[match.pk])
    if game is None:
        return url
    return f"{url}?game={game.number}" + (f"&step={step}" if step is not None else "")


# ---------------------------------------------------------------------------------------- log viewer


def match_log(request: HttpRequest, match_id: int) -> HttpResponse:
    """The judges' log viewer: pick a game, step through it with every hidden card shown."""
    match = _official_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    event = match.round.event
    game = _game(match, request.GET.get("game"))
    context: dict[str, Any] = {
        "match": match,
        "event": event,
        "round": match.round,
        "games": match_games(match, snapshots=False),
        "game": game,
        "names": [match.player_a.player.get_username(), match.player_b.player.get_username()]
        if match.player_b
        else [match.player_a.player.get_username()],
        "refused": match_refused_actions(match=match),
        "penalties": match_penalties(match=match),
        "penalty_kinds": [(kind, label, PENALTY_HELP[kind]) for kind, label in Penalty.Kind.choices],
        "changes": list(match.changes.select_related("by").order_by("-at", "-id")[:20]),
        "limit": clock_limit(event),
        "now": timezone.now(),
    }
    if game is not None:
        step = _int(request.GET.get("step"), len(game.actions))
        context.update(_step_context(game, step))
        # The board of each step is drawn by the game's module, read-only, from the judge view.
        language = (get_language() or "ru")[:2]
        context.update(
            board_module=board_module(game=event.game),
            board_styles=board_styles(game=event.game),
            board_config={"game": event.game, "names": context["names"], "lang": language},
            board_cards=play_cards(game=event.game, english=language == "en"),
        )
        context.update(
            lines=game_action_lines(game=game),
            clocks=game_clocks(game=game),
            here=_log_url(match, game, context["step"]),
        )
    else:
        context.update(lines=[], clocks=[], here=_log_url(match, None))
    return render(request, "tournaments/judge/log.html", context)


def match_log_step(request: HttpRequest, match_id: int) -> HttpResponse:
    """The htmx partial of the log viewer: the board after ``?step=k`` actions of ``?game=n``."""
    match = _official_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    game = _game(match, request.GET.get("game"))
    if game is None:
        raise Http404(_("No game has started yet."))
    step = _int(request.GET.get("step"), len(game.actions))
    return render(request, "tournaments/judge/_step.html", {"match": match, **_step_context(game, step)})


def match_log_download(request: HttpRequest, match_id: int) -> HttpResponse:
    """Game ``?game=n``'s match log (formats.md JSON) as a file: officials any time, the two
    players once the match is final (their redacted copy until the decklists are published)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    match = match_of_official_page(match_id=match_id)
    if match is None:
        raise Http404(_("No such match."))
    # A player gets their own copy (redacted until the decklists are published), as the API does.
    seat = seat_of(match, request.user)
    if seat is None and not is_official(event_role(event=match.round.event, user=request.user)):
        raise PermissionDenied(_("Only the players of this match, its judges and organizer can see it."))
    if seat is not None and match.status != Match.Status.FINAL:
        raise PermissionDenied(_("The log is yours to download once the match is final."))
    number = _int(request.GET.get("game"), 1)
    game = get_object_or_404(Game, match=match, number=number)
    log = game_log_shown(game=game, seat=seat)
    body = json.dumps(log, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"match-{match.pk}-game-{game.number}{'-redacted' if log.get('redacted') else ''}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_POST
def match_log_override(request: HttpRequest, match_id: int) -> HttpResponse:
    """An official's result for the match: final at once, overriding (the audit trail keeps the old one)."""
    match = _official_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    run_service(
        request,
        lambda: events_svc.match_report(
            match=match,
            by=signed_in(request),
            wins_a=form_number(request.POST.get("wins_a")),
            wins_b=form_number(request.POST.get("wins_b")),
            draws=form_number(request.POST.get("draws")),
            note=request.POST.get("note", "")[: NOTE_MAX + 1],
        ),
        _("The result is final."),
    )
    return redirect_back(request, reverse("match-log", args=[match.pk]))


@require_POST
def match_log_penalty(request: HttpRequest, match_id: int) -> HttpResponse:
    """Give a penalty from the log viewer."""
    match = _official_match(request, match_id)
    if isinstance(match, HttpResponse):
        return match
    username = request.POST.get("username", "")
    kind = request.POST.get("kind", "")
    penalty = run_service(
        request,
        lambda: event_penalty_give(
            match=match,
            by=signed_in(request),
            username=username,
            kind=kind,
            note=request.POST.get("note", ""),
        ),
        _("The penalty is recorded."),
    )
    if penalty is not None and kind != Penalty.Kind.WARNING:
        match.refresh_from_db()
        messages.info(
            request,
            _("The match now stands %(a)s–%(b)s–%(d)s (%(status)s).")
            % {"a": match.wins_a, "b": match.wins_b, "d": match.draws, "status": match.get_status_display()},
        )
    return redirect_back(request, reverse("match-log", args=[match.pk]))


# ---------------------------------------------------------------------------------------- bots


def event_bots(request: HttpRequest, event_id: int) -> HttpResponse:
    """Fill a test event with bot players: a small form (GET) and its action (POST), officials only."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    event = event_seen(event_id=event_id, user=request.user)
    if event is None:
        raise Http404
    if not is_official(event_role(event=event, user=request.user)):
        raise PermissionDenied(_("Only the organizer and the judges of the event can add bot players."))
    if request.method == "POST":
        count = form_number(request.POST.get("count"))
        added = run_service(
            request,
            lambda: event_fill_bots(event=event, by=signed_in(request), count=count),
            _("Bot players are registered."),
        )
        if added is not None:
            return redirect_back(request, reverse("event-fill-bots", args=[event.pk]))
    context = {
        "event": event,
        "bots": list(event.registrations.filter(is_bot=True).select_related("player")),
        "players": event.registrations.count(),
        "max_bots": MAX_BOTS_PER_CALL,
        "bots_per_event": settings.BOTS_PER_EVENT,
    }
    return render(request, "tournaments/judge/bots.html", context)


# ---------------------------------------------------------------------------------------- progress


def _visible_round(request: HttpRequest, event_id: int, number: int) -> tuple[Event, Round]:
    event = event_seen(event_id=event_id, user=request.user)
    if event is None:
        raise Http404
    round_ = event.round_set.filter(number=number).first()
    if round_ is None:
        raise Http404(_("This event has no round %(n)s.") % {"n": number})
    return event, round_


def _progress(request: HttpRequest, event_id: int, number: int, template: str) -> HttpResponse:
    """The progress page (or its rows): its officials see every match's decision, actions and
    last activity; anyone else only if the event lets them watch its matches, and then no more
    than a spectator may know now (the match, its game and status, the score)."""
    event, round_ = _visible_round(request, event_id, number)
    access = watch_access(event=event, user=request.user)
    if not round_.published and not access.official:
        raise Http404(_("This event has no round %(n)s.") % {"n": number})  # held pairings
    if access.refusal == "sign_in":
        return redirect_to_login(request.get_full_path())
    if access.refusal:
        raise PermissionDenied(_("This event's matches cannot be watched."))
    rows = round_progress_rows(round=round_, official=access.official)
    counts = round_progress(matches=[row.match for row in rows])
    context = {
        "event": event,
        "round": round_,
        "rows": rows,
        "counts": counts,
        "percent": round(100 * counts.final / counts.total) if counts.total else 0,
        "official": access.official,
        "watchable": event.online,
        "rounds": list(
            event.round_set.order_by("number")
            if access.official
            else event.round_set.filter(published=True).order_by("number")
        ),
        "now": timezone.now(),
    }
    return render(request, template, context)


def round_progress_page(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """How far an online round is: finished matches, and per match the game, score and (for the
    officials) whose turn.

    Only reads: the clocks and the bots move on with the beat (or, with no broker, the
    embedded beat, settings.EMBEDDED_BEAT), never because someone looks."""
    return _progress(request, event_id, number, "tournaments/judge/progress.html")


def round_progress_rows_partial(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The self-refreshing part of the progress page (htmx, every 2 s while a match is open)."""
    return _progress(request, event_id, number, "tournaments/judge/_progress.html")
