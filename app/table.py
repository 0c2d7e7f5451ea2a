"""The table of solutions, typed: :class:`Table` of :class:`TableEntry` of :class:`MentionRecord`.

Dias (2016), "Multilingual Automated Text Anonymization", §4.4 and Appendix B.2: per anonymized document, every replacement with its
original surfaces and positions, so that the translation can be re-identified (§6.1). Built by
:class:`app.anonymization.engine.AnonymizerEngine`, stored encrypted by :mod:`app.store`, read by
:func:`app.reidentification.reidentify.reidentify`.

JSON form (:meth:`Table.to_json` / :meth:`Table.from_json`; version :data:`TABLE_VERSION`)::

    {
      "version": 2, "job_id": str, "anonymization_id": str | null,   # null until bound (app.binding)
      "language": str, "method": str,
      "anon_length": int,                # length of the anonymized text (restoration by position)
      "anon_sha256": str,                # its SHA-256: position restoration only for that exact text
      "entries": [                       # one per coreference chain, in order of first mention
        {"placeholder": "[PERSON_1]",    # the replacement written into the text (first mention's)
         "method": "tag",                # the operator that produced it
         "unique": true,                 # the mark identifies the chain (else: restore by order)
         "label": "PERSON", "chain_id": 0,
         "surfaces": ["Mr. John Doe", "Doe"],             # distinct originals, text order
         "mentions": [{"text": "Mr. John Doe", "start": 0, "end": 12,        # original span (half-open)
                       "replacement": "[PERSON_1]",                         # what replaced this mention
                       "anon_start": 0, "anon_end": 10}, ...]}               # span in anonymized text
      ]
    }

Version 1 (before anonymization ids) is read as a table without ``anonymization_id``. Every offset is a
character offset, half-open. Malformed input raises :class:`InvalidTable` whose message names the field,
never a value (values are personal data).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

import orjson

#: Version written by :meth:`Table.to_dict`; :meth:`Table.from_dict` reads 1 and 2.
TABLE_VERSION = 2
READABLE_VERSIONS = (1, 2)


class InvalidTable(ValueError):
    """A table of solutions that cannot be read; the message names the field, never a value."""


def _get(data: Any, name: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, dict):
        raise InvalidTable(f"{where} is not an object")
    if name not in data:
        raise InvalidTable(f"{where}: field '{name}' is missing")
    value = data[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise InvalidTable(f"{where}: field '{name}' has the wrong type")
    return value


@dataclass(frozen=True, slots=True)
class MentionRecord:
    """One replaced mention.

    Attributes:
        text: the original surface (personal data).
        start, end: its span in the original text (character offsets, half-open).
        replacement: the mark that replaced it (placeholder, mask or surrogate).
        anon_start, anon_end: the span of ``replacement`` in the anonymized text.
    """

    text: str = field(repr=False)  # personal data: never in a repr (logs, tracebacks)
    start: int
    end: int
    replacement: str
    anon_start: int
    anon_end: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this mention."""
        return {"text": self.text, "start": self.start, "end": self.end, "replacement": self.replacement,
                "anon_start": self.anon_start, "anon_end": self.anon_end}

    @classmethod
    def from_dict(cls, data: Any, *, default_replacement: str = "", where: str = "mention") -> "MentionRecord":
        """Read a mention; ``replacement`` defaults to the entry's placeholder (early version 1 tables).

        Raises:
            InvalidTable: a field is missing or has the wrong type.
        """
        replacement = data.get("replacement", default_replacement) if isinstance(data, dict) else None
        if not isinstance(replacement, str):
            raise InvalidTable(f"{where}: field 'replacement' has the wrong type")
        return cls(
            text=_get(data, "text", str, where),
            start=_get(data, "start", int, where),
            end=_get(data, "end", int, where),
            replacement=replacement,
            anon_start=_get(data, "anon_start", int, where),
            anon_end=_get(data, "anon_end", int, where),
        )


