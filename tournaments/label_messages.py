"""Messages the engine and the site build from a code and its params, in the reader's language:
deck violations, unreadable decklists and refused actions. English readers get the engine's
(or the site's) English message as it is; the others, its template translated and filled.
"""

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext

from engine.registry import game_keys
from tournaments.labels import (
    CARD_TYPES,
    DECISIONS,
    REASONS,
    GameWords,
    fill_template,
    game_texts,
    game_words,
    label,
    reads_english,
    said,
    translated,
    zone_label,
)

# --- deck violations, in the reader's language ---------------------------------------------------

# Each game declares what its rules say, English templates by code (``RULES.texts``,
# engine/texts.py: ``engine/games/<key>/texts.py``); they are translated here with gettext
# (the catalog holds them: ``makemessages --keyword=N_``). A code is one game's rule (WoW's
# ``main_size`` is not RESPONSE's R2.1), so a violation is read with its own game's texts.


def violation_codes_translated(game: str) -> frozenset[str]:
    """Return the violation codes of ``game`` that :func:`violation_text` can translate."""
    texts = game_texts(game)
    return texts.violation_codes() if texts is not None else frozenset()


def violation_text(
    violation: Any, *, game: str | None = None, card_name: Callable[[str], str] | None = None
) -> str:
    """Return a deck violation (the engine's object or its dict) as a sentence in the reader's
    language, or the engine's English message when there is no translation for it.

    The game is ``game`` or the violation's own ``"game"`` (the dicts of
    :func:`tournaments.services.decks.deck_check` carry it): codes mean different rules in
    different games, so a violation of no known game keeps the engine's message.
    ``card_name`` gives the name a card is shown under in the reader's language, from its
    canonical name (tournaments.selectors.cards.card_namer): the cards the violation names and
    its "did you mean" suggestions are shown so; a name that is not a card's stays as written.
    """
    get = violation.get if isinstance(violation, dict) else lambda key: getattr(violation, key, None)
    code, card, params = str(get("code")), get("card"), dict(get("params") or {})
    message = str(get("message") or "")
    if card_name is not None:
        card, params, message = _names_shown(code, card, params, message, card_name)
    texts = game_texts(game or get("game"))
    if reads_english() or texts is None:
        return message
    values: dict[str, Any] = {**params, "card": card}
    game_key = str(game or get("game"))
    if "type" in params:
        values["type"] = label(CARD_TYPES.of(game_key), params["type"])
    # Where a card is, in the game's words: a size by the name the game gives its zone
    # ("sideboard", "hero deck"), the others by the zone's key.
    places = game_words("places", game_key)
    found = places.get(str(params.get("label"))) if code.endswith("_size") else None
    found = found or places.get(str(params.get("zone")))
    where = said(found) if found else None
    if where is not None:
        values["where"] = where
    if code == "bad_swap":
        values["zone"] = label(GameWords("swap_from").of(game_key), params.get("zone"))
    if code == "unknown_card" and where is not None and "name" not in params:
        return _unknown_card(card, str(where), params)
    return fill_template(translated(texts.violation_template(code, params)), values, message)


# The params of a violation that hold a card's canonical name (RESPONSE's ``hero`` may also be
# a flag: only strings are names).
_NAME_PARAMS: tuple[str, ...] = ("hero", "was", "now")


def _names_shown(
    code: str, card: Any, params: dict[str, Any], message: str, card_name: Callable[[str], str]
) -> tuple[Any, dict[str, Any], str]:
    """Return the violation's card, params and English message with every card name shown as
    ``card_name`` says. The name of an unknown card is what the player wrote: it is kept."""
    renamed: dict[str, str] = {}

    def shown(name: Any) -> Any:
        if not isinstance(name, str):
            return name
        new = card_name(name)
        if new != name:
            renamed[name] = new
        return new

    if code != "unknown_card":
        card = shown(card)
    params = {key: shown(value) if key in _NAME_PARAMS else value for key, value in params.items()}
    if isinstance(params.get("suggestions"), list):
        params["suggestions"] = [shown(name) for name in params["suggestions"]]
    for old, new in renamed.items():  # the engine's message quotes names «so»
        message = message.replace(f"«{old}»", f"«{new}»")
    return card, params, message


def _unknown_card(card: Any, where: str, params: dict[str, Any]) -> str:
    text = _("«%(card)s» %(where)s is not a known card") % {"card": card, "where": where}
    if params.get("suggestions"):
        names = " / ".join(f"«{name}»" for name in params["suggestions"])
        text += "; " + _("did you mean %(names)s?") % {"names": names}
    return text


