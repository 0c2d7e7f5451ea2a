"""User names and host names made from a person's name, found through the persons a document names.

Logs, support tickets and IT forms write the people they name a second time as accounts and machines: "Tuan Pham"
logs in as ``tpham``, "Brent McAllister" as ``brent.mcallister``, "Priya Sandhu" as ``priya.s``, "Anke Schönfeld" as
``aschoenfeld`` and her laptop is ``NB-BUCH-SCHOENFELD`` (stop 51: a VPN ticket's log lines kept every one of them in
clear, while the names they were made of were masked). Such a token carries the name as surely as the name itself
(a direct identifier in the sense of Sweeney, IJUFKS 2002; the HIPAA Safe Harbor list, 45 CFR §164.514(b)(2)(i),
names "any other unique identifying number, characteristic, or code").

The conventions are the common ones of directory services and mail systems: the first name's initial and the
surname (``jsmith``), the first name and the surname with or without a full stop, hyphen or underscore
(``john.smith``, ``john_smith``, ``johnsmith``), the surname and the first name (``smith.john``), a double
surname's first part and the second's initial after the first name's initial (``rsanchezo`` for "Raquel
Sánchez-Ortuño"), the first name and the surname's initial after a separator (``priya.s``), digits after any of them
(``dpapadakis71``); and a host or file name in parts joined by hyphens, full stops or underscores, one of them the
surname or a user name made from the name (``NB-IT-NOWICKI``, ``jump-hkaya.intern``). Names are compared
folded: lower case, accents dropped, and German umlauts also written out ("Schönfeld": ``schonfeld`` and
``schoenfeld``).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable

from app.detection.charfold import fold_character
from app.detection.labels import ID_NUMBER, PERSON, USERNAME
from app.doc import Entity

#: A candidate: a run of ASCII letters, digits and ". _ -" that starts with a letter, not inside an e-mail address, a
#: path or a URL (those have recognizers of their own), up to 64 characters.
_TOKEN = re.compile(r"(?<![\w@./:\\-])[A-Za-z][A-Za-z0-9._-]{2,63}(?![\w@]|[./:-]\w)")
_SEPARATORS = re.compile(r"[._-]+")
_TRAILING_DIGITS = re.compile(r"\d+$")
_NAME_WORD = re.compile(r"[^\W\d_]+")
#: German umlauts written out, as German user names and host names write them.
_UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
#: The shortest surname that makes a user name with an initial ("tpham") or a host name's part.
MIN_SURNAME = 4
#: The shortest surname that is a host name's part alone ("NB-BUCH-SCHOENFELD").
MIN_HOST_PART = 5


def folded_forms(word: str) -> set[str]:
    """The forms of one name word a user name may write: ``{lower case without accents, with umlauts written out}``
    ("Schönfeld" → ``{"schonfeld", "schoenfeld"}``; "Çatak" → ``{"catak"}``)."""
    plain = "".join(fold_character(c) for c in word).lower()
    spelled = "".join(_UMLAUTS.get(c) or fold_character(c) for c in word).lower()
    return {plain, spelled}


class _Names:
    """The folded first names and surnames of the persons of a document."""

    def __init__(self, persons: list[str], titles: frozenset[str]) -> None:
        self.first: set[str] = set()
        self.surnames: set[str] = set()
        #: the initials of the first names each surname was written with; a surname met without a first name ("Hr.
        #: Lindqvist") takes any initial when it has :data:`MIN_HOST_PART` letters or more ("mlindqvist"), a shorter
        #: one none (CoNLL-2002's "tomar" is "t" and a person "Omar")
        self.initials: dict[str, set[str]] = {}
        self.bare: set[str] = set()
        for surface in persons:
            # (an abbreviation of two or three letters with its full stop is a title too: "Hr. Lindqvist", "Sra. Lima";
            # a single capital with its full stop is the first name's initial: "K. Sato" logs in as "ksato")
            matches = [m for m in _NAME_WORD.finditer(surface)
                       if m.group() not in titles and m.group() + "." not in titles
                       and not (2 <= len(m.group()) <= 3 and surface.startswith(".", m.end()))]
            # a name's words are capitalised (a model's "timestamp" or "user" of a log's header names no one) and
            # longer than an initial
            words = [m.group() for m in matches if len(m.group()) > 1 and m.group()[0].isupper()]
            if not words:
                continue
            if len(words) >= 2:
                self.first.update(folded_forms(words[0]))
            initials = {f[0] for f in folded_forms(words[0])} if len(words) >= 2 else set()
            if len(words) == 1 and matches and len(matches[0].group()) == 1 and matches[0].group().isupper():
                initials = {fold_character(matches[0].group()).lower()}
            for w in words[1:] if len(words) >= 2 else words:
                for f in folded_forms(w):
                    if len(f) >= MIN_SURNAME:
                        self.surnames.add(f)
                        self.initials.setdefault(f, set()).update(initials)
                        if not initials and len(f) >= MIN_HOST_PART:
                            self.bare.add(f)
            # a double surname joined by a hyphen, written as one word ("nowickilange")
            for compound in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)+", surface):
                self.surnames.update(f.replace("-", "") for f in folded_forms(compound))
            # the first surname and the second's initial, as Spanish directories write a double surname ("Raquel
            # Sánchez-Ortuño" logs in as "rsanchezo", "Adrián Belmonte Cruz" as "abelmontec"; stop 52)
            pairs = [tuple(c.split("-")[:2]) for c in re.findall(r"[^\W\d_]+-[^\W\d_]+", surface)]
            if len(words) >= 3:
                pairs.append((words[-2], words[-1]))
            for first_surname, second in pairs:
                for f in folded_forms(first_surname):
                    if len(f) >= MIN_SURNAME:
                        key = f + fold_character(second[0]).lower()
                        self.surnames.add(key)
                        self.initials.setdefault(key, set()).update(initials)

    def user_name(self, token: str) -> bool:
        """Whether ``token`` is one of the conventions of the module's docstring for these names."""
        lowered = _TRAILING_DIGITS.sub("", token.lower())
        parts = [p for p in _SEPARATORS.split(lowered) if p]
        if not parts:
            return False
        joined = "".join(parts)
        surnames, first = self.surnames, self.first
        if len(parts) == 1:
            rest = joined[1:]
            return ((rest in surnames and (joined[0] in self.initials.get(rest, ()) or rest in self.bare))  # jsmith
                    or any(joined.startswith(f) and joined[len(f):] in surnames for f in first if len(f) >= 3))
        if len(parts) == 2:
            a, b = parts
            # (a short tag after a user name, "mkowalczyk-dev", "jsmith_work" of a code forge; stop 52)
            if 2 <= len(b) <= 4 and len(a) >= MIN_HOST_PART and self.user_name(a):
                return True
            return ((a in first and (b in surnames or (len(b) == 1 and any(s[0] == b for s in surnames))))
                    or (b in first and a in surnames)  # smith.john
                    or (len(a) == 1 and b in surnames and (a in self.initials.get(b, ()) or b in self.bare)))  # j.smith
        return False

    def host_name(self, token: str) -> bool:
        """Whether ``token`` is a host name (or a file name) in parts joined by hyphens, full stops or underscores,
        one of them a surname ("NB-IT-NOWICKI", "kasse01.oltmanns.kunden.example.de") or a user name made from a
        person's name ("jump-hkaya.intern"; stop 52: a chat's hosts kept their owners' names in clear)."""
        if not any(sep in token for sep in "-._"):
            return False
        parts = [_TRAILING_DIGITS.sub("", p) for p in _SEPARATORS.split(token.lower()) if p]
        return len(parts) >= 2 and any(len(p) >= MIN_HOST_PART and (p in self.surnames or self.user_name(p))
                                       for p in parts)