@dataclass(frozen=True, slots=True)
class TableEntry:
    """One coreference chain and what replaced it.

    Attributes:
        placeholder: the first mention's replacement (``[PERSON_1]``, ``XXX``, a surrogate).
        method: the operator that produced it (registry name).
        unique: ``True`` when the mark identifies this chain (tag, substitute, ...); ``False`` for marks
            shared by every chain (``suppress``: restoration by order only).
        label: the entity label (``PERSON``, ...).
        chain_id: the coreference chain's id.
        surfaces: ``list[str]`` of distinct originals in text order.
        mentions: ``list[MentionRecord]`` in text order.
    """

    placeholder: str
    method: str
    unique: bool
    label: str
    chain_id: int
    surfaces: list[str] = field(repr=False)  # personal data: never in a repr
    mentions: list[MentionRecord] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this entry."""
        return {"placeholder": self.placeholder, "method": self.method, "unique": self.unique, "label": self.label,
                "chain_id": self.chain_id, "surfaces": list(self.surfaces), "mentions": [m.to_dict() for m in self.mentions]}

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "entry") -> "TableEntry":
        """Read an entry. Raises :class:`InvalidTable`."""
        placeholder = _get(data, "placeholder", str, where)
        surfaces = _get(data, "surfaces", list, where)
        if not all(isinstance(s, str) for s in surfaces):
            raise InvalidTable(f"{where}: field 'surfaces' holds a non-string")
        unique = data.get("unique", True)
        if not isinstance(unique, bool):
            raise InvalidTable(f"{where}: field 'unique' has the wrong type")
        mentions = _get(data, "mentions", list, where)
        return cls(
            placeholder=placeholder,
            method=_get(data, "method", str, where),
            unique=unique,
            label=_get(data, "label", str, where),
            chain_id=_get(data, "chain_id", int, where),
            surfaces=list(surfaces),
            mentions=[MentionRecord.from_dict(m, default_replacement=placeholder, where=f"{where} mention {k}")
                      for k, m in enumerate(mentions)],
        )


class SerializedTable(NamedTuple):
    """A bound table as its JSON (:meth:`Table.to_json`) with the two ids its Redis keys need.

    The form in which the anonymize stage hands its table to the worker process (:func:`app.isolation.anonymize`)
    and :meth:`app.store.TableStore.save` encrypts it: a tuple of two strings and the bytes pickles in
    microseconds, where a :class:`Table` of frozen slotted dataclasses is rebuilt field by field (issue 18: 7–8 %
    of the worker process's CPU went to unpickling tables).

    Attributes:
        job_id: the job.
        anonymization_id: the id the table is bound to (32 hex digits).
        json: :meth:`Table.to_json` of the table (UTF-8 JSON bytes; personal data: never log it).
    """

    job_id: str
    anonymization_id: str
    json: bytes


@dataclass(frozen=True, slots=True)
class Table:
    """The table of solutions of one anonymization of one job.

    Attributes:
        job_id: the job.
        anonymization_id: the id binding translations to this table (32 hex digits,
            :func:`app.binding.anonymization_id`); ``None`` before it is bound and for version 1 tables.
        language: the document's language (ISO 639-1).
        method: the document's method.
        anon_length: length of the anonymized text, characters.
        anon_sha256: SHA-256 (hex) of the anonymized text (UTF-8).
        entries: ``list[TableEntry]``, one per chain in order of first mention.
        source_marks: mark-like tokens of the original text ("[PERSON_1]" written by the customer); 0 allows
            restoration by elimination; ``None`` (tables written before it was recorded) does not.
        version: the version it was read from (written as :data:`TABLE_VERSION`).
    """

    job_id: str
    language: str
    method: str
    anon_length: int
    anon_sha256: str
    entries: list[TableEntry]
    anonymization_id: str | None = None
    source_marks: int | None = None
    version: int = TABLE_VERSION

    def bound(self, anonymization_id: str) -> "Table":
        """A copy carrying ``anonymization_id``."""
        return replace(self, anonymization_id=anonymization_id)

    def mentions(self) -> list[tuple[TableEntry, MentionRecord]]:
        """Every ``(entry, mention)`` pair, entry by entry."""
        return [(e, m) for e in self.entries for m in e.mentions]

    def originals(self) -> set[str]:
        """Every original surface of the table (personal data: never log it)."""
        return {m.text for e in self.entries for m in e.mentions}

    def to_dict(self, *, with_id: bool = True) -> dict[str, Any]:
        """The JSON object (version :data:`TABLE_VERSION`); ``with_id=False`` leaves ``anonymization_id`` null
        (the content the anonymization id is derived from)."""
        return {
            "version": TABLE_VERSION,
            "job_id": self.job_id,
            "anonymization_id": self.anonymization_id if with_id else None,
            "language": self.language,
            "method": self.method,
            "anon_length": self.anon_length,
            "anon_sha256": self.anon_sha256,
            "source_marks": self.source_marks,
            "entries": [e.to_dict() for e in self.entries],
        }

    def to_json(self, *, with_id: bool = True) -> bytes:
        """Compact JSON (orjson) of :meth:`to_dict`; deterministic for equal tables."""
        return orjson.dumps(self.to_dict(with_id=with_id))

    def serialized(self) -> "SerializedTable":
        """The table as :class:`SerializedTable` (what :meth:`app.store.TableStore.save` writes).

        Raises:
            ValueError: the table is not bound to an anonymization id.
        """
        if not self.anonymization_id:
            raise ValueError("a table must be bound to an anonymization id before it is serialized")
        return SerializedTable(self.job_id, self.anonymization_id, self.to_json())

    @classmethod
    def from_dict(cls, data: Any) -> "Table":
        """Read a table of version 1 or 2.

        Raises:
            InvalidTable: not an object, unknown version, or a field missing or of the wrong type.
        """
        version = _get(data, "version", int, "table")
        if version not in READABLE_VERSIONS:
            raise InvalidTable(f"table: version {version} is not readable (expected one of {READABLE_VERSIONS})")
        anonymization_id = data.get("anonymization_id")
        if anonymization_id is not None and not isinstance(anonymization_id, str):
            raise InvalidTable("table: field 'anonymization_id' has the wrong type")
        entries = _get(data, "entries", list, "table")
        source_marks = data.get("source_marks")
        if source_marks is not None and (not isinstance(source_marks, int) or isinstance(source_marks, bool)):
            raise InvalidTable("table: field 'source_marks' has the wrong type")
        return cls(
            job_id=_get(data, "job_id", str, "table"),
            language=_get(data, "language", str, "table"),
            method=_get(data, "method", str, "table"),
            anon_length=_get(data, "anon_length", int, "table"),
            anon_sha256=_get(data, "anon_sha256", str, "table"),
            entries=[TableEntry.from_dict(e, where=f"entry {k}") for k, e in enumerate(entries)],
            anonymization_id=anonymization_id,
            source_marks=source_marks,
            version=version,
        )

    @classmethod
    def from_json(cls, raw: bytes | str) -> "Table":
        """Read a table from JSON. Raises :class:`InvalidTable` (also for JSON that does not parse)."""
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError:
            raise InvalidTable("table: not valid JSON") from None
        return cls.from_dict(data)

    @classmethod
    def coerce(cls, table: "Table | dict[str, Any]") -> "Table":
        """``table`` itself, or a table read from its JSON object. Raises :class:`InvalidTable`."""
        return table if isinstance(table, Table) else cls.from_dict(table)
