"""catgames: a desktop table of five cat board games."""

__version__ = "0.1.0"
