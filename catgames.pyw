"""Windows double-click with Python installed: ``pythonw`` runs ``.pyw`` files without a console
window.  Everything else, the missing-package message included, is ``main.py``'s."""

import runpy
from pathlib import Path

if __name__ == "__main__":  # the AI worker's spawned process imports this file: start nothing then
    runpy.run_path(str(Path(__file__).resolve().with_name("main.py")), run_name="__main__")
