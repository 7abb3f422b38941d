"""Reads of the structures beyond Swiss (docs/structures.md): an event's seeds, its bracket
followed with the stored results, a round robin's history, and the standings of each.

The pure core (:mod:`tournaments.structures`) does the work: these functions build its plain
records from the rows and give back what it returns, in the API's shapes.
"""

from dataclasses import dataclass
from typing import Any

from django.db.models import F, QuerySet
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from engine.registry import game_keys, get_game
from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors.events.league import is_league, league_placings, league_standings
from tournaments.structures import (
    DEFAULT_PROFILE,
    TIEBREAKERS,
    Bracket,
    BracketProgress,
    RoundPairing,
    bracket_progress,
    bracket_view,
    double_elimination,
    elimination_standings,
    round_robin_round,
    round_robin_rounds,
    round_robin_standings,
    single_elimination,
)
from tournaments.swiss import MatchRecord, Player

S = Event.Structure
BRACKETS = (S.SINGLE_ELIMINATION, S.DOUBLE_ELIMINATION)

# Each tiebreaker's name and what it is, as the standings page says them (the core's English
# words of tournaments.structures.TIEBREAKERS, translated here by key).
TIEBREAKER_WORDS = {
    "mwp": (
        gettext_lazy("Match-win %"),
        gettext_lazy(
            "Match points won out of 3 for each round played (a bye is a round won), counted as at least 33%."
        ),
    ),
    "omw": (
        gettext_lazy("Opponents' match-win %"),
        gettext_lazy(
            "The average match-win % of the opponents played (a bye is no opponent), each counted as "
            "at least 33%."
        ),
    ),
    "gw": (
        gettext_lazy("Game-win %"),
        gettext_lazy(
            "Game points won (3 for a game won, 1 for a game drawn) out of 3 for each game played, "
            "counted as at least 33%."
        ),
    ),
    "ogw": (
        gettext_lazy("Opponents' game-win %"),
        gettext_lazy("The average game-win % of the opponents played, each counted as at least 33%."),
    ),
    "buchholz": (
        gettext_lazy("Buchholz"),
        gettext_lazy("The sum of the match points of every opponent played."),
    ),
    "median_buchholz": (
        gettext_lazy("Median Buchholz"),
        gettext_lazy(
            "Buchholz without the opponent with the most match points and the one with the fewest "
            "(for a player with three opponents or more)."
        ),
    ),
    "sonneborn_berger": (
        gettext_lazy("Sonneborn-Berger"),
        gettext_lazy(
            "The match points of every opponent beaten, plus half those of every opponent drawn with."
        ),
    ),
    "head_to_head": (
        gettext_lazy("Head-to-head"),
        gettext_lazy(
            "Among players level on points and on the tiebreakers before this one: the match points "
            "each scored in the matches between them, when every one of them has played all the others."
        ),
    ),
    "oomw": (
        gettext_lazy("Opponents' opponents' match-win %"),
        gettext_lazy("The average opponents' match-win % of the opponents played."),
    ),
}

# What a round robin did with its dropped players' results, as the standings page says it.
DROP_POLICY_WORDS = {
    "keep": gettext_lazy(
        "A player who drops keeps the results of the matches they played; their matches left are "
        "forfeits, won 2–0 by their opponents."
    ),
    "void": gettext_lazy(
        "A player who drops has every match they played struck, for them and their opponents, who "
        "rest instead of playing them; they are listed last, marked voided."
    ),
}

# A bracket round's stage as a reader says it.
STAGE_WORDS = {
    "final": pgettext_lazy("bracket round", "Final"),
    "semifinal": pgettext_lazy("bracket round", "Semifinals"),
    "quarterfinal": pgettext_lazy("bracket round", "Quarterfinals"),
    "grand_final": pgettext_lazy("bracket round", "Grand final"),
    "grand_final_reset": pgettext_lazy("bracket round", "Grand final, second match"),
}


def stage_words(stage: str) -> str:
    """Return a bracket round's stage in the reader's language ("Winners' round 2", "Round of 16")."""
    if stage in STAGE_WORDS:
        return str(STAGE_WORDS[stage])
    kind, _sep, number = stage.rpartition("_")
    if kind == "winners":
        return gettext("Winners' round %(n)s") % {"n": number}
    if kind == "losers":
        return gettext("Losers' round %(n)s") % {"n": number}
    if kind == "round_of":
        return gettext("Round of %(n)s") % {"n": number}
    return stage


