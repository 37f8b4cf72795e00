"""Ratings: OpenSkill (Plackett–Luce) per game and account, kept in the transaction that
records a game, rebuilt from the results, and a voided or deleted game taken out."""

import random

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from leaderboard import ratings
from leaderboard.models import Rating, RatingChange, Result
from leaderboard.ratings import NEW, PROVISIONAL_GAMES, Skill, bot_skill, display
from leaderboard.services import void_game
from rooms.models import Room
from tests.leaderboard.helpers import BOT, Bot, Guest, account, accounts, finish_game

pytestmark = pytest.mark.django_db
OPENSKILL = PlackettLuce()


def rating(user, game="disunyer") -> Rating:
    return Rating.objects.get(user=user, game=game)


def kept() -> tuple[dict, dict]:
    """Every rating and every step, as plain values."""
    now = {
        (row.user_id, row.game): (row.mu, row.sigma, row.games, row.display, row.active)
        for row in Rating.objects.all()
    }
    steps = {
        row.result_id: (row.user_id, row.game, row.mu_before, row.sigma_before, row.mu, row.sigma)
        for row in RatingChange.objects.all()
    }
    return now, steps


def openskill(teams, ranks):
    """What OpenSkill itself gives for teams of (mu, sigma)."""
    new = OPENSKILL.rate([[OPENSKILL.rating(mu, sigma) for mu, sigma in team] for team in teams], ranks=ranks)
    return [[(player.mu, player.sigma) for player in team] for team in new]


# ----------------------------------------------------------------------------- the update rules


def test_a_free_for_all_is_rated_by_place_and_a_shared_place_shares_the_rank():
    """Ann and Bea share 1st place, Carl is 3rd: Ann and Bea, who started alike, end alike
    and above a new account, Carl below it; the figures are OpenSkill's for ranks 1, 1, 3."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    finish_game([ann, bea, carl], [1, 1, 3])
    assert (rating(ann).mu, rating(ann).sigma) == pytest.approx((25.717262170187357, 8.205243377397993))
    assert (rating(ann).mu, rating(ann).sigma) == (rating(bea).mu, rating(bea).sigma)
    assert rating(carl).mu == pytest.approx(23.565475659625285)
    expected = openskill([[(25, 25 / 3)]] * 3, [1, 1, 3])
    assert [(rating(who).mu, rating(who).sigma) for who in (ann, bea, carl)] == [team[0] for team in expected]


def test_dayous_is_rated_by_place_like_disunyer():
    """A Dayous game: the first out is 1st, the dayous last; each seat is its own team."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    finish_game([ann, bea, carl], [2, 1, 3], game="dayous", mode="", options={}, outcome={"dayous": 2})
    expected = openskill([[(25, 25 / 3)]] * 3, [2, 1, 3])
    got = [(rating(who, "dayous").mu, rating(who, "dayous").sigma) for who in (ann, bea, carl)]
    assert got == [team[0] for team in expected]
    assert rating(bea, "dayous").mu > rating(ann, "dayous").mu > 25 > rating(carl, "dayous").mu


def test_court_piece_is_rated_by_team():
    """Ann (seat 0) and Carl (seat 2) win the table against Bea and Dora: partners are one
    team; each of them gains the same, each of the others loses the same."""
    ann, bea, carl, dora = accounts("Ann", "Bea", "Carl", "Dora")
    finish_game([ann, bea, carl, dora], [1, 3, 1, 3], game="courtpiece", mode="", options={}, winners=[0, 2])
    (won, _), (lost, _) = openskill([[(25, 25 / 3)] * 2] * 2, [1, 3])
    assert (rating(ann, "courtpiece").mu, rating(ann, "courtpiece").sigma) == won
    assert (rating(carl, "courtpiece").mu, rating(carl, "courtpiece").sigma) == won
    assert (rating(bea, "courtpiece").mu, rating(dora, "courtpiece").mu) == (lost[0], lost[0])
    assert won[0] > 25 > lost[0]


