"""``manage.py setup_demo`` as the demo tests run it."""

from io import StringIO

from django.core.management import call_command


def setup_demo() -> str:
    """Run ``setup_demo``; return what it printed."""
    out = StringIO()
    call_command("setup_demo", stdout=out)
    return out.getvalue()
