"""What the replay page shows of the bot's reviews (docs/review.md): per seat its state
(to ask for, waiting, running, done), a summary, a chart of the estimates and every
decision in words; and on a step, the review of the move it made."""

from dataclasses import dataclass

from django.utils import formats
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext_lazy

from games import registry
from games import review as analysis
from games.definition import Review
from rooms.models import SeatReview
from rooms.replays import reviews
from rooms.speech import say
from rooms.templatetags.tables import event_line

GRADE_WORDS = {
    "inaccuracy": pgettext_lazy("a move the bot's review marks", "Inaccuracy"),
    "mistake": pgettext_lazy("a move the bot's review marks", "Mistake"),
    "blunder": pgettext_lazy("a move the bot's review marks", "Blunder"),
}


@dataclass(frozen=True)
class Row:
    """One reviewed decision, in words."""

    move: int
    played: SafeString
    best: SafeString | None  # None: the move played was the bot's choice
    value: str  # the played move's estimate
    loss: str
    grade: str  # "" for none
    grade_words: str
    timeout: bool


@dataclass(frozen=True)
class Chart:
    """A review's estimates across the game, as an inline SVG's coordinates."""

    width: int
    height: int
    line: str  # the polyline's points
    dots: list[tuple[float, float, str, int]]  # x, y, grade (or ""), move
    zero: float | None  # the y of the zero line (points), None for chances
    top: str  # the highest estimate the chart shows, in words
    bottom: str


@dataclass(frozen=True)
class SeatShown:
    seat: int
    name: str
    review: SeatReview | None
    stalled: bool  # its task was lost: it may be asked for again
    summary: dict | None
    average: str
    chart: Chart | None
    rows: list[Row]


def seats_shown(game: str, match, seats, names: dict[int, str]) -> list[SeatShown]:
    """Every seat's review (or none yet), as the page shows it."""
    found = reviews.reviews_of(match)
    declared = registry.definition(game).review
    shown = []
    for seat in seats:
        review = found.get(seat.index)
        decisions = review.decisions if review is not None and review.status == SeatReview.Status.DONE else []
        summary = analysis.summary(decisions) if decisions else None
        shown.append(SeatShown(
            seat.index, names[seat.index], review, review is not None and reviews.is_stalled(review), summary,
            _amount(summary["average_loss"], declared) if summary else "",
            chart(decisions, declared), [_row(decision, game, names, declared) for decision in decisions],
        ))
    return shown


def step_row(game: str, match, move: int, names: dict[int, str]) -> Row | None:
    """The finished review's word on move ``move``, if it reviewed that move."""
    declared = registry.definition(game).review
    for review in SeatReview.objects.filter(match=match, status=SeatReview.Status.DONE):
        decision = next((decision for decision in review.decisions if decision["move"] == move), None)
        if decision is not None:
            return _row(decision, game, names, declared)
    return None


def measure(game: str) -> SafeString:
    return say(registry.definition(game).review.measure, {})


def _row(decision: dict, game: str, names: dict[int, str], declared: Review) -> Row:
    events = decision["events"]
    played, best = decision["played"], decision["best"]
    grade = decision["grade"] or ""
    return Row(
        move=decision["move"],
        played=event_line(events[played], (names, game)),
        best=None if best == played else event_line(events[best], (names, game)),
        value=_amount(decision["values"][played], declared),
        loss=_lost(decision["loss"], declared),
        grade=grade,
        grade_words=str(GRADE_WORDS[grade]) if grade else "",
        timeout=decision["timeout"],
    )


def _lost(loss: float, declared: Review) -> str:
    """A loss, minus sign first, kept apart from right-to-left text around it (a first
    strong isolate: the sign stays before the number in Persian and Urdu)."""
    return f"\u2068−{_amount(loss, declared)}\u2069"


def _amount(value: float, declared: Review) -> str:
    """An estimate or a loss as the game measures it: a percentage or table points."""
    if declared.chance:
        return gettext("%(percent)s%%") % {"percent": formats.number_format(round(value * 100))}
    return formats.number_format(value, 2)


CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 90, 6
CHART_LABELS = 34  # the room at the start of the chart for its top and bottom estimates


def chart(decisions: list[dict], declared: Review) -> Chart | None:
    """The played move's estimate at each decision, left to right in the order played:
    chances from 0 (bottom) to 1 (top), points between the lowest and the highest seen
    (and zero); none for fewer than two decisions."""
    if len(decisions) < 2:
        return None
    chance = declared.chance
    values = [decision["values"][decision["played"]] for decision in decisions]
    low, high = (0.0, 1.0) if chance else (min(0.0, *values), max(0.0, *values))
    span = (high - low) or 1.0
    inner_width, inner_height = CHART_WIDTH - CHART_LABELS - CHART_PAD, CHART_HEIGHT - 2 * CHART_PAD
    step = inner_width / max(1, len(values) - 1)

    def y_of(value: float) -> float:
        return round(CHART_PAD + inner_height * (high - value) / span, 1)

    points = [(round(CHART_LABELS + step * i, 1), y_of(value)) for i, value in enumerate(values)]
    line = " ".join(f"{x},{y}" for x, y in points)
    dots = [(x, y, decision["grade"] or "", decision["move"]) for (x, y), decision in zip(points, decisions)]
    zero = None if chance else y_of(0.0)
    return Chart(CHART_WIDTH, CHART_HEIGHT, line, dots, zero, _amount(high, declared), _amount(low, declared))
