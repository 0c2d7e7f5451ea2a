"""Identifiers written for machines: a travel document's machine-readable zone, cryptocurrency addresses, vehicle
identification numbers without their keyword, and geographic coordinates.

Each is personal data wherever a document quotes it (stop 48: a pasted passport scan left the MRZ's document number
and date of birth in clear, the model tagging its runs of "<" as organizations; a wallet's address in a fraud report, a
van's VIN in a police note and the coordinates of a person's home stayed in clear):

* :class:`MrzRecognizer` — the lines of a machine-readable zone (ICAO Doc 9303, Part 3 §4: two lines of 44 characters
  on passports, two of 36 or three of 30 on identity cards, of ``A–Z``, ``0–9`` and the filler ``<``; a copy that
  lost or doubled fillers is read too, 25 to 48 characters): each whole line is one ``ID_NUMBER`` (the first holds the names, the second the number, nationality, birth date and sex).
* :class:`CryptoWalletRecognizer` — Bitcoin addresses validated by python-stdnum (``stdnum.bitcoin``: Base58Check
  and Bech32 checksums) and Ethereum addresses ("0x" and 40 hexadecimal digits, the form of EIP-55): ``ID_NUMBER``.
* :class:`VinRecognizer` — 17 characters of ISO 3779 (digits and capitals without I, O and Q), three digits and four
  letters at least, alone (after a keyword the identifier recognizer finds them): ``ID_NUMBER``.
* :class:`RecordCodeRecognizer` — UUIDs, Brazilian bank slips' typeable lines and references in capitals and digits
  ("TS-2024-0557312") (stop 51): ``ID_NUMBER``.
* :class:`CoordinatesRecognizer` — a latitude and a longitude in decimal degrees ("51.50740, -0.12780"; five decimals
  at least, or four after a word that names them: "GPS", "coordinates", "Koordinaten", "coordenadas"), or in degrees,
  minutes and seconds ("51°30'26.6\"N 0°07'39.6\"W"): ``LOCATION`` (a point is an address).

Each recognizer is linear in the text: one scan per pattern, a bounded test per match.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from stdnum import bitcoin

from app.detection.base import Recognizer
from app.detection.fast_regex import gate_of
from app.detection.labels import ID_NUMBER, LOCATION
from app.detection.patterns import with_extras
from app.doc import Entity, Sentence

#: A line of a machine-readable zone: 30, 36 or 44 characters of A–Z, 0–9 and "<" (25 to 48: a copy that lost or
#: doubled a filler is one still), two fillers in a row among them.
_MRZ_LINE = re.compile(r"(?m)^[^\S\n]*((?=[A-Z0-9<]*<<)[A-Z0-9<]{25,48})[^\S\n]*$")


class MrzRecognizer(Recognizer):
    """The lines of a travel document's machine-readable zone (ICAO Doc 9303): ``list[Entity]`` of label ``ID_NUMBER``,
    one per line (character offsets, half-open, without the line's surrounding spaces), in text order."""

    name = "mrz"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        if "<<" not in text:
            return []
        return [Entity(m.start(1), m.end(1), ID_NUMBER, m.group(1), self.name) for m in _MRZ_LINE.finditer(text)]


#: Candidates of a Bitcoin address (Base58: "1…", "3…", 26–35 characters; Bech32: "bc1…", lower case) and of an
#: Ethereum address ("0x" and 40 hexadecimal digits).
_BITCOIN = re.compile(r"(?<![\w])(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{11,71})(?![\w])")
#: A SegWit address's shape (BIP 173/350: "bc1q" and 38 characters, or "bc1q"/"bc1p" and 58): an address with a
#: mistyped character is still one person's (stop 53: a KYC note's deposit wallet, one character off, stayed in clear).
_SEGWIT_SHAPE = re.compile(r"bc1(?:q[02-9ac-hj-np-z]{38}|[qp][02-9ac-hj-np-z]{58})")
_ETHEREUM = re.compile(r"(?<![\w])0x[0-9a-fA-F]{40}(?![\w])")


class CryptoWalletRecognizer(Recognizer):
    """Cryptocurrency addresses: Bitcoin's when their checksum holds (``stdnum.bitcoin.is_valid``), Ethereum's by
    their form. ``list[Entity]`` of label ``ID_NUMBER``, in text order."""

    name = "crypto_wallet"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out = [Entity(m.start(), m.end(), ID_NUMBER, m.group(), self.name) for m in _BITCOIN.finditer(text)
               if bitcoin.is_valid(m.group()) or _SEGWIT_SHAPE.fullmatch(m.group())]
        if "0x" in text:
            out += [Entity(m.start(), m.end(), ID_NUMBER, m.group(), self.name) for m in _ETHEREUM.finditer(text)]
            out.sort(key=lambda e: e.start)
        return out


#: 17 characters of a VIN (ISO 3779: no I, O, Q), three digits and four letters at least among them (a Brazilian
#: court's "20150110436469APC", fourteen digits and a class's three letters, is a case number of LeNER-Br).
_VIN = re.compile(r"(?<![\w-])(?=(?:[A-HJ-NPR-Z]*\d){3})(?=(?:\d*[A-HJ-NPR-Z]){4})[A-HJ-NPR-Z0-9]{17}(?![\w-])")


class VinRecognizer(Recognizer):
    """Vehicle identification numbers written without their keyword ("The van WVWZZZAUZJP012345 was found"):
    ``list[Entity]`` of label ``ID_NUMBER``, in text order."""

    name = "vin"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        return [Entity(m.start(), m.end(), ID_NUMBER, m.group(), self.name) for m in _VIN.finditer(text)]


#: A UUID (RFC 9562, §4: 8-4-4-4-12 hexadecimal digits): a transaction's, a session's, a device's or a Brazilian PIX
#: "random key" ("chave aleatória: 9b1e4f02-33ac-47d8-8c10-5a7e6f21d3b9" of a bank statement, stop 51).
_UUID = re.compile(r"(?<![\w-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![\w-])")
#: A Brazilian bank slip's typeable line (boleto, "linha digitável", FEBRABAN: "34191.79001 01043.510047 91020.150008 1
#: 97420000098540"; stop 51: in clear on a statement and in an e-mail), five fields, spaces or a line break between.
#: (a quoted e-mail's "> " between the fields of a line wrapped in the quote: stop 51)
_BOLETO = re.compile(r"(?<![\w.])\d{5}\.\d{5}[\s>]+\d{5}\.\d{6}[\s>]+\d{5}\.\d{6}[\s>]+\d[\s>]+\d{14}(?![\w]|\.\d)")


#: A file's, a ticket's or a report's reference in capitals and digits, whatever word names it ("Abuse Report
#: #TS-2024-0557312", "Request RC-3309182", "Contrato … nº EDU-2023-55817", "Sturzprotokoll SP-2024-031", "GZ
#: PV-W-22-118734"; stop 51): two to five capitals (a second code of up to three after a hyphen), a hyphen, then a run
#: of five digits or more, a year and another group, or two groups of digits; more groups after "-" or "/" and a
#: closing code of one or two capitals. Standards and models ("ISO-9001", "COVID-19", "RTX-4090") have shorter numbers.
_REFERENCE = re.compile(r"(?<![\w/.-])(?:[A-Z]{2,5}(?:-[A-Z]{1,3})?-(?:\d{5,}|(?:19|20)\d\d[-/]\d{2,8}|\d{2,4}-\d{4,8})"
                        # (one capital before a year and a number: a health authority's "V-2025-031187"; a hospital's
                        # episode and a nurse's registration, capitals between numbers: "24-INT-073915", "5-E-38271";
                        # stop 52)
                        r"|[A-Z]-(?:19|20)\d\d-\d{4,8}|\d{1,4}-[A-Z]{1,5}-\d{5,8})"
                        r"(?:[-/]\d{1,8})*(?:-[A-Z]{1,2})?(?![\w/-]|\.\d)")
#: A reference of a year, a code in capitals and a number between slashes, either way round ("2024/VLC/00913" of a
#: community's claim, "2023/VAL/118437", "INV/2024/0388"; stop 52: the code stayed in clear between two masked
#: numbers); and a year, a slash, a code and a number after a hyphen ("nº 2023/IDO-5581" of an adoption file; stop 53).
_SLASHED_REFERENCE = re.compile(r"(?<![\w/.-])(?:(?:19|20)\d\d/[A-Z]{2,5}[/-]\d{3,8}|[A-Z]{2,5}/(?:19|20)\d\d/\d{3,8}"
                                # (two codes and a number: a holiday flat's tourism register "VFT/MA/18236"; stop 53)
                                r"|(?!(?:ISO|IEC|DIN|EN|IEEE)/)[A-Z]{2,5}/[A-Z]{2,5}/\d{4,8}"
                                # (a code, a province and a year: a deposit's "FZ/41/2021/118734" of an eviction claim)
                                r"|[A-Z]{2,5}/\d{1,3}/(?:19|20)\d\d/\d{3,8}"
                                # (stop 70) codes joined by slashes, one perhaps with a number in brackets, then a
                                # number after a slash or a space: a survey plan's and its beacons' ("LS/D/LA 4518",
                                # "SC/LA 6721A" of a Lagos certificate of occupancy), a housing society's registration
                                # ("PNA/PNA(5)/HSG/TC/4412/1989"); not a year after a space ("HIV/AIDS 2020")
                                r"|(?!(?:ISO|IEC|DIN|EN|IEEE)/)[A-Z]{1,5}(?:\(\d{1,2}\))?"
                                r"(?:/[A-Z]{1,5}(?:\(\d{1,2}\))?){1,5}"
                                # (or two numbers: "Boletim hospitalar: HGM/MAT/2024/05173" of a birth registration)
                                r"(?:(?:/\d{3,8}){1,2}|[^\S\n](?!(?:19|20)\d\d(?![\dA-Z]))\d{3,8}[A-Z]?))"
                                r"(?![\w/-]|\.\d)")
#: A code of three to six groups of four to eight capitals and digits joined by hyphens, two groups at least mixing
#: letters and digits: an NHS electronic prescription's identifier ("4A7C2D-Z8E1F9-63KQ" of a pharmacy's dispensing
#: record; stop 53: the model tagged it from its second character on), a licence key, a voucher. Words and numbers
#: ("ABCD-1234-EFGH", "2024-0001-0002") mix nothing in a group. (stop 70: two groups too, both mixed: an order's
#: "7KQ2-MX9A" of a Brazilian reimbursement request, round 107's "QX7R-MB2K" of a translator's invoice)
_GROUPED_CODE = re.compile(r"(?<![\w/.-])[A-Z0-9]{4,8}(?:-[A-Z0-9]{4,8}){1,5}(?![\w/-]|\.\w)")
_MIXED_GROUP = re.compile(r"(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d)[A-Z0-9]+")


def _mixes(code: str) -> bool:
    """Whether two groups of ``code`` at least hold both a capital and a digit."""
    return sum(1 for group in code.split("-") if _MIXED_GROUP.fullmatch(group)) >= 2


#: A postal item's tracking number of the UPU's S10 standard: two capitals, eight digits and a check digit, the
#: country's code ("RT 4471 0928 3DE" of a registered letter, "RR123456789DE"; stop 53: in clear), in groups or not;
#: and a courier's three capitals, ten to twelve digits and the country ("SWL4482019375GB" of an exceptions report).
_S10 = re.compile(r"(?<![\w])(?:[A-Z]{2}(?: ?\d{4} ?\d{4} ?\d|\d{9})|[A-Z]{3}\d{10,12})[A-Z]{2}(?![\w])")
#: A Portuguese invoice's document number, its type, series and number (Portaria n.º 363/2010: "FT 2024/0091", "FR
#: A/338", "FS 12/4471" of an insurance claim's list of a patient's invoices; stop 53: in clear).
_PT_INVOICE = re.compile(r"(?<![\w/])(?:FT|FR|FS|NC|ND|RC|RG)[ ][A-Z0-9]{1,12}/\d{1,8}(?![\w/])")
#: A Steam account's identifier ("STEAM_0:1:52841937" of a gaming community's export; stop 52).
_STEAM_ID = re.compile(r"(?<![\w])STEAM_[0-5]:[01]:\d{1,10}(?![\w])")
#: A Brazilian electronic invoice's access key (NF-e "chave de acesso": 44 digits, printed in eleven groups of four on
#: the DANFE; stop 52: in clear), which names the buyer's invoice.
_NFE_KEY = re.compile(r"(?<![\w.])\d{4}(?: \d{4}){10}(?![\w]|\.\d)")


class RecordCodeRecognizer(Recognizer):
    """Codes that name one record of a person's: UUIDs (:data:`_UUID`), Brazilian bank slips' typeable lines
    (:data:`_BOLETO`) and invoices' access keys (:data:`_NFE_KEY`), references in capitals and digits
    (:data:`_REFERENCE`, :data:`_SLASHED_REFERENCE`), groups of capitals and digits (:data:`_GROUPED_CODE`), whatever
    word names them.
    ``list[Entity]`` of label ``ID_NUMBER``, in text order, disjoint (one scan per pattern, each tried only where its
    separators occur)."""

    name = "record_code"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        def found(pattern: re.Pattern[str]) -> list[Entity]:
            return [Entity(m.start(), m.end(), ID_NUMBER, m.group(), self.name) for m in gate_of(pattern).finditer(text)]

        out = found(_BOLETO) if "." in text else []
        if "-" in text:
            out = with_extras(with_extras(out, found(_UUID)), found(_REFERENCE))
            out = with_extras(out, [e for e in found(_GROUPED_CODE) if _mixes(e.text)])
        if "/" in text:
            out = with_extras(out, found(_SLASHED_REFERENCE))
        out = with_extras(out, found(_NFE_KEY))
        out = with_extras(out, found(_S10))
        if "/" in text:
            out = with_extras(out, found(_PT_INVOICE))
        if "STEAM_" in text:
            out = with_extras(out, found(_STEAM_ID))
        return sorted(out, key=lambda e: e.start)


#: A latitude and a longitude in decimal degrees, comma-separated (4 decimals at least: the groups are checked below).
_DECIMAL_DEGREES = re.compile(r"(?<![\w.,-])(?P<lat>[-+]?\d{1,2}\.(?P<lat_d>\d{4,}))[^\S\n]*,[^\S\n]*"
                              r"(?P<lon>[-+]?\d{1,3}\.(?P<lon_d>\d{4,}))(?![\w]|[.,]\d)")
#: Degrees, minutes and seconds of both ("51°30'26.6\"N 0°07'39.6\"W").
_DMS = re.compile(r"(?<![\w.])\d{1,2}°[^\S\n]?\d{1,2}['′][^\S\n]?\d{1,2}(?:\.\d+)?(?:\"|″|'')[^\S\n]?[NS],?[^\S\n]*"
                  r"\d{1,3}°[^\S\n]?\d{1,2}['′][^\S\n]?\d{1,2}(?:\.\d+)?(?:\"|″|'')[^\S\n]?[EWOL](?![\w])")
#: Words that name coordinates, before or after them (within :data:`CUE_WINDOW` characters).
_CUES = re.compile(r"(?i)\b(?:gps|coordinates|coords|lat(?:itude)?|long(?:itude)?|koordinaten|standort|coordenadas|"
                   r"ubicaci[oó]n|localiza[cç][aã]o|location|position)\b")
CUE_WINDOW = 40
#: One coordinate as a key and its value, as logs, JSON and query strings carry them ("lat=55.953251 lon=-3.188267",
#: '"lng": -3.1883', "latitude: 40.4168"; stop 54: a crash log's home position stayed in clear): the value only, three
#: decimals at least (about 100 m).
_KEYED_COORDINATE = re.compile(r"(?i)(?<![^\W_])(?:lat(?:itude)?|lon(?:g(?:itude)?)?|lng)(?![^\W_])[\"']?"
                               r"[^\S\n]{0,3}[:=][^\S\n]{0,3}[\"']?(?P<value>[-+]?\d{1,3}\.\d{3,})(?![\w.])")


class CoordinatesRecognizer(Recognizer):
    """Geographic coordinates: ``list[Entity]`` of label ``LOCATION``, in text order. Decimal degrees need a latitude
    within ±90 and a longitude within ±180, and five decimals each, or four beside a word of :data:`_CUES` (exchange
    rates of news text, "1.4625, 1.4630", have four and no such word); a single coordinate after its key
    (:data:`_KEYED_COORDINATE`: "lat=55.953251") within the same bounds."""

    name = "coordinates"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out: list[Entity] = []
        if "." in text and "," in text:
            for m in _DECIMAL_DEGREES.finditer(text):
                if abs(float(m.group("lat"))) > 90 or abs(float(m.group("lon"))) > 180:
                    continue
                if min(len(m.group("lat_d")), len(m.group("lon_d"))) < 5 and not _CUES.search(
                        text, max(0, m.start() - CUE_WINDOW), min(len(text), m.end() + CUE_WINDOW)):
                    continue
                out.append(Entity(m.start(), m.end(), LOCATION, m.group(), self.name))
        if "°" in text:
            out += [Entity(m.start(), m.end(), LOCATION, m.group(), self.name) for m in _DMS.finditer(text)]
        if "=" in text or ":" in text:
            taken = sorted((e.start, e.end) for e in out)  # disjoint: a value inside one is found by bisection
            for m in _KEYED_COORDINATE.finditer(text):
                start, end = m.span("value")
                limit = 90 if m.group().lower().startswith("lat") else 180
                k = bisect_right(taken, (start, len(text))) - 1
                if abs(float(m.group("value"))) <= limit and not (k >= 0 and taken[k][1] > start):
                    out.append(Entity(start, end, LOCATION, m.group("value"), self.name))
        out.sort(key=lambda e: e.start)
        return out
