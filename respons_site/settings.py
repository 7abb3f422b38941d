"""Django settings, read from the environment only (see config.py and README)."""

import sys

from kombu import Exchange, Queue

from respons_site.config import (
    BASE_DIR,
    VAR_DIR,
    ConfigError,
    broker_url,
    cache_url,
    database_config,
    email_config,
    embedded_beat,
    env_bool,
    env_int,
    env_list,
    env_rate,
    redis_namespace,
    secret_key,
)

try:
    DEBUG = env_bool("DEBUG", default=False)
    SECRET_KEY = secret_key(debug=DEBUG)
    DATABASES = {"default": database_config()}
    CELERY_BROKER_URL = broker_url()
    # This deployment's names in Redis (the live channel, the drain's flags): config.py.
    REDIS_NAMESPACE = redis_namespace(CELERY_BROKER_URL)
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
    # Production mode behind HTTPS (README "Production"); off for a local try-out.
    SECURE = env_bool("SECURE", default=False)
    # Online play: seconds a bot waits before each move (0: at once), so people can watch bots
    # play (`make run` sets 2); and, with no broker, a sweep thread in the web process that
    # does the beat's work (clocks, timers, later games, paced bots): on by default then.
    BOT_PAUSE_SECONDS = env_int("BOT_PAUSE", 0, minimum=0)
    EMBEDDED_BEAT = embedded_beat(CELERY_BROKER_URL)
    # At most this many bot players in one event (bots are for the event's officials).
    BOTS_PER_EVENT = env_int("BOTS_PER_EVENT", 64, minimum=0)
    # A seated player with no sign of life (a read of the game, the play page's heartbeat) for
    # this many seconds is shown to the opponent as away (docs/api.md "Presence").
    PRESENCE_AWAY_SECONDS = env_int("PRESENCE_AWAY_SECONDS", 45, minimum=3)
    # The one bound of every request body, in bytes (tournaments/request_limits.py): a decklist is a few
    # KiB, an action a few hundred bytes; past it a request is 413 before anything reads it.
    DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("MAX_REQUEST_BODY", 256 * 1024, minimum=1024)
    # Limits: DRF's throttle rates ("N/s|min|hour|day", README "Limits"), the
    # fast lane applies the same; sign-in backoff; per-user quotas; API token lifetime.
    THROTTLE_RATES = {
        "anon": env_rate("THROTTLE_ANON", "120/min"),
        "user": env_rate("THROTTLE_USER", "600/min"),
        # A player acts about once a second at most (bench/bench_online.py's clients):
        # three a second on average over a minute leaves room for bursts of quick choices.
        "actions": env_rate("THROTTLE_ACTIONS", "180/min"),
        "signup": env_rate("THROTTLE_SIGNUP", "20/hour"),
    }
    THROTTLE_NUM_PROXIES = env_int("THROTTLE_NUM_PROXIES", 0, minimum=0)
    LOGIN_FREE_FAILURES = env_int("LOGIN_FREE_FAILURES", 5)  # per username, then backoff
    LOGIN_FREE_FAILURES_PER_IP = env_int("LOGIN_FREE_FAILURES_PER_IP", 50)
    LOGIN_BACKOFF_SECONDS = env_int("LOGIN_BACKOFF_SECONDS", 2)  # doubles per failure beyond
    LOGIN_BACKOFF_MAX_SECONDS = env_int("LOGIN_BACKOFF_MAX_SECONDS", 900)
    EVENTS_PER_DAY = env_int("EVENTS_PER_DAY", 20)  # per organizer, staff excepted
    # Sign-ups an organizer's event codes may let past the per-address rate in a day (at a venue
    # everyone shares one address), staff excepted: docs/organizers.md.
    SIGNUP_CODE_USES_PER_DAY = env_int("SIGNUP_CODE_USES_PER_DAY", 100)
    # What rates (services/ratings.py, docs/players.md): events with at least this many people
    # in round 1, and the same two players once per this many days.
    RATING_MIN_PLAYERS = env_int("RATING_MIN_PLAYERS", 8, minimum=2)
    RATING_PAIR_DAYS = env_int("RATING_PAIR_DAYS", 7)
    STREAMS_PER_USER = env_int("STREAMS_PER_USER", 8)  # live streams open at once
    # Practice games against a bot: at once per player, and started in 24 hours.
    PRACTICE_PER_USER = env_int("PRACTICE_PER_USER", 2, minimum=0)  # 0: practice is off
    PRACTICE_PER_DAY = env_int("PRACTICE_PER_DAY", 30, minimum=0)
    API_TOKEN_DAYS = env_int("API_TOKEN_DAYS", 30)
    CACHE_URL = cache_url(CELERY_BROKER_URL)
    # Notifications: e-mail through Django's backend (config.email_config: EMAIL_URL
    # or EMAIL_HOST..., the console by default); webhooks may not post to loopback or private
    # addresses (SSRF) unless WEBHOOKS_ALLOW_PRIVATE is on (a local receiver, tests).
    globals().update(email_config())
    WEBHOOKS_ALLOW_PRIVATE = env_bool("WEBHOOKS_ALLOW_PRIVATE", default=False)
    # With no broker, e-mails and webhooks are sent on a thread after the commit, not in the
    # request (tests turn it off to see the work done when the callbacks run).
    NOTIFY_IN_BACKGROUND = env_bool("NOTIFY_IN_BACKGROUND", default=True)
    WEBHOOKS_PER_EVENT = env_int("WEBHOOKS_PER_EVENT", 5)
    WEBHOOK_TIMEOUT_SECONDS = env_int("WEBHOOK_TIMEOUT_SECONDS", 5)
