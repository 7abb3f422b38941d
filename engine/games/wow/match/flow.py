# mypyc: compiled by build_engine.py
"""The turn of a WoW TCG match (W6): the ready step, the draw, the action phase, the end phase
and its discard, each a priority window (W10.5) that advances as it closes.
"""

from __future__ import annotations

from engine.games.wow.match.resolution import Resolution


class Flow(Resolution):
    """The turn's steps and windows over the chain, combat and damage."""

    # --- turn flow (W6) ------------------------------------------------------------------

    def start_turn(self) -> None:
        """W6.2: the next turn's ready step: ready your cards, then a priority window with you
        (W10.5); the draw step follows when it closes."""
        self.turn += 1
        if self.turn > self.turn_limit:
            self.end(None, "turn_limit")  # W15.1 [decision]
        self.active = self.first if self.turn == 1 else 1 - self.active
        side = self.seats[self.active]
        side.placed = False
        for inst in [*side.in_play(), *side.resources]:
            inst.exhausted = False
        self.emit({"type": "turn", "turn": self.turn, "seat": self.active})
        for inst in side.in_play():
            self.fire(inst, "turn_start")  # W9.4: on the chain as the ready step's window opens
        self.state_check()
        self.phase = "ready"
        self.chain.open_window(self.active)

    def window_closed(self) -> None:
        """Both passed on an empty chain (W10.4): the game advances."""
        if self.phase == "ready":  # W6.2: the draw step (not the first player's first turn)
            if self.turn > 1:
                self.draw(self.active, 1)
            self.phase = "draw"
            self.chain.open_window(self.active)
        elif self.phase == "draw":  # W6.3: the action phase
            self.phase = "action"
            self.chain.open_window(self.active)
        elif self.phase == "action":
            self.phase = "end"  # W6.4
            for inst in self.seats[self.active].in_play():
                self.fire(inst, "turn_end")  # W9.4: as the end phase begins
            self.chain.open_window(self.active)
        elif self.phase == "attack":
            self.phase = "protect" if self.protectors() else "defend"  # W11.4, W11.8
            if self.phase == "defend":
                self.chain.open_window(self.active)
        elif self.phase == "defend":
            self.combat_damage()
            self.phase = "action"
            self.chain.open_window(self.active)
        elif self.phase == "end":
            self.end_step()

    def end_step(self) -> None:
        """W6.4–W6.6: the turn player discards down to seven, this turn's effects expire."""
        if len(self.seats[self.active].hand) > self.max_hand(self.active):
            self.phase = "discard"
            return
        for inst in self.insts:
            inst.atk_bonus = 0
            inst.shield = 0
        self.start_turn()
