"""The online hot path in plain SQL: the statements an action costs, and that the rows they read
and write are the ORM's own (issue: online matches, performance)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from respons_site.celery import app
from tournaments import plainsql
from tournaments.models import Game, GameAction, Match
from tournaments.selectors import online_rows
from tournaments.selectors.online import game_log
from tournaments.services import online as svc
from tournaments.services.online import engines, submit

pytestmark = pytest.mark.django_db(transaction=True)
ONLINE_MATCH_ONCE = True  # made once, put back before each test (tests/support/committed_rows.py)


def deciding(match_id, a, b):
    state = a.api.get(f"/api/matches/{match_id}/game/").json()
    return (a, state) if state["legal_actions"] else (b, b.api.get(f"/api/matches/{match_id}/game/").json())


def statements(captured) -> list[str]:
    return [q["sql"].split()[0].upper() for q in captured.captured_queries]


def test_an_action_post_costs_the_tokens_read_one_read_and_one_insert(online_match, monkeypatch):
    """Through the API view (the fast lane, ``test_lane.py``, records one in one statement): the
    token is read on every request, so a revoked one is refused at once."""
    event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    queued = []
    monkeypatch.setattr(submit, "queue_action", queued.append)
    app.conf.task_always_eager = False  # a web process next to real workers (reset per test)
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0]}
    with CaptureQueriesContext(connection) as captured:
        response = actor.api.post(f"/api/matches/{match_id}/game/actions/", body, format="json")
    assert response.status_code == 202, response.content
    assert statements(captured) == ["SELECT", "SELECT", "INSERT"]
    assert queued == [match_id]
    row = GameAction.objects.get(match_id=match_id)
    assert (row.status, row.action, row.rule, row.params, row.by_bot) == (
        "queued",
        body["action"],
        "",
        {},
        False,
    )
    assert row.created_at is not None  # auto_now_add, through the field's own pre_save


def test_a_worker_applies_an_action_in_five_statements(online_match, monkeypatch):
    """Lock and read the match, read its queue and games, write the action and the game: all
    in one transaction (besides BEGIN and COMMIT)."""
    event, match_id, a, b = online_match
    actor, state = deciding(match_id, a, b)
    monkeypatch.setattr(submit, "queue_action", lambda match_id: None)
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0]}
    assert actor.api.post(f"/api/matches/{match_id}/game/actions/", body, format="json").status_code == 202
    svc.match_adjudicate(match_id=match_id)  # the engine's state is cached from here on
    actor, state = deciding(match_id, a, b)
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0]}
    assert actor.api.post(f"/api/matches/{match_id}/game/actions/", body, format="json").status_code == 202
    with CaptureQueriesContext(connection) as captured:
        assert svc.match_adjudicate(match_id=match_id) == 1
    assert [s for s in statements(captured) if s not in ("BEGIN", "COMMIT")] == [
        "SELECT",  # the match, its round, event, players: FOR UPDATE
        "SELECT",  # the queued actions and both seats' next numbers
        "SELECT",  # the games
        "UPDATE",  # the action: applied
        "UPDATE",  # the game: log, snapshot, clocks
    ], [q["sql"][:80] for q in captured.captured_queries]
    if connection.features.has_select_for_update_of:  # SQLite locks the whole file on a write instead
        assert "FOR UPDATE" in next(
            q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")
        )
    assert GameAction.objects.filter(match_id=match_id, status="applied").count() == 2


def test_the_match_read_in_plain_sql_is_the_orms(online_match):
    event, match_id, a, b = online_match
    plain = online_rows.match_for_play(match_id)
    orm = Match.objects.select_related("round__event", "player_a__player", "player_b__player").get(
        pk=match_id
    )
    pairs = [
        (plain, orm),
        (plain.round, orm.round),
        (plain.round.event, orm.round.event),
        (plain.player_a, orm.player_a),
        (plain.player_b, orm.player_b),
    ]
    for got, want in pairs:
        for field in type(want)._meta.concrete_fields:
            if field.name != "deck":  # deferred: the games keep their own copy
                assert getattr(got, field.attname) == getattr(want, field.attname), field.name
    assert plain.player_a.player.get_username() == orm.player_a.player.get_username()
    assert plain.player_b.player.get_username() == orm.player_b.player.get_username()
    with CaptureQueriesContext(connection) as captured:
        assert plain.player_a.deck == orm.player_a.deck  # a deferred field loads when asked for
    assert len(captured) == 1
    with pytest.raises(Match.DoesNotExist):
        online_rows.match_for_play(10**9)


def test_games_and_queued_actions_read_in_plain_sql_are_the_orms(online_match):
    event, match_id, a, b = online_match
    match = online_rows.match_for_play(match_id)
    for got, want in zip(online_rows.match_games(match), Game.objects.filter(match_id=match_id), strict=True):
        for field in Game._meta.concrete_fields:
            assert getattr(got, field.attname) == getattr(want, field.attname), field.name
        assert got.match is match  # no query to reach it
    GameAction.objects.create(match_id=match_id, seat=1, seq=1, action={"type": "keep"})
    GameAction.objects.create(match_id=match_id, seat=1, seq=2, action={"type": "pass"}, status="refused")
    GameAction.objects.create(match_id=match_id, seat=1, seq=3, action={"type": "pass"})
    queued, seqs = online_rows.queued_actions(match)
    assert [(r.seq, r.action, r.status) for r in queued] == [
        (1, {"type": "keep"}, "queued"),
        (3, {"type": "pass"}, "queued"),
    ]
    assert seqs == [1, 4]


def test_a_plain_update_writes_only_the_fields_named(online_match):
    event, match_id, a, b = online_match
    game = Game.objects.get(match_id=match_id)
    game.snapshot = {"ё": [1, 2, {"x": None}]}
    game.reason = "not written"
    plainsql.update(game, ["snapshot"])
    again = Game.objects.get(pk=game.pk)
    assert again.snapshot == {"ё": [1, 2, {"x": None}]} and again.reason == ""
    match = Match.objects.get(pk=match_id)
    before = match.updated_at
    match.draws = 1
    plainsql.update(match, ["draws"])  # as save(update_fields=...): only what is named
    assert Match.objects.get(pk=match_id).updated_at == before
    plainsql.update(match, ["draws", "updated_at"])  # auto_now through the field's own pre_save
    assert Match.objects.get(pk=match_id).updated_at == match.updated_at > before


def test_an_insert_of_a_taken_seq_changes_nothing_and_says_so(online_match):
    event, match_id, a, b = online_match
    assert plainsql.insert_unless_taken(GameAction(match_id=match_id, seat=0, seq=1, action={"type": "keep"}))
    assert not plainsql.insert_unless_taken(
        GameAction(match_id=match_id, seat=0, seq=1, action={"type": "pass"})
    )
    assert list(GameAction.objects.filter(match_id=match_id).values_list("action", flat=True)) == [
        {"type": "keep"}
    ]


def applied_elsewhere(match_id, a, b, monkeypatch):
    """Adjudicate the deciding player's next action as another worker would: with an engine
    cache of its own, leaving this process's cached state one action behind."""
    actor, state = deciding(match_id, a, b)
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0]}
    monkeypatch.setattr(submit, "queue_action", lambda match_id: None)
    assert actor.api.post(f"/api/matches/{match_id}/game/actions/", body, format="json").status_code == 202
    ours = engines._engines
    monkeypatch.setattr(engines, "_engines", type(ours)())
    assert svc.match_adjudicate(match_id=match_id) == 1
    monkeypatch.setattr(engines, "_engines", ours)


