"""`make loadtest`: the whole site under load, measured against a bare-stack anchor.

The tool imports nothing from the site: it starts the site of any checkout
(``--site-dir``) as its Procfile does, and drives it from outside. What runs inside
the site's own interpreter (the seeder, the anchor's ASGI app) lives in ``served/``.
See docs/performance.md.
"""
