"""Each account's username skeleton (``accounts/lookalikes.py``), so that sign-up and the
guests' names can refuse a name that looks like an account's."""

from django.db import migrations, models

from accounts.lookalikes import skeleton


def fill_skeletons(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    users = list(User.objects.only("pk", "username"))
    for user in users:
        user.username_skeleton = skeleton(user.username)
    User.objects.bulk_update(users, ["username_skeleton"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_guest_wallets")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_skeleton",
            field=models.TextField(db_default="", editable=False),
        ),
        migrations.AddIndex(
            model_name="user",
            index=models.Index(fields=["username_skeleton"], name="accounts_user_skeleton"),
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
    ]