def derived_handles(text: str, entities: list[Entity], titles: frozenset[str] = frozenset(),
                    written: str | None = None, common: Callable[[str], bool] | None = None) -> list[Entity]:
    """``entities`` (sorted, non-overlapping; character offsets into ``text``, half-open) with the user names
    (``USERNAME``) and host names (``ID_NUMBER``) made from the names of its ``PERSON`` entities added where no
    entity is (the conventions of the module's docstring); ``titles``: words that are no part of a name ("Herr");
    ``written``: the text as written when ``text`` has some lines restored to their usual case (same length and
    offsets: a log line in lower case reads "Tmendes" restored, "tmendes" as written; the candidates are read there);
    ``common``: ``word -> bool``, the language's common words, never a user name (CoNLL-2002's "varias" is "v" and
    "Arias", "tomar" "t" and "Omar": a word of the language first).
    ``list[Entity]`` sorted by start; linear in the text (one search for the names' folded forms, one bisection per
    token around a hit)."""
    persons = [e.text for e in entities if e.label == PERSON]
    if not persons:
        return entities
    names = _Names(persons, titles)
    if not names.surnames:
        return entities
    starts = [e.start for e in entities]
    added: list[Entity] = []
    source = written if written is not None and len(written) == len(text) else text
    # only the tokens around a hit of a name's folded form are read (one search of the text, then each such token once:
    # reading every word of a document cost 5 % of detection's non-model time)
    keys = sorted({*names.surnames, *(f for f in names.first if len(f) >= 3)}, key=len, reverse=True)
    hits = re.compile("|".join(re.escape(k) for k in keys), re.IGNORECASE)
    seen: set[int] = set()
    for hit in hits.finditer(source):
        a, floor = hit.start(), max(0, hit.start() - 64)  # a token has 64 characters at most (:data:`_TOKEN`)
        while a > floor and (source[a - 1].isascii() and (source[a - 1].isalnum() or source[a - 1] in "._-")):
            a -= 1
        m = _TOKEN.match(source, a)
        if m is None or m.start() in seen or m.end() < hit.end():
            continue
        seen.add(m.start())
        token = m.group().rstrip("._-")
        start, end = m.start(), m.start() + len(token)
        i = bisect_right(starts, start) - 1
        if i >= 0 and entities[i].end > start:
            continue  # inside an entity
        if i + 1 < len(entities) and entities[i + 1].start < end:
            continue
        if token.islower() and names.user_name(token) and not (common is not None and common(token)):
            added.append(Entity(start, end, USERNAME, text[start:end], "rule:derived_handle"))
        elif names.host_name(token):
            added.append(Entity(start, end, ID_NUMBER, text[start:end], "rule:derived_handle"))
    if not added:
        return entities
    return sorted([*entities, *added], key=lambda e: e.start)


