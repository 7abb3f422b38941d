"""The REST API of spec/api.md (Django REST framework)."""