def test_bots_play_with_their_levels_fixed_rating_and_never_change():
    """Ann beats two strong bots: her update is OpenSkill's against two players at the
    strong level's rating; no bot gets a rating row. Beating strong bots is worth more
    than beating easy ones, when the levels are rated apart."""
    ann, bea = accounts("Ann", "Bea")
    strong, easy = bot_skill("disunyer", "strong"), bot_skill("disunyer", "easy")
    finish_game([ann, Bot(level="strong"), Bot(level="strong")], [1, 2, 3])
    finish_game([bea, Bot(level="easy"), Bot(level="easy")], [1, 2, 3])
    expected = openskill([[(25, 25 / 3)], [(strong.mu, strong.sigma)], [(strong.mu, strong.sigma)]], [1, 2, 3])
    assert (rating(ann).mu, rating(ann).sigma) == expected[0][0]
    assert set(Rating.objects.values_list("user__username", flat=True)) == {"Ann", "Bea"}
    assert (rating(ann).mu > rating(bea).mu) == (strong.mu > easy.mu)
    assert bot_skill("disunyer", "strong").sigma == ratings.BOT_SIGMA


def test_a_guest_plays_with_a_new_accounts_rating_and_keeps_none():
    """Ann loses to a guest: the guest counts as a new account, and gets no rating."""
    ann = account("Ann")
    finish_game([Guest("Zoe"), ann], [1, 2])
    assert (rating(ann).mu, rating(ann).sigma) == openskill([[(25, 25 / 3)]] * 2, [1, 2])[1][0]
    assert Rating.objects.count() == 1


def test_a_game_without_an_account_or_with_one_team_rates_nobody():
    """Bots and guests alone rate nobody; nor does a table where everyone is one team."""
    finish_game([Guest("Zoe"), BOT], [1, 2])
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    seats = [ratings.Seat(0, 1, user_id=1), ratings.Seat(2, 1, user_id=2)]
    assert ratings.rated_accounts("courtpiece", seats) == []
    assert ratings.rate("courtpiece", seats, {1: NEW, 2: NEW}) == {}


def test_an_account_is_provisional_until_its_tenth_rated_game():
    """Ratings count rated games: nine make a provisional rating, the tenth a settled one."""
    ann, bea = accounts("Ann", "Bea")
    for number in range(PROVISIONAL_GAMES):
        assert ratings.is_provisional(Rating.objects.filter(user=ann).values_list("games", flat=True).first() or 0)
        finish_game([ann, bea], [1 + number % 2, 2 - number % 2])
    assert rating(ann).games == PROVISIONAL_GAMES
    assert not ratings.is_provisional(rating(ann).games)
    assert ratings.is_provisional(PROVISIONAL_GAMES - 1)


def test_the_shown_rating_is_the_scaled_ordinal():
    """Shown: 40 × (mu − 3σ) + 1000, rounded: a new account shows 1000."""
    assert NEW.display == 1000 == display(25, 25 / 3)
    assert display(30, 2) == round(40 * (30 - 6) + 1000) == 1960
    assert display(20, 8) == 840  # below a new account: mu fell more than sigma did
    assert display(31.7, 2.3) == round(OPENSKILL.rating(31.7, 2.3).ordinal(alpha=40, target=1000))


