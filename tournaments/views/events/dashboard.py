"""The organizer's dashboard: open the event, start it, pair the next round, add judges and
publish the decklists.
"""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Event, Round
from tournaments.numbers import whole_number
from tournaments.selectors.events import (
    Role,
    checked_in_count,
    decks_of,
    event_audit,
    event_player_names,
    event_results,
    event_role,
    event_waitlist,
    forbidden_pairs_listed,
    is_seeded,
    no_show_from,
    organizer_seed_query,
    players_checked_query,
    registrations_checked,
    round_games_ready,
    round_matches_page,
    round_movable_players,
    round_progress,
    round_progress_counted,
    seeded_player_names,
    seeds_settable,
    structure_next_finishes,
)
from tournaments.selectors.events.teams import round_movable_teams
from tournaments.services import events as svc
from tournaments.services import pools
from tournaments.templatetags.event_tags import datalist_options
from tournaments.users import SignedInHttpRequest
from tournaments.views.events.common import (
    EXTENSIONS,
    _event,
    _event_context,
    _home_of,
    _official_event,
    _paged,
)
from tournaments.views.forms_common import form_number, run_service

# Rows of the dashboard's players and tables a page: each row carries its forms (a result, a
# drop), so a page of 200 cost an 8,192-player event's dashboard twice its 300 ms; the search
# by name finds anyone.
MANAGE_ROWS = 50


def event_manage(request: HttpRequest, event_id: int) -> HttpResponse:
    """The organizer's and judges' dashboard."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    context = _event_context(request, event, "manage")
    last = context["last_round"]
    # An 8,192-player event: the players and the round's tables are shown a page at a time
    # (only a page's decks are checked again), counted by the database, named as plain strings.
    shown, players_pager = _paged(request, players_checked_query(event=event), "players", size=MANAGE_ROWS)
    q = request.GET.get("q", "")[:100]
    matches, pager = _paged(request, round_matches_page(round=last, q=q) if last else [], size=MANAGE_ROWS)
    progress = round_progress_counted(round=last) if last else round_progress(matches=[])
    waitlist = event_waitlist(event=event)
    decks_of(registrations=waitlist)
    for registration in waitlist:
        registration.event = event  # its deck is checked against the event's settings
    context.update(
        players=registrations_checked(registrations=shown),
        player_total=players_pager["total"],
        players_pager=players_pager,
        limited=pools.is_limited(event),
        waitlist=registrations_checked(registrations=waitlist),
        judges=sorted(event.judges.all(), key=lambda u: u.get_username().casefold()),
        matches=matches,
        pager=pager,
        q=q,
        progress=progress,
        games_ready=round_games_ready(round=last) if last else None,
        extensions=EXTENSIONS,
        audit=event_audit(event=event),
        forbidden=forbidden_pairs_listed(event=event) if context["is_organizer"] else [],
        seeded=is_seeded(event),
        **_seed_page(request, event, context["is_organizer"]),
        checked_in=checked_in_count(event=event),
        no_show_at=no_show_from(round=last) if last else None,
        finishing=_last_round_of_event(event, last, progress.total),
        winner=event_results(event=event).winner
        if event.top_cut and event.status == Event.Status.FINISHED
        else None,
    )
    return render(request, "tournaments/events/manage.html", context)


def event_player_names_options(request: HttpRequest, event_id: int, which: str) -> HttpResponse:
    """The ``<option>`` of the names a correction form offers, read when the form is first opened
    (htmx) rather than with every dashboard: ``players``, every registered player (keep two
    apart); ``movable``, the players of the current round the organizer may still move (swap,
    bye), or in a team event its teams. An 8,192-player event has 8,192 of each, 190 kB."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    if event_role(event=event, user=request.user) is not Role.ORGANIZER:
        raise PermissionDenied(_("Only the organizer of this event can correct its pairings."))
    if which == "players":
        return HttpResponse(datalist_options(event_player_names(event=event)))
    last = event.round_set.order_by("-number").first()
    if which == "movable" and is_seeded(event):  # a bracket's swap moves any seed
        return HttpResponse(datalist_options(seeded_player_names(event=event)))
    if which == "movable" and last is not None and event.teams:  # a team round moves whole teams
        return HttpResponse(datalist_options(round_movable_teams(round=last)))
    if which == "movable" and last is not None:
        return HttpResponse(datalist_options(round_movable_players(round=last)))
    if which == "movable":
        return HttpResponse("")
    raise Http404(_("No such list of players."))


def _last_round_of_event(event: Event, last: Round | None, tables: int) -> bool:
    """Return True when the next step after ``last`` (of ``tables`` matches) finishes the event:
    the last Swiss round of an event without a top cut, or the final of the top cut."""
    if last is None:
        return False
    if event.structure != Event.Structure.SWISS:
        return structure_next_finishes(event=event)
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


def _seed_page(request: HttpRequest, event: Event, is_organizer: bool) -> dict[str, Any]:
    """The seed order form's page of players (``?seeds=N``, MANAGE_ROWS a page: an 8,192-player
    bracket's whole list was 8,192 rows of inputs), for the organizer while it can change."""
    if not (is_organizer and seeds_settable(event)):
        return {"seed_players": [], "seeds_pager": None}
    shown, pager = _paged(request, organizer_seed_query(event=event), "seeds", size=MANAGE_ROWS)
    return {"seed_players": shown, "seeds_pager": pager}


def _moves_of_form(names: list[str], numbers: list[str]) -> dict[str, int]:
    """Return the seed number typed beside each player the form listed (a page of them); a blank
    or unreadable number leaves the player out, so they keep their place."""
    moves = {}
    for name, typed in zip(names, numbers, strict=False):
        number = form_number(typed)
        if isinstance(number, int) and not isinstance(number, bool):
            moves[name] = number
    return moves


@login_required
@require_POST
def event_seeds(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """The dashboard's seed order form: a seed number beside each player of a page, saved in one
    post; a number may be on any page (the others shift to make room). Back to the same page."""
    moves = _moves_of_form(request.POST.getlist("player"), request.POST.getlist("seed"))
    event = _event(request, event_id)
    run_service(
        request,
        lambda: svc.seeds_move(event=event, by=request.user, moves=moves),
        _("The seed order is saved."),
    )
    page = whole_number(request.POST.get("seeds_page", ""), low=1)
    return redirect(_home_of(request, event) + (f"?seeds={page}" if page and page > 1 else "") + "#seeds")
