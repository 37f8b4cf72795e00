"""Settings, all from environment variables (see the table in README.md)."""

import ipaddress
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

from config.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("CARDCLUB_VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _local_secret_key() -> str:
    """A secret kept in var/ for a local run; production sets DJANGO_SECRET_KEY."""
    path = VAR_DIR / "secret_key"
    if not path.exists():
        path.write_text(get_random_secret_key())
        path.chmod(0o600)
    return path.read_text().strip()


DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "") or _local_secret_key()
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])
ADMIN_URL = env_str("DJANGO_ADMIN_URL", "admin/")
if not ADMIN_URL.endswith("/") or ADMIN_URL.startswith("/"):
    raise ImproperlyConfigured("DJANGO_ADMIN_URL must look like 'staff/': no leading slash, one trailing.")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "axes",
    "accounts",
    "rooms",
    "leaderboard",
    "fairplay",
    # How each game's table looks on the site (rooms.tablehomes).
    "tables.disunyer",
    "tables.dayous",
    "tables.courtpiece",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in account's saved language, when the request has no language cookie.
    "accounts.languages.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A warning from staff, once, on the account's next page.
    "accounts.warnings.StaffWarningMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
    "rooms.codeguard.GuessingPausedMiddleware",
    "pages.unavailable.RedisUnreachableMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.player",
                "rooms.context_processors.held_coins",
                "rooms.context_processors.game_list",
                "django.template.context_processors.i18n",
            ],
        },
    },
    {
        # The table's fragments (*.jinja), rendered for every version of every table: in
        # Jinja2, about twice as fast as Django's engine (rooms/templating.py).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,  # each game's table partials, in its app's jinja2/
        "OPTIONS": {"environment": "rooms.templating.environment"},
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'cardclub.sqlite3'}"),
        # Kept open between requests and socket events: opening one per call cost the
        # push path more than its queries did (docs/performance-history.md).
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 600, minimum=0),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not memory, for tests too: concurrent connections must really race.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}
    DATABASES["default"]["OPTIONS"] = {
        # Writers take the lock when their transaction begins, so two actions on one
        # match queue up instead of failing; WAL lets readers go on meanwhile.
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Failed logins are counted per username (in any case) and client address, and per
# client address whatever the username; either count at its limit pauses the logins it
# counts for AXES_COOLOFF_TIME after the last failure (accounts/lockout.py).
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 30, minimum=1)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_HANDLER = "accounts.lockout.AddressLockoutHandler"
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_address"
AXES_USERNAME_CALLABLE = "accounts.lockout.lockout_username"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
# Accounts one client address may make in a day (UTC), counted in Redis (accounts/signups.py).
SIGNUPS_PER_ADDRESS_PER_DAY = env_int("SIGNUPS_PER_ADDRESS_PER_DAY", 10, minimum=1)

# Lookups of room codes that name no room, per browser session and minute, and per
# address and minute, before every lookup by code but of the rooms the session knows is
# refused to that session, or to every session of that address, for the rest of that
# minute (rooms/codeguard.py).
ROOM_CODE_MISSES_PER_MINUTE = env_int("ROOM_CODE_MISSES_PER_MINUTE", 10, minimum=1)
ROOM_CODE_ADDRESS_MISSES_PER_MINUTE = env_int("ROOM_CODE_ADDRESS_MISSES_PER_MINUTE", 60, minimum=1)
# Requests to the read-only JSON API (api/) per client address and minute, counted in
# Redis (api/limits.py); past it the API answers 429 until the minute is over.
API_REQUESTS_PER_MINUTE = env_int("API_REQUESTS_PER_MINUTE", 60, minimum=1)


def _trusted_proxies() -> list[str]:
    proxies = env_list("DJANGO_TRUSTED_PROXIES", [])
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy)
        except ValueError:
            raise ImproperlyConfigured(
                f"DJANGO_TRUSTED_PROXIES: {proxy!r} is not an IP address or network, e.g. 10.0.0.5 or 10.0.0.0/24."
            ) from None
    return proxies


# Only these peers' X-Forwarded-For and X-Forwarded-Proto count (config/asgi.py wraps
# the application in uvicorn's ProxyHeadersMiddleware; bin/web turns uvicorn's own off).
# Everyone else's address, as django-axes and the rate limits see it, is the peer the
# server saw, and their scheme is the connection's.
TRUSTED_PROXIES = _trusted_proxies()

