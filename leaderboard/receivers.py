from django.conf import settings
from django.db.models.signals import post_delete, post_save, pre_delete
from django.dispatch import receiver

from leaderboard.models import Result
from leaderboard.rating_services import take_out_deleted
from leaderboard.services import forget_deleted_result, set_active


@receiver(pre_delete, sender=Result)
def take_deleted_result_out_of_the_standings(sender, instance, **kwargs):
    forget_deleted_result(instance)


@receiver(post_delete, sender=Result)
def take_deleted_result_out_of_the_ratings(sender, instance, **kwargs):
    """Once the result is gone, the rest of its game and the games after it that depended on it are rated again."""
    take_out_deleted(instance)


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def keep_the_standings_active_flag(sender, instance, created, raw=False, update_fields=None, **kwargs):
    """An account deactivated (or activated again) leaves (or comes back to) the boards.
    Saves that cannot change ``is_active`` (a login's ``last_login``) cost nothing; so does
    a new active account (it has no wallet, standings or ratings yet)."""
    if raw or (created and instance.is_active) or (update_fields is not None and "is_active" not in update_fields):
        return
    set_active(instance.pk, instance.is_active)
