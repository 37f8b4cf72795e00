from django import forms

from accounts import coins
from games.courtpiece import options as courtpiece_options
from games.dayous import options as dayous_options
from rooms.courtpiece_coins import held_by
from rooms.gamerules import BOT_LEVELS


def _whole_number(
    label: str, bounds: tuple[int, int], unit: str, help_text: str = "", **kwargs
) -> forms.IntegerField:
    """A number field from the engine's ``bounds`` that says its range under it and in
    its errors; ``unit`` (points, coins, seconds) is shown after the box."""
    low, high = bounds
    field = forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        help_text=f"From {low:,} to {high:,} {unit}. {help_text}".strip(),
        error_messages={
            "required": f"Say the {label.lower()} ({low:,} to {high:,} {unit}).",
            "invalid": f"The {label.lower()} must be a whole number from {low:,} to {high:,} {unit}.",
            "min_value": f"The {label.lower()} must be at least {low:,} {unit}.",
            "max_value": f"The {label.lower()} can be at most {high:,} {unit}.",
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        **kwargs,
    )
    field.unit = unit
    return field


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

    def __init__(self, data=None, player=None):
        """``player``: who creates the room (a form with a bet shows them their coins)."""
        super().__init__(data)

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
    clock = _whole_number("Seconds per move", dayous_options.CLOCK_RANGE, "seconds", initial=30)

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

COURT_PIECE_GAMES = [
    ("double-sar", "Double Sar"),
    ("ace-rule", "Ace Rule"),
    ("hidden", "Hidden"),
    ("rung-kaat", "Rung Kaat"),
]
COURT_PIECE_RANKS = [("", "Off")] + [
    (rank, {"T": "10", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}.get(rank, rank))
    for rank in "23456789TJQKA"
]


class CourtPieceRoomForm(RoomForm):
    """The four games and the table's options. The engine checks them again when the
    room is created (``services.do_create_room``)."""

    game = forms.ChoiceField(
        label="Game",
        choices=COURT_PIECE_GAMES,
        initial="double-sar",
        widget=forms.RadioSelect,
        error_messages={"required": "Choose one of the four games.",
                        "invalid_choice": "Choose Ace Rule, Double Sar, Hidden or Rung Kaat."},
    )
    pile = forms.ChoiceField(
        label="Pile sizes",
        choices=[("3-2-2", "3-2-2"), ("5-3-3", "5-3-3")],
        initial="3-2-2",
        widget=forms.RadioSelect,
        help_text="The least the first pile, then every later pile, must hold to be picked up.",
        error_messages={"required": "Choose the pile sizes.", "invalid_choice": "The pile sizes are 3-2-2 or 5-3-3."},
    )
    ace_cannot_win_pile = forms.BooleanField(
        label="Ace cannot win the pile",
        required=False,
        help_text="A trick won with an ace never picks up the pile (the 13th trick still takes what is left).",
    )
    four_point_rank = forms.ChoiceField(
        label="4-point win",
        choices=COURT_PIECE_RANKS,
        required=False,
        initial="",
        help_text="All 13 hands, taking the last trick with a card of this rank.",
        error_messages={"invalid_choice": "The 4-point win names a card rank from 2 to Ace, or is off."},
    )
    six_point = forms.BooleanField(
        label="6-point win",
        required=False,
        help_text="As for 4 points, and the partner's last card is the same rank in another suit. "
                  "It needs a 4-point rank.",
        # static/js/room_form.js keeps it off and disabled while the 4-point win is off.
        widget=forms.CheckboxInput(attrs={"data-needs": "four_point_rank"}),
    )
    winning_points = _whole_number("Winning points", courtpiece_options.WINNING_POINTS_RANGE, "points", initial=10)
    bet = _whole_number("Bet", courtpiece_options.BET_RANGE, "coins", initial=100,
                        help_text="Paid by each loser, to each winner, every round (double for all 13 hands). "
                                  "Sitting down needs twice the bet.")
    clock = _whole_number("Seconds per move", courtpiece_options.CLOCK_RANGE, "seconds", initial=15)

    field_order = ["game", "pile", "ace_cannot_win_pile", "four_point_rank", "six_point",
                   "winning_points", "bet", "clock", "is_public", "bot_level"]

    def __init__(self, data=None, player=None):
        super().__init__(data)
        if player is not None:
            held = sum(held_by(player).values())
            self.fields["bet"].beside = _what_you_can_bet(coins.balance_of(player), held)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("six_point") and not cleaned.get("four_point_rank"):
            self.add_error("six_point", "The 6-point win needs a 4-point rank: choose one first.")
        return cleaned

    def game_options(self) -> dict:
        data = self.cleaned_data
        return {
            "game": data["game"],
            "pile": data["pile"],
            "ace_cannot_win_pile": data["ace_cannot_win_pile"],
            "four_point_rank": data["four_point_rank"] or None,
            "six_point": data["six_point"],
            "winning_points": data["winning_points"],
            "bet": data["bet"],
            "clock": data["clock"],
        }


def _what_you_can_bet(balance: int, held: int) -> str:
    """The creator's coins beside the bet, and the highest bet they can sit down at
    (sitting down needs twice the bet, beyond what their seats at other tables hold)."""
    lowest, highest = courtpiece_options.BET_RANGE
    free = max(balance - held, 0)
    you_have = f"You have {coins.coins(balance)}"
    if held:
        you_have += f", {held:,} of them held for your seats at other tables"
    if free < 2 * lowest:
        return f"{you_have}: sitting down needs at least {coins.coins(2 * lowest)} free."
    if free >= 2 * highest:
        return f"{you_have}: enough for any bet."
    return f"{you_have}: enough for a bet of up to {free // 2:,}."


FORMS = {"disunyer": DisunyerRoomForm, "dayous": DayousRoomForm, "courtpiece": CourtPieceRoomForm}


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
