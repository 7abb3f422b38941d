"""Template tags of the site pages."""
