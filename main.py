#!/usr/bin/env python3
"""Double-click entry point: start the catgames table."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from catgames.__main__ import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["play"]))
