"""The worker tasks as the services reach them: by name; and the one question that tells the
two runtime modes apart.

The site runs with a broker (Redis: tasks are messages for Celery workers) or without one
(someone trying it out: the same tasks run in-process, eagerly, on commit; docs/deployment.md).
Every place that acts differently by mode asks :func:`in_process`. A service queues a task
through :func:`task` and the task's name: ``tournaments/tasks.py`` imports the services (a task
is a thin adapter that calls one), so the services never import it and the layers go one way.
The app registers the tasks when Django starts (``TournamentsConfig.ready``).
"""

from celery import Task, current_app

ADJUDICATE_MATCH = "tournaments.adjudicate_match"
DRAIN_ACTIONS = "tournaments.drain_actions"
NOTIFICATION_EMAIL = "tournaments.notification_email"
WEBHOOK_DELIVER = "tournaments.webhook_deliver"
METAGAME_BUILD = "tournaments.metagame_build"
RATING_UPDATE = "tournaments.rating_update"
RATINGS_PASS = "tournaments.ratings_pass"
GAMES_SET_UP = "tournaments.games_set_up"
GAMES_QUEUE = "tournaments.games_queue"
ROUND_NOTIFY = "tournaments.round_notify"
LEAGUES_SWEEP = "tournaments.leagues_sweep"


# Priorities within a queue. On Redis, kombu keeps a list per step (0, 3, 6, 9) of each queue
# and a worker takes from step 0 of every queue it consumes, in the queues' order, before any
# step 3 (then 6, then 9): a player's action never waits behind a round's set-up, a ratings pass
# or a bot's move (docs/deployment.md, "Queues").
PRIORITY_PLAY = 0  # actions, clocks and everything else (the default)
PRIORITY_SET_UP = 3  # a round's games, set up by the workers
PRIORITY_RATINGS = 6  # the ratings pass
PRIORITY_BOTS = 9  # the bot-only matches' work (on a queue of its own too: services/online/queue.py)


def task(name: str) -> Task:
    """Return the registered worker task ``name`` (one of the names above)."""
    return current_app.tasks[name]


def in_process() -> bool:
    """Return whether tasks run in-process (no broker configured). The app's live setting, not
    settings.CELERY_TASK_ALWAYS_EAGER: the tests switch the app to a real broker and back."""
    return bool(current_app.conf.task_always_eager)
