"""Random substitution: every entity replaced by a realistic surrogate of the same label
(Kleinberg & Mozes, 2017 "named entity-based replacement"; Dias, 2016, §4.3.1, Fig. 4.6).

* **Persons** keep their gender (title "Mr."/"Frau"/"Sra.", else the first-name lists of Faker's
  locale data) and each mention keeps its **form**: first name only, surname only, full name, initials
  ("J. D." → "P. M."), a title inside the entity is kept ("Mr. John Doe" → "Mr. Peter Miller").
  The chain is consistent ("John Doe" → "Peter Miller", later "Doe" → "Miller", "John" → "Peter"), and
  so is the document: the same original name word gets the same surrogate word in every chain
  ("John Doe" and "Jane Doe" → "Peter Miller" and "Anna Miller").
* **Locations**: a country → another country whose name behaves the same in the language (article,
  gender, number: "the Netherlands" → "the Philippines", pt "no Brasil" → "no Canadá"); a city → a city
  (Faker's de_DE/pt_PT city lists, GeoNames cities of the language's countries); a subdivision → a
  subdivision of the same type and country; a continent → a continent; anything else (streets,
  unknown places) → a city, or a Faker street address when the original has digits.
* **Organisations**: a place inside the name is substituted and the headword kept ("University of
  Lisbon" → "University of Graz"); a name with a legal form keeps it ("Acme Inc." → "Miller Inc."); other
  names → a Faker company name of the locale. Acronyms and shortened mentions follow the full
  surrogate ("UL" → "UG", "Acme" → "Miller").
* **Dates** are shifted by one document-wide number of days (intervals are preserved), in the same
  format ("August 2016" → "March 2016", "14/08/2016" → "09/03/2016"); **times**, **phones**, **numbers**,
  **money**, **postal codes**, **case numbers** get random digits in the same layout; **IBANs** (valid
  check digits), **card numbers** (Luhn), Spanish DNI/NIE and Portuguese NIF stay valid; **e-mails** and
  **URLs** get surrogate names and hosts with the original top-level domain; **IP addresses** random ones.
* **MISC** and unknown labels have no realistic default list: the tag placeholder is used instead
  (Dias, 2016 Fig. 4.6 "return tagging(class)").

Agreement (Dias, 2016 Table 4.1): gender for persons (and country articles in pt/es/de); German
genitive ``-s`` on names ("Müllers" → "Schmidts", "Frankfurts" → "Leipzigs"; a surrogate ending in
s/ß/x/z takes an apostrophe); English possessives ("Doe's" → "Miller's").

No surrogate collides with a surface of the document, with the text, or with another chain's
replacement (Dias, 2016, §4.3.1 "each term is checked for collision"); on a collision another surrogate is
drawn. Randomness comes from ``DocumentContext.rng`` only: the same job id gives the same output.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from app import languages
from app.anonymization import surrogates as S
from app.anonymization.base import ChainContext, DocumentContext, Operator
from app.anonymization.knowledge_base import (
    CONTINENT_CODES,
    CONTINENT_NAMES,
    ORG_HEADWORDS,
    SOURCE_LANGUAGE,
    Place,
    country_name,
    is_legal_suffix,
    knowledge_base,
    org_headword,
    place_agreement,
)
from app.anonymization.operators.tag import format_placeholder
from app.detection import labels as L

_INITIAL = re.compile(r"^(?:[^\W\d_]\.)+$|^[^\W\d_]$")
_POSSESSIVE = re.compile(r"^(.*?[^\W\d_])(['’]s|['’])$")
#: A definite article before a place name, any language's (:attr:`app.languages.Language.articles`).
_ARTICLE = re.compile(r"(?i)^(" + "|".join(sorted(languages.union("articles"), key=lambda a: (-len(a), a)))
                      + r")(\s+)(.+)$")
_NAME_TOKEN = re.compile(r"\S+")


class SubstituteOperator(Operator):
    """Realistic surrogates of the same label (see the module docstring).

    Options:
        max_attempts: surrogates drawn before giving up on a chain (then the tag placeholder is used;
            default 50).
    """

    name = "substitute"
    surrogate_caches = True
    unique = True

    def __init__(self, max_attempts: int = 50, **options: Any) -> None:
        super().__init__(**options)
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.max_attempts = max_attempts

    def warm_up(self, language: str) -> None:
        """The surrogate name pools of ``language``, its Faker, the knowledge base and which of its pool's places
        machine translation leaves alone (:func:`app.anonymization.surrogates.stable_pool_places`); all read from
        the disk cache after the first start on a machine."""
        base = S.base_language(language)
        S.surrogate_name_lists(base)
        S.faker_for(S.LOCALES[base][0])
        knowledge_base()
        S.stable_pool_places(base)

    def replace(self, chain: ChainContext, document: DocumentContext) -> list[str]:
        language = S.base_language(document.language)
        handler: Callable[[ChainContext, DocumentContext, str], list[str] | None] = {
            L.PERSON: self._person,
            L.LOCATION: self._location,
            L.ORGANIZATION: self._organization,
            L.DATE: self._date,
        }.get(chain.label, self._identifier)
        result = handler(chain, document, language)
        if result is None:
            return [format_placeholder(chain.label, chain.ordinal)] * len(chain.mentions)
        return result

    # --- helpers ---------------------------------------------------------------------------------

    def _attempts(self, document: DocumentContext, chain: ChainContext, *salt: object):
        for attempt in range(self.max_attempts):
            yield attempt, document.rng(self.name, chain.label, *chain.surfaces, *salt, attempt)

    @staticmethod
    def _free(replacements: list[str], document: DocumentContext, chain: ChainContext) -> bool:
        own = set(replacements)
        originals = {S.key(m) for m in chain.mentions}
        for replacement in own:
            if S.key(replacement) in originals or S.contains_surface(replacement, document):
                return False
            others = own - {replacement}
            if S.collides(replacement, document, others):
                return False
        return True

    # --- persons ---------------------------------------------------------------------------------

    def _person(self, chain: ChainContext, document: DocumentContext, language: str) -> list[str] | None:
        contexts = S.mention_contexts(chain, document)
        mentions = [_PersonMention.parse(m, language, document) for m in chain.mentions]
        canonical = max(mentions, key=lambda m: (sum(not w.initial for w in m.words), len(m.words)))
        roles = _roles(canonical)
        gender = None
        for mention, context in zip(mentions, contexts):
            for title in [*mention.titles, context.previous]:
                gender = gender or S.title_gender(title)
        if gender is None:
            firsts = [w.text for w, r in zip(canonical.words, roles) if r == "first" and not w.initial]
            gender = S.guess_gender(firsts[0], language) if firsts else None
        gender = gender or "male"  # Dias, 2016, §4.3.1: default features are masculine
        lists = S.surrogate_name_lists(language)
        firsts_pool = lists.female if gender == "female" else lists.male
        taken_words = S.memo_values(document, "person-word")
        exhausted = False  # 200 random draws found no usable name: the pool is (nearly) used up
        for attempt, rng in self._attempts(document, chain):
            mapping: dict[tuple[str, str], str] = {}

            def surrogate_word(word: _Word, role: str) -> str:
                nonlocal exhausted
                k = (role, word.key)
                if k in mapping:
                    return mapping[k]
                remembered = S.memo_get(document, "person-word", f"{role}:{word.key}") if attempt == 0 else None
                if remembered is not None:
                    mapping[k] = remembered
                    return remembered
                pool = firsts_pool if role == "first" else lists.last
                for _ in range(200):
                    candidate = rng.choice(pool)
                    if candidate in taken_words or candidate in mapping.values() or S.occurs_in(document.text, candidate, S.text_positions(document)):
                        continue
                    if word.initial and any(v[:1] == candidate[:1] for v in mapping.values()):
                        continue
                    break
                else:
                    exhausted = True
                mapping[k] = candidate
                return candidate

            replacements = []
            for mention in mentions:
                aligned = _align(mention, canonical, roles)
                replacements.append(mention.render([(w, surrogate_word(cw, role)) for w, cw, role in aligned], language))
            if exhausted:  # further attempts would draw from the same used-up pool: the placeholder (bounded cost)
                return None
            if self._free(replacements, document, chain):
                for (role, word_key), value in mapping.items():
                    if S.memo_get(document, "person-word", f"{role}:{word_key}") is None:
                        S.memo_set(document, "person-word", f"{role}:{word_key}", value)
                return replacements
        return None

    # --- locations -------------------------------------------------------------------------------

    def _location(self, chain: ChainContext, document: DocumentContext, language: str) -> list[str] | None:
        kb = knowledge_base()
        forms = [_PlaceMention.parse(m, language, document) for m in chain.mentions]
        canonical = max(forms, key=lambda f: len(f.base))
        place = kb.lookup(canonical.base)
        for attempt, rng in self._attempts(document, chain):
            remembered = S.memo_get(document, "place", S.key(canonical.base)) if attempt == 0 else None
            surrogate = remembered or _place_surrogate(place, canonical.base, language, rng, document)
            if surrogate is None:
                return None
            replacements = [f.render(surrogate, language) for f in forms]
            if self._free(replacements, document, chain):
                S.memo_set(document, "place", S.key(canonical.base), surrogate)
                return replacements
        return None

    # --- organisations ---------------------------------------------------------------------------

    def _organization(self, chain: ChainContext, document: DocumentContext, language: str) -> list[str] | None:
        canonical = max(chain.mentions, key=len)
        for attempt, rng in self._attempts(document, chain):
            full = _org_surrogate(canonical, language, rng, document)
            replacements = [_org_mention(m, canonical, full) for m in chain.mentions]
            if full and self._free(replacements, document, chain):
                return replacements
        return None

    # --- dates and identifiers -------------------------------------------------------------------

    def _date(self, chain: ChainContext, document: DocumentContext, language: str) -> list[str] | None:
        shift = S.document_date_shift(document)
        for attempt, rng in self._attempts(document, chain):
            cache: dict[str, str] = {}
            replacements = []
            extra = 0 if attempt == 0 else rng.choice((-1, 1)) * rng.randint(1, 60) * attempt
            for mention in chain.mentions:
                if mention not in cache:
                    parsed = S.parse_date(mention, language)
                    cache[mention] = S.random_like(mention, rng, letters=False) if parsed is None else S.shift_date(parsed, shift + extra)
                replacements.append(cache[mention])
            if self._free(replacements, document, chain):
                return replacements
        return None

    def _identifier(self, chain: ChainContext, document: DocumentContext, language: str) -> list[str] | None:
        make = _IDENTIFIERS.get(chain.label)
        if make is None:
            return None
        for attempt, rng in self._attempts(document, chain):
            per_surface: dict[str, str] = {}
            replacements = [per_surface.setdefault(m, make(m, rng, language)) for m in chain.mentions]
            if self._free(replacements, document, chain):
                return replacements
        return None


# --- persons -------------------------------------------------------------------------------------


class _Word:
    __slots__ = ("text", "initial", "key")

    def __init__(self, text: str) -> None:
        self.text = text
        self.initial = bool(_INITIAL.match(text))
        self.key = S.key(text.rstrip(".")) if not self.initial else S.key(text.replace(".", ""))


class _PersonMention:
    """A person mention split into title words, name words and a possessive/genitive suffix, with the
    separators between them kept for rendering."""

    def __init__(self, surface: str, pieces: list[tuple[str, str]], titles: list[str], words: list[_Word], suffix: str) -> None:
        self.surface = surface
        self.pieces = pieces  # (kind, text): kind in "sep", "title", "name"
        self.titles = titles
        self.words = words
        self.suffix = suffix

    @classmethod
    def parse(cls, surface: str, language: str, document: DocumentContext) -> "_PersonMention":
        tokens = re.split(r"(\s+)", surface)
        pieces: list[tuple[str, str]] = []
        titles: list[str] = []
        words: list[_Word] = []
        suffix = ""
        name_started = False
        # the last name token may carry a possessive / genitive
        last_index = max((i for i, t in enumerate(tokens) if t.strip()), default=-1)
        for i, token in enumerate(tokens):
            if not token.strip():
                pieces.append(("sep", token))
                continue
            if not name_started and S.is_title(token) and i != last_index:
                pieces.append(("title", token))
                titles.append(token)
                continue
            name_started = True
            if i == last_index:
                token, suffix = _split_genitive(token, language, document)
            pieces.append(("name", token))
            words.append(_Word(token))
        return cls(surface, pieces, titles, words, suffix)

    def render(self, substitutions: list[tuple[_Word, str]], language: str) -> str:
        out = []
        index = 0
        for kind, text in self.pieces:
            if kind != "name":
                out.append(text)
                continue
            word, surrogate = substitutions[index]
            index += 1
            if word.initial:
                letters = re.findall(r"[^\W\d_]", word.text)
                if len(letters) == 1:
                    out.append(surrogate[:1].upper() + ("." if word.text.endswith(".") else ""))
                else:
                    out.append(surrogate[:1].upper() + ".")
            else:
                out.append(S.match_case(text, surrogate))
        return "".join(out) + _genitive_for(out[-1] if out else "", self.suffix, language)


def _split_genitive(token: str, language: str, document: DocumentContext) -> tuple[str, str]:
    m = _POSSESSIVE.match(token)
    if m:
        return m.group(1), m.group(2)
    if _genitive_s(language) and len(token) > 3 and token.endswith("s") and not _INITIAL.match(token):
        stem = token[:-1]
        known = S.is_first_name(token) or S.is_surname(token)
        stem_known = S.is_first_name(stem) or S.is_surname(stem) or any(re.search(r"(?<!\w)" + re.escape(stem) + r"(?!\w)", s) for s in document.surfaces)
        if stem_known and not known:
            return stem, "s"
    return token, ""


def _genitive_s(language: str) -> bool:
    """Whether names of ``language`` take a genitive "s" (:attr:`app.languages.Language.genitive_s`: German)."""
    lang = languages.find(language)
    return lang is not None and lang.genitive_s


def _genitive_for(surrogate: str, suffix: str, language: str) -> str:
    """The possessive/genitive suffix for ``surrogate`` (German "s" or apostrophe after s/ß/x/z; English "'s" after
    a name that does not end in a sibilant, :attr:`app.languages.Language.possessive_apostrophe_s`)."""
    if not suffix:
        return ""
    sibilant = surrogate.endswith(("s", "ß", "x", "z", "S", "X", "Z"))
    if suffix == "s":
        return "'" if sibilant else "s"
    if suffix in ("'", "’"):
        lang = languages.find(language)
        return suffix if sibilant else (suffix + "s" if lang is not None and lang.possessive_apostrophe_s else "s")
    return suffix


def _roles(canonical: _PersonMention) -> list[str]:
    words = canonical.words
    if len(words) == 1:
        w = words[0]
        if w.initial:
            return ["first"]
        return ["first" if S.is_first_name(w.text) and not S.is_surname(w.text) else "last"]
    roles = []
    for i, w in enumerate(words):
        if i == 0:
            roles.append("first")
        elif i == len(words) - 1:
            roles.append("last")
        else:
            roles.append("first" if not w.initial and S.is_first_name(w.text) and not S.is_surname(w.text) or w.initial else "last")
    return roles


def _align(mention: _PersonMention, canonical: _PersonMention, roles: list[str]) -> list[tuple[_Word, _Word, str]]:
    """Pair each word of ``mention`` with the canonical word it stands for and that word's role."""
    matched: dict[int, int] = {}
    for i, w in enumerate(mention.words):
        if w.initial:
            continue
        for j, c in enumerate(canonical.words):
            if j not in matched.values() and not c.initial and c.key == w.key:
                matched[i] = j
                break
    free = [j for j in range(len(canonical.words)) if j not in matched.values()]
    initials = [i for i, w in enumerate(mention.words) if w.initial]
    if initials and len(initials) != len(free) and len(initials) == 2 and len(free) > 2:
        free = [free[0], free[-1]]
    for i, j in zip(initials, free):
        matched[i] = j
    out = []
    for i, w in enumerate(mention.words):
        if i in matched:
            j = matched[i]
            out.append((w, canonical.words[j], roles[j]))
        else:
            role = "first" if S.is_first_name(w.text) and not S.is_surname(w.text) else "last"
            out.append((w, w, role))
    return out


