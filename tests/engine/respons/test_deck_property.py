"""The RESPONSE validator is total: it answers for any decklist whatsoever."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from respons_builders import legal_deck, world

from engine.decklist import Decklist, parse_decklist
from engine.games.respons.deck import VIOLATION_CODES, validate_deck, validate_swap
from engine.problems import DeckParseError, Violation

CARDS = world()
KNOWN_NAMES = sorted({name for card in CARDS for name in (card.name, *card.aliases)})

PROPERTY = settings(
    max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)

names = st.one_of(
    st.sampled_from(KNOWN_NAMES),
    st.sampled_from(KNOWN_NAMES).map(str.upper),
    st.text(max_size=40),
    st.text(alphabet="ёЁеЕ xX×2 \t", max_size=10),
)
counts = st.one_of(st.integers(min_value=-3, max_value=5), st.integers(min_value=-(10**12), max_value=10**12))
junk: st.SearchStrategy[Any] = st.one_of(st.none(), st.integers(), st.floats(), st.booleans(), st.binary())
count_zone = st.one_of(
    st.dictionaries(names, counts, max_size=25),
    st.dictionaries(st.one_of(names, junk), st.one_of(counts, junk), max_size=5),
    junk,
)
ordered_zone = st.one_of(
    st.lists(names, max_size=8).map(tuple),
    st.lists(st.one_of(names, junk), max_size=8),
    junk,
)
decklists = st.builds(
    lambda hero, orders, main, side, extra: Decklist(
        game="respons", zones={"hero": hero, "orders": orders, "main": main, "side": side, **extra}
    ),
    st.one_of(names, junk),
    ordered_zone,
    count_zone,
    count_zone,
    st.dictionaries(st.text(max_size=5), junk, max_size=2),
)


def assert_answer(violations: list[Violation]) -> None:
    assert isinstance(violations, list)
    for violation in violations:
        assert violation.code in VIOLATION_CODES
        assert isinstance(violation.message, str) and violation.message
        assert violation.card is None or isinstance(violation.card, str)


@PROPERTY
@given(decklists, st.integers(min_value=-5, max_value=20))
def test_it_never_raises_on_any_decklist(decklist: Decklist, side_max: int) -> None:
    assert_answer(validate_deck(decklist, CARDS, side_max=side_max))


@PROPERTY
@given(decklists)
def test_it_gives_the_same_answer_twice(decklist: Decklist) -> None:
    assert validate_deck(decklist, CARDS) == validate_deck(decklist, CARDS)


@PROPERTY
@given(decklists, decklists)
def test_it_never_raises_on_any_swap(before: Decklist, after: Decklist) -> None:
    assert_answer(validate_swap(before, after, CARDS))


@PROPERTY
@given(st.permutations(legal_deck().ordered("orders")))
def test_it_accepts_the_orders_in_any_order(orders: list[str]) -> None:
    deck = Decklist(game="respons", zones={**legal_deck().zones, "orders": tuple(orders)})
    assert validate_deck(deck, CARDS) == []
    assert validate_swap(legal_deck(), deck, CARDS) == []


@PROPERTY
@given(st.text(max_size=300))
def test_it_reads_any_text_or_says_which_line_is_wrong(text: str) -> None:
    try:
        decklist = parse_decklist(text)
    except DeckParseError as error:
        assert error.problems
        assert "\n" not in error.one_line()
    else:
        assert_answer(validate_deck(decklist, CARDS))


@PROPERTY
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Hero:", "Orders:", "Main:", "Side:", "Герой:", "Колода:", "", "# note"]),
            st.lists(st.tuples(st.integers(min_value=0, max_value=120), names), max_size=4),
        ),
        max_size=6,
    )
)
def test_it_reads_pasted_sections_or_names_the_line(
    sections: list[tuple[str, list[tuple[int, str]]]],
) -> None:
    text = "\n".join(
        line for header, lines in sections for line in (header, *(f"{n} {name}" for n, name in lines))
    )
    try:
        decklist = parse_decklist(text)
    except DeckParseError as error:
        assert all(problem.where.startswith("line ") for problem in error.problems)
    else:
        assert_answer(validate_deck(decklist, CARDS))
