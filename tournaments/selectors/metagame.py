"""The metagame of an event or of a game over a period (point 6): reads only.

Computed from what is public once an event's decklists are published (Event.decklists_public,
set by the organizer after the event: services.events.decklists_publish) and from the final
results and adjudicated game logs of those events; nothing of an unpublished event is read.

- **Identity** (hero, leader) and **archetype** of each deck: engine/metagame.py, the same
  words for every game.
- **Share and win rate** per identity and archetype: players, and their final matches
  (byes left out); a draw counts half a win (win rate = (wins + draws / 2) / matches).
- **Matchup matrix**: identity against identity, from the row's side; a mirror match is
  counted from both sides in its one cell (a win and a loss), so a mirror's rate is 50 %.
- **Cards**: for every card, how many decks include it and the win rate of those decks (paper
  and online events); for online games also how many seat-games played it (a ``play``
  action naming the card, as RESPONSE and Your War log it) and the win rate of those games.
- **First player**: online games whose starter is known (the game's ``first_initiative``, or
  the engine's setup from the game's seed: RESPONSE R4.1, Your War Y4.2, Chronomagia C5.2),
  won by the starter or not.

:func:`metagame_compute` is the heavy part (a task runs it: services.metagame);
:func:`metagame_fingerprint` is the cheap check of whether stored numbers are still current.
"""

import hashlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

import orjson
from django.db.models import Count, Max, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone

from engine.decklist import parse_decklist
from engine.metagame import UNKNOWN, deck_archetype, deck_cards, deck_identity, first_seat
from engine.problems import DeckParseError, InputError
from tournaments.labels import camp_label
from tournaments.models import Event, Game, Match, Registration
from tournaments.selectors.cards import card_namer, catalog_for
from tournaments.selectors.online import match_engine

MATRIX_MAX = 16  # identities in the matchup matrix: the most played ones
GAMES_CHUNK = 500  # online games read per query (their logs are the heavy column)


@dataclass(frozen=True)
class Scope:
    """What a metagame covers: one event, or a game's published events over a period."""

    key: str
    game: str
    event_id: int | None = None
    since: date | None = None
    until: date | None = None

    @staticmethod
    def of_event(event: Event) -> "Scope":
        return Scope(key=f"event:{event.pk}", game=event.game, event_id=event.pk)

    @staticmethod
    def of_period(game: str, since: date | None, until: date | None) -> "Scope":
        text = ":".join(d.isoformat() if d else "" for d in (since, until))
        return Scope(key=f"game:{game}:{text}", game=game, since=since, until=until)

    @staticmethod
    def parse(key: str) -> "Scope":
        """Return the scope a ``key`` names; ValueError for a malformed one."""
        kind, _, rest = key.partition(":")
        if kind == "event":
            event = Event.objects.only("pk", "game").get(pk=int(rest))
            return Scope.of_event(event)
        if kind == "game":
            game, since, until = rest.split(":")
            return Scope.of_period(
                game,
                date.fromisoformat(since) if since else None,
                date.fromisoformat(until) if until else None,
            )
        raise ValueError(key)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "event": self.event_id,
            "since": self.since.isoformat() if self.since else None,
            "until": self.until.isoformat() if self.until else None,
        }


def scope_events(scope: Scope) -> QuerySet[Event]:
    """Return the published events the scope covers (an event's date: its start, else its
    creation). An unpublished event is never covered: nothing hidden is read; nor a practice
    game's, which is no tournament."""
    events = Event.objects.filter(game=scope.game, decklists_public=True, practice=False)
    if scope.event_id is not None:
        return events.filter(pk=scope.event_id)
    events = events.annotate(on=Coalesce("starts_at", "created_at"))
    zone = timezone.get_current_timezone()
    if scope.since is not None:
        events = events.filter(on__gte=datetime.combine(scope.since, time.min, tzinfo=zone))
    if scope.until is not None:
        events = events.filter(on__lte=datetime.combine(scope.until, time.max, tzinfo=zone))
    return events


