"""What every API answer must satisfy against the project's own OpenAPI schema."""

from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    response_headers_conformance,
    content_type_conformance,
]
