"""Reads for the play page: the card data its tiles show, the events of a game as a seat saw them."""

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Card, Game
from tournaments.selectors.cards import card_words, catalog_for
from tournaments.selectors.online import engine_catch_up, game_log, match_engine

EVENTS_KEPT = 200  # the log shows the game's most recent events

_cache_lock = threading.Lock()
_EVENTS_CACHE_SIZE = 256


class _Replayed:
    """A game replayed for one reader up to some action: the engine's state there (its actions
    are the log so far) and the events they showed that reader. A game's log only grows, so the
    next request applies the new actions alone instead of replaying the game from its start
    (the play page asks after every move: a whole replay each time made a game's log cost its
    length squared)."""

    __slots__ = ("events", "lock", "match")

    def __init__(self, match: Any) -> None:
        self.match = match
        self.events: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def follow(self, stored: list[dict[str, Any]], *, game: str, seat: int | None) -> bool:
        """Bring this replay to the stored log, keeping the events of each action applied;
        False when the log is not this replay's continuation (selectors.online.engine_catch_up)."""
        return engine_catch_up(
            self.match,
            stored,
            game=game,
            applied=lambda index, events: _events_add(self.events, events, index, seat),
        )


# (game id, seed, reader) -> the game replayed for that reader, the least recently read dropped.
_events_cache: "OrderedDict[tuple[int, int, int | None], _Replayed]" = OrderedDict()
# A card's printed numbers other than RESPONSE's strength and durability, by the card sets' keys.
_STATS = (("atk", "atk"), ("attack", "atk"), ("def", "def"), ("defense", "def"), ("health", "health"))


def play_cards(*, game: str, english: bool) -> dict[str, dict[str, Any]]:
    """Return what a card tile shows, by canonical card name, for every imported card of ``game``.

    Each entry: ``n`` (the name to show: the card's English or Russian name, engine.languages),
    ``t`` (type), ``c`` (cost), ``f`` (factions), ``s``/``d``/``i`` (strength, durability,
    influence, when printed), ``x`` (ability text, in the same language), ``l`` (legendary), ``a``
    (the cost of its action, when it has one), ``k`` (keywords, when it has some) and ``st`` (the
    printed ``atk``, ``def`` and ``health`` of the games that print them). All of it is public: the
    card browser shows the same.
    """
    cards: dict[str, dict[str, Any]] = {}
    for name, raw in Card.objects.filter(game=game).values_list("name", "raw"):
        shown, _others, text = card_words(raw=raw, language="en" if english else "ru")
        entry: dict[str, Any] = {
            "n": shown,
            "t": raw.get("type", ""),
            "c": raw.get("cost") if raw.get("cost") is not None else raw.get("will_cost"),
            "f": list(raw.get("factions") or []),
            "x": text,
        }
        for key, short in (("strength", "s"), ("durability", "d"), ("influence", "i")):
            if raw.get(key) is not None:
                entry[short] = raw[key]
        keywords = [str(k) for k in raw.get("keywords") or [] if isinstance(k, str)]
        if keywords:
            entry["k"] = keywords
        stats = {short: raw[key] for key, short in _STATS if isinstance(raw.get(key), int)}
        if stats:
            entry["st"] = stats
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
    (None for the setup). Rebuilt by replaying the action log (the truth): the actions applied
    since the last request for that reader, or the whole game when its log is not the one
    replayed before (another process wrote it, or it was read first here).
    """
    actions = list(game.actions or [])
    game_key: str = game.match.round.event.game
    key = (game.pk, game.seed, seat)
    with _cache_lock:
        replayed = _events_cache.get(key)
        if replayed is not None:
            _events_cache.move_to_end(key)
    if replayed is not None:
        with replayed.lock:
            if replayed.follow(actions, game=game_key, seat=seat):
                return replayed.events[-limit:]
    replayed = _events_replay(game, seat)
    with replayed.lock:
        if not replayed.follow(actions, game=game_key, seat=seat):
            raise ValueError(f"the stored log of game {game.pk} does not replay")
        shown = replayed.events[-limit:]
    with _cache_lock:
        _events_cache[key] = replayed
        while len(_events_cache) > _EVENTS_CACHE_SIZE:
            _events_cache.popitem(last=False)
    return shown


def _events_replay(game: Game, seat: int | None) -> _Replayed:
    """The game set up (its log's first 0 actions) with the setup's events, for ``seat``."""
    game_key: str = game.match.round.event.game
    _rules, catalog = catalog_for(game=game_key)
    replayed = _Replayed(match_engine(game_key).replay(game_log(game), catalog, upto=0))
    _events_add(replayed.events, replayed.match.initial_events, None, seat)
    return replayed


def _events_add(
    out: list[dict[str, Any]], events: Sequence[Any], index: int | None, seat: int | None
) -> None:
    for event in events:
        shown = event.judge_dict() if seat is None else event.for_seat(seat)
        out.append({**shown, "i": len(out), "a": index})


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
