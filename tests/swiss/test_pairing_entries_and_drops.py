"""Who is paired: never a dropped player; a late entry from the round they joined."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.swiss import MatchRecord, PairingError, Player, pair_round

from .support import play, results, roster


def seated(pairing_pairs: tuple[tuple[int, int], ...], bye: int | None) -> list[int]:
    return sorted([p for pair in pairing_pairs for p in pair] + ([] if bye is None else [bye]))


def test_it_never_pairs_a_dropped_player() -> None:
    players = roster(6)
    history = [MatchRecord(round=1, a=a, b=a + 1, wins_a=2, wins_b=0) for a in (1, 3, 5)]
    players[1] = Player(id=2, name=players[1].name, dropped=True)
    players[3] = Player(id=4, name=players[3].name, dropped=True)
    pairing = pair_round(players=players, history=history, round_number=2, seed=4)
    assert seated(pairing.pairs, pairing.bye) == [1, 3, 5, 6]


def test_it_gives_the_bye_to_no_dropped_player() -> None:
    players = [*roster(4), Player(id=5, name="quitter", dropped=True)]
    history = [
        MatchRecord(round=1, a=1, b=2, wins_a=2, wins_b=0),
        MatchRecord(round=1, a=3, b=4, wins_a=2, wins_b=0),
    ]
    pairing = pair_round(players=players, history=history, round_number=2, seed=4)
    assert pairing.bye is None
    assert seated(pairing.pairs, pairing.bye) == [1, 2, 3, 4]


def test_it_pairs_a_late_entry_from_their_round_on() -> None:
    players = [*roster(4), Player(id=5, name="late", late_round=2)]
    first = pair_round(players=players, history=[], round_number=1, seed=2)
    assert 5 not in seated(first.pairs, first.bye)
    history = [*play(1, first, [(2, 0, 0)] * 2), MatchRecord.missed(round=1, player=5)]
    second = pair_round(players=players, history=history, round_number=2, seed=2)
    assert seated(second.pairs, second.bye) == [1, 2, 3, 4, 5]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 24), seed=st.integers(0, 10**6), data=st.data())
def test_it_pairs_exactly_the_players_who_can_play(n: int, seed: int, data: st.DataObject) -> None:
    players = {p.id: p for p in roster(n)}
    late_ids = data.draw(st.sets(st.sampled_from(sorted(players)), max_size=n // 3))
    for pid in late_ids:
        players[pid] = Player(id=pid, name=players[pid].name, late_round=data.draw(st.integers(2, 4)))
    history: list[MatchRecord] = []
    for number in range(1, 6):
        # A late entry's missed rounds are the caller's to record, as losses.
        history += [
            MatchRecord.missed(round=missed, player=p.id)
            for p in players.values()
            if p.late_round == number
            for missed in range(1, number)
        ]
        able = sorted(p.id for p in players.values() if p.can_play(number))
        if len(able) < 2:
            break
        try:
            pairing = pair_round(
                players=list(players.values()), history=history, round_number=number, seed=seed
            )
        except PairingError:
            break  # a small field out of opponents: see test_pairing_rematches
        assert seated(pairing.pairs, pairing.bye) == able
        assert (pairing.bye is None) == (len(able) % 2 == 0)
        history += play(
            number,
            pairing,
            data.draw(st.lists(results, min_size=len(pairing.pairs), max_size=len(pairing.pairs))),
        )
        for pid in data.draw(st.sets(st.sampled_from(able), max_size=2)):
            players[pid] = replace(players[pid], dropped=True)
