"""Configuration comes from the environment; bad values stop with one line (12-factor)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from respons_site import config

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    # As an operator's shell would have it: no test's database, broker, or beat setting.
    left_out = {"DATABASE_URL", "CELERY_BROKER_URL", "EMBEDDED_BEAT"}
    environment = {k: v for k, v in os.environ.items() if k not in left_out}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("not-a-url", "is not a URL"),
        ("mysqlx://host/db", "unsupported or malformed"),
        ("postgres://postgres@127.0.0.1:1/respons", "cannot use the database"),
    ],
)
def test_it_stops_with_one_line_for_a_bad_database_url(url, expected, tmp_path):
    result = run_manage("migrate", "--check", DATABASE_URL=url, RESPONS_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert expected in lines[0]
    assert "Traceback" not in result.stderr


def test_it_defaults_to_sqlite_under_var_without_a_database_url(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(config, "VAR_DIR", tmp_path)
    db = config.database_config()
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == str(tmp_path / "db.sqlite3")


def test_it_reads_postgres_from_database_url(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://me@db.example:5433/events")
    db = config.database_config()
    assert (db["ENGINE"], db["HOST"], db["PORT"], db["NAME"], db["USER"]) == (
        "django.db.backends.postgresql",
        "db.example",
        5433,
        "events",
        "me",
    )


def test_it_runs_tasks_in_process_without_a_broker(monkeypatch):
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    assert config.broker_url() is None


def test_it_makes_a_random_secret_key_per_install_and_keeps_it(monkeypatch, tmp_path):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setattr(config, "VAR_DIR", tmp_path)
    first = config.secret_key(debug=False)
    assert len(first) > 40
    assert config.secret_key(debug=False) == first
    other = tmp_path / "other"
    monkeypatch.setattr(config, "VAR_DIR", other)
    assert config.secret_key(debug=False) != first


def test_it_refuses_a_debug_value_it_cannot_read(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(config.ConfigError, match="DEBUG='maybe' is not a boolean"):
        config.env_bool("DEBUG", default=False)


def test_it_passes_the_deploy_checks_in_production_mode(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        SECURE="true",
        SECRET_KEY="x" * 20 + "production-secret-key-with-enough-entropy-9f8e7d6c5b4a",
        ALLOWED_HOSTS="respons.example.org",
        RESPONS_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_without_a_broker_the_web_process_runs_the_sweep_unless_told_not_to(monkeypatch):
    # Nothing else runs it then: a best-of-3 online match would never start its second game.
    monkeypatch.delenv("EMBEDDED_BEAT", raising=False)
    assert config.embedded_beat(None) is True
    assert config.embedded_beat("redis://127.0.0.1:6379/0") is False  # the beat process runs it
    monkeypatch.setenv("EMBEDDED_BEAT", "false")
    assert config.embedded_beat(None) is False
    monkeypatch.setenv("EMBEDDED_BEAT", "true")
    assert config.embedded_beat("redis://127.0.0.1:6379/0") is True


def test_the_sites_settings_turn_it_on_with_no_broker(tmp_path):
    result = run_manage("shell", "-c", "from django.conf import settings; print(settings.EMBEDDED_BEAT)",
                        RESPONS_VAR_DIR=str(tmp_path))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "True"  # after the shell's list of imports


def test_the_checks_warn_when_nothing_would_run_the_sweep(tmp_path):
    result = run_manage(
        "check", "--fail-level", "WARNING", EMBEDDED_BEAT="false", RESPONS_VAR_DIR=str(tmp_path)
    )
    assert result.returncode != 0
    assert "respons.W001" in result.stderr + result.stdout
    assert "EMBEDDED_BEAT is off and no broker is configured" in result.stderr + result.stdout
