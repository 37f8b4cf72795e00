from django.contrib import admin, messages
from django.utils import timezone
from django.utils.translation import gettext_lazy, ngettext

from fairplay import waits
from fairplay.models import SeatOutcome, Wait
from plumbing.admin import ReadOnlyAdmin


class InEffect(admin.SimpleListFilter):
    title = gettext_lazy("in effect")
    parameter_name = "in_effect"

    def lookups(self, request, model_admin):
        return [("yes", gettext_lazy("Yes")), ("no", gettext_lazy("No"))]

    def queryset(self, request, queryset):
        in_effect = {"lifted_at__isnull": True, "ends_at__gt": timezone.now()}
        if self.value() == "yes":
            return queryset.filter(**in_effect)
        if self.value() == "no":
            return queryset.exclude(**in_effect)
        return queryset


@admin.register(Wait)
class WaitAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    """The waits given to people who left games again and again; staff lift one, and the
    admin's log keeps who lifted it and when."""

    list_display = ("name", "person", "step", "starts_at", "ends_at", "lifted_at", "lifted_by")
    list_filter = (InEffect, "step")
    search_fields = ("name", "person", "user__username")
    actions = ["lift_waits"]

    def has_lift_permission(self, request) -> bool:
        return request.user.has_perm("fairplay.change_wait")

    @admin.action(description=gettext_lazy("Lift the selected waits"), permissions=["lift"])
    def lift_waits(self, request, queryset):
        lifted = [wait for wait in queryset.order_by("pk") if waits.lift(wait.pk, request.user)]
        for wait in lifted:
            self.log_change(request, wait, "Lifted the wait.")
        self.message_user(
            request,
            ngettext("%(count)d wait lifted.", "%(count)d waits lifted.", len(lifted)) % {"count": len(lifted)},
            messages.SUCCESS if lifted else messages.WARNING,
        )


@admin.register(SeatOutcome)
class SeatOutcomeAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("name", "person", "room", "seat", "outcome", "recorded_at")
    list_filter = ("outcome", "recorded_at")
    search_fields = ("name", "person", "user__username", "room__code")
    raw_id_fields = ("room", "user")