def test_a_cached_engine_behind_the_log_catches_up_without_a_replay(online_match, monkeypatch):
    """Two workers share the matches: a state one action behind gets that action, not a replay."""
    event, match_id, a, b = online_match
    before = len(svc.engine_for(Game.objects.get(match_id=match_id)).actions)  # cached here
    applied_elsewhere(match_id, a, b, monkeypatch)
    game = Game.objects.get(match_id=match_id)
    assert len(game.actions) == before + 1
    rebuilt = engines.rebuild(game)

    def no_replay(*args, **kwargs):
        raise AssertionError("replayed the whole log")

    monkeypatch.setattr(engines, "rebuild", no_replay)
    engine = svc.engine_for(game)
    assert engine.actions == game.actions
    assert [engine.observation(s) for s in (0, 1)] == [rebuilt.observation(s) for s in (0, 1)]
    assert engine.legal_actions(engine.decision().seat) == rebuilt.legal_actions(rebuilt.decision().seat)


def test_a_cached_engine_off_the_stored_log_is_rebuilt(online_match, monkeypatch):
    """A state advanced in a transaction that rolled back, then the match moved on elsewhere
    with another action: same length, other log — never used."""
    event, match_id, a, b = online_match
    game = Game.objects.get(match_id=match_id)
    engine = svc.engine_for(game)
    seat = engine.decision().seat
    engine.apply(seat, engine.legal_actions(seat)[-1])  # concede: advanced, never committed
    engines.engine_remember(game, engine)
    applied_elsewhere(match_id, a, b, monkeypatch)
    game = Game.objects.get(match_id=match_id)
    assert len(game.actions) == len(engine.actions) and game.actions != engine.actions
    replays = []
    rebuild = engines.rebuild
    monkeypatch.setattr(engines, "rebuild", lambda *args, **kw: replays.append(1) or rebuild(*args, **kw))
    fresh = svc.engine_for(game)
    assert replays == [1] and fresh is not engine and fresh.actions == game.actions and not fresh.is_over


