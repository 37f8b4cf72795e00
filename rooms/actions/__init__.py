"""Every change to a room or its game goes through here (see docs/architecture.md), in
``do_*`` functions by domain: ``seating``, ``lifecycle``, ``play`` and ``partners``.

Each one locks the room row, checks what it must, changes the database and gives the
room its new version (``common.changed``: once per transaction), which returns the
``Change`` it made; bound to the commit (``followups.send_on_commit``), that tells the
room's viewers and schedules what comes next (bot moves, timeouts, auto-start).
"""
