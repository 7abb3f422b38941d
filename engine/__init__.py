"""Respons rules engine: pure Python, no Django, no Celery.

Games are plug-ins found through :mod:`engine.registry`; see ``engine/README.md``.
"""

from engine import native

# Before any game is imported: a game's compiled build that no longer matches its sources is
# never loaded (engine/native.py).
native.install()

RULES_VERSION = "1"
