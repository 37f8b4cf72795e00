"""Court Piece's log sentences say what happened and, where hands or points changed, each
team's new total by name: no bare "3 to 0" a reader could take for a range."""


from .helpers import BANDS, LADDER, Table, text

ANN_AND_CARL = "{seat0} and {seat2}"
BEA_AND_DAN = "{seat1} and {seat3}"


def test_a_pickup_says_how_many_hands_were_taken_and_both_teams_new_totals():
    """3-2-2: Bea wins trick 1, Ann tricks 2 and 3: Ann picks up the three hands on the table,
    and the sentence says Ann & Carl now have 3, Bea & Dan 0."""
    t = Table(LADDER)
    t.call("s")
    t.lead("h")
    t.lead("s")
    pickup = t.of_type("pickup", t.lead("s"))[0]
    assert text(pickup) == (
        f"{{seat0}} picked up the 3 hands on the table: {ANN_AND_CARL} now have 3 hands, {BEA_AND_DAN} 0."
    )


def test_a_pickup_by_the_second_team_names_that_team_first():
    """Ann & Carl hold 4 hands when Dan wins twice in a row: the sentence gives Bea & Dan's
    new 3 first, then Ann & Carl's 4."""
    t = Table(LADDER)
    t.call("s")
    for suit in "ssdddc":
        t.lead(suit)
    pickup = t.of_type("pickup", t.lead("c"))[0]
    assert text(pickup) == (
        f"{{seat3}} picked up the 3 hands on the table: {BEA_AND_DAN} now have 3 hands, {ANN_AND_CARL} 4."
    )


def test_a_pickup_of_one_hand_is_singular():
    """The last trick alone on the table: Ann picks up "the 1 hand", and her team has 7 hands."""
    pickup = {"type": "pickup", "seat": 0, "team": 0, "tricks": 1, "hands": [7, 6]}
    assert text(pickup) == (
        f"{{seat0}} picked up the 1 hand on the table: {ANN_AND_CARL} now have 7 hands, {BEA_AND_DAN} 6."
    )


def test_a_round_result_gives_the_points_won_and_both_teams_new_points():
    """Ann's team wins round 1 by 7 hands to 6: 1 point, and the table's score by name."""
    t = Table(LADDER)
    t.call("h")
    for suit in "hssshhdddccc":
        t.lead(suit)
    over = t.of_type("round_over", t.default(4))[0]
    assert text(over) == (
        f"{ANN_AND_CARL} win round 1, 7 hands to 6: 1 point. They now have 1 point, {BEA_AND_DAN} 0."
    )


def test_a_pile_an_ace_cannot_win_names_the_winner_in_the_sentence():
    """"Ace cannot win the pile": Ann's ace wins the trick, and the log says the pile stays
    because an ace cannot win it, with Ann in the sentence rather than in brackets."""
    t = Table(BANDS, ace_cannot_win_pile=True)
    t.call("d")
    for card in ("Ac", "As", "Kc", "Qs"):
        t.play(card)
        t.default(3)
    blocked = t.of_type("pile_blocked", t.play("Ah") + t.default(3))[0]
    assert text(blocked) == "The pile stays: {seat0} won with an ace, and an ace cannot win the pile."