def source_words(source: dict[str, Any]) -> str:
    """Return where a bracket seat's player comes from in words: "Seed 3", "Winner of W1-2"."""
    if "seed" in source:
        return gettext("Seed %(n)s") % {"n": source["seed"]}
    if "winner_of" in source:
        return gettext("Winner of %(match)s") % {"match": source["winner_of"]}
    return gettext("Loser of %(match)s") % {"match": source["loser_of"]}


def game_tiebreakers(*, game: str) -> list[str]:
    """Return the tiebreaker profile of ``game``: its ``RULES.tiebreakers`` when it declares
    one, else the core's default for the constructed card games."""
    rules = get_game(game) if game in game_keys() else None
    return list(getattr(rules, "tiebreakers", None) or DEFAULT_PROFILE)


def is_bracket(event: Event) -> bool:
    """Whether the event is played as a single- or double-elimination bracket."""
    return event.structure in BRACKETS


def is_seeded(event: Event) -> bool:
    """Whether the event is drawn whole from its seeds (a bracket, a round robin; not a team
    event): its pairings are corrected by changing the seeds."""
    return event.structure in (*BRACKETS, S.ROUND_ROBIN) and not event.teams


def seeded_player_names(*, event: Event) -> list[str]:
    """Return the names of the players with a seed (case-insensitive order): those a bracket's or
    a round robin's swap may move."""
    rows = event.registrations.filter(status=Registration.Status.ACTIVE, seed__isnull=False)
    return sorted(rows.values_list("player__username", flat=True), key=str.casefold)


def structure_players(*, event: Event) -> list[Player]:
    """Return the seeded players (seed order: seed 1 first) as the core's records."""
    rows = (
        event.registrations.filter(status=Registration.Status.ACTIVE, seed__isnull=False)
        .order_by("seed")
        .values_list("pk", "player__username", "dropped")
    )
    return [Player(id=pk, name=name, dropped=dropped) for pk, name, dropped in rows]


def seeds_settable(event: Event) -> bool:
    """Whether the organizer may set the seed order now: a bracket or a round robin seeded in
    the organizer's order, not started yet."""
    return (
        event.structure in (*BRACKETS, S.ROUND_ROBIN)
        and event.seeding == Event.Seeding.ORGANIZER
        and event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION)
    )


def organizer_seed_query(*, event: Event) -> QuerySet[Registration]:
    """Return the players still in (registered, not dropped), with their users, in the organizer's
    seed order, as a query (the dashboard reads a page of it): those the organizer placed by
    their place, then the others in entry order."""
    rows = event.registrations.filter(status=Registration.Status.ACTIVE, dropped=False)
    return rows.select_related("player").order_by(F("seed_order").asc(nulls_last=True), "created_at", "id")


def organizer_seed_order(*, event: Event) -> list[Registration]:
    """Return the players still in, in the organizer's seed order (:func:`organizer_seed_query`)."""
    return list(organizer_seed_query(event=event))


def _final_rows(event: Event, kinds: tuple[str, ...]) -> list[tuple[Any, ...]]:
    return list(
        Match.objects.filter(
            round__event=event, round__kind__in=kinds, round__published=True, status=Match.Status.FINAL
        ).values_list(
            "round__number", "player_a_id", "player_b_id", "wins_a", "wins_b", "draws", "bracket_key"
        )
    )


def event_bracket(*, event: Event, players: list[Player] | None = None) -> Bracket:
    """Return the event's bracket, built again from its seeds (fixed at the start)."""
    seeds = [p.id for p in (players if players is not None else structure_players(event=event))]
    if event.structure == S.DOUBLE_ELIMINATION:
        return double_elimination(seeds=seeds, grand_final_reset=event.grand_final_reset)
    return single_elimination(seeds=seeds)