# --- places --------------------------------------------------------------------------------------


class _PlaceMention:
    """A place mention: optional leading article, the name (``base``) and a German genitive ``-s``."""

    def __init__(self, surface: str, article: str, base: str, suffix: str) -> None:
        self.surface, self.article, self.base, self.suffix = surface, article, base, suffix

    @classmethod
    def parse(cls, surface: str, language: str, document: DocumentContext) -> "_PlaceMention":
        kb = knowledge_base()
        article = ""
        base = surface
        m = _ARTICLE.match(surface)
        if m and kb.lookup(surface) is not None and kb.lookup(m.group(3)) is not None:
            article, base = m.group(1) + m.group(2), m.group(3)
        suffix = ""
        pm = _POSSESSIVE.match(base)
        if pm:
            base, suffix = pm.group(1), pm.group(2)
        elif _genitive_s(language) and _german_place_genitive(base):
            base, suffix = base[:-1], "s"
        return cls(surface, article, base, suffix)

    def render(self, surrogate: str, language: str) -> str:
        text = S.match_case(self.base, surrogate) if self.base.isupper() and len(self.base) > 3 else surrogate
        return self.article + text + _genitive_for(text, self.suffix, language)


def _german_place_genitive(surface: str) -> bool:
    kb = knowledge_base()
    if len(surface) < 4 or not surface.endswith("s"):
        return False
    stem, whole = kb.lookup(surface[:-1]), kb.lookup(surface)
    return stem is not None and (whole is None or whole == stem)


