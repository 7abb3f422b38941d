"""Configuration from the environment only (12-factor), with friendly errors.

Kept apart from ``settings.py`` so the parsing rules can be tested directly and a
bad value stops the process with one line instead of a traceback.
"""

import os
import re
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("RESPONS_VAR_DIR", BASE_DIR / "var"))

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


class ConfigError(Exception):
    """A setting from the environment that cannot be used; the message is one line."""


def env_bool(name: str, default: bool) -> bool:
    """Return the boolean environment variable ``name``; raise ConfigError if unreadable."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ConfigError(f"{name}={raw!r} is not a boolean (use true or false)")


def env_int(name: str, default: int, *, minimum: int = 1) -> int:
    """Return the whole-number environment variable ``name``; raise ConfigError if unreadable."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    if not raw.strip().isdigit() or int(raw) < minimum:
        raise ConfigError(f"{name}={raw!r} is not a whole number ≥ {minimum}")
    return int(raw)


def env_list(name: str, default: list[str]) -> list[str]:
    """Return a comma-separated environment variable as a list of stripped items."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


_RATE = re.compile(r"([0-9]{1,9})/(s|sec|second|m|min|minute|h|hour|d|day)")


def env_rate(name: str, default: str) -> str:
    """Return a throttle rate ``N/period`` (DRF's: s, min, hour, day) from ``name``; raise
    ConfigError if unreadable."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    found = _RATE.fullmatch(raw.strip())
    if found is None or int(found[1]) < 1:
        raise ConfigError(f"{name}={raw!r} is not a rate like 60/min (N per s, min, hour or day)")
    return raw.strip()


def database_config() -> dj_database_url.DBConfig:
    """Return Django's DATABASES["default"] from DATABASE_URL.

    Without DATABASE_URL: a SQLite file under the git-ignored ``var/``. Raises
    ConfigError for a URL that cannot be parsed or names an unsupported engine.
    """
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "db.sqlite3"),
            # IMMEDIATE: a writer takes the lock at BEGIN, so two writers queue instead of
            # failing with "database is locked" halfway (the in-process task mode writes often).
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
            # The tests' database in a file too: SQLite's in-memory databases shared between
            # threads lock whole tables and fail at once ("database table is locked") where a
            # file's lock waits (the timeout above) — the concurrency tests run two writers.
            "TEST": {"NAME": str(VAR_DIR / "test-db.sqlite3")},
        }
    if "://" not in url:
        raise ConfigError(f"DATABASE_URL={url!r} is not a URL (expected e.g. postgres://user@host:5432/name)")
    try:
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    except Exception as error:  # dj-database-url raises bare ValueError/KeyError subclasses
        scheme = url.split("://", 1)[0]
        raise ConfigError(
            f"DATABASE_URL: unsupported or malformed URL (scheme {scheme!r}): {error}"
        ) from None
    if config.get("ENGINE") not in {"django.db.backends.postgresql", "django.db.backends.sqlite3"}:
        raise ConfigError(
            f"DATABASE_URL: only postgres:// and sqlite:// are supported, got {config.get('ENGINE')}"
        )
    if config["ENGINE"].endswith("postgresql") and not config.get("NAME"):
        raise ConfigError("DATABASE_URL: the database name is missing (…/NAME at the end)")
    if config["ENGINE"].endswith("postgresql"):
        # The online hot path's reads are prepared statements (tournaments/plainsql.cursor):
        # psycopg prepares nothing unless a threshold is set (Django sets none) and its
        # client-side cursors, which everything else uses, never prepare. A prepared statement
        # runs its generic plan: planned once per connection, not on every action.
        options = config.setdefault("OPTIONS", {})
        options.setdefault("prepare_threshold", 5)
        options["options"] = f"{options.get('options', '')} -c plan_cache_mode=force_generic_plan".strip()
    if config["ENGINE"].endswith("postgresql") and env_bool("DATABASE_POOL", default=False):
        # An ASGI server runs each request in a thread of its own: a connection kept per thread
        # would be opened for every request and never reused, so connections are pooled instead
        # (respons_site/asgi.py turns this on; WSGI servers and workers keep one per thread).
        size = env_int("DATABASE_POOL_SIZE", 16)
        config["OPTIONS"] = {
            **config.get("OPTIONS", {}),
            "pool": {"min_size": 2, "max_size": size, "timeout": 20},
        }
        config["CONN_MAX_AGE"] = 0
        # With a pool, Django's health check is the pool's (ConnectionPool.check_connection): a
        # connection is tried before a request gets it. After PostgreSQL restarts, every idle
        # one is dead, and handed out unchecked each failed its request (a 500).
        config["CONN_HEALTH_CHECKS"] = True
    return config


def secret_key(*, debug: bool) -> str:
    """Return SECRET_KEY from the environment, or a random key kept per install in var/.

    The per-install key is never committed; production mode is expected to pass
    SECRET_KEY explicitly (README, "Production").
    """
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    path = VAR_DIR / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        key = secrets.token_urlsafe(50)
        path.write_text(key)
        path.chmod(0o600)
        return key


