from django.conf import settings
from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView, LogoutView, PasswordChangeView
from django.contrib.messages.views import SuccessMessageMixin
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts import coins
from accounts.forms import GuestNameForm, LoginForm, SignUpForm
from accounts.identity import GUEST_ID_KEY, GUEST_NAME_KEY
from accounts.languages import is_spoken, set_language_cookie
from accounts.models import Wallet
from accounts.signals import guest_became_user
from accounts.signups import count_signup, signups_paused_until


def safe_next(request) -> str:
    """The ``next`` page asked for (form field, else query string) when it is a path on
    this site ("/rooms/ABCD/"), else ``""``: no ``next`` sends anyone away, and a bare
    word ("logout") or a whole URL is not taken for one."""
    target = request.POST.get(REDIRECT_FIELD_NAME) or request.GET.get(REDIRECT_FIELD_NAME) or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return ""


def _hand_over_guest_progress(request, guest_id: str | None, user) -> None:
    """Give what the guest was in the middle of to the account; say what could not be."""
    if not guest_id:
        return
    for _receiver, problems in guest_became_user.send(sender=user.__class__, guest_id=guest_id, user=user):
        for problem in problems or ():
            messages.error(request, problem)


def _signups_paused(request, until):
    context = {"now": timezone.now(), "until": until, "limit": settings.SIGNUPS_PER_ADDRESS_PER_DAY}
    return render(request, "accounts/signups_paused.html", context, status=429)


def signup(request):
    paused_until = signups_paused_until(request)
    if paused_until:
        return _signups_paused(request, paused_until)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        paused_until = count_signup(request)
        if paused_until:
            return _signups_paused(request, paused_until)
        user = form.save()
        guest_id = request.session.get(GUEST_ID_KEY)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request, _("Welcome, %(name)s! Your results now count on the leaderboard.") % {"name": user.username}
        )
        _hand_over_guest_progress(request, guest_id, user)
        return redirect(safe_next(request) or "home")
    return render(request, "accounts/signup.html", {"form": form})


class PlayerLoginView(LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def get_redirect_url(self):
        return safe_next(self.request)

    def form_valid(self, form):
        guest_id = self.request.session.get(GUEST_ID_KEY)
        response = super().form_valid(form)
        _hand_over_guest_progress(self.request, guest_id, form.get_user())
        return response


class PlayerLogoutView(LogoutView):
    def get_redirect_url(self):
        return safe_next(self.request)


class PlayerPasswordChangeView(SuccessMessageMixin, PasswordChangeView):
    """Logged in only (a guest is sent to log in first); the player stays logged in."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:me")
    success_message = gettext_lazy("Your password has been changed.")


@require_POST
def guest_name(request):
    form = GuestNameForm(request.POST)
    if request.user.is_authenticated:
        messages.error(request, _("You are logged in: your name is your username."))
    elif form.is_valid():
        request.session[GUEST_NAME_KEY] = form.cleaned_data["name"]
        messages.success(request, _("You are now playing as %(name)s.") % {"name": form.cleaned_data["name"]})
    else:
        for error in form.errors["name"]:
            messages.error(request, error)
    return redirect(safe_next(request) or "/")


LEDGER_LINES = 10


def me(request):
    wallet = Wallet.objects.filter(user=request.user).first() if request.user.is_authenticated else None
    context = {
        "name_form": GuestNameForm(),
        "wallet": wallet,
        "entries": wallet.entries.select_related("room")[:LEDGER_LINES] if wallet else [],
        "guest_coins": coins.GUEST_COINS,
        "welcome_coins": coins.WELCOME_COINS,
    }
    return render(request, "accounts/me.html", context)


@require_POST
@login_required
def chat_setting(request):
    """The account's "chat off": the tables then show it no chat, and it writes none."""
    request.user.chat_off = request.POST.get("chat_off") == "on"
    request.user.save(update_fields=["chat_off"])
    if request.user.chat_off:
        messages.success(request, _("Chat is off: the tables show you no chat."))
    else:
        messages.success(request, _("Chat is on."))
    return redirect("accounts:me")


@require_POST
def choose_language(request):
    """The header's language switcher: the language is kept in the cookie and, for an
    account, saved with it; a code the site does not speak changes nothing."""
    code = request.POST.get("language", "")
    response = redirect(safe_next(request) or "/")
    if not is_spoken(code):
        messages.error(request, _("The site does not speak that language; nothing was changed."))
        return response
    set_language_cookie(response, code)
    if request.user.is_authenticated and request.user.language != code:
        request.user.language = code
        request.user.save(update_fields=["language"])
    return response