def test_the_hot_reads_are_prepared_once_and_run_a_generic_plan(online_match):
    """Planning the reads on every action cost PostgreSQL more than running them: each is
    prepared on the connection and runs its generic plan (everything else stays unprepared)."""
    event, match_id, a, b = online_match
    for _ in range(3):
        online_rows.action_facts(match_id, a.user.pk)
        match = online_rows.match_for_play(match_id, lock=False)
        online_rows.queued_actions(match)
    if connection.vendor != "postgresql":  # SQLite: the plain cursor, nothing to prepare
        with plainsql.cursor() as cursor:
            assert not hasattr(cursor.cursor, "prepare_threshold")
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements")
        prepared = cursor.fetchall()
        cursor.execute("SHOW plan_cache_mode")
        assert cursor.fetchone() == ("force_generic_plan",)
    assert all(custom == 0 for _statement, _generic, custom in prepared), prepared
    for start in ("SELECT x.seat, x.online", 'SELECT m."id", m."round_id"', "SELECT m0.id, (SELECT MAX"):
        runs = [generic for statement, generic, _custom in prepared if statement.startswith(start)]
        assert runs and max(runs) >= 3, (start, prepared)  # planned once, run 3+ times


def test_json_on_the_hot_path_reads_and_writes_as_the_orm_does(online_match):
    """orjson, not the standard library, on the hot path: the same values either way (text keys
    for number keys, as json writes them; unicode; floats; nesting)."""
    import json

    event, match_id, a, b = online_match
    game = Game.objects.get(match_id=match_id)
    value = {"ё": [1, 2.5, {"x": None, 3: "три"}], "deep": [[[{"a": [True, False]}]]], "big": 2**53}
    game.snapshot = value
    plainsql.update(game, ["snapshot"])
    assert Game.objects.get(pk=game.pk).snapshot == json.loads(json.dumps(value))
    match = online_rows.match_for_play(match_id)
    (read,) = online_rows.match_games(match)
    assert read.snapshot == json.loads(json.dumps(value))
    assert plainsql.insert_unless_taken(GameAction(match_id=match_id, seat=0, seq=1, action={"ъ": 1.25}))
    assert GameAction.objects.get(match_id=match_id).action == {"ъ": 1.25}
    assert GameAction.objects.filter(action={"ъ": 1.25}).exists()  # the ORM's lookups find it


def test_a_worker_reads_games_without_what_it_rewrites_or_never_needs(online_match):
    """The snapshot (rewritten after every action), the decks and the card sets (only to rebuild
    an engine from the log) stay in the database; read when asked for, both of the latter at once."""
    event, match_id, a, b = online_match
    match = online_rows.match_for_play(match_id)
    (game,) = online_rows.match_games(match, snapshots=False)
    assert game.get_deferred_fields() == {"snapshot", "decks", "card_sets"}
    assert online_rows.match_games(match)[0].get_deferred_fields() == {"decks", "card_sets"}
    with CaptureQueriesContext(connection) as captured:
        log = game_log(game)
    assert len(captured) == 1  # the decks and card sets in one query
    assert log["players"][0]["deck"] == Game.objects.get(pk=game.pk).decks[0]


def test_the_looks_at_the_queue_use_the_index_of_queued_actions_whatever_the_statistics(online_match):
    """A prepared statement runs a generic plan, which can use the partial index of queued
    actions only when "queued" is in its text: with it passed as a parameter, and the table's
    statistics (mostly applied actions), the drain's look read every action of every match."""
    from tests.support.services import require_or_skip

    require_or_skip(connection.vendor == "postgresql", "PostgreSQL's plans")
    event, match_id, a, b = online_match
    GameAction.objects.bulk_create(
        GameAction(match_id=match_id, seat=i % 2, seq=i // 2 + 1, action={"type": "pass"}, status="applied")
        for i in range(4000)
    )
    match = online_rows.match_for_play(match_id)
    looks = {
        "the drain's lock": online_rows.selecting(
            online_rows._PLAY, online_rows._waiting_sql(""), [64], lambda rows: rows
        ),
        "a match's queue": plainsql.Read(*_queued_read(match), lambda rows: rows),
        "anything waiting": plainsql.Read(online_rows._actions_waiting_sql("", False), [], lambda rows: rows),
    }
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE tournaments_gameaction")
        for name, read in looks.items():
            cursor.execute("DEALLOCATE ALL")
            sql = read.sql
            for n in range(1, len(read.params) + 1):
                sql = sql.replace("%s", f"${n}", 1)
            cursor.execute(f"PREPARE look AS {sql}")
            arguments = ", ".join(_literal(value) for value in read.params)
            cursor.execute(f"EXPLAIN EXECUTE look{f'({arguments})' if arguments else ''}")
            plan = "\n".join(row[0] for row in cursor.fetchall())
            assert "game_action_queued" in plan, (name, plan)
        cursor.execute("DEALLOCATE ALL")


def _queued_read(match):
    where, params = plainsql.any_of("m0.id", [match.pk])
    return online_rows._queued_sql(where), [0, 1, *params]


def _literal(value) -> str:
    if isinstance(value, str):
        return "'" + value + "'"
    if isinstance(value, list):
        return "ARRAY[" + ", ".join(str(int(v)) for v in value) + "]::bigint[]"
    return str(int(value))
