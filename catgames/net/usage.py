"""The error of the online parts' command lines (``serve``, ``bot``, ``lan``): one line for the
operator, said by ``__main__`` with exit 2.  Its own module, so every command module can raise it."""

from __future__ import annotations


class CommandError(Exception):
    """A mistake in a ``serve``, ``bot`` or ``lan`` command line, or a server that cannot start."""
