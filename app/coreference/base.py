"""The coreferencer template (Dias, 2016, §4.2.4: "an abstract class **Coreferencer** that provides the basic
methods for CRR and a set of classes that extend this abstract class").

:meth:`Coreferencer.resolve` is the template method. For the mentions of one label it

1. builds a :class:`Mention` per entity (:meth:`Coreferencer.mention`: case-folded words of the surface);
2. applies the *normalizing* rules of its configuration, in order — each rewrites a mention's words or its
   comparison key (drops a possessive, a title, a type word; stems) and then links the mentions whose keys
   have become equal;
3. applies the *matching* rules, in order — each links a short form to the only chain of full forms it fits
   (acronyms, partial names) and leaves it alone when several chains fit;
4. returns the groups of entity indices.

Subclasses (:mod:`app.coreference.coreferencers`) override the hooks that differ between kinds of names:
:meth:`Coreferencer.headword_index` and :meth:`Coreferencer.is_short_form_of`, and their default rules.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from app.doc import Entity
from app.tokenization import strip_format_characters

if TYPE_CHECKING:
    from app.coreference.rules import CoreferenceRule


def normalize(surface: str) -> str:
    """Case-folded, NFKC-normalised surface with single spaces, without format characters (a soft hyphen, a zero-width
    space: :func:`app.tokenization.strip_format_characters`), so "Mer\u00adkel" is the "Merkel" of a later mention."""
    return " ".join(unicodedata.normalize("NFKC", strip_format_characters(surface)).casefold().split())


def bare(word: str) -> str:
    """A word without its final period(s), for comparisons with word lists ("Mr." → "mr")."""
    return word.rstrip(".")


_INITIAL = re.compile(r"^\w\.?$")

#: an English possessive ending ("Doe's", "Parliament’s", "Hicks'")
POSSESSIVE = re.compile(r"['’]s?$")


def is_initial(word: str) -> bool:
    """True for one letter, optionally followed by a period ("J." or "J")."""
    return bool(_INITIAL.match(word)) and word[:1].isalpha()


_ACRONYM_LETTERS = re.compile(r"^(?:[^\W\d_]\.){2,}$|^[^\W\d_]{2,10}$")


def acronym_letters(mention: Mention) -> str | None:
    """The letters of an acronym mention ("EP", "E.P.", "EP's" → ``"ep"``), else ``None``."""
    if len(mention.original_words) != 1:
        return None
    token = POSSESSIVE.sub("", mention.original_words[0])
    if not _ACRONYM_LETTERS.match(token):
        return None
    letters = token.replace(".", "")
    if len(letters) < 2 or not letters.isupper():
        return None
    return letters.casefold()


def initials(words: tuple[str, ...], function_words: frozenset[str]) -> set[str]:
    """Acronyms a full form can have: initials of all words, and of its content words; hyphenated words also
    count by their parts ("Euro-Mediterranean" → "em")."""
    out: set[str] = set()
    for split in (False, True):
        parts = [p for w in words for p in (w.split("-") if split else [w])]
        letters = [next((c for c in p if c.isalpha()), "") for p in parts]
        out.add("".join(letters))
        out.add("".join(c for p, c in zip(parts, letters) if p not in function_words))
    out.discard("")
    return out


@dataclass(slots=True)
class Mention:
    """One entity as the rules see it.

    Attributes:
        index: index of the entity in the document's entity list.
        entity: the entity.
        words: case-folded words after the normalizing rules applied so far (possessive, title, type word
            removed; stemmed when the ``stem`` rule ran).
        plain_words: like ``words`` but never stemmed (for acronyms).
        original_words: the surface's words with their case (for recognising acronyms).
        reorder: the comparison key ignores word order and function words (``prepositional`` rule).
        gender: ``"m"``/``"f"`` when a title tells it ("Mr", "Frau"), else ``None``.
    """

    index: int
    entity: Entity
    words: tuple[str, ...]
    plain_words: tuple[str, ...]
    original_words: tuple[str, ...]
    reorder: bool = False
    gender: str | None = None
    function_words: frozenset[str] = field(default_factory=frozenset)

    @property
    def key(self) -> tuple[str, ...]:
        """What normalizing rules compare: the words, or (``reorder``) the sorted content words."""
        if self.reorder:
            content = sorted(w for w in self.words if w not in self.function_words)
            return tuple(content) or self.words
        return self.words

    def set_words(self, words: tuple[str, ...], *, stemmed: bool = False) -> None:
        """Replace the words (ignored when ``words`` is empty: a rule never erases a mention)."""
        if not words:
            return
        self.words = words
        if not stemmed:
            self.plain_words = words


class UnionFind:
    """Disjoint sets over ``0..n-1``; the smallest member is always the root (chains keep text order)."""

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            if ra < rb:
                self.parent[rb] = ra
            else:
                self.parent[ra] = rb

    def groups(self) -> list[list[int]]:
        """Members grouped by set, groups ordered by their smallest member, members ascending."""
        by_root: dict[int, list[int]] = {}
        for i in range(len(self.parent)):
            by_root.setdefault(self.find(i), []).append(i)
        return list(by_root.values())


class Coreferencer:
    """Groups the mentions of one label in one language (template method :meth:`resolve`).

    The base class is itself usable: with its default rule (``identical``) it groups identical surfaces, the
    behaviour for labels such as e-mail addresses or dates.

    Args:
        language: ISO 639-1 code.
        label: the label handled (for label-specific word lists such as type words).
        settings: the effective language configuration (:func:`app.coreference.config.language_config`).
        rules: rule names in order; ``None`` = :attr:`default_rules`.
    """

    #: rules applied when the configuration names none
    default_rules: ClassVar[tuple[str, ...]] = ("identical",)
    #: options a label's configuration entry may set (``{"class": ..., "rules": [...], "full_form_first": true}``)
    option_names: ClassVar[tuple[str, ...]] = ("full_form_first", "bare_headword_of_complement")
    #: a short form that is a bare headword ("Commission") joins a chain only if the chain's first mention comes
    #: before the short form's first mention (a generic head noun refers back to a name already introduced)
    full_form_first: bool = False
    #: a bare headword may be a short form of a name with a prepositional or coordinated complement
    #: ("Comisión" / "Comisión de Presupuestos"); off for organizations, whose committees share the head noun
    bare_headword_of_complement: bool = True
    #: the ``identical`` rule ignores a leading function word ("the Netherlands"); not in person names ("de Palacio")
    strip_leading_article: bool = True

    def __init__(self, language: str, label: str, settings: dict[str, Any] | None = None,
                 rules: list[str] | tuple[str, ...] | None = None, options: dict[str, Any] | None = None) -> None:
        from app.coreference.rules import build_rule  # rules import this module

        settings = settings or {}
        self.language = language
        self.label = label
        self.head = settings.get("head", "final")
        self.stemmer_name: str | None = settings.get("stemmer")
        self.stem_scope: str = settings.get("stem_scope", "all")
        self.titles: tuple[tuple[str, ...], ...] = _phrases(settings.get("titles", ()))
        self.title_genders: dict[str, str] = {bare(k.casefold()): v for k, v in settings.get("title_genders", {}).items()}
        self.function_words: frozenset[str] = frozenset(w.casefold() for w in settings.get("function_words", ()))
        self.prepositions: frozenset[str] = frozenset(w.casefold() for w in settings.get("prepositions", ()))
        type_words = settings.get("type_words", {}).get(label, {})
        self.leading_types: tuple[tuple[str, ...], ...] = _phrases(type_words.get("leading", ()))
        self.trailing_types: frozenset[str] = frozenset(bare(w.casefold()) for w in type_words.get("trailing", ()))
        for name in self.option_names:
            if options and name in options:
                setattr(self, name, bool(options[name]))
        names = self.default_rules if rules is None else tuple(rules)
        self.rules: list[CoreferenceRule] = [build_rule(name) for name in names]

    # ---------------------------------------------------------------- template method
    def resolve(self, entities: list[tuple[int, Entity]]) -> list[list[int]]:
        """Group entities of this coreferencer's label.

        Args:
            entities: ``(index, entity)`` pairs, in text order.

        Returns:
            ``list[list[int]]``: the entity indices grouped, groups in order of first mention.
        """
        mentions = [self.mention(i, e) for i, e in entities]
        uf = UnionFind(len(mentions))
        for rule in self.rules:
            if rule.normalizing:
                rule.apply(mentions, uf, self)
        for rule in self.rules:
            if not rule.normalizing:
                rule.apply(mentions, uf, self)
        return [[mentions[i].index for i in group] for group in uf.groups()]

    # ---------------------------------------------------------------- hooks
    def mention(self, index: int, entity: Entity) -> Mention:
        """The :class:`Mention` of an entity before any rule: case-folded words of the surface, without the
        punctuation around them ("Policy," → "policy"; "-Parlamento" → "parlamento")."""
        # "Doe 's" → "Doe's"; "Mer\u00adkel" → "Merkel"
        text = _DETACHED_POSSESSIVE.sub(r"\1", unicodedata.normalize("NFKC", strip_format_characters(entity.text)))
        original = tuple(w for w in (_strip(w) for w in text.split()) if w)
        words = tuple(w for w in (_strip(w) for w in normalize(text).split()) if w)
        if not words:
            words = original = (normalize(entity.text),)
        return Mention(index=index, entity=entity, words=words, plain_words=words, original_words=original,
                       function_words=self.function_words)

    def headword_index(self, words: tuple[str, ...]) -> int:
        """Position of the headword (Dias, 2016, §3.3.4): the word before the first preposition ("*University* of
        Cambridge", "*Konferenz* der Präsidenten"), else the last word (head-final languages) or the first
        content word (head-initial languages)."""
        content = [i for i, w in enumerate(words) if w not in self.function_words]
        if not content:
            return len(words) - 1
        for i, w in enumerate(words[:-1]):
            if i in content and words[i + 1] in self.prepositions:
                return i
        return content[-1] if self.head == "final" else content[0]

    def is_short_form_of(self, short: Mention, full: Mention) -> bool:
        """True when ``short`` is a partial form of ``full``: fewer words, all found in ``full`` in the same order,
        including ``full``'s headword ("Parliament" / "European Parliament"; not "European")."""
        s, f = short.words, full.words
        if len(s) >= len(f) or all(w in self.function_words for w in s):
            return False
        if not (f[self.headword_index(f)] in s and _subsequence(s, f, lambda a, b: a == b) is not None):
            return False
        if self.is_bare_headword(short, full) and not self.bare_headword_of_complement:
            return not any(w in self.function_words for w in f)
        return True

    def is_bare_headword(self, short: Mention, full: Mention) -> bool:
        """True when ``short``'s only content word is ``full``'s headword ("Commission" / "European Commission")."""
        content = [w for w in short.words if w not in self.function_words]
        return content == [full.words[self.headword_index(full.words)]]

    def needs_earlier_full_form(self, short: Mention, full: Mention) -> bool:
        """Whether ``short`` may only join ``full``'s chain when that chain is mentioned first
        (:attr:`full_form_first`, for bare headwords)."""
        return self.full_form_first and self.is_bare_headword(short, full)

    def may_be_short_form(self, mention: Mention) -> bool:
        """Whether the ``partial`` rule may link this mention to a longer one (not acronyms: ``acronym`` does)."""
        return acronym_letters(mention) is None

    def is_weak_word(self, word: str) -> bool:
        """Words that alone do not identify a name (function words, initials): not used to find candidates."""
        return word in self.function_words or is_initial(word)

    def stem(self, word: str) -> str:
        """The word's Snowball stem (the configured algorithm); the word itself without a stemmer."""
        stemmer = _stemmer(self.stemmer_name) if self.stemmer_name else None
        return stemmer.stemWord(word) if stemmer else word


_DETACHED_POSSESSIVE = re.compile(r"\s+(['’]s?)(?=\s|$)")
_EDGE_PUNCTUATION = "\"'“”„«»‚‘’(),;:!?¿¡[]{}-–—/"


def _strip(word: str) -> str:
    """A word without punctuation around it; a final period stays (initials, "Corp.", "S.A."), and so does a
    possessive ending ("Hicks'", "Doe's")."""
    if POSSESSIVE.search(word) and len(word) > 2 and word[0] not in "'’‘":
        stem = POSSESSIVE.sub("", word)
        return _strip(stem) + word[len(stem):] if stem else word
    word = word.strip(_EDGE_PUNCTUATION)
    core = word.rstrip(".").rstrip(_EDGE_PUNCTUATION)
    return core + "." if word.endswith(".") and core else core


def _phrases(items: Any) -> tuple[tuple[str, ...], ...]:
    """Word lists as tuples of bare, case-folded words, longest first."""
    phrases = {tuple(bare(w) for w in normalize(item).split()) for item in items if normalize(item)}
    return tuple(sorted(phrases, key=len, reverse=True))


def _subsequence(short: tuple[str, ...], full: tuple[str, ...], match) -> list[int] | None:
    """Positions in ``full`` of the words of ``short`` matched in order (greedy, leftmost), or ``None``."""
    positions: list[int] = []
    j = 0
    for w in short:
        while j < len(full) and not match(w, full[j]):
            j += 1
        if j == len(full):
            return None
        positions.append(j)
        j += 1
    return positions


_LOCAL = threading.local()


def _stemmer(name: str):
    """One Snowball stemmer per algorithm and thread (stemmer objects keep state while stemming)."""
    stemmers = getattr(_LOCAL, "stemmers", None)
    if stemmers is None:
        stemmers = _LOCAL.stemmers = {}
    if name not in stemmers:
        import snowballstemmer

        stemmers[name] = snowballstemmer.stemmer(name)
    return stemmers[name]
