"""The turn of a Your War match (Y4.3, Y5): the opening hands, a turn's start (untap, draw,
start-of-turn abilities), the end of a phase into combat or the next turn, the discard down to
the hand limit.
"""

from __future__ import annotations

from typing import Any

from engine.games.yourwar.match.combat import Combat
from engine.games.yourwar.match.state import DECK, DESTROYED, FIELD, HAND_LIMIT, OPENING_HAND, SUPPORT, refuse


class Flow(Combat):
    """The turn's phases over combat and playing cards."""

    # opening (Y4.3)

    def _check_keep(self, seat: int, action: dict[str, Any]) -> Any:
        def step() -> None:
            self.seats[seat].kept = True
            self._emit({"type": "keep", "seat": seat, "hand": len(self.seats[seat].hand)})
            if self.opening_seat == self.first:
                self.opening_seat = 1 - self.first
            else:
                self._start_turn(self.first)

        return step

    def _check_redeal(self, seat: int, action: dict[str, Any]) -> Any:
        side = self.seats[seat]
        deal = OPENING_HAND - side.redeals  # Y4.3 [decision]: redeal n deals 8 − n cards
        if deal < 1:
            raise refuse("Y4.3", "no_redeal", "another redeal would deal no card", deals=deal)

        def step() -> None:
            for inst in side.hand:
                inst.zone = DECK
            side.deck.extend(side.hand)
            side.hand.clear()
            self.rng.shuffle(side.deck)
            side.redeals += 1
            self._emit({"type": "redeal", "seat": seat, "redeals": side.redeals})
            self._draw(seat, deal, lose=False)

        return step

    # turn flow (Y5)

    def _start_turn(self, seat: int) -> None:
        self.turn += 1
        if self.turn > self.turn_limit:  # Y10.1: the event's cap
            self._end(None, "turn_limit")
        self.active = seat
        self.phase = "initial"
        side = self.seats[seat]
        for inst in (*side.field, *side.bases, *side.support):  # Y5.1: untap
            inst.used = False
            inst.sick = False
            inst.icon_used = False
        for inst in side.destroyed:
            inst.icon_used = False
        side.builds = 1
        side.played = set()
        self._emit({"type": "turn", "turn": self.turn, "seat": seat})
        if not (self.turn == 1 and seat == self.first):  # Y5.1: the first player skips the first draw
            self._draw(seat, 1)
        for inst in sorted((*side.field, *side.support), key=lambda i: i.entered):
            for _, ability in inst.abilities("start_of_turn"):
                if inst.zone in (FIELD, SUPPORT):
                    self._resolve(seat, inst, ability, None)

    def _check_end(self, seat: int, action: dict[str, Any]) -> Any:
        def step() -> None:
            if self.phase == "initial" and any(u.attacking for u in self.seats[seat].field):
                self.blocks = {}
                self.phase = "block"  # Y5.3 → Y7
                self._emit(
                    {
                        "type": "combat",
                        "seat": seat,
                        "attackers": [u.id for u in self.seats[seat].field if u.attacking],
                    }
                )
                return
            self._end_turn()

        return step

    def _end_turn(self) -> None:
        seat = self.active
        if len(self.seats[seat].hand) > HAND_LIMIT:  # Y5.6
            self.phase = "discard"
            return
        for side in self.seats:  # Y7.9: damage and until-end-of-turn bonuses wear off
            for inst in side.field:
                inst.damage = 0
                inst.attack_bonus = 0
                inst.defense_bonus = 0
        self._check()
        self._start_turn(1 - seat)

    def _check_discard(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._from_hand(seat, action)

        def step() -> None:
            self._move(inst, DESTROYED)
            self._emit({"type": "discard", "seat": seat, "card": inst.name})
            self._end_turn()

        return step
