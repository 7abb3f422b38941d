"""POST /api/accounts/ and POST /api/auth/token/ (api.md "Accounts")."""

from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError
from tournaments.services.accounts import token_for, user_create


class SignUpIn(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False)
    email = serializers.EmailField(required=False, allow_blank=True, default="")


class UserOut(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.CharField()


class TokenIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False)


class AccountCreateApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(request=SignUpIn, responses={201: UserOut}, operation_id="accounts_create")
    def post(self, request: Request) -> Response:
        data = SignUpIn(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            user = user_create(**data.validated_data)
        except DjangoValidationError as error:
            raise serializers.ValidationError(error.message_dict) from None
        return Response(UserOut(user).data, status=status.HTTP_201_CREATED)


class TokenCreateApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(
        request=TokenIn,
        responses={200: inline_serializer("TokenOut", {"token": serializers.CharField()})},
        operation_id="auth_token_create",
    )
    def post(self, request: Request) -> Response:
        data = TokenIn(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request, **data.validated_data)
        if user is None:
            raise ApiError(
                "Unable to sign in with these credentials.", code="bad_credentials", status_code=400
            )
        return Response({"token": token_for(user=user)})


class MeApi(APIView):
    """GET /api/me/: the signed-in user (an extension of api.md)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: UserOut}, operation_id="me_retrieve")
    def get(self, request: Request) -> Response:
        return Response(UserOut(request.user).data)
