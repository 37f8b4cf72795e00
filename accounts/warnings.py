"""A warning from staff (``User.warning``) is shown once, on the account's next page."""

from django.contrib import messages
from django.utils.translation import gettext as _

from accounts.models import User


class StaffWarningMiddleware:
    """Reads nothing more than the request's user, which the page loads anyway."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = request.user
        if user.is_authenticated and user.warning:
            messages.warning(request, _("A warning from the moderators: %(reason)s") % {"reason": user.warning})
            User.objects.filter(pk=user.pk).update(warning="")
            user.warning = ""
        return self.get_response(request)
