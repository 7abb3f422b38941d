"""Event pages: the list, creation, the public event page, the organizer's dashboard,
pairings, standings, CSV exports and printables.

Thin views over selectors (reads) and services (writes): every rule — who may do
what, in which state — is the services'; a refused action comes back as a
DomainError whose message the page shows (a flash, or a form error).
"""

import csv
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, cast

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from engine.registry import game_keys, get_game
from tournaments.labels import FORMAT_LABELS
from tournaments.models import Event, Match, Pool, Registration, Round, SavedDeck
from tournaments.numbers import whole_number
from tournaments.selectors.events import (
    EventFilters,
    Role,
    can_see_deck,
    checked_in_count,
    decklist_rows,
    decks_of,
    event_audit,
    event_player_names,
    event_results,
    event_role,
    event_round,
    event_waitlist,
    events_search,
    events_visible,
    forbidden_pairs_listed,
    is_official,
    judged_before,
    match_deadline,
    match_settlement,
    no_show_from,
    player_match,
    players_by_name,
    players_checked_query,
    pool_text,
    registration_deck_check,
    registration_deck_text,
    registration_is_open,
    registration_of,
    registrations_checked,
    round_matches,
    round_matches_page,
    round_movable_players,
    round_progress,
    round_progress_counted,
    round_seats,
    round_visible,
    running_round,
    saved_decks_for,
    standings_table,
)
from tournaments.selectors.online import game_clock
from tournaments.services import events as svc
from tournaments.services import pools
from tournaments.services.errors import DomainError, IllegalDeck, OverLimit
from tournaments.users import SignedInHttpRequest, signed_in
from tournaments.views.cards import game_choices
from tournaments.views.event_form_keep import every_problem_show, typed_values_keep
from tournaments.views.forms_common import PlainSelect, ServiceForm, form_number, redirect_back, run_service

EXTENSIONS = (3, 5, 10)  # minutes offered as one-click extensions on the dashboard


def format_label(key: str) -> str:
    return str(FORMAT_LABELS.get(key, key.replace("_", " ").capitalize()))


def _game_of(value: str | None) -> str:
    return value if value is not None and value in game_keys() else settings.DEFAULT_GAME


# ---------------------------------------------------------------------------------------- helpers


def _event(request: HttpRequest, event_id: int) -> Event:
    """Return the event if the user may see it (drafts are 404 to all but their organizer)."""
    return get_object_or_404(events_visible(user=request.user), pk=event_id)


