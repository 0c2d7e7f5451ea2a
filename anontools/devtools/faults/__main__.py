"""``python -m anontools.devtools.faults``: the command of :mod:`anontools.devtools.faults.cli`."""

from anontools.devtools.faults.cli import main

raise SystemExit(main())
