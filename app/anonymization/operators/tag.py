"""Tagging: context-preserving placeholders such as ``[PERSON_1]`` (Kleinberg & Mozes, 2017; Dias, 2016, §4.3)."""

from __future__ import annotations

import re
from typing import Any

from app.anonymization.base import ChainContext, DocumentContext, Operator


def format_placeholder(label: str, ordinal: int, opening: str = "[", closing: str = "]", separator: str = "_") -> str:
    """``[LABEL_n]`` with the given delimiters, e.g. ``format_placeholder("PERSON", 1) == "[PERSON_1]"``;
    ``separator="."`` gives NETANOS's ``[PERSON.1]`` (Kleinberg & Mozes, 2017)."""
    return f"{opening}{label}{separator}{ordinal}{closing}"


class TagOperator(Operator):
    """Replace every mention of a chain by ``<opening>LABEL_n<closing>``.

    ``n`` numbers the chains of one label in order of first appearance, so every mention of one
    person carries the same placeholder (coreference-aware numbering, Dias, 2016, §4.2.5).

    Options:
        opening, closing: the delimiters (default ``[`` and ``]``; chosen because machine translation
            and translators leave bracketed upper-case codes alone, Dias, 2016, §6.3).
        separator: between label and number (default ``_``; ``.`` gives Kleinberg & Mozes's (2017) ``[PERSON.1]``).
        markup: ``"none"`` (default) or ``"moses"``: wrap each placeholder in Moses markup,
            ``<ne translation="[PERSON_1]">[PERSON_1]</ne>``, which tells a Moses decoder to copy it
            untranslated (Dias, 2016, §6.3); re-identification matches the element as a whole.
    """

    name = "tag"
    unique = True

    def __init__(
        self, opening: str = "[", closing: str = "]", markup: str = "none", separator: str = "_", **options: Any
    ) -> None:
        super().__init__(**options)
        if markup not in ("none", "moses"):
            raise ValueError(f"unknown placeholder markup {markup!r} (none, moses)")
        self.opening = opening
        self.closing = closing
        self.markup = markup
        self.separator = separator

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        """``[LABEL_n]`` for every mention; ``n`` skips numbers that the original text already uses in
        placeholder-like marks ("[PERSON_1]" written by the customer), so a customer's mark is never
        confused with ours and is reported as unknown on the way back."""
        reserved = _reserved(document)
        taken = self._taken(document)
        n = chain.ordinal
        while (chain.label, n) in reserved or (chain.label, n) in taken:
            n += 1
        placeholder = format_placeholder(chain.label, n, self.opening, self.closing, self.separator)
        if self.markup == "moses":
            from app.reidentification.matching import moses_markup

            placeholder = moses_markup(placeholder)
        return [placeholder] * len(chain.mentions)

    def _taken(self, document: DocumentContext) -> set[tuple[str, int]]:
        """``(label, n)`` of every placeholder of this operator's format inside a replacement already
        used in the document, kept up to date incrementally (:meth:`DocumentContext.index`): O(1) per
        number tried (a scan of every used replacement per number made ``tag`` quadratic, issue 15)."""
        pattern = re.compile(re.escape(self.opening) + r"([^\W\d]\w*?)" + re.escape(self.separator) + r"(\d+)" + re.escape(self.closing))

        def add(index: set[tuple[str, int]], replacement: str) -> None:
            index.update((m.group(1), int(m.group(2))) for m in pattern.finditer(replacement))

        name = f"tag-taken:{self.opening}\x1f{self.separator}\x1f{self.closing}"
        return document.index(name, lambda text: set(), add)


def _reserved(document: DocumentContext) -> frozenset[tuple[str, int]]:
    """Placeholder keys already present in the original text (computed once per document)."""
    return document.derived_value(
        "reserved-keys", lambda: frozenset(key for m in document.source_marks() for key in m.keys if key is not None))
