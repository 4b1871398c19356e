"""The frozen app's entry point (``packaging/catgames.spec``): the same command line as
``python -m catgames``, double-click meaning ``play``.

The AI worker is a *spawned* process, and in a frozen build that process is this very
executable started again with multiprocessing's own arguments: ``freeze_support()`` must run
first, so such a start runs the worker's job and never opens a second window.  Likewise
``bench --ui`` times a cold start by running ``sys.executable -m catgames.ui.bench_process``: here that
is this executable, so ``-m`` of one of our own modules is honoured too.
"""

import multiprocessing
import runpy
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    if len(sys.argv) > 2 and sys.argv[1] == "-m" and sys.argv[2].startswith("catgames."):
        module, sys.argv[1:] = sys.argv[2], sys.argv[3:]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        sys.exit(0)
    from catgames.__main__ import main

    sys.exit(main())
