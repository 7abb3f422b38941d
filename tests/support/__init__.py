"""Helpers the tests share, by concern; the conftest files hold fixtures only (they may call these).

- ``services``: the optional real components (PostgreSQL, Redis, Chromium): skip locally, fail in CI.
- ``actors``: signed-up users with an API client (the named actors).
- ``events``: an event driven through the API as its organizer would.
- ``pages``: the site's pages as a signed-in browser sees them (Django's test client).
- ``online``: an online match played through the API.
- ``workers``: real Celery worker processes on the Redis broker, and waiting on their events.
- ``browser``: Debian's Chromium driven by Playwright.
- ``webhooks``: a receiver of webhooks on 127.0.0.1.
- ``schema``: the API schema checks the fuzzer and the schema tests share.

A test module imports from here, never from a conftest or another test module
(tests/test_hygiene.py checks it).
"""
