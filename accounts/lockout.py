"""Failed logins, as django-axes counts them: per username and client address
(AXES_FAILURE_LIMIT, axes' own count), and per client address whatever the username
(LOGIN_FAILURES_PER_ADDRESS, ``AddressLockoutHandler``), so that one address cannot try
a few passwords on each of many accounts. Either count at its limit refuses the logins
it counts, the right password too, until AXES_COOLOFF_TIME has passed since the last
failure. A successful login clears its own username's failures only."""

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.conf import settings
from django.db.models import Sum
from django.shortcuts import render
from django.utils import timezone

from accounts.models import User
from plumbing.clients import client_network


def lockout_username(request, credentials: dict | None) -> str | None:
    """The name a login attempt counts against: the account's own username whatever case
    was typed (login accepts any case), else the typed name in lower case, so that
    ``ann``, ``ANN`` and ``Ann`` share one counter whether or not the account exists."""
    typed = (credentials or request.POST).get(settings.AXES_USERNAME_FORM_FIELD)
    if not typed:
        return typed
    account = User.objects.by_username(typed)
    return account.username if account else typed.lower()


def client_address(request) -> str | None:
    """The client address failed logins count against (``AXES_CLIENT_IP_CALLABLE``)."""
    return client_network(request.META.get("REMOTE_ADDR"))


def address_locked(request) -> bool:
    """Whether the request's client address has failed LOGIN_FAILURES_PER_ADDRESS logins,
    whatever their usernames, since the cool-off began."""
    recent = AccessAttempt.objects.filter(
        ip_address=request.axes_ip_address, attempt_time__gte=get_cool_off_threshold(request)
    )
    failures = recent.aggregate(failures=Sum("failures_since_start"))["failures"] or 0
    return failures >= settings.LOGIN_FAILURES_PER_ADDRESS


class AddressLockoutHandler(AxesDatabaseHandler):
    """django-axes' database handler, which also locks a client address out as a whole."""

    def is_locked(self, request, credentials=None) -> bool:
        return super().is_locked(request, credentials) or address_locked(request)

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        super().user_login_failed(sender, credentials, request=request, **kwargs)
        if request is not None and not request.axes_locked_out and address_locked(request):
            request.axes_locked_out = True
            request.axes_credentials = credentials
            user_locked_out.send(
                "axes", request=request, username=get_client_username(request, credentials),
                ip_address=request.axes_ip_address,
            )


def locked_out(request, original_response=None, credentials=None):
    """The page a refused login gets (``AXES_LOCKOUT_CALLABLE``): which logins are paused,
    and until when."""
    now = timezone.now()
    context = {"by_address": address_locked(request), "now": now, "until": now + get_cool_off(request)}
    return render(request, "accounts/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE)
