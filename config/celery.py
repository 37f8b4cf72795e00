import os

from celery import Celery
from celery.signals import task_postrun

from plumbing.collector import collect_after_task

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("cardclub")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
task_postrun.connect(collect_after_task, weak=False)