def broker_url() -> str | None:
    """Return CELERY_BROKER_URL, or None: then tasks run eagerly in-process."""
    url = os.environ.get("CELERY_BROKER_URL", "").strip()
    if url and "://" not in url:
        raise ConfigError(f"CELERY_BROKER_URL={url!r} is not a URL (expected e.g. redis://127.0.0.1:6379/0)")
    return url or None


def embedded_beat(broker: str | None) -> bool:
    """Return whether the web process runs the beat's periodic sweep (EMBEDDED_BEAT): by default
    exactly when no broker is configured. Without a broker no beat process can run the sweep,
    and without the sweep no clock runs out and no second game of a match starts (the players
    would wait forever), so that set-up needs it; with a broker the beat runs on its own
    (``celery beat``). Raises ConfigError for a value that is not a boolean."""
    return env_bool("EMBEDDED_BEAT", default=broker is None)


def redis_namespace(broker: str | None) -> str:
    """Return the prefix of this deployment's names in Redis: the live channel, the drain's flags.

    REDIS_NAMESPACE from the environment, else ``respons:<the broker's Redis database number>``.
    Redis pub/sub ignores the database number: without a prefix, deployments sharing one Redis
    server would receive each other's game states (with the players' hands). Deployments
    sharing one server use different database numbers anyway (their Celery queues would
    mix otherwise), so the number tells them apart, and every process of one deployment
    (web, workers) derives the same name. Raises ConfigError for an unusable value.
    """
    raw = os.environ.get("REDIS_NAMESPACE")
    if raw is not None:
        value = raw.strip()
        if not value or len(value) > 100 or any(c.isspace() or not c.isprintable() for c in value):
            raise ConfigError(
                f"REDIS_NAMESPACE={raw!r} is not a usable name (1 to 100 characters, no spaces)"
            )
        return value
    return f"respons:{_redis_database(broker or '')}"


def _redis_database(url: str) -> str:
    """The database number a Redis URL names (kombu's reading: the path, else ``virtual_host``
    or ``db`` in the query; 0 when none is given)."""
    parts = urlsplit(url)
    path = parts.path.strip("/")
    if path.isdigit() and path.isascii():
        return str(int(path))
    query = parse_qs(parts.query)
    for name in ("virtual_host", "db"):
        value = query.get(name, [""])[0].strip("/")
        if value.isdigit() and value.isascii():
            return str(int(value))
    return "0"


def cache_url(broker: str | None) -> str | None:
    """Return the Redis URL of the shared cache (CACHE_URL, else a redis:// broker), or None:
    then each process keeps its own (the embedded mode runs one)."""
    url = os.environ.get("CACHE_URL", "").strip()
    if url and not url.startswith(("redis://", "rediss://", "unix://")):
        raise ConfigError(f"CACHE_URL={url!r} is not a Redis URL (expected e.g. redis://127.0.0.1:6379/1)")
    if url:
        return url
    return broker if broker and broker.startswith(("redis://", "rediss://")) else None


def email_config() -> dict[str, Any]:
    """Return Django's e-mail settings from EMAIL_URL (``smtp://user:password@host:587?tls=1``,
    ``smtps://...`` for SSL, ``console://``), else from EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER,
    EMAIL_HOST_PASSWORD, EMAIL_USE_TLS; with neither, the console backend (mail is printed).
    Raise ConfigError for a URL it cannot use."""
    url = os.environ.get("EMAIL_URL", "").strip()
    sender = os.environ.get("DEFAULT_FROM_EMAIL", "respons@localhost")
    console = {
        "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
        "DEFAULT_FROM_EMAIL": sender,
    }
    if url:
        parts = urlsplit(url)
        if parts.scheme == "console":
            return console
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ConfigError(f"EMAIL_URL={url!r} is not smtp://user:password@host:port or console://")
        query = parse_qs(parts.query)
        try:
            port = parts.port or (465 if parts.scheme == "smtps" else 25)
        except ValueError:
            raise ConfigError(f"EMAIL_URL={url!r} has a port that is not a number") from None
        return {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": parts.hostname,
            "EMAIL_PORT": port,
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_SSL": parts.scheme == "smtps",
            "EMAIL_USE_TLS": query.get("tls", ["0"])[0].lower() in _TRUE,
            "DEFAULT_FROM_EMAIL": sender,
        }
    host = os.environ.get("EMAIL_HOST", "").strip()
    if not host:
        return console
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": host,
        "EMAIL_PORT": env_int("EMAIL_PORT", 25),
        "EMAIL_HOST_USER": os.environ.get("EMAIL_HOST_USER", ""),
        "EMAIL_HOST_PASSWORD": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "EMAIL_USE_TLS": env_bool("EMAIL_USE_TLS", default=False),
        "DEFAULT_FROM_EMAIL": sender,
    }
