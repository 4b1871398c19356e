"""catgames: a desktop table of five cat board games."""

import os

# pygame prints a greeting to stdout on import; it would corrupt ``--json`` output, including
# that of the fresh process ``bench --ui`` starts.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
