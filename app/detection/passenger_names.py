"""Passenger names as airlines write them: ``SURNAME/GIVEN NAMES TITLE`` ("NIMHAOLDOMHNAIGH/SIOBHAN MS",
"OLAFSSON/TOMAS MR", "SMITH/JOHNMR").

A booking confirmation, an e-ticket, a boarding pass and a passenger list print each traveller in the name element of
the reservation record (IATA Resolution 722 / the passenger name record's ``NM`` element): the surname, a slash, the
given names, often a title glued or spaced after them, all in capitals. The model reads such a line as one unknown
token or as an organization (stop 50: "1 NIMHAOLDOMHNAIGH/SIOBHAN MS" of a booking came out as the organization
"SIOBHAN" with the surname in clear). A match needs evidence that it is a name: the title after it (``MR``, ``MRS``,
``MS``, ``MISS``, ``MSTR``, ``DR``, ``MX``, ``CHD``, ``INF``, spaced or glued to the given names), or a first given name
that is a first name of any declared language (:func:`app.detection.file_names.folded_first_names`): "AND/OR",
"TCP/IP" and "N/A" are none. Label ``PERSON``, the title left out; character offsets, half-open.

One regular-expression scan, each candidate bounded (80 characters): linear in the text.
"""

from __future__ import annotations

import re

from app.detection.base import Recognizer
from app.detection.file_names import folded_first_names
from app.detection.labels import PERSON
from app.doc import Entity, Sentence

#: The titles of the name element, as airlines write them.
TITLES = ("MSTR", "MISS", "MRS", "MR", "MS", "DR", "MX", "CHD", "INF")
_WORD = r"[A-ZÀ-ÖØ-Þ][A-ZÀ-ÖØ-Þ'’-]{1,34}"
_TITLE = rf"(?:{'|'.join(TITLES)})(?![\w/])"
#: Surname (one to three words: "DE LA CRUZ"), slash, given names (one to three words), then perhaps the title.
_NAME_ELEMENT = re.compile(rf"(?<![\w/])(?P<name>(?:{_WORD} ){{0,2}}{_WORD}/"
                           rf"(?P<given>{_WORD}(?: (?!{_TITLE}){_WORD}){{0,2}}))"
                           rf"(?:[^\S\n]+(?P<title>{_TITLE}))?(?![\w/])")


class PassengerNameRecognizer(Recognizer):
    """Passenger names of a reservation record (see the module's description): ``list[Entity]`` of label ``PERSON``, in
    text order, disjoint."""

    name = "passenger_name"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        if "/" not in text:
            return []
        out: list[Entity] = []
        names = folded_first_names()
        for m in _NAME_ELEMENT.finditer(text):
            start, end = m.span("name")
            given = m.group("given").split(" ")
            if not m.group("title"):
                # "SMITH/JOHNMR": a title glued to the last given name, whose rest must be a known first name
                last = given[-1]
                glued = next((t for t in TITLES if last.endswith(t) and last[:-len(t)].lower() in names), None)
                if glued is not None:
                    end -= len(glued)
                elif given[0].lower() not in names:
                    continue
            out.append(Entity(start, end, PERSON, text[start:end], self.name))
        return out
