"""Importing card sets into the database (``manage.py import_cards``)."""

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction

from engine.cardset import parse_card_set
from engine.files import read_json
from engine.names import normalize_name
from engine.problems import CardSetError
from engine.registry import get_game
from tournaments.models import Card, CardSet


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


def read_json_file(path: str | Path) -> Any:
    """Return the decoded JSON of a card-set file; raise CardSetError with one line otherwise."""
    return read_json(path, error=CardSetError)


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


def card_set_import(*, data: Any, source: str = "") -> ImportReport:
    """Import (create or update) one card set from its decoded JSON; return what changed.

    Idempotent: a card is found by its set and name, so re-importing updates and
    never duplicates; cards no longer in the file are removed. Raises CardSetError
    listing every problem and changes nothing when the file is invalid in any way.
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
        if existing:
            Card.objects.filter(pk__in=[card.pk for card in existing.values()]).delete()
    return ImportReport(card_set.game, card_set.code, created, updated, unchanged, removed)
