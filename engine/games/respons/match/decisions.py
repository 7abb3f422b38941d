# mypyc: compiled by build_engine.py
"""What a RESPONSE seat is asked (:class:`Decision`) and the codes of what it may be refused.

The turn flow (``flow.py``, ``play.py``, ``combat.py``, ``resolution.py``) is a generator of
:class:`Decision`: a :data:`Flow`.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from engine.games.respons.match.board import cell_dict
from engine.games.respons.match.insts import target_dict
from engine.play import Decision as SharedDecision

# The stable codes of IllegalAction, one per kind of refusal (README.md, "Refusals"). A front end
# keys its translations on them: a new refusal gets a new code here.
REFUSAL_CODES: tuple[str, ...] = (
    # R9.5, R10: the game, the seat, the seq, the action's shape
    "game_over",
    "no_seat",
    "stale_seq",
    "not_an_action",
    "card_name_missing",
    # R5.2, R6.3: whose decision, which answers it takes
    "no_decisions_left",
    "not_your_decision",
    "not_an_act",
    "not_a_choice",
    "not_a_mulligan",
    "mulligan_cards",
    "mulligan_not_in_hand",
    "not_in_hand",
    # R3.2, R7.1, R7.2, R7.5: cells, room and cost
    "bad_cell",
    "no_such_cell",
    "not_your_cell",
    "no_free_cell",
    "cell_missing",
    "cell_taken",
    "cell_not_offered",
    "no_cell_for_type",
    "location_taken",
    "too_expensive",
    # R7.6: a card's action
    "no_location",
    "source_missing",
    "no_card_in_cell",
    "no_action",
    "action_used",
    "action_too_expensive",
    # R7.7: chosen targets
    "targets_not_a_list",
    "no_targets",
    "target_count",
    "target_missing",
    "illegal_target",
    "one_target",
    "target_not_offered",
)


# The rule a decision belongs to, cited when a seat answers out of turn.
DECISION_RULES: dict[str, str] = {
    "mulligan": "R5.2",
    "act": "R6.3",
    "choose_cell": "R7.5",
    "choose_target": "R7.7",
}


# A plain Python class when compiled (build_engine.py), like its base in engine/play.py: it
# subclasses an interpreted class, and is built about as fast as a native one.
@mypyc_attr(native_class=False)
@dataclass(slots=True)
class Decision(SharedDecision):
    """A pending request for input: who must decide what, at which ``seq`` (engine/play.py).

    ``kind`` is ``mulligan``, ``act``, ``choose_cell``, ``choose_target``, or ``wait``
    (only from ``Match.decision_for``, for the seat that is not asked). ``card`` names the
    card a choice is about; ``options`` are the cells (ints) or target card instances to
    choose from; ``decisions_left`` counts the seat's R6.3 decisions.
    """

    card: str | None = None
    effect: str | None = None
    options: tuple[Any, ...] = ()
    decisions_left: int = 0

    @property
    def rule(self) -> str:
        """Return the rule the request belongs to (R6.3 for ``act`` and ``wait``)."""
        return DECISION_RULES.get(self.kind, "R6.3")

    def as_dict(self) -> dict[str, Any]:
        """Return the public JSON shape of the request (no hidden card is named in it)."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "seq": self.seq}
        if self.kind == "act":
            out["decisions_left"] = self.decisions_left
        if self.card is not None:
            out["card"] = self.card
        if self.effect is not None:
            out["effect"] = self.effect
        if self.kind == "choose_cell":
            out["cells"] = [cell_dict(c) for c in self.options]
        elif self.kind == "choose_target":
            out["targets"] = [target_dict(t) for t in self.options]
        return out


# The ``info`` of every RESPONSE request: its words are in its own fields (the flow builds one
# per decision, and an empty dict each time would cost). Never mutated.
NO_INFO: dict[str, Any] = {}

# The turn flow: it yields each decision and receives the validated answer.
Flow = Generator[Decision, Any, None]
