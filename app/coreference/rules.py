"""Coreference rules (Dias, 2016, §4.2.4, after Bontcheva et al.'s orthographic matcher).

*Normalizing* rules rewrite each mention's words (or its comparison key) and link the mentions whose keys have
become equal; they run first, in configuration order, and their effects accumulate ("Mr. John Doe's" →
possessive → title → "john doe"):

``identical``      same surface, ignoring case, spacing and a leading article ("the Netherlands" /
                   "Netherlands").
``possessive``     English possessive forms: "John Doe's", "Parliament’s", "Hicks'".
``title``          leading titles and honorifics: "Mr. John Doe" / "John Doe", "Frau Müller" / "Müller".
``type_word``      a word naming the kind of object: "International Business Machines Corporation" /
                   "International Business Machines", "Republik Lettland" / "Lettland".
``genitive``       German genitive "-s" of a name, when the bare name occurs too: "Europas" / "Europa".
``stem``           words compared by their Snowball stems (German by default): "Europäische Parlament" /
                   "Europäischen Parlaments"; scope ``all`` or ``headword`` (configuration ``stem_scope``).
``prepositional``  word order and function words ignored: "University of Cambridge" / "Cambridge University".

*Matching* rules link a short form to a chain of longer forms only when exactly one chain fits — an ambiguous
short form is never merged into a chain:

``acronym``        "EP" or "E.P." / "European Parliament" (initials of all words or of the content words).
``partial``        a part of a name including its headword: "Doe", "Mr. Doe", "John D.", "John" / "John Doe";
                   "Parliament" / "European Parliament". What counts as a part is the coreferencer's
                   :meth:`~app.coreference.base.Coreferencer.is_short_form_of`.
"""

from __future__ import annotations

import re
from typing import ClassVar

from app.registry import create, register
from app.coreference.base import (
    POSSESSIVE as _POSSESSIVE,
    Coreferencer,
    Mention,
    UnionFind,
    acronym_letters,
    bare,
    initials,
)


class CoreferenceRule:
    """A coreference rule: :meth:`apply` links mentions of one label in a union-find."""

    name: ClassVar[str] = ""
    #: normalizing rules run before matching rules
    normalizing: ClassVar[bool] = False

    def apply(self, mentions: list[Mention], uf: UnionFind, coref: Coreferencer) -> None:  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class NormalizingRule(CoreferenceRule):
    """Rewrites every mention (:meth:`normalize`), then links mentions with equal keys."""

    normalizing = True

    def normalize(self, mention: Mention, coref: Coreferencer) -> None:
        """Rewrite ``mention`` in place (default: nothing)."""

    def apply(self, mentions: list[Mention], uf: UnionFind, coref: Coreferencer) -> None:
        groups: dict[tuple[str, ...], list[int]] = {}
        for i, m in enumerate(mentions):
            self.normalize(m, coref)
            groups.setdefault(m.key, []).append(i)
        for members in groups.values():
            link_compatible(members, mentions, uf)


def link_compatible(members: list[int], mentions: list[Mention], uf: UnionFind) -> None:
    """Link mentions with equal keys, except across genders: "Mr Doe" and "Mrs Doe" stay apart, and a "Doe" without
    title then joins neither (it would be ambiguous)."""
    genders = {mentions[i].gender for i in members} - {None}
    if len(genders) <= 1:
        for i in members[1:]:
            uf.union(members[0], i)
        return
    for gender in genders | {None}:
        same = [i for i in members if mentions[i].gender == gender]
        for i in same[1:]:
            uf.union(same[0], i)


@register("coreference_rule")
class IdenticalRule(NormalizingRule):
    """Identical surfaces (case, spacing and — except in person names, "de Palacio" — a leading article or other
    function word ignored: "the Netherlands" / "Netherlands")."""

    name = "identical"

    def normalize(self, mention: Mention, coref: Coreferencer) -> None:
        words = mention.words
        if coref.strip_leading_article and len(words) > 1 and words[0] in coref.function_words:
            mention.set_words(words[1:])


