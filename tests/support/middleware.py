"""A middleware the fast lane does not know (tests/site/test_lane.py): it answers every request
itself, so a test sees whether a request went through Django's middleware."""

from django.http import HttpResponse


class TeapotMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        return HttpResponse("teapot", status=418)
