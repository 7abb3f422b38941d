"""Tests of the Swiss core (tournaments/swiss): no Django, no database."""