@lru_cache(maxsize=16384)
def _stable_pool_place(name: str, language: str) -> bool:
    """:func:`app.anonymization.surrogates.stable_pool_place`, memoised. Called only with names of our own
    surrogate pools (country, continent, subdivision and city names of the knowledge base and Faker), never with
    document text, so the cache holds no personal data; it saves the knowledge-base lookups that were ~6 % of the
    English demo documents' CPU time, one document at a time (issue 18)."""
    return S.stable_pool_place(name, language)


@lru_cache(maxsize=8)
def _countries(language: str) -> tuple[tuple[str, str, Any], ...]:
    """``((ISO code, name in language, its agreement), ...)`` of every country of the knowledge base, sorted by code:
    built once per language (stop 53: rebuilding it for each country replaced was 5 % of the English demo documents'
    time, one at a time). Names of the knowledge base only, never document text."""
    return tuple((iso, name, place_agreement(name, language))
                 for iso in sorted(knowledge_base().countries) for name in (country_name(iso, language),))


@lru_cache(maxsize=65536)
def _pool_key(name: str) -> str:
    """:func:`app.anonymization.surrogates.key` of a name of our surrogate pools, memoised (never document text)."""
    return S.key(name)


def _place_surrogate(place: Place | None, original: str, language: str, rng, document: DocumentContext) -> str | None:
    kb = knowledge_base()
    original_key = S.key(original)
    candidates: list[str]
    if place is not None and place.kind == "country":
        agreement = place_agreement(original, language)
        countries = [(name, agrees) for iso, name, agrees in _countries(language) if iso != place.key]
        candidates = [name for name, agrees in countries if agrees == agreement] or [name for name, _ in countries]
    elif place is not None and place.kind == "continent":
        names = CONTINENT_NAMES.get(language, CONTINENT_NAMES[SOURCE_LANGUAGE])
        candidates = [names[c] for c in CONTINENT_CODES if c != place.key]
    elif place is not None and place.kind == "subdivision":
        same = [p.name for p in kb.subdivisions.values() if p.country == place.country and p.subtype == place.subtype and p.key != place.key]
        candidates = same if len(same) >= 2 else list(S.city_pool(language))
    elif re.search(r"\d", original):
        fake = S.faker_seeded(language, rng)
        return fake.street_address().replace("\n", ", ")
    else:
        candidates = list(S.city_pool(language))
    taken = S.memo_values(document, "place")
    candidates = [c for c in candidates if _pool_key(c) != original_key and c not in taken]
    stable = [c for c in candidates if _stable_pool_place(c, language)]
    if len(stable) < 3 and place is not None and place.kind in ("country", "subdivision", "continent"):
        # too few countries/regions/continents whose name MT leaves alone ("Wales" → "Scotland" → "Escocia",
        # "Europe" → "Antarctica" → "Antártida"): a city whose name it leaves alone instead (issue 16)
        stable = [c for c in S.city_pool(language) if _pool_key(c) != original_key and _stable_pool_place(c, language)]
    if len(stable) >= 3:
        candidates = stable  # names machine translation leaves alone (issue 16)
    same_length = [c for c in candidates if len(c.split()) == len(original.split())]
    if len(same_length) >= 3:
        candidates = same_length  # "in der Schweiz" → "in der Ukraine", not an inflected multi-word name
    rng.shuffle(candidates)
    for candidate in candidates[:300]:
        if not S.collides(candidate, document):
            return candidate
    return candidates[0] if candidates else None


