"""Log lines that cannot be forged: control characters in a log message are escaped.

A producer controls some values that reach the log (a method name, a job id in a reason): a newline in one
would start a new, forged log line (log injection, CWE-117). :func:`install` makes every log record's message
escape control characters (``\\n`` → ``\\\\n``, ESC → ``\\\\x1b``, U+2028 → ``\\\\u2028``); tracebacks are
left as they are.
"""

from __future__ import annotations

import logging
import re

#: C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def escape(text: str) -> str:
    """``text`` with every control character written as a Python escape (``"a\\nb"`` → ``"a\\\\nb"``)."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class _EscapingRecord(logging.LogRecord):
    def getMessage(self) -> str:  # noqa: N802 (logging's name)
        return escape(super().getMessage())


_installed = False


def install() -> None:
    """Make every log record created from now on escape control characters in its message (idempotent)."""
    global _installed
    if not _installed:
        logging.setLogRecordFactory(_EscapingRecord)
        _installed = True


__all__ = ["escape", "install"]
