"""Reads of practice games against a bot: the games that can be practised, their
sample decks, a player's practice games and what is left of their quota.

A practice game is an ordinary online match in an event of its own (``Event.practice``, see
models/practice.py); the play page and the online API read it as any match. Nothing here knows
a game: the sample decks are each engine's (``MatchEngine.sample_decks``).
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.catalog import Catalog
from engine.decklist import decklist_to_json
from engine.metagame import deck_archetype, deck_identity
from engine.registry import get_game
from tournaments.labels import game_title, reader_language
from tournaments.models import Game, Match, Practice, Registration
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.metagame import metagame_namer
from tournaments.selectors.online import match_engine, online_games
from tournaments.users import User

# The sample decks are drawn with this seed: the same decks every time, so a newcomer meets the
# deck they learnt with again (the bot's own deck is drawn at random, hidden as anyone's).
SAMPLE_SEED = 0
DAY = timedelta(days=1)
BOT_PREFIX = "bot:"  # a practice bot's username: a colon no sign-up accepts ([\w.@+-])


def practice_games() -> list[str]:
    """Return the registry keys of the games a player may practise (those with a match engine)."""
    return online_games()


def practice_bot_username(game: str) -> str:
    """Return the username of ``game``'s practice bot (one account per game, no password)."""
    return f"{BOT_PREFIX}{game}"


def practice_deck_options(game: str) -> dict[str, Any]:
    """The deck rules' options of a practice game, which is in no event: the game's own side
    deck size and the constructed format."""
    return {"side_max": get_game(game).side_deck_default, "format": "constructed"}


