"""Stored game states take the engines' full-word keys (Disunyer's ``n`` is ``players``,
Court Piece's ``fd`` is ``face_down``, …); reversed, they take the short keys again.

Each game declares the keys its states had before (``GameDefinition.former_state_keys``,
history that is never edited), so this names no game. ``new_shape`` and ``old_shape``
are what it does to one state (tests/games/test_recorded_games.py replays the games
recorded in the old shape through them).
"""

from django.db import migrations

from games import registry

RENAMED = {game.slug: dict(game.former_state_keys) for game in registry.GAMES if game.former_state_keys}
BATCH = 500


def _renamed(state, names: dict[str, str]):
    if not isinstance(state, dict) or not names.keys() & state.keys():
        return state
    return {names.get(key, key): value for key, value in state.items()}


def new_shape(game: str, state):
    """A state stored before this migration, with the full-word keys."""
    return _renamed(state, RENAMED.get(game, {}))


def old_shape(game: str, state):
    """A state with the full-word keys, as it was stored before this migration."""
    return _renamed(state, {new: old for old, new in RENAMED.get(game, {}).items()})


def _rewrite(apps, shape) -> None:
    match_model = apps.get_model("rooms", "Match")
    for game in RENAMED:
        changed = []
        for match in match_model.objects.filter(room__game=game).only("id", "state").iterator(chunk_size=BATCH):
            state = shape(game, match.state)
            if state is not match.state:
                match.state = state
                changed.append(match)
            if len(changed) == BATCH:
                match_model.objects.bulk_update(changed, ["state"])
                changed = []
        match_model.objects.bulk_update(changed, ["state"])


def forwards(apps, schema_editor) -> None:
    _rewrite(apps, new_shape)


def backwards(apps, schema_editor) -> None:
    _rewrite(apps, old_shape)


class Migration(migrations.Migration):
    dependencies = [("rooms", "0009_unannounced_rooms")]

    operations = [migrations.RunPython(forwards, backwards)]
