"""Binding a translation to the table of solutions of its own anonymization (issue 16, item 1).

The contract with translation services (README, "Anonymization ids"): every ``translation.requests``
message carries an ``anonymization_id``; the service returns it unchanged in ``translation.results``, like a
correlation id. The reverse path then reads exactly the table stored under (``job_id``,
``anonymization_id``) (:mod:`app.store`) — a result with another job's id, or with an id of another
anonymization of a reused job id, finds no table and is dead-lettered, never restored with someone else's
originals.

A result **without** an id (a legacy client) gets the job's newest table, and only if the translation is
consistent with it (:func:`check_binding`): it is that table's exact anonymized text, or every placeholder
the matcher parses in it (:func:`app.reidentification.matching.find_placeholders`) names an entry of the
table (a table restoring masks by order, ``suppress``, binds only its exact text). Otherwise
:class:`TableMismatch` (dead letter ``table_mismatch``). This check cannot tell two jobs apart whose
placeholders coincide, nor verify surrogates: only the id binds a translation to its table with certainty
(``ANON_REQUIRE_ANONYMIZATION_ID=true`` refuses results without it).
"""

from __future__ import annotations

import hashlib

from app.reidentification.matching import find_placeholders, parse_placeholder
from app.table import Table


class TableMismatch(ValueError):
    """The translation cannot be verified against the table; ``reason`` quotes no text (counts only)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def table_keys(table: Table) -> set[tuple[str, int]]:
    """The ``(label, number)`` keys of the table's unique placeholders."""
    keys = set()
    for entry in table.entries:
        key = parse_placeholder(entry.placeholder) if entry.unique else None
        if key is not None:
            keys.add(key)
    return keys


def _is_exact_text(text: str, table: Table) -> bool:
    return len(text) == table.anon_length and hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest() == table.anon_sha256


def foreign_marks(text: str, table: Table) -> int:
    """How many placeholders parsed in ``text`` name no entry of ``table`` (0 for its exact anonymized text)."""
    if _is_exact_text(text, table):
        return 0
    keys = table_keys(table)
    return sum(1 for match in find_placeholders(text) if match.key is not None and match.key not in keys)


def check_binding(table: Table, *, job_id: str, anonymization_id: str | None, text: str, require_id: bool = False) -> None:
    """Raise :class:`TableMismatch` unless ``table`` may re-identify ``text``.

    Without an id, a table with marks restored by order only (``suppress``: every mask alike) binds only its
    exact anonymized text: nothing in a changed text can show that its masks are this table's.

    Args:
        table: the table the store returned for (``job_id``, ``anonymization_id``) — or the job's newest
            table when ``anonymization_id`` is ``None``.
        job_id: the result's job id.
        anonymization_id: the result's anonymization id, ``None`` for a legacy client.
        text: the translation.
        require_id: refuse every translation without an anonymization id (``ANON_REQUIRE_ANONYMIZATION_ID``).

    Raises:
        TableMismatch: the table is another job's or another anonymization's, or (without an id) a parsed
            placeholder of the translation is not in it.
    """
    if table.job_id != job_id or (anonymization_id is not None and table.anonymization_id != anonymization_id):
        raise TableMismatch("the table of solutions found belongs to another job or anonymization")
    if anonymization_id is None:
        if require_id:
            raise TableMismatch("translation without anonymization_id, which this deployment requires "
                                "(ANON_REQUIRE_ANONYMIZATION_ID): send the anonymization_id of the translation request")
        if any(not e.unique for e in table.entries) and not _is_exact_text(text, table):
            raise TableMismatch("translation without anonymization_id and the job's newest table restores masks by "
                                "order only, which cannot be bound to a changed text; send the anonymization_id")
        foreign = foreign_marks(text, table)
        if foreign:
            raise TableMismatch(
                f"translation without anonymization_id: {foreign} of its placeholders are not in the job's newest "
                "table of solutions, so it cannot be bound to it; send the anonymization_id of the translation request"
            )