@register("coreference_rule")
class PossessiveRule(NormalizingRule):
    """English possessive forms ("John Doe's", "Hicks'")."""

    name = "possessive"

    def normalize(self, mention: Mention, coref: Coreferencer) -> None:
        words = list(mention.words)
        last = _POSSESSIVE.sub("", words[-1])
        words[-1:] = [last] if last else []
        mention.set_words(tuple(words))


@register("coreference_rule")
class TitleCoreferenceRule(NormalizingRule):
    """Leading titles and honorifics ("Mr.", "Dr", "Herrn", "Sra.", "Vice-President"); records the gender a
    title tells."""

    name = "title"

    def normalize(self, mention: Mention, coref: Coreferencer) -> None:
        words = mention.words
        while len(words) > 1:
            phrase = _leading_phrase(words, coref.titles)
            if not phrase:
                break
            for w in words[:phrase]:
                mention.gender = mention.gender or coref.title_genders.get(bare(w))
            words = words[phrase:]
        mention.set_words(words)


@register("coreference_rule")
class TypeWordRule(NormalizingRule):
    """Words that name the type of object: trailing ("Corporation", "GmbH", "S.A.") or leading ("Republic of",
    "Republik", "Reino de"), as configured per label and language."""

    name = "type_word"

    def normalize(self, mention: Mention, coref: Coreferencer) -> None:
        words = mention.words
        phrase = _leading_phrase(words, coref.leading_types)
        if phrase and _has_content(words[phrase:], coref):
            words = words[phrase:]
            while len(words) > 1 and words[0] in coref.function_words:  # "Grupo del PPE" → "PPE"
                words = words[1:]
        while len(words) > 1 and bare(words[-1]) in coref.trailing_types and _has_content(words[:-1], coref):
            words = words[:-1]
            while len(words) > 1 and words[-1] in coref.function_words | {",", "&"}:
                words = words[:-1]
        mention.set_words(words)


@register("coreference_rule")
class StemRule(NormalizingRule):
    """Words compared by their Snowball stems (``stem_scope``: every word, or only the headword)."""

    name = "stem"

    def normalize(self, mention: Mention, coref: Coreferencer) -> None:
        if not coref.stemmer_name:
            return
        words = mention.words
        if coref.stem_scope == "headword":
            h = coref.headword_index(words)
            stemmed = words[:h] + (coref.stem(words[h]),) + words[h + 1:]
        else:
            stemmed = tuple(coref.stem(w) for w in words)
        mention.set_words(stemmed, stemmed=True)


@register("coreference_rule")
class GenitiveRule(NormalizingRule):
    """German genitive "-s" of names: "Europas" / "Europa", "Prodis" / "Prodi" — a surface ending in "s" is read
    as the same surface without it when that one occurs in the document (words of the label's mentions)."""

    name = "genitive"

    def apply(self, mentions: list[Mention], uf: UnionFind, coref: Coreferencer) -> None:
        keys = {m.words for m in mentions}
        for m in mentions:
            last = m.words[-1]
            if len(last) > 3 and last.endswith("s") and not last.endswith("ss"):
                base = m.words[:-1] + (last[:-1],)
                if base in keys:
                    m.set_words(base)
        super().apply(mentions, uf, coref)


@register("coreference_rule")
class PrepositionalRule(NormalizingRule):
    """Prepositional variants: keys compare the content words regardless of order and function words
    ("University of Cambridge" / "Cambridge University")."""

    name = "prepositional"

    def normalize(self, mention: Mention, coref: Coreferencer) -> None:
        mention.reorder = True


_PARENTHESIZED = re.compile(r"\(\s*((?:[^\W\d_]\.){2,}|[^\W\d_]{2,10})\s*\)")