# --- sample decks ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    """One sample deck: ``key`` (its hero or leader, the engine's deck identity: stable, the API's
    name for it), ``archetype`` (engine/metagame.py's "identity · camp") and ``deck`` (JSON)."""

    key: str
    archetype: str
    deck: dict[str, Any]


_samples_lock = threading.Lock()
_samples: dict[str, tuple[Catalog[Any], list[Sample]]] = {}  # game -> (the catalog they are of, them)


def practice_samples(*, game: str) -> list[Sample]:
    """Return ``game``'s sample decks: the engine's ``sample_decks`` of the imported cards with
    :data:`SAMPLE_SEED`, one per identity, in the engine's order (empty for a game without cards).
    Raises KeyError for an unknown game, LookupError for one without a match engine."""
    rules, catalog = catalog_for(game=game)
    with _samples_lock:
        cached = _samples.get(game)
        if cached is not None and cached[0] is catalog:
            return cached[1]
    samples: list[Sample] = []
    seen: set[str] = set()
    for decklist in match_engine(game).sample_decks(catalog, seed=SAMPLE_SEED):
        key = deck_identity(rules, decklist, catalog)
        if key in seen:
            continue
        seen.add(key)
        archetype = deck_archetype(rules, decklist, catalog, key)
        samples.append(Sample(key=key, archetype=archetype, deck=decklist_to_json(decklist)))
    with _samples_lock:
        _samples[game] = (catalog, samples)  # the catalog is rebuilt when a set changes
    return samples


def practice_sample(*, game: str, key: str) -> Sample | None:
    """Return the sample deck ``key`` of ``game``, or None."""
    return next((s for s in practice_samples(game=game) if s.key == key), None)


def sample_names(*, game: str) -> dict[str, str]:
    """Return each sample deck's name as the reader reads it (its hero and camp), by key."""
    named = metagame_namer(game=game, language=reader_language())
    return {sample.key: named(sample.archetype) for sample in practice_samples(game=game)}


# --- a player's practice games -------------------------------------------------------------------


def practices_of(*, user: User, limit: int = 20) -> list[Practice]:
    """Return the player's latest practice games, newest first, each with its match and its
    match's last game (``last_game``, None before the first)."""
    rows = Practice.objects.filter(player=user).select_related("match", "match__round")
    return _with_last_games(list(rows[: max(0, limit)]))


def practice_of(*, user: User, practice_id: int) -> Practice | None:
    """Return the player's practice game ``practice_id`` (None: unknown, or someone else's)."""
    rows = Practice.objects.filter(player=user, pk=practice_id).select_related("match", "match__round")
    found = _with_last_games(list(rows))
    return found[0] if found else None


def _with_last_games(rows: list[Practice]) -> list[Practice]:
    games: dict[int, Game] = {}
    for game in Game.objects.filter(match_id__in=[p.match_id for p in rows]).only(
        "match_id", "number", "status", "winner", "reason", "finished_at"
    ):
        if game.match_id not in games or game.number > games[game.match_id].number:
            games[game.match_id] = game
    for practice in rows:
        practice.last_game = games.get(practice.match_id)  # type: ignore[attr-defined]
    return rows


def practices_running(*, user: User) -> QuerySet[Practice]:
    """The player's practice games not over yet (their match is not final)."""
    return Practice.objects.filter(player=user).exclude(match__status=Match.Status.FINAL)


@dataclass(frozen=True)
class PracticeQuota:
    """What the player may still start: practice games going at once and started in 24 hours,
    against their caps (settings PRACTICE_PER_USER, PRACTICE_PER_DAY), and the seconds until
    one more of each kind is allowed (0: now)."""

    running: int
    running_max: int
    today: int
    today_max: int
    running_wait: int
    today_wait: int


def practice_quota(*, user: User, now: datetime | None = None) -> PracticeQuota:
    """Return the player's practice quota now (:class:`PracticeQuota`).

    A game going ends at the latest at its round's end (its hard stop), which is the wait for a
    place when every one is taken; one may resign sooner. A day's place frees up 24 hours after
    the oldest game started in the last 24 hours."""
    now = now or timezone.now()
    running_max, today_max = settings.PRACTICE_PER_USER, settings.PRACTICE_PER_DAY
    ends = sorted(practices_running(user=user).values_list("match__round__ends_at", flat=True))
    started = list(
        Practice.objects.filter(player=user, created_at__gt=now - DAY)
        .order_by("created_at")
        .values_list("created_at", flat=True)
    )
    # The k-th soonest end frees the place a k-th game over the cap waits for; likewise a day's.
    over_running, over_today = len(ends) - running_max, len(started) - today_max
    return PracticeQuota(
        running=len(ends),
        running_max=running_max,
        today=len(started),
        today_max=today_max,
        running_wait=_seconds(ends[over_running] - now) if running_max and over_running >= 0 else 0,
        today_wait=_seconds(started[over_today] + DAY - now) if today_max and over_today >= 0 else 0,
    )


def _seconds(delta: timedelta) -> int:
    return max(1, math.ceil(delta.total_seconds()))


# --- what the pages and the API show ---------------------------------------------------------------


def practice_outcome(practice: Practice) -> tuple[str, str | None, str]:
    """Return (``"playing"`` or ``"over"``, the player's result — ``"win"``, ``"loss"``,
    ``"draw"`` — or None while playing, how the game ended: the engine's reason word or "")."""
    match = practice.match
    game: Game | None = getattr(practice, "last_game", None)
    if match.status != Match.Status.FINAL:
        return "playing", None, ""
    reason = game.reason if game is not None else ""
    if match.wins_a > match.wins_b:
        return "over", "win", reason
    if match.wins_b > match.wins_a:
        return "over", "loss", reason
    return "over", "draw", reason


def practice_deck_label(practice: Practice) -> str:
    """Return what the player chose to play, as the reader reads it."""
    if practice.deck_source == Practice.DeckSource.SAMPLE:
        name = sample_names(game=practice.game).get(practice.deck_name, practice.deck_name)
        return _("Sample deck: %(name)s") % {"name": name}
    if practice.deck_source == Practice.DeckSource.SAVED:
        return practice.deck_name
    return _("A decklist of your own")


def practice_json(practice: Practice) -> dict[str, Any]:
    """Return the API's answer for one practice game (api.md "Practice against a bot")."""
    status, result, reason = practice_outcome(practice)
    return {
        "id": practice.pk,
        "game": practice.game,
        "match": practice.match_id,
        "deck": {"kind": practice.deck_source, "name": practice.deck_name},
        "status": status,
        "result": result,
        "reason": reason,
        "created_at": practice.created_at,
        "ends_at": practice.match.round.ends_at,
        "play_url": reverse("match-play", args=[practice.match_id]),
    }


def practice_names(*, match: Match, names: list[str]) -> list[str]:
    """Return the seats' names as the site shows them: in a practice game, the bot's seat is
    called after its game ("Bot (Your War)"), in the reader's language, never by its account's
    name (``bot:<game>``)."""
    if not match.round.event.practice:
        return names
    title = game_title(match.round.event.game)
    shown = list(names)
    for seat, registration in enumerate((match.player_a, match.player_b)):
        if isinstance(registration, Registration) and registration.is_bot:
            shown[seat] = _("Bot (%(game)s)") % {"game": title}
    return shown


def seat_names(*, match: Match) -> list[str]:
    """Return both seats' names as every page shows them (a practice game's bot by its game,
    :func:`practice_names`; "" for the empty seat of a bye)."""
    b = match.player_b
    names = [match.player_a.player.get_username(), b.player.get_username() if b else ""]
    return practice_names(match=match, names=names)
