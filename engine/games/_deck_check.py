"""Deck checks shared by the deck-rules-only games (wow, yourwar, chronomagia, fow).

:class:`DeckCheck` collects violations while a validator resolves zones against the
catalog, counts copies and compares sizes. It never raises: a junk :class:`Decklist`
(wrong value types, negative counts, names that are not strings) becomes violations,
not exceptions (engine/README.md: validators never raise). The event's options
(``format``, ``side_max``) and the zones' headers are read here too.

Each game's ``deck.py`` still spells out its own rules in order; only the mechanics
that are truly the same live here. The card half is in :mod:`engine.games._card_fields`.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.actions import is_int
from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneKind, ZoneSpec
from engine.names import SUGGESTIONS_PER_DECK, normalize_name
from engine.problems import Violation

C = TypeVar("C")

DEFAULT_FORMAT = "constructed"
# Side deck size when the event says nothing: the project's default for every game
# (rules digest R2.6 [decision]: "default 10; 0 means the event uses no side deck").
DEFAULT_SIDE_MAX = 10


@dataclass(frozen=True, slots=True)
class Entry(Generic[C]):
    """A resolved line of a zone: the card and how many copies the deck lists."""

    card: C
    count: int


class DeckCheck(Generic[C]):
    """Resolves a decklist's zones for one game and collects its violations.

    ``card_type`` is the game's card class: a catalog entry of another class (a card
    of another game) counts as unknown, so a mixed-up catalog cannot crash a rule.
    Construction already reports ``unknown_zone`` and zone values of the wrong shape
    (``bad_count``) — neither comes out of :func:`engine.decklist.parse_decklist`, but
    a hand-built decklist must not have cards silently ignored. :meth:`counts` and
    :meth:`one` add ``unknown_card`` (once per name, as RESPONSE does) and ``bad_count``.

    Every violation carries the values of its message in ``params`` (the zone key, counts,
    names; ``bad_count`` says in ``shape`` which of its four forms it is), so that a front
    end can say the same in another language.
    """

    def __init__(
        self,
        deck: Decklist,
        catalog: Catalog[Any],
        *,
        zones: Sequence[ZoneSpec],
        card_type: type[C],
    ) -> None:
        self.violations: list[Violation] = []
        self._catalog = catalog
        self._card_type = card_type
        self._zones = {spec.key: spec for spec in zones}
        self._unknown: set[str] = set()
        self._suggestions_left = SUGGESTIONS_PER_DECK
        raw_zones = getattr(deck, "zones", None)
        self._raw: Mapping[Any, Any] = raw_zones if isinstance(raw_zones, Mapping) else {}
        if not isinstance(raw_zones, Mapping):
            self.add(
                "bad_count",
                None,
                "the decklist's zones must be a mapping of zone name to cards",
                shape="zones",
            )
        for key in self._raw:
            if key not in self._zones:
                known = ", ".join(self._zones)
                message = f"«{key}» is not a zone of this game's decklists ({known})"
                self.add("unknown_zone", None, message, zone=f"{key}", known=known)

    def is_empty(self, key: str) -> bool:
        """Return True when a ONE zone names nothing (absent, null or blank)."""
        value = self._raw.get(key)
        return value is None or (isinstance(value, str) and not value.strip())

    def add(self, code: str, card: str | None, message: str, **params: object) -> None:
        """Record one violation; ``params`` are the values of its message."""
        self.violations.append(Violation(code=code, card=card, message=message, params=params))

    def _resolve(self, name: Any, zone: str) -> C | None:
        """Return the catalog card named ``name``; None (plus ``unknown_card``) otherwise."""
        if not isinstance(name, str) or not name.strip():
            self.add(
                "unknown_card",
                None,
                f"{name!r} in {_zone_label(zone)} is not a card name",
                zone=zone,
                name=repr(name),
            )
            return None
        card = self._safe_get(name)
        if isinstance(card, self._card_type):
            return card
        key = normalize_name(name)
        if key in self._unknown:  # one unknown_card per name, wherever it appears
            return None
        self._unknown.add(key)
        close: list[str] = []
        if len(name) <= 200 and self._suggestions_left > 0:
            self._suggestions_left -= 1
            try:
                close = self._catalog.suggest(name)
            except Exception:  # a broken catalog must not break validation (never raise)
                close = []
        hint = f"; did you mean {' or '.join(f'«{n}»' for n in close)}?" if close else ""
        message = f"«{name}» in {_zone_label(zone)} is not a known card{hint}"
        self.add("unknown_card", name, message, zone=zone, suggestions=list(close))
        return None

    def one(self, key: str) -> C | None:
        """Return the card in a ONE zone (hero, ruler); None when empty or unknown.

        An empty zone is not reported here: the game decides (``hero_missing``).
        """
        value = self._raw.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.add(
                "bad_count", None, f"{_zone_label(key)} must name exactly one card", shape="one", zone=key
            )
            return None
        if not value.strip():
            return None
        return self._resolve(value, key)

    def counts(self, key: str) -> list[Entry[C]]:
        """Return the known cards of a COUNTS zone with their copies, merged by card.

        Lines naming the same card (by its name and by an alias) are summed, in
        first-seen order. A count that is not a whole number ≥ 1 is ``bad_count`` and
        the line is skipped; unknown names are ``unknown_card`` and skipped.
        """
        value = self._raw.get(key)
        if value is None:
            return []
        if not isinstance(value, Mapping):
            message = f"{_zone_label(key)} must map card names to numbers of copies"
            self.add("bad_count", None, message, shape="counts", zone=key)
            return []
        merged: dict[int, Entry[C]] = {}
        for name, count in value.items():
            if not is_int(count) or count < 1:
                self.add(
                    "bad_count",
                    name if isinstance(name, str) else None,
                    f"{name!r} in {_zone_label(key)}: {count!r} copies; a count is a whole number ≥ 1",
                    shape="count",
                    zone=key,
                    name=repr(name),
                    count=repr(count),
                )
                continue
            card = self._resolve(name, key)
            if card is None:
                continue
            previous = merged.get(id(card))
            merged[id(card)] = Entry(card, count + (previous.count if previous else 0))
        return list(merged.values())

    def check_size(
        self,
        zone: str,
        label: str,
        entries: Sequence[Entry[C]],
        *,
        minimum: int = 0,
        maximum: int | None = None,
    ) -> int:
        """Return the number of cards in ``entries``; add ``<zone>_size`` when out of bounds.

        The count includes every listed copy, unknown cards aside (they are already
        ``unknown_card``), so the size message matches what the player can fix. Its params:
        ``zone``, ``label`` (the zone's name in the message), ``found`` and the bound broken,
        ``minimum`` or ``maximum`` (0: the event allows no such zone).
        """
        size = sum(entry.count for entry in entries) + self._unresolved_copies(zone)
        code, values = f"{zone}_size", {"zone": zone, "label": label, "found": size}
        if size < minimum:
            message = f"the {label} must hold at least {minimum} cards (found {size})"
            self.add(code, None, message, **values, minimum=minimum)
        elif maximum is not None and size > maximum:
            if maximum == 0:
                self.add(code, None, f"this event uses no {label} (found {size} cards)", **values, maximum=0)
            else:
                message = f"the {label} may hold at most {maximum} cards (found {size})"
                self.add(code, None, message, **values, maximum=maximum)
        return size

    def _unresolved_copies(self, zone: str) -> int:
        """Return the copies listed under unknown names in ``zone`` (well-formed counts only)."""
        value = self._raw.get(zone)
        if not isinstance(value, Mapping):
            return 0
        total = 0
        for name, count in value.items():
            if is_int(count) and count >= 1 and not isinstance(self._safe_get(name), self._card_type):
                total += count
        return total

    def _safe_get(self, name: Any) -> Any:
        if not isinstance(name, str):
            return None
        try:
            return self._catalog.get(name)
        except Exception:
            return None


def copy_totals(zones: Iterable[Sequence[Entry[C]]]) -> list[Entry[C]]:
    """Return each card once with its copies summed over ``zones``, in first-seen order."""
    totals: dict[int, Entry[C]] = {}
    for entries in zones:
        for entry in entries:
            previous = totals.get(id(entry.card))
            totals[id(entry.card)] = Entry(entry.card, entry.count + (previous.count if previous else 0))
    return list(totals.values())


def option_format(options: Mapping[str, Any] | None, formats: Sequence[str]) -> str:
    """Return the event's ``format`` option; ``constructed`` when absent or not one of ``formats``.

    Like RESPONSE's ``side_max``, a bad event setting falls back to the default
    rather than blaming the player's deck.
    """
    value = _option(options, "format")
    return value if isinstance(value, str) and value in formats else DEFAULT_FORMAT


def option_side_max(options: Mapping[str, Any] | None, default: int | None) -> int | None:
    """Return the event's ``side_max`` option, a whole number ≥ 0; ``default`` when absent or bad.

    None means no limit.
    """
    value = _option(options, "side_max")
    return int(value) if is_int(value) and value >= 0 else default


def _option(options: Mapping[str, Any] | None, key: str) -> Any:
    if not isinstance(options, Mapping):
        return None
    try:
        return options.get(key)
    except Exception:
        return None


_ZONE_LABELS: dict[str, str] = {
    "hero": "the hero",
    "ruler": "the ruler",
    "main": "the main deck",
    "side": "the side deck",
    "stones": "the magic stone deck",
}


def _zone_label(key: Any) -> str:
    return _ZONE_LABELS.get(key, f"zone «{key}»") if isinstance(key, str) else f"zone {key!r}"


def zone_spec(key: str, kind: ZoneKind, *headers: str, required: bool = False) -> ZoneSpec:
    """Return a :class:`ZoneSpec` whose text headers are ``key`` plus ``headers``, lower-cased."""
    words: list[str] = []
    for header in (key, *headers):
        word = header.casefold()
        if word not in words:
            words.append(word)
    return ZoneSpec(key=key, kind=kind, headers=tuple(words), required=required)
