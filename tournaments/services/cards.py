"""Importing card sets into the database (``manage.py import_cards``)."""

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction

from engine.cardset import parse_card_set
from engine.decklist import decklist_to_json, load_decklist
from engine.files import read_json
from engine.names import normalize_name
from engine.problems import CardSetError, InputError, Problem
from engine.registry import bundled_decklists, get_game
from tournaments.models import Card, CardSet, Event, Game, Registration, SavedDeck

# NUL characters reported per file, at most (each with its key path).
_NUL_PLACES_LISTED = 20


@dataclass(frozen=True)
class ImportReport:
    """What one import did."""

    game: str
    code: str
    created: int
    updated: int
    unchanged: int
    removed: int

    def __str__(self) -> str:
        return (
            f"{self.game}:{self.code}: {self.created} created, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.removed} removed"
        )


class CardsInUse(Exception):
    """An import would remove cards that decks still name; ``uses`` says which and where."""

    def __init__(self, card_set: str, uses: dict[str, Counter[str]]) -> None:
        self.card_set = card_set
        self.uses = uses
        names = ", ".join(f"«{name}»" for name in uses)
        super().__init__(
            f"{card_set}: refusing to remove {len(uses)} card{'s' if len(uses) != 1 else ''} "
            f"still in use: {names} (--force removes them anyway; nothing was changed)"
        )

    def details(self) -> list[str]:
        """One line per card: where it is used (starter decks by file, the rest counted)."""
        return [
            f"  «{name}»: "
            + ", ".join(what if what.startswith("starter") else f"{n} {what}" for what, n in places.items())
            for name, places in self.uses.items()
        ]


def read_json_file(path: str | Path) -> Any:
    """Return the decoded JSON of a card-set file; raise CardSetError with one line otherwise
    (also for a NUL character, which no database column holds)."""
    data = read_json(path, error=CardSetError)
    places = list(_nul_places(data))
    if places:
        problems = [Problem(place, "contains a NUL character (\\0)") for place in places[:_NUL_PLACES_LISTED]]
        raise CardSetError(problems, source=str(path), omitted=max(len(places) - _NUL_PLACES_LISTED, 0))
    return data


def _nul_places(data: Any) -> Iterator[str]:
    """Yield the key path of every string (key or value) holding a NUL character."""
    todo: list[tuple[str, Any]] = [("", data)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, str):
            if "\x00" in value:
                yield where or "(the document)"
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                place = f"{where}.{key}" if where else str(key)
                if "\x00" in key:
                    yield place
                todo.append((place, item))
        elif isinstance(value, list):
            todo.extend((f"{where}[{i}]", item) for i, item in reversed(list(enumerate(value))))


def _card_columns(game: str, card: Any, raw: dict[str, Any]) -> dict[str, Any]:
    summary = get_game(game).card_summary(card)
    factions = summary.get("factions") or []
    names = [card.name, *getattr(card, "aliases", ())]
    cost = summary.get("cost")
    return {
        "game": game,
        "number": int(getattr(card, "number", 0) or 0),
        "type": str(summary.get("type", "")),
        "cost": cost if isinstance(cost, int) and not isinstance(cost, bool) else None,
        "factions_key": "|" + "|".join(str(f) for f in factions) + "|" if factions else "",
        "search_key": "|".join(normalize_name(n) for n in names),
        "summary": summary,
        "raw": raw,
    }


