"""The card browser: search by name in either language, filter by faction, type, cost."""

from typing import Any

from django.conf import settings
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.middleware import HtmxDetails

from engine.registry import game_keys, get_game
from tournaments.labels import game_title, reader_language, value_label
from tournaments.numbers import whole_number
from tournaments.selectors.cards import card_factions, cards_in_language, cards_search


def game_choices() -> list[tuple[str, str]]:
    """Return (key, title) of every registered game, flagship first."""
    return [(key, game_title(key)) for key in game_keys()]


# Shown in the card's header and footer; anything else a game defines goes in the details.
_SHOWN = {
    "name",
    "aliases",
    "set",
    "number",
    "type",
    "factions",
    "cost",
    "text",
    "flavor",
    "abilities",
    "supertypes",
    "subtypes",
    "strength",
    "influence",
    "durability",
    "names",
    "texts",
}


def card_details(summary: dict[str, Any]) -> list[tuple[str, str]]:
    """Return (label, value) pairs of the game-specific fields of a card summary, each value
    word (trait, attribute, subtype) by its label in the reader's language."""
    details = []
    for key, value in summary.items():
        if key in _SHOWN or value in (None, "", [], {}, False):
            continue
        if isinstance(value, dict):
            value = "; ".join(
                f"{k}: {', '.join(map(value_label, v)) if isinstance(v, list) else value_label(v)}"
                for k, v in value.items()
                if v not in (None, "", [], {})
            )
        elif isinstance(value, list):
            value = ", ".join(map(value_label, value))
        else:
            value = value_label(value)
        details.append((key.replace("_", " "), str(value)))
    if summary.get("subtypes"):
        details.insert(0, ("subtypes", ", ".join(map(value_label, summary["subtypes"]))))
    return details


class HtmxHttpRequest(HttpRequest):
    """A request through django-htmx's middleware (settings.MIDDLEWARE): ``htmx`` is truthy when
    htmx sent it."""

    htmx: HtmxDetails


def card_list(request: HtmxHttpRequest) -> HttpResponse:
    params = request.GET
    game = params.get("game", settings.DEFAULT_GAME)
    if game not in game_keys():
        game = settings.DEFAULT_GAME
    rules = get_game(game)
    cost_raw = params.get("cost", "")
    cost = whole_number(cost_raw, high=999)
    cards = cards_search(
        game=game,
        q=params.get("q", "")[:100],
        faction=params.get("faction", "")[:40],
        card_type=params.get("type", "")[:40],
        cost=cost,
    )
    page = Paginator(cards, 48).get_page(params.get("page"))
    for card in cards_in_language(page, language=reader_language()):
        card.details = card_details(card.summary)
    context = {
        "games": game_choices(),
        "game": game,
        "rules": rules,
        "factions": card_factions(game=game),
        "types": rules.card_types,
        "costs": range(8),
        "filters": {
            "q": params.get("q", ""),
            "faction": params.get("faction", ""),
            "type": params.get("type", ""),
            "cost": cost,
        },
        "page": page,
        "query": params.urlencode() if params else "",
    }
    template = "tournaments/cards/_results.html" if request.htmx else "tournaments/cards/list.html"
    return render(request, template, context)
