"""The admin's user forms refuse a username that looks like another's, as every other way of
making or renaming an account does (services/accounts.py ``username_refusal``)."""

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from tournaments.services.accounts import username_refusal


def _checked(form: forms.ModelForm, username: str) -> str:
    refused = username_refusal(username, renaming=form.instance)
    if refused is not None:
        raise forms.ValidationError(refused.message_dict["username"])
    return username


class UserCreationChecked(AdminUserCreationForm):
    def clean_username(self) -> Any:
        return _checked(self, super().clean_username())


class UserChangeChecked(UserChangeForm):
    def clean_username(self) -> Any:
        return _checked(self, self.cleaned_data["username"])


class CheckedUserAdmin(UserAdmin):
    add_form = UserCreationChecked
    form = UserChangeChecked


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), CheckedUserAdmin)
