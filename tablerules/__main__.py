"""``python -m tablerules`` is the ``tablerules`` command."""

import sys

from .cli import main

sys.exit(main())
