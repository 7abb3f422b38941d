"""The structures' tests import nothing of the site."""

import pytest


@pytest.fixture(autouse=True)
def _eager_celery() -> None:
    # Overrides the suite-wide fixture of the same name, which imports the Celery app (and so Django).
    return None
