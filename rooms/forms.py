from django import forms

from rooms.gamerules import BOT_LEVELS


class RoomForm(forms.Form):
    """What every room asks at creation; each game adds its own options."""

    is_public = forms.TypedChoiceField(
        label="Who can find it",
        choices=[("1", "Public: listed in the lobby"), ("0", "Private: by code or link only")],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    bot_level = forms.ChoiceField(
        label="Bots that fill empty seats",
        choices=[(level, level.capitalize()) for level in BOT_LEVELS],
        initial="normal",
    )

    def game_options(self) -> dict:
        return {}

    def players(self) -> int | None:
        """Seats at the table, where the host chooses them."""
        return None


class DisunyerRoomForm(RoomForm):
    mode = forms.ChoiceField(
        choices=[("standard", "Standard"), ("stuck-king", "Stuck King")],
        initial="standard",
        widget=forms.RadioSelect,
        help_text="Stuck King: Kings dealt are shown and can't be passed or taken.",
    )

    def game_options(self) -> dict:
        return {"mode": self.cleaned_data["mode"]}


FORMS = {"disunyer": DisunyerRoomForm}


class JoinByCodeForm(forms.Form):
    code = forms.CharField(
        max_length=8,
        min_length=4,
        error_messages={
            "required": "Enter a room code.",
            "min_length": "A room code has at least 4 characters.",
            "max_length": "A room code has at most 8 characters.",
        },
    )

    def clean_code(self):
        code = self.cleaned_data["code"].strip().upper()
        if not code.isalnum():
            raise forms.ValidationError("A room code has only letters and digits.")
        return code
