"""The deck builder (live validation with htmx), saved decks, text export."""

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine.decklist import ZoneKind, ZoneSpec, parse_decklist
from engine.registry import game_keys, get_game
from tournaments.labels import game_title, reader_language, value_label, zone_label
from tournaments.models import SavedDeck
from tournaments.numbers import whole_number
from tournaments.selectors.cards import cards_in_language, cards_search
from tournaments.services.decks import DeckCheck, deck_check, deck_delete, deck_save, decklist_text
from tournaments.users import SignedInHttpRequest
from tournaments.views.cards import game_choices


def leader_hint(summary: dict[str, Any]) -> str:
    """Return what sets a hero (or ruler) apart in the builder's picker when its game has no
    factions, in the reader's words: its faction and classes, attributes or subtypes
    ("Орда · Воин", "Свет"); empty when the card has none of them."""
    traits = summary.get("traits") or summary  # a game may keep them in a "traits" object
    words = [
        traits.get("faction"),
        *(traits.get("classes") or []),
        *(summary.get("attributes") or []),
        *(summary.get("subtypes") or []),
    ]
    return " · ".join(value_label(word) for word in words if word)


def _with_hints(cards: Iterable[Any]) -> list[Any]:
    """Return the cards, each with its ``hint`` (:func:`leader_hint`) for the picker."""
    cards = list(cards)
    for card in cards:
        card.hint = leader_hint(card.summary)
    return cards


CURVE_TOP = 80  # px: the tallest bar of the cost curve (its viewBox is 130 px tall)


def _game_of(value: str | None) -> str:
    return value if value is not None and value in game_keys() else str(settings.DEFAULT_GAME)


def _blank_text(game: str) -> str:
    """Return an empty decklist skeleton with the game's section headers."""
    lines = []
    for zone in get_game(game).zones:
        title = zone_label(zone.key)
        lines.append(f"{title}: " if zone.kind is ZoneKind.ONE else f"{title}:")
        if zone.kind is not ZoneKind.ONE:
            lines.append("")
    return "\n".join(lines)


def _header_words(zone: ZoneSpec) -> str:
    """Return every header of a zone, lower-case and joined by "|" (the builder's script finds
    the section under any of them), the reader's label first."""
    words = [zone_label(zone.key).casefold(), *zone.headers]
    return "|".join(dict.fromkeys(words))


def _side_max(request: HttpRequest) -> int | None:
    raw = request.POST.get("side_max", "")
    return whole_number(raw, high=999)


def _check_context(check: DeckCheck, game: str) -> dict[str, Any]:
    curve = check.stats.get("curve", {})
    peak = max(curve.values(), default=0) or 1
    # SVG geometry of the cost-curve bars: 40 px per cost, bars up to CURVE_TOP px tall above
    # y=100, so that the count above the tallest bar (4 px over it, 11 px type) stays inside.
    bars = []
    for index, (cost, n) in enumerate(curve.items()):
        height = round(CURVE_TOP * n / peak)
        bars.append({"cost": cost, "count": n, "x": index * 40, "y": 100 - height, "height": height})
    factions = check.stats.get("factions", {})
    total = sum(factions.values()) or 1
    mix = [{"name": f, "count": n, "share": round(100 * n / total, 1)} for f, n in factions.items()]
    zones = [
        {"key": z.key, "title": zone_label(z.key), "count": check.stats.get("sizes", {}).get(z.key, 0)}
        for z in get_game(game).zones
    ]
    return {"check": check, "bars": bars, "mix": mix, "zones": zones}


