"""The state-machine surface: typed requests, legal actions, refusals that change nothing."""

import json
import random

import pytest
from match_builders import at, random_game, scripted, starter

from engine.games.respons.match import IllegalAction, Match, describe_action, replay


def _snapshot(match: Match) -> tuple:  # type: ignore[type-arg]
    return (
        json.dumps(match.judge_view(), sort_keys=True),
        match.rng.getstate(),
        match.seq,
        list(match.actions),
        match.decision(),
    )


def test_it_asks_for_a_typed_decision_with_a_sequence_number() -> None:
    match = scripted(keep=False)
    decision = match.decision()
    assert (decision.kind, decision.seat, decision.seq) == ("mulligan", 0, 0)
    assert match.decision_for(1).kind == "wait" and match.decision_for(0) is decision
    match.apply(0, {"type": "keep"})
    assert match.decision().seq == 1 and match.seq == 1


def test_it_refuses_an_action_with_a_stale_sequence_number_and_applies_the_right_one_once() -> None:
    match = scripted()
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, {"type": "pass"}, seq=1)
    assert refused.value.rule == "R10.4"
    match.apply(0, {"type": "pass"}, seq=2)
    with pytest.raises(IllegalAction):
        match.apply(0, {"type": "pass"}, seq=2)  # a retried submission
    assert match.seq == 3


def test_it_refuses_an_illegal_action_and_changes_nothing() -> None:
    match = scripted()
    match.apply(0, {"type": "play", "card": "Soldier", "cell": at(1, 1)})
    before = _snapshot(match)
    refused = [
        (0, {"type": "pass"}),  # not seat 0's decision
        (1, {"type": "play", "card": "Soldier", "cell": at(6, 1)}),  # no such cell
        (1, {"type": "play", "card": "Order 1", "cell": at(1, 1)}),  # not in hand
        (1, {"type": "activate", "cell": at(1, 1)}),  # no card there
        (1, {"type": "mulligan", "cards": []}),  # not now
        (1, {"type": "choose", "cell": at(1, 1)}),
        (1, {"type": "dance"}),
        (1, {"kind": "pass"}),
        (1, "pass"),
        (2, {"type": "pass"}),
    ]
    for seat, action in refused:
        with pytest.raises(IllegalAction):
            match.apply(seat, action)  # type: ignore[arg-type]
        assert _snapshot(match) == before
    assert match.legal_actions(1)[0] == {"type": "pass"}


def test_it_names_the_rule_a_refused_action_breaks() -> None:
    match = scripted()
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, {"type": "play", "card": "Soldier", "cell": at(1, 9)})
    assert refused.value.rule == "R3.2" and str(refused.value).startswith("R3.2: ")
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, "nonsense")  # type: ignore[arg-type]
    assert refused.value.rule == "R10.3"


def test_it_lists_legal_actions_that_are_json_and_each_appliable_as_is() -> None:
    cards, _ = starter()
    game = random_game(13)
    log = game.to_log(["CORE"])
    rng = random.Random(0)
    for upto in sorted(rng.sample(range(len(log["actions"])), 6)):
        match = replay(log, cards, upto=upto)
        seat = match.decision().seat
        actions = match.legal_actions(seat)
        assert json.loads(json.dumps(actions)) == actions
        assert match.legal_actions(1 - seat) == [{"type": "concede"}]
        for action in actions:
            copy = replay(log, cards, upto=upto)
            copy.apply(seat, json.loads(json.dumps(action)))  # never raises


def test_it_counts_applied_actions_in_seq() -> None:
    match = random_game(4)
    assert match.seq == len(match.actions) == len(match.to_log([])["actions"])


def test_it_describes_every_kind_of_action_in_words() -> None:
    examples = {
        "keep the opening hand": {"type": "keep"},
        "mulligan 2 cards: A, B": {"type": "mulligan", "cards": ["A", "B"]},
        "pass": {"type": "pass"},
        "play Soldier to line 2 row 1": {"type": "play", "card": "Soldier", "cell": {"line": 2, "row": 1}},
        "play Bolt, targeting seat 1's card at line 3 row 2": {
            "type": "play",
            "card": "Bolt",
            "targets": [{"seat": 1, "line": 3, "row": 2}],
        },
        "use the action of the card at line 1 row 3": {"type": "activate", "cell": {"line": 1, "row": 3}},
        "use the action of the location": {"type": "activate", "zone": "location"},
        "choose line 4 row 1": {"type": "choose", "cell": {"line": 4, "row": 1}},
        "choose seat 0's card at line 1 row 1": {
            "type": "choose",
            "targets": [{"seat": 0, "line": 1, "row": 1}],
        },
        "concede the game": {"type": "concede"},
        "run out of time": {"type": "timeout"},
    }
    for text, action in examples.items():
        assert describe_action(action) == text
    assert all(describe_action(a) for a in random_game(2).actions)


def test_it_takes_a_concede_at_any_moment_whatever_decision_number_it_carries() -> None:
    match = scripted()
    match.apply(1, {"type": "concede"}, seq=0)  # R9.3: a concede answers no decision
    assert match.is_over and match.result.reason == "concede" and match.winner == 0


def test_it_declares_every_action_type_its_bots_and_legal_actions_use_as_a_players() -> None:
    from engine.games.respons import RULES

    sent = {entry["type"] for seed in range(5) for entry in random_game(seed).actions}
    listed = {a["type"] for a in scripted().legal_actions(0)}
    assert sent | listed <= set(RULES.action_types)
    assert "timeout" not in RULES.action_types  # R9.4: the site's alone
