"""Online play: games adjudicated by their game's engine in Celery workers.

The web process only records what a seat submits (:mod:`.submit`) and queues the work
(:mod:`.queue`); games are set up by :mod:`.setup`; a worker applies every queued action through
the engine exactly once under a row lock on the match (:mod:`.adjudicate`; a game played on,
its clocks and bots, :mod:`.play`; a game's end and the match result, :mod:`.results`), with
each game's engine state kept per process (:mod:`.engines`); the periodic sweep (:mod:`.schedule`) takes up
clocks and timers that ran out (O2.1). A snapshot of each seat's view is stored after every
change, so reading a game never needs the engine; the reads are
:mod:`tournaments.selectors.online`'s.

Callers import the functions they use from here.
"""

from __future__ import annotations

from tournaments.services.online.adjudicate import (
    actions_drain,
    match_adjudicate,
    match_changed,
    matches_drain,
)
from tournaments.services.online.engines import engine_for, engine_forget
from tournaments.services.online.play import refuse
from tournaments.services.online.queue import (
    DRAIN_NUDGED,
    DRAIN_WOKEN,
    DRAIN_WOKEN_MS,
    bot_queue,
    deadline,
    drain_wake,
    queue_action,
    queue_adjudication,
)
from tournaments.services.online.results import count_game, record_result
from tournaments.services.online.schedule import embedded_beat_start, matches_due, online_sweep
from tournaments.services.online.setup import (
    game_create,
    game_seed_new,
    games_set_up,
    games_set_up_queue,
    games_start,
    round_games_start,
)
from tournaments.services.online.submit import game_action_submit, match_present, sideboard_submit

__all__ = [
    "DRAIN_NUDGED",
    "DRAIN_WOKEN",
    "DRAIN_WOKEN_MS",
    "actions_drain",
    "bot_queue",
    "count_game",
    "deadline",
    "drain_wake",
    "embedded_beat_start",
    "engine_for",
    "engine_forget",
    "game_action_submit",
    "game_create",
    "game_seed_new",
    "games_set_up",
    "games_set_up_queue",
    "games_start",
    "match_adjudicate",
    "match_changed",
    "match_present",
    "matches_drain",
    "matches_due",
    "online_sweep",
    "queue_action",
    "queue_adjudication",
    "record_result",
    "refuse",
    "round_games_start",
    "sideboard_submit",
]
