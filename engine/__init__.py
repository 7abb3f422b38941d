"""Respons rules engine: pure Python, no Django, no Celery.

Games are plug-ins found through :mod:`engine.registry`; see ``engine/README.md``.
"""

RULES_VERSION = "1"