# --- organisations -------------------------------------------------------------------------------


def _org_surrogate(canonical: str, language: str, rng, document: DocumentContext) -> str | None:
    words = canonical.split()
    head = org_headword(canonical, language)
    if head and len(words) > 1:
        out = list(words)
        replaced = False
        i = 0
        while i < len(words):
            for n in (3, 2, 1):
                span = " ".join(words[i : i + n]).strip(",.")
                place = _place_in_name(span) if i + n <= len(words) else None
                if place is None:
                    continue
                surrogate = S.memo_get(document, "place", S.key(span))
                if surrogate is None:
                    surrogate = _place_surrogate(place, span, language, rng, document)
                    if surrogate:
                        S.memo_set(document, "place", S.key(span), surrogate)
                if surrogate:
                    out[i : i + n] = [" ".join(words[i : i + n]).replace(span, surrogate)] + [""] * (n - 1)
                    replaced = True
                i += n - 1
                break
            i += 1
        if replaced:
            return " ".join(w for w in out if w)
    if len(words) > 1 and is_legal_suffix(words[-1]):
        return f"{rng.choice(S.surrogate_name_lists(language).last)} {words[-1]}"
    # "<rare surname> <legal form>": Faker's company names ("Mendez and Sons", "Boix y Aranda S.Coop.",
    # "Manufacturas Ibéricos S.L.") hold words machine translation translates, so the surrogate is lost
    last = rng.choice(S.surrogate_name_lists(language).last)
    return f"{last} {rng.choice(S.LEGAL_FORMS[S.base_language(language)])}"


