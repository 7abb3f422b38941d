"""The organizer's webhooks page: the event's webhooks, add one (its secret
shown once), delete one, and each one's delivery log.

Thin views over ``tournaments.services.webhooks``: the service checks who, the address and
the limit; its refusal comes back as a form error in the reader's language.
"""

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.models import Webhook
from tournaments.services.errors import DomainError
from tournaments.services.webhooks import webhook_create, webhook_delete
from tournaments.users import signed_in
from tournaments.views.event_edit import _organizer_event
from tournaments.views.events.common import _event_context

DELIVERIES_SHOWN = 20  # per webhook, the newest first
SECRET_KEY = "webhook_secret"  # the session key holding a new webhook's secret until it is shown


class WebhookForm(forms.Form):
    # A plain text field: the service says what is wrong with an address, in one place.
    url = forms.CharField(label=gettext_lazy("Address (URL)"), max_length=500)
    discord = forms.BooleanField(
        label=gettext_lazy("Discord payload"),
        required=False,
        help_text=gettext_lazy("Tick it for a Discord channel's webhook address."),
    )


def event_webhooks(request: HttpRequest, event_id: int) -> HttpResponse:
    """The webhooks page (organizer only); a POST adds a webhook."""
    event = _organizer_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    form = WebhookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            hook = webhook_create(event=event, by=signed_in(request), **form.cleaned_data)
        except DomainError as error:
            field, sep, message = error.detail.partition(": ")
            if sep and field == "url":
                form.add_error("url", message)
            else:
                form.add_error(None, error.detail)
        else:
            # Shown on the next page only (a reload does not show it again): the secret is not
            # kept anywhere the organizer can read it later.
            request.session[SECRET_KEY] = {"id": hook.pk, "secret": hook.secret}
            messages.success(request, _("The webhook is added."))
            return redirect("event-webhooks", event_id=event.pk)
    new_secret = request.session.pop(SECRET_KEY, None) if request.method == "GET" else None
    hooks = list(event.webhooks.select_related("created_by"))
    for hook in hooks:
        hook.recent = list(hook.deliveries.all()[:DELIVERIES_SHOWN])  # type: ignore[attr-defined]
    context = _event_context(request, event, "manage")
    context.update(form=form, hooks=hooks, new_secret=new_secret)
    return render(request, "tournaments/events/webhooks.html", context, status=400 if form.errors else 200)


@require_POST
def event_webhook_delete(request: HttpRequest, event_id: int, webhook_id: int) -> HttpResponse:
    """Delete a webhook and its delivery log (organizer only)."""
    event = _organizer_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    hook = get_object_or_404(Webhook, pk=webhook_id, event=event)
    webhook_delete(webhook=hook, by=signed_in(request))
    messages.success(request, _("The webhook is deleted."))
    return redirect("event-webhooks", event_id=event.pk)
