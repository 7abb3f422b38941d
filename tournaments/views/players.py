"""Pages: a player's profile and a game's rating leaderboard."""

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from engine.registry import game_keys
from tournaments.numbers import whole_number
from tournaments.selectors.players import head_to_head, player_named, player_profile, profile_visible
from tournaments.selectors.ratings import PAGE_SIZE, PERIODS, leaderboard_page
from tournaments.services.players import profile_hide
from tournaments.users import signed_in
from tournaments.views.cards import game_choices
from tournaments.views.forms_common import run_service


def page_links(request: HttpRequest, number: int, pages: int, param: str = "page") -> dict[str, Any]:
    query = request.GET.copy()

    def link(page: int) -> str:
        query[param] = str(page)
        return "?" + query.urlencode()

    return {
        "number": number,
        "pages": pages,
        "previous": link(number - 1) if number > 1 else None,
        "next": link(number + 1) if number < pages else None,
    }


def player_profile_page(request: HttpRequest, username: str) -> HttpResponse:
    """A player's profile; the player hides or shows it here (POST ``hidden``)."""
    player = player_named(username)
    if player is None:
        raise Http404(_("There is no player called %(name)s.") % {"name": username})
    if request.method == "POST":
        hidden = request.POST.get("hidden") == "1"
        done = _("Your profile is now private.") if hidden else _("Your profile is now public.")
        run_service(request, lambda: profile_hide(player=player, by=signed_in(request), hidden=hidden), done)
        return redirect("player-profile", player.get_username())
    if not profile_visible(player=player, user=request.user):
        return render(request, "tournaments/players/hidden.html", {"player": player}, status=403)
    page = whole_number(request.GET.get("page", ""), low=1, high=100_000) or 1
    profile = player_profile(player=player, user=request.user, page=page)
    context: dict[str, Any] = {
        "profile": profile,
        "player": player,
        "pager": page_links(request, profile.page, profile.pages),
        "own": request.user.is_authenticated and request.user.pk == player.pk,
        "vs": (request.GET.get("vs") or "").strip()[:150],
    }
    if context["vs"]:
        opponent = player_named(context["vs"])
        if opponent is None or not profile_visible(player=opponent, user=request.user):
            context["vs_missing"] = True
        else:
            context["h2h"] = head_to_head(player=player, opponent=opponent, user=request.user)
    return render(request, "tournaments/players/profile.html", context)


def ratings_page(request: HttpRequest) -> HttpResponse:
    """A game's rating leaderboard (``?game=``, ``?period=``, ``?page=``)."""
    game = request.GET.get("game") or settings.DEFAULT_GAME
    if game not in game_keys():
        game = settings.DEFAULT_GAME
    period = request.GET.get("period") or "all"
    if period not in PERIODS:
        period = "all"
    page = whole_number(request.GET.get("page", ""), low=1, high=1_000_000) or 1
    board = leaderboard_page(game=game, period=period, page=page, page_size=PAGE_SIZE)
    periods = [
        ("all", _("All time")),
        ("year", _("Last year")),
        ("quarter", _("Last 3 months")),
        ("month", _("Last month")),
        ("week", _("Last week")),
    ]
    return render(
        request,
        "tournaments/players/ratings.html",
        {
            "board": board,
            "game": game,
            "games": game_choices(),
            "period": period,
            "periods": periods,
            "pager": page_links(request, board.page, board.pages),
        },
    )
