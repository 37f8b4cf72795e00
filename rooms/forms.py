from django import forms

from accounts import coins
from games.definition import GameDefinition
from games.options_schema import AnyOption, Choice, PlayerCount, Switch, WholeNumber
from rooms.gamerules import BOT_LEVELS
from rooms.table_coins import held_by


def _whole_number(number: WholeNumber) -> forms.IntegerField:
    """A number field that says its range under it and in its errors; its unit (points,
    coins, seconds) is shown after the box."""
    label, low, high, unit = number.label, number.low, number.high, number.unit
    field = forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        initial=number.default,
        help_text=f"From {low:,} to {high:,} {unit}. {number.help_text}".strip(),
        error_messages={
            "required": f"Say the {label.lower()} ({low:,} to {high:,} {unit}).",
            "invalid": f"The {label.lower()} must be a whole number from {low:,} to {high:,} {unit}.",
            "min_value": f"The {label.lower()} must be at least {low:,} {unit}.",
            "max_value": f"The {label.lower()} can be at most {high:,} {unit}.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    field.unit = unit
    return field


def _choice(choice: Choice) -> forms.TypedChoiceField:
    """The choice's values, the default first; a value None is the form's "" and makes
    the choice optional."""
    by_name = {"" if value.value is None else str(value.value): value.value for value in choice.values}
    errors = {"required": choice.missing_error, "invalid_choice": choice.invalid_error}
    return forms.TypedChoiceField(
        label=choice.label,
        choices=[("" if value.value is None else str(value.value), value.label) for value in choice.offered],
        coerce=by_name.__getitem__,
        required=None not in choice.choices,
        empty_value=None,
        initial="" if choice.default is None else str(choice.default),
        help_text=choice.help_text,
        error_messages={kind: words for kind, words in errors.items() if words},
        widget=forms.RadioSelect if choice.buttons else forms.Select,
    )


def _switch(switch: Switch) -> forms.BooleanField:
    # static/js/room_form.js keeps a switch that needs a choice off and disabled while
    # that choice is off.
    return forms.BooleanField(
        label=switch.label,
        required=False,
        initial=switch.default,
        help_text=switch.help_text,
        widget=forms.CheckboxInput(attrs={"data-needs": switch.needs} if switch.needs else None),
    )


def _field(option: AnyOption) -> forms.Field:
    if isinstance(option, Choice):
        return _choice(option)
    if isinstance(option, WholeNumber):
        return _whole_number(option)
    return _switch(option)


def _players(players: PlayerCount) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label="Players",
        choices=[(str(n), str(n)) for n in range(players.low, players.high + 1)],
        coerce=int,
        initial=str(players.default),
        help_text=players.help_text,
    )


class RoomForm(forms.Form):
    """What a room of ``game`` asks at creation: the number of players where the host
    chooses it, the game's options (``GameDefinition.options``), then who can find the
    room and the bots' level. The engine checks the options again when the room is
    created (``lifecycle.do_create_room``), with its own messages."""

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

    fields: dict[str, forms.Field]  # Django's forms make it: the form's fields by name, in order

    def __init__(self, game: GameDefinition, data=None, player=None):
        """``player``: who creates the room (a game played for coins shows them theirs
        beside the bet)."""
        super().__init__(data)
        self.schema = game.options
        fields = {option.key: _field(option) for option in self.schema.options}
        if self.schema.players is not None:
            fields = {"players": _players(self.schema.players), **fields}
        self.fields = {**fields, **self.fields}
        if game.plays_for_coins and player is not None:
            held = sum(held_by(player).values())
            bet = self.schema["bet"]
            assert isinstance(bet, WholeNumber), "a game played for coins has a number for its bet"
            self.fields["bet"].beside = _what_you_can_bet(coins.balance_of(player), held, bet.low, bet.high)

    def clean(self):
        cleaned = super().clean()
        switch = self.schema.unmet_need(cleaned)
        if switch is not None:
            self.add_error(switch.key, switch.needs_error)
        return cleaned

    def game_options(self) -> dict:
        return {key: self.cleaned_data[key] for key in self.schema.keys()}

    def players(self) -> int | None:
        """Seats at the table, where the host chooses them."""
        return self.cleaned_data["players"] if self.schema.players is not None else None


def _what_you_can_bet(balance: int, held: int, lowest: int, highest: int) -> str:
    """The creator's coins beside the bet, and the highest bet they can sit down at
    (sitting down needs twice the bet, beyond what their seats at other tables hold)."""
    free = max(balance - held, 0)
    you_have = f"You have {coins.coins(balance)}"
    if held:
        you_have += f", {held:,} of them held for your seats at other tables"
    if free < 2 * lowest:
        return f"{you_have}: sitting down needs at least {coins.coins(2 * lowest)} free."
    if free >= 2 * highest:
        return f"{you_have}: enough for any bet."
    return f"{you_have}: enough for a bet of up to {free // 2:,}."


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
