"""Event pages: the list, creation, the public event page, the organizer's dashboard,
pairings, standings, CSV exports and printables.

Thin views over selectors (reads) and services (writes): every rule — who may do
what, in which state — is the services'; a refused action comes back as a
DomainError whose message the page shows (a flash, or a form error).

The pages are split by what an organizer or a player does: :mod:`.listing`, :mod:`.page`,
:mod:`.registration`, :mod:`.results`, :mod:`.dashboard` and :mod:`.exports`; :mod:`.common`
holds what they share (the corrections of the pairings are :mod:`tournaments.views.pairings`',
the edits :mod:`tournaments.views.event_edit`'s). The URLs import the views from here.
"""

from tournaments.views.events.common import EXTENSIONS, PAGE_ROWS, format_label
from tournaments.views.events.dashboard import (
    event_judge_add,
    event_manage,
    event_next_round,
    event_open,
    event_player_names_options,
    event_publish_decklists,
    event_seeds,
    event_start,
)
from tournaments.views.events.exports import (
    event_deck,
    event_pool,
    export_decklists,
    export_pairings,
    export_standings,
    round_print,
    round_slips,
)
from tournaments.views.events.league import league_challenge, league_looking, league_pair_waiting
from tournaments.views.events.listing import EventFilterForm, EventForm, event_create, event_list
from tournaments.views.events.page import event_bracket, event_detail, event_round_detail, event_standings
from tournaments.views.events.registration import (
    event_check_in,
    event_drop,
    event_register,
    event_team_leave,
    event_team_register,
    event_withdraw,
)
from tournaments.views.events.results import (
    match_confirm,
    match_dispute,
    match_extend,
    match_no_show,
    match_report,
)

__all__ = [
    "EXTENSIONS",
    "PAGE_ROWS",
    "EventFilterForm",
    "EventForm",
    "event_bracket",
    "event_check_in",
    "event_create",
    "event_deck",
    "event_detail",
    "event_drop",
    "event_judge_add",
    "event_list",
    "event_manage",
    "event_next_round",
    "event_open",
    "event_player_names_options",
    "event_pool",
    "event_publish_decklists",
    "event_register",
    "event_round_detail",
    "event_seeds",
    "event_standings",
    "event_start",
    "event_team_leave",
    "event_team_register",
    "event_withdraw",
    "export_decklists",
    "export_pairings",
    "export_standings",
    "format_label",
    "league_challenge",
    "league_looking",
    "league_pair_waiting",
    "match_confirm",
    "match_dispute",
    "match_extend",
    "match_no_show",
    "match_report",
    "round_print",
    "round_slips",
]
