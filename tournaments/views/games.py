"""The games' pages: every game the site runs, and each game's page — its cards, events,
metagame and ratings, and practice against its bot (start a game, continue or resign one)."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine.registry import game_keys, get_game
from tournaments.label_messages import violation_text
from tournaments.labels import game_title, reader_language
from tournaments.models import Card, CardSet, SavedDeck
from tournaments.numbers import whole_number
from tournaments.selectors.cards import card_namer
from tournaments.selectors.decks import deck_check
from tournaments.selectors.practice import (
    practice_deck_label,
    practice_deck_options,
    practice_games,
    practice_of,
    practice_outcome,
    practice_quota,
    practice_samples,
    practices_of,
    sample_names,
)
from tournaments.services.errors import DomainError, IllegalDeck
from tournaments.services.practice import practice_resign, practice_start
from tournaments.users import SignedInHttpRequest
from tournaments.views.events import format_label

SHOWN_PRACTICES = 10  # the game page lists the player's latest practice games of the game


def _other_title(key: str) -> str:
    """The game's title in the other language, when it differs (RESPONSE / РЕСПОНС)."""
    rules = get_game(key)
    shown = game_title(key)
    other = rules.title if shown == rules.title_ru else rules.title_ru
    return other if other and other != shown else ""


def game_list(request: HttpRequest) -> HttpResponse:
    """Every game the site runs, each with its cards and whether it can be practised."""
    counts = dict((game, n) for game, n in ((g, Card.objects.filter(game=g).count()) for g in game_keys()))
    practised = set(practice_games())
    rows = [
        {
            "key": key,
            "title": game_title(key),
            "other": _other_title(key),
            "cards": counts[key],
            "practice": key in practised and counts[key] > 0,
        }
        for key in game_keys()
    ]
    return render(request, "tournaments/games/list.html", {"games": rows})


def game_detail(request: HttpRequest, key: str) -> HttpResponse:
    """A game's page: its card sets, links to its cards, events, metagame and ratings, and, for a
    game with a match engine, practice against its bot."""
    if key not in game_keys():
        raise Http404(_("There is no game “%(game)s” here.") % {"game": key[:40]})
    rules = get_game(key)
    sets = list(CardSet.objects.filter(game=key).order_by("id"))
    context: dict[str, Any] = {
        "key": key,
        "rules": rules,
        "title": game_title(key),
        "other": _other_title(key),
        "sets": [(s.code, s.name, s.cards.count()) for s in sets],
        "formats": [format_label(f) for f in rules.formats],
        "practice": None,
    }
    if key in practice_games() and sets:
        context["practice"] = _practice_context(request, key)
    return render(request, "tournaments/games/detail.html", context)


def _practice_context(request: HttpRequest, key: str) -> dict[str, Any]:
    """The game page's practice section: the deck choices, the quota and the player's games."""
    names = sample_names(game=key)
    samples = [(f"sample:{s.key}", names[s.key]) for s in practice_samples(game=key)]
    out: dict[str, Any] = {"samples": samples, "saved": [], "games": [], "quota": None}
    if not request.user.is_authenticated:
        return out
    user = request.user
    options = practice_deck_options(key)
    for deck in SavedDeck.objects.filter(owner=user, game=key).order_by("name"):
        problems = len(deck_check(source=deck.decklist, game=key, options=options).violations)
        out["saved"].append({"value": f"saved:{deck.pk}", "name": deck.name, "problems": problems})
    for practice in practices_of(user=user, limit=50):
        if practice.game != key or len(out["games"]) >= SHOWN_PRACTICES:
            continue
        status, result, reason = practice_outcome(practice)
        out["games"].append(
            {
                "practice": practice,
                "deck": practice_deck_label(practice),
                "status": status,
                "result": result,
                "reason": reason,
            }
        )
    out["quota"] = practice_quota(user=user)
    return out


@login_required
@require_POST
def practice_begin(request: SignedInHttpRequest, key: str) -> HttpResponse:
    """Start a practice game (POST ``deck``: ``sample:<key>`` or ``saved:<id>``) and go to its
    play page; a refusal (an illegal deck, the quota) is said on the game page."""
    if key not in game_keys():
        raise Http404
    back = reverse("game-detail", args=[key]) + "#practice"
    kind, _sep, value = request.POST.get("deck", "").partition(":")
    chosen: dict[str, Any] = {}
    if kind == "sample" and value:
        chosen["sample"] = value
    elif kind == "saved" and (number := whole_number(value, low=1)) is not None:
        chosen["saved_deck"] = number
    try:
        practice = practice_start(player=request.user, game=key, **chosen)
    except IllegalDeck as refused:
        messages.error(request, refused.detail)
        namer = card_namer(game=key, language=reader_language())
        for violation in refused.extra.get("violations", []):
            messages.error(request, violation_text(violation, card_name=namer))
        return redirect(back)
    except DomainError as refused:
        messages.error(request, refused.detail)
        return redirect(back)
    return redirect("match-play", practice.match_id)


@login_required
@require_POST
def practice_leave(request: SignedInHttpRequest, practice_id: int) -> HttpResponse:
    """Resign one of the player's practice games (someone else's: 404) and go back to its game."""
    practice = practice_of(user=request.user, practice_id=practice_id)
    if practice is None:
        raise Http404
    try:
        practice_resign(practice=practice, by=request.user)
    except DomainError as refused:
        messages.error(request, refused.detail)
    else:
        messages.success(request, _("You resigned the practice game."))
    return redirect(reverse("game-detail", args=[practice.game]) + "#practice")
