"""GET, POST /api/events/{id}/signup-codes/ and DELETE …/{cid}/: an event's sign-up codes for
the venue (organizer; services/signup_codes.py). A sign-up (POST /api/accounts/) that sends one
as ``code`` is not counted against its address's rate."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.schema import errors
from tournaments.models import Event, SignupCode
from tournaments.selectors.events import Role, event_role, event_seen
from tournaments.selectors.signup_codes import signup_codes_of
from tournaments.services import errors as svc
from tournaments.services.signup_codes import HOURS_MAX, USES_MAX, signup_code_create, signup_code_revoke
from tournaments.users import SignedInRequest


class SignupCodeIn(serializers.Serializer):
    uses = serializers.IntegerField(help_text=f"sign-ups it allows, 1 to {USES_MAX}")
    hours = serializers.IntegerField(help_text=f"how long it works, 1 to {HOURS_MAX} hours")


class SignupCodeOut(serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField()
    url = serializers.SerializerMethodField(help_text="the sign-up page with the code filled in")
    uses = serializers.IntegerField(help_text="sign-ups made with it")
    uses_max = serializers.IntegerField()
    expires_at = serializers.DateTimeField()
    revoked_at = serializers.DateTimeField(allow_null=True)
    created_by = serializers.CharField(source="created_by.username")
    created_at = serializers.DateTimeField()

    def get_url(self, code: SignupCode) -> str:
        request = self.context["request"]
        return str(request.build_absolute_uri(reverse("signup"))) + f"?code={code.code}"


def _organized_event(request: Request, event_id: int) -> Event:
    event = event_seen(event_id=event_id, user=request.user)
    if event is None:
        raise Http404
    if event_role(event=event, user=request.user) != Role.ORGANIZER:
        raise svc.NotAllowed(_("Only the organizer of this event can make its sign-up codes."))
    return event


class SignupCodeListApi(APIView):
    """GET: the event's sign-up codes, newest first; POST ``{"uses", "hours"}``: make one."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: SignupCodeOut(many=True), **errors(403)}, operation_id="event_signup_codes_list"
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = _organized_event(request, event_id)
        codes = signup_codes_of(event=event)
        return Response(SignupCodeOut(codes, many=True, context={"request": request}).data)

    @extend_schema(
        request=SignupCodeIn,
        responses={201: SignupCodeOut, **errors(403, 409, 429)},
        operation_id="event_signup_codes_create",
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = _organized_event(request, event_id)
        data = SignupCodeIn(data=request.data)
        data.is_valid(raise_exception=True)
        code = signup_code_create(event=event, by=request.user, **data.validated_data)
        return Response(
            SignupCodeOut(code, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class SignupCodeDetailApi(APIView):
    """DELETE: withdraw the code at once."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={204: None, **errors(403)}, operation_id="event_signup_codes_destroy"
    )
    def delete(self, request: SignedInRequest, event_id: int, code_id: int) -> Response:
        event = _organized_event(request, event_id)
        signup_code_revoke(code=get_object_or_404(SignupCode, pk=code_id, event=event), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