#: A user name in parentheses after a person's name, or a person's name in parentheses after a user name, as chat
#: exports and tickets write their authors ("[04.03.2024, 08:51] kaffeejunkie (Jürgen Weißenbäck)", "Svenja Støvring
#: (sternchen_s)"); the handle is a run of ASCII letters, digits and ". _ -" of 3 to 64 characters.
_HANDLE_BEFORE = re.compile(r"(?<![\w@./:\\-])(?P<h>[A-Za-z0-9][A-Za-z0-9._-]{1,62}[A-Za-z0-9_])[^\S\n]\("
                            r"(?=[^()\n]{2,80}\))")
_HANDLE_AFTER = re.compile(r"\((?P<h>[A-Za-z0-9][A-Za-z0-9._-]{1,62}[A-Za-z0-9_])\)")


#: Mentions of a group, not of a person, in chat platforms (Slack, Teams, Discord, GitHub).
_GROUP_MENTIONS: frozenset[str] = frozenset({"here", "channel", "everyone", "all", "team", "room", "group"})
#: The fewest characters of a handle written with its "@" that is also a common word and is masked wherever the
#: document writes it ("@kaffeejunkie"), with its "@".
MIN_COMMON_HANDLE = 8


def _handle_like(token: str) -> bool:
    """Whether ``token`` is written as user names are: in lower case, or with a digit, "_" or "." inside."""
    return token.islower() or any(c.isdigit() or c in "_." for c in token)


