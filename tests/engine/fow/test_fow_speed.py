"""What the faster Force of Will engine must still say exactly as before: the
will check without choosing stones, the cards' derived fields, and the priority listing that
skips candidates on cheap checks before asking :func:`problem`."""

from __future__ import annotations

import itertools
import random
from typing import Any

from engine.cardset import load_card_set, load_catalog
from engine.catalog import Catalog
from engine.decklist import load_decklist
from engine.games.fow import SAMPLE_SET
from engine.games.fow.bots import RandomBot
from engine.games.fow.cards import ATTRIBUTES, Ability, Card
from engine.games.fow.match import Match, new_match
from engine.games.fow.match.actions import legal_actions, problem
from engine.games.fow.match.effects import target_options
from engine.games.fow.match.state import HAND, Decision, Inst
from engine.games.fow.match.will import can_pay_from, pay_from, stone_order
from engine.registry import bundled_card_sets, bundled_decklists
from tests.support.sizes import sized

CATALOG: Catalog[Card] = Catalog(load_card_set(SAMPLE_SET).cards)


def stone(ident: int, *produces: str) -> Inst:
    inst = Inst(Card(f"Stone {ident}", "magic_stone", produces=produces), 0, HAND)
    inst.id = ident
    inst.pay_order = (len(produces), ident)  # F7.6: as Match.mint sets it
    return inst


def test_it_says_a_cost_can_be_paid_exactly_when_the_greedy_payment_pays_it() -> None:
    """F7.1, F7.6: ``can_pay_from`` (any order, no stones chosen) agrees with ``pay_from`` on
    every small pool of one- and two-attribute stones and every small cost."""
    kinds = [("fire",), ("water",), ("fire", "water"), ("wind",)]
    costs = [
        tuple(
            (symbol, count) for symbol, count in zip(("fire", "water", "any"), counts, strict=True) if count
        )
        for counts in itertools.product(range(3), range(3), range(4))
    ]
    rng = random.Random(22)
    checked = 0
    for size in range(5):
        for pool in itertools.combinations_with_replacement(range(len(kinds)), size):
            ready = [stone(k, *kinds[kind]) for k, kind in enumerate(pool)]
            shuffled = rng.sample(ready, len(ready))
            for cost in costs:
                expected = pay_from(sorted(ready, key=stone_order), cost) is not None
                assert can_pay_from(shuffled, cost) == expected, (pool, cost)
                checked += 1
    assert checked > 1000


def test_a_card_keeps_its_activated_abilities_and_its_quickcast() -> None:
    """F8.2, F11: the indexes of the ``activate`` abilities on each side, and [Quickcast]."""
    seen_activated = seen_quick = False
    for card in CATALOG:
        assert card.activated == tuple(i for i, a in enumerate(card.abilities) if a.when == "activate")
        assert card.j_activated == tuple(i for i, a in enumerate(card.j_abilities) if a.when == "activate")
        assert card.fast == ("quickcast" in card.keywords) == card.quickcast
        seen_activated = seen_activated or bool(card.activated)
        seen_quick = seen_quick or card.fast
    assert seen_activated and seen_quick


def every_candidate(match: Match, pending: Decision) -> list[dict[str, Any]]:
    """Every action of the priority vocabulary, in the listing's order, kept when
    :func:`problem` has nothing against it (the slow way: no shortcut)."""
    seat = pending.seat
    side = match.seats[seat]
    out: list[dict[str, Any]] = []
    for inst in side.hand:
        ability = None
        if inst.card.equip is not None:  # F10.2: an equip names an ally resonator
            ability = Ability("play", "pump", "ally_resonator")
        elif inst.card.type == "chant":
            ability = next((a for a in inst.card.abilities if a.chosen), None)
        options = target_options(match, seat, inst, ability) if ability is not None else [{}]
        out += [{"type": "play", "card": inst.id, **chosen} for chosen in options]
    for inst in side.field:
        for index, ability in enumerate(match.abilities(inst)):
            if ability.when == "activate":
                for chosen in target_options(match, seat, inst, ability):
                    out.append({"type": "activate", "card": inst.id, "ability": index, **chosen})
    out += [{"type": "call"}, {"type": "judgment"}]
    for inst in side.field:
        for target in match.attack_targets(inst):
            chosen = {"player": 1 - seat} if target is None else {"target": target}
            out.append({"type": "attack", "card": inst.id, **chosen})
    for inst in side.field:  # F8.2: will abilities
        for attribute in ATTRIBUTES:
            out.append({"type": "will", "card": inst.id, "attribute": attribute})
    return [action for action in out if problem(match, pending, seat, action) is None] + [{"type": "pass"}]


def test_the_priority_listing_is_every_action_problem_allows() -> None:
    """F8.2, F8.3: at every priority of a few hundred random games, the listing (cheap checks
    first) is exactly the candidates :func:`problem` allows, in order, then ``pass``."""
    rules, catalog = load_catalog(bundled_card_sets("fow"))
    decks = [load_decklist(path, game="fow") for path in bundled_decklists("fow")]
    decks = [deck for deck in decks if not rules.validate_deck(deck, catalog)]
    rng = random.Random(2026)
    priorities = chosen_targets = 0
    games = sized(150, quick=30)  # tests/support/sizes.py
    for game in range(games):
        match = new_match(catalog, (rng.choice(decks), rng.choice(decks)), seed=game)
        bots = (RandomBot(game), RandomBot(game + 1))
        while not match.is_over:
            decision = match.decision()
            assert decision is not None
            if decision.kind == "priority":
                listed = legal_actions(match, decision)
                assert listed == every_candidate(match, decision)
                priorities += 1
                chosen_targets += sum(1 for a in listed if {"target", "player", "item"} & set(a))
            match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
    assert priorities > 5000 * games // 150 and chosen_targets > 500 * games // 150
