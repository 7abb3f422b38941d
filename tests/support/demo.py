"""``manage.py setup_demo`` as the demo tests run it."""

from io import StringIO

from django.core.management import call_command


def setup_demo() -> str:
    """Run ``setup_demo``; return what it printed."""
    out = StringIO()
    call_command("setup_demo", stdout=out)
    return out.getvalue()


def setup_demo_fresh() -> str:
    """Run ``setup_demo`` on a database without the card sets, as ``make run`` first does (a
    module's shared set-up has them put in before it runs); return what it printed."""
    from tournaments.models import CardSet

    CardSet.objects.all().delete()  # their cards with them
    return setup_demo()
