"""The public event page, a round's pairings and the standings."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.models import Event
from tournaments.selectors.events import (
    bracket_page,
    can_see_deck,
    decks_of,
    event_results,
    event_role,
    event_waitlist,
    is_bracket,
    judged_before,
    match_deadline,
    match_settlement,
    player_match,
    players_by_name,
    pool_text,
    registration_deck_text,
    registration_is_open,
    registration_of,
    round_matches_page,
    saved_decks_for,
    standings_table,
    structure_standings_page,
    team_standings_page,
    team_tables_page,
    teams_page,
)
from tournaments.selectors.events.league import is_league, league_view
from tournaments.selectors.online import game_clock
from tournaments.services import pools
from tournaments.views.events.common import _event, _event_context, _paged, _round


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
    teams = teams_page(event=event) if event.teams else []
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
        league=league_view(event=event, reader=request.user) if is_league(event) else None,
        teams=teams,
        my_team=next((t for t in teams if mine and mine.player.get_username() in t["members"]), None),
        team_seats=range(1, event.teams + 1),
        team_tables=team_tables_page(round=last) if last and event.teams else [],
    )
    context.update(extra)
    return context


def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    return render(request, "tournaments/events/detail.html", _detail_context(request, event))


def event_round_detail(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The public pairings of a round, with "find yourself by name"."""
    event = _event(request, event_id)
    round_ = _round(request, event, number)
    context = _event_context(request, event, "pairings")
    matches, pager = _paged(request, round_matches_page(round=round_, q=request.GET.get("q", "")[:100]))
    context.update(
        round=round_,
        team_tables=team_tables_page(round=round_),
        matches=matches,
        pager=pager,
        q=request.GET.get("q", "")[:100],
    )
    return render(request, "tournaments/events/round.html", context)


def event_bracket(request: HttpRequest, event_id: int) -> HttpResponse:
    """The bracket of a single- or double-elimination event, round by round."""
    event = _event(request, event_id)
    if not is_bracket(event):
        raise Http404(_("This event is not played as a bracket."))
    context = _event_context(request, event, "bracket")
    context.update(bracket_page(event=event), paired_numbers={r.number for r in context["rounds"]})
    return render(request, "tournaments/events/bracket.html", context)


def event_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    context = _event_context(request, event, "standings")
    if event.structure != Event.Structure.SWISS:
        context.update(standings=[], bracket=[], winner=None, structure=structure_standings_page(event=event))
    elif event.teams:
        context.update(standings=[], bracket=[], winner=None, team_standings=team_standings_page(event=event))
    elif context["rounds"]:
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