def metagame_fingerprint(scope: Scope) -> str:
    """Return a short digest of what the scope's numbers depend on: its published events and
    their final matches (how many, the last change). Two aggregate queries; a match becoming
    final, a result overridden or decklists published changes it."""
    events = list(scope_events(scope).order_by("pk").values_list("pk", flat=True))
    if not events:
        return "none"
    facts = Match.objects.filter(round__event_id__in=events).aggregate(
        final=Count("pk", filter=Q(status=Match.Status.FINAL)),
        last=Max("updated_at"),
        # A corrected result changes these even when two writes share a timestamp.
        a=Sum("wins_a"),
        b=Sum("wins_b"),
        d=Sum("draws"),
    )
    games = Game.objects.filter(match__round__event_id__in=events, status=Game.Status.FINISHED).aggregate(
        n=Count("pk"), last=Max("finished_at")
    )
    text = (
        f"{events}|{facts['final']}|{facts['last']}|{facts['a']}|{facts['b']}|{facts['d']}"
        f"|{games['n']}|{games['last']}"
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class _Tally:
    """Matches (or games) won, lost and drawn."""

    __slots__ = ("draws", "losses", "wins")

    def __init__(self) -> None:
        self.wins = self.losses = self.draws = 0

    def add(self, outcome: int) -> None:  # 1 won, 0 drawn, -1 lost
        if outcome > 0:
            self.wins += 1
        elif outcome < 0:
            self.losses += 1
        else:
            self.draws += 1

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws

    def as_json(self) -> dict[str, Any]:
        played = self.played
        rate = round((self.wins + self.draws / 2) / played, 4) if played else None
        return {
            "matches": played,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "win_rate": rate,
        }


def _outcome(wins_a: int, wins_b: int) -> int:
    return (wins_a > wins_b) - (wins_a < wins_b)


def _groups(label: dict[int, str], results: dict[int, list[int]], total: int) -> list[dict[str, Any]]:
    players: Counter[str] = Counter(label.values())
    tallies: dict[str, _Tally] = defaultdict(_Tally)
    for reg, outcomes in results.items():
        for outcome in outcomes:
            tallies[label[reg]].add(outcome)
    rows = [
        {
            "name": name,
            "players": n,
            "share": round(n / total, 4) if total else 0.0,
            **tallies[name].as_json(),
        }
        for name, n in players.items()
    ]
    rows.sort(key=lambda row: (-row["players"], row["name"]))
    return rows


def _decks(
    game: str, registrations: Iterable[tuple[int, Any]]
) -> tuple[dict[int, str], dict[int, str], dict[int, set[str]]]:
    """Return each registration's identity, archetype and cards; identical lists read once."""
    rules, catalog = catalog_for(game=game)
    seen: dict[bytes, tuple[str, str, frozenset[str]]] = {}
    identity: dict[int, str] = {}
    archetype: dict[int, str] = {}
    cards: dict[int, set[str]] = {}
    for reg, raw in registrations:
        key = orjson.dumps(raw, option=orjson.OPT_SORT_KEYS)
        known = seen.get(key)
        if known is None:
            try:
                decklist = parse_decklist(raw, game=game)
            except DeckParseError:
                known = (UNKNOWN, UNKNOWN, frozenset())
            else:
                ident = deck_identity(rules, decklist, catalog)
                known = (
                    ident,
                    deck_archetype(rules, decklist, catalog, ident),
                    frozenset(deck_cards(rules, decklist, catalog)),
                )
            seen[key] = known
        identity[reg], archetype[reg] = known[0], known[1]
        cards[reg] = set(known[2])
    return identity, archetype, cards


def _game_facts(
    game_key: str, events: Sequence[int], match_ids: set[int], progress: Callable[[int], None]
) -> list[tuple[int, int, int | None, int | None, set[str], set[str]]]:
    """Return, for every finished online game of the matches: (match id, number, first seat or
    None, winner or None, cards seat 0 played, cards seat 1 played)."""
    rows: list[tuple[int, int, int | None, int | None, set[str], set[str]]] = []
    games = Game.objects.filter(match__round__event_id__in=events, status=Game.Status.FINISHED).order_by("pk")
    ids = list(games.values_list("pk", flat=True))
    engine = None
    catalog: Any = None
    for start in range(0, len(ids), GAMES_CHUNK):
        chunk = ids[start : start + GAMES_CHUNK]
        fields = ("match_id", "number", "first_initiative", "winner", "seed", "decks", "actions")
        for match_id, number, first, winner, seed, decks, actions in (
            Game.objects.filter(pk__in=chunk).order_by("pk").values_list(*fields)
        ):
            if match_id not in match_ids:
                continue  # its match is not final (a game of a match still being played)
            starter = first
            # The seed decided (RESPONSE R4.1, Your War Y4.2, Chronomagia C5.2): the engine's setup
            # says who.
            if starter is None:
                try:
                    if engine is None:
                        engine, catalog = match_engine(game_key), catalog_for(game=game_key)[1]
                    match = engine.new_match(
                        catalog,
                        [parse_decklist(raw, game=game_key) for raw in decks],
                        seed=seed,
                        options={"first": None},
                    )
                    starter = first_seat(match.initial_events)
                except (InputError, DeckParseError, KeyError):
                    starter = None
            played: tuple[set[str], set[str]] = (set(), set())
            for action in actions:
                card = action.get("card") if isinstance(action, dict) else None
                if action.get("type") == "play" and isinstance(card, str) and action.get("seat") in (0, 1):
                    played[action["seat"]].add(card)
            rows.append((match_id, number, starter, winner, played[0], played[1]))
        progress(start + len(chunk))
    return rows


def metagame_compute(scope: Scope, progress: Callable[[int], None] = lambda percent: None) -> dict[str, Any]:
    """Return the scope's metagame numbers as JSON (module docstring). ``progress`` is told
    the percent done now and then."""
    events = list(scope_events(scope).values_list("pk", flat=True))
    registrations = Registration.objects.filter(event_id__in=events, status=Registration.Status.ACTIVE)
    identity, archetype, cards = _decks(
        scope.game, registrations.values_list("pk", "deck").iterator(chunk_size=2000)
    )
    progress(30)
    matches = list(
        Match.objects.filter(round__event_id__in=events, status=Match.Status.FINAL, player_b__isnull=False)
        .values_list("pk", "player_a_id", "player_b_id", "wins_a", "wins_b")
        .iterator(chunk_size=5000)
    )
    progress(45)
    results: dict[int, list[int]] = defaultdict(list)
    pairs: dict[tuple[str, str], _Tally] = defaultdict(_Tally)
    seats: dict[int, tuple[int, int]] = {}
    for pk, a, b, wins_a, wins_b in matches:
        if a not in identity or b not in identity:
            continue  # a player who left the event's list (waitlisted again): no deck to count
        outcome = _outcome(wins_a, wins_b)
        results[a].append(outcome)
        results[b].append(-outcome)
        seats[pk] = (a, b)
        pairs[(identity[a], identity[b])].add(outcome)
        pairs[(identity[b], identity[a])].add(-outcome)  # a mirror: both sides, one cell
    total = len(identity)
    identities = _groups(identity, results, total)
    archetypes = _groups(archetype, results, total)
    progress(55)
    finished = Game.objects.filter(match__round__event_id__in=events, status=Game.Status.FINISHED)
    game_count = finished.count() if seats else 0

    def games_progress(done: int) -> None:
        progress(55 + 40 * done // max(1, game_count))

    game_rows = _game_facts(scope.game, events, set(seats), games_progress) if game_count else []

    included: dict[str, _Tally] = defaultdict(_Tally)
    decks_with: Counter[str] = Counter()
    for reg, names in cards.items():
        decks_with.update(names)
        outcomes = results.get(reg, ())
        wins, losses = sum(o > 0 for o in outcomes), sum(o < 0 for o in outcomes)
        for name in names:
            tally = included[name]
            tally.wins += wins
            tally.losses += losses
            tally.draws += len(outcomes) - wins - losses
    played_in: dict[str, _Tally] = defaultdict(_Tally)
    first = _Tally()
    seat_games = 0
    for _match, _number, starter, winner, played0, played1 in game_rows:
        seat_games += 2
        for seat, names_played in ((0, played0), (1, played1)):
            outcome = 0 if winner is None else (1 if winner == seat else -1)
            for name in names_played:
                played_in[name].add(outcome)
        if starter is not None:
            first.add(0 if winner is None else (1 if winner == starter else -1))
    card_rows = []
    for name in sorted(set(decks_with) | set(played_in)):
        inclusion = included[name].as_json()
        played = played_in[name].as_json() if name in played_in else None
        card_rows.append(
            {
                "name": name,
                "decks": decks_with[name],
                "inclusion": round(decks_with[name] / total, 4) if total else 0.0,
                "win_rate": inclusion["win_rate"],
                "matches": inclusion["matches"],
                "games_played": played["matches"] if played else 0,
                "play_rate": round(played["matches"] / seat_games, 4) if played and seat_games else None,
                "played_win_rate": played["win_rate"] if played else None,
            }
        )
    card_rows.sort(key=lambda row: (-row["decks"], -row["games_played"], row["name"]))

    shown = [row["name"] for row in identities[:MATRIX_MAX]]
    matrix = [
        [pairs[(row, column)].as_json() if (row, column) in pairs else None for column in shown]
        for row in shown
    ]
    progress(100)
    return {
        "scope": scope.as_json(),
        "events": len(events),
        "players": total,
        "matches": len(seats),
        "games": len(game_rows),
        "identities": identities,
        "archetypes": archetypes,
        "matchups": {"names": shown, "cells": matrix},
        "cards": card_rows,
        "first_player": {**first.as_json(), "games": first.played},
    }


def metagame_namer(*, game: str, language: str) -> Callable[[str], str]:
    """Return a function giving an identity or an archetype ("identity · trait", engine/metagame.py)
    as the reader reads it: a card (hero, ruler) by its name in ``language``, a trait, faction or
    card type (Your War's country, RESPONSE's faction) by its label in the active language; a
    word that is neither is given back as it is. The stored key stays the stable one."""
    card = card_namer(game=game, language=language)

    def identity(word: str) -> str:
        shown = card(word)
        return shown if shown != word else camp_label(word)

    def named(key: str) -> str:
        head, sep, rest = str(key).partition(" · ")
        return f"{identity(head)}{sep}{camp_label(rest)}" if sep else identity(head)

    return named


CSV_TABLES: tuple[str, ...] = ("identities", "archetypes", "matchups", "cards", "first_player")


def metagame_csv_rows(data: dict[str, Any], table: str) -> list[list[Any]]:
    """Return one table of the numbers as CSV rows, its header first (``table`` is one of
    :data:`CSV_TABLES`)."""
    if table in ("identities", "archetypes"):
        head = ["name", "players", "share", "matches", "wins", "losses", "draws", "win_rate"]
        return [head, *[[row[k] for k in head] for row in data.get(table, [])]]
    if table == "cards":
        head = [
            "name",
            "decks",
            "inclusion",
            "matches",
            "win_rate",
            "games_played",
            "play_rate",
            "played_win_rate",
        ]
        return [head, *[[row[k] for k in head] for row in data.get("cards", [])]]
    if table == "first_player":
        head = ["games", "wins", "losses", "draws", "win_rate"]
        facts = data.get("first_player", {})
        return [head, [facts.get(k) for k in head]]
    matchups = data.get("matchups", {"names": [], "cells": []})
    rows: list[list[Any]] = [["identity", "against", "matches", "wins", "losses", "draws", "win_rate"]]
    for row, cells in zip(matchups["names"], matchups["cells"], strict=True):
        for column, cell in zip(matchups["names"], cells, strict=True):
            if cell is not None:
                rows.append(
                    [
                        row,
                        column,
                        cell["matches"],
                        cell["wins"],
                        cell["losses"],
                        cell["draws"],
                        cell["win_rate"],
                    ]
                )
    return rows
