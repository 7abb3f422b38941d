"""Writes of the event lifecycle: draft → registration → running → top cut → finished.

Every function checks the actor's role and the event's state itself (views and
serializers hold no rules), and takes row locks where two requests could race:
pairing a round locks the event row, reporting a result locks the match row.

The writes are split by what an organizer does: :mod:`.setup` and :mod:`.edits` (the event
itself), :mod:`.registration` and :mod:`.event_day` (players in and out), :mod:`.pairing`,
:mod:`.rounds` and :mod:`.top_cut`, :mod:`.results` and :mod:`.corrections`; :mod:`.common`
holds what they share. Callers import the functions they use from here.
"""

from tournaments.services.events.common import (
    BEST_OF,
    GRACE_MAX,
    LEAGUE_DAYS_MAX,
    LEAGUE_MATCHES_MAX,
    NO_SHOW_MINUTES_MAX,
    NOT_CHECKED_IN,
    REASON_MAX,
    SPECTATE_DELAY_MAX,
    STRUCTURE_OPTIONS,
    TOP_CUTS,
    S,
)
from tournaments.services.events.corrections import (
    PairingChange,
    bye_manual,
    forbidden_pair_add,
    forbidden_pair_remove,
    pairings_publish,
    pairings_swap,
    round_repair,
    round_undo,
)
from tournaments.services.events.edits import (
    DETAIL_FIELDS,
    LIVE_FIELDS,
    SETTING_FIELDS,
    YEARS,
    event_cancel,
    event_delete,
    event_edit,
    judge_remove,
    time_zones,
)
from tournaments.services.events.event_day import match_no_show, registration_check_in
from tournaments.services.events.league import (
    league_challenge,
    league_looking_set,
    league_pair_waiting,
    leagues_sweep,
)
from tournaments.services.events.pairing import swiss_rounds_for
from tournaments.services.events.registration import (
    Dropped,
    WalkIn,
    deck_note_add,
    decklists_publish,
    event_penalty_give,
    player_drop,
    registration_submit,
    registration_withdraw,
    walkin_register,
)
from tournaments.services.events.results import match_confirm, match_dispute, match_extend, match_report
from tournaments.services.events.rounds import event_start, round_next
from tournaments.services.events.seeds import SEED_ORDER_MAX, seeds_move, seeds_set
from tournaments.services.events.setup import (
    event_create,
    event_open,
    event_update,
    event_values_problems,
    judge_add,
)
from tournaments.services.events.teams import TEAM_NAME_MAX, team_leave, team_register

__all__ = [
    "BEST_OF",
    "DETAIL_FIELDS",
    "GRACE_MAX",
    "LEAGUE_DAYS_MAX",
    "LEAGUE_MATCHES_MAX",
    "LIVE_FIELDS",
    "NOT_CHECKED_IN",
    "NO_SHOW_MINUTES_MAX",
    "REASON_MAX",
    "SEED_ORDER_MAX",
    "SETTING_FIELDS",
    "SPECTATE_DELAY_MAX",
    "STRUCTURE_OPTIONS",
    "TEAM_NAME_MAX",
    "TOP_CUTS",
    "YEARS",
    "Dropped",
    "PairingChange",
    "S",
    "WalkIn",
    "bye_manual",
    "deck_note_add",
    "decklists_publish",
    "event_cancel",
    "event_create",
    "event_delete",
    "event_edit",
    "event_open",
    "event_penalty_give",
    "event_start",
    "event_update",
    "event_values_problems",
    "forbidden_pair_add",
    "forbidden_pair_remove",
    "judge_add",
    "judge_remove",
    "league_challenge",
    "league_looking_set",
    "league_pair_waiting",
    "leagues_sweep",
    "match_confirm",
    "match_dispute",
    "match_extend",
    "match_no_show",
    "match_report",
    "pairings_publish",
    "pairings_swap",
    "player_drop",
    "registration_check_in",
    "registration_submit",
    "registration_withdraw",
    "round_next",
    "round_repair",
    "round_undo",
    "seeds_move",
    "seeds_set",
    "swiss_rounds_for",
    "team_leave",
    "team_register",
    "time_zones",
    "walkin_register",
]
