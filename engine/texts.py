"""The English words of a game as the site shows them: what it says (deck violations, refused
actions, by code) and the words of its cards, decks and play (card types and fields, deck
zones, phases, the words of its actions).

Each game declares its own in ``engine/games/<key>/texts.py`` and exposes them as
``RULES.texts`` (a :class:`GameTexts`); the site finds them through the registry and says
them in the reader's language (``tournaments/labels.py``, ``label_messages.py``,
``label_actions.py``), filled from the ``params`` the engine gives. Templates use
``%(name)s`` placeholders and are marked with :func:`N_`, or with :func:`NC_` where a word
takes its context (``"deck zone"``), so that ``makemessages --keyword=N_ --keyword=NC_:1c,2``
(the Makefile's ``messages``) extracts them into the catalog.

A violation's template is keyed by its code, or by ``"code/variant"`` where one code takes
several forms: the game's ``variant(code, params)`` tells which.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple


def N_(text: str) -> str:
    """Return ``text`` unchanged: the mark that extracts it for translation."""
    return text


class InContext(NamedTuple):
    """An English word said in one context (``"deck zone"``, ``"card type"``): the site reads it
    with ``pgettext``, so one English word may take different words in another language."""

    context: str
    text: str


def NC_(context: str, text: str) -> InContext:
    """Return ``text`` in its ``context``: the mark that extracts it for translation with its
    context (``makemessages --keyword=NC_:1c,2``)."""
    return InContext(context, text)


class Plural(NamedTuple):
    """An English sentence in its singular and plural forms, said by a number (``ngettext``)."""

    singular: str
    plural: str


def NN_(singular: str, plural: str) -> Plural:
    """Return both forms of a sentence: the mark that extracts them for translation
    (``makemessages --keyword=NN_:1,2``)."""
    return Plural(singular, plural)


@dataclass(frozen=True, slots=True)
class FieldWords:
    """How a replay's line says one field of a game's actions (the site's ``describe_game_action``).

    ``shape`` says what the field holds and how ``text`` (a template) is filled:

    - ``"card"``: a card (instance id or name); ``text`` has ``%(what)s`` for its name, or is
      empty when the type's words already say what is done with it. A ``{"seat": n}`` value
      names that seat's player instead.
    - ``"cards"``: a list of cards; ``text`` has ``%(what)s`` for the names (empty: the names
      alone), ``other`` is said for an empty list.
    - ``"player"``: a seat; ``%(what)s`` is its player's name.
    - ``"index"``: a whole number counted from 0; ``%(n)s`` is it counted from 1.
    - ``"number"``: a whole number, ``%(n)s``; nothing is said for 0.
    - ``"signed"``: a whole number with its sign, ``%(n)s``; nothing is said for 0.
    - ``"value"``: any value, ``%(n)s`` in words.
    - ``"flag"``: ``text`` when true, ``other`` when not.
    - ``"choice"``: one of ``choices``, said by its words.
    - ``"rows"``: a list of lists, each said by ``text`` with one value per name of ``parts``
      (``"card:blocker"`` a card, ``"value:n"`` anything else), joined by "; "; ``other`` is
      said for an empty list.
    - ``"mapping"``: an object, ``%(what)s`` as its keys and values in words.
    """

    shape: str
    text: str = ""
    other: str = ""
    parts: tuple[str, ...] = ()
    choices: Mapping[str, InContext] = field(default_factory=dict)


def no_variant(code: str, params: Mapping[str, Any]) -> str:
    """Return ``""``: a game whose codes each take one form."""
    return ""


@dataclass(frozen=True, slots=True)
class GameTexts:
    """A game's English templates: ``violations`` by code (or ``code/variant``),
    ``refusals`` by ``IllegalAction.code``, ``reasons`` by ``MatchResult.reason`` and the words
    of its ``actions`` by action type; ``variant`` picks a violation's form."""

    violations: Mapping[str, str] = field(default_factory=dict)
    refusals: Mapping[str, str] = field(default_factory=dict)
    # How a game of it may end, beyond the site's reasons (concede, timeout, no_show, penalty,
    # turn_limit, draw): ``MatchResult.reason`` -> its words.
    reasons: Mapping[str, str] = field(default_factory=dict)
    # What each of its action types (``RULES.action_types``) does, as a replay's line says it
    # after the player's name ("anna keeps the hand"); the site's actions are SITE_ACTION_WORDS.
    actions: Mapping[str, str] = field(default_factory=dict)
    variant: Callable[[str, Mapping[str, Any]], str] = no_variant
    # How the site says one of its actions in full (a replay with every card shown, the judges'
    # log): ``"fields"``, its ``actions`` words and then what the action's fields name (cards by
    # instance id, the views' ids, read from the log replayed); ``"cells"``, RESPONSE's own
    # sentences (places on the tactical field, cards by name).
    action_sentences: str = "fields"
    # The words of those sentences when ``action_sentences`` is "cells", by name (templates,
    # or a Plural said by a count): see the site's ``describe_action``.
    sentences: Mapping[str, str | Plural] = field(default_factory=dict)
    # How a replay's line says the fields of its actions, by field key (``FieldWords``); a field
    # with no words is said as its key and value.
    action_fields: Mapping[str, FieldWords] = field(default_factory=dict)

    # --- the words of its cards, decks and play, as the site's pages show them ---------------
    # Card types by key ("card type"), factions and supertypes by key ("faction", "supertype").
    card_types: Mapping[str, InContext] = field(default_factory=dict)
    factions: Mapping[str, InContext] = field(default_factory=dict)
    supertypes: Mapping[str, InContext] = field(default_factory=dict)
    # The card browser's game-specific fields, by label (the summary's key, "_" as " ").
    card_fields: Mapping[str, InContext] = field(default_factory=dict)
    # The words its card data uses for traits, attributes and subtypes ("card trait"), by the
    # word as its sets write it, case-folded.
    card_values: Mapping[str, InContext] = field(default_factory=dict)
    # Deck zones by key ("deck zone"), and shorter where room is short ("deck zone, short").
    zones: Mapping[str, InContext] = field(default_factory=dict)
    zones_short: Mapping[str, InContext] = field(default_factory=dict)
    # Where a card of a deck is ("in the main deck"), by zone key or by the label a size rule
    # gives its zone ("sideboard", "hero deck").
    places: Mapping[str, str] = field(default_factory=dict)
    # The zone cards left in a sideboard swap ("cards left it"), by zone key.
    swap_from: Mapping[str, InContext] = field(default_factory=dict)
    # The play page's and the judges' words for its phases (``view["phase"]``) and the kinds of
    # its decisions ("decision").
    phases: Mapping[str, str] = field(default_factory=dict)
    decisions: Mapping[str, InContext] = field(default_factory=dict)
    # The number of its rule on swapping cards between games ("R2.7"), cited when a swap is
    # refused; empty for a game that names none.
    swap_rule: str = ""

    def violation_template(self, code: str, params: Mapping[str, Any]) -> str | None:
        """Return the template of a violation (its variant's, else the code's), or None."""
        variant = self.variant(code, params)
        if variant and f"{code}/{variant}" in self.violations:
            return self.violations[f"{code}/{variant}"]
        return self.violations.get(code)

    def violation_codes(self) -> frozenset[str]:
        """Return the violation codes that have a template."""
        return frozenset(key.split("/", 1)[0] for key in self.violations)


# --- the zones, places and action fields several games share -----------------------------------

ZONE_MAIN = NC_("deck zone", "Main")
ZONE_SIDE = NC_("deck zone", "Side")
ZONE_HERO = NC_("deck zone", "Hero")
ZONE_SIDE_SHORT = NC_("deck zone, short", "Side")  # the deck builder's "add to" buttons
IN_MAIN = N_("in the main deck")
IN_SIDE = N_("in the side deck")
IN_HERO = N_("in the hero slot")

# The fields most games' actions share: the card acted with, the cards and targets named.
ACTION_FIELDS: dict[str, FieldWords] = {
    "card": FieldWords("card"),
    "unit": FieldWords("card"),
    "target": FieldWords("card", N_("target %(what)s")),
    "cards": FieldWords("cards", other=N_("no cards")),
    "targets": FieldWords("cards", N_("targets %(what)s"), other=N_("no targets")),
    "ability": FieldWords("index", N_("ability %(n)s")),  # an index into the card's abilities
    "face_up": FieldWords("flag", N_("face up")),
}


# --- what every deck-only game checks alike (engine/games/_deck_check.py) ------------------------
# ``where`` is the zone the site names ("in the main deck"); ``type`` a card type's label.


def deck_variant(code: str, params: Mapping[str, Any]) -> str:
    """Return which form of ``code`` a deck-only game's violation takes (its params say)."""
    if code.endswith("_size"):
        if "minimum" in params:
            return "min"
        return "none" if params.get("maximum") == 0 else "max"
    if code == "bad_count":
        return str(params.get("shape", ""))
    if code == "unknown_card":
        return "name" if "name" in params else ""
    if code == "hero_in_deck":
        return str(params.get("zone", ""))
    return ""


SIZE_MIN = N_("%(where)s there must be at least %(minimum)s cards (found %(found)s)")
SIZE_MAX = N_("%(where)s there may be at most %(maximum)s cards (found %(found)s)")
NO_HERO = N_("the deck has no hero")
NOT_A_HERO = N_("«%(card)s» is not a hero (%(type)s)")
COPIES = N_("at most %(limit)s copies of «%(card)s» (found %(found)s)")

DECK_COMMON: dict[str, str] = {
    "unknown_card": N_("«%(card)s» %(where)s is not a known card"),
    "unknown_card/name": N_("%(name)s %(where)s is not a card name"),
    "unknown_zone": N_("«%(zone)s» is not a zone of this game's decklists (%(known)s)"),
    "bad_count/zones": N_("the decklist's zones must be a mapping of zone name to cards"),
    "bad_count/one": N_("%(where)s exactly one card must be named"),
    "bad_count/counts": N_("%(where)s every card name needs its number of copies"),
    "bad_count/count": N_("%(name)s %(where)s: %(count)s copies; a count is a whole number ≥ 1"),
    "main_size/min": SIZE_MIN,
    "main_size/max": SIZE_MAX,
    "side_size/max": SIZE_MAX,
    "side_size/none": N_("this event allows no cards %(where)s (found %(found)s)"),
    "stones_size/min": SIZE_MIN,
    "stones_size/max": SIZE_MAX,
}


# --- what every match engine refuses alike (engine/match.py: the seat, the seq, the shape) -------

PROTOCOL_REFUSALS: dict[str, str] = {
    "game_over": N_("the game is over (%(reason)s)"),
    "no_seat": N_("no seat %(seat)s"),
    "stale_seq": N_("stale action: expected seq %(expected)s, got %(got)s"),
    "not_an_action": N_('an action is a JSON object with a "type"'),
    "not_your_decision": N_("it is seat %(seat)s's decision (%(decision)s)"),
}


# --- what every match engine's site actions do (engine/match.py SITE_ACTIONS) --------------------
# Said once for every game, after the player's name in a replay's line; a game's own
# ``actions`` may say one of them its own way.

SITE_ACTION_WORDS: dict[str, str] = {
    "concede": N_("concedes the game"),
    "timeout": N_("runs out of time"),
    "no_show": N_("did not come to the game"),
    "penalty_loss": N_("gets a game loss (penalty)"),
}