REDIS_URL = env_str("REDIS_URL", "redis://127.0.0.1:6379/0")
CHANNEL_LAYERS = {
    "default": {
        # channels-redis's Pub/Sub layer, each group's message unpacked once per process
        # (rooms/push/layerwire.py). One host, the writers' own Redis: they publish
        # announcements there themselves, under this prefix.
        "BACKEND": "rooms.push.layerwire.UnpackOnceLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": "asgi"},
    }
}
CACHES = {
    "default": {
        "BACKEND": "plumbing.cache.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "cardclub"),
        "OPTIONS": {"pool_class": "plumbing.cache.SharedConnectionPool"},
    }
}
# Read from Redis (each socket connect reads its session), kept in the database too,
# and read from there while Redis is unreachable (plumbing/sessions.py).
SESSION_ENGINE = "plumbing.sessions"

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fix-up would close the database connection before and after every
# task (a new connection per bot move); reuse it for this many tasks instead.
CELERY_DB_REUSE_MAX = 1000
CELERY_TIMEZONE = "UTC"
CELERY_TASK_DEFAULT_QUEUE = "timers"
# The bot's reviews of finished games run beside the strong bots' moves (docs/review.md).
CELERY_TASK_ROUTES = {"rooms.tasks.play_bot": {"queue": "bots"}, "rooms.tasks.review_seat": {"queue": "strong-bots"}}
CELERY_BEAT_SCHEDULE = {
    "sweep-deadlines": {"task": "rooms.tasks.sweep_deadlines", "schedule": 1.0},
}




def _bot_delay_ms() -> tuple[int, int]:
    low, _, high = env_str("BOT_DELAY_MS", "700,1600").partition(",")
    try:
        bounds = (int(low), int(high or low))
    except ValueError:
        raise ImproperlyConfigured("BOT_DELAY_MS must be 'LOW,HIGH' in milliseconds, e.g. 700,1600.") from None
    if not 0 <= bounds[0] <= bounds[1] <= 10000:
        raise ImproperlyConfigured("BOT_DELAY_MS must satisfy 0 <= LOW <= HIGH <= 10000.")
    return bounds


BOT_DELAY_MS = _bot_delay_ms()

# Pauses for people to read what just happened, in ms (each game's table, in its
# definition, names the events that call for each: rooms/gamerules.py): the table stays
# still, nobody acts, and the next clock starts after them.
PAUSE_AFTER_KNOCKOUT_MS = env_int("PAUSE_AFTER_KNOCKOUT_MS", 3000, minimum=0, maximum=30000)
PAUSE_AFTER_TRICK_MS = env_int("PAUSE_AFTER_TRICK_MS", 1500, minimum=0, maximum=30000)
PAUSE_AFTER_ROUND_MS = env_int("PAUSE_AFTER_ROUND_MS", 5000, minimum=0, maximum=30000)

LANGUAGE_CODE = "en"
# The languages the site speaks (docs/translating.md). Each but English has its
# catalogue in locale/, compiled by `make install` (tooling/catalogues.py).
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("fa", "فارسی"),
    ("ur", "اردو"),
    ("hi", "हिन्दी"),
    ("ru", "Русский"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates and numbers as each language writes them: Django's locales, with the site's
# own touches (pages/formats/).
FORMAT_MODULE_PATH = ["pages.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

SECURE = env_bool("DJANGO_SECURE", False)
SECURE_SSL_REDIRECT = SECURE
SESSION_COOKIE_SECURE = SECURE
CSRF_COOKIE_SECURE = SECURE
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 31536000 if SECURE else 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE
SECURE_HSTS_PRELOAD = SECURE
# No SECURE_PROXY_SSL_HEADER: Django would believe X-Forwarded-Proto from anyone. The
# scheme a trusted proxy forwards reaches request.is_secure() through the ASGI scope.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp). Scripts, styles and sockets come from the site
# itself: no inline script or style, no eval (base.html's htmx-config turns off what
# htmx would need them for). 'self' covers the site's own ws:/wss: in CSP 3 browsers.
# Images may also be data: URIs (the blank favicon).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# What a client or a Redis outage causes is logged as a line, not a traceback
# (plumbing/logfilters.py): a Host header the site does not serve, a text frame that is not
# UTF-8 (uvicorn's own log), channels-redis listening to a Redis that is gone, a session
# that could not be cached.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "filters": {
        "without_traceback": {"()": "plumbing.logfilters.WithoutTraceback"},
        "bad_frames_without_traceback": {
            "()": "plumbing.logfilters.WithoutTraceback", "exceptions": ["builtins.UnicodeDecodeError"],
        },
        "redis_gone_without_traceback": {
            "()": "plumbing.logfilters.WithoutTraceback", "exceptions": ["redis.exceptions.ConnectionError"],
        },
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        "django.security.DisallowedHost": {"filters": ["without_traceback"]},
        "uvicorn.error": {"filters": ["bad_frames_without_traceback"]},
        "channels_redis.pubsub": {"filters": ["redis_gone_without_traceback"]},
        "django.contrib.sessions": {"filters": ["redis_gone_without_traceback"]},
    },
}
