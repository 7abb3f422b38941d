"""The organizer's sign-up codes page: codes that let a room of new players sign up at the venue
(services/signup_codes.py), each with its link and QR code, its uses and its end; make one,
withdraw one. Thin views: the service checks who, the numbers and the day's quota."""

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.models import SignupCode
from tournaments.selectors.signup_codes import signup_codes_of
from tournaments.services.errors import DomainError
from tournaments.services.signup_codes import HOURS_MAX, USES_MAX, signup_code_create, signup_code_revoke
from tournaments.users import signed_in
from tournaments.views.event_edit import _organizer_event
from tournaments.views.events.common import _event_context


class SignupCodeForm(forms.Form):
    uses = forms.IntegerField(
        label=gettext_lazy("Sign-ups it allows"),
        initial=40,
        min_value=1,
        max_value=USES_MAX,
        help_text=gettext_lazy("About the number of new players you expect."),
    )
    hours = forms.IntegerField(
        label=gettext_lazy("Valid for (hours)"),
        initial=12,
        min_value=1,
        max_value=HOURS_MAX,
    )


def event_signup_codes(request: HttpRequest, event_id: int) -> HttpResponse:
    """The sign-up codes page (organizer only); a POST makes a code."""
    event = _organizer_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    form = SignupCodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            signup_code_create(event=event, by=signed_in(request), **form.cleaned_data)
        except DomainError as error:
            form.add_error(None, error.detail)
        else:
            messages.success(request, _("The sign-up code is ready: show its QR code or read it out."))
            return redirect("event-signup-codes", event_id=event.pk)
    now = timezone.now()
    codes = list(signup_codes_of(event=event))
    for code in codes:
        code.working = code.revoked_at is None and code.expires_at > now and code.uses < code.uses_max  # type: ignore[attr-defined]
    context = _event_context(request, event, "manage")
    context.update(form=form, codes=codes)
    return render(
        request, "tournaments/events/signup_codes.html", context, status=400 if form.errors else 200
    )


@require_POST
def event_signup_code_revoke(request: HttpRequest, event_id: int, code_id: int) -> HttpResponse:
    """Withdraw a sign-up code at once (organizer only)."""
    event = _organizer_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    code = get_object_or_404(SignupCode, pk=code_id, event=event)
    signup_code_revoke(code=code, by=signed_in(request))
    messages.success(request, _("The sign-up code is withdrawn: it lets nobody else sign up."))
    return redirect("event-signup-codes", event_id=event.pk)
