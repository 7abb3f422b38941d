"""``manage.py makemessages`` that also collects the engine's ``N_("…")`` texts.

The engine marks the words it says with ``N_`` (``engine/texts.py``: no Django there, the site
translates them when it shows them); xgettext must be told that keyword too.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
