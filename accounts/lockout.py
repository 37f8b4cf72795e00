"""Whose failed logins django-axes counts (``AXES_USERNAME_CALLABLE``)."""

from django.conf import settings

from accounts.models import User


def lockout_username(request, credentials: dict | None) -> str | None:
    """The name a login attempt counts against: the account's own username whatever case
    was typed (login accepts any case), else the typed name in lower case, so that
    ``ann``, ``ANN`` and ``Ann`` share one counter whether or not the account exists."""
    typed = (credentials or request.POST).get(settings.AXES_USERNAME_FORM_FIELD)
    if not typed:
        return typed
    account = User.objects.by_username(typed)
    return account.username if account else typed.lower()
