"""Pages: the series list, a series' leaderboard, and the organizer's
pages to create a series, change it and add or remove its events.

Thin views over ``tournaments.services.series``: what a series may hold (a name, a points
table, events of its organizer and its game) is the services' rule, and a refusal comes back
as a form error or a flash, in the reader's language.
"""

import re
from typing import Any, cast

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.labels import game_title
from tournaments.models import Event, Series
from tournaments.numbers import whole_number
from tournaments.selectors.events import event_seen
from tournaments.selectors.series import (
    series_editable_by,
    series_event_candidates,
    series_events,
    series_listed,
    series_standings_page,
)
from tournaments.services import series as svc
from tournaments.services.errors import DomainError
from tournaments.users import SignedInHttpRequest, signed_in
from tournaments.views.cards import game_choices
from tournaments.views.forms_common import ServiceForm, form_number, run_service
from tournaments.views.players import page_links

PAGE_ROWS = 100
DESCRIPTION_MAX = 5000  # as the API's serializer takes


def series_list(request: HttpRequest) -> HttpResponse:
    rows = [(s, game_title(s.game)) for s in series_listed()[:200]]
    return render(request, "tournaments/series/list.html", {"series_list": rows})


def series_detail(request: HttpRequest, series_id: int) -> HttpResponse:
    """The series' leaderboard, its events and its points table."""
    series = get_object_or_404(series_listed(), pk=series_id)
    events = series_events(series=series)
    points = [(place, value) for place, value in enumerate(series.points or [], start=1)]
    number = whole_number(request.GET.get("page", ""), low=1, high=100_000) or 1
    count, standings = series_standings_page(series=series, page=number, page_size=PAGE_ROWS)
    pages = max(1, -(-count // PAGE_ROWS))
    return render(
        request,
        "tournaments/series/detail.html",
        {
            "series": series,
            "game_title": game_title(series.game),
            "can_edit": series_editable_by(series=series, user=request.user),
            "events": events,
            "finished": [e for e in events if e.status == Event.Status.FINISHED],
            "standings": standings,
            "pager": page_links(request, number, pages),
            "points": points,
        },
    )


# ------------------------------------------------------------------------------ the organizer's pages


def points_from_text(raw: str) -> list[Any]:
    """Return the numbers of a points table typed as "10, 6, 4, 3" (commas, semicolons or
    spaces between them). A part that is not a whole number is kept as typed, so that the
    service refuses it with its own message; nothing typed is an empty table, which it refuses too."""
    return [form_number(part) for part in re.split(r"[\s,;]+", raw.strip()) if part]


class SeriesForm(ServiceForm):
    """What ``POST /api/series/`` takes; every value goes to the service as typed (but for the
    numbers, read as numbers), so the service's checks and messages are the form's."""

    name = forms.CharField(
        label=gettext_lazy("Name"),
        required=False,
        widget=forms.TextInput(attrs={"maxlength": svc.NAME_MAX}),
    )
    # Any text, not a ChoiceField: a game the site does not know gets the service's message.
    game = forms.CharField(
        label=gettext_lazy("Game"),
        required=False,
        widget=forms.Select(),
        help_text=gettext_lazy("Only events of this game can join the series; it cannot change later."),
    )
    points = forms.CharField(
        label=gettext_lazy("Points per place"),
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    participation_points = forms.CharField(
        label=gettext_lazy("Points for any other place"),
        required=False,
        initial=0,
        widget=forms.NumberInput(attrs={"min": 0, "max": svc.POINTS_MAX, "inputmode": "numeric"}),
        help_text=gettext_lazy("Each player placed below the table earns these."),
    )
    description = forms.CharField(
        label=gettext_lazy("Description"),
        required=False,
        max_length=DESCRIPTION_MAX,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=gettext_lazy("Dates, prizes, how the season ends: plain text."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.Select, self.fields["game"].widget).choices = game_choices()
        # Filled here, in the reader's language (a lazy text cannot take the number in advance).
        self.fields["points"].help_text = _(
            "1st place first, separated by commas: for example 10, 6, 4, 3 (up to %(n)d places)."
        ) % {"n": svc.PLACES_MAX}

    def service_values(self) -> dict[str, Any]:
        """Return the form as the service's keyword arguments."""
        data = self.cleaned_data
        values: dict[str, Any] = {
            "name": data["name"],
            "points": points_from_text(data["points"]),
            "participation_points": form_number(self.data.get(self.add_prefix("participation_points"))),
            "description": data["description"],
        }
        if "game" in self.fields:
            # Left out, as in the API, the site's first game; anything sent goes to the service.
            values["game"] = data["game"] if "game" in self.data else settings.DEFAULT_GAME
        return values


@login_required
def series_create(request: SignedInHttpRequest) -> HttpResponse:
    """The new-series page: any signed-in user may organize one, as the API lets them."""
    form = SeriesForm(
        request.POST if request.method == "POST" else None,
        initial={"game": settings.DEFAULT_GAME, "participation_points": 0},
    )
    if request.method == "POST" and form.is_valid():
        try:
            series = svc.series_create(organizer=request.user, **form.service_values())
        except DomainError as error:
            form.add_domain_error(error)
        else:
            messages.success(
                request, _("Series “%(name)s” created. Add its events below.") % {"name": series.name}
            )
            return redirect("series-edit", series_id=series.pk)
    return render(request, "tournaments/series/edit.html", {"form": form}, status=400 if form.errors else 200)


def _editable_series(request: HttpRequest, series_id: int) -> Series | HttpResponse:
    """Return the series for its organizer; a sign-in redirect for a visitor (back to the edit
    page, not to a form's address), 403 for anyone else."""
    series = get_object_or_404(series_listed(), pk=series_id)
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("series-edit", args=[series.pk]))
    if not series_editable_by(series=series, user=request.user):
        raise PermissionDenied(_("Only the series' organizer can change it."))
    return series


def series_edit(request: HttpRequest, series_id: int) -> HttpResponse:
    """The organizer's page of a series: its name, points table and description (its game
    stays, as the API's PATCH takes none), and its events to add or take out."""
    series = _editable_series(request, series_id)
    if isinstance(series, HttpResponse):
        return series
    form = SeriesForm(
        request.POST if request.method == "POST" else None,
        initial={
            "name": series.name,
            "points": ", ".join(str(value) for value in series.points or []),
            "participation_points": series.participation_points,
            "description": series.description,
        },
    )
    del form.fields["game"]
    if request.method == "POST" and form.is_valid():
        try:
            svc.series_update(series=series, by=signed_in(request), **form.service_values())
        except DomainError as error:
            form.add_domain_error(error)
        else:
            messages.success(request, _("The series is saved."))
            return redirect("series-detail", series_id=series.pk)
    context = {
        "form": form,
        "series": series,
        "game_title": game_title(series.game),
        "events": series_events(series=series),
        "candidates": series_event_candidates(series=series),
    }
    return render(request, "tournaments/series/edit.html", context, status=400 if form.errors else 200)


@require_POST
def series_event_add(request: HttpRequest, series_id: int) -> HttpResponse:
    """Add the event chosen from the list to the series (the service checks it may join)."""
    series = _editable_series(request, series_id)
    if isinstance(series, HttpResponse):
        return series
    user = signed_in(request)
    number = whole_number(request.POST.get("event", ""), low=1)
    event = event_seen(event_id=number, user=user) if number else None
    if event is None:
        messages.error(request, _("Choose one of your events from the list."))
    else:
        run_service(
            request,
            lambda: svc.series_event_add(series=series, by=user, event=event),
            _("“%(name)s” is in the series now.") % {"name": event.name},
        )
    return redirect("series-edit", series_id=series.pk)


@require_POST
def series_event_remove(request: HttpRequest, series_id: int, event_id: int) -> HttpResponse:
    """Take an event out of the series; its results leave the standings with it."""
    series = _editable_series(request, series_id)
    if isinstance(series, HttpResponse):
        return series
    event = get_object_or_404(Event.objects.filter(series=series), pk=event_id)
    run_service(
        request,
        lambda: svc.series_event_remove(series=series, by=signed_in(request), event=event),
        _("“%(name)s” is no longer in the series.") % {"name": event.name},
    )
    return redirect("series-edit", series_id=series.pk)
