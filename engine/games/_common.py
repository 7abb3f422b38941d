"""Helpers shared by the deck-rules-only games (wow, yourwar, chronomagia, fow).

Two halves, both game-agnostic:

* **Card fields** — ``take_*`` functions read one key of a raw card object, append a
  :class:`Problem` (``f"{where}.{key}"``, "must be …") when it is wrong, and return a
  usable value either way, so a card set reports every bad field at once.
* **Deck checks** — :class:`DeckCheck` collects violations while a validator resolves
  zones against the catalog, counts copies and compares sizes. It never raises: a
  junk :class:`Decklist` (wrong value types, negative counts, names that are not
  strings) becomes violations, not exceptions (engine/README.md: validators never raise).

Each game's ``deck.py`` still spells out its own rules in order; only the mechanics
that are truly the same live here.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.actions import is_int
from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneKind, ZoneSpec
from engine.languages import Translations, take_translations, with_spellings
from engine.match import MatchEngine
from engine.names import SUGGESTIONS_PER_DECK, normalize_name
from engine.problems import Problem, Violation
from engine.texts import GameTexts

# ---------------------------------------------------------------------------
# Card fields
# ---------------------------------------------------------------------------

_MISSING: Any = object()


def check_object(raw: Any, where: str, problems: list[Problem]) -> bool:
    """Return True when ``raw`` is a JSON object; otherwise append a problem, return False."""
    if isinstance(raw, Mapping):
        return True
    problems.append(Problem(where, "must be an object"))
    return False


def check_keys(raw: Mapping[str, Any], known: Iterable[str], where: str, problems: list[Problem]) -> None:
    """Append a problem for every key of ``raw`` that the game does not know.

    A misspelt key (``"hero_requried_talent"``) would otherwise drop a deck rule
    silently, so an unknown field is a load error like an unknown ability kind.
    """
    allowed = set(known)
    for key in raw:
        if key not in allowed:
            problems.append(
                Problem(f"{where}.{key}", f"is not a field of this game's cards: {sorted(allowed)}")
            )


def take_str(
    raw: Mapping[str, Any],
    key: str,
    where: str,
    problems: list[Problem],
    *,
    required: bool = False,
    default: str = "",
    nonempty: bool = False,
) -> str:
    """Return the string at ``raw[key]`` (``default`` when absent or bad; bad adds a problem)."""
    value = raw.get(key, _MISSING)
    if value is _MISSING or (value is None and not required):
        if required:
            problems.append(Problem(f"{where}.{key}", "is missing"))
        return default
    if not isinstance(value, str) or (nonempty and not value.strip()):
        problems.append(
            Problem(f"{where}.{key}", "must be a non-empty string" if nonempty else "must be a string")
        )
        return default
    return value.strip() if nonempty else value


def take_optional_str(raw: Mapping[str, Any], key: str, where: str, problems: list[Problem]) -> str | None:
    """Return the non-empty string at ``raw[key]``, or None when absent/null (bad adds a problem)."""
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        problems.append(Problem(f"{where}.{key}", "must be a non-empty string or null"))
        return None
    return value.strip()


def take_int(
    raw: Mapping[str, Any],
    key: str,
    where: str,
    problems: list[Problem],
    *,
    minimum: int = 0,
    default: int | None = 0,
    required: bool = False,
) -> int | None:
    """Return the whole number ≥ ``minimum`` at ``raw[key]``; ``default`` when absent/null or bad."""
    value = raw.get(key, _MISSING)
    if value is _MISSING or value is None:
        if required:
            problems.append(Problem(f"{where}.{key}", "is missing"))
        return default
    if not is_int(value) or value < minimum:
        problems.append(Problem(f"{where}.{key}", f"must be a whole number ≥ {minimum}"))
        return default
    return int(value)


def take_bool(raw: Mapping[str, Any], key: str, where: str, problems: list[Problem]) -> bool:
    """Return the boolean at ``raw[key]`` (False when absent/null or bad; bad adds a problem)."""
    value = raw.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        problems.append(Problem(f"{where}.{key}", "must be true or false"))
        return False
    return value


def take_choice(
    raw: Mapping[str, Any],
    key: str,
    choices: Sequence[str],
    where: str,
    problems: list[Problem],
    *,
    required: bool = True,
) -> str | None:
    """Return ``raw[key]`` when it is one of ``choices``; None (plus a problem) otherwise."""
    value = raw.get(key, _MISSING)
    if value is _MISSING or value is None:
        if required:
            problems.append(Problem(f"{where}.{key}", f"is missing; must be one of {', '.join(choices)}"))
        return None
    if not isinstance(value, str) or value not in choices:
        problems.append(Problem(f"{where}.{key}", f"must be one of {', '.join(choices)}, not {value!r}"))
        return None
    return value


def take_str_list(
    raw: Mapping[str, Any],
    key: str,
    where: str,
    problems: list[Problem],
    *,
    choices: Sequence[str] | None = None,
    fold: bool = False,
) -> tuple[str, ...]:
    """Return the list of strings at ``raw[key]`` as a tuple, duplicates dropped.

    Absent or null means empty. Each element must be a non-empty string, and one of
    ``choices`` when given; ``fold`` lower-cases them (trait words compare that way).
    A bad list or element adds a problem naming its index.
    """
    value = raw.get(key)
    if value is None:
        return ()
    if not isinstance(value, list):
        problems.append(Problem(f"{where}.{key}", "must be a list of strings"))
        return ()
    items: list[str] = []
    for index, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            problems.append(Problem(f"{where}.{key}[{index}]", "must be a non-empty string"))
            continue
        word = " ".join(item.split())
        word = word.casefold() if fold else word
        if choices is not None and word not in choices:
            problems.append(
                Problem(f"{where}.{key}[{index}]", f"must be one of {', '.join(choices)}, not {item!r}")
            )
            continue
        if word not in items:
            items.append(word)
    return tuple(items)


@dataclass(frozen=True, slots=True)
class Identity:
    """The fields every card of every game has: how it is named and numbered."""

    name: str
    aliases: tuple[str, ...]
    number: int
    text: str
    names: Translations = ()
    texts: Translations = ()


# Keys every game's card accepts besides its own fields.
IDENTITY_KEYS: tuple[str, ...] = ("name", "aliases", "number", "text", "names", "texts")


def take_identity(raw: Mapping[str, Any], where: str, problems: list[Problem]) -> Identity:
    """Return the card's name, aliases, collector number and rules text, checking each.

    ``name`` is required; ``aliases`` (other spellings, e.g. the English name of a
    Russian card) must not repeat the name; ``number`` is a whole number ≥ 1 when given;
    ``names`` and ``texts`` are the optional per-language objects of :mod:`engine.languages`
    (each name there is also accepted in decklists, as an alias).
    """
    name = take_str(raw, "name", where, problems, required=True, nonempty=True)
    aliases = tuple(
        alias
        for alias in take_str_list(raw, "aliases", where, problems)
        if normalize_name(alias) != normalize_name(name)
    )
    number = take_int(raw, "number", where, problems, minimum=1, default=0) or 0
    text = take_str(raw, "text", where, problems)
    names = take_translations(raw, "names", where, problems)
    texts = take_translations(raw, "texts", where, problems)
    aliases = with_spellings(name, aliases, names)
    return Identity(name=name, aliases=aliases, number=number, text=text, names=names, texts=texts)


# ---------------------------------------------------------------------------
# Deck checks
# ---------------------------------------------------------------------------

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


def a_type(card_type: str) -> str:
    """Return a card type with its article, for messages: ``an ally``, ``a magic stone``."""
    words = card_type.replace("_", " ")
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def zone_spec(key: str, kind: ZoneKind, *headers: str, required: bool = False) -> ZoneSpec:
    """Return a :class:`ZoneSpec` whose text headers are ``key`` plus ``headers``, lower-cased."""
    words: list[str] = []
    for header in (key, *headers):
        word = header.casefold()
        if word not in words:
            words.append(word)
    return ZoneSpec(key=key, kind=kind, headers=tuple(words), required=required)


class ModuleRules:
    """A game's ruleset (:class:`engine.registry.GameRules`) made from its ``cards`` and ``deck`` modules.

    The deck-only games differ in data, not in shape: each passes its modules and titles
    here instead of repeating the same class. ``cards`` provides CARD_TYPES,
    ``parse_card`` and ``card_summary``; ``deck`` provides ZONES, FORMATS, CODES and
    ``validate_deck``; ``texts`` what its rules say (engine/texts.py).
    """

    has_match_engine = False
    match_engine: MatchEngine[Any] | None = None  # deck-only: played on paper
    action_types: tuple[str, ...] = ()  # no match engine: nothing to send it

    def __init__(
        self, *, key: str, order: int, title: str, title_ru: str, cards: Any, deck: Any, texts: GameTexts
    ) -> None:
        self.key = key
        self.order = order  # where the registry lists the game (engine/registry.py)
        self.texts = texts
        self.title = title
        self.title_ru = title_ru
        self._cards = cards
        self._deck = deck
        self.zones: tuple[ZoneSpec, ...] = deck.ZONES
        self.formats: tuple[str, ...] = deck.FORMATS
        self.card_types: tuple[str, ...] = cards.CARD_TYPES
        self.violation_codes: tuple[str, ...] = deck.CODES
        self.side_deck_default: int = getattr(deck, "SIDE_MAX", DEFAULT_SIDE_MAX)
        # The most side-deck cards a constructed event of the game may set (None: the game
        # sets no cap of its own); the deck rules cap a larger ``side_max`` to it.
        self.side_deck_most: int | None = getattr(deck, "SIDE_DECK_MOST", None)

    def parse_card(self, raw: Any, where: str, problems: list[Problem]) -> Any | None:
        """Return the card built from ``raw``; None (with problems appended) when it cannot be."""
        return self._cards.parse_card(raw, where, problems)

    def validate_deck(
        self, deck_list: Decklist, catalog: Catalog[Any], *, options: Mapping[str, Any] | None = None
    ) -> list[Violation]:
        """Return every deck-rule violation (empty when legal); never raises."""
        result: list[Violation] = self._deck.validate_deck(deck_list, catalog, options=options)
        return result

    def card_summary(self, card: Any) -> dict[str, Any]:
        """Return the card as a flat JSON-able dict for the site."""
        summary: dict[str, Any] = self._cards.card_summary(card)
        return summary
