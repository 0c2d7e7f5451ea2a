"""Voting between recognizers: a cascade of precedence (seed 004 §4.2.2, "Voting").

Overlaps are resolved as follows (the documented precedence):

1. Recognizers are ranked by the configured cascade (default :data:`DEFAULT_PRECEDENCE`: validated
   patterns first — ``email``, ``url``, ``phone``, ``date`` — then the model; a date pattern needs a
   day or a year, so on its span it is more reliable than a model that tags "March" as a location). An entity from a
   higher-ranked recognizer always wins; within one recognizer the longer span wins, then the earlier.
2. An entity that overlaps an accepted one is dropped if it lies inside it; if it sticks out, the part
   outside is kept (trimmed) when it still contains a letter or digit, so that no fragment of a
   detected entity is left in clear text (recall first, seed 004 §5.1).
3. Recognizers missing from the cascade rank after all listed ones, in name order.
"""

from __future__ import annotations

from app.doc import Entity

DEFAULT_PRECEDENCE: tuple[str, ...] = ("email", "url", "phone", "date", "stanza")


def _rank(source: str, precedence: tuple[str, ...]) -> tuple[int, str]:
    try:
        return (precedence.index(source), source)
    except ValueError:
        return (len(precedence), source)


def _free_parts(entity: Entity, accepted: list[Entity]) -> list[tuple[int, int]]:
    parts = [(entity.start, entity.end)]
    for other in accepted:
        next_parts: list[tuple[int, int]] = []
        for start, end in parts:
            if other.end <= start or other.start >= end:
                next_parts.append((start, end))
                continue
            if start < other.start:
                next_parts.append((start, other.start))
            if other.end < end:
                next_parts.append((other.end, end))
        parts = next_parts
    return parts


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end


def resolve_overlaps(text: str, entities: list[Entity], precedence: tuple[str, ...] = DEFAULT_PRECEDENCE) -> list[Entity]:
    """Merge the outputs of all recognizers into non-overlapping entities.

    Args:
        text: the document (to trim entities at character level).
        entities: ``list[Entity]`` from any recognizers, possibly overlapping.
        precedence: recognizer names, highest precedence first.

    Returns:
        ``list[Entity]`` without overlaps, sorted by ``start``.
    """
    ordered = sorted(entities, key=lambda e: (_rank(e.source, precedence), -e.length, e.start))
    accepted: list[Entity] = []
    for entity in ordered:
        if not any(entity.overlaps(a) for a in accepted):
            accepted.append(entity)
            continue
        for start, end in _free_parts(entity, accepted):
            start, end = _strip(text, start, end)
            if end > start:
                accepted.append(Entity(start, end, entity.label, text[start:end], entity.source, entity.score))
    return sorted(accepted, key=lambda e: (e.start, e.end))
