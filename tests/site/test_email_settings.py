"""E-mail settings from the environment: EMAIL_URL, or EMAIL_HOST and its friends;
the console backend when neither is set; a URL it cannot use stops the start with one line."""

import pytest

from respons_site.config import ConfigError, email_config

NAMES = ("EMAIL_URL", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS")


@pytest.fixture(autouse=True)
def _clean(monkeypatch):
    for name in (*NAMES, "DEFAULT_FROM_EMAIL"):
        monkeypatch.delenv(name, raising=False)


def test_it_prints_mail_to_the_console_by_default():
    assert email_config()["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


def test_it_reads_an_smtp_url(monkeypatch):
    monkeypatch.setenv("EMAIL_URL", "smtp://mailer:p%40ss@mail.example.org:587?tls=1")
    monkeypatch.setenv("DEFAULT_FROM_EMAIL", "cup@example.org")
    config = email_config()
    assert config == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example.org",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "mailer",
        "EMAIL_HOST_PASSWORD": "p@ss",
        "EMAIL_USE_SSL": False,
        "EMAIL_USE_TLS": True,
        "DEFAULT_FROM_EMAIL": "cup@example.org",
    }


def test_it_reads_smtps_as_ssl_on_port_465(monkeypatch):
    monkeypatch.setenv("EMAIL_URL", "smtps://mail.example.org")
    config = email_config()
    assert (config["EMAIL_PORT"], config["EMAIL_USE_SSL"], config["EMAIL_USE_TLS"]) == (465, True, False)


def test_it_reads_the_separate_variables(monkeypatch):
    monkeypatch.setenv("EMAIL_HOST", "relay.local")
    monkeypatch.setenv("EMAIL_PORT", "2525")
    monkeypatch.setenv("EMAIL_USE_TLS", "true")
    config = email_config()
    assert (config["EMAIL_HOST"], config["EMAIL_PORT"], config["EMAIL_USE_TLS"]) == (
        "relay.local",
        2525,
        True,
    )


@pytest.mark.parametrize("url", ["http://mail.example.org", "smtp://", "smtp://host:notaport"])
def test_it_refuses_a_url_it_cannot_use(monkeypatch, url):
    monkeypatch.setenv("EMAIL_URL", url)
    with pytest.raises(ConfigError, match="EMAIL_URL"):
        email_config()