def _official_event(request: HttpRequest, event_id: int) -> Event | HttpResponse:
    """Return the event for its organizer and judges; a login redirect or 403 for anyone else."""
    event = _event(request, event_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not is_official(event_role(event=event, user=request.user)):
        raise PermissionDenied(_("Only the organizer and the judges of this event can open this page."))
    return event


def _round(request: HttpRequest, event: Event, number: int) -> Round:
    round_ = event_round(event=event, number=number)
    if round_ is None or not round_visible(round=round_, user=request.user):
        raise Http404(_("This event has no round %(n)s.") % {"n": number})
    return round_


def _match(event: Event, match_id: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related("round__event", "player_a__player", "player_b__player"),
        pk=match_id,
        round__event=event,
    )


def _home_of(request: HttpRequest, event: Event) -> str:
    """Return where to go back to after an action: the dashboard for officials, else the event page."""
    if is_official(event_role(event=event, user=request.user)):
        return reverse("event-manage", args=[event.pk])
    return reverse("event-detail", args=[event.pk])


def _event_context(request: HttpRequest, event: Event, tab: str) -> dict[str, Any]:
    """Return what every event page shows: the header, the tabs and the round timer."""
    role = event_role(event=event, user=request.user)
    rounds = list(event.round_set.order_by("number"))
    # Held pairings: only the officials see them; the others are told the round is being prepared.
    live = event.status in (Event.Status.RUNNING, Event.Status.TOP_CUT)
    preparing = rounds[-1] if live and rounds and not rounds[-1].published else None
    if not is_official(role):
        rounds = [r for r in rounds if r.published]
    return {
        "event": event,
        "role": role.value,
        "official": is_official(role),
        "is_organizer": role is Role.ORGANIZER,
        "rules": get_game(event.game),
        "format_label": format_label(event.format),
        "rounds": rounds,
        "last_round": rounds[-1] if rounds else None,
        "running": running if (running := running_round(event=event)) in rounds else None,
        "preparing": preparing,
        "now": timezone.now(),
        "tab": tab,
    }


def _cell(value: Any) -> Any:
    """Return a CSV cell a spreadsheet will not run as a formula (a name may start with - + @ =)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv(filename: str, header: list[str], rows: Iterable[Iterable[Any]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # a byte-order mark, so spreadsheet programs read UTF-8 (Cyrillic names)
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows([_cell(value) for value in row] for row in rows)
    return response


# ---------------------------------------------------------------------------------------- list, create


class EventFilterForm(forms.Form):
    """The event list's search and filters; a value that is not valid is left out."""

    q = forms.CharField(label=gettext_lazy("Search"), required=False, max_length=100)
    game = forms.ChoiceField(label=gettext_lazy("Game"), required=False)
    status = forms.ChoiceField(label=gettext_lazy("Status"), required=False)
    date_from = forms.DateField(
        label=gettext_lazy("From"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    online = forms.ChoiceField(
        label=pgettext_lazy("how an event is played", "Play"),
        required=False,
        choices=[
            ("", gettext_lazy("Online and paper")),
            ("yes", gettext_lazy("Online")),
            ("no", gettext_lazy("Paper")),
        ],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["game"]).choices = [("", _("All games")), *game_choices()]
        cast(forms.ChoiceField, self.fields["status"]).choices = [
            ("", _("Any status")),
            *Event.Status.choices,
        ]

    def filters(self) -> EventFilters:
        """Return the filters asked for; an invalid one (a bad date, an unknown game) is left out."""
        self.is_valid()  # cleaned_data then holds the valid fields only
        data = self.cleaned_data
        online = {"yes": True, "no": False}.get(data.get("online") or "")
        return EventFilters(
            q=(data.get("q") or "").strip(),
            game=data.get("game") or "",
            status=data.get("status") or "",
            date_from=data.get("date_from"),
            online=online,
        )


def event_list(request: HttpRequest) -> HttpResponse:
    """The event list, with search and filters (game, status, from a date, online or paper)."""
    form = EventFilterForm(request.GET)
    filters = form.filters()
    events = list(events_search(user=request.user, filters=filters)[:500])
    titles = dict(game_choices())
    rows = [
        {"event": e, "game": titles.get(e.game, e.game), "format": format_label(e.format)} for e in events
    ]
    filtered = filters != EventFilters()
    return render(
        request, "tournaments/events/list.html", {"rows": rows, "filter_form": form, "filtered": filtered}
    )


class EventForm(ServiceForm):
    """The create-event form: types and choices only; the ranges are the service's to check."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=game_choices)
    format = forms.ChoiceField(label=gettext_lazy("Format"))
    best_of = forms.TypedChoiceField(
        label=gettext_lazy("Match length"),
        coerce=int,
        initial=1,
        choices=[(1, gettext_lazy("Best of 1")), (3, gettext_lazy("Best of 3"))],
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("Swiss rounds"),
        required=False,
        help_text=gettext_lazy("Leave blank for the recommended number for the field."),
    )
    top_cut = forms.TypedChoiceField(
        label=gettext_lazy("Top cut"),
        coerce=int,
        initial=0,
        choices=[
            (0, gettext_lazy("No top cut")),
            (2, gettext_lazy("Top 2")),
            (4, gettext_lazy("Top 4")),
            (8, gettext_lazy("Top 8")),
        ],
    )
    side_deck_max = forms.IntegerField(label=gettext_lazy("Side deck maximum"), initial=10)
    online = forms.BooleanField(
        label=gettext_lazy("Online event"),
        required=False,
        help_text=gettext_lazy("Matches are played on the site's match engine."),
    )
    round_minutes = forms.IntegerField(label=gettext_lazy("Round length, minutes"), initial=50)
    grace_minutes = forms.IntegerField(
        label=gettext_lazy("Waiting for players, minutes"),
        initial=5,
        required=False,  # left blank: the default (5), or unchanged
        min_value=0,
        max_value=svc.GRACE_MAX,
        help_text=gettext_lazy(
            "Online: no clock runs until both players have opened the game; a player who has not "
            "come by then loses the game as a no-show. 0: the clocks start at once."
        ),
    )
    player_cap = forms.IntegerField(
        label=gettext_lazy("Player cap"),
        required=False,
        help_text=gettext_lazy("Leave blank for no cap; later entries join the waitlist."),
    )
    late_entry = forms.BooleanField(
        label=gettext_lazy("Late entry"),
        required=False,
        help_text=gettext_lazy("Players may still register after round 1; missed rounds count as losses."),
    )
    check_in_required = forms.BooleanField(
        label=gettext_lazy("Check-in"),
        required=False,
        help_text=gettext_lazy("Players check in on the day; those who have not are dropped at the start."),
    )
    seed_by_rating = forms.BooleanField(
        label=gettext_lazy("Round 1 by rating"),
        required=False,
        help_text=gettext_lazy(
            "Round 1 pairs the top half of the field by rating against the bottom half, instead of at random."
        ),
    )
    no_show_minutes = forms.IntegerField(
        label=gettext_lazy("No-show after, minutes"),
        initial=10,
        required=False,
        help_text=gettext_lazy(
            "A player not at the table this long into a round can be given a no-show loss."
        ),
    )
    # Online: who may watch the matches (and their replays), and how far behind.
    spectators = forms.ChoiceField(
        label=gettext_lazy("Spectators"),
        required=False,
        initial=Event.Spectators.NOBODY,
        choices=Event.Spectators.choices,
        help_text=gettext_lazy("Online: who may watch the matches live and their replays once final."),
    )
    spectate_delay = forms.IntegerField(
        label=gettext_lazy("Spectators' delay"),
        required=False,
        initial=2,
        min_value=1,
        max_value=svc.SPECTATE_DELAY_MAX,
        help_text=gettext_lazy("Spectators see each game this far behind, never its present state."),
    )
    spectate_delay_unit = forms.ChoiceField(
        label=gettext_lazy("Delay in"),
        required=False,
        initial=Event.DelayUnit.TURNS,
        choices=Event.DelayUnit.choices,
        help_text=gettext_lazy("A game that counts no turns is delayed by minutes."),
    )

    # The event's details: when, where, what, until when to register.
    starts_on = forms.DateField(
        label=gettext_lazy("Date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    starts_time = forms.TimeField(
        label=gettext_lazy("Start time"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        required=False,
        initial="Europe/Moscow",
        choices=lambda: [(zone, zone.replace("_", " ")) for zone in sorted(svc.time_zones())],
        # 600 zones: a search box before the list (static/respons/selectfilter.js)
        widget=PlainSelect(attrs={"data-filter": gettext_lazy("Search time zones")}),
        help_text=gettext_lazy("The date and times are the event's local times in this zone."),
    )
    venue = forms.CharField(
        label=gettext_lazy("Venue"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("The address players come to; leave blank for an online event."),
    )
    description = forms.CharField(
        label=gettext_lazy("Description"),
        required=False,
        max_length=svc.DESCRIPTION_MAX,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=gettext_lazy("Schedule, prizes, what to bring: plain text."),
    )
    closes_on = forms.DateField(
        label=gettext_lazy("Registration closes on"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    closes_time = forms.TimeField(
        label=gettext_lazy("at"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )

    def clean(self) -> dict[str, Any]:
        """Join each date with its time: both or neither (a wall-clock time in the event's zone)."""
        super().clean()
        data = self.cleaned_data
        for day, hour, key in (("starts_on", "starts_time", "starts_at"), ("closes_on", "closes_time", None)):
            on, at = data.get(day), data.get(hour)
            if (on is None) != (at is None) and day not in self.errors and hour not in self.errors:
                self.add_error(hour if at is None else day, _("Give both the date and the time, or neither."))
            data[key or "registration_closes_at"] = datetime.combine(on, at) if on and at else None
        return data

    def service_values(self) -> dict[str, Any]:
        """Return the cleaned form as the services' keyword arguments (settings and details)."""
        skip = {"starts_on", "starts_time", "closes_on", "closes_time", "reason"}
        if not self.cleaned_data.get("time_zone"):
            skip.add("time_zone")  # not sent: the event's zone stays (UTC for a new event)
        if self.cleaned_data.get("grace_minutes") is None:
            skip.add("grace_minutes")
        for key in ("spectators", "spectate_delay", "spectate_delay_unit"):
            if self.cleaned_data.get(key) in (None, ""):
                skip.add(key)  # blank: the event's stays (the defaults for a new event)
        if self.cleaned_data.get("no_show_minutes") is None:
            skip.add("no_show_minutes")  # blank: the event's stays (10 for a new event)
        return {key: value for key, value in self.cleaned_data.items() if key not in skip}

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rules = get_game(game)
        cast(forms.ChoiceField, self.fields["format"]).choices = [
            (key, format_label(key)) for key in rules.formats
        ]
        # The game's own default: a Your War event has no side deck unless asked (Y2.4).
        self.fields["side_deck_max"].initial = rules.side_deck_default
        if not rules.has_match_engine:
            # This game is played on paper only: there is nothing to choose.
            del self.fields["online"]
            del self.fields["grace_minutes"]
            for key in ("spectators", "spectate_delay", "spectate_delay_unit"):
                del self.fields[key]


@login_required
def event_create(request: SignedInHttpRequest) -> HttpResponse:
    """The create-event page; a GET with ``?game=`` re-renders the game's formats (htmx swaps them)."""
    source = request.POST if request.method == "POST" else request.GET
    game = _game_of(source.get("game"))
    form = EventForm(request.POST or None, game=game, initial={"game": game})
    side_deck_note = ""
    if request.method != "POST":
        form.fields["time_zone"].widget.attrs["data-browser-zone"] = ""  # localtime.js picks the reader's
        side_deck_note = typed_values_keep(form, request.GET, rules=get_game(game))
    over: OverLimit | None = None
    if request.method == "POST":
        valid = form.is_valid()
        every_problem_show(form, form.service_values())  # every bad field at once, not one a submit
        valid = valid and not form.errors
    if request.method == "POST" and valid:
        try:
            event = svc.event_create(organizer=request.user, **form.service_values())
        except OverLimit as error:
            form.add_error(None, error.detail)
            over = error
        except DomainError as error:
            form.add_domain_error(error)
        else:
            messages.success(
                request,
                _("Event “%(name)s” created. Open registration when you are ready.") % {"name": event},
            )
            return redirect("event-manage", event_id=event.pk)
    context = {"form": form, "rules": get_game(game), "side_deck_note": side_deck_note}
    status = 429 if over else 400 if form.errors else 200
    response = render(request, "tournaments/events/create.html", context, status=status)
    if over:
        response["Retry-After"] = str(over.wait)
    return response


# ---------------------------------------------------------------------------------------- public page


PAGE_ROWS = 200  # rows of a long table on an HTML page (an 8,192-player event)


def _paged(request: HttpRequest, rows: Any, param: str = "page") -> tuple[list[Any], dict[str, Any]]:
    """Return the rows of the page ``?<param>=N`` asks for (the first when absent or bad, the last
    when past the end) and the pager ``_pager.html`` shows; a page holds PAGE_ROWS rows."""
    total = rows.count() if isinstance(rows, QuerySet) else len(rows)  # a query: one page read
    pages = max(1, -(-total // PAGE_ROWS))
    number = min(whole_number(request.GET.get(param, ""), low=1) or 1, pages)
    start = (number - 1) * PAGE_ROWS
    query = request.GET.copy()

    def link(page: int) -> str:
        query[param] = str(page)
        return "?" + query.urlencode()

    pager = {
        "number": number,
        "pages": pages,
        "total": total,
        "first_row": start + 1,
        "last_row": min(start + PAGE_ROWS, total),
        "previous": link(number - 1) if number > 1 else None,
        "next": link(number + 1) if number < pages else None,
    }
    return list(rows[start : start + PAGE_ROWS]), pager


def _detail_context(request: HttpRequest, event: Event, **extra: Any) -> dict[str, Any]:
    context = _event_context(request, event, "overview")
    role = event_role(event=event, user=request.user)
    active = players_by_name(event=event)
    waitlist = event_waitlist(event=event)
    shown, players_pager = _paged(request, active, "players")
    visible = [r for r in shown if can_see_deck(event=event, role=role, registration=r, user=request.user)]
    decks_of(registrations=visible)
    players = [
        {"registration": r, "deck_text": registration_deck_text(registration=r) if r in visible else None}
        for r in shown
    ]
    last = context["last_round"]
    mine = registration_of(event=event, user=request.user)
    shows_cut = event.top_cut and event.status in (Event.Status.TOP_CUT, Event.Status.FINISHED)
    results = event_results(event=event) if shows_cut else None
    my_match = player_match(round=last, user=request.user) if last and mine else None
    matches, pager = _paged(
        request, round_matches_page(round=last, q=request.GET.get("q", "")[:100]) if last else []
    )
    context.update(
        players=players,
        player_total=players_pager["total"],
        players_pager=players_pager,
        waitlist=waitlist,
        judges=sorted(event.judges.all(), key=lambda u: u.get_username().casefold()),
        matches=matches,
        pager=pager,
        q=request.GET.get("q", "")[:100],
        me=mine,
        my_match=my_match,
        my_deadline=match_deadline(match=my_match) if my_match else None,
        my_clock=game_clock(match=my_match, user=request.user) if my_match else None,
        my_settlement=match_settlement(match=my_match, user=request.user) if my_match else None,
        my_deck_text=registration_deck_text(registration=mine) if mine else "",
        my_pool_text=pool_text(registration=mine) if mine else "",
        limited=pools.is_limited(event),
        waitlist_position=waitlist.index(mine) + 1 if mine in waitlist else None,
        registration_open=registration_is_open(event=event),
        judged_before=not mine and judged_before(event=event, user=request.user),
        saved_decks=saved_decks_for(user=request.user, game=event.game),
        deck_text="",
        saved_choice="",
        deck_errors=[],
        violations=[],
        bracket=results.bracket if results else [],
        winner=results.winner if results else None,
    )
    context.update(extra)
    return context


def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    return render(request, "tournaments/events/detail.html", _detail_context(request, event))


@login_required
@require_http_methods(["GET", "POST"])
def event_register(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Register (or replace the deck) from pasted text or a saved deck.

    On refusal the event page comes back with every violation and the pasted list kept. The
    address opened directly (a shared link, the way back from signing in) leads to the event
    page's registration panel, which holds the form or says why there is none.
    """
    event = _event(request, event_id)
    if request.method != "POST":
        return redirect(reverse("event-detail", args=[event.pk]) + "#register-h")
    text = request.POST.get("deck_text", "")[:20000]
    saved_id = whole_number(request.POST.get("saved_deck", ""))
    deck: Any = text
    if saved_id is not None:
        saved = SavedDeck.objects.filter(owner=request.user, pk=saved_id).first()
        if saved is None:
            raise Http404(_("No such saved deck."))
        deck = saved.decklist
    errors: list[str] = []
    violations: list[dict[str, Any]] = []
    if not text.strip() and saved_id is None and not pools.is_limited(event):
        errors.append(_("Paste a decklist or choose one of your saved decks."))
    else:
        had = registration_of(event=event, user=request.user)
        try:
            registration = svc.registration_submit(event=event, player=request.user, deck=deck)
        except IllegalDeck as error:
            errors.append(error.detail)
            violations = error.extra.get("violations", [])
        except DomainError as error:
            if error.code == "official_cannot_play":  # their page has no form to show it in
                messages.error(request, error.detail)
                return redirect("event-detail", event_id=event.pk)
            errors.append(error.detail)
        else:
            if not registration.deck:  # sealed or draft: registered, the deck follows the pool
                messages.success(request, _("You are registered. Send your deck once your pool is recorded."))
            elif had is not None:
                messages.success(request, _("Your deck is updated and legal."))
            elif registration.status == Registration.Status.WAITLIST:
                messages.warning(request, _("The event is full: you are on the waitlist."))
            else:
                messages.success(request, _("You are registered. Good luck!"))
            return redirect("event-detail", event_id=event.pk)
    context = _detail_context(
        request, event, deck_text=text, saved_choice=saved_id, deck_errors=errors, violations=violations
    )
    return render(request, "tournaments/events/detail.html", context, status=400)


@login_required
@require_POST
def event_withdraw(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    run_service(
        request,
        lambda: svc.registration_withdraw(event=event, by=request.user),
        _("Your registration is withdrawn."),
    )
    return redirect("event-detail", event_id=event.pk)


@login_required
@require_POST
def event_drop(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Drop a player: yourself from the event page, anyone from the dashboard (organizer)."""
    event = _event(request, event_id)
    username = request.POST.get("username") or request.user.get_username()
    registration = run_service(
        request, lambda: svc.player_drop(event=event, by=request.user, username=username)
    )
    if registration and registration.player_id == request.user.pk:
        last = event.round_set.order_by("-number").first()
        mine = player_match(round=last, user=request.user) if last else None
        settled = match_settlement(match=mine, user=request.user) if mine else None
        if settled is not None and settled.action == "drop":
            messages.success(
                request, _("You left the event. Your match this round goes to your opponent, who is told so.")
            )
        else:
            messages.success(request, _("You left the event. Your results stay in the standings."))
    elif registration:
        messages.success(request, _("%(name)s is dropped from the event.") % {"name": username})
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def event_check_in(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Check in: yourself from the event page; anyone from the dashboard (organizer, judges)."""
    event = _event(request, event_id)
    username = request.POST.get("username", "")[:150]
    checked_in = request.POST.get("checked_in", "1") != "0"
    registration = run_service(
        request,
        lambda: svc.registration_check_in(
            event=event, by=request.user, username=username, checked_in=checked_in
        ),
    )
    if registration:
        name = registration.player.get_username()
        if registration.player_id == request.user.pk:
            message = _("You are checked in.") if checked_in else _("Your check-in is undone.")
        elif checked_in:
            message = _("%(name)s is checked in.") % {"name": name}
        else:
            message = _("%(name)s is no longer checked in.") % {"name": name}
        messages.success(request, message)
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def match_no_show(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """Give the match as a no-show loss to the player who has not come (organizer, judges)."""
    event = _event(request, event_id)
    match = _match(event, match_id)
    username = request.POST.get("username", "")[:150]
    run_service(
        request,
        lambda: svc.match_no_show(match=match, by=request.user, username=username),
        _("Table %(table)s: %(name)s did not come; the match is a no-show loss for them.")
        % {"table": match.table, "name": username},
    )
    return redirect_back(request, _home_of(request, event))


@login_required
@require_POST
def match_report(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """Report a result: a player's waits for the opponent; an official's is final at once."""
    event = _event(request, event_id)
    match = _match(event, match_id)
    result = run_service(
        request,
        lambda: svc.match_report(
            match=match,
            by=request.user,
            wins_a=form_number(request.POST.get("wins_a")),
            wins_b=form_number(request.POST.get("wins_b")),
            draws=form_number(request.POST.get("draws")),
            note=request.POST.get("note", "")[: svc.NOTE_MAX + 1],
        ),
    )
    if result:
        done = {
            Match.Status.FINAL: _("Table %(table)s: the result is final."),
            Match.Status.REPORTED: _("Table %(table)s: result reported. Your opponent confirms it."),
        }
        message = done.get(result.status, _("Table %(table)s: result saved."))
        if result.disputed:
            message = _("Table %(table)s: your report differs from your opponent's; a judge will decide.")
        messages.success(request, message % {"table": match.table})
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def match_confirm(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = _event(request, event_id)
    match = _match(event, match_id)
    run_service(
        request, lambda: svc.match_confirm(match=match, by=request.user), _("Result confirmed: it is final.")
    )
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def match_dispute(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = _event(request, event_id)
    match = _match(event, match_id)
    note = request.POST.get("note", "")[: svc.NOTE_MAX + 1]
    # No success message: the player's panel, where the form is, says the result is disputed
    # and that a judge is coming (one message, not the same news twice).
    run_service(request, lambda: svc.match_dispute(match=match, by=request.user, note=note))
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def match_extend(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = _event(request, event_id)
    match = _match(event, match_id)
    minutes = form_number(request.POST.get("minutes"))
    run_service(
        request,
        lambda: svc.match_extend(match=match, by=request.user, minutes=minutes),
        _("Table %(table)s gets %(minutes)s more minutes.") % {"table": match.table, "minutes": minutes},
    )
    return redirect_back(request, _home_of(request, event))


# ---------------------------------------------------------------------------------------- dashboard


def event_manage(request: HttpRequest, event_id: int) -> HttpResponse:
    """The organizer's and judges' dashboard."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    context = _event_context(request, event, "manage")
    last = context["last_round"]
    # An 8,192-player event: the players and the round's tables are shown a page at a time
    # (only a page's decks are checked again), counted by the database, named as plain strings.
    shown, players_pager = _paged(request, players_checked_query(event=event), "players")
    q = request.GET.get("q", "")[:100]
    matches, pager = _paged(request, round_matches_page(round=last, q=q) if last else [])
    progress = round_progress_counted(round=last) if last else round_progress(matches=[])
    waitlist = event_waitlist(event=event)
    decks_of(registrations=waitlist)
    for registration in waitlist:
        registration.event = event  # its deck is checked against the event's settings
    context.update(
        players=registrations_checked(registrations=shown),
        player_total=players_pager["total"],
        players_pager=players_pager,
        player_names=event_player_names(event=event) if context["is_organizer"] else [],
        limited=pools.is_limited(event),
        waitlist=registrations_checked(registrations=waitlist),
        judges=sorted(event.judges.all(), key=lambda u: u.get_username().casefold()),
        matches=matches,
        pager=pager,
        q=q,
        movable=round_movable_players(round=last) if last and context["is_organizer"] else [],
        progress=progress,
        extensions=EXTENSIONS,
        audit=event_audit(event=event),
        forbidden=forbidden_pairs_listed(event=event) if context["is_organizer"] else [],
        checked_in=checked_in_count(event=event),
        no_show_at=no_show_from(round=last) if last else None,
        finishing=_last_round_of_event(event, last, progress.total),
        winner=event_results(event=event).winner
        if event.top_cut and event.status == Event.Status.FINISHED
        else None,
    )
    return render(request, "tournaments/events/manage.html", context)


def _last_round_of_event(event: Event, last: Round | None, tables: int) -> bool:
    """Return True when the next step after ``last`` (of ``tables`` matches) finishes the event:
    the last Swiss round of an event without a top cut, or the final of the top cut."""
    if last is None:
        return False
    if last.kind == Round.Kind.TOP_CUT:
        return tables == 1
    return last.number >= (event.swiss_rounds or 0) and not event.top_cut


def _organizer_action(
    request: HttpRequest, event_id: int, action: Callable[[Event], Any], success: str
) -> HttpResponse:
    event = _event(request, event_id)
    run_service(request, lambda: action(event), success)
    return redirect(_home_of(request, event))


@login_required
@require_POST
def event_open(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    return _organizer_action(
        request,
        event_id,
        lambda event: svc.event_open(event=event, by=request.user),
        _("Registration is open."),
    )


@login_required
@require_POST
def event_start(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    return _organizer_action(
        request,
        event_id,
        lambda event: svc.event_start(event=event, by=request.user, hold=bool(request.POST.get("hold"))),
        _("The event has started: round 1 is paired and decklists are locked."),
    )


@login_required
@require_POST
def event_next_round(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    hold = bool(request.POST.get("hold"))
    outcome = run_service(
        request, lambda: svc.round_next(event=event, by=request.user, hold=hold) or "finished"
    )
    if outcome == "finished":
        messages.success(request, _("The event is finished. Final standings are up."))
    elif outcome:
        messages.success(request, _("Round %(n)s is paired.") % {"n": outcome.number})
    return redirect(_home_of(request, event))


@login_required
@require_POST
def event_judge_add(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    username = request.POST.get("username", "")[:150]
    return _organizer_action(
        request,
        event_id,
        lambda event: svc.judge_add(event=event, by=request.user, username=username),
        _("%(name)s is now a judge of this event.") % {"name": username.strip()},
    )


@login_required
@require_POST
def event_publish_decklists(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    return _organizer_action(
        request,
        event_id,
        lambda event: svc.decklists_publish(event=event, by=request.user),
        _("Decklists are public now."),
    )


def event_deck(request: HttpRequest, event_id: int, registration_id: int) -> HttpResponse:
    """A deck check: an official opens any player's list and records a note."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    registration = get_object_or_404(
        Registration.objects.select_related("player", "event"), pk=registration_id, event=event
    )
    note, status = "", 200
    if request.method == "POST":
        note = request.POST.get("text", "")
        if run_service(
            request,
            lambda: svc.deck_note_add(registration=registration, by=signed_in(request), text=note),
            _("Note saved."),
        ):
            return redirect("event-deck", event_id=event.pk, registration_id=registration.pk)
        status = 400  # the note is kept in the form
    context = _event_context(request, event, "manage")
    context.update(
        registration=registration,
        status=registration_deck_check(registration=registration),
        deck_text=registration_deck_text(registration=registration),
        notes=registration.notes.select_related("author"),
        note=note,
    )
    return render(request, "tournaments/events/deck.html", context, status=status)


def event_pool(request: HttpRequest, event_id: int, registration_id: int) -> HttpResponse:
    """A sealed or draft player's pool: an official reads it and records it (pasted or imported)."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    registration = get_object_or_404(
        Registration.objects.select_related("player", "event", "pool"), pk=registration_id, event=event
    )
    text, status = pool_text(registration=registration), 200
    if request.method == "POST":
        upload = request.FILES.get("pool_file")
        text = request.POST.get("pool_text", "")[:100_000]
        if upload is not None:
            text = upload.read(100_001).decode("utf-8", errors="replace")[:100_000]
        recorded = run_service(
            request,
            lambda: pools.pool_record(
                registration=registration,
                by=signed_in(request),
                source=text,
                reason=request.POST.get("reason", ""),
            ),
            _("The pool of %(name)s is recorded.") % {"name": registration.player.get_username()},
        )
        if recorded:
            return redirect("event-pool", event_id=event.pk, registration_id=registration.pk)
        status = 400  # the pasted pool is kept in the form
    pool = Pool.objects.filter(registration=registration).select_related("recorded_by").first()
    context = _event_context(request, event, "manage")
    context.update(
        registration=registration,
        pool=pool,
        pool_size=sum(pool.cards.values()) if pool is not None else 0,
        pool_text=text,
        limited=pools.is_limited(event),
    )
    return render(request, "tournaments/events/pool.html", context, status=status)


# ---------------------------------------------------------------------------------------- rounds, standings


def event_round_detail(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The public pairings of a round, with "find yourself by name"."""
    event = _event(request, event_id)
    round_ = _round(request, event, number)
    context = _event_context(request, event, "pairings")
    matches, pager = _paged(request, round_matches_page(round=round_, q=request.GET.get("q", "")[:100]))
    context.update(
        round=round_,
        matches=matches,
        pager=pager,
        q=request.GET.get("q", "")[:100],
    )
    return render(request, "tournaments/events/round.html", context)


def event_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    context = _event_context(request, event, "standings")
    if context["rounds"]:
        results = event_results(event=event)
        standings, pager = _paged(request, standings_table(event=event, results=results))
        context.update(
            standings=standings,
            pager=pager,
            bracket=results.bracket,
            winner=results.winner,
        )
    else:
        context.update(standings=[], bracket=[], winner=None)
    return render(request, "tournaments/events/standings.html", context)


# ---------------------------------------------------------------------------------------- exports, print


def export_pairings(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    round_ = _round(request, event, number)
    rows = (
        (
            m.table,
            m.player_a.player.get_username(),
            m.player_b.player.get_username() if m.player_b else "BYE",
            m.status,
            m.wins_a,
            m.wins_b,
            m.draws,
            "yes" if m.disputed else "",
        )
        for m in round_matches(round=round_)
    )
    header = ["table", "player_a", "player_b", "status", "wins_a", "wins_b", "draws", "disputed"]
    return _csv(f"event-{event.pk}-pairings-{number}.csv", header, rows)


def export_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    """The standings as CSV: public, as the standings page is."""
    event = _event(request, event_id)
    rows = (
        (
            s["rank"],
            s["name"],
            s["match_points"],
            s["wins"],
            s["losses"],
            s["draws"],
            f"{s['omw']:.2f}",
            f"{s['gw']:.2f}",
            f"{s['ogw']:.2f}",
            "yes" if s["dropped"] else "",
            s["top_cut"] or "",
            s["swiss_rank"],
        )
        for s in standings_table(event=event)
    )
    # rank is the final place (the top cut decides the first places); the columns after
    # "dropped" were added later, so scripts reading by position keep working.
    header = "rank player points wins losses draws omw_pct gw_pct ogw_pct dropped top_cut swiss_rank".split()
    return _csv(f"event-{event.pk}-standings.csv", header, rows)


def export_decklists(request: HttpRequest, event_id: int) -> HttpResponse:
    """Every card of every decklist, one row each: hidden information, officials only."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    return _csv(
        f"event-{event.pk}-decklists.csv", ["player", "zone", "count", "card"], decklist_rows(event=event)
    )


def round_print(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The pairings sheet to pin on the wall: every player by name, with their table."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    round_ = _round(request, event, number)
    context = {"event": event, "round": round_, "seats": round_seats(round=round_), "now": timezone.now()}
    return render(request, "tournaments/events/print_pairings.html", context)


def round_slips(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Match slips: one per match (byes need none), four to an A4 page."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    round_ = _round(request, event, number)
    matches = [m for m in round_matches(round=round_) if not m.is_bye]
    context = {"event": event, "round": round_, "matches": matches}
    return render(request, "tournaments/events/print_slips.html", context)
