"""A practice game on real Celery workers and Redis: the bot's opening is bots' work, queued on
the bots' queue (a person's work is never kept waiting by it); the player's moves go through the
action ledger and the drain like any player's, the bot answering in the same pass."""

import random

import pytest

from tests.support.practice import practice_state, start_practice
from tests.support.workers import (
    applied_or_refused,
    game_state,
    post_action,
    wait_until,
    waiting,
)
from tournaments.models import GameAction
from tournaments.services.online import bot_queue

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def test_a_practice_game_is_played_by_the_workers_the_bots_opening_on_the_bots_queue(
    broker, player, card_sets
):
    practice = start_practice(player, "respons")
    assert (waiting(bot_queue()), waiting(broker.queue)) == (1, 0)
    broker.start_worker(also=(bot_queue(),))
    match_id, rng = practice["match"], random.Random(7)
    for _ in range(6):  # a few decisions of the player's, each answered by the bot at once
        state = wait_until(
            lambda: (s := game_state(player, match_id))["legal_actions"] and s,
            timeout=30,
            what=lambda: f"a decision of the player's\n{broker.outputs()}",
        )
        choice = rng.choice([a for a in state["legal_actions"] if a["type"] != "concede"])
        response = post_action(player, match_id, state["next_seq"], choice)
        assert response.status_code in (200, 202), response.content
        applied_or_refused(player, match_id, state["next_seq"], state["view"]["seq"], timeout=30)
    assert GameAction.objects.filter(match_id=match_id, by_bot=True).exists()
    assert player.api.post(f"/api/practice/{practice['id']}/resign/").status_code == 202
    wait_until(
        lambda: practice_state(player, practice["id"])["status"] == "over",
        timeout=30,
        what=lambda: f"the resignation to be applied\n{broker.outputs()}",
    )
    assert practice_state(player, practice["id"])["reason"] == "concede"