except ConfigError as error:
    # One line, no traceback: the operator typed the value, tell them which one.
    sys.exit(f"respons: configuration error: {error}")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "tournaments",
]

MIDDLEWARE = [
    # First: a body too large, a NUL character, the database away (tournaments/request_limits.py).
    "tournaments.request_limits.RequestLimitsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # DEBUG only: the site's own 404 page instead of Django's technical one.
    "tournaments.debug_pages.SiteNotFoundMiddleware",
]

# What a body may hold is bounded above, so no body is ever spooled to disk (ASGI reads a
# whole body into a file that rolls over to disk past this size).
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE

ROOT_URLCONF = "respons_site.urls"
WSGI_APPLICATION = "respons_site.wsgi.application"
ASGI_APPLICATION = "respons_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.context_processors.navigation",
                "tournaments.context_processors.notifications",
            ],
        },
    },
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Russian first: LocaleMiddleware picks Russian for a Russian browser, English
# otherwise falls back to the default below.
# The game (an engine registry key, engine/registry.py) a form, a page or the API offers first,
# and the demo's: the one place the site names a game.
DEFAULT_GAME = "respons"

LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", "Русский"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG and SECURE
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
# Serve files straight from the apps in development and tests (no collectstatic).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The limits' counters (throttles, sign-in backoff, open streams) are shared by every process:
# Redis when there is one (CACHE_URL, else a redis:// broker), this process's memory in the
# embedded mode (one process).
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            # The deployment's namespace, as every name of it in Redis (docs/security.md).
            "KEY_PREFIX": REDIS_NAMESPACE,
        }
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "respons"}
    )
}

REST_FRAMEWORK = {
    # Token first so that an unauthenticated request gets 401 with WWW-Authenticate.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournaments.api.auth.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.ApiSchema",
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",
    # Bounded by the body limit, 400 for JSON nested too deeply (tournaments/api/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Counted in the shared cache below (tournaments/services/limits.py); 429 with Retry-After.
    "DEFAULT_THROTTLE_CLASSES": [
        "tournaments.api.throttles.AnonThrottle",
        "tournaments.api.throttles.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": THROTTLE_RATES,
    # Whose address a request is: REMOTE_ADDR (0), or the one N proxies back in X-Forwarded-For.
    # Never DRF's default (None: the whole X-Forwarded-For, which any client can write).
    "NUM_PROXIES": THROTTLE_NUM_PROXIES,
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Respons API",
    "DESCRIPTION": "Tournament organizer for collectible card games (docs/api.md).",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Offline: Swagger UI and Redoc from the sidecar package, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Two choice fields named top_cut: the event's cut size and how far a player went in it.
    "ENUM_NAME_OVERRIDES": {
        "TopCutSizeEnum": [(size, size) for size in (0, 2, 4, 8)],
        "TopCutStageEnum": [(stage, stage) for stage in ("winner", "final", "semifinal", "quarterfinal")],
        # A judge's penalty and a practice game's deck both have a "kind": name the penalty's.
        "PenaltyKindEnum": "tournaments.models.Penalty.Kind",
    },
}

# Celery: with no broker configured, tasks run eagerly in-process (embedded default).
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
if CELERY_BROKER_URL is None:
    CELERY_BROKER_URL = "memory://"
elif CELERY_BROKER_URL.startswith("redis://"):
    # kombu's Redis transport, reusing its command clients (respons_site/broker.py: ≈ 2 ms less
    # CPU per task in a worker, ≈ 0.5 ms per queued task in the web process).
    CELERY_BROKER_TRANSPORT = "respons_site.broker:Transport"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Bots' moves never delay people's: a bot-only match's work goes to the queue
# "celery-bots" (services.online.bot_queue). A worker consumes both queues, the people's first
# (a plain `celery worker`, or `-Q celery,celery-bots`), and the Redis transport takes from them
# in that order: a bot task only when no person's task waits.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = [
    Queue(name, Exchange(name), routing_key=name) for name in (CELERY_TASK_DEFAULT_QUEUE, "celery-bots")
]
CELERY_BROKER_TRANSPORT_OPTIONS = {"queue_order_strategy": "priority"}
# Keep a worker's database connection across tasks (Celery closes it around every task
# otherwise: a new PostgreSQL connection per action costs more than adjudicating it).
CELERY_DB_REUSE_MAX = 1000
# Clocks and round ends are enforced even when nobody sends anything (R9.4): run a beat
# (`celery -A respons_site worker -B`, or a separate `celery beat`) with this schedule.
CELERY_BEAT_SCHEDULE = {
    "online-sweep": {"task": "tournaments.online_sweep", "schedule": 2.0},
    # Leagues whose window has closed and whose matches are all final are finished.
    "league-sweep": {"task": "tournaments.leagues_sweep", "schedule": 60.0},
}

# Production mode (README "Production"): HTTPS-only cookies and HSTS.
if SECURE:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 31_536_000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    # A 403 is the site refusing as designed: one line, no traceback.
    "filters": {"refusal_without_traceback": {"()": "tournaments.logfilters.RefusalWithoutTraceback"}},
    "loggers": {"django.request": {"filters": ["refusal_without_traceback"]}},
}
