"""POST /api/accounts/, POST and DELETE /api/auth/token/ (api.md "Accounts")."""

import math
from typing import Any, NoReturn

from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError, throttled
from tournaments.api.notifications import MeOut, me_answer
from tournaments.api.throttles import SignUpThrottle
from tournaments.selectors.signup_codes import signup_code_find
from tournaments.services import limits
from tournaments.services.accounts import token_expires, token_issue, token_revoke, user_create
from tournaments.services.limits import client_address, sign_in_refused_text, signup_refused_text
from tournaments.services.signup_codes import code_refused_text


class SignUpIn(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False)
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    code = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=32,
        help_text="an event's sign-up code, from its organizer: the sign-up is not counted against "
        "the address's rate (a venue's network)",
    )


class UserOut(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.CharField()


class TokenIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False)


class AccountCreateApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes = [SignUpThrottle]

    def throttled(self, request: Request, wait: float | None) -> NoReturn:
        """Over the per-address rate: say what to do (a venue's sign-up code), not just wait."""
        seconds = max(1, math.ceil(wait or 1))
        raise throttled(signup_refused_text(seconds, api=True), wait=seconds)

    @extend_schema(request=SignUpIn, responses={201: UserOut}, operation_id="accounts_create")
    def post(self, request: Request) -> Response:
        data = SignUpIn(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        typed = values.pop("code")
        code = signup_code_find(text=typed) if typed.strip() else None
        if typed.strip() and code is None:
            raise serializers.ValidationError({"code": [code_refused_text()]})
        try:
            user = user_create(**values, code=code)
        except DjangoValidationError as error:
            raise serializers.ValidationError(error.message_dict) from None
        return Response(UserOut(user).data, status=status.HTTP_201_CREATED)


class TokenApi(APIView):
    """POST: a token for a username and password (the sign-in backoff applies: 429 with
    Retry-After while it lasts, whatever the password); DELETE: revoke the caller's token."""

    def initialize_request(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Request:
        self._deleting = request.method == "DELETE"
        return super().initialize_request(request, *args, **kwargs)

    def get_authenticators(self) -> list[Any]:
        # Asking for a token needs no credentials (a stale token header must not get in the way).
        return super().get_authenticators() if getattr(self, "_deleting", False) else []

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticated()] if getattr(self, "_deleting", False) else [AllowAny()]

    @extend_schema(
        request=TokenIn,
        responses={
            200: inline_serializer(
                "TokenOut", {"token": serializers.CharField(), "expires": serializers.DateTimeField()}
            )
        },
        operation_id="auth_token_create",
    )
    def post(self, request: Request) -> Response:
        data = TokenIn(data=request.data)
        data.is_valid(raise_exception=True)
        username, ip = data.validated_data["username"], client_address(request)
        refused = limits.login_attempt_begin(username=username, ip=ip)
        if refused is not None:
            raise throttled(sign_in_refused_text(refused.wait), wait=refused.wait)
        user = authenticate(request, **data.validated_data)
        if user is None:
            raise ApiError(
                _("Unable to sign in with these credentials."), code="bad_credentials", status_code=400
            )
        limits.login_attempt_succeeded(username=username, ip=ip)
        token = token_issue(user=user)
        return Response({"token": token.key, "expires": token_expires(token)})

    @extend_schema(request=None, responses={204: None}, operation_id="auth_token_destroy")
    def delete(self, request: Request) -> Response:
        token_revoke(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeApi(APIView):
    """GET /api/me/: the signed-in user (an extension of api.md) and their day (my
    events, my current match, results to confirm, games waiting for my move, what is next)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MeOut}, operation_id="me_retrieve")
    def get(self, request: Request) -> Response:
        return Response(me_answer(request.user))
