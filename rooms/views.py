import functools

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django_htmx.http import HttpResponseClientRedirect, HttpResponseClientRefresh

from accounts.identity import current_player
from games import registry
from games.words import Said, Words, all_of, wording
from plumbing.cache import UNREACHABLE
from rooms import codeguard
from rooms.actions import lifecycle, partners, seating
from rooms.chat import lines
from rooms.club.standing import online_friends
from rooms.errors import RoomError
from rooms.forms import JoinByCodeForm, RoomForm
from rooms.gamerules import rules_for
from rooms.models import Report, Room
from rooms.rendering import render_table
from rooms.speech import say
from rooms.store import presence
from rooms.store.snapshots import load_snapshot

LOBBY_SIZE = 50


def lobby(request):
    rooms = (
        Room.objects.filter(is_public=True, status__in=[Room.Status.WAITING, Room.Status.PLAYING])
        .order_by("status", "-created_at")
        .prefetch_related("seats")[:LOBBY_SIZE]
    )
    rooms = _without_empty_waiting_rooms(list(rooms))
    template = "rooms/_lobby_list.html" if request.htmx else "rooms/lobby.html"
    new_rooms = [(game.slug, game.title) for game in registry.GAMES]
    return render(request, template, {"rooms": rooms, "new_rooms": new_rooms, "code_shapes": _code_shapes()})


def _code_shapes() -> Words:
    """Each shape a room code takes, with the games whose rooms have it (in English
    "Codes are 4 letters for Disunyer and Dayous; 6 digits for Court Piece.")."""
    shapes: dict[Words, list[Said]] = {}
    for game in registry.GAMES:
        shapes.setdefault(rules_for(game.slug).code_shape, []).append(game.title)
    # Translators: a code shape and its games in "Codes are %(shapes)s.": "4 letters for Disunyer and Dayous".
    said = [wording("%(shape)s for %(games)s", shape=shape, games=all_of(titles)) for shape, titles in shapes.items()]
    shapes_said = said[0]
    for more in said[1:]:
        # Translators: between two of the code shapes in "Codes are %(shapes)s.".
        shapes_said = wording("%(first)s; %(next)s", first=shapes_said, next=more)
    return wording("Codes are %(shapes)s.", shapes=shapes_said)


def _without_empty_waiting_rooms(rooms: list[Room]) -> list[Room]:
    """A waiting room nobody is connected to is nobody's to join: it leaves the list at once
    (and closes once its host has been away five minutes). One trip to Redis for them all;
    while Redis is unreachable nobody can be seen in one, nor open it, so none is listed."""
    waiting = [room.id for room in rooms if room.status == Room.Status.WAITING]
    try:
        here = presence.current_of(waiting)
    except UNREACHABLE:
        here = {}
    return [
        room for room in rooms
        if room.status != Room.Status.WAITING or here.get(room.id, presence.NOBODY) != presence.NOBODY
    ]


def create(request, game):
    if registry.find(game) is None:
        raise Http404(gettext("There is no such game."))
    player = current_player(request)
    form = RoomForm(registry.definition(game), request.POST or None, player=player)
    if request.method == "POST" and form.is_valid():
        try:
            room = lifecycle.do_create_room(
                player,
                game,
                form.game_options(),
                form.cleaned_data["is_public"],
                form.cleaned_data["bot_level"],
                form.players(),
                partners_write=form.partners_write(),
                min_reliability=form.cleaned_data["min_reliability"],
            )
        except RoomError as error:
            form.add_error(None, say(error.message))
        else:
            return redirect("rooms:room", code=room.code)
    return render(request, "rooms/create.html", {"form": form, "game": registry.definition(game)})


def join_by_code(request):
    form = JoinByCodeForm(request.GET)
    if form.is_valid() and codeguard.find_room(form.cleaned_data["code"], request):
        return redirect("rooms:room", code=form.cleaned_data["code"])
    error = form.errors.get("code", [gettext("There is no room with that code. Check it and try again.")])[0]
    messages.error(request, error)
    return redirect("rooms:lobby")


def room(request, code):
    room = codeguard.room_or_404(request, code)
    player = current_player(request)
    snapshot = load_snapshot(room.id)
    seat = snapshot.seat_of(player)
    table = render_table(snapshot, presence.current(room.id), seat)
    chat_off = getattr(request.user, "chat_off", False)
    chat = None if chat_off else lines.drawer(room.id, room.game, player, seat, room.partners_write)
    context = {
        "room": snapshot, "table": table, "viewer_seat": seat, "chat": chat,
        "report_reasons": Report.Reason.choices if not player.is_guest else None,
        "tutorial_url": _tutorial_url(room.game),
    }
    if player.user_id is not None and seat is not None and snapshot.status == Room.Status.WAITING:
        context["friends_to_invite"] = online_friends(player.user_id)
    return render(request, "rooms/room.html", context)


def _tutorial_url(game: str) -> str:
    return reverse("tutorials:tutorial", args=[game]) if registry.definition(game).tutorial is not None else ""


def post_only(view):
    """A room's button posts to its own URL; anything else there (a link followed, a
    reload, a typed address) is sent to the room's page, where the buttons are."""

    @functools.wraps(view)
    def only_a_post(request, code):
        if request.method != "POST":
            return redirect("rooms:room", code=code.upper())
        return view(request, code)

    return only_a_post


def _room_action(request, code, act):
    room = codeguard.room_or_404(request, code)
    try:
        act(room.id, current_player(request))
    except RoomError as error:
        messages.error(request, say(error.message))
    if request.htmx:
        return HttpResponseClientRefresh()
    return redirect("rooms:room", code=room.code)


@post_only
def join(request, code):
    return _room_action(request, code, seating.do_join)


@post_only
def leave(request, code):
    return _room_action(request, code, seating.do_leave)


@post_only
def start(request, code):
    return _room_action(request, code, lifecycle.do_start)


@post_only
def add_bot(request, code):
    level = request.POST.get("level", "normal")
    return _room_action(request, code, lambda room_id, player: seating.do_add_bot(room_id, player, level))


@post_only
def fill_with_bots(request, code):
    level = request.POST.get("level", "normal")
    return _room_action(request, code, lambda room_id, player: seating.do_fill_with_bots(room_id, player, level))


@post_only
def remove_bot(request, code):
    try:
        index = int(request.POST.get("seat", ""))
    except ValueError:
        messages.error(request, gettext("Choose which bot to remove."))
        return redirect("rooms:room", code=code.upper())
    return _room_action(request, code, lambda room_id, player: seating.do_remove_bot(room_id, player, index))


@post_only
def propose_partner(request, code):
    try:
        index = int(request.POST.get("seat", ""))
    except ValueError:
        messages.error(request, gettext("Choose who you want as your partner."))
        return redirect("rooms:room", code=code.upper())
    return _room_action(
        request, code, lambda room_id, player: partners.do_propose_partner(room_id, player, index)
    )


@post_only
def answer_partner(request, code):
    accept = request.POST.get("answer") == "accept"
    return _room_action(
        request, code, lambda room_id, player: partners.do_answer_partner(room_id, player, accept)
    )


@post_only
def play_again(request, code):
    """Move on to the next game of this table's players (see ``lifecycle.do_play_again``)."""
    room = codeguard.room_or_404(request, code)
    try:
        target = lifecycle.do_play_again(room.id, current_player(request))
    except RoomError as error:
        messages.error(request, say(error.message))
        room.refresh_from_db(fields=["next_room"])
        target = room.next_room or room
    url = reverse("rooms:room", kwargs={"code": target.code})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