def event_bracket_progress(*, event: Event) -> tuple[BracketProgress, list[Player]]:
    """Return the bracket followed with its final results (and the seeded players)."""
    players = structure_players(event=event)
    bracket = event_bracket(event=event, players=players)
    results = {
        key: MatchRecord(round=number, a=a, b=b, wins_a=wa, wins_b=wb, draws=d)
        for number, a, b, wa, wb, d, key in _final_rows(
            event, (Round.Kind.WINNERS, Round.Kind.LOSERS, Round.Kind.GRAND_FINAL)
        )
        if key and wa != wb  # a drawn elimination match is no result: the organizer corrects it
    }
    dropped = [p.id for p in players if p.dropped]
    return bracket_progress(bracket=bracket, results=results, dropped=dropped), players


def round_robin_history(*, event: Event) -> tuple[list[Player], list[MatchRecord]]:
    """Return the round robin's players (schedule order) and its final matches."""
    players = structure_players(event=event)
    records = [
        MatchRecord(round=number, a=a, b=b, wins_a=wa, wins_b=wb, draws=d)
        for number, a, b, wa, wb, d, _key in _final_rows(event, (Round.Kind.ROUND_ROBIN,))
    ]
    return players, records


def round_robin_total(*, event: Event) -> int:
    """Return the number of rounds of the event's round robin (0 before the start)."""
    players = structure_players(event=event)
    return round_robin_rounds(len(players), double=event.double_round_robin)


def round_robin_pairing(*, event: Event, number: int) -> RoundPairing:
    """Return round ``number`` of the event's round robin schedule (its rests included)."""
    players = structure_players(event=event)
    return round_robin_round(
        entrants=[p.id for p in players],
        round_number=number,
        double_round_robin=event.double_round_robin,
        dropped=[p.id for p in players if p.dropped],
        drop_policy=event.drop_policy,
    )


def round_rests(*, round: Round) -> list[str]:
    """Return the players who rest in a round robin round (no match, no points), by name."""
    if round.kind != Round.Kind.ROUND_ROBIN:
        return []
    event = round.event
    pairing = round_robin_pairing(event=event, number=round.number)
    names = dict(event.registrations.filter(pk__in=pairing.rests).values_list("pk", "player__username"))
    return [names[pid] for pid in pairing.rests]


def bracket_json(*, event: Event) -> dict[str, Any]:
    """Return ``GET /api/events/{id}/bracket/``: the structure and the bracket's rounds, each
    match with its site ``id`` (its key until paired), players, winner, status and where each
    seat comes from. Before the start (no seeds yet): no rounds."""
    out: dict[str, Any] = {"structure": event.structure, "grand_final_reset": event.grand_final_reset}
    if not Registration.objects.filter(event=event, seed__isnull=False).exists():
        out["rounds"] = []
        return out
    progress, players = event_bracket_progress(event=event)
    ids = dict(
        Match.objects.filter(round__event=event, round__published=True)
        .exclude(bracket_key="")
        .values_list("bracket_key", "pk")
    )
    view = bracket_view(progress, names={p.id: p.name for p in players}, ids=ids)
    champion = progress.champion
    out["champion"] = next((p.name for p in players if p.id == champion), None)
    out["rounds"] = view["rounds"]
    return out


def structure_placings(*, event: Event) -> dict[int, int]:
    """Return registration id → final place of a bracket (the first of a round's shared
    places) or a round robin (its rank), for profiles and series; empty before the start."""
    players = structure_players(event=event)
    if not players:
        return {}
    if is_bracket(event):
        progress, players = event_bracket_progress(event=event)
        rows = elimination_standings(progress=progress, players=players).rows
        return {row.player_id: row.places[0] for row in rows}
    if is_league(event):
        return league_placings(event=event)
    players, history = round_robin_history(event=event)
    table = round_robin_standings(
        players=players, history=history, tiebreakers=event.tiebreakers, drop_policy=event.drop_policy
    )
    return {row.entrant: row.rank for row in table.rows}


@dataclass(frozen=True)
class StructureStandings:
    """The standings of a bracket or a round robin: the rows in the API's shape and the
    tiebreakers they show (keys, in the event's order)."""

    rows: list[dict[str, Any]]
    tiebreakers: tuple[str, ...]
    drop_policy: str = ""  # a round robin's: "keep" or "void"


