"""What a card lacks for play online: the engine's fields a card set for paper events may leave out.

A card set with only a game's minimum fields (the project's card-set format) still loads and
still validates decks: a paper event needs no more. The fields a match engine needs beyond them
(a WoW TCG hero's ``health``, a Force of Will ruler's ``judgment``) are optional to the loader,
which records those a card lacks (:class:`EngineFields`) in the card's ``missing`` field. A
match that would need one is refused when it is set up, naming the card and the field:
:func:`playable_problems` lists them for a match's decks; ``new_match`` and ``replay`` raise
them as an :class:`~engine.problems.InputError` (:func:`require_playable`); the site checks
them before an online event's games start (through ``MatchEngine.playable_problems``).

In a game's loader::

    fields = EngineFields(raw, where)
    health = take_int(raw, "health", where, problems, default=None)
    fields.need("health", when=card_type in ("hero", "ally"))   # W1.3
    ...
    return Card(..., missing=fields.missing)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.problems import InputError, Problem, Violation

# The code of a card that lacks a field the match engine needs (params: card, field).
NOT_PLAYABLE = "not_playable"


class EngineFields:
    """The engine's fields a card lacks, recorded while a game's loader reads one card: what the
    loader leaves out of the card's problems (the card loads) and keeps in its ``missing``."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.raw = raw
        self._missing: list[str] = []

    def need(self, key: str, *, when: bool = True) -> bool:
        """Record ``key`` as missing when the card needs it (``when``) and has no value for it
        (absent or null); return whether it has one."""
        present = self.raw.get(key) is not None
        if when and not present and key not in self._missing:
            self._missing.append(key)
        return present

    @property
    def missing(self) -> tuple[str, ...]:
        """The fields recorded as missing, in the order the loader met them."""
        return tuple(self._missing)


def missing_fields(card: Any) -> tuple[str, ...]:
    """Return the engine's fields ``card`` lacks (its ``missing``; none for a game whose loader
    requires every field)."""
    missing = getattr(card, "missing", ())
    return tuple(missing) if missing else ()


def deck_names(deck: Decklist) -> list[str]:
    """Return the card names of every zone of ``deck`` (side included: it may be swapped in),
    each once, in the order met."""
    names: dict[str, None] = {}
    for value in deck.zones.values():
        if isinstance(value, str):
            names[value] = None
        elif isinstance(value, tuple | list):
            names.update((name, None) for name in value if isinstance(name, str))
        elif isinstance(value, Mapping):
            names.update((name, None) for name in value if isinstance(name, str))
    return list(names)


def playable_problems(catalog: Catalog[Any], decks: Iterable[Decklist]) -> list[Violation]:
    """Return one violation (code :data:`NOT_PLAYABLE`, ``params`` card and field) per card of
    ``decks`` and engine field it lacks, each once: empty when every card can be played. A name
    the catalog does not know is left to the deck rules (``unknown_card``)."""
    found: list[Violation] = []
    if not catalog.derived("engine.playable.incomplete", _incomplete):
        return found  # every card of the catalog has every field (most catalogs): nothing to look up
    seen: set[tuple[str, str]] = set()
    for deck in decks:
        for name in deck_names(deck):
            card = catalog.get(name)
            if card is None:
                continue
            for field in missing_fields(card):
                if (card.name, field) not in seen:
                    seen.add((card.name, field))
                    message = f"{card.name} has no {field}, which a match needs"
                    found.append(
                        Violation(NOT_PLAYABLE, card.name, message, {"card": card.name, "field": field})
                    )
    return found


def _incomplete(catalog: Catalog[Any]) -> bool:
    return any(missing_fields(card) for card in catalog)


def require_playable(catalog: Catalog[Any], decks: Sequence[Decklist], *, where: str = "players") -> None:
    """Raise :class:`InputError` naming each card of ``decks`` that lacks an engine field and the
    field (``players[1].deck: Thrall has no health, which a match needs``); nothing when every
    card can be played."""
    problems = [
        Problem(f"{where}[{seat}].deck", violation.message, code=NOT_PLAYABLE, params=violation.params)
        for seat, deck in enumerate(decks)
        for violation in playable_problems(catalog, [deck])
    ]
    if problems:
        raise InputError(problems)
