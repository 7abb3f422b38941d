"""The metagame pages (point 6): an event's, and a game's over a period.

Both draw the stored numbers (services.metagame; never computed in the request): charts by
the vendored Chart.js (static/respons/metagame.js) over tables that say the same in text,
CSV links to the API, and "being computed" with its progress while the task runs.
"""

from datetime import date
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from engine.registry import get_game
from tournaments.models import MetagameReport
from tournaments.selectors.cards import card_namer
from tournaments.selectors.metagame import CSV_TABLES, Scope, metagame_namer
from tournaments.services.errors import OverLimit
from tournaments.services.metagame import metagame_request
from tournaments.views.cards import game_choices
from tournaments.views.events.common import _event, _event_context

CHART_ROWS = 12  # bars in a chart: the most played; the tables list every row
CARD_ROWS = 40  # cards in the cards table, most included first (the CSV has every card)


def _percent(value: float | None) -> float | None:
    return None if value is None else round(100 * value, 1)


def _shown(data: dict[str, Any], game: str) -> dict[str, Any]:
    """Return the numbers with card and hero names, traits and card types in the reader's
    language and rates in percent."""
    language = (get_language() or "ru")[:2]
    name = card_namer(game=game, language=language)
    deck = metagame_namer(game=game, language=language)  # identities and archetypes

    def rows(items: list[dict[str, Any]], label: Any) -> list[dict[str, Any]]:
        return [
            {
                **row,
                "label": label(row["name"]),
                "share_pct": _percent(row.get("share")),
                "win_pct": _percent(row.get("win_rate")),
                "inclusion_pct": _percent(row.get("inclusion")),
                "play_pct": _percent(row.get("play_rate")),
                "played_win_pct": _percent(row.get("played_win_rate")),
            }
            for row in items
        ]

    matchups = data.get("matchups", {"names": [], "cells": []})
    matrix = [
        {
            "label": deck(row),
            "cells": [
                None
                if cell is None
                else {**cell, "win_pct": _percent(cell["win_rate"]), "against": deck(col)}
                for col, cell in zip(matchups["names"], cells, strict=True)
            ],
        }
        for row, cells in zip(matchups["names"], matchups["cells"], strict=True)
    ]
    identities = rows(data.get("identities", []), deck)
    first = data.get("first_player", {})
    return {
        **data,
        "identities": identities,
        "archetypes": rows(data.get("archetypes", []), deck),
        "cards": rows(data.get("cards", [])[:CARD_ROWS], name),
        "cards_total": len(data.get("cards", [])),
        "has_play_rates": any(row.get("games_played") for row in data.get("cards", [])),
        "matrix_columns": [deck(col) for col in matchups["names"]],
        "matrix": matrix,
        "first_player": {**first, "win_pct": _percent(first.get("win_rate"))},
        "charts": {
            "share": [[r["label"], r["share_pct"]] for r in identities[:CHART_ROWS]],
            "win": [[r["label"], r["win_pct"]] for r in identities[:CHART_ROWS] if r["win_pct"] is not None],
        },
    }


def _metagame_context(scope: Scope | None, api_url: str, csv_url: str) -> dict[str, Any]:
    if scope is None:
        return {"hidden": True}
    try:
        report = metagame_request(scope=scope)
    except OverLimit as refusal:
        return {"hidden": False, "busy": refusal.detail}
    computing = report.status == MetagameReport.Status.COMPUTING
    return {
        "hidden": False,
        "computing": computing and not report.data,
        "stale": computing and bool(report.data),
        "progress": report.progress,
        "numbers": _shown(report.data, scope.game) if report.data else None,
        "computed_at": report.computed_at,
        "api_url": api_url,
        "csv_links": [
            (table, f"{csv_url}{'&' if '?' in csv_url else '?'}table={table}") for table in CSV_TABLES
        ],
    }


def event_metagame(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's metagame: shown once its decklists are published, nothing before."""
    event = _event(request, event_id)
    context = _event_context(request, event, "metagame")
    scope = Scope.of_event(event) if event.decklists_public else None
    context.update(
        _metagame_context(
            scope,
            reverse("api-event-metagame", args=[event.pk]),
            reverse("api-event-metagame-csv", args=[event.pk]),
        )
    )
    return render(request, "tournaments/metagame/event.html", context)


class PeriodForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    since = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(label=_("Until"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", _("The period ends before it starts."))
        return data


def game_metagame(request: HttpRequest) -> HttpResponse:
    """A game's metagame over a period: every event of the game with published decklists."""
    form = PeriodForm(request.GET or {"game": game_choices()[0][0]})
    context: dict[str, Any] = {"form": form}
    if form.is_valid():
        game: str = form.cleaned_data["game"]
        since: date | None = form.cleaned_data["since"]
        until: date | None = form.cleaned_data["until"]
        query = f"?game={game}" + (f"&since={since}" if since else "") + (f"&until={until}" if until else "")
        context["rules"] = get_game(game)
        context.update(
            _metagame_context(
                Scope.of_period(game, since, until),
                reverse("api-metagame") + query,
                reverse("api-metagame-csv") + query,
            )
        )
    return render(request, "tournaments/metagame/period.html", context)
