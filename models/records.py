"""``faust.Record`` schemas of the messages on every topic, and their strict JSON codec.

Every message is a JSON object (orjson) keyed by ``job_id``. Nested structures (entities, chains,
placeholders) are plain JSON objects so any consumer can read them without Faust.

Topic → record:

=========================== ====================== =====================================================
topic (default name)        record                 produced by
=========================== ====================== =====================================================
documents                   :class:`Document`      users
documents.detected          :class:`DetectedDocument`  detect agent
documents.resolved          :class:`ResolvedDocument`  corefer agent
translation.requests        :class:`TranslationRequest` anonymize agent (no original entity text)
translation.results         :class:`TranslationResult`  MT / translators
translation.reidentified    :class:`ReidentifiedDocument` reidentify agent
documents.dead-letter       :class:`DeadLetter`    any agent, for bad input or a failing stage
jobs.erase                  :class:`EraseRequest`  users (right to erasure)
jobs.erased                 :class:`EraseResult`   erase agent
=========================== ====================== =====================================================

Faust coerces wrong types silently (``job_id=3`` becomes ``"3"``), so :func:`decode` checks the raw JSON
types itself before building a record and raises :class:`InvalidMessage` with a clear reason.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any, Optional, TypeVar

import faust
import orjson

from app.settings import PRIVACY_PROFILES, SUPPORTED_LANGUAGES


class InvalidMessage(ValueError):
    """A message that cannot be processed; ``reason`` is safe to publish (no document text)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Base(faust.Record, abstract=True, include_metadata=False):
    """Common base: JSON objects without Faust metadata."""

    def to_json(self) -> bytes:
        """The record as compact JSON (orjson) bytes."""
        return orjson.dumps(self.asdict())


class Document(_Base):
    """A document to anonymize (topic ``documents``).

    ``text`` non-empty; ``language`` ISO 639-1 among :data:`SUPPORTED_LANGUAGES`; ``method`` an
    anonymization method name (default from settings); ``privacy_profile`` ``standard`` or ``strict``
    (:data:`PRIVACY_PROFILES`; default and minimum: the deployment's setting); ``metadata`` passed through untouched.
    """

    job_id: str
    text: str
    language: str = "en"
    method: Optional[str] = None
    metadata: Optional[dict] = None
    privacy_profile: Optional[str] = None


class _StageDocument(_Base, abstract=True):
    """What every stage after detection passes on: the document, its method and its entities.

    ``entities``: ``list[dict]`` of :class:`app.doc.Entity` fields (character offsets, half-open). Subclasses add
    their own fields after these (the order of the fields is the order of the keys on the wire).
    """

    job_id: str
    text: str
    language: str
    method: str
    entities: list


class DetectedDocument(_StageDocument):
    """A document with its entities (topic ``documents.detected``).

    ``sentences``: optional ``list[[start, end]]``, the sentences detection split the text into (character
    offsets, half-open, sorted), which the anonymization methods read for each mention's sentence context; absent
    or ``null``: later stages split the text again, by the same rule (:func:`app.doc.sentence_spans`).
    """

    metadata: Optional[dict] = None
    sentences: Optional[list] = None


class ResolvedDocument(_StageDocument):
    """A document with entities grouped in coreference chains (topic ``documents.resolved``).

    ``chains``: ``list[dict]`` of :class:`app.doc.Chain` fields, indices into ``entities``;
    ``sentences``: as on ``documents.detected`` (optional).
    """

    chains: list
    metadata: Optional[dict] = None
    sentences: Optional[list] = None


class TranslationRequest(_Base):
    """The anonymized document for translation (topic ``translation.requests``).

    Carries no original entity text: ``placeholders`` is ``list[str]`` of the marks used in ``text``.
    ``anonymization_id``: 32 hex digits naming this anonymization's table of solutions; translation services
    return it unchanged in ``translation.results`` (the contract, README "Anonymization ids").
    """

    job_id: str
    language: str
    method: str
    text: str
    placeholders: list
    metadata: Optional[dict] = None
    anonymization_id: str = ""


