"""The site's words for the keys the engine and the card data use, in the reader's language.

The engine speaks English keys only; the pages show labels in the reader's language. A game's
own words (its card types, card fields and traits, deck zones, phases, decisions, the words
of its actions) live in its package, ``engine/games/<key>/texts.py`` (engine/texts.py), as
English marked for translation; the tables here read them through the registry at each use,
so a game added is said with no edit of the site. The site's own words (how a game may end
on the site, what changed a result, event formats, top-cut rounds) are here. A key without a
label is shown as it is.

The messages built from codes and params (deck violations, unreadable decklists, refused
actions) are ``tournaments/label_messages.py``; actions said in full, ``label_actions.py``.
"""

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from engine.registry import game_keys, get_game
from engine.texts import SITE_ACTION_WORDS, GameTexts, InContext

# --- a game's words, from its texts --------------------------------------------------------------

Words = InContext | Promise | str


def said(words: Words) -> str:
    """Return a word in the reader's language: a game's English (with its context, if any) or
    one of the site's lazy translations."""
    if isinstance(words, InContext):
        return pgettext(words.context, words.text)
    if isinstance(words, str):
        return _(words) if words else ""
    return str(words)


@lru_cache(maxsize=256)
def _merged(table: str, game: str | None, keys: tuple[str, ...]) -> dict[str, Any]:
    """Return ``table`` (a field of GameTexts) of every game in ``keys``, the first registered
    first, under ``game``'s own when it is one of them."""
    found: dict[str, Any] = {}
    for key in reversed(keys):
        found.update(getattr(get_game(key).texts, table))
    if game in keys:
        found.update(getattr(get_game(game).texts, table))
    return found


def game_words(table: str, game: str | None = None) -> dict[str, Any]:
    """Return the English words of ``table`` (``"zones"``, ``"card_types"``, any mapping of
    GameTexts) by key: ``game``'s own, over those of every registered game (a key one game
    does not name is said as another says it)."""
    return _merged(table, game, tuple(game_keys()))


