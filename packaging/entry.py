"""The frozen app's entry point (``packaging/catgames.spec``): the same command line as
``python -m catgames``, double-click meaning ``play``.

The AI worker is a *spawned* process, and in a frozen build that process is this very
executable started again with multiprocessing's own arguments: ``freeze_support()`` must run
first, so such a start runs the worker's job and never opens a second window.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from catgames.__main__ import main

    sys.exit(main())
