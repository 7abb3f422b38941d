"""Deck checks (reads: nothing is written) for the builder, the API, registration and the
registration lists."""

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneKind, decklist_to_json, parse_decklist
from engine.problems import DeckParseError, Problem
from engine.registry import GameRules, game_keys, get_game
from tournaments.label_messages import parse_error_text
from tournaments.labels import zone_label
from tournaments.selectors.cards import catalog_for

DeckSource = str | Mapping[str, Any]


@dataclass
class DeckCheck:
    """The outcome of checking one decklist: parsed or not, legal or not, and why."""

    game: str
    decklist: Decklist | None = None
    violations: list[dict[str, Any]] = field(default_factory=list)
    parse_problems: list[Problem] = field(default_factory=list)
    parse_message: str = ""
    parse_omitted: int = 0  # problems found past the ones listed (engine.decklist.MAX_PROBLEMS)
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def readable(self) -> bool:
        return self.decklist is not None

    @property
    def legal(self) -> bool:
        return self.readable and not self.violations

    def as_json(self) -> dict[str, Any]:
        """Return the API answer: ``{"legal", "violations"}`` plus the parsed deck and stats."""
        return {
            "legal": self.legal,
            "violations": self.violations,
            "game": self.game,
            "deck": decklist_to_json(self.decklist) if self.decklist else None,
            "stats": self.stats,
        }


def _stats(decklist: Decklist, catalog: Any) -> dict[str, Any]:
    """Return the cost curve (main deck), the faction mix and the size of every zone."""
    curve: Counter[str] = Counter()
    factions: Counter[str] = Counter()
    types: Counter[str] = Counter()
    for name, copies in decklist.counts("main").items():
        card = catalog.get(name)
        if card is None:
            continue
        cost = getattr(card, "cost", None)
        if isinstance(cost, int):
            curve["7+" if cost >= 7 else str(cost)] += copies
        for faction in sorted(getattr(card, "factions", ()) or ()):
            factions[faction] += copies
        types[str(getattr(card, "type", ""))] += copies
    sizes: dict[str, int] = {}
    for key, value in decklist.zones.items():
        if isinstance(value, dict):
            sizes[key] = sum(value.values())
        elif isinstance(value, tuple):
            sizes[key] = len(value)
        else:
            sizes[key] = 1 if value else 0
    order = [str(n) for n in range(7)] + ["7+"]
    return {
        "curve": {bucket: curve.get(bucket, 0) for bucket in order},
        "factions": dict(factions.most_common()),
        "types": dict(types.most_common()),
        "sizes": sizes,
    }


Catalogs = Mapping[str, tuple[GameRules, Catalog[Any]]]  # game key → its rules and catalog


def catalogs_for(*, games: Iterable[str]) -> dict[str, tuple[GameRules, Catalog[Any]]]:
    """Return the rules and catalog of each known game of ``games``, read once for a batch of
    checks (each :func:`catalog_for` asks the database whether the game's sets changed)."""
    known = set(game_keys())
    return {game: catalog_for(game=game) for game in set(games) if game in known}


def deck_check(
    *,
    source: DeckSource | None,
    game: str | None = None,
    options: Mapping[str, Any] | None = None,
    catalogs: Catalogs | None = None,
) -> DeckCheck:
    """Return the check of a decklist given as a JSON object or as text.

    Never raises for bad input: unreadable lists come back with ``parse_problems``
    and every rule broken comes back in ``violations``. ``catalogs`` (:func:`catalogs_for`)
    lets a page checking many decks read each game's catalog once.
    """
    fallback = game if game is not None and game in game_keys() else settings.DEFAULT_GAME
    try:
        decklist = parse_decklist(source, game=fallback)
    except DeckParseError as error:
        return DeckCheck(
            game=fallback,
            parse_problems=error.problems,
            parse_message=parse_error_text(error),  # in the reader's language
            parse_omitted=error.omitted,
        )
    held = (catalogs or {}).get(decklist.game)
    rules, catalog = held if held is not None else catalog_for(game=decklist.game)
    # Each violation names its game: a code means a different rule in each (label_messages.violation_text).
    violations = [
        {**v.as_dict(), "params": dict(v.params), "game": decklist.game}
        for v in rules.validate_deck(decklist, catalog, options=options or {})
    ]
    return DeckCheck(
        game=decklist.game, decklist=decklist, violations=violations, stats=_stats(decklist, catalog)
    )


def decklist_text(decklist: Decklist) -> str:
    """Return the decklist in the text format of formats.md, its headers in the reader's
    language (``Hero:``, ``Герой:``; every game reads both)."""
    lines: list[str] = []
    for zone in get_game(decklist.game).zones:
        title = zone_label(zone.key)
        value = decklist.zones.get(zone.key)
        if zone.kind is ZoneKind.ONE:
            if value:
                lines.append(f"{title}: {value}")
            continue
        if not value:
            continue
        lines.append(f"{title}:")
        if zone.kind is ZoneKind.ORDERED:
            lines.extend(str(name) for name in value)
        else:
            lines.extend(f"{copies} {name}" for name, copies in value.items())  # type: ignore[union-attr]
    return "\n".join(lines) + "\n"