def _place_in_name(span: str) -> Place | None:
    """A country or a city of ≥ 100,000 inhabitants named ``span`` inside an organisation name
    (not a word that is itself an organisation head noun: "Bank", "Institut")."""
    # org_headword tries every language: whichever comes first, it finds a head noun of any
    if not span[:1].isupper() or org_headword(span, SOURCE_LANGUAGE) is not None and len(span.split()) == 1:
        return None
    if any(S.key(span) in table for table in ORG_HEADWORDS.values()) or is_legal_suffix(span):
        return None
    place = knowledge_base().lookup(span)
    if place is None or place.kind == "city" and place.population < 100_000 or place.kind not in ("city", "country"):
        return None
    return place


def _acronym(name: str) -> str:
    letters = [w[0] for w in re.findall(r"[^\W\d_][\w'’-]*", name) if w[0].isupper()]
    return "".join(letters)


def _org_mention(mention: str, canonical: str, full: str | None) -> str:
    if full is None:
        return mention
    if mention == canonical:
        return full
    if re.fullmatch(r"[A-ZÀ-Ý&]{2,8}", mention):
        acronym = _acronym(full)
        return acronym if len(acronym) >= 2 else full
    m_words, c_words, f_words = mention.split(), canonical.split(), full.split()
    if c_words[: len(m_words)] == m_words and len(f_words) > len(m_words):
        return " ".join(f_words[: len(m_words)]).rstrip(",")
    return full


