"""The load test and the benchmarks (not tests, not the site): `python -m tooling COMMAND`.

The site never imports them (an import-linter contract). Their own dependencies are the
``tooling`` extra of pyproject.toml. See docs/performance.md.
"""
