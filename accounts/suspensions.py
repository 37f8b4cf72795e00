"""Staff suspend an account: it can no longer sign in, and every session it had ends,
so no page acts as it any more."""

from importlib import import_module

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.models import Session
from django.utils import timezone

from accounts.models import User


def suspend(user: User) -> None:
    user.is_active = False
    user.save(update_fields=["is_active"])  # the boards' copies follow (leaderboard's receiver)
    end_sessions(user.pk)


def end_sessions(user_id: int) -> None:
    """Ends every live session signed in as the account, in the database and the cache.
    Sessions are not kept by account, so each is read: this is staff's rare action."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        if session.get_decoded().get(SESSION_KEY) == str(user_id):
            store(session.session_key).delete()
