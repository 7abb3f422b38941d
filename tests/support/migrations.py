"""The schema taken to a migration and back, for the tests of the migrations that move data.

Django's executor directly, not the ``migrate`` command: the command also runs the system checks
and the post-migrate handlers (content types, permissions) on every call, which such a test does
not need. The executor still runs each migration's Python steps, which are what it checks.
"""

from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader


def newest(app: str = "tournaments") -> tuple[str, str]:
    """The app's newest migration, whatever its number: the tests put the schema back there."""
    (leaf,) = [node for node in MigrationLoader(None).graph.leaf_nodes() if node[0] == app]
    return leaf


def migrate(target: tuple[str, str]) -> Apps:
    """Migrate the test database forwards or backwards to ``target``; return the models as they
    were there (today's have the columns later migrations add)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps
