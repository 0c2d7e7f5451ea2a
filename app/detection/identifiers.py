"""Recognizers of identifiers whose validity can be checked: IBAN, payment cards, national
identifiers (checksums from python-stdnum) and IP addresses (the standard library's ``ipaddress``).

A candidate is found by a permissive regular expression and kept only when the validator accepts it,
so these recognizers have a very low false-positive rate (Dias, 2016, §4.2.2: patterns "to detect more
specific and rare patterns of entities").

Identifiers without a public checksum (medical record, insurance, customer, account, policy, passport numbers)
are recognized by the keyword that names them instead (:class:`IdNumberRecognizer`; Graliński et al., 2009, §4.1, left
context).
"""

from __future__ import annotations

import importlib
import ipaddress
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate
from types import ModuleType

from stdnum import iban as _iban
from stdnum import luhn as _luhn

from app import languages
from app.detection.base import Recognizer
from app.detection.fast_regex import digit_led, gate_of, letter_led
from app.detection.labels import CREDIT_CARD, IBAN, ID_NUMBER, IP_ADDRESS, NATIONAL_ID
from app.detection.patterns import with_extras
from app.doc import Entity, Sentence

#: In any case ("de89 3704 …" in a chat written in lower case): the check digits and the country's BBAN format
#: (``stdnum.iban.is_valid``, which reads the value in capitals) decide.
_IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b", re.IGNORECASE)
#: An IBAN printed in its national account number's groups rather than in fours: Portugal's NIB as banks print it
#: ("PT50 0035 0000 12345678901 53": 4, 4, 11 and 2 digits; the four-character pattern above read "PT50 0035 0000
#: 12345678901" and left "53" in clear). Groups are separated by single spaces, so the pattern splits a text one way.
_IBAN_GROUPED_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: [A-Z0-9]{1,11}){2,8}\b", re.IGNORECASE)
#: (an IBAN in the groups of a national account number joined by hyphens, as Spain's old "CCC" was written: "ES71
#: 2038-1146-94-6000418273"; stop 52: in clear; taken only when its check digits hold)
_IBAN_DASHED_RE = re.compile(r"\b[A-Z]{2}\d{2}[ -]?\d{4}(?:-\d{1,10}){2,6}\b")
_CARD_RE = digit_led(re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])"))
_IPV4_RE = digit_led(re.compile(r"(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?!\d|\.\d)"))  # a sentence-final period may follow
_IPV6_RE = re.compile(r"(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])")


#: An IBAN's shape right after the word "IBAN" (case-sensitive groups: a lower-case word after the number is none).
_IBAN_AFTER_KEYWORD = re.compile(r"(?<![\w-])(?i:IBAN)(?:\s*:)?\s*(?P<iban>[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}"
                                 r"(?: ?[A-Z0-9]{1,4})?)(?![\w])")


#: An IBAN printed masked but for its country, check digits and last digits ("ES98 **** **** **** **** 3582" of a phone
#: bill, stop 50: the last digits stayed in clear; and its bank's four digits, "ES10 0182 **** **** **** 3947" of an
#: electricity bill, stop 52): at least eight masked characters.
_MASKED_IBAN_RE = re.compile(r"(?<![\w*•])[A-Z]{2}\d{2}(?:[ -]?\d{4}(?=[ -]?[*•X]))?(?:[ -]?[*•X]{1,4}){2,8}[ -]?[\dA-Z]{0,3}\d{1,4}(?![\w*•])")
#: A card number printed masked but for its last digits ("************2033", "**** **** **** 2033", "XXXX-XXXX-XXXX-1234"
#: of a booking and a statement; stop 50): at least eight masked characters, then four digits; or four masks glued to
#: them ("Tarjeta Visa ****4301" of a debt collector's letter).
_MASKED_CARD_RE = re.compile(r"(?<![\w*•·])(?:(?:[*•]|(?-i:X)|(?-i:x)){4}(?:[ -]?(?:[*•Xx]{4})){1,3}[ -]?[*•Xx]{0,3}"
                             r"\d{4}"
                             r"|(?:[*•]{4,12}|(?-i:X{4,12}))\d{4}"  # an app's bullets, the last digits
                             r"|(?<!PIN )(?<!Pin )(?<!pin )[*•·]{4}[ ]\d{4}|(?-i:xxxx|XXXX)-\d{4}"
                             # (or its middle dots: "Visa ···· 4417" of a ride-hailing receipt; stop 53; or asterisks:
                             # "Tarjeta Visa de Unicaja nº **** 8832" of a complaint to the police, x's and a hyphen:
                             # "(Visa xxxx-4417)" of a rooming list; stop 58)
                             # the issuer's first digits in clear ("5312 **** **** 1233", "5502 09** **** 4471" of a
                             # payment log; stop 51: the first group stayed in clear)
                             r"|[2-6]\d{3}[ -]?(?:\d{2}[*•Xx]{2}|[*•Xx]{4})(?:[ -]?[*•Xx]{4}){1,2}[ -]?\d{4})"
                             r"(?![\w*•·])")
#: Signs of a masked number: a masked run :data:`_MASKED_IBAN_RE` and :data:`_MASKED_CARD_RE` need.
_MASK_SIGNS = ("****", "XXXX", "xxxx", "••••", "····")


def _masked_count(surface: str) -> int:
    """How many characters of ``surface`` are masks ("*", "•", "X", "x")."""
    return sum(surface.count(c) for c in "*•Xx")


class IbanRecognizer(Recognizer):
    """International bank account numbers, validated by ISO 13616 check digits (``stdnum.iban``); with a
    registered country's length and structure whose check digits fail (:func:`iban_shaped`: "auf das Konto DE12 4405
    0199 0001 2345 67", a typo or a fictional number, stop 45); right after the word "IBAN", an IBAN's shape whose
    check digits fail too (a typo or a fictional number names an account as
    surely: stop 45; printed in the national account number's groups, :data:`_IBAN_GROUPED_RE`, stop 47, "IBAN DE44 2175 0000 0012 3456 78" left "DE44 2175" in clear and the rest a phone number)."""

    name = "iban"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        found: dict[int, str] = {}
        for pattern in (_IBAN_RE, _IBAN_GROUPED_RE, _IBAN_DASHED_RE):
            for m in pattern.finditer(text):
                candidate = m.group().rstrip()
                surface = (_longest_prefix(candidate, _iban.is_valid) or _longest_prefix(candidate, iban_shaped)
                           or _grouped(candidate))
                if surface and len(surface) > len(found.get(m.start(), "")):
                    found[m.start()] = surface
        out = []
        for start in sorted(found):
            if not out or start >= out[-1].end:
                out.append(Entity(start, start + len(found[start]), IBAN, found[start], self.name))
        if "IBAN" in text.upper():
            taken = {e.start for e in out}
            for m in _IBAN_AFTER_KEYWORD.finditer(text):
                if m.start("iban") not in taken:
                    out.append(Entity(m.start("iban"), m.end("iban"), IBAN, m.group("iban"), self.name))
            out.sort(key=lambda e: e.start)
        if any(sign in text for sign in _MASK_SIGNS):
            ends = [e.end for e in out]  # (disjoint, in text order: the first one ending after a start, by bisection)
            masked = []
            for m in _MASKED_IBAN_RE.finditer(text):
                k = bisect_right(ends, m.start())
                if _masked_count(m.group()[4:]) >= 8 and not (k < len(out) and out[k].start < m.end()):
                    masked.append(Entity(m.start(), m.end(), IBAN, m.group(), self.name))
            out = sorted(out + masked, key=lambda e: e.start)
        return out


@lru_cache(maxsize=1)
def _iban_registry():
    """python-stdnum's registry of IBAN countries and their BBAN structures (``stdnum.numdb``'s ``iban`` database)."""
    from stdnum import numdb

    return numdb.get("iban")


_BBAN_PART = re.compile(r"(\d+)!?([anc])")
_BBAN_CHARS = {"n": "[0-9]", "a": "[A-Z]", "c": "[A-Za-z0-9]"}


def iban_shaped(candidate: str) -> bool:
    """Whether ``candidate`` (spaces allowed) has the country code, length and BBAN structure of an IBAN
    of a country of the ISO 13616 registry (python-stdnum's), whatever its check digits: "DE12 4405 0199 0001 2345
    67" is one with a typo in it (or a fictional one), "XX12 3456 7890 1234" and "DE12 4405" are none."""
    number = _iban.compact(candidate)
    if len(number) < 15 or not number[:2].isalpha() or not number[2:4].isdigit():
        return False
    props = _iban_registry().info(number)[0][1]
    structure = props.get("bban", "") if props else ""
    if not structure:
        return False
    pattern = "".join(f"{_BBAN_CHARS[kind]}{{{n}}}" for n, kind in _BBAN_PART.findall(structure))
    return re.fullmatch(pattern, number[4:]) is not None


#: An IBAN printed in groups of four after its country code and check digits: "DE60 5001 0517 5408 3921 6477".
_FOUR_GROUPS = re.compile(r"[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){3,8}")


def iban_grouped(candidate: str) -> bool:
    """Whether ``candidate`` is printed as an IBAN is, in full groups of four after a registered country's code and
    two check digits, within four characters of that country's length, whatever its check digits and structure: a
    fictional or mistyped IBAN names an account as surely (stop 52: a chat's "Lastschrift auf DE60 5001 0517 5408 3921
    6477", two digits too long for a German IBAN, kept "DE60 5001" in clear and the rest became a phone number). The
    grouping is the evidence: "DE12 4405" (two groups), a shorter last group ("DE44 2175 0000 0012 3456 7", an order's
    number) or a reference without the spaces is none."""
    if _FOUR_GROUPS.fullmatch(candidate) is None:
        return False
    number = _iban.compact(candidate)
    props = _iban_registry().info(number)[0][1]
    structure = props.get("bban", "") if props else ""
    if not structure:
        return False
    length = 4 + sum(int(n) for n, _ in _BBAN_PART.findall(structure))
    return abs(len(number) - length) <= 4


def _grouped(candidate: str) -> str:
    """``candidate`` without the words after its groups ("… 6477 from") when :func:`iban_grouped` takes it, else
    ``""`` (never a prefix cut inside its groups: "DE44 2175 0000 0012 3456 7" is none)."""
    parts = candidate.split(" ")
    while len(parts) > 1 and not parts[-1].isupper() and not parts[-1].isdigit():
        parts.pop()
    grouped = " ".join(parts)
    return grouped if iban_grouped(grouped) else ""


def _longest_prefix(candidate: str, accept: Callable[[str], bool]) -> str:
    """The longest prefix of ``candidate`` cut at a space between its groups that ``accept`` takes (a valid IBAN,
    :func:`iban_shaped`), or ``""``: a word after the number ("… 0005 1332 from") fits the pattern's last group and
    must not make the number fail."""
    while True:
        if accept(candidate):
            return candidate
        cut = candidate.rfind(" ")
        if cut <= 4:
            return ""
        candidate = candidate[:cut]


def card_grouping(raw: str) -> bool:
    """Whether ``raw`` (digits with spaces or hyphens) is grouped as card numbers are printed: one run of digits, or
    groups of four digits or more with a last group of three or more (4-4-4-4, 4-6-5, 4-4-4-4-3; ISO/IEC 7812 leaves
    the print layout to the issuers, and these are the layouts they use). A row of match scores passes the Luhn
    checksum one time in ten ("15-6 15-9 11-15 15-10") and is no card number."""
    groups = [g for g in re.split(r"[ -]", raw) if g]
    return len(groups) == 1 or (all(len(g) >= 4 for g in groups[:-1]) and len(groups[-1]) >= 3)


#: More groups of four digits after sixteen, each after a space or a hyphen (a payment line's, not a card's), up to
#: four.
_MORE_GROUPS = re.compile(r"(?:[ -]\d{4}){1,4}(?![\w-])")  # (at most four: bounded work per match)
#: Sixteen digits in four groups of four, joined by single spaces or by hyphens alike.
_FOUR_BY_FOUR = re.compile(r"\d{4}( |-)\d{4}\1\d{4}\1\d{4}")


class CreditCardRecognizer(Recognizer):
    """Payment card numbers: 13–19 digits (spaces or hyphens allowed, grouped as cards print them:
    :func:`card_grouping`) passing the Luhn checksum; and card numbers printed masked but for their last four digits
    (:data:`_MASKED_CARD_RE`). ``list[Entity]`` of label ``CREDIT_CARD`` in text order; sixteen digits in four groups of
    four that fail the checksum are an identifier all the same (label ``ID_NUMBER``; stop 59)."""

    name = "credit_card"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out = []
        for m in _CARD_RE.finditer(text):
            if out and m.start() < out[-1].end:
                continue  # (inside the groups an identifier before took in)
            digits = re.sub(r"[ -]", "", m.group())
            if 13 <= len(digits) <= 19 and len(set(digits)) > 1 and card_grouping(m.group()):
                if _luhn.is_valid(digits):
                    out.append(Entity(m.start(), m.end(), CREDIT_CARD, m.group(), self.name))
                elif _FOUR_BY_FOUR.fullmatch(m.group()):
                    # sixteen digits in four groups of four fail the checksum: a card number with a typo, or an
                    # account's or a contract's number printed as cards are (stop 59: "CUST:  4659 4410 0387 2207" of a
                    # bank's call log stayed in clear); no date, phone number or amount is written so; with the groups
                    # of four that follow it (stop 65: "Línea de captura:   2405 1711 3387 6620 9014" of a Mexican
                    # certificate's payment line kept its last group in clear)
                    more = _MORE_GROUPS.match(text, m.end())
                    end = more.end() if more is not None else m.end()
                    out.append(Entity(m.start(), end, ID_NUMBER, text[m.start():end], self.name))
        if any(sign in text for sign in _MASK_SIGNS):
            out += [Entity(m.start(), m.end(), CREDIT_CARD, m.group(), self.name) for m in _MASKED_CARD_RE.finditer(text)]
            out.sort(key=lambda e: e.start)
        return out


#: A MAC address, six pairs of hexadecimal digits joined by colons or hyphens ("3C:52:82:A1:9F:0E"), or three groups of
#: four joined by dots ("3c52.82a1.9f0e").
_MAC_RE = re.compile(r"(?<![\w:.-])(?:(?:[0-9A-Fa-f]{2}([:-]))(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}"
                     r"|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![\w:.-])")


class IpAddressRecognizer(Recognizer):
    """IPv4 and IPv6 addresses accepted by :mod:`ipaddress` (IPv6 needs at least two colons and a hex digit); and a
    device's MAC address (label ``ID_NUMBER``: it identifies the device, and so its owner, as a serial number does;
    stop 45: "MAC 3C:52:82:A1:9F:0E" of a support ticket stayed in clear); a MAC address needs a digit and a letter
    among its hexadecimal digits or a separator of colons (a row of two-digit figures joined by hyphens, a number
    grouped by dots, is none)."""

    name = "ip"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out = []
        if ":" in text or "-" in text or "." in text:
            for m in _MAC_RE.finditer(text):
                hexes = re.sub(r"[:.-]", "", m.group())
                if m.group(1) != ":" and not (re.search(r"[A-Fa-f]", hexes) and re.search(r"\d", hexes)):
                    continue
                out.append(Entity(m.start(), m.end(), ID_NUMBER, m.group(), self.name))
        for pattern in (_IPV4_RE, _IPV6_RE):
            for m in pattern.finditer(text):
                surface = m.group()
                if pattern is _IPV6_RE and not re.search(r"[0-9A-Fa-f]", surface.replace(":", "")):
                    continue
                if pattern is _IPV6_RE and re.fullmatch(r"\d{1,2}:\d{2}(?::\d{2})?", surface):
                    continue  # a time of day
                try:
                    ipaddress.ip_address(surface)
                except ValueError:
                    continue
                out.append(Entity(m.start(), m.end(), IP_ADDRESS, surface, self.name))
        return sorted(out, key=lambda e: e.start)


#: National identifiers per language: (python-stdnum module, candidate regex); the formats documented by python-stdnum
#: for each module (:attr:`app.languages.Language.national_ids`).
NATIONAL_IDS: dict[str, tuple[tuple[str, str], ...]] = languages.per_language("national_ids")
#: National identifiers of other countries whose form is distinctive enough to be checked in a document of any
#: language: Italy's codice fiscale (sixteen characters, a check letter; stop 49: an applicant's stayed in clear in an
#: English letter).
INTERNATIONAL_NATIONAL_IDS: tuple[tuple[str, str], ...] = (
    ("stdnum.it.codicefiscale", r"\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b"),
)


class NationalIdRecognizer(Recognizer):
    """National identifiers (social security, tax and identity numbers) validated by python-stdnum.

    Args:
        language: picks the identifiers of :data:`NATIONAL_IDS`, and those of :data:`INTERNATIONAL_NATIONAL_IDS`.
        identifiers: overrides the list: ``[(stdnum module name, candidate regex), ...]``.

    Raises:
        ModuleNotFoundError: a configured stdnum module does not exist.
    """

    name = "national_id"

    def __init__(self, language: str = "en", identifiers: list[tuple[str, str]] | None = None) -> None:
        spec = identifiers if identifiers is not None else (*NATIONAL_IDS.get(language, ()), *INTERNATIONAL_NATIONAL_IDS)
        self.validators: list[tuple[ModuleType, re.Pattern[str]]] = [
            (importlib.import_module(module), gate_of(digit_led(re.compile(regex)))) for module, regex in spec
        ]

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        found: dict[tuple[int, int], Entity] = {}
        for module, pattern in self.validators:
            for m in pattern.finditer(text):
                if (m.start(), m.end()) not in found and module.is_valid(m.group()):
                    found[(m.start(), m.end())] = Entity(m.start(), m.end(), NATIONAL_ID, m.group(), self.name)
        return sorted(found.values(), key=lambda e: (e.start, e.end))


#: Keywords that name an identifier, per language (matched case-insensitively; sources: the field names of
#: medical, insurance, banking and administrative forms in each language).
ID_KEYWORDS: dict[str, tuple[str, ...]] = {
    code: keywords for code, keywords in languages.per_language("id_keywords").items() if keywords
}
#: The keys of a log's or a URL's fields that hold an identifier of a person's account, session or device, in every
#: language ("cust_id=CUS-883421", "sid=4f9a8c7e2b1d43a6", "device_id=…"; stop 48: a server log pasted into a support
#: ticket kept them in clear), written in lower case and before "=".
LOG_ID_KEYS = (r"(?-i:(?:cust(?:omer)?|client|account|acct|member|patient|session|device|subscriber|employee|order"
               r"|tenant)[_-]?id|tenant|sid|session|imei|msisdn|serial(?:_?(?:no|number))?)(?==)")

#: An export's or a log's key in snake case naming an identifier, before a space or a colon and digits ("id_aluno 55817"
#: of a gym's system log, "member_id: 88123"; stop 55), in every language.
SNAKE_ID_KEYS = r"(?-i:[a-z]{2,12}_id|id_[a-z]{2,12})(?=[ :=]+\d)"

#: The names of other countries' national identifiers, in every language ("PESEL 85051012345", "BSN 123456782", "CNP
#: 1850510123456", "codice fiscale …": stop 49, an applicant's family's stayed in clear in an English letter): the value
#: after one is an identifier whatever its check digit says.
FOREIGN_ID_KEYS = (r"(?-i:PESEL|BSN|CNP|NIR|EGN|OIB|AMKA|CPR|JMBG|EMŠO|PPSN|TCKN"
                   # (stop 51) Brazil's, Mexico's and the Southern Cone's in a text of another language ("her CPF
                   # 318.604.227-51" of an English issue)
                   r"|CPF|CNPJ|CURP|RFC|CUIT|CUIL|RUT"
                   # (stop 52) Poland's tax and business numbers ("NIP 583-318-42-74" of an English e-mail)
                   r"|NIP|REGON"
                   # (stop 69) an EU trader's customs number ("EORI: GB294718365000" of a bill of lading's consignee)
                   r"|EORI"
                   # (stop 52) a bank's BIC names the account holder's branch beside the IBAN ("BIC: COLSDE33XXX")
                   r"|BIC(?:/SWIFT)?|SWIFT(?:[-/ ]?(?:BIC|code))?)|codice\s+fiscale|personnummer"
                   r"|henkilötunnus|rodné\s+číslo|burgerservicenummer|numéro\s+de\s+sécurité\s+sociale"
                   # (stop 61) a Czech identity card and an Icelandic identity number ("Občanský průkaz 206458317",
                   # "Kennitala 120389-2479" of a marriage registration)
                   r"|občanský\s+průkaz|kennitala"
                   # (stop 53) a Polish driving licence ("Prawo jazdy: 00347/19/3064" of a German accident report)
                   r"|prawo\s+jazdy"
                   # (stop 53) a passport in English inside a German hotel form ("Reisedokument: Passport 548812376")
                   r"|passport"
                   r"|T\.?C\.?\s+kimlik(?:\s+no)?"
                   # (stop 54) a parcel's number after its carrier, in any language ("DHL 00340434161094015902" of a
                   # classifieds chat), and a device's serial number ("S/N ZTEGC8A91F02" of a Spanish ISP's ticket)
                   r"|(?-i:DHL|DPD|GLS|UPS|FedEx|Hermes|SEUR|MRW|CTT|Correos(?:\s+Express)?)(?=\s+[A-Z0-9]{10,}\b)"
                   # (a letter inside the value: not a Spanish address's "S/N 28001", sin número)
                   r"|(?-i:S/N)(?=[^\S\n]+(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6,}\b)"
                   # (stop 54) a phone's two IMEIs ("IMEI 1: 356789112045873, IMEI 2: …" of a police report)
                   r"|(?-i:IMEI)[^\S\n]?[12](?=[^\S\n]*:)"
                   # (stop 54, round 16) a SIM card's ICCID and a serial number's "SN" in any language ("(ICCID
                   # 89441100273655129071)", "MacBook Pro 14", SN C02FK3ZXQ6L4")
                   # (round 25) a horse's universal equine life number ("UELN: 724011170041853" of a sale contract)
                   r"|(?-i:UELN)"
                   # (stop 58) a researcher's ORCID in any language ("ORCID: 0000-0002-7731-4582" of a reference letter)
                   r"|(?-i:ORCID)"
                   # (round 29) a Portuguese citizen card in a text of another language ("Cartão Cidadão: 13948271 4ZX7"
                   # of a Spanish hostel's guest register)
                   r"|cart[ãa]o\s+(?:de\s+)?cidad[ãa]o"
                   # (and in parts: "SN 8842-MSA-2291" of a fire company's log; round 27)
                   r"|(?-i:ICCID)|(?-i:SN)(?=[^\S\n]+(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{7,}\b)"
                   # (stop 56) a number glued to an abbreviation by "#" ("$25 ck#2214" of a club's renewals), and a
                   # code of capitals and digits in parts after "#" ("Lease #CR-2B-2023-0417" of a repair portal)
                   r"|(?-i:[a-z]{1,5})(?=#\d{3,})|(?=#(?-i:[A-Z]{1,4})-(?-i:[A-Z0-9-]*)\d{4})")

#: Names of form fields and identifier types used in every language ("IBAN", "Tel.").
INTERNATIONAL_FIELD_LABELS: frozenset[str] = frozenset("IBAN BIC SWIFT ID Tel Tel. Fax Fax. E-Mail Email CVV CVC PIN".split())

#: Names of form fields and identifier types, as written in documents ("MRN", "DOB", "DNI", "NIF"): never an
#: entity themselves, though a model trained on news may tag such acronyms as organizations. Those of every language
#: (:attr:`app.languages.Language.field_labels`) and the international ones.
FIELD_LABELS: frozenset[str] = languages.union("field_labels") | INTERNATIONAL_FIELD_LABELS


_FOLDED_FIELD_LABELS: frozenset[str] = frozenset(label.casefold() for label in FIELD_LABELS)
#: Endings of compounds that name a field's number, per language (:attr:`app.languages.Language.field_label_suffixes`).
_LABEL_SUFFIXES: dict[str, tuple[str, ...]] = {
    code: suffixes for code, suffixes in languages.per_language("field_label_suffixes").items() if suffixes}
_FOLDED_BY_LANGUAGE: dict[str, frozenset[str]] = {
    code: frozenset(label.casefold() for label in labels | INTERNATIONAL_FIELD_LABELS)
    for code, labels in languages.per_language("field_labels").items()}


def field_label(surface: str, language: str | None = None) -> bool:
    """Whether ``surface`` is only the name of a form field or identifier type, in any case ("Iban", "dni": how a
    sentence in capitals or in lower case reads after case restoration): of ``language`` and the international ones
    (a German "Az", file number, is Arizona's "AZ" in English), or of every language (:data:`FIELD_LABELS`) when
    ``language`` is ``None`` or undeclared."""
    labels = _FOLDED_BY_LANGUAGE.get(language, _FOLDED_FIELD_LABELS) if language is not None else _FOLDED_FIELD_LABELS
    folded = surface.casefold()
    if folded in labels:
        return True
    suffixes = _LABEL_SUFFIXES.get(language, ()) if language is not None else ()
    return any(len(folded) > len(s) + 2 and folded.endswith(s) and folded[:-len(s)].isalpha() for s in suffixes)


#: Whose identifier follows, after its keyword's colon and before the value: a spouse's or a party's word
#: ("Identifikationsnummer: Ehemann 48 271 936 054 / Ehefrau …" of a joint tax assessment; stop 69).
_HOLDERS = (r"(?-i:Ehemann|Ehefrau|Ehegatte|Ehegattin|Antragsteller(?:in)?|[Hh]usband|[Ww]ife|[Ss]pouse"
            r"|[Cc][óo]nyuge|[Cc][ôo]njuge|[Mm]arido|[Ee]spos[ao]|[Tt]itular)")
#: Copulas that introduce a value in the four languages ("is", "ist", "lautet", "es", "é"), in the present and the past
#: (also :mod:`app.detection.secrets`).
COPULAS = r"is|was|ist|war|lautet|es|era|é|foi"
#: What may stand between the keyword and the identifier: Portuguese "sob o" ("inscrita no CNPJ sob o nº …"), "no.",
#: "No:" without its full stop (stop 47: a hotel's registration card, "Passport No: TZ1234567", stayed in clear),
#: "Nr.", "nº", "número", "#" (also in parentheses:
#: "account (no. 55021873)"), ":", a copula ("is", "ist", "lautet", "es", "é"; stop 48: and in the past, "Ihre
#: Personalnummer lautete 004711" of a reference letter), after a possessive ("o CPF dele é"), the keyword's abbreviation
#: in parentheses (stop 48: "Fahrzeug-Identifizierungsnummer (FIN): WVWZZZAUZJP012345" left the vehicle in clear), up to
#: three words before a colon ("Kundennr. beim Gläubiger: 7012345678").
# (stop 67: an aside's first word of two letters, "Licence no. (if known): 18472093" of a penalty notice)
_ID_NUMBER_WORD = (r"(?:\s*\((?:(?-i:[A-Z][A-Za-z.-]{1,11}@?)|(?-i:[a-zà-ÿ]{2,12}(?:\s[a-zà-ÿ]{2,12})?)"
                   # how many of its last digits follow ("SSN (last 4): xxx-xx-6632"; stop 54)
                   r"|(?:last|ending|últimos|últimas|letzte)\s\d{1,2}(?:\s+only)?)\))?"
                   # up to three words before a colon ("Kundennr. beim Gläubiger: 7012345678" of a collection letter;
                   # stop 48), one of them perhaps in parentheses ("Certidão de nascimento (matrícula): 087460 01 55 …";
                   # stop 50)
                   # (four: "Sendungsnr. der derzeit lagernden Sendung: 00340434161094016875"; stop 55)
                   # (on the keyword's line: "permiso PM209374 (HU)\nNº cliente: …" is two fields)
                   # (or a slash before one: "PASAPORTE/DOC. IDENTIDAD: CA00471823" of a residence card's form;
                   # stop 58)
                   r"(?:(?:(?:[^\S\n]+|/)"
                   # (stop 69: five words, "Mitgliedsnummer (wird von der GNLH vergeben): 1047-558-2093" of a union's
                   # form)
                   # (stop 71: a party's ordinal last, "Steuer-IdNr. Käufer zu 2.: 63 019 482 775" of a deed of sale)
                   r"(?:[^\W\d][\w.]*(?:-[\w.]+)?|\([^\W\d][\w.-]*(?:,?[^\S\n][\w./-]+){0,4}\)"
                   r"|\d{1,2}\.(?=[^\S\n]*:))){1,4}?"
                   # (an aside of up to four words: "Kassenzeichen (wird vom Amt vergeben): 5.6012.483917.2"; stop 57)
                   # (or before a dot leader without its colon: "Pasaporte UE ....... ES052400183274" of a pet's
                   # adoption; stop 59)
                   r"(?=[^\S\n]*(?::|\.{3,})\s*[\w(]))?"
                   # or before a copula ("account number for repayment is 41-22-09 33018824" of a deposit dispute;
                   # stop 49)
                   # (words of letters: "Versichertennummer F284619375. Meine Sozialversicherungsnummer lautet …"
                   # read the first number as a word before the second's copula; stop 58)
                   rf"(?:(?:\s+(?!(?:{COPULAS})\b)[^\W\d][^\W\d.]*\.?){{1,3}}?"
                   rf"(?=\s+(?:{COPULAS})\s+[\w(]))?"
                   # or before a number's word ("colegiado COF Sevilla nº 4187" of a pharmacy's log, "BI/CC do próprio
                   # n.º 09876543 3 ZZ9"; stop 55)
                   # (and an ordinal among them: "CRESS 6ª Região nº 21.448"; round 21)
                   # (stop 68: and capitals before the digits, "Carta de condução ucraniana n.º EXA 381947" of an
                   # accident report)
                   r"(?:(?:\s+(?:[^\W\d][\w.]*|\d{1,2}[ªº])){1,3}?(?=\s+(?:no\.|nr\.|núm\.|n\.?\s?[º°])\s*"
                   r"(?:\d|(?-i:[A-Z]{1,4})[^\S\n]?\d)))?"
                   # (stop 67: and the plural's "n.ºs", "cartões de\ncidadão n.ºs 06918347 2 ZY9, 07245138 5 ZX1" of a
                   # deed of gift)
                   r"(?:\s+sob\s+o(?!\w))?(?:\s*\(?(?:no\.|no(?=\s*[:#])|nos\.|nr\.|núm\.|n\.?\s?[º°]s?"
                   r"|(?:numbers?|números|número|nummer)(?!\w)|#))?"
                   # each word whole (stop 50: "Spielerpass-Nr. ISL-HB-206613" read "IS" as the copula and kept
                   # "L-HB-206613")
                   r"(?:\s+(?:dele|dela|suyo|suya)(?!\w))?"
                   r"(?:\s+(?:is|was|will\s+be|ist|lautet|lautete|war|wird|es|era|será|é|foi)(?!\w))?"
                   # a form's dot leaders ("Passport no. ........... Z4418276"; stop 51), one dot where the field's
                   # name is long ("Etiqueta maleta . AP 712604" of a baggage claim; stop 58)
                   # (or before its colon: "Cartão de Cidadão .: 31847265 8 ZY4"; stop 59)
                   r"(?:[^\S\n]*\.{3,}|[^\S\n]+\.(?=[^\S\n]|:))?"
                   # the bracket that closes an aside the keyword stands in ("Parte de Irregularidad de Equipaje (PIR):
                   # BRUIB48172"; stop 52)
                   r"(?:(?<=\w)\)(?=\s*:))?"
                   # (a transposed table's cell: "| Steuer-ID       | 83 105 672 419 | 40 927 318 655 |"; stop 57)
                   r"(?:[^\S\n]*\|(?=[^\S\n]*\d))?"
                   # (and after the colon: "N.º de expediente: ....... 2804051287461" of a traffic fine's appeal; stop
                   # 59)
                   # (stop 68: and the bracket that opens the value, "Our client's PPS number (7654321WA) is provided"
                   # of a solicitor's letter)
                   # ("her NI number is QQ 12 34 56 C"; "serial=C02XK1ZJJG5H")
                   # (stop 71: or a masked number's stars, "SIN (***-***-482)" of a debt collector's demand)
                   r"\s*(?:[:#=](?:[^\S\n]*\.{3,})?)?\s*(?:\((?=[\w*•]))?"
                   # (stop 69: and whose it is, after the colon, "Identifikationsnummer: Ehemann 48 271 936 054")
                   rf"(?:(?<=:)[^\S\n]*(?:{_HOLDERS})[^\S\n]+(?=\d))?")
#: The identifier: groups of digits and of one or two capitals separated by single spaces, a digit among them, up to
#: ten groups and a check number after a hyphen ("QQ 12 34 56 C", a British National Insurance number; "112045 01 55
#: 2019 1 00087 214 0045678-31", a Brazilian birth certificate's register number: five groups of it only before stop
#: 46, nine before stop 50, whose "087460 01 55 2017 1 00214 118 0034921 12" has ten; "12345678 9 ZX4", a Portuguese
#: citizen card, its last group two capitals and a digit, also glued to the check
#: digit ("13456789 0ZZ2" of a marriage certificate, whose "0ZZ2" stayed in clear before stop 48); "65 170839 J 003", a
#: German social insurance number; "12 345 678 901"; "0035 0000 12345678901 53", Portugal's NIB, a group of 11 digits;
#: "123 456 789A", an Australian Centrelink reference, a capital after the last group's digits;
#: the first group up to four capitals: "BBBB 1234 5678 90", a Spanish health card);
#: groups of digits separated by single spaces, never a line break (stop 51: "Routing (ABA): 071923187" took the next
#: line's "04" of "04/05") ("898 0012 3456 7890", "47 39047534 02", a Spanish account's "2100 0418
#: 45 0200051332"); or groups of capitals and
#: digits separated by a hyphen or a space, as on number plates ("B-AB 1234", "ABC-1234", "12-AB-34"; not when a dot
#: and a digit follow: "MG-12.345.678", a Brazilian identity card with its state, is the next form's, whole); or at least
#: four characters, a digit among them, with letters, digits and ". / -" inside. The lookaheads for a digit look no
#: further than the value itself may reach (before stop 43 "DNI DNI DNI …" sent each keyword's lookahead to the end of
#: the text: 47 s for 80,000 characters).
_ID_VALUE = (r"(?P<id>\d{2}-\d{2}-\d{2}[ \t]\d{8}(?![\w])"  # a British sort code and its account (stop 49)
             # a US social security number masked but its last four digits ("***-**-9023"; stop 55)
             r"|[*xX•]{3}-[*xX•]{2}-\d{4}(?![\w])"
             # (stop 71: and a Canadian social insurance number's, "last three digits of your SIN (***-***-482)")
             r"|[*xX•]{3}-[*xX•]{3}-\d{3}(?![\w])"
             # (stop 66: three capitals before the digits too, "CTC No. : CCI2024 00871345" of a barangay clearance)
             r"|(?-i:(?=[A-Z ]{0,60}\d)(?:\d{1,10}|[A-Z]{1,4}|[A-Z]{2,3}\d{1,9})"
             # (a group up to 15 digits: "carteirinha 0 864 000124783190 2" of a health plan; round 25)
             # (a group of a digit, a capital and digits: "Título de residência: AR 1L7739204"; stop 59)
             r"(?: (?:\d{1,15}[A-Z]?|\d?[A-Z]{1,2}\d?[A-Z]?|\d[A-Z]\d{4,12})){1,9}"
             # not a capital before a slash ("Ag. 2731 C/C 01.045.882-7": "C/C" is the next keyword; stop 54)
             # (and the digits after a slash or a hyphen with it: "SN 55/0193772/24", "CAD 0417-16112024"; stop 54)
             # (nor before a decimal part: "chave CNPJ 41.552.873/0001-60" took "CNPJ 41"; stop 58)
             # (stop 67: and capitals between slashes, "Our Ref: MISC 104729/FCT/LA/2023" of a land allocation)
             r"(?:[/-](?:\d{1,12}|[A-Z]{1,5}(?=[/-][A-Z0-9])))*(?![\w]|[.,]\d|(?<=[A-Z])/\w))"
             r"|\d{2,4}(?:[ \t]\d{3,4}){1,4}(?![\w])|\d{1,10}(?:[ \t]\d{1,10}){1,3}(?![\w])"
             r"|(?-i:(?=[A-ZÄÖÜ0-9 -]{0,24}\d)[A-ZÄÖÜ0-9]{1,4}(?:[- ][A-ZÄÖÜ0-9]{1,4}){0,3}[- ][A-ZÄÖÜ0-9]{1,8}"
             # (a check digit after six digits or more: "Carta de condução n.º: P-1023847 3"; stop 57)
             r"(?:(?<=\d{6}) \d(?![\w]|[.,]\d))?"
             # (stop 71: and a year after a slash, "Unser Zeichen: R-AR 4471/2025" of a pension decision)
             r"(?:(?<=\d)/(?:19|20)\d\d)?"
             r"(?![\w]|[-/]\w|\.\d))"
             # (the digit within its first 60 characters: unbounded, the lookahead read a run of words and slashes
             # without a digit to its end after every keyword in it, "PASAPORTE/DOC/" repeated: ×3.8 for twice the
             # length; stop 58)
             # (stop 71: an umlaut first too, "Zl. ÖGK-W-2024/556701" of an Austrian social work report)
             r"|(?=[\w./-]{0,60}\d)[A-Za-z0-9ÄÖÜ][\w./-]{3,}"
             # (and a letter's dictation mark: "Unser Zeichen: 118/24 SY/mk"; stop 57)
             r"(?:(?<=\d) (?-i:[A-Z]{1,3}/[a-z]{1,3})(?!\w))?"
             # (and a notary's letter after a number and its year: "UR-Nr. 418/2025 V" of an inheritance application;
             # stop 59)
             r"(?:(?<=/(?:19|20)\d\d) (?-i:[A-Z])(?![\w./-]))?"
             # three digits, kept only after the word for "number" (:func:`_short_after_number_word`; stop 57)
             r"|\d{3}(?![\w]|[.,/-]\d)"
             # (one or two right after "Box", a post office box's: "PO Box 50, Thurles" of a penalty notice; stop 67)
             # (and after an Austrian land register sheet's running number's abbreviation, "B-LNr. 22"; stop 67)
             r"|(?:(?<=box )|(?<=-LNr\. ))\d{1,2}(?![\w]|[.,/-]\d))")
#: A bare year (1800–2039), never an identifier alone ("policy 2021"); a later one after a keyword is a number ("PC 2093
#: Aisha RAHMAN" of a witness statement; stop 58: in clear as a "year").
_YEAR_RE = re.compile(r"1[89]\d\d|20[0-3]\d")
#: The authority that issued a Brazilian identity card, after its number ("RG: 52.871.436-9 SSP/SP": the state's
#: public security office; stop 57: it stayed in clear three times in one round).
_ISSUER = re.compile(r"(?:[^\S\n]+[-–]?[^\S\n]*|/)(?:SSP|SDS|SESP|SJS|SSPDS|DETRAN|IFP|IGP|PC|DGPC|SEJUSP|SPTC)"
                     r"[-/]?[A-Z]{2}(?![\w])")
#: What the value's pattern left after a slash, digits first (stop 71: "Aktenzeichen: 12 C 48/24k" of an Austrian
#: divorce judgment kept "/24k" in clear beside "12 C 48").
_SLASHED_TAIL = re.compile(r"(?<=\d)/\d[0-9A-Za-z]{0,11}(?:/[0-9A-Za-z]{1,12})*(?![\w/])")
#: A Panamanian taxpayer's check digits after the number ("RUC 155749321-2-2024 DV 57" of a company's articles; stop
#: 62); a check letter after a hyphen ("Versicherungsschein-Nr.: 48 112 907 553-K" of a car insurance claim; stop 70).
_CHECK_DIGITS = re.compile(r"[^\S\n]+(?-i:DV)[^\S\n]?\d{1,2}(?![\w])|-[A-Z](?![\w-])")
#: A bank's BIC after its keyword, letters only too ("BIC/SWIFT:   CAIXESBBXXX" of an employment contract, "BIC:
#: DEUTDEFF"; stop 58: the keyword's value needs a digit, and a BIC may have none): the bank's four letters, the
#: country's two, the place's two letters or digits and perhaps the branch's three, at the end of its field.
_BIC_RE = re.compile(r"(?<![\w-])(?:BIC|SWIFT)(?:[-/ ]?(?:BIC|SWIFT|[Cc]ode))?(?:[^\S\n]*\([^()\n]{1,20}\))?[^\S\n]*:?"
                     r"[^\S\n]*(?P<id>[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![\w-])"
                     # (the value ends its field: "the BIC REQUIRED field" names none)
                     r"(?=[^\S\n]*(?:$|[,;.)(|·/]|[^\S\n]{2}))", re.MULTILINE)
#: A German letter's dictation mark after its word, the author's and the typist's initials ("Diktatzeichen: KV/ms",
#: "Zeichen Au/mg" of a discharge letter and a radiology report; stop 58: letters only, so no keyword's value).
_DICTATION_MARK = re.compile(r"(?<![\w-])(?:Diktatzeichen|(?:Unser|Ihr|Mein)\s+Zeichen|Zeichen)[^\S\n]*:?[^\S\n]*"
                             r"(?P<id>[A-ZÄÖÜ][A-Za-zäöü]{0,2}/[a-zäöü]{1,3})(?![\w/])")
#: The word for "number" just before an identifier ("entry no. 312", "sócio n.º 112", "Zimmer Nr. 214"; stop 57).
#: (Stop 64: and a post office box's word, "PO Box 429, Pretoria" of a company's certificate, and a police officer's
#: rank before the number, "P.C. 612 Rawle Frank", "Sgt. 447 Lennox Mitchell" of a certificate of character.)
_NUMBER_WORD_BEFORE = re.compile(r"(?:(?<!\w)(?:no|nr|núm|n\.?\s?[º°]|nº|box|p\.c|pc|sgt|cpl|insp)\.?|#"
                                 r"|(?<!\w)(?:number|nummer|número))"
                                 r"\s*:?\s*$", re.IGNORECASE)


def _short_after_number_word(value: str, before: str) -> bool:
    """Whether ``value``, shorter than four characters, is an identifier all the same: three digits after the word
    for "number" (``before``: the keyword and what follows it up to the value), as registers, memberships and rooms
    number their entries (stop 57: "entry no. 312", "sócio n.º 112" stayed in clear), and any digits after "Box", a post
    office box's ("PO Box 50, Thurles" of a penalty notice; stop 67), or after an Austrian land register sheet's running
    number ("(B-LNr. 22)", "Pfandrecht C-LNr. 9" of a flat's purchase contract; stop 67)."""
    if not value.isdigit():
        return False
    return (len(value) == 3 and _NUMBER_WORD_BEFORE.search(before) is not None
            or _SHORT_VALUE_BEFORE.search(before) is not None)


#: A post office box's word, or a land register sheet's running number, then the number
#: (:func:`_short_after_number_word`).
# (stop 68: and a German post office box, Botswana's private bag, "Städtle 38, Postfach 684, 9490 Vaduz", "Private Bag
# 0012, Mochudi")
_SHORT_VALUE_BEFORE = re.compile(r"(?<!\w)(?:box|postfach|bag|(?-i:[A-C])-LNr\.)\s*:?\s*$", re.IGNORECASE)


#: Between two identifiers of a list: a comma, a semicolon, "and"/"or" in the four languages ("Rx numbers 6023381 and
#: 6023382" of a discharge letter; stop 48: the second stayed in clear), and after a comma one word and a colon.
_LIST_NEXT = re.compile(r"[^\S\n]*[,;|][^\S\n]*(?:(?:and|und|y|e|or|oder|o|ou)[^\S\n]+)?"
                        # the next one's holder and a colon ("Identifikationsnummer Ehemann: …, Ehefrau: …" of a tax
                        # assessment; stop 49)
                        r"(?:[^\W\d][\w.-]{0,24}[^\S\n]?:[^\S\n]*)?"
                        r"|[^\S\n]+(?:and|und|y|e|or|oder|o|ou|&)[^\S\n]+"
                        # (a slash between two: "Billetes: 148-2390518874 / 148-2390518875"; stop 53)
                        r"|[^\S\n]+/[^\S\n]+"
                        # (stop 69: and the next one's holder without a colon, "Identifikationsnummer: Ehemann 48 271
                        # 936 054 / Ehefrau 73 015 482 966" of a tax assessment)
                        rf"(?:(?:{_HOLDERS})[^\S\n]+)?")


def _same_shape(value: str) -> re.Pattern[str]:
    """A pattern of the strings of ``value``'s shape: each digit any digit, each letter any letter of its case, the
    rest as written, then no word character ("6023381": seven digits)."""
    parts = []
    for ch in value:
        parts.append(r"\d" if ch.isdigit() else "[A-Z]" if ch.isupper() else "[a-z]" if ch.islower() else re.escape(ch))
    return re.compile("".join(parts) + r"(?![\w])")


#: A code after the word for "number" of any of the four languages, capitals first, then its digits after a hyphen or
#: a slash ("Reclamação n.º RE-2024-PT-00719843", "nota de crédito NC-24/0004417" of a consumer's complaint, stop 55):
#: whatever the noun before it, such a code names one case, claim or document (a statute's number has no capitals:
#: "Lei n.º 7/2009"). Scanned only where an "n" or an "N" stands (the lookahead is the engine's prefix).
_NUMBERED_CODE = re.compile(r"(?=[nN])(?:(?<![\w])(?:n\.?[^\S\n]?[º°]|N\.?[^\S\n]?[º°]|Nr\.|No\.|no\.|núm\.|Núm\."
                            # (stop 61) Spanish America's "Nro:" ("Nro: E001-214" of a Peruvian fee receipt)
                            r"|(?-i:Nro|NRO)\.?(?=[^\S\n]*:)"
                            # (stop 61) "No" and "NO" without their full stop before a colon ("APPLICATION NO: 4318875"
                            # of a tenancy order, "Licence No:     4021000X7KP9" of a traffic fine: in clear)
                            r"|(?-i:No|NO)(?=[^\S\n]*:)"
                            # (stop 56) the word for "number" before a colon, whatever names it ("Juror number:
                            # 412873905" of a jury summons)
                            # (not a phone's: the phone recognizer labels those)
                            r"|(?<![Pp]hone )(?<![Mm]obile )(?<![Ff]ax )(?<![Cc]ell )(?<![Cc]ontact )"
                            r"[Nn](?:umber|ummer|úmero|umero)(?=[^\S\n]*:)[^\S\n]*:))[^\S\n]*"
                            # (a dot leader after it: "CPOMS no..........: 118204" of a safeguarding referral; stop 59)
                            r"(?:\.{2,}[^\S\n]*)?"
                            # (a form's colon after its column gap: "Skyvale Club no.  : SKV 4471 902 358"; stop 58)
                            r"(?::[^\S\n]*)?"
                            # (round 23: or glued to them, "B.O. nº AB4512/2024")
                            r"(?P<id>[A-Z]{1,5}(?:[-/][A-Z0-9]{1,6}){0,4}[-/]?\d{4,20}"
                            # (stop 57: a last part of capitals and digits, "licença APA n.º A012845.2019.RH7A")
                            r"(?:[-/.](?:\d{1,12}|(?=[A-Z]{0,7}\d)[A-Z0-9]{2,8})){0,3}"
                            # (round 19) or six digits or more alone ("Auto n.º 951234567", "Cabo n.º 2051387",
                            # "entity no. 201934710552"): no statute's, year's or page's number is that long
                            # (stop 56: up to 20, "ART nº 28027230241198734" of a fire inspection)
                            r"|\d{6,20}(?![.,/-]\d)"
                            # (stop 57) or one or two capitals and six digits or more ("Reisepass Mutter, Nr. U
                            # 18420573" of a birth notice)
                            r"|[A-Z]{1,2}[^\S\n]\d{6,12}(?![.,/-]\d)"
                            # (or up to five capitals before a year and a number: "Nº FAA 2025-0087413" of an
                            # emergency room's record)
                            r"|[A-Z]{1,5}(?:-[A-Z]{1,3})?[^\S\n](?:19|20)\d\d[-/]\d{3,10}(?![.,/-]\d)"
                            # (stop 69: and a year, a month and a number joined by dots, "Ficha de Atendimento n.º FA
                            # 2024.07.003318" of a health centre's record)
                            r"|[A-Z]{1,5}[^\S\n](?:19|20)\d\d\.\d{1,2}\.\d{3,10}(?![\w.,/-])"
                            # (stop 59: "Episódio n.º: URG-P 2024/0038817" of a paediatric emergency; and groups of
                            # digits joined by dots, one of five digits or more, "Bilhete Único nº 21.07.0044813-2")
                            r"|\d{1,4}(?:\.\d{1,8})*\.\d{5,8}(?:-\d{1,2})?(?![\w.,/-])"
                            # (a year and a number, "ASO Nº: 2024-0051873"; a number with capitals between,
                            # "Delt@ (n.º 20240612-ZA-55190)"; capitals joined by a hyphen before six digits, "n.º
                            # PT-AR 4418275" of a residence permit)
                            r"|(?:19|20)\d\d[-/]\d{4,10}(?![\w.,/-])|\d{6,12}-[A-Z]{1,4}-\d{3,10}(?![\w.,/-])"
                            # (a number of five digits or more and its year: "Inquest no.: 00417/2023"; a statute's
                            # shorter one is not taken, "Lei n.º 8.245/1991")
                            r"|\d{5,6}/(?:19|20)\d\d(?![\w.,/-])"
                            # (stop 62: or its year in two digits, "Entrada n.º: 11872/24" of a building permit's
                            # request; a number, a year and a sheet, "Registry Map No.: 033/1975/4" of a land title; a
                            # number in thousands and its year, "ACTO No. 1,318/2024" of a bailiff's act)
                            r"|\d{5,6}/\d\d(?![\w.,/-])|\d{1,5}/(?:19|20)\d\d/\d{1,5}(?![\w.,/-])"
                            r"|\d{1,3},\d{3}/(?:19|20)\d\d(?![\w.,/-])"
                            # (stop 62: groups of digits joined by dots, thirteen characters at least, "Crédito à
                            # habitação n.º 0035.0671.00452811.79", "Depot Nr. 0040.2271.883")
                            r"|(?=[\d.]{13})\d{2,5}(?:\.\d{2,11}){2,4}(?![\w.,/-])"
                            # (a custody record's "Custody No.: 20PB/0048812/24": a station's digits and capitals)
                            r"|\d{1,3}[A-Z]{1,4}/\d{4,10}(?:/\d{2,4})?(?![\w.,/-])"
                            r"|[A-Z]{1,3}-[A-Z]{1,3}[^\S\n]\d{6,12}(?![.,/-]\d)"
                            # (or a number, a unit's capitals and a number between slashes: "reseña n.º 24/PJ/0671",
                            # "Resolución … nº 46/D/55281", "Oferta GECCO n.º 21/GECCO/2025/0412")
                            # (stop 62: two units' capitals, one with a dot, "GUIA DE MARCHA N.º 047/GPSB/DRH/2024",
                            # "Despacho n.º 112/GAB.MINSA/2024")
                            r"|\d{1,4}/[A-Z]{1,6}/\d{2,6}(?:/\d{1,6})?|\d{1,4}(?:/[A-Z][A-Z.]{0,11}[A-Z]){2,3}/\d{2,6}"
                            # (or groups of digits after dots and a check digit: "benefício nº 638.554.102-1",
                            # "Sinistro nº 0731.2024.55820-7"; after round 41's measurement)
                            r"|\d{1,4}(?:\.\d{3,5}){2,4}-\d{1,2}"
                            # (or capitals before a number and its year: "PROCESSO … N.º PPP 0412/24")
                            r"|[A-Z]{1,5}[^\S\n]\d{2,6}/\d{2,4}(?![\w/])"
                            # (stop 56) or capitals and digits mixed, six to twelve ("Personalausweiskopie (Nr.
                            # L01X00T47)" of a housing application)
                            # (stop 62: up to fourteen, "Cartão Nacional de Identificação n.º 19890311M004A" of a Cape
                            # Verdean marriage certificate)
                            r"|(?=[A-Z0-9]{0,13}\d)(?=[A-Z0-9]{0,13}[A-Z])[A-Z0-9]{6,14}(?![\w]|[-/]\w)"
                            # (round 28) or groups of four digits ("Dispositivo Vía-T nº 9724 0051 3386")
                            # (stop 58: its last group shorter, "Kautionssparbuch Sparkasse Leipzig Nr. 1100 4587 22")
                            r"|\d{4}[^\S\n]\d{4}(?:[^\S\n]\d{4}){0,3}[^\S\n]\d{1,4}(?![\w.,/-])"
                            # (stop 58) or groups of three digits ("liquidação n.º 161 924 307 553" of a deed), or a
                            # book's or a file's number and its letter ("Livro de notas … n.º 214-A")
                            r"|\d{3}(?:[^\S\n]\d{3}){2,4}(?![\w]|[.,/-]\d)|\d{2,4}-[A-Z](?![\w./-])"
                            # (or capitals before groups of digits: "SKV 4471 902 358" of a loyalty scheme)
                            r"|[A-Z]{2,5}(?:[^\S\n]\d{3,4}){2,4}(?![\w]|[.,/-]\d)"
                            # (stop 61) groups of digits joined by hyphens, twelve characters or more, longer than any
                            # date ("Infringement Notice No: 03-4021-00587314-6"); a number of four digits after a zero
                            # and its year ("FIR No.: 0412/2024"); capitals and digits, then groups of digits after
                            # hyphens ("Application No.  : EPA24-0318-77520" of a work pass)
                            r"|(?=[\d-]{12})\d{2,4}(?:-\d{1,10}){2,4}(?![\w.,/-])|0\d{3}/(?:19|20)\d\d(?![\w.,/-])"
                            r"|[A-Z]{1,5}\d{1,4}(?:-\d{2,10}){1,4}(?![\w.,/-])"
                            # (stop 61) thousands after a comma, as Central America and Mexico number deeds and
                            # registrations ("Colegiada No. 21,304", "Escritura pública No. 18,455")
                            r"|\d{1,3},\d{3}(?![\w]|[.,]\d)"
                            # (and dotted thousands of seven digits or more, an Argentine DNI: "N° 56.904.312")
                            r"|\d{1,3}(?:\.\d{3}){2,3}(?![\w]|[.,]\d))"
                            r"(?![\w]|[-/]\w)")


#: A number after "#" whatever names it (stop 59: "emp. #10457", "report #25-031544", "Priya Raghunathan (#40872)" of a
#: hotel's incident report and a bank's call log stayed in clear): four digits or more, perhaps in parts joined by
#: hyphens; not a year ("#2024"), not a colour nor an HTML entity ("#FF0000", "&#8211;").
_HASH_NUMBER = re.compile(r"(?<![\w&#/])#[^\S\n]?(?P<id>(?:\d{4,12}|\d{2,3}-\d{3,10}"
                          # (stop 67: capitals before the digits, not a colour, "Child Supp Ord #FC2019-004418" of a
                          # pay stub)
                          r"|(?![0-9A-Fa-f]{6}(?![\w-]))(?-i:[A-Z]{1,4})\d{4,12})(?:-\d{2,10}){0,3})"
                          r"(?![\w]|[.,/-]\d)")
#: The banks' handles of Indian UPI payment addresses, after the "@".
_UPI_BANKS = (r"(?:ok(?:hdfcbank|icici|sbi|axis)|ybl|ibl|axl|paytm|upi|apl|yapl|axisbank|icici|sbi|hdfcbank|kotak"
              r"|barodampay|freecharge)(?![\w.@-])")
#: An Indian UPI payment address: a name or a phone number, "@" and a bank's handle, not a domain ("Paid via UPI to
#: rahul.verma92@okhdfcbank", "9876543210@ybl" of a rent receipt; stop 67); found from its handle, scanned backwards.
_UPI_ADDRESS = re.compile(rf"(?<![\w.@-])[A-Za-z0-9][\w.-]{{1,40}}@{_UPI_BANKS}")
#: A UPI handle's bank after "@" (:data:`_UPI_ADDRESS`), the literal searched for first.
_UPI_HANDLE = re.compile(rf"@{_UPI_BANKS}")
#: A British sort code and an account number after it, whatever names them ("CUST:  40-47-12, 71836631." of a bank's
#: call log; stop 59): three pairs of digits joined by hyphens, a comma or a slash perhaps, then eight digits.
_SORT_CODE_ACCOUNT = re.compile(r"(?<![\w./-])(?P<sort>\d{2}-\d{2}-\d{2})[^\S\n]?[,/]?[^\S\n]{1,3}(?P<account>\d{8})"
                                r"(?![\w]|[.,/-]\d)")
#: A number or a code that identifies by its shape alone, whatever names it (stop 59: a passenger manifest's columns
#: under a header of single spaces, "K7QX2P 1252419876530 POL 12APR81 EA4471932", left every ticket and passport in
#: clear): ten digits or more in one run (no count, amount or year is written so; a phone number's own recognizer
#: labels those it knows), or one or two capitals and six to nine digits, as passports and documents number
#: themselves ("EA4471932", "U18346271", "C7712045"). None occurs in the four NER dev sets.
#: (Not ten to twelve digits after a 0 or a +: a telephone number's, which its own recognizer labels.)
#: (And a registered letter's or a parcel's number of the Universal Postal Union's S10 standard, two capitals, eight
#: digits and a check digit, the country's two capitals, perhaps in groups: "carta registada RR 4821 7730 5 PT".)
#: (Stop 60: and eight digits and a capital, or X, Y or Z, seven digits and a capital, as Spain's DNI and NIE write
#: themselves, whatever their check letter: "44612907H" of a scholarship's household table, "Y4182097F" of a register
#: certificate, a typo's letter kept them from the national ID's validation and in clear; and a US postal tracking
#: number in its groups, "certified mail (9407 1112 0620 4471 8823 05)" of a small claims petition; a Spanish
#: contribution account's and a court's deposit account's shapes.)
_BARE_CODE = re.compile(r"(?<![\w.,/+-])(?:(?!0\d{9,11}(?!\d))\d{10,32}|[A-Z]{1,2}\d{6,9}(?:-[A-Z](?![\w-]))?"
                        r"|\d{8}[A-Z]|[XYZ]\d{7}[A-Z]|9[1-5]\d\d(?:[^\S\n]\d{4}){4}[^\S\n]\d\d"
                        # (stop 60) a Spanish contribution account's number alone on its line ("46/1029388/71" of a work
                        # history), a Spanish court's deposit account ("cuenta del Juzgado 4037 0000 02 1184 23")
                        r"|\d\d/\d{7,8}/\d\d|\d{4}[^\S\n]\d{4}[^\S\n]\d\d[^\S\n]\d{4}[^\S\n]\d\d"
                        # (stop 60) three or four capitals and seven to nine digits ("LARN1904021", a Scottish letting
                        # agent's registration under a signature); a US social security number masked but its last
                        # four digits ("SSN Debtor 1: xxx-xx-4409")
                        r"|[A-Z]{3,4}\d{7,9}|(?:[xX]{3}|\*{3})-(?:[xX]{2}|\*{2})-\d{4}"
                        # (stop 70) a bank transfer's reference, three to six capitals and twelve digits or more
                        # ("RTGS    HDFCR52023081600918823  SBI A/c No. …" of a sale deed's table of payments)
                        r"|[A-Z]{3,6}\d{12,24}"
                        # (stop 70) a meter's number, two capitals or digits, a hyphen and seven digits or more
                        # ("Kaltwasser Bad  KW 19-4471803", "HKV Wohnzimmer  6X-00938211" of a utility cost statement),
                        # a table's cell: before a column's gap or the line's end (not "63-2281947 R 42" of a keyword)
                        r"|[A-Z0-9]{2}-\d{7,10}(?=[^\S\n]{2,}|[^\S\n]*(?:\n|$))"
                        # (stop 71) a registration's code opening a table's row before its column's gap, or a note's
                        # item before its colon ("CBESA-0017  Fernanda Oliveira Cavalcanti – CPF …", "- CBESA-0023:
                        # cadeirante" of a conference's list of attendees)
                        r"|(?:(?<![^\n])|(?<=\n- ))[A-Z]{3,6}-\d{3,6}(?=[^\S\n]{2,}\S|:[^\S\n])"
                        # (stop 71) an Australian title's lot and deposited or strata plan ("Title Reference:   Lot 14
                        # DP 1187342" of a property valuation)
                        r"|Lot[^\S\n]\d{1,4}[^\S\n](?:DP|SP)[^\S\n]?\d{4,7}(?![\w/-])"
                        # (stop 70) a registration of twelve to twenty-four capitals and digits, four of each at
                        # least, each kind between two of the other ("IELTS:  TRF 23PH004917BAUM01" of a nursing
                        # board application; round 119; not a VIN's letters then digits, the VIN recognizer's)
                        r"|(?=[A-Z0-9]{12,24}(?![\w-]))(?=(?:[A-Z]*\d){4})(?=(?:\d*[A-Z]){4})"
                        r"(?=[A-Z0-9]{0,20}?\d[A-Z]{1,20}\d)(?=[A-Z0-9]{0,20}?[A-Z]\d{1,20}[A-Z])[A-Z0-9]{12,24}"
                        # (stop 69) a freight container's owner code, serial and check digit (ISO 6346: "MSKU 718204-6"
                        # of a bill of lading's table, naming a consignee's shipment)
                        r"|[A-Z]{3}[UJZ][^\S\n]?\d{6}-?\d"
                        r"|[A-Z]{2}[^\S\n]?\d{4}[^\S\n]?\d{4}[^\S\n]?\d[^\S\n]?[A-Z]{2}"
                        # (stop 61) a Liechtenstein or Swiss company's register number ("FL-0002.587.214-3",
                        # "CHE-105.847.362"), a file's number of five digits or more after its zeros and its year
                        # ("Prot. Nr. / N. prot. 0041872/2024" of a South Tyrolean certificate)
                        r"|[A-Z]{2,3}-\d{3,4}\.\d{3}\.\d{3}(?:-\d)?|0\d{4,7}/(?:19|20)\d\d"
                        # (stop 61) a Canadian business number with its program account ("817304592RP0001" of a record
                        # of employment)
                        # (stop 71: and a space before the program, "Golden Lotus Nail Spa Inc. (BN 874512903 RC0001)")
                        r"|\d{9}[^\S\n]?[A-Z]{2}\d{4}"
                        # (stop 61) a Swiss provider's ZSR number after its name ("ZSR-Nr. H 4721.18" of a sick note)
                        r"|(?:(?<=ZSR-Nr\. )|(?<=ZSR-Nr\.: )|(?<=ZSR: )|(?<=ZSR ))[A-Z][^\S\n]?\d{4}\.\d{2}"
                        # (stop 62) Pakistan's CNIC, Zimbabwe's national ID, Hong Kong's identity card with its check
                        # and business registration, the Dominican Republic's RNC, a Maltese company after its legal
                        # form ("35202-4417865-3", "63-2281947 R 42", "R 771204(A)", "71438852-000-05-24-3",
                        # "1-31-48572-6", "Dawra Properties Ltd (C 48211)")
                        r"|\d{5}-\d{7}-\d|\d{2}-\d{6,7}[^\S\n]?[A-Z][^\S\n]?\d{2}|[A-Z]{1,2}[^\S\n]?\d{6}\([0-9A]\)"
                        r"|\d{8}-\d{3}-\d\d-\d\d-\d|\d-\d\d-\d{5}-\d"
                        r"|(?:(?<=Ltd \()|(?<=Limited \()|(?<=p\.l\.c\. \())C[^\S\n]\d{4,6}(?=\))"
                        # (stop 65) a Brazilian utility bill's payment line, a Canadian employer's account with a
                        # space, a US immigration receipt and alien number, a Zimbabwean judgment's and case's number
                        # ("83650000002-6 93580047021-4 45883600300-8 84729152407-3", "81234 5678 RP0001",
                        # "WAC2419052736", "A216-493-817", "HH 187-23", "HC 4412/21")
                        r"|\d{11}-\d(?:[^\S\n]\d{11}-\d){3}|\d{5}[^\S\n]\d{4}[^\S\n]?[A-Z]{2}\d{4}"
                        r"|(?:EAC|WAC|LIN|SRC|IOE|MSC|NBC|YSC)\d{10}|A\d{3}-\d{3}-\d{3}"
                        r"|(?:HH|HB|HMT|HCH)[^\S\n]\d{1,4}-\d{2}|HC[^\S\n]\d{1,5}/\d{2}"
                        # (stop 65) a Namibian or South African deeds office's transfer and bond numbers, a Swiss
                        # company's old register number ("T 4127/2023", "B 3302/2023", "CH-020.4.061.537-2")
                        r"|[TBK][^\S\n]?\d{3,6}/(?:19|20)\d\d|CH-\d{3}\.\d\.\d{3}\.\d{3}-\d"
                        # (stop 65) a Malaysian identity card's number ("NRIC 850611-08-6123" of a tenancy's signature
                        # block)
                        r"|\d{6}-\d{2}-\d{4}"
                        # (stop 67) a New Zealand bank account, bank, branch, account and suffix ("bank a/c for payments
                        # 12-3017-0458213-00" of an accident compensation claim)
                        r"|\d{2}-\d{4}-\d{7}-\d{2,3}"
                        # (stop 65, round 86) a Trinidad and Tobago deed's registration number ("No. DE2023 04417
                        # D001" of a deed of conveyance)
                        r"|DE(?:19|20)\d\d[^\S\n]\d{5}[^\S\n]D\d{3}"
                        # (stop 66) a Peruvian court file's number ("EXPEDIENTE    : 01274-2023-0-3002-JP-FC-02" of a
                        # maintenance judgment)
                        r"|\d{5}-(?:19|20)\d\d-\d{1,2}-\d{4}-[A-Z]{2}-[A-Z]{2}-\d{2}"
                        # (stop 66) a Malaysian company's old number in brackets, an Australian tribunal's matter
                        # number, a judgment's neutral citation, a Paraguayan criminal case ("Company No. 201501023456
                        # (1147823-K)", "(U2024/11873)", "[2024] FWC 2871", "Causa N.º: 1-1-2-1-2024-15872")
                        r"|(?<=\()\d{5,7}-[A-Z](?=\))|[A-Z](?:19|20)\d\d/\d{3,6}"
                        r"|\[(?:19|20)\d\d\][^\S\n][A-Z][A-Za-z]{1,7}(?:[^\S\n][A-Z][a-z]{2,4})?[^\S\n]\d{1,5}"
                        r"|\d-\d-\d-\d{1,2}-(?:19|20)\d\d-\d{3,6}"
                        # (round 91) Sri Lanka's old identity card number, a Brazilian civil register's matrícula in
                        # its printed groups ("NIC No. (old format)  : 782314673V", "084319 01 55 2021 1 00078 142
                        # 0035612 27" of a declaration of stable union)
                        r"|\d{9}[VX]|\d{6}[^\S\n]\d\d[^\S\n]\d\d[^\S\n](?:19|20)\d\d[^\S\n]\d[^\S\n]\d{5}[^\S\n]\d{3}"
                        r"[^\S\n]\d{7}[^\S\n]\d\d)"
                        r"(?![\w]|[.,/-]\d)")

#: A member's or a flat's number in parentheses right after a name ("A sócia D. Gertrudes Lemos (n.º 64)", "Yusuf
#: Demirtaş (no. 46)" of residents' minutes and an anti-social behaviour log; stop 57): one to five digits after the word
#: for "number" (six and more are :data:`_NUMBERED_CODE`'s).
#: (The pattern opens with its literal " (", which the engine searches for; the name before it is
#: :func:`_after_a_two_word_name`'s to check.)
_NUMBER_AFTER_NAME = re.compile(r" \((?:n\.?[^\S\n]?[º°]|nº|[Nn]o\.|Nr\.)[^\S\n]?(?P<id>\d{1,5})\)")


#: The groups of a register entry's pattern that hold the entry when the match holds more
#: (:attr:`app.languages.Language.register_entries`).
_ENTRY_GROUPS = ("entry", "entry2", "entry3", "entry4", "entry5", "entry6")


#: A register entry's number: a letter or two before it ("C-17"), thousands' groups ("45,902", "2.184"), a letter or
#: two after it ("58-A"), a year after a slash ("1.284 / 2023"), a verso ("142 v.º") or an ordinal sign ("2º"); case
#: as written; up to twelve digits (stop 66: "Acta N°: 1024583117" of a Peruvian marriage record broke its entry).
_REGISTER_NUMBER = (r"(?-i:(?:[A-Z]{1,2}[-/]?)?(?:\d{1,3}(?:[.,]\d{3})+|\d{1,12})(?:-[A-Z\d]{1,2}|[A-Z](?![\w]))?"
                    r"(?:[^\S\n]*/[^\S\n]*(?:19|20)\d\d)?(?:[^\S\n]?v\.?[º°]?|[^\S\n]verso|\.?[ºª°])?)(?![\w])")
#: The words for "number" before it ("n.º", "N°", "Nr.", "número").
_REGISTER_NUMBER_WORD = r"(?:n\.?[^\S\n]?[º°]\.?|n[º°]|no\.|nr\.|n[úu]mero|number|nummer)"


@lru_cache(maxsize=None)
def register_sequence(language: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]] | None:
    """The pattern of a register entry of two or more named numbers, any order, the pattern of the words
    of which one must stand in it (:attr:`app.languages.Language.register_words`) and the pattern of one pair, its
    number in group ``number``: "Tomo: 147        Folio: 283", "Libro 119, Folio 87, Partida 1734", "N° 2.184, folio
    412" (stop 65: in clear, each number under the four characters of an identifier after its keyword); ``None`` when
    the language names no such words. Each pair is a word, perhaps a word for "number" and a colon, then the number;
    pairs are joined by spaces, a comma, a dash, a middle dot or one line break (a form's fields one under the other),
    perhaps a conjunction or a preposition."""
    lang = languages.find(language)
    if lang is None or not lang.register_words:
        return None
    strong = "|".join(lang.register_words)
    word = "|".join((*lang.register_words, *lang.register_pages))
    named = rf"(?:\b(?:{word})\.?(?:[^\S\n]+{_REGISTER_NUMBER_WORD})?|(?<![\w.]){_REGISTER_NUMBER_WORD}):?[^\S\n]*"
    pair, number = named + _REGISTER_NUMBER, rf"{named}(?P<number>{_REGISTER_NUMBER})"
    # (and a conjunction or a preposition between two of them: "n.º 18.503, a fls. 112 do Livro B-41")
    # (and a line break between two fields of a form, each number its own entity: "Registro n.º:  48.217\nLivro:
    # 112\nFolha:  37" of a diploma's registration)
    join = (r"(?:[^\S\n]*[,;·–-][^\S\n]*|[^\S\n]+|[^\S\n]*\n[^\S\n]*)"
            r"(?:(?:y|e|und|and|a|à|às|de|del|do|da|no|na|im|of)[^\S\n]+)?")
    return (re.compile(rf"(?i:{pair}(?:{join}{pair})+)"), re.compile(rf"(?i:\b(?:{strong})\b)"),
            re.compile(rf"(?i:{number})"))


def _after_a_two_word_name(text: str, end: int) -> bool:
    """Whether two capitalised words end at ``end``, a letter last, as a name's are ("Gertrudes Lemos", "Herr Müller"),
    not "the plan (no. 5)", "Protocol (No. 11)" after a lower-case word, a German noun after its article ("die Seite
    (Nr. 3)")."""
    if end == 0 or not text[end - 1].isalpha():
        return False
    for word in range(2):
        start = end
        while start > 0 and (text[start - 1].isalpha() or text[start - 1] in "-'’."):
            start -= 1
        if start == end or not text[start].isupper():
            return False
        if word == 0 and (start == 0 or text[start - 1] != " "):
            return False
        end = start - 1
    return True


class IdNumberRecognizer(Recognizer):
    """Identifiers named by a keyword: ``MRN 00482913``, ``Patient ID: 4471923``, ``Versichertennummer
    A123456780``, ``Kundennr. 4711-0815``, ``número de historia clínica 123456``, ``NHC 123456``,
    ``prontuário nº 123.456``, ``número de utente 123456789`` (label ``ID_NUMBER``; keywords of
    :data:`ID_KEYWORDS`, and a log's keys of :data:`LOG_ID_KEYS` in every language: ``cust_id=CUS-883421``, and the names of
    other countries' identifiers, :data:`FOREIGN_ID_KEYS`: ``PESEL 85051012345``). The
    entity is the identifier, not the keyword; a bare year ("policy 2021") is not one. Every identifier of a list after
    the first, in its shape, is one too ("Rx numbers 6023381 and 6023382": :func:`more_of_the_same`), and so are the
    values beside it in the next columns of a form that gives two parties side by side (:func:`next_columns`); a BIC
    after its keyword, letters only too (:data:`_BIC_RE`), and a German letter's dictation mark
    (:data:`_DICTATION_MARK`) are identifiers as well (stop 58). Returns ``list[Entity]`` in text order, disjoint;
    linear in the text.

    Raises:
        ValueError: no keywords for ``language``.
    """

    name = "id_number"

    def __init__(self, language: str = "en") -> None:
        if language not in ID_KEYWORDS:
            raise ValueError(f"no identifier keywords for language {language!r}")
        keywords = "|".join((*ID_KEYWORDS[language], LOG_ID_KEYS, SNAKE_ID_KEYS, FOREIGN_ID_KEYS))
        # (stop 67: its alternation of ~300 keywords grouped by first letters, 2–2.5× faster: :func:`letter_led`)
        self.pattern = letter_led(re.compile(rf"(?<![\w-])(?:{keywords})(?![\w-]){_ID_NUMBER_WORD}{_ID_VALUE}",
                                             re.IGNORECASE))
        # (stop 53) a land or civil register's entry, whole ("tomo 212, folio 37" of an adoption file, "Grundbuch von
        # Freiburg, Blatt 18832" of a power of attorney: in clear, each number under the four characters below)
        entries = languages.get(language).register_entries
        self.register_entry = re.compile("|".join(f"(?:{e})" for e in entries)) if entries else None
        # (stop 65) an entry of any two named numbers, each number an identifier (:func:`register_sequence`)
        self.register_sequence = register_sequence(language)
        # (stop 66) a table's column headed by a keyword (:func:`column_values`)
        self.column_keyword = letter_led(re.compile(rf"(?:{keywords})(?![\w-])", re.IGNORECASE))

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out: list[Entity] = []
        pos = 0
        while (m := self.pattern.search(text, pos)) is not None:
            start, end = m.span("id")
            pos = m.end()
            while end > start and text[end - 1] in "./-":
                end -= 1
            # the issuer, check digits or slashed tail after the value (each belongs to it)
            suffix = _ISSUER.match(text, end) or _CHECK_DIGITS.match(text, end) or _SLASHED_TAIL.match(text, end)
            if suffix is not None:
                end = suffix.end()
            value = text[start:end]
            if (end - start < 4 and not _short_after_number_word(value, text[m.start():start])
                    or not any(c.isdigit() for c in value)
                    # (stop 62: a year's shape after the word for "number" is a number, "Assento n.º 1873" of a
                    # marriage certificate)
                    or _YEAR_RE.fullmatch(value) and _NUMBER_WORD_BEFORE.search(text[m.start():start]) is None):
                # no identifier: a keyword inside the rejected value may name the next one ("Licence: CA DL D4471902"
                # took "CA DL" as a value without a digit and, with it, the keyword "DL"; stop 59); the search goes on
                # from the value's start, so every match starts later than the one before (linear as before)
                pos = max(start, m.start() + 1)
                continue
            if not out or start >= out[-1].end:
                out.append(Entity(start, end, ID_NUMBER, value, self.name))
                out.extend(more_of_the_same(text, end, value, self.name) or next_columns(text, end, self.name))
        extras = [Entity(*m.span("id"), ID_NUMBER, m.group("id"), self.name) for m in _NUMBERED_CODE.finditer(text)]
        if "BIC" in text or "SWIFT" in text:  # (each scanned only where its literal stands: the same matches)
            extras += [Entity(*m.span("id"), ID_NUMBER, m.group("id"), self.name) for m in _BIC_RE.finditer(text)]
        if "eichen" in text:
            extras += [Entity(*m.span("id"), ID_NUMBER, m.group("id"), self.name)
                       for m in _DICTATION_MARK.finditer(text)]
        if "#" in text:
            extras += [Entity(*m.span("id"), ID_NUMBER, m.group("id"), self.name) for m in _HASH_NUMBER.finditer(text)
                       if not _YEAR_RE.fullmatch(m.group("id"))]
        if "@" in text:  # (from each bank's handle back to the address's start: linear)
            extras += [Entity(*m.span(), ID_NUMBER, m.group(), self.name)
                       for h in _UPI_HANDLE.finditer(text)
                       if (m := _UPI_ADDRESS.match(text, _address_start(text, h.start()), h.end())) is not None]
        extras += [Entity(m.start(), m.end(), ID_NUMBER, m.group(), self.name) for m in _BARE_CODE.finditer(text)]
        if "  " in text or "|" in text:
            extras += [Entity(s, e, ID_NUMBER, text[s:e], self.name)
                       for s, e in column_values(text, self.column_keyword)]
        for m in _SORT_CODE_ACCOUNT.finditer(text):
            extras += [Entity(*m.span(g), ID_NUMBER, m.group(g), self.name) for g in ("sort", "account")]
        extras += [Entity(*m.span("id"), ID_NUMBER, m.group("id"), self.name) for m in _NUMBER_AFTER_NAME.finditer(text)
                   if _after_a_two_word_name(text, m.start())]
        disjoint: list[Entity] = []
        for e in sorted(extras, key=lambda e: (e.start, -e.end)):  # the longest of those that start together
            if not disjoint or e.start >= disjoint[-1].end:
                disjoint.append(e)
        out = with_extras(_without_parts_of(out, disjoint), disjoint)
        found = self._register_entries(text)
        if found:
            # (by bisection over the entries, sorted and disjoint: one entry per number made a scan of them all for
            # every keyword's match quadratic; stop 65)
            starts = [f.start for f in found]
            kept = [e for e in out if (j := bisect_left(starts, e.end) - 1) < 0 or found[j].end <= e.start]
            out = sorted(kept + found, key=lambda e: e.start)
        if "(" in text:
            out = [_with_bracketed_check(text, e) for e in out]
        return out

    def _register_entries(self, text: str) -> list[Entity]:
        """The entries of a land or civil register in ``text``: the language's own entries whole
        (:attr:`app.languages.Language.register_entries`, their group ``entry`` where they have one) and every number
        of an entry of two or more named numbers (:func:`register_sequence`; stop 65: the words between them kept,
        "Libro No.: [ID] Folio No.: [ID]", as a sentence boundary after "No." would cut a whole entry into pieces).
        Two overlapping entries are one, from the first's start to the last's end ("Book 2214, Page 87 and Volume 1187
        Folio 344" holds the language's own "Volume 1187 Folio 344"). ``list[Entity]`` sorted and disjoint; linear."""
        found = []
        if self.register_entry is not None:
            for m in self.register_entry.finditer(text):
                group = next((g for g in _ENTRY_GROUPS if g in m.re.groupindex and m.group(g) is not None), 0)
                found.append(Entity(*m.span(group), ID_NUMBER, m.group(group), self.name))
        sequence = self.register_sequence
        if sequence is None:
            return found
        pattern, named, pair = sequence
        found += [Entity(*p.span("number"), ID_NUMBER, p.group("number"), self.name)
                  for m in pattern.finditer(text) if named.search(m.group())
                  for p in pair.finditer(text, m.start(), m.end())]
        merged: list[Entity] = []
        for e in sorted(found, key=lambda e: (e.start, -e.end)):
            if merged and e.start < merged[-1].end:
                if e.end > merged[-1].end:
                    a = merged[-1].start
                    merged[-1] = Entity(a, e.end, ID_NUMBER, text[a:e.end], self.name)
                continue
            merged.append(e)
        return merged


#: A table's cell: words one space apart, cells two spaces, a tab or a bar apart.
_CELL = re.compile(r"[^\s|](?:[^\s|]|[^\S\n\t](?=[^\s|]))*")
#: A cell's value under an identifier's header: up to four groups of letters, digits and ``./-``, a digit in each (a
#: payslip's "0001 Salário Base" under "Cód." is a wage type's code and its name).
_COLUMN_VALUE = re.compile(r"[\w./-]*\d[\w./-]*(?: [\w./-]*\d[\w./-]*){0,3}")
#: The most cells of a header line (a table of forms has a dozen columns at most).
_MAX_CELLS = 40


def column_values(text: str, keyword: re.Pattern[str]) -> list[tuple[int, int]]:
    """The cells of a table's columns whose header names an identifier (stop 66: "N°  TRIBUNAL  RIT  RUC  FECHA" of a
    Chilean criminal record, "Cód. | NIF entidade | Tit. | Rendimentos" of a Portuguese tax return's annex: the
    case numbers and the payers' tax numbers under them stayed in clear, as no keyword stood before them).

    A header is a line without digits of three to :data:`_MAX_CELLS` cells (:data:`_CELL`: two spaces, a tab or a bar
    apart; a row's cells after the first :data:`_MAX_CELLS` are not read, so each row costs at most their square:
    linear in the text with a crafted line of thousands of cells); a column's header cell starts with a match of
    ``keyword`` (the language's identifier keywords) and has at most two words after it. Each following line up to a
    blank one (at most 40; header lines without digits skipped) gives the cell that overlaps the header cell's columns
    most, when it has a digit, at least four characters and the shape of :data:`_COLUMN_VALUE`.

    Args:
        text: the document.
        keyword: the keywords' pattern (case-insensitive), matched at a cell's start.

    Returns:
        ``list[tuple[int, int]]``: character offsets (half-open) of the values, in document order.
    """
    out: list[tuple[int, int]] = []
    lines = text.split("\n")
    starts = list(accumulate((len(line) + 1 for line in lines[:-1]), initial=0))
    for i, line in enumerate(lines):
        if not ("  " in line or "|" in line or "\t" in line) or any(c.isdigit() for c in line):
            continue
        cells = [m.span() for m in _CELL.finditer(line)]
        if not 3 <= len(cells) <= _MAX_CELLS:
            continue
        columns = []
        for s, e in cells:
            m = keyword.match(line, s, e)
            if m is not None and len(line[m.end():e].split()) <= 2:
                columns.append((s, e))
        if not columns:
            continue
        for j in range(i + 1, min(i + 41, len(lines))):
            row = lines[j]
            if not row.strip():
                break
            if not any(c.isdigit() for c in row):
                continue
            row_cells = [m.span() for m in _CELL.finditer(row)][:_MAX_CELLS]
            for hs, he in columns:
                best = max(row_cells, key=lambda c: min(c[1], he) - max(c[0], hs), default=None)
                if best is None or min(best[1], he) - max(best[0], hs) <= 0 or best[1] - best[0] < 4:
                    continue
                if _COLUMN_VALUE.fullmatch(row, *best):
                    out.append((starts[j] + best[0], starts[j] + best[1]))
    return sorted(set(out))


def _without_parts_of(found: list[Entity], longer: list[Entity]) -> list[Entity]:
    """``found`` without the entities that lie inside a longer one of ``longer`` (sorted by start and disjoint): a
    shape's whole match takes the place of the keyword's shorter value ("National ID No. 63-2281947 R 42": the keyword
    read "63-2281947"; stop 62). O((n + m) log m)."""
    if not longer or not found:
        return found
    starts = [x.start for x in longer]
    out = []
    for e in found:
        i = bisect_right(starts, e.start) - 1
        if i >= 0 and longer[i].start <= e.start and e.end <= longer[i].end and longer[i].length > e.length:
            continue
        out.append(e)
    return out


#: A check character in brackets right after an identifier ("identity card number 248867(M)" of a Maltese lease, "BIR
#: Permanente n.º 5187326(4)" of a Macau lease, "Reg. No. 2417R(S)" of a Scottish housing society; stop 61: the check
#: stayed in clear): one digit or capital, nothing glued after the bracket.
_BRACKETED_CHECK = re.compile(r"\([0-9A-Z]\)(?![\w(])")


def _with_bracketed_check(text: str, entity: Entity) -> Entity:
    """``entity`` with the check character in brackets glued after it (:data:`_BRACKETED_CHECK`), else itself."""
    if not text[entity.end - 1:entity.end].isalnum() or (m := _BRACKETED_CHECK.match(text, entity.end)) is None:
        return entity
    return Entity(entity.start, m.end(), entity.label, text[entity.start:m.end()], entity.source, entity.score)


#: The next column of a form that gives two parties side by side ("Kennzeichen:        LB-TW 484                 LB-NA
#: 2207" of an accident report: vehicle A, then vehicle B; stop 58): after the value (and its aside in parentheses,
#: "B072XK4R931 (seit 2002)"), a gap of three spaces or a tab, then a value in capitals and digits (a digit among them,
#: no lower-case letter, up to four parts), ending where the line or the next gap or aside does.
_NEXT_COLUMN = re.compile(r"(?:[^\S\n]+\([^()\n]{1,30}\))?(?:[^\S\n]*\t|[^\S\n]{3,})[^\S\n]*"
                          r"(?P<id>(?=[A-Z0-9ÄÖÜ./ -]{0,24}\d)[A-Z0-9ÄÖÜ][A-Z0-9ÄÖÜ./-]*"
                          r"(?: [A-Z0-9ÄÖÜ][A-Z0-9ÄÖÜ./-]*){0,3})"
                          r"(?=[^\S\n]*$|[^\S\n]{2}|[^\S\n]+\()", re.MULTILINE)
_DATE_SHAPED = re.compile(r"\d{1,2}[./]\d{1,2}[./](?:\d{2}|\d{4})|(?:1[89]|20)\d\d")


def next_columns(text: str, end: int, source: str = "id_number") -> list[Entity]:
    """The values beside an identifier that ends at ``end`` in the next columns of its line (:data:`_NEXT_COLUMN`, at
    most three): ``list[Entity]`` of label ``ID_NUMBER``, in text order; none shorter than four characters, no date
    nor bare year (a date's own recognizer labels those), none after a field's name (:data:`FIELD_LABELS`)."""
    out: list[Entity] = []
    while len(out) < 3:
        m = _NEXT_COLUMN.match(text, end)
        if (m is None or len(m.group("id")) < 4 or _DATE_SHAPED.fullmatch(m.group("id"))
                or m.group("id").split(" ", 1)[0].casefold() in _FOLDED_FIELD_LABELS):
            break  # (the next field's name: "PP ISL A3318842   DOB 17AUG16")
        out.append(Entity(*m.span("id"), ID_NUMBER, m.group("id"), source))
        end = m.end()
    return out


def more_of_the_same(text: str, end: int, value: str, source: str) -> list[Entity]:
    """The identifiers listed after one that ends at ``end``, each of ``value``'s shape (:func:`_same_shape`) after
    :data:`_LIST_NEXT`: ``list[Entity]`` of label ``ID_NUMBER``, in text order (at most 50: a list, not a table)."""
    if not any(c.isdigit() for c in value):
        return []
    shape, out = None, []
    while len(out) < 50:
        sep = _LIST_NEXT.match(text, end)
        if sep is None:
            break
        shape = shape or _same_shape(value)
        m = shape.match(text, sep.end())
        if m is None or _YEAR_RE.fullmatch(m.group()):
            break
        out.append(Entity(m.start(), m.end(), ID_NUMBER, m.group(), source))
        end = m.end()
    return out


def _address_start(text: str, at: int) -> int:
    """Where a UPI payment address that ends its name at ``at`` (its "@") starts: back over at most 41 characters of
    letters, digits and ``._-`` (:data:`_UPI_ADDRESS`); ``at`` itself where none stands before it."""
    start = at
    while start > max(0, at - 41) and (text[start - 1].isascii() and text[start - 1].isalnum()
                                       or text[start - 1] in "._-"):
        start -= 1
    return start
