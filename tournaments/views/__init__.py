"""Site pages: thin views over selectors and services."""
