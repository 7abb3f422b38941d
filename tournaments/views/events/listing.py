"""The list of events (searched and filtered) and the creation form."""

from datetime import datetime
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from engine.registry import get_game
from tournaments.models import Event
from tournaments.selectors.events import (
    TIEBREAKER_WORDS,
    EventFilters,
    events_search,
    game_tiebreakers,
)
from tournaments.services import events as svc
from tournaments.services.errors import DomainError, OverLimit
from tournaments.services.text import DESCRIPTION_MAX
from tournaments.users import SignedInHttpRequest
from tournaments.views.cards import game_choices
from tournaments.views.event_form_keep import every_problem_show, typed_values_keep
from tournaments.views.events.common import _game_of, format_label
from tournaments.views.forms_common import PlainSelect, ServiceForm


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


TIEBREAKER_FIELDS = ("tiebreaker_1", "tiebreaker_2", "tiebreaker_3", "tiebreaker_4")


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
    # The structure and its options (docs/structures.md); the service checks them together.
    structure = forms.ChoiceField(
        label=gettext_lazy("Structure"),
        required=False,
        initial=Event.Structure.SWISS,
        choices=Event.Structure.choices,
        help_text=gettext_lazy(
            "Swiss rounds (with a top cut if you choose one), a single- or double-elimination "
            "bracket, a round robin where everyone plays everyone, or a league where players find "
            "their opponents over several days."
        ),
    )
    seeding = forms.ChoiceField(
        label=gettext_lazy("Seeding"),
        required=False,
        initial=Event.Seeding.RANDOM,
        choices=Event.Seeding.choices,
        help_text=gettext_lazy(
            "A bracket's seeds or a round robin's order, drawn at the start; the organizer's order "
            "is set on the dashboard before the start (else the order of the entry list)."
        ),
    )
    grand_final_reset = forms.BooleanField(
        label=gettext_lazy("Grand final reset"),
        required=False,
        help_text=gettext_lazy(
            "Double elimination: when the losers' bracket finalist wins the grand final, they play "
            "a second, deciding one."
        ),
    )
    double_round_robin = forms.BooleanField(
        label=gettext_lazy("Double round robin"),
        required=False,
        help_text=gettext_lazy("Round robin: everyone plays everyone twice, seats swapped."),
    )
    drop_policy = forms.ChoiceField(
        label=gettext_lazy("Dropped players' results"),
        required=False,
        initial=Event.DropPolicy.KEEP,
        choices=Event.DropPolicy.choices,
        help_text=gettext_lazy(
            "Round robin: kept (their matches left are won 2–0 by their opponents) or voided (every "
            "match they played is struck for everyone, and their opponents left rest)."
        ),
    )
    league_days = forms.IntegerField(
        label=gettext_lazy("League days"),
        required=False,
        min_value=1,
        max_value=svc.LEAGUE_DAYS_MAX,
        help_text=gettext_lazy("League: how many days matches can be made, from the start."),
    )
    league_matches = forms.IntegerField(
        label=gettext_lazy("League matches per player"),
        required=False,
        min_value=1,
        max_value=svc.LEAGUE_MATCHES_MAX,
        help_text=gettext_lazy(
            "League: the most matches each player may play, never against the same opponent twice."
        ),
    )
    teams = forms.TypedChoiceField(
        label=gettext_lazy("Teams"),
        required=False,
        coerce=int,
        empty_value=0,  # type: ignore[arg-type]  # the stub says str | None; Django returns it as given
        initial=0,
        choices=[
            (0, gettext_lazy("Individual")),
            (2, gettext_lazy("Teams of 2")),
            (3, gettext_lazy("Teams of 3")),
        ],
        help_text=gettext_lazy(
            "Swiss rounds of teams: each team match is played seat by seat and won by winning more seats."
        ),
    )
    team_copy_limit = forms.BooleanField(
        label=gettext_lazy("Copy limit across a team"),
        required=False,
        help_text=gettext_lazy(
            "A team event: a card's copies across a team's decks are limited as in one deck."
        ),
    )
    tiebreaker_1 = forms.ChoiceField(label=gettext_lazy("First tiebreaker"), required=False)
    tiebreaker_2 = forms.ChoiceField(label=gettext_lazy("Second tiebreaker"), required=False)
    tiebreaker_3 = forms.ChoiceField(label=gettext_lazy("Third tiebreaker"), required=False)
    tiebreaker_4 = forms.ChoiceField(label=gettext_lazy("Fourth tiebreaker"), required=False)
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
        max_length=DESCRIPTION_MAX,
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
        skip = {"starts_on", "starts_time", "closes_on", "closes_time", "reason", *TIEBREAKER_FIELDS}
        chosen = [self.cleaned_data.get(key) for key in TIEBREAKER_FIELDS]
        values: dict[str, Any] = {"tiebreakers": [key for key in chosen if key]} if any(chosen) else {}
        for key in ("structure", "seeding", "drop_policy"):
            if not self.cleaned_data.get(key):
                skip.add(key)  # blank: the event's stays (Swiss, at random for a new event)
        if not self.cleaned_data.get("time_zone"):
            skip.add("time_zone")  # not sent: the event's zone stays (UTC for a new event)
        if self.cleaned_data.get("grace_minutes") is None:
            skip.add("grace_minutes")
        for key in ("spectators", "spectate_delay", "spectate_delay_unit"):
            if self.cleaned_data.get(key) in (None, ""):
                skip.add(key)  # blank: the event's stays (the defaults for a new event)
        if self.cleaned_data.get("no_show_minutes") is None:
            skip.add("no_show_minutes")  # blank: the event's stays (10 for a new event)
        values.update((key, value) for key, value in self.cleaned_data.items() if key not in skip)
        return values

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rules = get_game(game)
        cast(forms.ChoiceField, self.fields["format"]).choices = [
            (key, format_label(key)) for key in rules.formats
        ]
        # The game's own default: a Your War event has no side deck unless asked (Y2.4).
        self.fields["side_deck_max"].initial = rules.side_deck_default
        # The tiebreakers: up to four in order, the game's profile first.
        choices = [("", gettext_lazy("None")), *((key, words[0]) for key, words in TIEBREAKER_WORDS.items())]
        profile = game_tiebreakers(game=game)
        for i, key in enumerate(TIEBREAKER_FIELDS):
            field = cast(forms.ChoiceField, self.fields[key])
            field.choices = choices
            field.initial = profile[i] if i < len(profile) else ""
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
