"""Sign-up page, and the sign-in page with its backoff (sign-out is Django's own view)."""

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.forms.utils import ErrorDict
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.selectors.signup_codes import signup_code_find
from tournaments.services import limits
from tournaments.services.accounts import user_create, user_create_problems
from tournaments.services.limits import client_address, sign_in_refused_text, signup_refused_text
from tournaments.services.signup_codes import code_refused_text


class SignInView(auth_views.LoginView):
    """Django's sign-in page behind the sign-in backoff (``services.limits``): while it lasts
    for the username or the address, an attempt answers 429 with Retry-After, right password or
    not."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username, password = request.POST.get("username", ""), request.POST.get("password", "")
        if not username or not password:
            return super().post(request, *args, **kwargs)  # the form says what is missing
        ip = client_address(request)
        refused = limits.login_attempt_begin(username=username, ip=ip)
        if refused is not None:
            form = self.get_form()
            # Refused without checking the password (``_errors``: BaseForm's own, not in the stubs).
            form.cleaned_data, form._errors = {}, ErrorDict()  # type: ignore[attr-defined]
            form.add_error(None, sign_in_refused_text(refused.wait))
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(refused.wait)
            return response
        response = super().post(request, *args, **kwargs)
        if request.user.is_authenticated:
            limits.login_attempt_succeeded(username=username, ip=ip)
        return response


class SignUpForm(forms.Form):
    username = forms.RegexField(
        regex=r"^[\w.@+-]+\Z",
        max_length=150,
        label=gettext_lazy("Username"),
        error_messages={"invalid": gettext_lazy("Letters, digits and @ . + - _ only.")},
    )
    email = forms.EmailField(required=False, label=gettext_lazy("Email (optional)"))
    password = forms.CharField(widget=forms.PasswordInput, label=gettext_lazy("Password"), strip=False)
    code = forms.CharField(
        required=False,
        max_length=32,
        label=gettext_lazy("Event sign-up code (optional)"),
        help_text=gettext_lazy(
            "From the organizer at the venue: with it, everyone on the venue's network can sign up."
        ),
    )


def signup(request: HttpRequest) -> HttpResponse:
    """The sign-up page. An event's sign-up code (typed, or from the link ``?code=``) lets the
    sign-up past the per-address rate and takes the new player to the event
    (services/signup_codes.py); every other sign-up, a wrong code's too, counts against it."""
    form = SignUpForm(request.POST or None, initial={"code": request.GET.get("code", "")[:32]})
    code = None
    if request.method == "POST":
        typed = request.POST.get("code", "")[:32]
        code = signup_code_find(text=typed)
        if code is None:
            # The API's sign-up rate per address (THROTTLE_SIGNUP), counted together.
            rate = settings.THROTTLE_RATES.get("signup")
            refused = rate and limits.hit(scope="signup", ident=client_address(request), rate=rate)
            if refused:
                form.add_error(None, signup_refused_text(refused.wait))
                response = render(request, "registration/signup.html", {"form": form}, status=429)
                response["Retry-After"] = str(refused.wait)
                return response
            if typed.strip():
                form.add_error("code", code_refused_text())
    if request.method == "POST" and not form.is_valid():
        # Every problem at once: what the service would refuse too, for the fields the form took.
        kept = form.cleaned_data
        found = user_create_problems(username=kept.get("username"), password=kept.get("password"))
        for field, problems in found.items():
            for problem in problems:
                form.add_error(field, problem)
    elif request.method == "POST":
        values = {k: v for k, v in form.cleaned_data.items() if k != "code"}
        try:
            user = user_create(**values, code=code)
        except ValidationError as error:
            for field, problems in error.message_dict.items():
                for problem in problems:
                    form.add_error(field if field in form.fields else None, problem)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            name = user.get_username()
            if code is not None:
                messages.success(
                    request,
                    _("Welcome, %(name)s! Register for %(event)s below.")
                    % {"name": name, "event": code.event.name},
                )
                return redirect("event-detail", event_id=code.event_id)
            messages.success(request, _("Welcome, %(name)s!") % {"name": name})
            return redirect("home")
    if form.errors:
        # A password is never sent back to the page (Django's PasswordInput): say so beside it.
        form["password"].help_text = _("For your safety the password is not kept: type it again.")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)