# --- unreadable decklists, in the reader's language ---------------------------------------------

# engine/decklist.py's problems by code (``Problem.code``), filled from their ``params``.
_PARSE_PROBLEMS: dict[str, Promise] = {
    "unknown_game": gettext_lazy("unknown game «%(game)s» (known: %(known)s)"),
    "not_a_decklist": gettext_lazy("a decklist must be a JSON object or text"),
    "before_header": gettext_lazy("«%(text)s» comes before any section header (%(expected)s)"),
    "unknown_header": gettext_lazy("«%(text)s» is not a section of this game's decklist (%(expected)s)"),
    "unreadable_line": gettext_lazy("cannot read «%(text)s»: %(why)s"),
    # the JSON form (formats.md): its key paths stay as they are
    "not_installed": gettext_lazy("the game «%(game)s» is not installed"),
    "too_deep": gettext_lazy("nested deeper than %(most)s levels"),
    "bad_json": gettext_lazy("not valid JSON: %(why)s"),
    "not_an_object": gettext_lazy("a decklist must be a JSON object"),
    "not_a_string": gettext_lazy("must be a string"),
    "too_many_cards": gettext_lazy("the list names %(entries)s cards; a decklist names at most %(most)s"),
    "not_a_name": gettext_lazy("must be a card name (a non-empty string)"),
    "not_a_list": gettext_lazy("must be a list of card names"),
    "not_counts": gettext_lazy("must be an object of card name → number of copies"),
    "empty_name": gettext_lazy("card name must not be empty"),
    "bad_count": gettext_lazy("count must be a whole number ≥ 1"),
}
_UNREADABLE: dict[str, Promise] = {
    "no_name": gettext_lazy("no card name"),
    "count_too_large": gettext_lazy("the count is too large"),
    "count_below_one": gettext_lazy("the count must be at least 1"),
}
_LINE = re.compile(r"^line (\d+)$")
_LINE_COLUMN = re.compile(r"^line (\d+) column (\d+)$")  # where JSON text breaks
_QUOTE_MAX = 80  # as the engine cuts what it echoes (engine.decklist._QUOTE_MAX)


def parse_problem_parts(problem: Any) -> tuple[str, str]:
    """Return (where, what) of one problem of an unreadable decklist (engine.problems.Problem)
    in the reader's language: ``("line 3", "cannot read …")``. A problem with no code (or
    values missing) keeps the engine's English."""
    where, english = str(getattr(problem, "where", "") or ""), str(getattr(problem, "message", ""))
    if reads_english():
        return where, english
    if found := _LINE.match(where):
        where = pgettext("decklist", "line %(n)s") % {"n": found.group(1)}  # not a board's line
    elif found := _LINE_COLUMN.match(where):
        where = pgettext("decklist", "line %(n)s column %(column)s") % {
            "n": found.group(1),
            "column": found.group(2),
        }
    code, params = str(getattr(problem, "code", "")), dict(getattr(problem, "params", None) or {})
    values: dict[str, Any] = dict(params)
    if isinstance(values.get("text"), str) and len(values["text"]) > _QUOTE_MAX:
        values["text"] = values["text"][: _QUOTE_MAX - 1] + "…"
    if code == "unreadable_line":
        if params.get("why") == "one_card":
            zone = zone_label(str(params.get("zone")))
            values["why"] = _("the %(zone)s section holds one card") % {"zone": zone}
        else:
            values["why"] = label(_UNREADABLE, params.get("why"))
    if code == "too_many_lines" and isinstance(params.get("lines"), int):
        text = ngettext(
            "the list has %(lines)s line; a decklist has at most %(most)s",
            "the list has %(lines)s lines; a decklist has at most %(most)s",
            params["lines"],
        ) % {"lines": params["lines"], "most": params.get("most")}
    else:
        text = fill_template(_PARSE_PROBLEMS.get(code), values, english)
    return where, text


def parse_problem_text(problem: Any) -> str:
    """Return one problem of an unreadable decklist as the engine says it, ``"line 3: …"``,
    in the reader's language (see :func:`parse_problem_parts`)."""
    where, text = parse_problem_parts(problem)
    return f"{where}: {text}" if where else text


def parse_error_text(error: Any) -> str:
    """Return an unreadable decklist's one-line message (engine.problems.InputError.one_line)
    in the reader's language: the source, the first problem, how many more."""
    if reads_english():
        return str(error.one_line())
    problems = list(error.problems)
    first = parse_problem_text(problems[0]) if problems else _("invalid input")
    more = len(problems) - 1 + int(error.omitted)
    tail = (
        " " + ngettext("(and %(n)s more problem)", "(and %(n)s more problems)", more) % {"n": more}
        if more > 0
        else ""
    )
    head = f"{error.source}: " if error.source else ""
    return f"{head}{first}{tail}"


