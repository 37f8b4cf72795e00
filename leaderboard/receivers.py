from django.db.models.signals import pre_delete
from django.dispatch import receiver

from leaderboard.models import Result
from leaderboard.services import forget_deleted_result


@receiver(pre_delete, sender=Result)
def take_deleted_result_out_of_the_standings(sender, instance, **kwargs):
    forget_deleted_result(instance)