def card_set_import(*, data: Any, source: str = "", force: bool = False) -> ImportReport:
    """Import (create or update) one card set from its decoded JSON; return what changed.

    Idempotent: a card is found by its set and name, so re-importing updates and
    never duplicates; cards no longer in the file are removed. Raises CardSetError
    listing every problem and changes nothing when the file is invalid in any way.
    Raises CardsInUse, changing nothing, when a card to remove is still named by a deck —
    a starter deck of the game, a saved deck, a registration of an event not finished or a
    game being played — and no other card of the game (its other sets, or this set under
    a name or alias) answers to that name; ``force`` removes them anyway.
    """
    card_set = parse_card_set(data, source=source)  # raises before anything is written
    raw_by_name = {normalize_name(raw["name"]): raw for raw in data["cards"]}
    envelope = {key: value for key, value in data.items() if key != "cards"}
    created = updated = unchanged = 0
    with transaction.atomic():
        row, _ = CardSet.objects.update_or_create(
            game=card_set.game,
            code=card_set.code,
            defaults={"name": card_set.name, "year": card_set.year, "envelope": envelope},
        )
        existing = {card.name: card for card in Card.objects.select_for_update().filter(card_set=row)}
        for card in card_set.cards:
            columns = _card_columns(card_set.game, card, raw_by_name[normalize_name(card.name)])
            old = existing.pop(card.name, None)
            if old is None:
                Card.objects.create(card_set=row, name=card.name, **columns)
                created += 1
            elif any(getattr(old, key) != value for key, value in columns.items()):
                for key, value in columns.items():
                    setattr(old, key, value)
                old.save()
                updated += 1
            else:
                unchanged += 1
        removed = len(existing)
        if existing and not force:
            uses = _uses_of_removed(card_set.game, row, card_set.cards, existing.values())
            if uses:
                raise CardsInUse(f"{card_set.game}:{card_set.code}", uses)
        if existing:
            Card.objects.filter(pk__in=[card.pk for card in existing.values()]).delete()
    return ImportReport(card_set.game, card_set.code, created, updated, unchanged, removed)


def _uses_of_removed(
    game: str, row: CardSet, kept: Iterable[Any], removed: Iterable[Card]
) -> dict[str, Counter[str]]:
    """Return, for each removed card that a deck still names, where it is named."""
    # Names (normalized keys, engine/names.py) that still find a card after the import.
    answered: set[str] = set()
    for card in kept:
        answered.update(normalize_name(n) for n in (card.name, *getattr(card, "aliases", ())))
    for name, raw in Card.objects.filter(game=game).exclude(card_set=row).values_list("name", "raw"):
        answered.update(normalize_name(n) for n in (name, *_spellings(raw)))
    lost: dict[str, str] = {}  # key -> the removed card's name
    for card in removed:
        for name in (card.name, *_spellings(card.raw)):
            if normalize_name(name) not in answered:
                lost.setdefault(normalize_name(name), card.name)
    uses: dict[str, Counter[str]] = {}
    if not lost:
        return uses
    for place, decks in _decks_of(game):
        for key in {normalize_name(name) for deck in decks for name in _names_in(deck)} & lost.keys():
            uses.setdefault(lost[key], Counter())[place] += 1
    return uses


def _spellings(raw: Any) -> list[str]:
    """Return the other names a card's JSON answers to: its aliases and its ``names`` (engine.languages)."""
    if not isinstance(raw, dict):
        return []
    aliases: list[Any] = raw["aliases"] if isinstance(raw.get("aliases"), list) else []
    names = list(raw["names"].values()) if isinstance(raw.get("names"), dict) else []
    return [name for name in (*aliases, *names) if isinstance(name, str)]


def _decks_of(game: str) -> Iterator[tuple[str, list[Any]]]:
    """Yield (what it is, its decklists' JSON) of everything that must keep finding its cards."""
    for path in bundled_decklists(game):
        try:
            yield f"starter deck {path.name}", [decklist_to_json(load_decklist(path, game=game))]
        except InputError:
            continue  # a broken starter deck has its own test
    for deck in SavedDeck.objects.filter(game=game).values_list("decklist", flat=True).iterator():
        yield "saved deck(s)", [deck]
    # A practice game's registrations are left out: its decks are its game's while it is played.
    registrations = Registration.objects.filter(event__game=game, event__practice=False).exclude(
        event__status=Event.Status.FINISHED
    )
    for deck in registrations.values_list("deck", flat=True).iterator():
        yield "registration(s) in events not finished", [deck]
    games = Game.objects.filter(match__round__event__game=game).exclude(status=Game.Status.FINISHED)
    for decks in games.values_list("decks", flat=True).iterator():
        yield "game(s) being played", decks if isinstance(decks, list) else []


def _names_in(deck: Any) -> Iterator[str]:
    """Yield every card name of a decklist JSON (formats.md: names, lists, name -> copies)."""
    if not isinstance(deck, dict):
        return
    for key, value in deck.items():
        if key == "game":
            continue
        if isinstance(value, str):
            yield value
        elif isinstance(value, list):
            yield from (name for name in value if isinstance(name, str))
        elif isinstance(value, dict):
            yield from (name for name in value if isinstance(name, str))