@register("coreference_rule")
class AcronymRule(CoreferenceRule):
    """Acronyms and abbreviations ("EP", "E.P.") linked to the only chain of full forms whose initials they are.

    Mentions of one acronym (with or without periods) are always linked together; the group joins a chain of
    full forms only when exactly one chain fits."""

    name = "acronym"

    def apply(self, mentions: list[Mention], uf: UnionFind, coref: Coreferencer) -> None:
        groups: dict[str, list[int]] = {}
        full: list[tuple[int, set[str]]] = []
        for i, m in enumerate(mentions):
            letters = acronym_letters(m)
            if letters is not None:
                groups.setdefault(letters, []).append(i)
            elif len(m.plain_words) >= 2:
                raw = tuple(m.entity.text.casefold().split())
                forms = initials(m.plain_words, coref.function_words) | initials(raw, coref.function_words)
                # an acronym given in parentheses: "European Committee for Standardisation (CEN)"
                forms |= {a.replace(".", "").casefold() for a in _PARENTHESIZED.findall(m.entity.text)
                          if a.replace(".", "").isupper()}
                full.append((i, forms))
        for letters, members in groups.items():
            for i in members[1:]:
                uf.union(members[0], i)
            roots = {uf.find(i) for i, forms in full if letters in forms}
            if len(roots) == 1:
                uf.union(members[0], roots.pop())


@register("coreference_rule")
class PartialRule(CoreferenceRule):
    """A short form joins the only chain holding a longer form it is part of (the coreferencer decides what a
    part is: :meth:`~app.coreference.base.Coreferencer.is_short_form_of`)."""

    name = "partial"

    def apply(self, mentions: list[Mention], uf: UnionFind, coref: Coreferencer) -> None:
        # mentions with the same words (and gender) behave alike: decide once per form
        forms: dict[tuple[tuple[str, ...], str | None], list[int]] = {}
        for i, m in enumerate(mentions):
            forms.setdefault((m.words, m.gender), []).append(i)
        keys = list(forms)
        index: dict[str, set[int]] = {}
        for k, (words, _) in enumerate(keys):
            for w in words:
                index.setdefault(w, set()).add(k)
        # longer short forms first ("John D." before "John")
        for k in sorted(range(len(keys)), key=lambda k: (-len(keys[k][0]), forms[keys[k]][0])):
            members = forms[keys[k]]
            short = mentions[members[0]]
            if not coref.may_be_short_form(short):
                continue
            anchors = [w for w in short.words if not coref.is_weak_word(w)]
            if not anchors:
                continue
            pool = set.intersection(*(index[w] for w in anchors)) - {k}
            fits = [mentions[forms[keys[c]][0]] for c in pool
                    if coref.is_short_form_of(short, mentions[forms[keys[c]][0]])]
            roots = {uf.find(j) for c in pool if mentions[forms[keys[c]][0]] in fits for j in forms[keys[c]]}
            if len(roots) != 1:
                continue  # no full form, or several chains fit: an ambiguous short form is never merged
            root = roots.pop()  # the smallest member: the chain's first mention
            if root > uf.find(members[0]) and any(coref.needs_earlier_full_form(short, f) for f in fits):
                continue
            for i in members:
                uf.union(root, i)


def _leading_phrase(words: tuple[str, ...], phrases: tuple[tuple[str, ...], ...]) -> int:
    """Length of the longest phrase of ``phrases`` that ``words`` start with (0 if none)."""
    for phrase in phrases:
        n = len(phrase)
        if n <= len(words) and tuple(bare(w) for w in words[:n]) == phrase:
            return n
    return 0


def _has_content(words: tuple[str, ...], coref: Coreferencer) -> bool:
    return any(w not in coref.function_words for w in words)


def build_rule(name: str) -> CoreferenceRule:
    """A coreference rule by name (registered with :func:`app.registry.register`).

    Raises:
        app.registry.UnknownComponent: unknown rule name (a ``ValueError`` and a ``KeyError``).
    """
    return create("coreference_rule", name)