# --- identifiers ---------------------------------------------------------------------------------


def _folded_name(rng, language: str) -> tuple[str, str]:
    """A first name and a surname of the language's lists, folded to ASCII (for e-mail addresses and user names)."""
    lists = S.name_lists(language)
    return S.ascii_fold(rng.choice(lists.male + lists.female)), S.ascii_fold(rng.choice(lists.last))


def _email(surface: str, rng, language: str) -> str:
    local, _, domain = surface.rpartition("@")
    if not local:
        return S.random_like(surface, rng)
    lists = S.name_lists(language)
    first, last = (part.lower() for part in _folded_name(rng, language))
    sep = next((c for c in "._-" if c in local), "")
    new_local = f"{first}{sep}{last}" if sep else (first if len(local) < 8 else first + last)
    digits = re.findall(r"\d", local)
    if digits:
        new_local += "".join(str(rng.randint(0, 9)) for _ in digits)
    labels = domain.split(".")
    host = S.ascii_fold(rng.choice(lists.last)).lower().replace(" ", "")
    new_domain = ".".join([host, *labels[-1:]]) if len(labels) > 1 else host
    return f"{new_local}@{new_domain}"


def _username(surface: str, rng, language: str) -> str:
    """A user name made of a first name and a surname of the language's lists, written like the original: its "@",
    its separator ("_" or "."), its case, and its digits replaced by as many random digits ("@mary_jones" →
    "@anna_weber", "@JSmith1987" → "@LKoch4213", "u/throwaway_jane" → "u/anna_weber")."""
    prefix = re.match(r"@|/?u/", surface)  # "@mary_jones", Reddit's "u/throwaway_jane"
    handle = surface[prefix.end():] if prefix else surface
    first, last = (part.replace(" ", "") for part in _folded_name(rng, language))
    sep = next((c for c in "_." if c in handle), "")
    letters = "".join(c for c in handle if c.isalpha())
    new = f"{first}{sep}{last}" if sep else (first[0] + last if letters[:2].isupper() else first + last)
    if letters.islower():
        new = new.lower()
    digits = "".join(str(rng.randrange(10)) for c in handle if c.isdigit())
    return surface[:len(surface) - len(handle)] + new + digits