class GameWords(Mapping[str, str]):
    """A table of labels read from every game's texts at each use (see :func:`game_words`),
    after the site's own ``first`` words; its values are in the reader's language."""

    def __init__(self, table: str, *, first: Mapping[str, Words] | None = None) -> None:
        self.table = table
        self.first = dict(first or {})
        self._words: dict[tuple[str | None, tuple[str, ...]], dict[str, Words]] = {}

    def words(self, game: str | None = None) -> dict[str, Words]:
        """Return the English words by key (``game``'s over every game's), the site's first."""
        key = (game, tuple(game_keys()))
        found = self._words.get(key)
        if found is None:
            found = self._words[key] = {**game_words(self.table, game), **self.first}
        return found

    def of(self, game: str | None) -> dict[str, str]:
        """Return the labels as ``game`` says them, in the reader's language."""
        return {key: said(words) for key, words in self.words(game).items()}

    def __getitem__(self, key: str) -> str:
        return said(self.words()[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.words())

    def __len__(self) -> int:
        return len(self.words())


CARD_TYPES = GameWords("card_types")
FACTIONS = GameWords("factions")
SUPERTYPES = GameWords("supertypes")
# The game-specific fields of a card (the card browser's details), by their label.
CARD_FIELDS = GameWords("card_fields")
# Deck zones by key, and shorter where room is short (the deck builder's "add to" buttons).
ZONES = GameWords("zones")
ZONES_SHORT = GameWords("zones_short")
# A game's phases and decision kinds, as the play page and the judges' pages say them.
PHASES = GameWords("phases")
DECISIONS = GameWords("decisions")
# The words the card data uses for traits, attributes and subtypes, by the word as the set
# writes it, case-folded (see :func:`value_label`); a yes/no field is said so in every game.
CARD_VALUES = GameWords(
    "card_values",
    first={"true": pgettext_lazy("card trait", "yes"), "false": pgettext_lazy("card trait", "no")},
)

# How a game may end on the site, whatever the game (each game's own ways, ``texts.reasons``,
# come after these).
REASONS = GameWords(
    "reasons",
    first={
        "concede": gettext_lazy("conceded"),
        "timeout": gettext_lazy("out of time"),
        "no_show": gettext_lazy("no-show"),  # O1.2: absent when the grace period ended
        "draw": gettext_lazy("draw"),
        "round_end": gettext_lazy("round time is over"),
        "override": gettext_lazy("a judge set the match result"),  # services.events.results._online_override
        "penalty": gettext_lazy("game loss (penalty)"),  # a judge's game loss (services.penalties)
        "turn_limit": gettext_lazy("turn limit reached"),
    },
)


def action_label(*, game: str, kind: Any) -> str:
    """Return what an action of type ``kind`` does in ``game``, in the reader's language
    ("keeps the opening hand"), as a replay's line says it after the player's name: the
    game's own words (``texts.actions``), else the site's actions' (concede, timeout, no_show,
    penalty_loss, said alike in every game); a type without words is given back as it is."""
    if kind is None:
        return ""
    texts = game_texts(game)
    words = (texts.actions if texts is not None else {}).get(str(kind)) or SITE_ACTION_WORDS.get(str(kind))
    return said(words) if words else str(kind)


# ResultChange.action: what changed a match's result.
RESULT_CHANGES: dict[str, Promise] = {
    "report": pgettext_lazy("result change", "report"),
    "judge_report": pgettext_lazy("result change", "judge_report"),
    "override": pgettext_lazy("result change", "override"),
    "confirm": pgettext_lazy("result change", "confirm"),
    "dispute": pgettext_lazy("result change", "dispute"),
    "extend": pgettext_lazy("result change", "extend"),
    "engine": pgettext_lazy("result change", "engine"),
    "round_end": pgettext_lazy("result change", "round_end"),
    "penalty": pgettext_lazy("result change", "penalty"),
    # Corrections of the event itself.
    "edit": pgettext_lazy("result change", "edit"),
    "cancel": pgettext_lazy("result change", "cancel"),
    "delete": pgettext_lazy("result change", "delete"),
    "judge_remove": pgettext_lazy("result change", "judge_remove"),
    "walk_in": pgettext_lazy("result change", "walk_in"),
    # Pairing corrections.
    "pairings_publish": pgettext_lazy("result change", "pairings_publish"),
    "pairings_swap": pgettext_lazy("result change", "pairings_swap"),
    "bye_manual": pgettext_lazy("result change", "bye_manual"),
    "round_repair": pgettext_lazy("result change", "round_repair"),
    "team_swap": pgettext_lazy("result change", "team_swap"),
    "team_bye": pgettext_lazy("result change", "team_bye"),
    "seeds_swap": pgettext_lazy("result change", "seeds_swap"),
    "seeds_redraw": pgettext_lazy("result change", "seeds_redraw"),
    "round_undo": pgettext_lazy("result change", "round_undo"),
    "pairing_forbid": pgettext_lazy("result change", "pairing_forbid"),
    "pairing_allow": pgettext_lazy("result change", "pairing_allow"),
    # Event day.
    "check_in": pgettext_lazy("result change", "check_in"),
    "check_in_undo": pgettext_lazy("result change", "check_in_undo"),
    "check_in_close": pgettext_lazy("result change", "check_in_close"),
    "drop": pgettext_lazy("result change", "drop"),
    "team_drop": pgettext_lazy("result change", "team_drop"),
    "no_show": pgettext_lazy("result change", "no_show"),
    # Outgoing webhooks.
    "webhook_add": pgettext_lazy("result change", "webhook_add"),
    "webhook_remove": pgettext_lazy("result change", "webhook_remove"),
    # A sealed or draft player's pool recorded.
    "pool": pgettext_lazy("result change", "pool"),
    # The organizer's seed order of a bracket or a round robin.
    "seed_order": pgettext_lazy("result change", "seed_order"),
}

FORMAT_LABELS: dict[str, Promise] = {
    "constructed": gettext_lazy("Constructed"),
    "sealed": gettext_lazy("Sealed"),
    "draft": pgettext_lazy("event format", "Draft"),
}

MATCH_STATUSES: dict[str, Promise] = {
    "pending": pgettext_lazy("match status", "pending"),
    "reported": pgettext_lazy("match status", "reported"),
    "final": pgettext_lazy("match status", "final"),
}

# The top-cut rounds (tournaments/swiss/topcut.py STAGES) and how far a player went in one.
TOP_CUT_ROUNDS: dict[str, Promise] = {
    "final": pgettext_lazy("top-cut round", "Final"),
    "semifinal": pgettext_lazy("top-cut round", "Semifinals"),
    "quarterfinal": pgettext_lazy("top-cut round", "Quarterfinals"),
}

TOP_CUT_REACHED: dict[str, Promise] = {
    "winner": pgettext_lazy("how far in the top cut", "Winner"),
    "final": pgettext_lazy("how far in the top cut", "Finalist"),
    "semifinal": pgettext_lazy("how far in the top cut", "Semifinals"),
    "quarterfinal": pgettext_lazy("how far in the top cut", "Quarterfinals"),
}


def label(table: Mapping[str, Any], key: Any) -> str:
    """Return the label of ``key`` in ``table``, or the key itself when it has none."""
    if key is None:
        return ""
    found = table.get(str(key))
    return str(found) if found is not None else str(key)


def zone_label(key: str, *, short: bool = False, game: str | None = None) -> str:
    """Return a deck zone's label as ``game`` (else any game) names it (unknown zones: the key,
    title-cased like the text headers)."""
    found = (short and game_words("zones_short", game).get(key)) or game_words("zones", game).get(key)
    return said(found) if found is not None else key.title()


# --- audit-trail notes the site writes, in the reader's language --------------------------------

# The notes the services write in English (kept so: old rows and English readers read them as
# they are), recognised and said again in the reader's language. A judge's own words after
# ``: `` are kept as written.
_PENALTY_NOTE = re.compile(
    r"^(warning|game_loss|match_loss|disqualification) for ([^:\s]+)(?:: (.*))?$", re.S
)
_DROP_NOTE = re.compile(r"^(\S+) (left the event|dropped by the organizer)$")
_NO_SHOW_NOTE = re.compile(r"^(\S+) did not come to the table$")
_ROUND_END_NOTE = "round time is over: the game in progress counts as a draw"


def change_note(action: str, note: str) -> str:
    """Return an audit-trail note (``ResultChange.note``) in the reader's language: the
    services' own sentences (a penalty "warning for anna", a drop, a round's end) are
    translated, anything else (a judge's reason) is shown as written."""
    if not note or reads_english():
        return note
    if action == "penalty" and (found := _PENALTY_NOTE.match(note)):
        from tournaments.models import Penalty  # labels is imported by the models' apps

        kind, player, reason = found.groups()
        text = _("%(penalty)s for %(player)s") % {
            "penalty": str(Penalty.Kind(kind).label).lower(),
            "player": player,
        }
        return f"{text}: {reason}" if reason else text
    if action == "drop" and (found := _DROP_NOTE.match(note)):
        name, how = found.groups()
        if how == "left the event":
            return _("%(player)s left the event") % {"player": name}
        return _("%(player)s dropped by the organizer") % {"player": name}
    if action == "no_show" and (found := _NO_SHOW_NOTE.match(note)):
        return _("%(player)s did not come to the table") % {"player": found.group(1)}
    if action == "round_end" and note == _ROUND_END_NOTE:
        return _("round time is over: the game in progress counts as a draw")
    return note


# --- in the engine's language, or in the reader's -------------------------------------------------


def reads_english() -> bool:
    """True when the reader reads the engine's own language: its English messages are then
    shown as they are (exactly what the engine, its logs and golden files say)."""
    return (get_language() or "en").split("-")[0] == "en"


def fill_template(template: Promise | str | None, values: Mapping[str, Any], fallback: str) -> str:
    """Return ``template`` filled with ``values``, or ``fallback`` when there is no template or
    a value it needs is missing."""
    if template is None:
        return fallback
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return fallback


def game_texts(game: Any) -> GameTexts | None:
    """Return the texts of ``game``, or None for no registered game."""
    if not isinstance(game, str) or game not in game_keys():
        return None
    texts: GameTexts | None = getattr(get_game(game), "texts", None)
    return texts


def translated(template: str | None) -> str | None:
    """Return a game's English template in the reader's language (None stays None)."""
    return str(_(template)) if template else None


def value_label(value: Any) -> str:
    """Return the label of a card's trait, attribute or subtype word (:data:`CARD_VALUES`,
    matched case-insensitively), or the word itself when it has none."""
    if value is None:
        return ""
    found = CARD_VALUES.words().get(str(value).casefold())
    return said(found) if found is not None else str(value)


def camp_label(word: Any) -> str:
    """Return the label of the word that says a deck's camp in the metagame (engine/metagame.py:
    a trait such as a faction, a country or an attribute, else a card type), or the word itself
    when it has none. A faction comes before a card type: RESPONSE's "order" is both, and the
    archetype takes a trait first (an Order card is never in a main deck, RESPONSE R2.3)."""
    if word is None:
        return ""
    key = str(word)
    found = (
        FACTIONS.words().get(key) or CARD_VALUES.words().get(key.casefold()) or CARD_TYPES.words().get(key)
    )
    return said(found) if found is not None else key


def reader_language() -> str:
    """Return the language the reader reads cards in: ``"en"`` or ``"ru"`` (engine.languages)."""
    return "en" if reads_english() else "ru"


def game_title(key: str) -> str:
    """Return a game's title as the reader reads it (РЕСПОНС in Russian, RESPONSE in English),
    or the key itself for a game the registry does not know."""
    if key not in game_keys():
        return key
    rules = get_game(key)
    return rules.title_ru if reader_language() == "ru" and rules.title_ru else rules.title
