"""Time and what happens on the board: triggered abilities (C6.7), shadows' flip offers
(C10.4), a permanent entering (C10.1–C10.3), time moving and the epoch changing (C8), meditation
(C6.3) and the attack landing (C9.3).
"""

from __future__ import annotations

from engine.games.chronomagia.match.resources import Resources
from engine.games.chronomagia.match.state import (
    FIELD,
    GRAVEYARD,
    LAST_CENTURY,
    TIME_MOVES_PER_TURN,
    Inst,
    Work,
)

ENTERING = ("summon", "manifest")  # C10.1: what a permanent entering triggers


class Epochs(Resources):
    """The board and its resources, with time and the triggers it sets off."""

    # --- triggers (C6.7) -----------------------------------------------------------------

    def trigger(self, words: tuple[str, ...], seat: int | None = None) -> None:
        """Queue the abilities that ``words`` trigger, one batch (C6.7): the turn player's
        first, each player's in the order they choose; ``seat``: that seat's cards only."""
        works: list[Work] = []
        epoch = self.epoch
        for owner in (self.active, 1 - self.active):
            if seat is not None and owner != seat:
                continue
            for inst in self.seats[owner].field:
                if inst.face_down:
                    continue
                row = inst.card.rows[(inst.own_epoch or epoch) - 1]
                if row is None or row.whens.isdisjoint(words):  # most rows: nothing to look at
                    continue
                for ability in row.abilities:
                    if ability.when in words:
                        works.append(Work("effect", owner, inst, ability, row))
        self.triggered(works)

    def offer_flips(self, words: tuple[str, ...], seat: int | None) -> None:
        """C10.4: each face-down shadow whose event is one of ``words`` offers its owner a flip."""
        for owner in (self.active, 1 - self.active):
            if seat is not None and owner != seat:
                continue
            for inst in self.seats[owner].field:
                # C10.4 [decision]: every face-down shadow is asked, its event or not, so that
                # being asked tells the opponent nothing of it (C4.4); only its event's may flip.
                if inst.face_down:
                    may = inst.card.shadow_event in words and inst.card.row(self.epoch) is not None
                    offered = next((w for w in self.waiting() if w.kind == "flip" and w.source is inst), None)
                    if offered is None:
                        self.queued(Work("flip", owner, inst, may_flip=may))
                    elif may:
                        offered.may_flip = True

    def enter(self, inst: Inst, seat: int) -> None:
        """A thoughtform, terrain or phenomenon enters (C10.1–C10.3): «Призыв» and «Явление»."""
        self.to_field(inst, seat)
        self.emit({"type": "enters", "seat": seat, "id": inst.id, "card": inst.name})
        row = self.row(inst)
        if row is not None and not row.whens.isdisjoint(ENTERING):
            self.triggered([Work("effect", seat, inst, a, row) for a in row.abilities if a.when in ENTERING])

    # --- time (C8) -----------------------------------------------------------------------

    def move_time(self, seat: int, delta: int) -> None:
        """Move time by an effect or the Time resource (C7.3, C8.2, C8.3, C8.6)."""
        if self.time_moves >= TIME_MOVES_PER_TURN:
            self.emit({"type": "time_frozen", "limit": TIME_MOVES_PER_TURN})  # C8.6
            return
        new = min(LAST_CENTURY, max(1, self.century + delta))
        if new == self.century:
            return  # C8.3: no move, no trigger
        self.time_moves += 1
        old_epoch = self.epoch
        forward = new > self.century
        self.century = new
        self.emit(
            {
                "type": "time",
                "seat": seat,
                "century": new,
                "epoch": self.epoch,
                "moved": "forward" if forward else "back",
            }
        )
        words = ("time_moves", "time_forward" if forward else "time_back")
        self.trigger(words)
        self.offer_flips(words, None)
        if self.epoch != old_epoch:
            self.epoch_change(None)

    def epoch_change(self, only: Inst | None) -> None:
        """C8.4: check the permanents against their (new) epoch: absent cards go, thoughtforms
        without a resource window turn into spells, the others manifest. ``only``: one shifted
        permanent (C8.5); else all that follow the global epoch."""
        if only is None:
            self.emit({"type": "epoch", "epoch": self.epoch})
            self.offer_flips(("epoch_change",), None)
        order = (self.active, 1 - self.active)
        self.gathering = []  # C8.4 [decision]: every permanent's triggers are one batch
        for seat in order:
            for inst in list(self.seats[seat].field):
                if inst.face_down or inst.zone != FIELD:
                    continue
                if only is not None and inst is not only:
                    continue
                if only is None and inst.own_epoch is not None:
                    continue
                row = self.row(inst)
                if row is None:
                    self.leave(inst, GRAVEYARD)  # C1.4: no effect
                elif inst.card.kind == "thoughtform" and row.resources is None:
                    self.leave(inst, GRAVEYARD, dies=True)  # C8.4: «живое заклинание»
                    self.triggered(
                        [Work("effect", seat, inst, a, row) for a in row.abilities if a.when == "spell"]
                    )
                elif "manifest" in row.whens:
                    self.triggered(
                        [Work("effect", seat, inst, a, row) for a in row.abilities if a.when == "manifest"]
                    )
        self.flush()

    # --- meditation and the attack (C6.3, C9.3) ------------------------------------------

    def can_meditate(self, seat: int) -> bool:
        """C6.3: not on the game's first turn; 1 concentration in the pool; a hero-deck card."""
        side = self.seats[seat]
        return self.turn > 1 and bool(side.pool) and bool(side.hero_deck)

    def strike(self, opponent: int, terrain: int, *, collected: bool) -> None:
        """C9.3: the attack lands: ``opponent`` to the player (armor first), ``terrain`` to their
        terrain; then the next step. ``collected``: the attacker collected its Attack and Damage
        (an ``attack`` action), and with them its self-damage, which it loses (C7.7); a ``pass``
        collects nothing and loses nothing."""
        seat = self.active
        other = 1 - seat
        self_damage = self.amounts(seat).get("self_damage", 0) if collected else 0  # C7.7
        if opponent or terrain:
            self.emit({"type": "attack", "seat": seat, "opponent": opponent, "terrain": terrain})
        if terrain:
            target = self.controlled(other, "terrain")
            if target is not None:
                self.wound_terrain(target, terrain)
        if opponent:
            self.hurt(other, opponent)
        if self_damage:
            self.hurt(seat, self_damage, armor=False)
        self.step = "end"
        self.check_life()
        if opponent or terrain:
            self.offer_flips(("attacked",), other)