def _url(surface: str, rng, language: str) -> str:
    m = re.match(r"^((?:[a-z][a-z0-9+.-]*://)?(?:www\.)?)([^/?#:]+)(.*)$", surface, re.IGNORECASE)
    if not m:
        return S.random_like(surface, rng)
    prefix, host, rest = m.groups()
    labels = host.split(".")
    word = S.ascii_fold(rng.choice(S.name_lists(language).last)).lower().replace(" ", "")
    new_host = ".".join([word, *labels[-1:]]) if len(labels) > 1 else word
    new_rest = re.sub(r"[A-Za-z0-9]+", lambda r: S.random_like(r.group(0).lower(), rng), rest)
    return prefix + new_host + new_rest


def _digits_only(surface: str, rng, language: str) -> str:
    return S.random_like(surface, rng, letters=False)


def _alnum(surface: str, rng, language: str) -> str:
    """Digits and the letters of tokens that contain digits ("SW1A 1AA"); words are kept ("Proc.")."""
    return re.sub(r"\w+", lambda m: S.random_like(m.group(0), rng, letters=any(c.isdigit() for c in m.group(0))), surface)


_IDENTIFIERS: dict[str, Callable[[str, Any, str], str]] = {
    L.EMAIL: _email,
    L.URL: _url,
    L.USERNAME: _username,
    L.PHONE: lambda s, rng, lang: S.phone_surrogate(s, rng),
    L.IP_ADDRESS: lambda s, rng, lang: S.ip_surrogate(s, rng),
    L.IBAN: lambda s, rng, lang: S.iban_surrogate(s, rng),
    L.CREDIT_CARD: lambda s, rng, lang: S.card_surrogate(s, rng),
    L.NATIONAL_ID: lambda s, rng, lang: S.national_id_surrogate(s, rng),
    L.TIME: lambda s, rng, lang: S.time_surrogate(s, rng),
    L.MONEY: _digits_only,
    L.NUMBER: _digits_only,
    L.POSTAL_CODE: _alnum,
    L.CASE_NUMBER: _alnum,
    L.ID_NUMBER: _alnum,
}
