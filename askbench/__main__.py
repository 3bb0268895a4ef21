"""``python -m askbench``: the same command line as the ``askbench`` script."""

from __future__ import annotations

import sys

from askbench.harness.frontends.cli import main

if __name__ == "__main__":
    sys.exit(main())
