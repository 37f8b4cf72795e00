"""The read-only JSON API (docs/api/openapi.json): finished public games' records, lists
of them, and players' profiles, limited per client address. Nothing here is on the
action or push paths."""
