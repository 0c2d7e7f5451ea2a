"""Names written in Chinese, Japanese or Korean characters inside a document in a Latin script.

Immigration files, police statements and contracts of Hong Kong, Singapore, Taiwan, Japan and Korea give a person's
name twice: in Latin letters and in the person's own script ("Name (Eng.) : CHEUNG Wing-yan, Vivian     Name (Chi.) :
張詠欣" of a witness statement, "CHAN Tai-man (陳大文)"). The model reads the Latin name; the characters stayed in
clear (stop 65), and they name the person as surely. :class:`CjkNameRecognizer` finds such a name where its place
says what it is: after a form's name field and its colon, and in parentheses on their own. Two to eight characters of
the Han, Hangul or kana blocks (one space allowed between a family and a given name, "山田 太郎"), not glued to more
of them: a sentence written in these scripts is no name. A direct identifier in the sense of Sweeney (2002, §2).

Linear in the text: one scan per pattern, tried only when the text holds such a character.
"""

from __future__ import annotations

import re

from app.detection.base import Recognizer
from app.detection.labels import PERSON
from app.doc import Entity, Sentence

#: One character of a CJK name: Han ideographs (the unified block, extension A, compatibility), Hangul syllables,
#: hiragana and katakana (with the prolonged sound mark and the middle dot of Japanese names).
_CJK = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7a3\u3041-\u30ff]"
#: A name: two to eight such characters, perhaps one space between two parts, no such character around it.
_NAME = rf"(?<!{_CJK})(?P<name>{_CJK}{{1,4}}(?:[ \u3000]{_CJK}{{1,4}})?)(?!{_CJK})"
#: A form's name field in the four languages (or in the script itself), then its colon on the same line: "Name (Chi.)
#: :", "Chinese name:", "Nombre en chino:", "姓名:".
_FIELD = re.compile(r"(?i:\b(?:name|names|nombre|nombres|nome|nomes|vorname|nachname|familienname|name\s+in\s+\w+)\b"
                    r"|姓名|氏名|성명|이름)[^\n:：]{0,24}[:：][^\S\n]*" + _NAME)
#: A name in parentheses on its own ("CHAN Tai-man (陳大文)").
_BRACKETED = re.compile(r"[(（][^\S\n]*" + _NAME + r"[^\S\n]*[)）]")
#: Whether a text holds a CJK character at all (the cheap test before the patterns).
_ANY = re.compile(_CJK)


class CjkNameRecognizer(Recognizer):
    """Names in Chinese, Japanese or Korean characters after a name field's colon or in parentheses on their own
    (``PERSON``): ``list[Entity]`` in text order, character offsets (half-open), two to eight characters each (one
    space inside allowed), never part of a longer run of such characters."""

    name = "cjk_name"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        if _ANY.search(text) is None:
            return []
        spans = {m.span("name") for pattern in (_FIELD, _BRACKETED) for m in pattern.finditer(text)}
        return [Entity(start, end, PERSON, text[start:end], self.name) for start, end in sorted(spans)]
