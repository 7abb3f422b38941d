"""``manage.py makemessages`` that also collects the engine's ``N_("…")`` and
``NC_("context", "…")`` texts.

The engine marks the words it says with ``N_``, and with ``NC_`` a word said in a context
(``engine/texts.py``: no Django there, the site translates them when it shows them, with
``gettext`` and ``pgettext``); xgettext must be told those keywords too.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=N_",
        "--keyword=NC_:1c,2",
        "--keyword=NN_:1,2",
    ]
