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


class DayousRoomForm(RoomForm):
    """Seats, decks and clock. Whether the engine can deal that table is checked when
    the room is created (``services.do_create_room``), with the engine's own message."""

    decks = forms.TypedChoiceField(
        label="Decks",
        choices=[("1", "1 deck (hands of 7)"), ("2", "2 decks (hands of 10)"), ("3", "3 decks (hands of 10)")],
        coerce=int,
        initial="1",
    )
    clock = forms.IntegerField(
        label="Seconds per move",
        min_value=10,
        max_value=60,
        initial=30,
        help_text="From 10 to 60 seconds.",
        error_messages={
            "required": "Say how many seconds a player has per move (10 to 60).",
            "invalid": "The clock must be a whole number of seconds from 10 to 60.",
            "min_value": "The clock must be at least 10 seconds.",
            "max_value": "The clock can be at most 60 seconds.",
        },
    )

    field_order = ["players", "decks", "clock", "is_public", "bot_level"]

    def game_options(self) -> dict:
        return {"decks": self.cleaned_data["decks"], "clock": self.cleaned_data["clock"]}

    def players(self) -> int | None:
        return self.cleaned_data["players"]


# The field shares its name with RoomForm.players(), so it is added once the class is built
# (a class attribute would be replaced by the method).
DayousRoomForm.base_fields["players"] = forms.TypedChoiceField(
    label="Players",
    choices=[(str(n), str(n)) for n in range(2, 9)],
    coerce=int,
    initial="4",
    help_text="One deck seats 2 to 7 players; two or three decks up to 8.",
)

FORMS = {"disunyer": DisunyerRoomForm, "dayous": DayousRoomForm}


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