# --- refused actions, in the reader's language ---------------------------------------------------

# A game's refusals are its texts' (``RULES.texts.refusals``, by ``IllegalAction.code``), filled
# from the refusal's ``params``; the English follows the engine's message, which English readers
# get as it is. These are the site's own, before any engine sees the action.
_SITE_REFUSALS: dict[str, str] = {
    "match_over": gettext_noop("the match is over"),
    "no_game": gettext_noop("no game yet"),
    "sideboarding": gettext_noop("sideboarding: the game has not started yet"),
    "game_finished": gettext_noop("the game is over"),
    # O3.1, O3.2: an action's shape (engine/actions.py), before it is stored; and the worker's
    "action_type": gettext_noop("a player cannot send an action of type %(kind)s"),
    "action_value": gettext_noop(
        "an action holds only plain JSON values (text, whole numbers up to 2^53, finite numbers, "
        "true, false, null, lists and objects)"
    ),
    "action_too_deep": gettext_noop("an action may be nested at most %(limit)s levels deep"),
    "action_too_large": gettext_noop("an action is at most %(limit)s bytes of JSON"),
    "unprocessable": gettext_noop("this action cannot be adjudicated"),
    "stale_game": gettext_noop("this action was sent during game %(game)s"),
}

# Values that are engine keys, shown by their labels; the others (names, numbers, what the
# player sent) are shown as they are.
REFUSAL_VALUE_LABELS: dict[str, Mapping[str, Any]] = {
    "reason": REASONS,
    "decision": DECISIONS,
    "type": CARD_TYPES,
}


def _refusal_templates(game: str | None) -> dict[str, str]:
    """Return the English refusal templates: the site's, then ``game``'s (every game's, the
    first registered first, when ``game`` is None)."""
    games = [game] if game else list(game_keys())
    found: dict[str, str] = {}
    for key in reversed(games):
        texts = game_texts(key)
        if texts is not None:
            found.update(texts.refusals)
    found.update(_SITE_REFUSALS)
    return found


def refusal_codes_translated(game: str | None = None) -> frozenset[str]:
    """Return the refusal codes :func:`refusal_message` can translate (``game``'s and the
    site's; every game's when ``game`` is None)."""
    return frozenset(_refusal_templates(game))


def refusal_message(
    *,
    code: str,
    params: Mapping[str, Any] | None,
    message: str,
    card_name: Callable[[str], str] | None = None,
    game: str | None = None,
) -> str:
    """Return a refused action's message in the reader's language: the English ``message``
    (the engine's or the site's) as it is for English readers, or when ``code`` has no
    translation or ``params`` lack a value it needs. ``card_name`` shows the card it names
    (``params["card"]``) in the reader's language, in the English message too. ``game``
    picks the game whose code it is (None: the first registered game that has the code)."""
    card = (params or {}).get("card")
    if card_name is not None and isinstance(card, str) and card:
        shown = card_name(card)
        params = {**(params or {}), "card": shown}
        message = message.replace(card, shown)
    if reads_english():
        return message
    values = {
        key: label(REFUSAL_VALUE_LABELS[key], value) if key in REFUSAL_VALUE_LABELS else value
        for key, value in (params or {}).items()
    }
    return fill_template(translated(_refusal_templates(game).get(code)), values, message)


def refusal_text(
    *, code: str, params: Mapping[str, Any] | None, rule: str, message: str, game: str | None = None
) -> str:
    """Return a refused action as the engine says it, ``"F9.1: …"``, in the reader's language
    (see :func:`refusal_message`)."""
    text = refusal_message(code=code, params=params, message=message, game=game)
    return f"{rule}: {text}" if rule else text


def refusal_templates(game: str | None = None) -> dict[str, Any]:
    """Return what the play page needs to say a refusal in the reader's language: its
    ``templates`` by code, with ``{name}`` for each value, and the ``labels`` of the values
    that are keys. Empty for English readers, who get the English message as it is."""
    if reads_english():
        return {"templates": {}, "labels": {}}
    return {
        "templates": {
            code: re.sub(r"%\((\w+)\)s", r"{\1}", str(translated(template))).replace("%%", "%")
            for code, template in _refusal_templates(game).items()
        },
        "labels": {
            key: {value: str(text) for value, text in table.items()}
            for key, table in REFUSAL_VALUE_LABELS.items()
        },
    }
