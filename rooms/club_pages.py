"""The friends page, and the profile's buttons: follow, unfollow, block, unblock.
Guests have no relations: they are asked to log in."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Value
from django.db.models.functions import Lower
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts import relations
from accounts.identity import person_key
from accounts.views import safe_next
from rooms.chat import mutes
from rooms.club import invites
from rooms.club.standing import standing_of
from rooms.speech import say

CHANGES = {
    "follow": relations.follow,
    "unfollow": relations.unfollow,
    "block": relations.block,
    "unblock": relations.unblock,
}
HIDING = {"block", "unblock"}  # the changes that change whom the viewer's chat hides


@login_required
def friends(request):
    context = {"standing": standing_of(request.user.pk), "invites": invites.pending(request.user.pk)}
    return render(request, "rooms/friends.html", context)


@require_POST
@login_required
def change_relation(request, username, change):
    """The viewer follows, unfollows, blocks or unblocks the account ``username``."""
    if change not in CHANGES:
        raise Http404
    accounts = get_user_model().objects.alias(lower_username=Lower("username"))
    other = get_object_or_404(accounts, lower_username=Lower(Value(username)), is_active=True)
    try:
        CHANGES[change](request.user, other)
    except relations.RelationRefused as refused:
        messages.error(request, say(refused.message))
    if change in HIDING:
        mutes.hiding_changed(person_key(request.user.pk, None))
    target = safe_next(request)
    return redirect(target) if target else redirect("player_profile", username=other.username)


@require_POST
@login_required
def dismiss_invite(request, invite_id):
    invites.dismiss(request.user.pk, invite_id)
    return HttpResponse() if request.htmx else redirect("friends")
