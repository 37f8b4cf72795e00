import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str

ROOT = Path(__file__).resolve().parents[1]

PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "k" * 20 + "-production-secret-key-that-is-long-and-random-9f8e7d6c",
    "DJANGO_ALLOWED_HOSTS": "cards.example.com",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://cards.example.com",
    "DJANGO_SECURE": "1",
}


@pytest.mark.parametrize("raw, expected", [("1", True), ("yes", True), ("off", False), ("0", False)])
def test_booleans_are_read_in_every_usual_spelling(monkeypatch, raw, expected):
    monkeypatch.setenv("X_FLAG", raw)
    assert env_bool("X_FLAG", not expected) is expected


def test_a_bad_boolean_fails_loudly(monkeypatch):
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="X_FLAG='maybe' is not a boolean"):
        env_bool("X_FLAG", False)


def test_a_bad_or_out_of_range_number_fails_loudly(monkeypatch):
    monkeypatch.setenv("X_NUM", "ten")
    with pytest.raises(ImproperlyConfigured, match="not a whole number"):
        env_int("X_NUM", 1)
    monkeypatch.setenv("X_NUM", "-3")
    with pytest.raises(ImproperlyConfigured, match="out of range"):
        env_int("X_NUM", 1, minimum=0)


def test_lists_and_required_strings(monkeypatch):
    monkeypatch.setenv("X_LIST", "a.com, b.com,,")
    assert env_list("X_LIST", []) == ["a.com", "b.com"]
    monkeypatch.delenv("X_MISSING", raising=False)
    with pytest.raises(ImproperlyConfigured, match="Set the environment variable X_MISSING"):
        env_str("X_MISSING")


def _manage(*args, **env):
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**os.environ, **env},
        capture_output=True, text=True, timeout=120,
    )


def test_check_deploy_passes_with_the_documented_production_values():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_bad_setting_stops_the_site_from_starting():
    result = _manage("check", DJANGO_DEBUG="perhaps")
    assert result.returncode != 0
    assert "DJANGO_DEBUG='perhaps' is not a boolean" in result.stderr
