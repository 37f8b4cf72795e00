"""How each game's table looks on the site: one Django app per game (its presenter, its
partials, its keyboard help, its scripts and styles), registered with the rooms
(``rooms.tablehomes``)."""
