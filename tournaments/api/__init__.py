"""The REST API of docs/api.md (Django REST framework)."""
