from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from accounts.identity import GUEST_NAME_MAX
from accounts.models import User
from accounts.usernames import MAX_LENGTH, reserved_name_error, validate_username


def lookalike_error(name: str) -> str | None:
    """Why ``name`` may not be taken because an account's name looks like it, or None."""
    existing = User.objects.looking_like(name)
    if existing is None:
        return None
    if existing.lower() == name.lower():
        return _("That username is taken; please choose another.")
    return _("That name looks too much like %(name)s, a player here; please choose another.") % {"name": existing}


class SignUpForm(UserCreationForm):
    username = forms.CharField(
        label=gettext_lazy("Username"),
        max_length=MAX_LENGTH + 1,  # longer input reaches the validator's clear message
        validators=[validate_username],
        help_text=gettext_lazy("3–20 letters, digits, _ or -."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self):
        username = self.cleaned_data["username"]
        taken = lookalike_error(username)
        if taken:
            raise forms.ValidationError(taken, code="taken")
        return username


class LoginForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": gettext_lazy(
            "That username and password do not match an account. Check them and try again."
        ),
    }


class GuestNameForm(forms.Form):
    name = forms.CharField(
        max_length=GUEST_NAME_MAX,
        min_length=2,
        strip=True,
        error_messages={
            "required": gettext_lazy("Enter a name."),
            "min_length": ngettext_lazy(
                "A name needs at least %(limit_value)d character.",
                "A name needs at least %(limit_value)d characters.",
                "limit_value",
            ),
            "max_length": ngettext_lazy(
                "A name can have at most %(limit_value)d character.",
                "A name can have at most %(limit_value)d characters.",
                "limit_value",
            ),
        },
    )

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not all(ch.isprintable() for ch in name):
            raise forms.ValidationError(_("A name cannot contain control characters."))
        refusal = reserved_name_error(name) or lookalike_error(name)
        if refusal:
            raise forms.ValidationError(refusal)
        return name
