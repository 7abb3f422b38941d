"""The site's texts for the WoW TCG match engine's refusal codes (``match.state.REFUSAL_CODES``).

English templates filled from the refusal's ``params`` (``%(card)s`` …); the Russian
entries are in ``locale/ru/LC_MESSAGES/django.po`` under the same msgids. The site's
``tournaments/labels.py`` merges them into its refusal table (``_REFUSALS``) by code; the
codes shared with other engines (``game_over``, ``no_seat``, ``stale_seq``,
``not_an_action``, ``not_your_decision``, ``not_in_hand``, ``illegal_target``) keep the
site's existing texts and are not repeated here.
"""

from __future__ import annotations

REFUSAL_TEXTS: dict[str, str] = {
    "not_legal_now": "that is not a legal action now",
    "cannot_pay": "you cannot pay for that now (not enough ready resources)",
    "needs_empty_chain": "only in your action phase with an empty chain",
    "not_instant": "«%(card)s» is not Instant: play it in your action phase with an empty chain",
    "resource_placed": "you have already placed a resource this turn",
    "not_ready": "«%(card)s» is not ready",
    "just_arrived": "«%(card)s» came into play this turn",
    "elusive": "an Elusive character cannot be chosen as defender",
    "not_usable_by_hero": "your hero cannot use «%(card)s»",
    "weapon_used": "your hero has already struck with a weapon in this combat",
    "not_a_protector": "that is not a ready Protector",
    "keep_hand": "keep your hand or take a mulligan",
    "not_ready_armor": "choose among your ready armor, each once",
}

# The labels of the weapon-slot keywords (W8.5, W13.3) for ``tournaments/labels.CARD_VALUES``
# (Russian in django.po, context "card trait"); the other WoW keywords have theirs already.
KEYWORD_LABELS: dict[str, str] = {
    "two_handed": "Two-handed",
    "off_hand": "Off-hand",
    "melee": "Melee (1)",
    "ranged": "Ranged (1)",
}
