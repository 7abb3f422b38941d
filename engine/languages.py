"""A card's name and rules text in each language the site speaks (Russian and English).

Two optional card fields, the same for every game (formats.md): ``names`` and ``texts``,
objects keyed by language code (``{"ru": "…", "en": "…"}``). A set without them still
loads: the card is then shown under its canonical ``name`` and ``text`` in every language.
Every value of ``names`` is also a spelling a decklist may use (R1.5), like an alias.
"""

from collections.abc import Mapping
from typing import Any

from engine.names import normalize_name
from engine.problems import Problem

LANGUAGES: tuple[str, ...] = ("ru", "en")

# A frozen card keeps its translations as (language, words) pairs, in LANGUAGES order.
Translations = tuple[tuple[str, str], ...]


def take_translations(raw: Mapping[str, Any], key: str, where: str, problems: list[Problem]) -> Translations:
    """Return the ``{language: words}`` object at ``raw[key]`` as pairs (absent or null: none).

    A value that is not an object, a language that is not one of :data:`LANGUAGES`, or
    words that are not a non-empty string add a problem at their key path.
    """
    value = raw.get(key)
    if value is None:
        return ()
    known = ", ".join(LANGUAGES)
    if not isinstance(value, Mapping):
        problems.append(Problem(f"{where}.{key}", f"must be an object keyed by language ({known})"))
        return ()
    for language in value:
        if language not in LANGUAGES:
            problems.append(Problem(f"{where}.{key}.{language}", f"is not a language of the site ({known})"))
    pairs: list[tuple[str, str]] = []
    for language in LANGUAGES:
        words = value.get(language)
        if words is None:
            continue
        if not isinstance(words, str) or not words.strip():
            problems.append(Problem(f"{where}.{key}.{language}", "must be a non-empty string"))
            continue
        pairs.append((language, words.strip()))
    return tuple(pairs)


def with_spellings(name: str, aliases: tuple[str, ...], names: Translations) -> tuple[str, ...]:
    """Return ``aliases`` plus every name of ``names`` that neither the name nor an alias spells.

    So that a decklist may name the card in either language even when the set lists the
    translation only under ``names`` (R1.5 matching applies).
    """
    known = {normalize_name(name), *(normalize_name(alias) for alias in aliases)}
    extra: list[str] = []
    for _language, words in names:
        key = normalize_name(words)
        if key not in known:
            known.add(key)
            extra.append(words)
    return (*aliases, *extra)


def name_in(card: Any, language: str) -> str:
    """Return the card's name in ``language``; its canonical name when the set gives none."""
    return dict(getattr(card, "names", ())).get(language) or str(card.name)


def text_in(card: Any, language: str) -> str:
    """Return the card's rules text in ``language``; its canonical text when the set gives none."""
    return dict(getattr(card, "texts", ())).get(language) or str(getattr(card, "text", ""))


def translations_json(pairs: Translations) -> dict[str, str]:
    """Return the pairs as the JSON object a card set holds."""
    return dict(pairs)