class TranslationResult(_Base):
    """A translation of an anonymized document (topic ``translation.results``); ``language`` is the target.

    ``anonymization_id``: the id of the request it translates (re-identification uses only that table);
    ``None`` for legacy clients (then the job's newest table, only if the translation is consistent with it).
    ``mark_only``: ``true`` asks re-identification to restore by position and unique marks only (no
    restoration by order of identical masks, none by elimination; :mod:`app.reidentification.reidentify`).
    """

    job_id: str
    text: str
    language: str
    metadata: Optional[dict] = None
    anonymization_id: Optional[str] = None
    mark_only: Optional[bool] = None


class ReidentifiedDocument(_Base):
    """A re-identified translation (topic ``translation.reidentified``).

    ``restored``: number of placeholder occurrences replaced by originals;
    ``unknown_placeholders``: ``list[str]`` of placeholder-like marks not in the job's table (left in place);
    ``missing_placeholders``: ``list[str]`` of marks absent from the translation (``"[PERSON_2]"``) and of
    mentions left without a mark (``"[PERSON_1]#2"``);
    ``restored_by_order``: how many restorations relied on the order of identical masks (suppression),
    which a translation may have changed — a consumer should review those;
    ``anonymization_id``: the table used.
    ``conditions``: ``{condition: count}`` of the restorations (``position``, ``mark``, ``order``, ``elimination``);
    ``restorations``: ``list[dict]`` ``{"start", "end", "condition", "mark"}`` per restored span (offsets in ``text``);
    ``unrestored_marks``: ``list[dict]`` ``{"mark", "start", "end", "reason"}`` for every mark-like token left in
    ``text`` (reason ``unknown``, ``order_unverifiable`` or ``mark_only``);
    ``refused``: ``list[dict]`` ``{"reason", "mark", "expected", "found"}`` of order-based restorations not made.
    """

    job_id: str
    language: str
    text: str
    restored: int
    unknown_placeholders: list
    missing_placeholders: list
    metadata: Optional[dict] = None
    restored_by_order: int = 0
    anonymization_id: Optional[str] = None
    conditions: Optional[dict] = None
    restorations: Optional[list] = None
    unrestored_marks: Optional[list] = None
    refused: Optional[list] = None


class EraseRequest(_Base):
    """A request to erase a job's table of solutions (topic ``jobs.erase``; right to erasure)."""

    job_id: str


class EraseResult(_Base):
    """The worker's answer (topic ``jobs.erased``): ``erased`` is ``False`` when no table existed;
    ``tables_deleted``: how many tables of the job (one per anonymization) were deleted. Either way the job
    now has a tombstone: later tables of it are not written and its translations are not re-identified."""

    job_id: str
    erased: bool
    tables_deleted: int = 0


class DeadLetter(_Base):
    """A message that could not be processed (topic ``documents.dead-letter``).

    ``stage``: the agent (``detect``, ``corefer``, ``anonymize``, ``reidentify``); ``reason``: a clear
    explanation that quotes no document text; ``error_type``: ``invalid_input``, ``model_unavailable``,
    ``unknown_job``, ``erased``, ``table_mismatch``, ``table_unreadable``, ``too_large`` or ``stage_error``;
    ``job_id`` when known.
    ``payload_base64``: the original bytes (all of them unless ``payload_truncated``);
    ``payload``: the original parsed as JSON, only when it was JSON of at most
    :data:`INLINE_PAYLOAD_BYTES` bytes (else ``None``); ``payload_size``: original size in bytes;
    ``payload_sha256``: hex digest of the original bytes; ``payload_withheld``: the original is left out
    (``payload_base64`` empty) because it holds personal data of an erased job (``error_type`` ``erased``).
    """

    stage: str
    reason: str
    payload_base64: str
    payload: Any = None
    job_id: Optional[str] = None
    error_type: str = "invalid_input"
    payload_size: int = 0
    payload_sha256: str = ""
    payload_truncated: bool = False
    payload_withheld: bool = False


R = TypeVar("R", bound=_Base)


def _require(data: dict, name: str, kind: type | tuple[type, ...], *, non_empty: bool = False) -> None:
    if name not in data or data[name] is None:
        raise InvalidMessage(f"field '{name}' is missing")
    value = data[name]
    # bool is an int subclass: never accept it where a number or string is expected
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise InvalidMessage(f"field '{name}' has type bool, expected {_kind_name(kind)}")
    if not isinstance(value, kind):
        raise InvalidMessage(f"field '{name}' has type {type(value).__name__}, expected {_kind_name(kind)}")
    if non_empty and isinstance(value, str) and not value.strip():
        raise InvalidMessage(f"field '{name}' is empty")


