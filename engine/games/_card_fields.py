"""Card fields shared by the deck-rules-only games (wow, yourwar, chronomagia, fow).

The ``take_*`` functions read one key of a raw card object, append a :class:`Problem`
(``f"{where}.{key}"``, "must be …") when it is wrong, and return a usable value either
way, so a card set reports every bad field at once. :func:`take_identity` reads the
fields every card of every game has. The deck half is in :mod:`engine.games._deck_check`.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import is_int
from engine.languages import Translations, take_translations, with_spellings
from engine.names import normalize_name
from engine.problems import Problem

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


def a_type(card_type: str) -> str:
    """Return a card type with its article, for messages: ``an ally``, ``a magic stone``."""
    words = card_type.replace("_", " ")
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"
