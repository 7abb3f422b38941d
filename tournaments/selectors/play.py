"""Reads for the play page: the card data its tiles show, the events of a game as a seat saw them."""

import threading
from collections import OrderedDict
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Card, Game
from tournaments.selectors.cards import card_words, catalog_for
from tournaments.selectors.online import game_log, match_engine

EVENTS_KEPT = 200  # the log shows the game's most recent events

_cache_lock = threading.Lock()
# (game id, seed, log length, viewer) -> events; a game's past never changes, so this is exact.
_events_cache: "OrderedDict[tuple[int, int, int, int | None], list[dict[str, Any]]]" = OrderedDict()
_EVENTS_CACHE_SIZE = 256


def play_cards(*, game: str, english: bool) -> dict[str, dict[str, Any]]:
    """Return what a card tile shows, by canonical card name, for every imported card of ``game``.

    Each entry: ``n`` (the name to show: the card's English or Russian name, engine.languages),
    ``t`` (type), ``c`` (cost), ``f`` (factions), ``s``/``d``/``i`` (strength, durability,
    influence, when printed), ``x`` (ability text, in the same language), ``l`` (legendary), ``a``
    (the cost of its action, when it has one). All of it is public: the card browser shows the same.
    """
    cards: dict[str, dict[str, Any]] = {}
    for name, raw in Card.objects.filter(game=game).values_list("name", "raw"):
        shown, _others, text = card_words(raw=raw, language="en" if english else "ru")
        entry: dict[str, Any] = {
            "n": shown,
            "t": raw.get("type", ""),
            "c": raw.get("cost"),
            "f": list(raw.get("factions") or []),
            "x": text,
        }
        for key, short in (("strength", "s"), ("durability", "d"), ("influence", "i")):
            if raw.get(key) is not None:
                entry[short] = raw[key]
        if "legendary" in (raw.get("supertypes") or []):
            entry["l"] = True
        activated = [a for a in raw.get("abilities") or [] if a.get("trigger") == "activated"]
        if activated:
            entry["a"] = sum(int(a.get("cost") or 0) for a in activated)
        cards[name] = entry
    return cards


def game_events(*, game: Game, seat: int | None, limit: int = EVENTS_KEPT) -> list[dict[str, Any]]:
    """Return the game's most recent events as ``seat`` saw them (None: everything, for officials).

    Each event is the engine's (a seat gets the public part plus its own private
    part) with ``i``, its number in the game, and ``a``, the index of the action that caused it
    (None for the setup). Rebuilt by replaying the action log (the truth).
    """
    actions = list(game.actions or [])
    key = (game.pk, game.seed, len(actions), seat)
    with _cache_lock:
        cached = _events_cache.get(key)
        if cached is not None:
            _events_cache.move_to_end(key)
            return cached[-limit:]
    game_key: str = game.match.round.event.game
    _rules, catalog = catalog_for(game=game_key)
    log = game_log(game)
    # The setup (the log's first 0 actions), then each action applied with its events.
    match = match_engine(game_key).replay(log, catalog, upto=0)
    out: list[dict[str, Any]] = []

    def add(events: list[Any], index: int | None) -> None:
        for event in events:
            shown = event.judge_dict() if seat is None else event.for_seat(seat)
            out.append({**shown, "i": len(out), "a": index})

    add(list(match.initial_events), None)
    for index, entry in enumerate(log["actions"]):
        action = {k: v for k, v in entry.items() if k != "seat"}
        add(list(match.apply(entry["seat"], action)), index)
    with _cache_lock:
        _events_cache[key] = out
        while len(_events_cache) > _EVENTS_CACHE_SIZE:
            _events_cache.popitem(last=False)
    return out[-limit:]


def game_log_shown(*, game: Game, seat: int | None) -> dict[str, Any]:
    """Return game's match log as its reader may have it: complete (formats.md, replayable) for
    an official (``seat`` None) or once the event has published its decklists; else ``seat``'s
    redacted copy (O6.1: their own deck, of the opponent only what was revealed in play, no
    seed; it says so under ``"redacted"``)."""
    log = game_log(game)
    event = game.match.round.event
    if seat is None or event.decklists_public:
        return log
    _rules, catalog = catalog_for(game=event.game)
    shown = match_engine(event.game).redacted_log(log, catalog, seat)
    shown["redacted"]["why"] = _(
        "Your copy while the event's decklists are not published: no seed, and of your opponent only "
        "the hero and the cards revealed in play. It cannot be replayed; the judges have the full log."
    )
    return shown