def _optional(data: dict, name: str, kind: type | tuple[type, ...]) -> None:
    if data.get(name) is not None:
        _require(data, name, kind)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


def parse_object(raw: bytes | str | None) -> dict:
    """Parse raw message bytes into a JSON object.

    Raises:
        InvalidMessage: empty, not UTF-8/JSON, not a JSON object, or nested too deeply to be written back.
    """
    if raw is None or len(raw) == 0:
        raise InvalidMessage("empty message")
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise InvalidMessage("message is not valid JSON (UTF-8)") from None
    if not isinstance(data, dict):
        raise InvalidMessage(f"message is a JSON {type(data).__name__}, expected an object")
    try:  # orjson reads 1,024 levels of nesting but writes only 254: refuse what could not be forwarded
        orjson.dumps(data)
    except TypeError:
        raise InvalidMessage("message is nested too deeply (more than 254 levels of JSON)") from None
    if _LONG_NUMBER.search(raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass")):
        _refuse_big_integers(raw)
    return data


#: 19 digits or more: the only integers that may lie outside 64 bits (orjson reads those as floats).
_LONG_NUMBER = re.compile(rb"\d{19,}")


def _refuse_big_integers(raw: bytes | str) -> None:
    """Metadata is promised untouched, but orjson reads an integer beyond 64 bits as a float
    (``123456789012345678901234567890`` → ``1.2345678901234568e+29``) and cannot write it: such a message is
    refused with a clear reason (send the number as a string) rather than altered.

    Raises:
        InvalidMessage: an integer outside [-2**63, 2**64 - 1].
    """
    found: list[int] = []

    def keep(literal: str) -> int:
        value = int(literal)
        if not -(2**63) <= value < 2**64:
            found.append(value)
        return value

    json.loads(raw, parse_int=keep)
    if found:
        raise InvalidMessage("message holds an integer beyond 64 bits, which cannot be passed on exactly; "
                             "send such numbers as strings")


def decode_document(raw: bytes | str | None, *, max_text_chars: int) -> Document:
    """Decode and validate a message of the ``documents`` topic.

    Raises:
        InvalidMessage: with a reason for any missing field, wrong type, empty text, text longer than
            ``max_text_chars`` characters, or unsupported language.
    """
    data = parse_object(raw)
    _require(data, "job_id", str, non_empty=True)
    _require(data, "text", str, non_empty=True)
    _optional(data, "language", str)
    _optional(data, "method", str)
    _optional(data, "metadata", dict)
    _optional(data, "privacy_profile", str)
    language = data.get("language") or "en"
    if language not in SUPPORTED_LANGUAGES:
        raise InvalidMessage(f"unsupported language '{language[:16]}' (supported: {', '.join(SUPPORTED_LANGUAGES)})")
    profile = data.get("privacy_profile") or None
    if profile is not None and profile not in PRIVACY_PROFILES:
        raise InvalidMessage(f"unknown privacy_profile '{profile[:16]}' (known: {', '.join(PRIVACY_PROFILES)})")
    if len(data["text"]) > max_text_chars:
        raise InvalidMessage(f"text has {len(data['text'])} characters, over the limit of {max_text_chars}")
    return Document(
        job_id=data["job_id"],
        text=data["text"],
        language=language,
        method=data.get("method"),
        metadata=data.get("metadata"),
        privacy_profile=profile,
    )


def _decode_stage_message(raw: bytes | str | None, record: type[R], list_fields: tuple[str, ...]) -> R:
    data = parse_object(raw)
    _require(data, "job_id", str, non_empty=True)
    _require(data, "text", str, non_empty=True)
    _require(data, "language", str)
    _require(data, "method", str)
    for name in list_fields:
        _require(data, name, list)
    _optional(data, "metadata", dict)
    _optional(data, "sentences", list)
    if data["language"] not in SUPPORTED_LANGUAGES:
        raise InvalidMessage(f"unsupported language '{data['language'][:16]}'")
    fields = {name: data.get(name) for name in record._options.fields}
    return record(**fields)


def decode_detected(raw: bytes | str | None) -> DetectedDocument:
    """Decode a ``documents.detected`` message. Raises :class:`InvalidMessage`."""
    return _decode_stage_message(raw, DetectedDocument, ("entities",))


def decode_resolved(raw: bytes | str | None) -> ResolvedDocument:
    """Decode a ``documents.resolved`` message. Raises :class:`InvalidMessage`."""
    return _decode_stage_message(raw, ResolvedDocument, ("entities", "chains"))


def decode_translation(raw: bytes | str | None, *, max_text_chars: int) -> TranslationResult:
    """Decode a ``translation.results`` message. Raises :class:`InvalidMessage`."""
    data = parse_object(raw)
    _require(data, "job_id", str, non_empty=True)
    _require(data, "text", str, non_empty=True)
    _require(data, "language", str, non_empty=True)
    _optional(data, "metadata", dict)
    _optional(data, "anonymization_id", str)
    _optional(data, "mark_only", bool)
    anonymization_id = data.get("anonymization_id")
    if anonymization_id is not None and not ANONYMIZATION_ID_RE.fullmatch(anonymization_id):
        raise InvalidMessage("field 'anonymization_id' is not an anonymization id (32 lower-case hex digits)")
    if len(data["text"]) > max_text_chars:
        raise InvalidMessage(f"text has {len(data['text'])} characters, over the limit of {max_text_chars}")
    return TranslationResult(job_id=data["job_id"], text=data["text"], language=data["language"], metadata=data.get("metadata"),
                             anonymization_id=anonymization_id, mark_only=data.get("mark_only"))


#: The form of an anonymization id (:meth:`app.crypto.KeyedHasher.anonymization_id`).
ANONYMIZATION_ID_RE = re.compile(r"[0-9a-f]{32}")


#: Originals up to this size (bytes) are also inlined as parsed JSON in the dead letter.
INLINE_PAYLOAD_BYTES = 64 * 1024


def decode_erase(raw: bytes | str | None) -> EraseRequest:
    """Decode a ``jobs.erase`` message. Raises :class:`InvalidMessage`."""
    data = parse_object(raw)
    _require(data, "job_id", str, non_empty=True)
    return EraseRequest(job_id=data["job_id"])


def dead_letter(
    raw: bytes | str | None,
    *,
    stage: str,
    reason: str,
    error_type: str = "invalid_input",
    max_bytes: int | None = None,
    withhold_payload: bool = False,
) -> DeadLetter:
    """Build the dead letter for ``raw``: original bytes (base64) and, if small JSON, the parsed payload.

    The ``job_id`` is copied when the payload is an object with a string ``job_id``. When ``max_bytes``
    is given and the letter would be larger, the base64 payload is cut so the letter fits and
    ``payload_truncated`` is set (``payload_size`` and ``payload_sha256`` still describe the original).
    ``withhold_payload`` leaves the original out (personal data of an erased job; ``payload_withheld``).
    """
    if raw is None:
        raw_bytes = b""
    elif isinstance(raw, str):
        raw_bytes = raw.encode("utf-8", "surrogatepass")
    else:
        raw_bytes = bytes(raw)
    parsed: Any = None
    try:
        parsed = orjson.loads(raw_bytes) if raw_bytes else None
    except orjson.JSONDecodeError:
        parsed = None
    job_id = parsed["job_id"] if isinstance(parsed, dict) and isinstance(parsed.get("job_id"), str) else None
    try:
        orjson.dumps(parsed)  # inline only what can be written back (nesting over 254 levels cannot)
    except TypeError:
        parsed = None
    if job_id is not None and len(job_id) > 1024:
        job_id = None
    letter = DeadLetter(
        stage=stage,
        reason=reason,
        payload_base64=base64.b64encode(raw_bytes).decode("ascii"),
        payload=parsed if len(raw_bytes) <= INLINE_PAYLOAD_BYTES else None,
        job_id=job_id,
        error_type=error_type,
        payload_size=len(raw_bytes),
        payload_sha256=hashlib.sha256(raw_bytes).hexdigest(),
    )
    if withhold_payload:
        letter.payload = None
        letter.payload_base64 = ""
        letter.payload_withheld = True
    if max_bytes is not None and len(letter.to_json()) > max_bytes:
        keep = max(0, (max_bytes - 4096) * 3 // 4)  # base64 grows 4/3; leave room for the other fields
        letter.payload = None
        letter.payload_base64 = base64.b64encode(raw_bytes[:keep]).decode("ascii")
        letter.payload_truncated = True
    return letter
