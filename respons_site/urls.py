"""Top-level URLs: the site pages, the API, the schema and its docs, health."""

from django.contrib import admin
from django.urls import include, path
from django.views.decorators.cache import cache_page
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from tournaments.views import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    # gettext for the board modules (locale/*/LC_MESSAGES/djangojs.po); cached per language.
    path("jsi18n/", cache_page(3600)(JavaScriptCatalog.as_view()), name="javascript-catalog"),
    path("api/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("admin/", admin.site.urls),
    path("", include("tournaments.urls")),
    path("", include("tournaments.urls_play")),
    path("", include("tournaments.urls_judge")),
]

# An address that matches no URL (an unknown path, or an id no database row can have).
handler404 = "tournaments.views.pages.not_found"
# An exception no view handled: 503 when the database is away, else 500 (JSON under /api/).
handler500 = "tournaments.views.pages.server_error"
