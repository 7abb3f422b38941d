"""What one decklist may cost to read and check: anyone may post one (point 8). Past
the bounds a list is refused whole and at once; within them, the report is bounded too."""

import json

import pytest

from engine.decklist import MAX_ENTRIES, MAX_LINES, MAX_PROBLEMS, parse_decklist
from engine.games.respons.starter import load_core_catalog
from engine.names import SUGGESTIONS_PER_DECK
from engine.problems import DeckParseError
from engine.registry import bundled_decklists, get_game


def refusal(source, **kwargs) -> DeckParseError:
    with pytest.raises(DeckParseError) as refused:
        parse_decklist(source, **kwargs)
    return refused.value


def test_it_refuses_a_text_list_longer_than_any_deck_in_one_problem():
    text = "Hero: Commander Vesta\nMain:\n" + "1 Iron Sentinl\n" * MAX_LINES
    error = refusal(text)
    assert [str(p) for p in error.problems] == [
        f"the list has {MAX_LINES + 2} lines; a decklist has at most {MAX_LINES}"
    ]


def test_it_counts_every_kind_of_line_break():
    error = refusal("Main:\r" + "1 Iron Sentinel\r" * MAX_LINES)
    assert "lines; a decklist has at most" in error.one_line()


def test_it_refuses_a_json_list_naming_more_cards_than_any_deck_in_one_problem():
    deck = {"game": "respons", "main": {f"Card {i}": 1 for i in range(MAX_ENTRIES)}, "orders": ["A"]}
    error = refusal(json.dumps(deck))
    assert [str(p) for p in error.problems] == [
        f"the list names {MAX_ENTRIES + 1} cards; a decklist names at most {MAX_ENTRIES}"
    ]


def test_it_lists_the_first_problems_and_counts_the_rest():
    text = "Main:\n" + "0 Iron Sentinel\n" * (MAX_PROBLEMS + 30)
    error = refusal(text)
    assert len(error.problems) == MAX_PROBLEMS
    assert error.one_line().endswith(f"(and {MAX_PROBLEMS + 29} more problems)")


def test_it_quotes_at_most_a_short_piece_of_a_long_line():
    error = refusal("Main:\n0 " + "Iron Sentinel " * 10_000)
    assert len(str(error.problems[0])) < 200


def test_it_does_not_echo_a_long_unknown_game_name():
    error = refusal({"game": "g" * 100_000})
    assert len(error.one_line()) < 300


@pytest.mark.parametrize("game", ["respons", "wow"])
def test_it_says_did_you_mean_for_the_first_unknown_names_of_a_deck_only(game):
    rules = get_game(game)
    path = bundled_decklists(game)[0]
    deck = json.loads(path.read_text()) if path.suffix == ".json" else None
    if game == "respons":
        catalog = load_core_catalog()
        names = [card.name for card in catalog]
    else:
        from engine.cardset import load_card_set, merge_card_sets
        from engine.registry import bundled_card_sets

        catalog = merge_card_sets([load_card_set(p) for p in bundled_card_sets(game)])[1]
        names = [card.name for card in catalog]
    misspelt = {name[:-1] + "#": 1 for name in names[: SUGGESTIONS_PER_DECK + 10]}
    deck = {**(deck or {"game": game}), "main": misspelt}
    violations = rules.validate_deck(parse_decklist(deck), catalog, options={})
    unknown = [v for v in violations if v.code == "unknown_card"]
    assert len(unknown) >= SUGGESTIONS_PER_DECK + 10
    hinted = [v for v in unknown if v.params.get("suggestions")]
    assert 0 < len(hinted) <= SUGGESTIONS_PER_DECK
    assert all("did you mean" not in v.message for v in unknown[SUGGESTIONS_PER_DECK:])


def test_it_refuses_json_text_nested_past_any_decklist_in_one_problem():
    for levels in (100, 100_000):
        error = refusal('{"main": ' + "[" * levels + "]" * levels + "}")
        assert [str(p) for p in error.problems] == ["nested deeper than 64 levels"]
