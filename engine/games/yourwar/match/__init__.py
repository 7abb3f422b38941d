"""The Your War match engine: a deterministic, replayable state machine (rules digest Y3–Y11).

::

    from engine.games.yourwar.match.core import new_match
    match = new_match(catalog, (deck_a, deck_b), seed=7)
    match.decision(); match.legal_actions(seat); match.apply(seat, action, seq=match.seq)
    match.observation(seat), match.spectator_view(), match.judge_view()
    engine.games.yourwar.match.log.replay(match.to_log(["OGNS"]), catalog)
"""