def deck_builder(request: HttpRequest) -> HttpResponse:
    """The builder page; a POST saves the list (re-showing it, never losing it, on error)."""
    game = _game_of(request.GET.get("game"))
    text, name, errors = "", "", []
    if request.method == "POST":
        game, text, name = (
            _game_of(request.POST.get("game")),
            request.POST.get("text", ""),
            request.POST.get("name", ""),
        )
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        try:
            deck = deck_save(owner=request.user, name=name, source=text, game=game)
        except ValidationError as error:
            errors = [problem for problems in error.message_dict.values() for problem in problems]
        else:
            messages.success(request, _("Deck “%(name)s” saved.") % {"name": deck.name})
            return redirect(f"{reverse('deck-builder')}?deck={deck.pk}")
    elif request.user.is_authenticated and (saved_id := whole_number(request.GET.get("deck"))) is not None:
        saved = get_object_or_404(SavedDeck, owner=request.user, pk=saved_id)
        game, name = saved.game, saved.name
        text = decklist_text(parse_decklist(saved.decklist, game=saved.game))
    rules = get_game(game)
    text = text or _blank_text(game)
    leaders = [
        {
            "zone": z.key,
            "title": zone_label(z.key),
            "headers": _header_words(z),
            "cards": _with_hints(
                cards_in_language(cards_search(game=game, card_type=z.key), language=reader_language())
            ),
        }
        for z in rules.zones
        if z.kind is ZoneKind.ONE
    ]
    check = deck_check(source=text, game=game)
    context = {
        "games": game_choices(),
        "game": game,
        "rules": rules,
        "text": text,
        "name": name,
        "errors": errors,
        "leaders": leaders,
        **_check_context(check, game),
    }
    return render(request, "tournaments/decks/builder.html", context, status=400 if errors else 200)


@require_POST
def deck_builder_check(request: HttpRequest) -> HttpResponse:
    """Return the live validation panel for the posted list (htmx partial)."""
    game = _game_of(request.POST.get("game"))
    side_max = _side_max(request)
    check = deck_check(
        source=request.POST.get("text", "")[:20000],
        game=game,
        options={"side_max": side_max} if side_max is not None else {},
    )
    return render(request, "tournaments/decks/_check.html", _check_context(check, game))


def deck_builder_cards(request: HttpRequest) -> HttpResponse:
    """Return the card picker list (htmx partial)."""
    game = _game_of(request.GET.get("game"))
    zones = get_game(game).zones
    leaders = [z.key for z in zones if z.kind is ZoneKind.ONE]
    found = cards_search(game=game, q=request.GET.get("q", "")[:100]).exclude(type__in=leaders)[:40]
    cards = cards_in_language(found, language=reader_language())
    # "title" is the section header the builder writes (the zone's label in the reader's
    # language); "headers" every header that names the section, so a list typed in the other
    # language gets its cards in the section it has.
    targets = [
        {"key": z.key, "title": zone_label(z.key), "headers": _header_words(z)}
        for z in zones
        if z.kind is not ZoneKind.ONE
    ]
    return render(request, "tournaments/decks/_picker.html", {"cards": cards, "targets": targets})


@login_required
def deck_mine(request: SignedInHttpRequest) -> HttpResponse:
    decks = []
    for deck in SavedDeck.objects.filter(owner=request.user):
        check = deck_check(source=deck.decklist, game=deck.game)
        decks.append(
            {
                "deck": deck,
                "legal": check.legal,
                "problems": len(check.violations),
                "title": game_title(deck.game),
            }
        )
    return render(request, "tournaments/decks/mine.html", {"decks": decks})


@login_required
def deck_export(request: HttpRequest, pk: int) -> HttpResponse:
    deck = get_object_or_404(SavedDeck, owner=request.user, pk=pk)
    text = decklist_text(parse_decklist(deck.decklist, game=deck.game))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="deck-{deck.pk}.txt"'
    return response


@login_required
def deck_remove(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    """Ask first, then delete: a GET, or a POST without ``confirmed=yes`` (the list's Delete
    button with no JavaScript to ask in a dialog), answers the question page."""
    deck = get_object_or_404(SavedDeck, owner=request.user, pk=pk)
    if request.method != "POST" or request.POST.get("confirmed") != "yes":
        return render(request, "tournaments/decks/delete.html", {"deck": deck})
    deck_delete(owner=request.user, deck_id=deck.pk)
    messages.success(request, _("Deck deleted."))
    return redirect("deck-mine")
