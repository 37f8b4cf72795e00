from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import LoginView
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts.forms import GuestNameForm, LoginForm, SignUpForm
from accounts.identity import GUEST_ID_KEY, GUEST_NAME_KEY
from accounts.signals import guest_became_user


def _log_in_keeping_guest_progress(request, user) -> None:
    """Log in (the session key changes) and hand the guest's seats to the account."""
    guest_id = request.session.get(GUEST_ID_KEY)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    if guest_id:
        guest_became_user.send(sender=user.__class__, guest_id=guest_id, user=user)


def signup(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        _log_in_keeping_guest_progress(request, user)
        messages.success(request, f"Welcome, {user.username}! Your results now count on the leaderboard.")
        return redirect(request.GET.get("next") or "home")
    return render(request, "accounts/signup.html", {"form": form})


class PlayerLoginView(LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form):
        guest_id = self.request.session.get(GUEST_ID_KEY)
        response = super().form_valid(form)
        if guest_id:
            guest_became_user.send(sender=form.get_user().__class__, guest_id=guest_id, user=form.get_user())
        return response


@require_POST
def guest_name(request):
    form = GuestNameForm(request.POST)
    if request.user.is_authenticated:
        messages.error(request, "You are logged in: your name is your username.")
    elif form.is_valid():
        request.session[GUEST_NAME_KEY] = form.cleaned_data["name"]
        messages.success(request, f"You are now playing as {form.cleaned_data['name']}.")
    else:
        for error in form.errors["name"]:
            messages.error(request, error)
    return redirect(_safe_next(request))


def _safe_next(request) -> str:
    target = request.POST.get("next") or "/"
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return "/"


def me(request):
    return render(request, "accounts/me.html", {"name_form": GuestNameForm()})
