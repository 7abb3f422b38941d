"""Sign-up page (sign-in and sign-out are Django's own views)."""

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.services.accounts import user_create


class SignUpForm(forms.Form):
    username = forms.RegexField(
        regex=r"^[\w.@+-]+\Z",
        max_length=150,
        label=gettext_lazy("Username"),
        error_messages={"invalid": gettext_lazy("Letters, digits and @ . + - _ only.")},
    )
    email = forms.EmailField(required=False, label=gettext_lazy("Email (optional)"))
    password = forms.CharField(widget=forms.PasswordInput, label=gettext_lazy("Password"), strip=False)


def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_create(**form.cleaned_data)
        except ValidationError as error:
            for field, problems in error.message_dict.items():
                for problem in problems:
                    form.add_error(field if field in form.fields else None, problem)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome, %(name)s!") % {"name": user.get_username()})
            return redirect("home")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)
