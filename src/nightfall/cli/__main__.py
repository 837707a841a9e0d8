"""``python -m nightfall.cli``: the ``nightfall`` command, for a checkout without the script."""

import sys

from nightfall.cli import main

sys.exit(main())
