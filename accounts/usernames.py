"""What makes a username acceptable, each rule with its own clear error; and the names
nobody may take, as a username or as a guest's name (the games' names among them,
``reserve``d by the rooms app, as accounts know no game)."""

import re
from functools import cache

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.identity import BOT_LEVEL_LABELS, GUEST_NAME_WORD
from accounts.lookalikes import looks_numbered, skeleton, words

MIN_LENGTH = 3
MAX_LENGTH = 20
ALLOWED = re.compile(r"^[A-Za-z0-9_-]+$")
# Words that would pass a player off as the site's staff: no name may hold one.
STAFF_WORDS = frozenset({"admin", "administrator", "moderator", "mod", "staff", "support", "root", "system"})
# The games' names are reserved too (``reserve``).
RESERVED = set(STAFF_WORDS) | {
    "help", "bot", "bots", "guest", "guests", "anonymous", "spectator",
    "bank", "dealer", "house", "null", "none", "undefined", "me", "you",
    "everyone", "cardclub",
}


def reserve(names) -> None:
    """Reserve ``names`` too: nobody may take them, in any case or look-alike spelling."""
    RESERVED.update(names)


@cache
def _skeletons(names: frozenset[str]) -> frozenset[str]:
    return frozenset(map(skeleton, names))


def reserved_name_error(name: str) -> str | None:
    """Why nobody may take ``name`` (a reserved word, a staff word, a bot's name, in any
    case or look-alike spelling), or None."""
    if skeleton(name) in _skeletons(frozenset(RESERVED)) or words(name) & _skeletons(STAFF_WORDS):
        return _("That name is reserved; please choose another.")
    if any(looks_numbered(name, label) for label in BOT_LEVEL_LABELS.values()):
        return _("That is what the bots at the tables are called; please choose another name.")
    return None


def validate_username(value: str) -> None:
    if len(value) < MIN_LENGTH:
        least = ngettext(
            "A username needs at least %(count)s character.",
            "A username needs at least %(count)s characters.",
            MIN_LENGTH,
        )
        raise ValidationError(least % {"count": MIN_LENGTH}, code="too_short")
    if len(value) > MAX_LENGTH:
        most = ngettext(
            "A username can have at most %(count)s character.",
            "A username can have at most %(count)s characters.",
            MAX_LENGTH,
        )
        raise ValidationError(most % {"count": MAX_LENGTH}, code="too_long")
    if not ALLOWED.match(value):
        raise ValidationError(
            _("Use only letters, digits, underscores (_) and hyphens (-) in a username."),
            code="bad_characters",
        )
    reserved = reserved_name_error(value)
    if reserved:
        raise ValidationError(reserved, code="reserved")
    if looks_numbered(value, GUEST_NAME_WORD):
        raise ValidationError(
            _("Names like %(example)s are what guests are called; please choose another.")
            % {"example": f"{GUEST_NAME_WORD}-1234"},
            code="guest_name",
        )
