"""The host's partner: the host proposes another one, and every opponent answers."""

from django.db import transaction
from django.utils.translation import gettext_lazy

from rooms.actions.common import (
    changed,
    hosts_waiting_room,
    locked_room,
    require_waiting,
    seats_of,
    swap_sitters,
)
from rooms.errors import RoomError
from rooms.gamerules import rules_for
from rooms.models import Room, Seat
from rooms.push import followups


def _partner_context(room: Room, seats: list[Seat]) -> tuple[int, list[int]]:
    rules = rules_for(room.game)
    partner = rules.partner_seat(room.host_seat, len(seats))
    if partner is None:
        raise RoomError(gettext_lazy("In this game the host has no partner to choose."))
    others = [i for i in range(len(seats)) if i not in (room.host_seat, partner)]
    return partner, others


def _askers(seats: list[Seat], others: list[int]) -> list[int]:
    """The people in the other seats: each must accept a new partner for the host."""
    return [i for i in others if not seats[i].is_empty and not seats[i].is_bot]


def do_propose_partner(room_id: int, player, seat_index: int) -> None:
    """The host asks for the person at ``seat_index`` as partner; every person in the
    seats other than the host's and the partner's must accept."""
    with transaction.atomic():
        room, seats = hosts_waiting_room(room_id, player)
        partner, others = _partner_context(room, seats)
        if room.proposal and room.proposal.get("status") == "pending":
            raise RoomError(gettext_lazy("Your proposal is still waiting for an answer."))
        if seat_index not in others or seats[seat_index].is_empty or seats[seat_index].is_bot:
            raise RoomError(gettext_lazy("Choose a player sitting as your opponent."))
        room.proposal = {"status": "pending", "seat": seat_index, "accepted": []}
        followups.send_on_commit(changed(room, seats, "proposal"))


def do_answer_partner(room_id: int, player, accept: bool) -> None:
    """An opponent accepts or refuses the host's proposal. A refusal drops it; when every
    person asked has accepted, the chosen seat swaps with the partner's seat."""
    with transaction.atomic():
        room = locked_room(room_id)
        require_waiting(room)
        proposal = room.proposal or {}
        if proposal.get("status") != "pending":
            raise RoomError(gettext_lazy("There is no proposal to answer."))
        seats = seats_of(room)
        partner, others = _partner_context(room, seats)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        askers = _askers(seats, others)
        if mine is None or mine.index not in askers:
            raise RoomError(gettext_lazy("Only the host's opponents answer this proposal."))
        chosen = proposal["seat"]
        accepted = sorted(set(proposal.get("accepted", [])) | {mine.index})
        if not accept:
            room.proposal = {"status": "refused", "seat": chosen, "by": mine.index,
                             "by_name": mine.name, "name": seats[chosen].name}
        elif not set(askers) <= set(accepted):
            room.proposal = {**proposal, "accepted": accepted}
        else:
            swap_sitters(seats[chosen], seats[partner])
            room.proposal = {"status": "accepted", "seat": partner, "name": seats[partner].name}
        followups.send_on_commit(changed(room, seats, "proposal"))
