"""Fields of structured data pasted into a document: JSON's ``"key": "value"``, XML's ``<key>value</key>`` and the
lines of YAML and configuration files whose keys programs wrote (``first_name: Ana``, ``patient.mrn = 00482913``).

Exports of a CRM, a patient system or an API's response arrive as JSON or XML inside the text a producer sends (stop
48: ``{"firstName": "Oluwadamilare", "lastName": "Ekwueme", … "line1": "221 Kingsway"}`` left the names and the street
in clear, and ``<mrn>00482913</mrn>`` the record number: a model trained on running text reads neither as a sentence).
The key says what its value holds, as a table's header does (:mod:`app.detection.tables`, whose header lexicons of the
four languages this recognizer reads, plus the keys programs write: ``firstName``, ``last_name``, ``line1``,
``nhsNumber``): a key is split at its camel case, underscores, hyphens and dots and looked up in lower case; a value of a
sensitive label is an entity of that label when it looks like one (a digit in a date, a phone number, a postal code or
an identifier; an "@" in an e-mail address; a letter otherwise: :func:`app.detection.tables.value_looks_like`).

Cost: linear in the text (one scan per pattern, each value at most :data:`MAX_VALUE_CHARS` characters).
"""

from __future__ import annotations

import re

from app.detection.base import Recognizer
from app.detection.labels import DATE, ID_NUMBER, LOCATION, PERSON
from app.detection.tables import COUNTER, headers, value_looks_like
from app.doc import Entity, Sentence

#: The longest value taken as an entity, in characters.
MAX_VALUE_CHARS = 200

#: Keys as programs write them that no table header of :mod:`app.languages` lists (after :func:`normalized_key`).
PROGRAM_KEYS: dict[str, str] = {
    **dict.fromkeys(("firstname", "lastname", "givenname", "familyname", "middlename", "middle name", "fullname",
                     "surname", "display name", "displayname", "patient", "contact", "author", "owner", "holder",
                     "account holder", "cardholder", "recipient", "sender", "spouse", "emergency contact"), PERSON),
    **dict.fromkeys(("line 1", "line 2", "line1", "line2", "address 1", "address 2", "address1", "address2",
                     "address line 2", "addressline1", "addressline2", "street 1", "street 2", "street1", "street2",
                     "street name", "house number", "residence", "home", "billing address", "shipping address"),
                    LOCATION),
    **dict.fromkeys(("date of birth", "birth", "birthday", "dateofbirth"), DATE),
    **dict.fromkeys(("nhs", "national id", "tax id", "taxid", "vat id", "insurance number", "policy number",
                     "policy", "card number", "account id", "user id", "userid", "patient number", "case number",
                     "license number", "licence number", "plate", "vin", "imei", "serial", "serial number", "sin",
                     # (stop 53) a Spanish API's "dni_nie" (a foreigner's NIE whose check letter fails)
                     "dni nie", "nif nie", "nie", "dni", "nif",
                     "ppsn", "nino", "uci", "nuss", "naf", "cip", "nis", "nip"), ID_NUMBER),
}

#: A JSON member with a string or a number value.
_JSON_MEMBER = re.compile(r'"(?P<key>[A-Za-z_][\w .-]{0,40})"[^\S\n]*:[^\S\n]*'
                          r'(?:"(?P<value>(?:[^"\\\n]|\\.){1,%d})"|(?P<number>[-+]?\d[\d.\-/ ]{0,30}\d))' % MAX_VALUE_CHARS)
#: An XML element of text only (no child element), on one line.
_XML_ELEMENT = re.compile(r"<(?P<key>[A-Za-z_][\w.-]{0,40})(?:[^\S\n][^<>\n]{0,200})?>(?P<value>[^<>\n]{1,%d})"
                          r"</(?P=key)>" % MAX_VALUE_CHARS)
#: A line of YAML or of an INI/.env file whose key is written as programs write keys (an underscore, a dot or camel
#: case inside: "first_name: Ana", "patient.mrn = 00482913", "dateOfBirth: 1988-02-29"; a form's "Name: Ana" is the
#: name-field rule's), the value to the line's end, quotes and a comment off.
_KEY_LINE = re.compile(r"(?m)^[^\S\n]*(?:-[^\S\n]+)?(?P<key>[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+)"
                       r"[^\S\n]*[:=][^\S\n]*[\"']?(?P<value>[^\n#\"']{1,%d}?)[\"']?[^\S\n]*(?:#[^\n]*)?$" % MAX_VALUE_CHARS)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SEPARATORS = re.compile(r"[_.\- ]+")


def normalized_key(key: str) -> str:
    """``key`` as a table's header is looked up: camel case and separators split into spaces, lower case
    ("firstName" → "first name", "last_name" → "last name", "nhsNumber" → "nhs number"). Not cached: a document's
    key may be personal data (``{"John Smith": …}``), and no document text is kept between documents."""
    return _SEPARATORS.sub(" ", _CAMEL.sub(" ", key)).strip().casefold()


def key_label(key: str) -> str | None:
    """The label of the values of ``key`` (``None``: unknown or not sensitive)."""
    name = normalized_key(key)
    label = headers().get(name) or PROGRAM_KEYS.get(name) or PROGRAM_KEYS.get(name.replace(" ", ""))
    return None if label in (None, "O", COUNTER) else label


class StructuredFieldRecognizer(Recognizer):
    """The values of JSON members and XML elements whose key names personal data (module docstring):
    ``list[Entity]`` of the key's label, source ``structured``, in text order, offsets of the value without its
    quotes (half-open)."""

    name = "structured"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out: list[Entity] = []
        if '":' in text or '" :' in text:
            for m in _JSON_MEMBER.finditer(text):
                group = "value" if m.group("value") is not None else "number"
                self._add(out, text, m.group("key"), *m.span(group))
        if "</" in text:
            for m in _XML_ELEMENT.finditer(text):
                self._add(out, text, m.group("key"), *m.span("value"))
        if "_" in text or "." in text or any(c.isupper() for c in text):
            taken = {(e.start, e.end) for e in out}
            for m in _KEY_LINE.finditer(text):
                if m.span("value") not in taken:
                    self._add(out, text, m.group("key"), *m.span("value"))
        out.sort(key=lambda e: e.start)
        return out

    def _add(self, out: list[Entity], text: str, key: str, start: int, end: int) -> None:
        label = key_label(key)
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if label is not None and end > start and value_looks_like(text, start, end, label):
            out.append(Entity(start, end, label, text[start:end], self.name))
