"""Running the structures beyond Swiss (docs/structures.md): seeds drawn at the start, a
bracket's ready matches or a round robin's next round paired, the event finished.

The pure core decides who plays whom from the stored results; this module stores what it
returns. A bracket round is stored as the site's round of the same number (its ``kind``
winners, losers or grand_final; each match with its bracket key), so the bracket and the
rounds name the same numbers.
"""

from datetime import datetime, timedelta

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors.events import event_players
from tournaments.selectors.events.structures import (
    event_bracket_progress,
    is_bracket,
    organizer_seed_order,
    round_robin_pairing,
    round_robin_total,
)
from tournaments.services.errors import WrongState
from tournaments.services.events.common import S
from tournaments.services.events.league import league_open
from tournaments.services.notifications import notifications_round_posted
from tournaments.services.ratings import registration_ratings
from tournaments.structures import RoundPairing, seed_order


def _seeds_draw(event: Event) -> None:
    """Give each player still in their seed (1 the best), by the event's seeding: at random
    (from the event's recorded seed), by rating in the game, or the organizer's order (the
    players they placed first, by their place; anyone they did not place after, in entry order)."""
    players = event_players(event=event).filter(dropped=False).order_by("created_at", "id")
    entrants = list(players.values_list("pk", flat=True))
    organizer = [r.pk for r in organizer_seed_order(event=event)]
    order = seed_order(
        entrants=entrants,
        method=event.seeding,
        seed=event.seed,
        ratings=registration_ratings(event=event) if event.seeding == Event.Seeding.RATING else None,
        order=organizer if event.seeding == Event.Seeding.ORGANIZER else entrants,
    )
    rows = [Registration(pk=pk, seed=seed) for seed, pk in enumerate(order, start=1)]
    Registration.objects.bulk_update(rows, ["seed"])


def _round_store(event: Event, pairing: RoundPairing, *, published: bool, now: datetime) -> Round:
    """Store one paired round of the core (its number and kind), forfeits final at once.

    A bracket round may be paired in parts: with byes, a second-round match between two seeds
    is ready before the first round is played, the rest of its round after. The later part
    joins the stored round, whose time starts again (its earlier matches are all final).
    Every round one call pairs starts at the same ``now``: the API names them by it."""
    ends = now + timedelta(minutes=event.round_minutes)
    round_, created = Round.objects.get_or_create(
        event=event,
        number=pairing.number,
        defaults={
            "kind": pairing.kind,
            "seed": event.seed,
            "started_at": now,
            "ends_at": ends,
            "published": published,
        },
    )
    if not created:
        round_.started_at, round_.ends_at, round_.published = now, ends, published
        round_.save(update_fields=["started_at", "ends_at", "published"])
    matches = []
    for table in pairing.tables:
        match = Match(round=round_, table=table.number, player_a_id=table.a, player_b_id=table.b)
        match.bracket_key = table.match or ""
        if table.forfeit is not None:  # a dropped player's match left: the opponent wins it 2-0
            match.status = Match.Status.FINAL
            if table.forfeit == table.a:
                match.wins_b = 2
            else:
                match.wins_a = 2
        matches.append(match)
    Match.objects.bulk_create(matches)
    if published:
        notifications_round_posted(round_=round_)
    return round_


def structure_start(event: Event, *, published: bool) -> list[Round]:
    """Draw the seeds and pair the first round(s) of a bracket or a round robin; open a league's window."""
    _seeds_draw(event)
    if event.structure == Event.Structure.LEAGUE:  # no pairing: the window opens
        return [league_open(event, now=timezone.now())]
    rounds = structure_advance(event, published=published)
    if not rounds:
        raise WrongState(_("At least two registered players are needed to start."), code="too_few_players")
    return rounds


def structure_advance(event: Event, *, published: bool) -> list[Round]:
    """Pair what comes next (the caller checked every stored match is final): a bracket's
    matches whose two players are known, one round per bracket round; a round robin's next
    round. Finish the event and return [] when nothing is left to play."""
    if event.structure == Event.Structure.LEAGUE:
        _finish(event)
        return []
    if is_bracket(event):
        drawn = Match.objects.filter(
            round__event=event, status=Match.Status.FINAL, player_b__isnull=False, wins_a=F("wins_b")
        ).first()
        if drawn is not None:  # the round's time ran out on an online match: a judge decides it
            raise WrongState(
                _(
                    "Round %(round)d, table %(table)d ended in a draw, which an elimination match "
                    "cannot: correct its result first."
                )
                % {"round": drawn.round.number, "table": drawn.table},
                code="elimination_draw",
            )
        progress, _players = event_bracket_progress(event=event)
        pairings = [p for p in progress.ready_rounds() if p.tables]
        if not pairings:
            if progress.champion is None:  # cannot happen: a bracket always has a next match
                raise WrongState(_("No match of the bracket can be paired yet."), code="results_missing")
            _finish(event)
            return []
        now = timezone.now()
        return [_round_store(event, p, published=published, now=now) for p in pairings]
    last = event.round_set.order_by("-number").values_list("number", flat=True).first() or 0
    total = round_robin_total(event=event)
    while last < total:
        last += 1
        pairing = round_robin_pairing(event=event, number=last)
        if pairing.tables:
            return [_round_store(event, pairing, published=published, now=timezone.now())]
    _finish(event)
    return []


def _finish(event: Event) -> None:
    event.status = S.FINISHED
    event.save(update_fields=["status"])
