"""Abilities, targets, costs and playing cards in a Your War match (Y1.5, Y6, Y8).

An ability resolves through its registered handler (``abilities.py``), then destruction and the
end of the game are checked (Y7.9, Y9). Every ``_check_*`` method checks an action whole and
returns the step that carries it out (``core.py`` runs it), so a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.yourwar.abilities import HANDLERS
from engine.games.yourwar.cards import Ability, Card
from engine.games.yourwar.match.board import Board
from engine.games.yourwar.match.state import BASES, DESTROYED, FIELD, SUPPORT, ZONE_NAMES, Inst, refuse

# A card's target kinds when played (Play._play_kinds), keyed by the card object's id.
_PLAY_KINDS: dict[int, tuple[Card, list[str]]] = {}


class Play(Board):
    """The board with abilities, targets, costs, building and playing cards."""

    # --- abilities (Y8) -------------------------------------------------------------------------

    def _amount(self, seat: int, ability: Ability) -> int:
        amount = ability.amount
        if ability.combo and ability.combo in self.seats[seat].played:
            amount += ability.combo_bonus
        return amount

    def _resolve(self, seat: int, source: Inst, ability: Ability, target: Any) -> None:
        """Resolve one ability of ``source`` for ``seat`` on ``target`` (an Inst, a seat, None)
        through its registered handler (abilities.py), then Y7.9 and Y9."""
        HANDLERS[ability.effect](self, seat, source, ability, self._amount(seat, ability), target)
        self._check()

    def _target_options(self, seat: int, kind: str) -> list[Any]:
        """Return the legal targets of a ``kind`` (cards.TARGETS): Insts and seat numbers."""
        mine, theirs = self.seats[seat], self.seats[1 - seat]
        if kind == "unit":
            return [*mine.field, *theirs.field]
        if kind == "enemy_unit":
            return list(theirs.field)
        if kind == "own_unit":
            return list(mine.field)
        if kind == "any":
            return [*mine.field, *theirs.field, 1 - seat, seat]
        if kind == "player":
            return [1 - seat, seat]
        if kind == "enemy_player":
            return [1 - seat]
        if kind == "enemy_support":
            return list(theirs.support)
        return []

    def _chosen_kinds(self, abilities: Sequence[Ability]) -> list[str]:
        """The target kinds an action must choose for (``enemy_player`` is fixed, Y8)."""
        return [
            a.target
            for a in abilities
            if a.target in ("unit", "enemy_unit", "own_unit", "any", "player", "enemy_support")
        ]

    def _read_target(self, seat: int, kinds: list[str], raw: Any) -> Any:
        if not kinds:
            return None
        if raw is None:
            raise refuse(
                "Y8",
                "target_missing",
                f"choose a target ({kinds[0]})",
                index=0,
                effect=kinds[0],
                target_kind=kinds[0],
            )
        if (
            isinstance(raw, dict)
            and set(raw) == {"seat"}
            and raw["seat"] in (0, 1)
            and type(raw["seat"]) is int
        ):
            chosen: Any = raw["seat"]
        elif type(raw) is int and raw in self.by_id:
            chosen = self.by_id[raw]
        else:
            raise refuse(
                "Y8",
                "illegal_target",
                'a target is a card\'s id or {"seat": 0|1}',
                index=0,
                target=str(raw)[:40],
                target_kind=kinds[0],
                card="",
            )
        for kind in kinds:
            if not any(option is chosen for option in self._target_options(seat, kind)):
                raise refuse(
                    "Y8",
                    "illegal_target",
                    f"{raw} is not a legal {kind}",
                    index=0,
                    target=str(raw)[:40],
                    target_kind=kind,
                    card="",
                )
        return chosen

    # --- costs (Y6.2) ---------------------------------------------------------------------------

    def _payment(self, seat: int, country: str | None, own: int, anyn: int, pay: Any) -> list[Inst] | None:
        """Return the bases that pay (own country first, then ``pay`` or the default), or None."""
        free = [b for b in self.seats[seat].bases if not b.used]
        own_bases = [b for b in free if country is not None and b.card.country == country]
        if len(own_bases) < own:
            return None
        chosen = own_bases[:own]
        rest = [b for b in free if b not in chosen]
        if pay is None:
            by: dict[str, list[Inst]] = {}
            for b in rest:
                by.setdefault(b.card.country or "", []).append(b)
            # Y6.2 default: other countries before the card's own, the most available first.
            order = sorted(by, key=lambda c: (c == (country or ""), -len(by[c]), c))
            pool = [b for c in order for b in by[c]]
            if len(pool) < anyn:
                return None
            return chosen + pool[:anyn]
        if not isinstance(pay, dict) or not all(
            isinstance(k, str) and type(v) is int and v >= 0 for k, v in pay.items()
        ):
            raise refuse("Y6.2", "bad_payment", 'pay is {"country": bases, ...} for the "any" part')
        if sum(pay.values()) != anyn:
            raise refuse(
                "Y6.2", "bad_payment", f"pay names {sum(pay.values())} bases; the any part is {anyn}"
            )
        for name, count in pay.items():
            key = None if name == "" else name
            got = [b for b in rest if b.card.country == key][:count]
            if len(got) < count:
                raise refuse(
                    "Y6.2", "bad_payment", f"you have {len(got)} available bases of {name or 'no country'}"
                )
            chosen += got
        return chosen

    def _pay(self, seat: int, card: Card, pay: Any, *, use_cost: int | None = None) -> list[Inst]:
        if use_cost is None:
            own, anyn = card.cost_country, card.cost_any
        else:
            own, anyn = 0, use_cost
        bases = self._payment(seat, card.country, own, anyn, pay)
        if bases is None:
            free = sum(1 for b in self.seats[seat].bases if not b.used)
            raise refuse(
                "Y6.2",
                "cannot_pay",
                f"{card.name} costs {own + anyn} bases ({own} of its country); you have {free} available",
                card=card.name,
                cost=own + anyn,
                available=free,
            )
        return bases

    # building and playing (Y6)

    def _from_hand(self, seat: int, action: dict[str, Any]) -> Inst:
        name = action.get("card")
        if not isinstance(name, str) or not name:
            raise refuse("Y5.1", "card_name_missing", "the action needs the card's name")
        card = self.catalog.get(name)
        for inst in self.seats[seat].hand:
            if card is not None and inst.card is card:
                return inst
        raise refuse("Y3.1", "not_in_hand", f"«{name[:60]}» is not in your hand", card=name[:60])

    def _check_build(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._from_hand(seat, action)
        if inst.card.type != "base":
            raise refuse("Y6.1", "not_a_base", f"{inst.name} is not a «Военная База»", card=inst.name)
        side = self.seats[seat]
        if side.builds < 1:
            raise refuse("Y6.1", "base_built", "you have built your base this turn")

        def step() -> None:
            side.builds -= 1
            self._move(inst, BASES)
            self._emit({"type": "build", "seat": seat, "card": inst.name, "id": inst.id})

        return step

    def _check_play(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._from_hand(seat, action)
        card = inst.card
        if card.type == "base":
            raise refuse("Y6.1", "not_a_base", f"a base is built, not played: {inst.name}", card=inst.name)
        if self.phase == "intervene" and card.type == "unit":
            raise refuse(
                "Y7.5",
                "not_while_intervening",
                "while intervening you play no units or bases",
                card=inst.name,
            )
        abilities = [a for _, a in inst.abilities("play")]
        target = self._read_target(seat, self._chosen_kinds(abilities), action.get("target"))
        if target is None and any(a.target == "enemy_player" for a in abilities):
            target = 1 - seat
        bases = self._pay(seat, card, action.get("pay"))

        def step() -> None:
            side = self.seats[seat]
            for base in bases:
                base.used = True
            stays = card.type in ("unit", "medal") or (card.type == "support" and card.permanent)
            zone = FIELD if card.type == "unit" else SUPPORT if stays else DESTROYED
            self._move(inst, zone)
            if card.type == "unit":
                inst.sick = True  # Y5.2
            self._emit(
                {
                    "type": "play",
                    "seat": seat,
                    "card": inst.name,
                    "id": inst.id,
                    "zone": ZONE_NAMES[zone],
                    "paid": len(bases),
                }
            )
            self._check()
            for ability in abilities:  # Y6.4: one-shots do their effect at once
                self._resolve(seat, inst, ability, target)
            side.played.add(card.type)
            side.played.add(card.name)

        return step

    def _check_use(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._own_card(seat, action.get("card"), (FIELD, SUPPORT, DESTROYED))
        trigger = "from_destroyed" if inst.zone == DESTROYED else "use"
        options = inst.abilities(trigger)
        index = action.get("ability")
        if index is None and options:
            index = options[0][0]
        if type(index) is not int:
            raise refuse(
                "Y1.5", "no_property", f"{inst.name}: ability is the index of the property", card=inst.name
            )
        found = [a for i, a in options if i == index]
        if not found:
            raise refuse("Y1.5", "no_property", f"{inst.name} has no such property here", card=inst.name)
        ability = found[0]
        if ability.use_icon and inst.icon_used:
            raise refuse(
                "Y6.5", "property_used", f"{inst.name}'s property is used once per turn", card=inst.name
            )
        target = self._read_target(seat, self._chosen_kinds([ability]), action.get("target"))
        if target is None and ability.target == "enemy_player":
            target = 1 - seat
        bases = self._pay(seat, inst.card, action.get("pay"), use_cost=ability.cost)

        def step() -> None:
            for base in bases:
                base.used = True
            if ability.use_icon:
                inst.icon_used = True
            self._emit({"type": "use", "seat": seat, "card": inst.name, "id": inst.id, "paid": len(bases)})
            self._resolve(seat, inst, ability, target)

        return step

    def _own_card(self, seat: int, raw: Any, zones: tuple[int, ...]) -> Inst:
        if type(raw) is not int or raw not in self.by_id:
            raise refuse(
                "Y3.1", "no_such_card", f"no card of yours with id {str(raw)[:20]}", id=str(raw)[:20]
            )
        inst = self.by_id[raw]
        if inst.owner != seat or inst.zone not in zones:
            raise refuse("Y3.1", "no_such_card", f"no card of yours with id {raw} there", id=raw)
        return inst

    # combat (Y7)

    def _play_kinds(self, card: Card) -> list[str]:
        """The target kinds playing ``card`` must choose (Y8); kept per card (do not change it)."""
        cached = _PLAY_KINDS.get(id(card))
        if cached is None or cached[0] is not card:
            abilities = [a for a in card.abilities if a.trigger == "play"]
            cached = _PLAY_KINDS[id(card)] = (card, self._chosen_kinds(abilities))
        return cached[1]

    def _targets(self, seat: int, kinds: list[str]) -> list[dict[str, Any]]:
        if not kinds:
            return [{}]
        out: list[dict[str, Any]] = []
        for option in self._target_options(seat, kinds[0]):
            if all(any(o is option for o in self._target_options(seat, k)) for k in kinds[1:]):
                out.append({"target": option.id if isinstance(option, Inst) else {"seat": option}})
        return out