def structure_standings(*, event: Event) -> StructureStandings:
    """Return the standings of an event that is not Swiss (empty before the start).

    A bracket: ``rank`` the first of the places the player shares (the semifinals' losers
    both 3rd, ``places`` [3, 4]), ``eliminated_in`` the round they went out in (null: the
    champion, or still in). A round robin: match points, then the event's tiebreakers; a
    league the same, live, with each player's matches left (``remaining``).
    """
    if not Registration.objects.filter(event=event, seed__isnull=False).exists():
        return StructureStandings(rows=[], tiebreakers=tuple(event.tiebreakers))
    if is_bracket(event):
        progress, players = event_bracket_progress(event=event)
        standings = elimination_standings(progress=progress, players=players)
        rows = []
        for placing in standings.rows:
            row = placing.as_dict()
            row["rank"] = placing.places[0]
            row["champion"] = placing.player_id == progress.champion
            rows.append(row)
        return StructureStandings(rows=rows, tiebreakers=())
    if is_league(event):
        return StructureStandings(rows=league_standings(event=event), tiebreakers=tuple(event.tiebreakers))
    players, history = round_robin_history(event=event)
    table = round_robin_standings(
        players=players, history=history, tiebreakers=event.tiebreakers, drop_policy=event.drop_policy
    )
    # Every row says the policy and whether it struck the player: the API's standings are a
    # list, and the CSV's columns are the first row's keys.
    rows = [row.as_dict() | {"voided": row.voided, "drop_policy": table.drop_policy} for row in table.rows]
    return StructureStandings(rows=rows, tiebreakers=table.profile, drop_policy=table.drop_policy)


def structure_next_finishes(*, event: Event) -> bool:
    """Whether the organizer's next step finishes the event: the bracket's champion is decided,
    or the round robin's last round is paired."""
    if not structure_players(event=event):
        return False
    if is_bracket(event):
        progress, _players = event_bracket_progress(event=event)
        return progress.champion is not None
    if is_league(event):  # a league's next step is its end
        return True
    last = event.round_set.order_by("-number").values_list("number", flat=True).first() or 0
    return last >= round_robin_total(event=event)


def bracket_page(*, event: Event) -> dict[str, Any]:
    """Return the bracket page's data: :func:`bracket_json` with each round's stage in words,
    its rounds split into the winners' bracket, the losers' bracket and the grand final."""
    data = bracket_json(event=event)
    sections: dict[str, list[dict[str, Any]]] = {"winners": [], "losers": [], "grand_final": []}
    for round_ in data["rounds"]:
        round_["title"] = stage_words(round_["stage"])
        for match in round_["matches"]:
            match["sides"] = [
                {"name": match[seat], "from": source_words(match[f"from_{seat[-1]}"]), "won": None}
                for seat in ("player_a", "player_b")
            ]
            for side in match["sides"]:
                side["won"] = match["winner"] is not None and side["name"] == match["winner"]
        sections[round_["kind"]].append(round_)
    data["sections"] = [{"kind": kind, "rounds": rounds} for kind, rounds in sections.items() if rounds]
    return data


def tiebreaker_shown(key: str, value: Any) -> str:
    """Return a tiebreaker's value as the standings page shows it ("54.17%", "12", "–")."""
    if value is None:
        return "–"
    if TIEBREAKERS[key].percentage:
        return f"{100 * value:.2f}%"
    return f"{value:g}"


def structure_standings_page(*, event: Event) -> dict[str, Any]:
    """Return the standings page's rows of a bracket or a round robin, with the eliminations in
    words and each of the event's tiebreakers named and explained (the page's legend)."""
    standings = structure_standings(event=event)
    rows = standings.rows
    for row in rows:
        stage = row.get("eliminated_in")
        row["out_words"] = stage_words(stage) if stage else ""
        row["values"] = [tiebreaker_shown(key, row.get(key)) for key in standings.tiebreakers]
    legend = [
        {"key": key, "name": TIEBREAKER_WORDS[key][0], "text": TIEBREAKER_WORDS[key][1]}
        for key in standings.tiebreakers
    ]
    return {
        "rows": rows,
        "legend": legend,
        "bracket": is_bracket(event),
        "league": is_league(event),
        "drop_policy": standings.drop_policy,
        "drop_words": str(DROP_POLICY_WORDS.get(standings.drop_policy, "")),
    }
