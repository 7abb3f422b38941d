"""Pages for spectators: a featured match for a screen or a stream overlay, the TV
page of an event's round, and the replay viewer of a final match. Each board is drawn by the
game's board module, read-only (``static/respons/watch.js``), from the spectator view (or the
judge view in a replay once the decklists are published); who may open them is
:mod:`tournaments.selectors.spectate`'s."""

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournaments.labels import game_title
from tournaments.models import Event, Match
from tournaments.numbers import SMALL_MAX, whole_number
from tournaments.selectors.boards import board_module, board_styles
from tournaments.selectors.judge import match_of_official_page
from tournaments.selectors.online import match_is_online
from tournaments.selectors.play import play_cards
from tournaments.selectors.practice import seat_names
from tournaments.selectors.spectate import (
    WatchAccess,
    replay_access,
    replay_answer,
    replay_full,
    tv_matches,
    tv_round,
    watch_access,
)
from tournaments.views.events.common import _event


def _refused(request: HttpRequest, access: WatchAccess) -> HttpResponse | None:
    """A sign-in redirect when only signed-in users may watch; 403 when nobody may."""
    if access.refusal == "sign_in":
        return redirect_to_login(request.get_full_path())
    if access.refusal:
        raise PermissionDenied(_("This event's matches cannot be watched."))
    return None


def _online_match(match_id: int) -> Match:
    match = match_of_official_page(match_id=match_id)
    if match is None or not match_is_online(match):
        raise Http404
    return match


def _board(event: Event, names: list[str]) -> dict[str, Any]:
    language = (get_language() or "ru")[:2]
    return {
        "board_module": board_module(game=event.game),
        "board_styles": board_styles(game=event.game),
        "board_cards": play_cards(game=event.game, english=language == "en"),
        "lang": language,
        "names": names,
    }


def _names(match: Match) -> list[str]:
    return seat_names(match=match)  # a practice game's bot by its game, not its account


def match_watch(request: HttpRequest, match_id: int) -> HttpResponse:
    """The featured-match page: a big board, the names, clocks and score, live (delayed) over
    the spectate stream; a plain layout a streaming tool can capture (``?overlay=1``: no page
    header or footer)."""
    match = _online_match(match_id)
    event = match.round.event
    access = watch_access(event=event, user=request.user)
    if not match.round.published and not access.official:
        raise Http404
    refused = _refused(request, access)
    if refused is not None:
        return refused
    names = _names(match)
    config = {
        "mode": "live",
        "game": event.game,
        "names": names,
        "api": reverse("api-match-spectate", args=[match.pk]),
        "stream": reverse("api-match-spectate-stream", args=[match.pk]),
        "lang": (get_language() or "ru")[:2],
    }
    context = {
        "match": match,
        "event": event,
        "overlay": request.GET.get("overlay") == "1",
        "config": config,
        **_board(event, names),
    }
    return render(request, "tournaments/watch/match.html", context)


def match_replay(request: HttpRequest, match_id: int) -> HttpResponse:
    """The replay viewer of a final match: each game step by step (``?game=N&step=K`` is a link
    to share), public information until the event's decklists are published."""
    match = _online_match(match_id)
    event = match.round.event
    access = replay_access(match=match, user=request.user)
    refused = _refused(request, access)
    if refused is not None:
        return refused
    names = _names(match)
    context: dict[str, Any] = {
        "match": match,
        "event": event,
        "names": names,
        "final": False,
        # A practice game against a bot is in no event: the page says so, and names its game.
        "game_title": game_title(event.game),
    }
    if match.status != Match.Status.FINAL:
        return render(request, "tournaments/watch/replay.html", context, status=409)
    games = list(match.games.order_by("number"))
    number = whole_number(request.GET.get("game", "1"), high=SMALL_MAX) or 1
    game = next((g for g in games if g.number == number), games[0] if games else None)
    if game is None:
        raise Http404
    raw_step = request.GET.get("step", "")
    step = whole_number(raw_step, low=0, high=1_000_000) if raw_step else None
    full = replay_full(match=match, official=access.official)
    answer = replay_answer(match=match, game=game, step=step, full=full)
    config = {
        "mode": "replay",
        "game": event.game,
        "names": names,
        "api": reverse("api-match-replay", args=[match.pk]),
        "page": reverse("match_replay", args=[match.pk]),
        "number": game.number,
        "lang": (get_language() or "ru")[:2],
    }
    context.update(
        final=True,
        games=games,
        game=game,
        answer=answer,
        config=config,
        full=full,
        **_board(event, names),
    )
    return render(request, "tournaments/watch/replay.html", context)


def event_tv(request: HttpRequest, event_id: int) -> HttpResponse:
    """The TV page of an event: the round's timer and pairings in big type, reloading itself,
    with a link to watch each online match when the event lets its visitors watch."""
    event = _event(request, event_id)
    round_ = tv_round(event=event)
    matches: list[Match] = tv_matches(round=round_) if round_ is not None else []
    context = {
        "event": event,
        "round": round_,
        "matches": matches,
        "watchable": event.online and watch_access(event=event, user=request.user).allowed,
    }
    return render(request, "tournaments/watch/tv.html", context)
