"""The display names of e-mail addresses and the users of SSH-style addresses.

An e-mail's header and a quoted reply name their sender before the address in angle brackets (RFC 5322, §3.4:
``display-name <addr-spec>``): "From: Kasia Nowakowska <kasia.n88@gmail.com>", "On Mon, 11 Mar 2024 at 21:48, kasia
nowakowska <kasia.n88@gmail.com> wrote:", '"Nowakowska, Kasia" <…>'. The display name is whoever the address belongs
to, in whatever case the mail client wrote it (stop 53: a support thread's quoted reply kept "kasia nowakowska" in
clear: lower case, no title, no model tag). A shell's ``user@192.168.178.24`` names the account on a machine (an audit
log's ``scp … sukru@192.168.178.24:/home/sukru/…``), which no e-mail pattern takes (its domain is an IP address).

:class:`DisplayNameRecognizer` finds both: ``PERSON`` for display names of one to four words (or any quoted display
name up to 60 characters), ``USERNAME`` for the user before ``@`` and an IPv4 address. Linear in the text: one scan
per pattern, each tried only where ``<`` or ``@`` occurs.
"""

from __future__ import annotations

import re

from app.detection.base import Recognizer
from app.detection.labels import PERSON, USERNAME
from app.doc import Entity, Sentence

#: An address in angle brackets right after the display name.
_ADDRESS = r"[^\S\n]*<[^<>\s@]{1,64}@[^<>\s@]{1,255}\.[^<>\s@]{2,63}>"
#: One to four words of letters (with apostrophes, hyphens and full stops inside: "O'Neil", "Nowakowska-Reid", "J."),
#: not glued to a word before them, then the address.
_UNQUOTED = re.compile(r"(?<![\w'’.@<>-])(?P<name>[^\W\d_][\w'’.-]*(?:[^\S\n]+[^\W\d_][\w'’.-]*){0,3})"
                       r"(?=" + _ADDRESS + ")")
#: A quoted display name ('"Nowakowska, Kasia" <…>').
_QUOTED = re.compile(r'"(?P<name>[^"\n<>@]{2,60})"(?=' + _ADDRESS + ")")
#: A user before "@" and an IPv4 address (a shell's or scp's ``user@host``).
_USER_AT_IP = re.compile(r"(?<![\w.@-])(?P<name>[a-z_][a-z0-9_.-]{0,31})@(?=(?:\d{1,3}\.){3}\d{1,3}(?![\d.]))")
#: Words a header writes before a display name that are no part of it ("From:", "wrote", "Von", "De").
_HEADER_WORDS = frozenset("from to cc bcc reply-to von an de para wrote schrieb escribió escreveu on am el em".split())


class DisplayNameRecognizer(Recognizer):
    """Display names before an address in angle brackets (``PERSON``) and users before ``@`` and an IPv4 address
    (``USERNAME``): ``list[Entity]`` in text order, character offsets (half-open). Header words opening the name
    ("From", "wrote", :data:`_HEADER_WORDS`) are left out."""

    name = "display_name"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out: list[Entity] = []
        if "<" in text and "@" in text:
            for pattern in (_QUOTED, _UNQUOTED):
                for m in pattern.finditer(text):
                    start, end = m.span("name")
                    words = list(re.finditer(r"\S+", text[start:end]))
                    while words and words[0].group().rstrip(":,").casefold() in _HEADER_WORDS:
                        words.pop(0)
                    if not words:
                        continue
                    start = m.start("name") + words[0].start()
                    out.append(Entity(start, end, PERSON, text[start:end], self.name))
        if "@" in text:
            out += [Entity(m.start("name"), m.end("name"), USERNAME, m.group("name"), self.name)
                    for m in _USER_AT_IP.finditer(text)]
        out.sort(key=lambda e: e.start)
        return out
