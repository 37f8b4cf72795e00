"""What makes a username acceptable, each rule with its own clear error."""

import re

from django.core.exceptions import ValidationError

MIN_LENGTH = 3
MAX_LENGTH = 20
ALLOWED = re.compile(r"^[A-Za-z0-9_-]+$")
RESERVED = frozenset(
    {
        "admin", "administrator", "root", "staff", "system", "support", "moderator",
        "mod", "help", "bot", "bots", "guest", "guests", "anonymous", "spectator",
        "bank", "dealer", "house", "null", "none", "undefined", "me", "you",
        "everyone", "disunyer", "dayous", "courtpiece", "cardclub",
    }
)


def validate_username(value: str) -> None:
    if len(value) < MIN_LENGTH:
        raise ValidationError(f"A username needs at least {MIN_LENGTH} characters.", code="too_short")
    if len(value) > MAX_LENGTH:
        raise ValidationError(f"A username can have at most {MAX_LENGTH} characters.", code="too_long")
    if not ALLOWED.match(value):
        raise ValidationError(
            "Use only letters, digits, underscores (_) and hyphens (-) in a username.",
            code="bad_characters",
        )
    if value.lower() in RESERVED:
        raise ValidationError("That username is reserved; please choose another.", code="reserved")
