"""Staff see rooms, seats, matches and their actions; the site keeps them itself, so
nothing here is added, changed or deleted by hand. A stuck game is ended with the
"End game" action on matches, through the one service path."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.template.response import TemplateResponse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, gettext_lazy

from plumbing.admin import ReadOnlyAdmin
from rooms import fairness
from rooms.actions import lifecycle
from rooms.chat import sanctions
from rooms.errors import RoomError
from rooms.models import ChatLine, Match, MatchAction, ModerationAction, Report, Room, Seat
from rooms.plaintext import plain

Kind = ModerationAction.Kind


class SeatInline(ReadOnlyAdmin, admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "name", "user", "guest_id", "bot_level", "timeouts_in_a_row", "sitting_out")
    readonly_fields = fields


@admin.register(Room)
class RoomAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("code", "game", "status", "is_public", "created_at", "version")
    list_filter = ("game", "status", "is_public", "created_at")
    search_fields = ("code", "seats__name", "seats__user__username")
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("room", "index", "name", "user", "bot_level", "timeouts_in_a_row", "sitting_out")
    list_filter = ("bot_level", "room__game")
    search_fields = ("name", "room__code", "user__username", "guest_id")


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("room", "status", "started_at", "finished_at", "moves", "deadline", "had_bots")
    list_filter = ("room__game", "room__status", "had_bots", "started_at", "finished_at")
    search_fields = ("room__code",)
    list_select_related = ("room",)
    actions = ["end_game"]

    @admin.display(description=gettext_lazy("status"), ordering="room__status")
    def status(self, match):
        return match.room.get_status_display()

    def get_exclude(self, request, obj=None):
        """While a game is played its state (every hand, the deck) and its seed stay
        secret, from staff too (docs/fairness.md)."""
        if obj is not None and obj.room.status not in fairness.OVER:
            return ("state", "seed")
        return super().get_exclude(request, obj)

    @admin.action(description=gettext_lazy("End game: stop the selected games where they are (they count for nobody)"))
    def end_game(self, request, queryset):
        for match in queryset.select_related("room"):
            code = match.room.code
            try:
                lifecycle.do_end_match(match.room_id, f"Ended by staff ({request.user.username}).")
            except RoomError as error:
                refusal = gettext("%(code)s: %(refusal)s") % {"code": code, "refusal": plain(error.message)}
                self.message_user(request, refusal, messages.WARNING)
            else:
                self.message_user(request, gettext("%(code)s: game ended.") % {"code": code})


@admin.register(MatchAction)
class MatchActionAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("match", "number", "seat", "source", "created_at")
    list_filter = ("source", "match__room__game")
    search_fields = ("match__room__code",)


class ModerationForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=gettext_lazy("Kept with the action; a warning shows it to the player."),
    )


class ModerationActionInline(ReadOnlyAdmin, admin.TabularInline):
    model = ModerationAction
    extra = 0
    fields = ("created_at", "kind", "reason", "staff", "ends_at")
    readonly_fields = fields


def _moderation(kind: str, description):
    """An admin action that takes ``kind`` on the selected reports, after asking why."""

    def take(model_admin, request, queryset):
        return model_admin.act(request, queryset, kind)

    take.__name__ = kind
    return admin.action(description=description, permissions=["moderate"])(take)


@admin.register(Report)
class ReportAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    """Staff's queue: open reports first, each with its room, game and chat lines; staff
    act on them with the actions below, each asking why."""

    list_display = ("created_at", "reported_name", "reason", "status", "reporter_name", "room")
    list_filter = ("status", "reason", "created_at")
    search_fields = ("reported_name", "reporter_name", "room__code")
    list_select_related = ("room",)
    ordering = ("-status", "-created_at")  # "open" after "closed": open first
    fields = (
        "status", "created_at", "reason", "note", "reported_name", "reported", "reported_user", "reporter_name",
        "reporter", "room", "match", "chat_lines",
    )
    readonly_fields = fields
    inlines = [ModerationActionInline]
    actions = [
        _moderation(str(kind), label)
        for kind, label in (
            (Kind.DISMISS, gettext_lazy("Dismiss the selected reports")),
            (Kind.WARN, gettext_lazy("Warn the reported players")),
            (Kind.TIMEOUT_SHORT, gettext_lazy("Chat timeout for the reported players: 15 minutes")),
            (Kind.TIMEOUT_LONG, gettext_lazy("Chat timeout for the reported players: 24 hours")),
            (Kind.CHAT_BAN, gettext_lazy("Chat ban for the reported players")),
            (Kind.SUSPEND, gettext_lazy("Suspend the reported players' accounts")),
        )
    ]

    @admin.display(description=gettext_lazy("chat lines"))
    def chat_lines(self, report):
        channels = dict(ChatLine.Channel.choices)
        return format_html(
            '<ol class="report-chat">{}</ol>',
            format_html_join(
                "", "<li>[{}] <b>{}</b>: {}</li>",
                ((channels.get(line["channel"], ""), line["name"], line["text"] or line["phrase"])
                 for line in report.chat),
            ),
        )

    def has_moderate_permission(self, request) -> bool:
        """Staff who may record moderation actions may take them."""
        return request.user.has_perm("rooms.add_moderationaction")

    def act(self, request, queryset, kind: str):
        reports = list(queryset.filter(status=Report.Status.OPEN).order_by("pk"))
        if not reports:
            self.message_user(request, gettext("None of the selected reports is open."), messages.WARNING)
            return None
        form = ModerationForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            for report in reports:
                try:
                    sanctions.act(report.pk, kind, form.cleaned_data["reason"], request.user)
                except sanctions.ModerationError as error:
                    refused = gettext("%(name)s: %(refusal)s") % {"name": report.reported_name, "refusal": error}
                    self.message_user(request, refused, messages.WARNING)
                else:
                    done = gettext("%(name)s: %(action)s.") % {
                        "name": report.reported_name, "action": Kind(kind).label
                    }
                    self.message_user(request, done, messages.SUCCESS)
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": Kind(kind).label,
            "opts": self.model._meta,
            "form": form,
            "reports": reports,
            "selected": [report.pk for report in reports],
            "action": kind,
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/rooms/report/act.html", context)


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    """The record of what staff did about reports, and why: read-only."""

    list_display = ("created_at", "kind", "person_name", "reason", "staff", "ends_at", "report")
    list_filter = ("kind", "created_at")
    search_fields = ("person_name", "reason", "staff__username")
    list_select_related = ("staff", "report")
