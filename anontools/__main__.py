"""``python -m anontools`` = ``anonymizer-dev`` (:mod:`anontools.cli`)."""

from anontools.cli import main

main()