def user_names_everywhere(text: str, entities: list[Entity], common: Callable[[str], bool] | None = None
                          ) -> list[Entity]:
    """``entities`` (sorted, non-overlapping; offsets into ``text``, half-open) with more user names (``USERNAME``,
    source ``rule:user_name``) where no entity is:

    * a handle beside a person's name in parentheses, either way round ("kaffeejunkie (Jürgen Weißenbäck)", "Svenja
      Støvring (sternchen_s)"), when it is written as user names are (:func:`_handle_like`) and is no common word of
      the language (``common``);
    * every other occurrence of a user name found anywhere in the document, with or without its "@" (stop 52: a chat
      export masked "@kaffeejunkie" and kept "kaffeejunkie" in each of its message headers), as a whole token.

    ``list[Entity]`` sorted by start; linear in the text (one search for the persons' parentheses, one for the
    handles found)."""
    if not entities:
        return entities
    starts = [e.start for e in entities]

    def free(start: int, end: int) -> bool:
        i = bisect_right(starts, start) - 1
        return not (i >= 0 and entities[i].end > start) and not (i + 1 < len(entities) and entities[i + 1].start < end)

    by_start = {e.start: e for e in entities if e.label == PERSON}
    by_end = {e.end: e for e in entities if e.label == PERSON}
    added: list[Entity] = []
    if by_start and "(" in text:
        for m in _HANDLE_BEFORE.finditer(text):
            person = by_start.get(m.end())
            if (person is not None and text.startswith(")", person.end) and _handle_like(m.group("h"))
                    and free(*m.span("h")) and not (common is not None and common(m.group("h")))):
                added.append(Entity(m.start("h"), m.end("h"), USERNAME, m.group("h"), "rule:user_name"))
        for m in _HANDLE_AFTER.finditer(text):
            # the person ends right before the bracket or one or two spaces before it (read backwards: bounded)
            gap = next((g for g in (0, 1, 2) if m.start() - g in by_end and not text[m.start() - g:m.start()].strip()),
                       None)
            person = by_end.get(m.start() - gap) if gap is not None else None
            if (person is not None and _handle_like(m.group("h"))
                    and free(*m.span("h")) and not (common is not None and common(m.group("h")))):
                added.append(Entity(m.start("h"), m.end("h"), USERNAME, m.group("h"), "rule:user_name"))
    # (a handle written with its "@" is one whatever its words, "@kaffeejunkie" a German compound of common words, when
    # it is long enough not to be an everyday word everywhere else: "@home" leaves "home" alone; never a platform's
    # mention of a group, "@channel", "@everyone")
    handles = {e.text[1:] for e in entities if e.label == USERNAME and e.text.startswith("@")
               and e.text[1:].lower() not in _GROUP_MENTIONS
               and (len(e.text) > MIN_COMMON_HANDLE or not (common is not None and common(e.text[1:])))}
    handles |= {e.text for e in [*entities, *added] if e.label == USERNAME and not e.text.startswith("@")
                and not (common is not None and common(e.text))}
    handles = {h for h in handles if len(h) >= 4 and _handle_like(h)}
    if handles:
        # the matches below never overlap each other; those of the brackets above are found by bisection
        taken = sorted((e.start, e.end) for e in added)
        taken_starts = [a for a, _ in taken]
        alternatives = "|".join(re.escape(h) for h in sorted(handles, key=len, reverse=True))
        for m in re.finditer(rf"(?<![\w@./:\\-])@?(?:{alternatives})(?![\w@-]|\.\w)", text):
            k = bisect_right(taken_starts, m.start()) - 1
            overlaps = (k >= 0 and taken[k][1] > m.start()) or (k + 1 < len(taken) and taken[k + 1][0] < m.end())
            if free(*m.span()) and not overlaps:
                added.append(Entity(m.start(), m.end(), USERNAME, m.group(), "rule:user_name"))
    if not added:
        return entities
    return sorted([*entities, *added], key=lambda e: e.start)
