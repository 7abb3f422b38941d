"""What the organizer's and the judges' form actions share: run a service and flash the outcome,
read a number from a form, go back where the form came from."""

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.forms.utils import flatatt
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.html import format_html, format_html_join
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import SafeString, mark_safe

from tournaments.services.errors import DomainError


def redirect_back(request: HttpRequest, default: str) -> HttpResponse:
    """Redirect to the form's ``next`` (a path on this site) or to ``default``."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect(default)


def run_service(request: HttpRequest, action: Callable[[], Any], success: str = "") -> Any:
    """Call a service; flash its refusal (DomainError) or ``success``. Return its result (True
    for a service that returns nothing), or None when it refused."""
    try:
        result = action()
    except DomainError as error:
        problems = error.extra.get("problems") or [{"message": error.detail}]
        for problem in problems:  # every problem at once, not the first one only
            messages.error(request, problem["message"])
        return None
    if success:
        messages.success(request, success)
    return result if result is not None else True


def form_number(raw: str | None) -> Any:
    """Return a form value as an int when it is one; anything else goes to the service, which
    refuses it. A field the form does not send is 0; a blank one is None, never 0, because a
    browser sends text typed into a number field as a blank."""
    if raw is None:
        return 0
    raw = raw.strip()
    if raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        return raw


class ServiceForm(forms.Form):
    """A form whose values a service checks: its refusal comes back on the field it names."""

    def add_domain_error(self, error: DomainError) -> None:
        """Attach a service's refusal to the field it names ("points: …"), or to the form."""
        field, sep, message = error.detail.partition(": ")
        if sep and field in self.fields:
            self.add_error(field, message)
        else:
            self.add_error(None, error.detail)


class PlainSelect(forms.Select):
    """A select of plain (value, label) choices written out in Python: Django's own renders a
    template per option, which for the 600 time zones was most of the event form's second."""

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, {**(attrs or {}), "name": name})
        chosen = {str(v) for v in self.format_value(value)}
        selected = mark_safe(" selected")
        options = format_html_join(
            "\n",  # one option a line, as Django writes them
            '<option value="{}"{}>{}</option>',
            ((str(v), selected if str(v) in chosen else "", label) for v, label in self.choices),
        )
        return format_html("<select{}>{}</select>", flatatt(final), options)
