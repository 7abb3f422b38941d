"""The copy limit across a team's decks (constructed team formats): each card over it, as a deck violation."""

from tournaments.structures import TeamDeck, team_copy_problems

BASICS = {"Island", "Forest"}


def four_copies(card: str) -> int | None:
    """A game's copy limit as the engine will give it: 4, basic lands unlimited."""
    return None if card in BASICS else 4


def test_it_reports_each_card_over_the_limit_across_the_team() -> None:
    decks = [
        TeamDeck(member=11, cards={"Lightning Bolt": 3, "Island": 20, "Opt": 4}),
        TeamDeck(member=12, cards={"Lightning Bolt": 2, "Island": 18}),
        TeamDeck(member=13, cards={"Counterspell": 4, "Opt": 1, "Forest": 40}),
    ]
    problems = team_copy_problems(decks=decks, limit_of=four_copies)
    assert [(p.code, p.card, dict(p.params)) for p in problems] == [
        (
            "team_copy_limit",
            "Lightning Bolt",
            {"card": "Lightning Bolt", "copies": 5, "limit": 4, "members": (11, 12)},
        ),
        ("team_copy_limit", "Opt", {"card": "Opt", "copies": 5, "limit": 4, "members": (11, 13)}),
    ]
    assert problems[0].as_dict() == {
        "code": "team_copy_limit",
        "card": "Lightning Bolt",
        "message": "5 copies of Lightning Bolt across the team's decks: at most 4",
    }


def test_a_team_within_the_limit_has_no_problem() -> None:
    decks = [
        TeamDeck(member=11, cards={"Lightning Bolt": 2, "Island": 20}),
        TeamDeck(member=12, cards={"Lightning Bolt": 2, "Island": 20}),
    ]
    assert team_copy_problems(decks=decks, limit_of=four_copies) == []
    assert team_copy_problems(decks=[], limit_of=four_copies) == []