def test_each_step_is_kept_with_the_rating_before_and_after():
    """Two games: the second step starts where the first ended, and the rating row is the last step."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea], [1, 2])
    finish_game([ann, bea], [2, 1])
    first, second = RatingChange.objects.filter(user=ann).order_by("result_id")
    assert (first.mu_before, first.sigma_before) == (NEW.mu, NEW.sigma)
    assert (second.mu_before, second.sigma_before) == (first.mu, first.sigma)
    assert (rating(ann).mu, rating(ann).sigma, rating(ann).games) == (second.mu, second.sigma, 2)
    assert rating(ann).display == display(second.mu, second.sigma)


# ----------------------------------------------------------------------------- derived data


def play_a_season(seed: int, people: list, games: int = 30) -> list[Room]:
    """Random tables of Disunyer (2–5 seats), Dayous (2–4) and Court Piece (4), with bots
    of every level and a guest now and then; random places (shared ones too)."""
    rng = random.Random(seed)
    rooms = []
    for _ in range(games):
        game = rng.choice(["disunyer", "dayous", "courtpiece"])
        size = 4 if game == "courtpiece" else rng.randint(2, {"disunyer": 5, "dayous": 4}[game])
        players = rng.sample(people, min(size, len(people)))
        while len(players) < size:
            players.append(Guest("Zoe") if rng.random() < 0.3 else Bot(level=rng.choice(["easy", "normal", "strong"])))
        rng.shuffle(players)
        if game == "courtpiece":
            places = [1, 3, 1, 3] if rng.random() < 0.5 else [3, 1, 3, 1]
            rooms.append(finish_game(players, places, game=game, mode="", options={},
                                     winners=[seat for seat in range(4) if places[seat] == 1]))
        else:
            places = sorted(rng.randint(1, size) for _ in range(size))
            places = [min(i + 1 for i, p in enumerate(places) if p == place) for place in places]
            rng.shuffle(places)
            rooms.append(finish_game(players, places, game=game, mode="" if game == "dayous" else "standard",
                                     options={} if game == "dayous" else None))
    return rooms


def test_the_recompute_command_gives_the_ratings_the_games_kept():
    """Thirty games of every kind rated as they end, then ``recompute_ratings`` rates them
    all again from the results: every rating and every step is the same, to the bit."""
    people = accounts("Ann", "Bea", "Carl", "Dora", "Eve", "Finn")
    play_a_season(1, people)
    before = kept()
    assert len(before[0]) >= 12 and len(before[1]) >= 60
    Rating.objects.update(mu=0, sigma=1, games=99, display=0)
    RatingChange.objects.all().delete()
    call_command("recompute_ratings")
    assert kept() == before


def test_voiding_a_game_takes_it_out_of_every_rating_that_followed():
    """Of thirty games one in the middle is voided: its steps go, and the ratings are what
    rating every other game from scratch gives (the games after it are rated again)."""
    people = accounts("Ann", "Bea", "Carl", "Dora", "Eve", "Finn")
    rooms = play_a_season(2, people)
    voided = next(room for room in rooms[10:] if Result.objects.filter(room=room, user__isnull=False).exists())
    before = kept()
    void_game(voided.pk, "Collusion")
    after = kept()
    assert after != before
    assert not RatingChange.objects.filter(result__room=voided).exists()
    call_command("recompute_ratings")
    assert kept() == after


def test_voiding_an_accounts_only_game_leaves_no_rating_behind():
    """Ann's only game voided: she has no rating any more (a new account again)."""
    (ann,) = accounts("Ann")
    room = finish_game([ann, BOT], [1, 2])
    void_game(room.pk, "Test table")
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_deleting_a_room_takes_its_game_out_of_the_ratings():
    """A room deleted with its results: the ratings are those of the other games alone."""
    people = accounts("Ann", "Bea", "Carl", "Dora")
    rooms = play_a_season(3, people, games=12)
    rooms[3].delete()
    after = kept()
    call_command("recompute_ratings")
    assert kept() == after


def test_deleting_an_account_takes_its_seats_out_of_the_games_it_played():
    """Bea's account deleted: her results go, and the others' ratings are what rating the
    games without her seat gives."""
    people = accounts("Ann", "Bea", "Carl", "Dora")
    play_a_season(4, people, games=12)
    people[1].delete()
    after = kept()
    assert not any(user_id == people[1].pk for user_id, _ in after[0])
    call_command("recompute_ratings")
    assert kept() == after


def test_a_game_left_with_one_seat_by_a_deletion_rates_nobody_any_more():
    """Carl beat Bea, then lost to Ann. Bea's account deleted: the first game rates nobody
    (Carl alone), so Carl has one rated game, as rating from scratch says."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    finish_game([carl, bea], [1, 2])
    finish_game([ann, carl], [1, 2])
    bea.delete()
    assert rating(carl).games == 1
    assert (rating(carl).mu, rating(carl).sigma) == openskill([[(25, 25 / 3)]] * 2, [1, 2])[1][0]
    after = kept()
    call_command("recompute_ratings")
    assert kept() == after


def test_a_deactivated_account_leaves_the_rating_board_and_comes_back():
    """The rating's copy of ``is_active`` follows the account."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea], [1, 2])
    ann.is_active = False
    ann.save()
    assert not rating(ann).active
    ann.is_active = True
    ann.save()
    assert rating(ann).active


def test_a_rating_step_stores_what_rate_returned():
    """The pure rule and the kept rating agree for a fixed table."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea, BOT], [2, 3, 1])
    seats = [ratings.Seat(0, 2, user_id=ann.pk), ratings.Seat(1, 3, user_id=bea.pk),
             ratings.Seat(2, 1, bot_level="normal", is_bot=True)]
    new = ratings.rate("disunyer", seats, {ann.pk: NEW, bea.pk: NEW})
    assert new[ann.pk] == Skill(rating(ann).mu, rating(ann).sigma)
    assert new[bea.pk] == Skill(rating(bea).mu, rating(bea).sigma)
