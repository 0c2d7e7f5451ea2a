"""Pattern recognizers: e-mail addresses, phone numbers, URLs and dates (Dias, 2016, §4.2.2 "pattern-matching").

* E-mail: an RFC 5322 "dot-atom" local part and a domain with at least one dot and an alphabetic TLD; also with
  "@" and dots spelt out in brackets ("(at)", "[dot]").
* Phone: Google's libphonenumber (``phonenumbers.PhoneNumberMatcher``), leniency ``VALID``, tried for
  each region of the document's language (numbers in international ``+`` format are found in any).
* URL: ``http(s)://`` or ``www.`` followed by non-space characters, trailing punctuation excluded.
* Date: day-month-year, month-day-year, month-year and numeric forms with month names of the
  document's language, validated with :class:`datetime.date` for the numeric forms.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import re
from functools import lru_cache

import phonenumbers

from app import languages
from app.detection.base import Recognizer, pattern_entities
from app.detection.fast_regex import digit_led, gate_of, gated, letter_led
from app.detection.labels import (CASE_NUMBER, DATE, EMAIL, MONEY, NUMBER, PERSON, PHONE, POSTAL_CODE, TIME, URL,
                                  USERNAME)
from app.doc import Entity, Sentence
from app.tokenization import CHAT_HEADER_LINE, CHAT_LINE, UPPER, dialogue_lines

#: ``@`` and a domain with at least one dot and an alphabetic TLD; labels may hold letters beyond ASCII (RFC 5890,
#: internationalized domain names: "anna@müller-bau.de")
_AT_DOMAIN = r"@(?:[^\W_](?:[\w-]{0,61}[^\W_])?\.)+[A-Za-z]{2,63}(?![\w-])"
#: the characters of a local part's dot-separated atoms (RFC 5322 ``atext``, with RFC 6531's letters beyond ASCII:
#: "jürgen.müller@web.de", "josé.núñez@correo.es") except the braces and "|", which separates a table's cells
#: ("5   |bruno.sa@vieira-lopes.pt|Joana": stop 54, the address was lost); ``-`` last
_ATEXT = "\\w!#$%&'*+/=?^`~-"


def _local_part(chars: str) -> str:
    """Pattern of a local part: atoms of ``chars`` (a character-class body) joined by single dots."""
    return f"[{chars}]+(?:\\.[{chars}]+)*"


#: a single address; its local part may hold braces. It starts where a run of its characters starts (the lookbehind
#: holds every character the local part may hold): a match starting inside a run would only be the tail of the match
#: starting at the run's start, and trying every position of a long run without "@" ("1234/24.5T9PRT" repeated, 140,000
#: characters: 8.9 s) made the search quadratic; it is linear now (each run scanned once).
_EMAIL = r"(?<![\w.{}!#$%&'*+/=?^`~-])" + _local_part("{}" + _ATEXT) + _AT_DOMAIN
#: Several addresses of one domain written with their local parts in braces, as on papers' title pages:
#: "{ysuzuki,koichiro,s-nakamura}@is.naist.jp" (one entity: each local part names a person).
_EMAIL_GROUP = r"\{\s*" + _local_part(_ATEXT) + r"(?:\s*[,;]\s*" + _local_part(_ATEXT) + r")*\s*\}" + _AT_DOMAIN
#: A group or a single address, in one scan: a group starts at its brace, left of any address its last local part
#: would give alone ("s-nakamura}@is.naist.jp"), so the leftmost match takes the whole group.
_ANY_EMAIL_RE = re.compile(f"{_EMAIL_GROUP}|{_EMAIL}")
#: An address whose "@" is percent-encoded, as URLs and logs carry it ("?email=tferreira%40gmail.com"; stop 48: a
#: request line of a server log kept it in clear).
_PERCENT_ENCODED_EMAIL_RE = re.compile(r"(?<![\w.+%-])[\w.+-]+%40(?:[^\W_](?:[\w-]{0,61}[^\W_])?\.)+[A-Za-z]{2,63}"
                                       r"(?![\w-])")
#: A log's key before its "=" at the start of a local part ("user=j.martinez@acme-corp.com"): the key is no part of the
#: address ("=" is an RFC 5322 character, but a log's "key=value" is what puts it there).
_LOG_KEY = re.compile(r"[A-Za-z_][\w-]{0,30}=")
#: "@" and "." written out in brackets against address harvesters, as web pages and the documents copied from them
#: write addresses: "max.mustermann(at)firma.de", "j.doe [at] example [dot] com", "m.mueller (ät) uni-koeln (punkt) de"
_SPELT_AT = r"\s?[(\[{]\s?(?:at|ät|@)\s?[)\]}]\s?"
_SPELT_DOT = r"(?:\.|\s?[(\[{]\s?(?:dot|punkt|punto|ponto)\s?[)\]}]\s?)"
_OBFUSCATED_EMAIL_RE = re.compile(
    rf"(?<![\w.+-])[\w+-]+(?:{_SPELT_DOT}[\w+-]+)*{_SPELT_AT}(?:[^\W_](?:[\w-]*[^\W_])?{_SPELT_DOT})+[^\W\d_]{{2,63}}"
    r"(?![\w-])", re.IGNORECASE)
#: An address read out in words, as people write it in chats and letters against harvesters (stop 49: "rocio.fdez
#: arroba hotmail punto com" stayed in clear, "maria dot schmidt at web dot de" half): the local part (its dots
#: written or spoken), "at"/"arroba"/"ät", then the domain's labels each before a spoken or written dot, and a
#: top-level domain of the list; a label that is an article is no domain ("at the dot com boom"); at most seven parts
#: on each side (bounded work per start: "a dot a dot …" is no address).
_SPOKEN_DOT = r"(?:\.|\s(?:dot|punto|ponto|punkt)\s)"
_SPOKEN_EMAIL_RE = re.compile(
    rf"(?<![\w.+-])[\w+-]+(?:{_SPOKEN_DOT}[\w+-]+){{0,6}}\s(?:at|arroba|ät)\s"
    rf"(?:(?!(?:the|a|an|el|la|los|las|o|os|as|der|die|das)\s)[^\W_](?:[\w-]*[^\W_])?{_SPOKEN_DOT}){{1,6}}"
    r"(?:com|net|org|edu|gov|info|biz|de|es|pt|br|uk|co|fr|it|nl|at|ch|eu|io|mx|ar|cl|ie|be|us|ca|au)(?![\w-])",
    re.IGNORECASE)
#: A spoken dot or "@" somewhere in the lower-cased text (the spoken pattern's scan runs only then), a spoken dot,
#: and the English "at": a match with "at" needs a spoken dot too ("he worked at amazon.com" is no address; "jsmith at
#: gmail dot com" is one).
_SPOKEN_WORDS = ("dot", "punto", "ponto", "punkt", "arroba", "ät")
_SPOKEN_DOT_WORD = re.compile(r"(?i)\s(?:dot|punto|ponto|punkt)\s|\s(?:arroba|ät)\s")
_SPOKEN_AT = re.compile(r"(?i)\sat\s")
_URL_RE = re.compile(r"(?:\bhttps?://|\bwww\.)[^\s<>\"'`]+[^\s<>\"'`.,;:!?)\]}]", re.IGNORECASE)
#: A web address without its scheme or "www." but with a path, as people paste profile links: "facebook.com/maria.garcia.123",
#: "linkedin.com/in/fiona-mcallister", "github.com/jdoe42" (the path names the person; a bare domain, "example.org",
#: names a site and is left to the model). The top-level domain is written in lower case ("Co.KG/…" is no address).
_BARE_URL_RE = re.compile(r"(?<![\w@./-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[a-z]{2,6}"
                          r"/[^\s<>\"'`]*[^\s<>\"'`.,;:!?)\]}/]")


def disjoint_extras(found: list[Entity], extras: list[Entity]) -> list[Entity]:
    """Those of ``extras`` that overlap none of ``found``, in their order. One bisection per extra over ``found``'s starts
    and the running maximum of its ends (``found`` may overlap itself): O((n + m) log n), never every extra against
    every entity (a text of thousands of both)."""
    if not extras:
        return []
    spans = sorted((f.start, f.end) for f in found)
    starts = [a for a, _ in spans]
    reach, top = [], -1  # reach[k]: the largest end among the first k + 1 spans
    for _, b in spans:
        top = max(top, b)
        reach.append(top)
    kept = []
    for e in extras:
        k = bisect.bisect_left(starts, e.end)  # the spans that start before the extra ends
        if k == 0 or reach[k - 1] <= e.start:
            kept.append(e)
    return kept


def with_extras(found: list[Entity], extras: list[Entity]) -> list[Entity]:
    """``found`` and those of ``extras`` that overlap none of ``found`` (a second pattern's matches beside the first's,
    :func:`disjoint_extras`), sorted by ``start``; ``found`` itself when no extra is kept."""
    kept = disjoint_extras(found, extras)
    return sorted(found + kept, key=lambda e: e.start) if kept else found


class EmailRecognizer(Recognizer):
    """E-mail addresses (label ``EMAIL``), also grouped ones: ``{jdoe,asmith}@example.org`` is one entity from the
    opening brace to the end of the domain, so no local part stays in clear; and addresses whose "@" (and dots) are
    spelt out in brackets against harvesters (``max.mustermann(at)firma.de``, ``j.doe [at] example [dot] com``):
    the local part names a person as much as in a plain address."""

    name = "email"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        found = pattern_entities(_ANY_EMAIL_RE, text, EMAIL, self.name)
        if "=" in text:
            found = [_without_log_key(e) for e in found]
        if "%40" in text:
            found = with_extras(found, pattern_entities(_PERCENT_ENCODED_EMAIL_RE, text, EMAIL, self.name))
        lowered = text.lower()
        if any(word in lowered for word in _SPOKEN_WORDS):
            found = with_extras(found, [e for e in pattern_entities(_SPOKEN_EMAIL_RE, text, EMAIL, self.name)
                                        if _SPOKEN_DOT_WORD.search(e.text) or not _SPOKEN_AT.search(e.text)])
        if "(" not in text and "[" not in text and "{" not in text:
            return found
        return with_extras(found, pattern_entities(_OBFUSCATED_EMAIL_RE, text, EMAIL, self.name))


def _without_log_key(e: Entity) -> Entity:
    """``e`` without a log's key before its local part (:data:`_LOG_KEY`: "user=j.martinez@…" → "j.martinez@…")."""
    m = _LOG_KEY.match(e.text)
    if m is None or "@" in m.group() or m.end() >= e.text.index("@"):
        return e
    return Entity(e.start + m.end(), e.end, e.label, e.text[m.end():], e.source)


#: A user name written with its "@" as social networks, forums and chats mention people ("@mary_jones",
#: "@JSmith1987", Venmo's "@Jake-Smith-42": stop 48, "-Smith-42" was left to the model): 2–30 letters, digits, "_" or
#: inner "." or "-", a letter among them, not inside an e-mail address or a
#: word ("john@example.org", "icon@2x"); "@anna.weber" is one name (Instagram's), and so is "@example.org".
#: (letters of any alphabet: "@jürgen.h" of a GitHub comment; stop 52)
_USERNAME_RE = re.compile(r"(?<![\w@.+-])@(?=[\w.]*[^\W\d_])\w[\w.-]{0,28}\w(?![\w@])")


#: The account name in a home directory's path, as support tickets, logs and error messages quote them: Windows
#: "C:\Users\fmcallister\Documents", "c:/users/j.smith/", "C:\Documents and Settings\Anna Weber\…", Unix
#: "/home/jsmith/…", macOS "/Users/mjones/…". The name is the path's segment after the home folder; with spaces
#: only when a separator closes it ("\Users\John Smith\Desktop"). Windows' shared profiles are no one's.
_HOME_PATH_RE = re.compile(
    r"(?:(?<![\w])[A-Za-z]:[\\/](?:Users|Documents and Settings)[\\/]"
    r"|(?<![\w.~-])/(?:home|Users)/)"
    r"(?P<name>[^\\/\s:*?\"<>|]+(?: [^\\/\s:*?\"<>|]+)*(?=[\\/])|[^\\/\s:*?\"<>|,;)\]]+)",
    re.IGNORECASE)
_SHARED_PROFILES = frozenset({"public", "default", "default user", "all users", "shared", "guest", "administrator"})
#: A Reddit user name with its "u/" ("u/throwaway_jane", "/u/JSmith"): 3–20 letters, digits, "_" or "-".
_REDDIT_USER_RE = re.compile(r"(?<![\w/])/?u/[A-Za-z0-9_-]{3,20}(?![\w/-])")


def home_directory_names(text: str) -> list[Entity]:
    """The account names of home-directory paths in ``text`` (:data:`_HOME_PATH_RE`), label ``USERNAME``, source
    ``"username"``: ``list[Entity]``, character offsets (half-open), in text order; a trailing full stop is not
    the name's ("/home/jsmith." ends a sentence)."""
    out = []
    for m in _HOME_PATH_RE.finditer(text):
        name = m.group("name").rstrip(".")
        if len(name) > 1 and name.casefold() not in _SHARED_PROFILES:
            start = m.start("name")
            out.append(Entity(start, start + len(name), USERNAME, name, "username"))
    return out


#: A chat speaker that is a handle, not a name as people write names: a digit, "_", "." or "@" inside ("sara_k",
#: "dan.whitfield", "JSmith1987").
_HANDLE = re.compile(r"[\d_.@]")
#: The word that names an account's user name in a ticket, a form or a log ("User: j.mwangi", "Benutzername:
#: kmueller2", "usuario: pgarcia", "login jdoe_77"), then the name: after a colon any handle, else one with a digit,
#: "_", "." or "@" inside (stop 45: a support ticket's "User: j.mwangi" stayed in clear).
_USER_FIELD = re.compile(r"(?<![\w.-])(?i:user(?:[ ]?name|[ ]?id)?|usr|uid|login|log-in|account[ ]name"
                         r"|benutzer(?:name|kennung)?|nutzer(?:name)?|usuario|usuário|utilizador|nombre[ ]de[ ]usuario"
                         r"|nome[ ]de[ ]usuário"
                         # (stop 70) who printed a record ("Impreso por: mcardona  2024-04-17 10:15" of a clinical
                         # record's footer)
                         r"|impreso[ ]por|impresso[ ]por|printed[ ]by|gedruckt[ ]von"
                         # (stop 49) a forum's or a game's handle ("Her old handle was mschmidt_84 on Reddit")
                         r"|handle|gamertag|screen[ ]name|nick(?:name)?|apodo)"
                         # (a word between the key and its colon: "Login sistema: tnkovacs"; stop 54)
                         r"(?:(?:[^\S\n]+[^\W\d_]{2,20}(?=[^\S\n]*:))?(?P<colon>[^\S\n]*:)?"
                         r"(?:[^\S\n]+(?:is|was|ist|war|es|era|é|foi))?[^\S\n]+"
                         # (in quotation marks: 'Nutzername „mehmo_fcn1900"' of a police summons; stop 53)
                         r"(?P<quote>[„“\"'‘«])?(?P<name>[A-Za-z][\w.-]{1,38}[A-Za-z0-9])(?![\w@-])"
                         # (stop 48) a log's field ("user=pkowalski", "user_id=100293", "uid=jdoe"): any handle or
                         # number after "="
                         r"|(?i:[_-]?id)?=(?P<value>[A-Za-z0-9][\w.-]{0,38}[A-Za-z0-9])(?![\w@-]))")
#: (stop 50: "usuário" with its accent, "(usuário rafa.nlima)" of a gym's chat, was missed by the hint)
_USER_FIELD_HINT = re.compile(r"(?i:user|usr|uid|login|log-in|account name|nutzer|usuari|usuári|utilizador"
                              r"|handle|impreso por|impresso por|printed by|gedruckt von"
                              r"|gamertag|screen name|nick|apodo)")
_USER_FIELD_HINT = letter_led(_USER_FIELD_HINT)  # (stop 67: issue 18)
#: A social network's or a messenger's name, then ":" or a dash, then the account ("Insta: gabi.moraes", "Snapchat:
#: jj_tanaka99", "TikTok - lukas.brenner"; stop 49: all three stayed in clear): a handle with a letter and a digit, "_"
#: or "." inside, or, after a name no everyday word shares ("Skype: mariagonzalez"), a lower-case word of four letters or
#: more (a capitalised word after "GitHub:" names a feature, not an account). Networks named by everyday words ("Line",
#: "Signal", "Threads", "X") are left out: "Line - item", "x: 3.5".
_PLATFORMS = ("insta", "snap", "tiktok", "tik tok", "telegram", "discord", "skype", "reddit", "github", "gitlab",
              "twitch", "facebook", "mastodon", "bluesky", "wechat", "viber", "pinterest", "linkedin", "twitter",
              "youtube", "spotify", "xbox", "psn")
_PLATFORM_FIELD = re.compile(r"(?<![\w.-])(?:(?i:insta(?:gram)?|snap(?:chat)?|tik[ ]?tok|telegram|discord|skype|reddit"
                             r"|github|gitlab|twitch|facebook|mastodon|bluesky|wechat|viber|pinterest|linkedin)"
                             r"(?P<distinct>)|(?i:twitter|youtube|spotify|xbox|psn))"
                             r"[^\S\n]*(?::|[-–])[^\S\n]*(?P<name>(?=[\w.]*[\d_.])(?=[\w.]*[A-Za-z])[A-Za-z0-9][\w.]{1,38}"
                             r"[A-Za-z0-9_]|(?(distinct)[a-z][a-z0-9]{3,38}|(?!)))(?![\w@.-])")
#: An account's id or handle in a REST path ("/api/v2/users/100293/profile", "/customers/CUS-883421"; stop 48: a
#: request line of a server log): after a collection's name, a segment with a digit, "_", "." or "@" inside.
_PATH_ACCOUNT_RE = re.compile(r"(?<=/)(?:users?|customers?|accounts?|patients?|members?|profiles?|employees?|clients?)"
                              r"/(?P<id>(?=[\w.@%-]*[\d_.@])[\w.@%-]{1,63}[\w@%-])(?=[/?#\s\"',;)&]|$)")


def _user_field_entity(m: re.Match[str], source: str) -> Entity:
    """The user name of a match of :data:`_USER_FIELD`: after the field's word ("User: j.mwangi") or a log's "="."""
    group = "name" if m.group("name") else "value"
    return Entity(m.start(group), m.end(group), USERNAME, m.group(group), source)


#: A code forge's actor at the start of an event line ("juanca-ospina opened this issue on Jul 3, 2024", "dmejia-dev
#: commented on Jul 4, 2024" of a GitHub issue pasted into a ticket; stop 51): a GitHub login (letters, digits, single
#: hyphens, up to 39 characters) before the event's words.
_FORGE_ACTOR = re.compile(r"(?m)(?:^|[·•|][^\S\n]*)[^\S\n]*(?P<name>[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){1,38})"
                          r"[^\S\n]+(?:opened this (?:issue|pull request)|commented(?: on)?|closed this|reopened this|"
                          r"merged \d+ commits?|requested a review|approved these changes|added \d+ commits?|"
                          r"pushed \d+ commits?|mentioned this)\b")
_FORGE_SIGNS = ("opened this", "commented", "closed this", "reopened this", "merged ", "requested a review",
                "approved these", " commits", "mentioned this")
#: The user name and the password of a connection string ("postgres://certsvc:Kx9#pLm2vQ@10.20.4.15:5432/…" of an
#: issue's configuration dump; stop 51): RFC 3986's userinfo, ``user:password@``.
URL_CREDENTIALS = re.compile(r"(?<![\w+.-])[A-Za-z][A-Za-z0-9+.-]*://(?P<user>[^\s:/@]{1,64}):(?P<password>[^\s/@]{1,128})@")


#: A handle of a name and a year's two digits joined by "_", in lower case, anywhere ("Tu usuario de la app sigue siendo
#: jmrodriguez_77", "Utilizador na app PulsoFit: inesbf_96"; stop 53): five letters at least, as user names are made; a
#: program's field ("address_2") has one digit.
_NAME_AND_YEAR_HANDLE = re.compile(r"(?<![\w.@/-])[a-z][a-z.]{4,30}_\d\d(?![\w@/-]|\.\w)")


class UsernameRecognizer(Recognizer):
    """User names (label ``USERNAME``): handles of social networks, forums and chats with their "@" (a handle names
    its owner as an e-mail address does; the entity includes the "@": "@mary_jones" → "[USERNAME_1]"), and the
    account names in home-directory paths ("C:\\Users\\fmcallister\\…", "/home/jsmith/…":
    :func:`home_directory_names`; the path's other segments stay), Reddit's "u/throwaway_jane" with its "u/", and the
    name after the word that names it in a ticket, form or log ("User: j.mwangi", "Benutzername: kmueller2"; after a
    colon any handle, else one with a digit, "_", "." or "@" inside); a code forge's actor before its event ("dmejia-dev
    commented on …", :data:`_FORGE_ACTOR`) and the user of a connection string ("postgres://certsvc:…@host",
    :data:`URL_CREDENTIALS`; its password is the secret recognizer's) (stop 51)."""

    name = "username"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        found = pattern_entities(_USERNAME_RE, text, USERNAME, self.name) if "@" in text else []
        if _USER_FIELD_HINT.search(text):
            found = with_extras(found, [_user_field_entity(m, self.name) for m in _USER_FIELD.finditer(text)
                                        if m.group("value") or m.group("colon") or m.group("quote")
                                        or _HANDLE.search(m.group("name"))])
        lowered = text.lower()
        if any(platform in lowered for platform in _PLATFORMS):
            found = with_extras(found, [Entity(m.start("name"), m.end("name"), USERNAME, m.group("name"), self.name)
                                        for m in _PLATFORM_FIELD.finditer(text)])
        if any(sign in text for sign in _FORGE_SIGNS):
            found = with_extras(found, [Entity(m.start("name"), m.end("name"), USERNAME, m.group("name"), self.name)
                                        for m in _FORGE_ACTOR.finditer(text)])
        if "://" in text:
            found = with_extras(found, [Entity(m.start("user"), m.end("user"), USERNAME, m.group("user"), self.name)
                                        for m in URL_CREDENTIALS.finditer(text)])
        if "\\" in text:
            # (stop 55) a Windows domain's account ("BFL\\sbrennan2" of an onboarding request): the user, not the domain
            found = with_extras(found, [Entity(m.start("user"), m.end("user"), USERNAME, m.group("user"), self.name)
                                        for m in _DOMAIN_ACCOUNT.finditer(text)])
        if "/" in text or "\\" in text:
            more = home_directory_names(text)
            if "u/" in text:
                more += pattern_entities(_REDDIT_USER_RE, text, USERNAME, self.name)
            homes = {(e.start, e.end) for e in more}
            more += [Entity(m.start("id"), m.end("id"), USERNAME, m.group("id"), self.name)
                     for m in _PATH_ACCOUNT_RE.finditer(text) if m.span("id") not in homes]
            found = with_extras(found, more)
        if "_" in text:
            found = with_extras(found, pattern_entities(_NAME_AND_YEAR_HANDLE, text, USERNAME, self.name))
        if ":" in text or "[" in text:
            found = with_extras(found, [Entity(m.start("name"), m.end("name"), USERNAME, m.group("name"), self.name)
                                        for pattern in (_TRACKER_USER, _COMMENT_AUTHOR)
                                        for m in pattern.finditer(text)])
        return found


#: A Windows domain and its account, "DOMAIN\\user" ("BFL\\sbrennan2", "CORP\\j.doe"): the domain in capitals (2 to 15
#: characters, NetBIOS's limit), the account a letter and up to 19 letters, digits, "." "_" or "-" (not a path's
#: "C:\\Users", whose drive letter is one character before a colon).
_DOMAIN_ACCOUNT = re.compile(r"(?<![\w\\:/.-])[A-Z][A-Z0-9-]{1,14}\\(?P<user>[A-Za-z][\w.-]{1,19})(?![\w\\/])")


#: (stop 54) A ticket's people by their accounts ("Assignee: jmorales (Tier 2)" of a support ticket: lower case after
#: the field's colon), and a comment log's author in brackets before the date ("[p.kowalczyk 08/05/2024 11:02]
#: Escalated to dev.").
_TRACKER_USER = re.compile(r"(?<![\w.-])(?i:assignee|assigned[ ]to|reporter|reported[ ]by|opened[ ]by|closed[ ]by"
                           r"|resolved[ ]by|owner|agent|bearbeiter|zugewiesen[ ]an|responsável|responsable|asignado[ ]a"
                           r"|soporte|support|atendente|agente|operador"
                           # (stop 55) who entered a record ("Registo efetuado por: csgoncalves | 18/02/2025" of a
                           # hospital's admission form)
                           r"|(?:registo|registro|registrado|registado)?[ ]?"
                           r"(?:efetuado|efectuado|realizado|feito|hecho)[ ]por|registrad[oa][ ]por|registad[oa][ ]por"
                           r"|created[ ]by|entered[ ]by|recorded[ ]by"
                           r"|erstellt[ ]von|erfasst[ ]von|angelegt[ ]von|rec['’]d[ ]by|received[ ]by"
                           r"|tramitad[oa][ ]por)"
                           r"[^\S\n]*:[^\S\n]*(?P<name>[a-z][a-z0-9._-]{1,30}[a-z0-9])(?![\w@-])"
                           # the value alone: the line's or an aside's end after it ("Support: please call us" is
                           # prose)
                           r"(?=[^\S\n]*(?:[(),;\]|]|\r?\n|$))")
_TRACKER_USER = letter_led(_TRACKER_USER)  # (stop 67: issue 18)
_COMMENT_AUTHOR = re.compile(r"(?<![^\n])\[(?P<name>[a-z][a-z0-9._-]{1,30}[a-z0-9])(?=[^\S\n]+\d{1,4}[./-]\d)")




#: A case worker's log line: a date, then the author's user name in lower case and a colon ("27/06/2024 mgomezl: falta
#: certificado …" of a grant file's notes; stop 55: in clear). No time (that is :data:`app.tokenization.CHAT_LINE`'s);
#: one word of lower-case letters, digits, "." or "_"; a common word there ("nota:") is dropped as a field's name.
_DATED_AUTHOR = re.compile(r"(?m)^[^\S\n]{0,8}\[?\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})\]?[^\S\n]{1,3}"
                           r"(?:[-–][^\S\n]{1,3})?"
                           r"(?P<speaker>[a-z][a-z0-9._]{2,23})(?<![._]):(?=[^\S\n])")


class ChatSpeakerRecognizer(Recognizer):
    """The speakers of a chat transcript's lines ("[09:03] sara_k: yeah", "12/03/2026, 18:22 - Bia Souza: oi";
    :data:`app.tokenization.CHAT_LINE`), and of the speaker lines that Teams and Slack copies put above each message
    ("Bia Souza 18:22", when the text has two or more; :data:`app.tokenization.CHAT_HEADER_LINE`), and of a dialogue
    copied without times whose messages begin in lower case ("Lena: hey …", when a speaker opens two lines or more;
    :data:`app.tokenization.DIALOGUE_LINE`): a handle (a digit,
    "_", "." or "@" inside: "sara_k", "dan.whitfield") is a ``USERNAME``, anything else a ``PERSON`` ("Bia", "Rafa");
    words with a digit ("14:00 Item 3: budget") none. The exports of WhatsApp, Slack and Teams put the speaker at
    every line's start, where no model trained on news looks for a name, and the second pass then finds the name
    inside the messages ("valeu rafa!!"). A speaker that is a common word ("09:00 Welcome: …", "System:") is
    dropped by the detector's field-name filter (:meth:`app.detection.pipeline.Detector._field_name`).

    Returns ``list[Entity]`` of source ``chat_speaker`` in text order; linear in the text (one bounded match per
    line that starts with a digit or "[")."""

    name = "chat_speaker"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        if ":" not in text:
            return []
        out: list[Entity] = []
        for m in CHAT_LINE.finditer(text):
            start, end = m.span("speaker")
            speaker = text[start:end].rstrip()
            if len(speaker) < 2 or not any(c.isalpha() for c in speaker):
                continue
            if " " in speaker and any(c.isdigit() for c in speaker):
                continue  # "14:00 Item 3: budget", an agenda's item, names no one
            out.append(self._speaker(start, speaker))
        if "/" in text or "." in text or "-" in text:
            out.extend(self._speaker(m.start("speaker"), m.group("speaker")) for m in _DATED_AUTHOR.finditer(text))
            out.sort(key=lambda e: e.start)
        # a dialogue copied without times, in lower case ("Lena: hey …"): its speakers, when one of them opens two lines
        # or more (a form's fields, "Occupation: paramedic", each open one)
        dialogue = dialogue_lines(text)
        if dialogue:
            out.extend(self._speaker(m.start("speaker"), m.group("speaker")) for m in dialogue)
            out.sort(key=lambda e: e.start)
        headers = list(CHAT_HEADER_LINE.finditer(text))
        if len(headers) >= 2:  # a transcript of several messages, not an agenda's "Arrival Heathrow 10:30"
            out.extend(self._speaker(m.start("speaker"), m.group("speaker")) for m in headers)
            out.sort(key=lambda e: e.start)
        return out

    def _speaker(self, start: int, speaker: str) -> Entity:
        """The entity of ``speaker`` at ``start``: a handle is a ``USERNAME``, anything else a ``PERSON``."""
        label = USERNAME if _HANDLE.search(speaker) else PERSON
        return Entity(start, start + len(speaker), label, speaker, self.name, 1.0)


class UrlRecognizer(Recognizer):
    """Web addresses (label ``URL``): with a scheme or "www.", or a domain with a path (:data:`_BARE_URL_RE`)."""

    name = "url"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        found = pattern_entities(_URL_RE, text, URL, self.name)
        if "/" not in text:
            return found
        return with_extras(found, pattern_entities(_BARE_URL_RE, text, URL, self.name))


#: Fewest digits of a phone number :class:`PhoneRecognizer` reports: written without "+", at least
#: :data:`MIN_NATIONAL_PHONE_DIGITS` (:func:`not_a_phone`); with "+", a country code and a national number of a
#: length the region allows, at least 6 digits in libphonenumber's metadata (Austria and Germany: "+43", 4 digits).
#: ``tests/unit/test_patterns.py`` checks both against the installed library.
FEWEST_PHONE_DIGITS = 5

#: A run of :data:`FEWEST_PHONE_DIGITS` digits with at most four characters that are neither letters nor digits
#: (or an "x") between two of them: every match of libphonenumber's matcher holds one (its digit blocks are
#: separated by at most four characters of its punctuation, "x" included), so a text without one has no phone
#: number and the matcher's scans (one per region) are skipped: 24 of the 28 English demo documents.
_PHONE_DIGITS = re.compile(r"\d(?:(?:[\W_]|[xX]){0,4}\d){%d}" % (FEWEST_PHONE_DIGITS - 1))


#: A keyword that ends with a preposition, whose number may stand on the next line ("You can reach Hemi on\n03 964
#: 2275"; stop 65).
_PREPOSITION_END = re.compile(r"(?<![\w])(?:on|at|unter|al|em)$")


def _named_by_keyword(text: str, keyword_ends: list[int], start: int, gap: int) -> bool:
    """Whether a keyword ends at most ``gap`` characters before ``start`` with nothing between but spaces,
    punctuation and a parenthesised word or two ("Tel. (mobil): ", "call me on "); a line break only after a colon
    (a form's field "Phone:" above its value)."""
    i = bisect.bisect_right(keyword_ends, start) - 1
    if i < 0 or start - keyword_ends[i] > gap:
        return False
    end = keyword_ends[i]
    between = text[end:start]
    if ("\n" in between or "\r" in between) and (text[end - 1] != ":" and _PREPOSITION_END.search(text, max(0, end - 6),
                                                                                                  end) is None
                                                or len(between.splitlines()) > 2):
        return False
    return not any(c.isdigit() for c in between) and (
        not any(c.isalpha() for c in between) or re.fullmatch(r"\W*\(\w+(?:\s\w+)?\)\W*", between) is not None
        or _PHONE_FILLER.fullmatch(between) is not None)


#: Words between a phone keyword and its number that only say whose it is or that it is the number ("O telefone dele é
#: 98765-4321", "his mobile is", "Handy von ihr ist", "el móvil de ella es"; stop 45: the Portuguese number stayed in
#: clear): up to three of them.
#: (Stop 71: and the parents', the mother's, the father's, "Teléfono de los padres: 301 455 8920" of a baptism record.)
_PHONE_FILLER = re.compile(r"\W*(?:(?:is|was|ist|lautet|es|era|é|dele|dela|deles|delas|his|her|their|my|mein|meine|"
                           r"sein|seine|ihr|ihre|von|mi|su|de|ella|él|meu|minha|seu|sua|number|nummer|número|"
                           r"los|la|del|dos|da|do|der|the|of|padres|madre|padre|pais|mãe|pai|eltern|mutter|vater|"
                           r"parents|mother|father)"
                           r"\W+){1,3}", re.IGNORECASE)
_PHONE_FILLER = letter_led(_PHONE_FILLER)  # (stop 67: issue 18)


@lru_cache(maxsize=8)
def phone_keywords(language: str) -> re.Pattern[str] | None:
    """The words before a phone number in ``language`` (:attr:`app.languages.Language.phone_keywords`), as one
    case-blind pattern that ends after the keyword and a colon on its line, if any; ``None`` when the language has
    none."""
    words = languages.get(language).phone_keywords
    if not words:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(words) + r")(?!\w)(?:[^\S\n]*:)?", re.IGNORECASE)


@lru_cache(maxsize=8)
def extension_keywords(language: str) -> re.Pattern[str] | None:
    """A telephone extension after its word in ``language`` (:attr:`app.languages.Language.extension_keywords`): group
    ``ext`` its two to six digits (a dash before them allowed: "Durchwahl -23"; and one inside them: "Ext. 726-4410" of
    a hospital's form, stop 58); ``None`` when the language has none."""
    words = languages.get(language).extension_keywords
    if not words:
        return None
    # (after a copula too: "Ihre Durchwahl ist -217" of a Teams chat; stop 53)
    return re.compile(rf"(?<![\w-])(?i:{'|'.join(words)})(?:[^\S\n]+(?:ist|is|es|é|lautet))?[^\S\n]*[:.]?[^\S\n]*-?"
                      rf"(?P<ext>\d{{2,6}}(?:-\d{{3,4}})?)(?![\d.,/-]?\d)")


#: Regions tried for national-format phone numbers, per language (:attr:`app.languages.Language.phone_regions`).
PHONE_REGIONS: dict[str, tuple[str, ...]] = {
    code: regions for code, regions in languages.per_language("phone_regions").items() if regions
}
#: Regions tried only for numbers written as one dials them (:attr:`app.languages.Language.phone_regions_dialled`).
PHONE_REGIONS_DIALLED: dict[str, tuple[str, ...]] = {
    code: regions for code, regions in languages.per_language("phone_regions_dialled").items() if regions
}


#: Numeric dates, the same in every language: 2015-03-21; 21.03.2015 / 21/03/2015 / 3/21/2015; 21. 3. 2015.
_NUMERIC_DATES: tuple[str, ...] = (
    r"\b(?:1[5-9]|2[01])\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b",
    # the year first with dots or slashes ("2025.10.14", "2025/10/14"; stop 48: a German appointment's "bzw.
    # 2025.10.14" stayed in clear), the same separator twice
    # (not inside a Brazilian process number: "61-93.2017.6.1 3.0000/MG")
    r"(?<![\d.,/-])\b(?:19|20)\d\d(?:\.(?:0?[1-9]|1[0-2])\.|/(?:0?[1-9]|1[0-2])/)(?:0?[1-9]|[12]\d|3[01])\b"
    r"(?![./-]?\d|-)",
    r"\b\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2})\b",
    # dashes: four-digit years, or two-digit years with a zero-padded month ("20-08-05"; not scores as "5-1-36")
    r"\b\d{1,2}-\d{1,2}-(?:1[5-9]|2[01])\d\d\b|\b\d{1,2}-0[1-9]-\d\d\b|\b(?:0[1-9]|[12]\d|3[01])-1[0-2]-\d\d\b",
    r"\b\d{1,2}\.\s\d{1,2}\.\s\d{4}\b",
    # (stop 62) a form's boxes, a space each side of the slashes ("5 Day / Month / Year    26 / 08 / 2024" of an
    # Australian statutory declaration); a valid day and month, a four-digit year
    r"(?<![\d/] )(?<![\d/])\b(?:0?[1-9]|[12]\d|3[01]) / (?:0?[1-9]|1[0-2]) / (?:1[89]|20)\d\d\b(?! /)",
    # a period of two months and years without spaces, as CVs write it ("09/2019-02/2022"; stop 53)
    r"(?<![\d./-])\b(?:0[1-9]|1[0-2])/(?:19|20)\d\d[-–](?:0[1-9]|1[0-2])/(?:19|20)\d\d\b(?![./-]\d)",
    # a month and a year, as a CV's or a form's periods write them ("04/2019 – heute", "08.2014", "03-2021")
    r"(?<!\d[./-])\b(?:0[1-9]|1[0-2])[./-](?:19|20)\d\d\b(?![./-]\d)",
    # the month in Roman numerals, as Spanish, Portuguese and German forms and registers write it ("3-IV-1961",
    # "12.XI.2026", "3/IV/61"); case-sensitive, as the pattern is compiled
    # (not with spaces: "B 9 V 26/15 B" is a file number of the Federal Social Court)
    r"\b(?:[12]\d|3[01]|0?[1-9])(?=[-./][IVX])(?:-(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)-"
    r"|\.(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)\.|/(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)/)(?:\d{4}|\d{2})\b",
)
#: Timestamps of logs and machine records, in every language (stop 51: a support ticket's "2024-07-20T21:03:11Z" kept its
#: date in clear, only "03:11" became a time, and a syslog line's "May 16 07:41:03" in a German ticket its day and month):
#: ISO 8601 with its "T", seconds, fractions and zone ("2024-02-21T23:57:12-03:00", "2024-05-21T03:02:11.482Z"), and
#: syslog's English month abbreviation, day and time at a line's start (RFC 3164, §4.1.2).
_LOG_TIMESTAMPS: tuple[str, ...] = (
    r"\b(?:1[5-9]|2[01])\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d"
    r"(?::[0-5]\d(?:[.,]\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?(?![\w:])",
    r"(?m:^)(?-i:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ ]{1,2}(?:[12]\d|3[01]|0?[1-9])"
    r"[ ](?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?![\w:])",
    # git's and C's date ("Fri Jul 5 11:47:30 2024 -0500" of a commit pasted into an issue) and a forge's English
    # "Jul 3, 2024" inside a text of another language
    r"(?-i:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[ ](?-i:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ ]{1,2}"
    r"(?:[12]\d|3[01]|0?[1-9])[ ](?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d[ ](?:1[5-9]|2[01])\d\d(?:[ ][+-]\d{4})?(?!\w)",
    r"\b(?-i:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[ ](?:[12]\d|3[01]|0?[1-9]),[ ](?:1[5-9]|2[01])\d\d\b",
    # (stop 53) ISO 8601's basic format, as calendars (RFC 5545, §3.3.5: "DTSTART;TZID=Europe/Berlin:20240618T093000",
    # "DTSTAMP:20240611T071503Z"), file names and APIs write it, and an iCalendar date value ("DTSTART;VALUE=DATE:
    # 20240624"); an invitation's export kept every meeting's date and time in clear
    r"(?<![\w-])(?:1[5-9]|2[01])\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3])[0-5]\d(?:[0-5]\d)?Z?"
    r"(?![\w:])",
    r"(?<=VALUE=DATE:)(?:1[5-9]|2[01])\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?!\w)",
)
#: A whole phone match that is written as a numeric date ("3.4.2021", "3. 4. 2021", "12/05/2021").
_NUMERIC_DATE_RE = re.compile("|".join(_NUMERIC_DATES))

#: Two numeric dates joined by a dash: a period ("08/2014 – 03/2019", "01.03.2025-31.03.2025").
_DATE_PERIOD = re.compile(rf"((?:{'|'.join(_NUMERIC_DATES)}))\s*[–—-]\s*((?:{'|'.join(_NUMERIC_DATES)}))")
#: A run of one- or two-digit numbers separated by spaces or dashes, not starting with 0: a row of a table of figures
#: ("Sunderland 16 4 5 7 14 21 17", "CHICAGO 12 12 3 71 67 27") or a lottery draw ("5 - 11 - 21 - 23 - 33"), which
#: libphonenumber accepts as a national number.
_FIGURE_ROW_RE = re.compile(r"[1-9]\d?(?:(?:[ \t]+|[ \t]*-[ \t]*)\d{1,2}){3,}")
#: Match scores: "6-3", "15-10" (two of them or more in one match: "6-3 1-6 6-3", "15-6 15-9 11-15").
_SCORE_RE = re.compile(r"\d{1,2}-\d{1,2}")
#: A group with one decimal point and at most three digits after it: ".536", "639.55" (a standings table's
#: percentage, a price); numbers grouped with dots have two points or more ("0221.123.456").
_DECIMAL_RE = re.compile(r"\d*\.\d{1,3}")
#: A range of pages or years: "383–387", "1914—1918" (en or em dash, no spaces).
_RANGE_RE = re.compile(r"\d{1,4}[–—]\d{1,4}")
#: Fewest digits of a phone number written without "+": libphonenumber takes "1641" and "1.692" as valid German
#: numbers (variable-length local numbers), but a number someone dials from another town has an area code.
MIN_NATIONAL_PHONE_DIGITS = 6


def figure_row(raw: str) -> bool:
    """Whether a phone match ``raw`` is a row of figures rather than a number someone dials.

    True for four or more groups of one or two digits separated by spaces or dashes whose first digit is not 0
    ("15 4 4 7 17 21 16", "5 - 11 - 21 - 23 - 33"); for two match scores or more ("6-3 1-6 6-3 4-6 6-4"); and for
    groups among which one is a decimal with one point ("57 5 49 .536 6 1", "639.55 639.38"). Numbers written in
    pairs start with a trunk prefix 0 ("01 23 45 67 89", kept), and international ("+32 2 287 6810") or bracketed
    ("(36 1) 327 4040") forms never match.
    """
    if _FIGURE_ROW_RE.fullmatch(raw) is not None:
        return True
    groups = raw.split()
    if sum(1 for g in groups if _SCORE_RE.fullmatch(g)) >= 2:
        return True
    return len(groups) >= 2 and any(_DECIMAL_RE.fullmatch(g) for g in groups)


#: A number written as one dials it, a trunk prefix "0" (or "+" and a country code) and ten digits or more in groups of
#: two or more ("07700 900123", "01632 960001", "+44 7700 900123", "(0161) 496 0000"): a phone number of a possible
#: length is one without a keyword too, valid or not (the United Kingdom's drama ranges, which test documents and
#: fiction use, are not assigned; stop 45: "carer (07700 900123)" stayed in clear). A comma before it is a separator
#: of values after a word ("LS6 2QR,07700 900456" of a CSV file; stop 47: the column of phones stayed in clear), and
#: after a digit when no thousands group follows it (four digits or more: "2014-03-09,07700 900456").
_DIALLED = re.compile(r"(?:(?<![\w+/.,-])|(?<=[^\W\d_],)|(?<=\d,)(?=\+|\(?0\d{3}))"
                      r"(?:\+\d{1,3}[ -]?(?:\(0\)[ -]?)?|\(?0)\d{1,4}\)?(?:[ -]?\d{2,8}){1,3}"
                      r"(?![\w/.,-]?\d)")
_DIALLED = digit_led(_DIALLED)


#: A national number in groups without its trunk prefix, as Spain and Portugal write them ("612 48 90 37", "942 21 77
#: 06", "912 345 678"): kept when libphonenumber finds it valid for a region of the recognizer (stop 52: a bill's
#: "Línea 1  612 48 90 37" stayed in clear: the matcher took "1  612…" as one candidate and rejected it whole).
#: Never inside a row of figures ("jul 838 848 833 834 - 6" of CoNLL-2002's commodity prices).
_GROUPED_NATIONAL = re.compile(r"(?<![\w+/.,-])(?<!\d )(?:[6-9]\d{2}(?:[ ]\d{2}){3}|[2-9]\d{2}(?:[ ]\d{3}){2})"
                               r"(?![\w/.,-]?\d|[ ]\d)")


#: A number in the North American numbering plan's shape, valid or not ("555.123.4567", "(555) 123 4567 x204"; stop 48:
#: a number of the 555 exchange, which libphonenumber rejects, stayed in clear), with an extension.
_NANP = re.compile(r"(?<![\w+/.,-])(?:\+?1[ .-]?)?(?:\([2-9]\d{2}\) ?|[2-9]\d{2}[ .-])\d{3}[ .-]\d{4}"
                   r"(?:[ ]?(?:x|ext\.?)[ ]?\d{1,5})?(?![\w/.,-]?\d)")


#: A number in a phone's shape right after a phone keyword, whatever its region (stop 60: "Telfs.: (0212) 953.41.18 /
#: 953.41.27" of a Venezuelan certificate, "Cel. 099 312 874" of a Uruguayan payslip, "Telf. (01) 475-3318" of a
#: Peruvian receipt stayed in clear: no region of the language's recognizer knows them): a trunk or area code perhaps in
#: brackets, then two to four groups of digits joined by spaces, dots or hyphens; :func:`_keyword_shaped_phones` keeps
#: those of seven to thirteen digits that are no date, and up to two more numbers listed after them.
_PHONE_SHAPE = (r"(?P<num>(?:\+\d{1,3}[^\S\n]?)?(?:\(0?\d{1,4}\)[^\S\n]?|0\d{1,4}[ .-])?\d{2,4}(?:[ .-]\d{2,4}){1,3})"
                r"(?![\w]|[.,-]\d)")
#: (A word may stand between the keyword and its colon, "Telf. directo: 0414-327.90.61".)
#: (Stop 61: and a form's dot leader, "Mobile no. ................ 74 315 902" of an identity card application.)
_KEYWORD_PHONE = re.compile(r"(?:[^\S\n]+[^\W\d_]{3,12})?[^\S\n]*(?:\.{2,}[^\S\n]*:?|[:.])?[^\S\n]*" + _PHONE_SHAPE)
#: The next number of a list after one (" / 953.41.27", ", 953 41 27").
_NEXT_PHONE = re.compile(r"[^\S\n]*[/,][^\S\n]*" + _PHONE_SHAPE)


def _keyword_shaped_phones(text: str, keyword_ends: list[int]) -> list[tuple[int, int]]:
    """Spans of :data:`_KEYWORD_PHONE` numbers right after a phone keyword that ends at one of ``keyword_ends``: seven
    to thirteen digits, no numeric date nor figure row (:func:`not_a_phone`). Each keyword reads at most one number
    and a few characters after it: linear in the text."""
    out = []
    for end in keyword_ends:
        m = _KEYWORD_PHONE.match(text, end)
        for _ in range(3):  # the number and at most two more of its list
            if m is None:
                break
            raw = m.group("num")
            if not 7 <= sum(c.isdigit() for c in raw) <= 13 or not_a_phone(raw):
                break
            out.append(m.span("num"))
            m = _NEXT_PHONE.match(text, m.end())
    return out


def _overlaps_found(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``[start, end)`` overlaps one of ``spans`` (sorted, disjoint or nearly: the last two starting before
    ``end`` are read), in O(log n)."""
    i = bisect.bisect_left(spans, (end, 0))  # the spans starting before this one's end
    return i > 0 and max(e for _, e in spans[max(0, i - 2):i]) > start


def _dialled(raw: str) -> bool:
    return _DIALLED.fullmatch(raw) is not None and sum(c.isdigit() for c in raw) >= 10


#: An extension right after a phone number: "(ext. 3355)", " ext 204", " x2240", " / work x2240", "ramal 21".
_EXTENSION_AFTER = re.compile(r"[^\S\n]*(?:\(|/[^\S\n]*(?:work|office|trabalho|trabajo|Büro)?)?[^\S\n]*"
                              r"(?i:x|ext\.?|extn\.?|extensión|extensão|ramal)[^\S\n]?\d{1,6}\)?(?![\w])")


def _valid(raw: str, region: str) -> bool:
    """Whether ``raw`` parses as a valid number of ``region`` (libphonenumber: an assigned range and length)."""
    try:
        return phonenumbers.is_valid_number(phonenumbers.parse(raw, region))
    except phonenumbers.NumberParseException:
        return False


def _possible(raw: str, region: str) -> bool:
    """Whether ``raw`` parses as a number of a possible length for ``region`` (libphonenumber)."""
    try:
        return phonenumbers.is_possible_number(phonenumbers.parse(raw, region))
    except phonenumbers.NumberParseException:
        return False


def _international(raw: str) -> bool:
    """Whether ``raw``, written with "+", names an assigned country code and seven to twelve digits after it: a line
    abroad whatever libphonenumber knows of its plan's lengths (stop 69: a Lagos landline of a bill of lading, "+234 1
    280 4471", one digit short of the plan's, stayed in clear)."""
    if not raw.startswith("+"):
        return False
    try:
        number = phonenumbers.parse(raw, None)
    except phonenumbers.NumberParseException:
        return False
    return (phonenumbers.region_code_for_country_code(number.country_code) != "ZZ"
            and 7 <= len(str(number.national_number)) <= 12)


def not_a_phone(raw: str) -> bool:
    """Whether a match of libphonenumber ``raw`` is something else written with digits: a numeric date (a valid
    calendar date: :func:`_valid_numeric_date`), a row of figures (:func:`figure_row`), a range ("383–387") or,
    without "+", fewer than :data:`MIN_NATIONAL_PHONE_DIGITS` digits ("1641", "1.692"). A date in parentheses is one
    too (stop 48: a police press release's "Am Freitagabend (07.11.2025)" was masked as a phone number), and so is one in
    square brackets (stop 52: a chat export's "[04.03.2024, 08:51]" headers became phone numbers)."""
    core = raw.strip("()[]")
    if _NUMERIC_DATE_RE.fullmatch(core) and _valid_numeric_date(core):
        return True
    period = _DATE_PERIOD.fullmatch(raw)
    if period is not None and all(_valid_numeric_date(d) for d in period.groups()):
        return True  # "08/2014 – 03/2019", a period of a CV
    if figure_row(raw) or _RANGE_RE.fullmatch(raw):
        return True
    return not raw.lstrip("(").startswith("+") and sum(c.isdigit() for c in raw) < MIN_NATIONAL_PHONE_DIGITS


class PhoneRecognizer(Recognizer):
    """Phone numbers validated by libphonenumber (label ``PHONE``).

    libphonenumber accepts German numeric dates as numbers of region DE ("3.4.2021" is a valid 6-digit
    number); a match that is a valid calendar date written with date separators is left to the date
    recognizer. It also accepts rows of tables of figures ("16 4 5 7 14 21 17" in a league table), ranges
    ("S. 383–387") and short German numbers ("1641", a year): :func:`not_a_phone` leaves those out. An amount
    of money is no phone number either: a match inside a match of the money pattern ("643.795.000 reales",
    ``MoneyRecognizer``) is left to it.

    Right after a phone keyword of the language ("Call me on", "Tel.:", "Handy", "móvil": ``keywords``), a number
    of a possible length for the region (libphonenumber's ``POSSIBLE`` leniency) is a phone number too, valid or
    not: a number from a range not (yet) assigned, a typo, a fictional number in a test document ("07700 900123"
    from the United Kingdom's drama range) names a line as surely, and a wrong restoration is impossible here — an
    unmasked one is a leak.

    Args:
        regions: ISO 3166 regions for numbers written without ``+`` country code.
        keywords: a pattern of the words before a phone number (:func:`phone_keywords`), or ``None``.
        extensions: a pattern of an extension after its word (:func:`extension_keywords`), or ``None``.
        dialled_regions: more regions, only for a number written as one dials it or in a national number's groups,
            each candidate parsed alone (stop 67: "098 115 603" of a Uruguayan policy).
    """

    name = "phone"

    #: Most characters between a keyword and the number it names ("Tel. (mobile): ").
    KEYWORD_GAP = 16

    def __init__(self, regions: tuple[str, ...] = ("US",), keywords: re.Pattern[str] | None = None,
                 extensions: re.Pattern[str] | None = None, dialled_regions: tuple[str, ...] = ()) -> None:
        self.regions = regions
        self.dialled_regions = tuple(r for r in dialled_regions if r not in regions)
        self.candidate_regions = regions + self.dialled_regions
        self.keywords = keywords
        self.extensions = extensions

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        found: dict[tuple[int, int], Entity] = {}
        if self.extensions is not None:
            # an extension's digits after its word ("ext. 4471", "Durchwahl -23", "ramal 4412"; stop 45: in clear)
            for m in self.extensions.finditer(text):
                found[m.span("ext")] = Entity(m.start("ext"), m.end("ext"), PHONE, m.group("ext"), self.name)
        if _PHONE_DIGITS.search(text) is None:
            # no run of digits long enough for any number libphonenumber matches: nothing to parse
            return sorted(found.values(), key=lambda e: (e.start, e.end))
        money: list[tuple[int, int]] | None = None  # spans of amounts, found once and only when needed

        def in_money(start: int, end: int) -> bool:
            nonlocal money
            if money is None:
                money = [m.span() for m in _MONEY_RE.finditer(text)]  # sorted, non-overlapping
            i = bisect.bisect_right(money, (start, len(text) + 1)) - 1  # the last amount starting at or before
            return i >= 0 and money[i][0] <= start and end <= money[i][1]

        after = [m.end() for m in self.keywords.finditer(text)] if self.keywords is not None else []
        passes = [(region, phonenumbers.Leniency.VALID) for region in self.regions]
        if after:
            passes.extend((region, phonenumbers.Leniency.POSSIBLE) for region in self.regions)
        for region, leniency in passes:
            for match in phonenumbers.PhoneNumberMatcher(text, region, leniency=leniency):
                if leniency == phonenumbers.Leniency.POSSIBLE and not _named_by_keyword(text, after, match.start,
                                                                                        self.KEYWORD_GAP):
                    continue
                key = (match.start, match.end)
                if key in found or not_a_phone(match.raw_string) or in_money(match.start, match.end):
                    continue
                start, raw = match.start, match.raw_string
                if raw.startswith("(") and raw.count("(") > raw.count(")"):
                    # "telefonisch (0761 270-34012), dass": libphonenumber takes the bracket that opens the aside
                    # and leaves the one that closes it; the number is what follows the bracket
                    start, raw = start + 1, raw[1:]
                found[key] = Entity(start, match.end, PHONE, raw, self.name)
        # numbers written as one dials them that no pass found (not assigned, no keyword): each parsed alone, a
        # possible number of a region is a phone number (a matcher's third and fourth pass over the whole text cost
        # four times the first two on a page of such numbers)
        spans = sorted(found)
        # (stop 67: and a shorter one, eight or nine digits, valid for a region tried only so, "098 115 603")
        for m in _DIALLED.finditer(text):
            raw = m.group()
            dialled = _dialled(raw)
            if not (dialled or self.dialled_regions and sum(c.isdigit() for c in raw) >= 8) or not_a_phone(raw) \
                    or in_money(*m.span()):
                continue
            if _overlaps_found(spans, *m.span()):
                continue  # a pass found it (or part of it) already
            if (dialled and (any(_possible(raw, region) for region in self.candidate_regions) or _international(raw))
                    or any(_valid(raw, region) for region in self.dialled_regions)):
                found[m.span()] = Entity(m.start(), m.end(), PHONE, raw, self.name)
        spans = sorted(found)
        for m in _GROUPED_NATIONAL.finditer(text):
            if _overlaps_found(spans, *m.span()) or in_money(*m.span()) or not_a_phone(m.group()):
                continue
            if any(_valid(m.group(), region) for region in self.candidate_regions):
                found[m.span()] = Entity(m.start(), m.end(), PHONE, m.group(), self.name)
        if after:
            spans = sorted(found)
            for start, end in _keyword_shaped_phones(text, after):
                if not _overlaps_found(spans, start, end) and not in_money(start, end):
                    found[(start, end)] = Entity(start, end, PHONE, text[start:end], self.name)
        if found and ("x" in text or "ext" in text.lower() or "ramal" in text.lower()):
            # an extension after a number ("289 891 100 (ext. 3355)", "217-555-0119 / work x2240"; stop 52: the
            # extension stayed in clear): part of the number it dials
            starts = sorted(k[0] for k in found)
            for key, entity in list(found.items()):
                m = _EXTENSION_AFTER.match(text, entity.end)
                # (not where the extension's keyword found the extension alone already: "ext 22" → "22")
                if m is not None and bisect.bisect_left(starts, m.end()) == bisect.bisect_left(starts, entity.end):
                    found[key] = Entity(entity.start, m.end(), PHONE, text[entity.start:m.end()], self.name)
        if "US" in self.regions or "CA" in self.regions:
            spans = sorted(found)
            for m in _NANP.finditer(text):
                if _overlaps_found(spans, *m.span()):
                    continue  # found already (or part of it)
                found[m.span()] = Entity(m.start(), m.end(), PHONE, m.group(), self.name)
        return sorted(found.values(), key=lambda e: (e.start, e.end))


#: Month names (and common abbreviations) per language → month number (:mod:`app.languages`: ``months``,
#: ``month_variants``, ``month_abbreviations``; lower case).
MONTHS: dict[str, dict[str, int]] = {
    lang.code: {**{m.lower(): n for n, m in enumerate(lang.months, 1)},
                **{m.lower(): n for m, n in lang.month_variants.items()}, **lang.month_abbreviations}
    for lang in languages.all_languages()
}

#: (stop 66: and a first day's ordinal sign, "con fecha de inicio 1.º de abril de 2024" of a pension resolution)
_ORDINAL = r"(?:st|nd|rd|th|\.?[º°])?"
#: What joins the days of a list or range before their month, in any of the languages: a comma, a dash or a slash, "and",
#: "or", "to", "und", "bis", "y", "e", "a", "al", "ou", "o".
_DAY_JOINER = r"(?:\s?,\s?|\s?[-–/&]\s?|\s+(?:and|or|to|und|bis|y|e|a|al|ou|o)\s+)"
_YEAR = r"(?:1[5-9]\d\d|2[01]\d\d)"


def _date_patterns(language: str) -> list[re.Pattern[str]]:
    months = sorted(MONTHS[language], key=len, reverse=True)
    month_name = r"(?:" + "|".join(re.escape(m) for m in months) + r")"
    month = month_name + r"\.?"
    # a pattern that starts with a month name first checks the one character every month name can start with (the
    # same matches: only positions where no alternative could match are skipped; 2.4x faster on the demo documents)
    at_month = r"\b(?=[" + "".join(re.escape(c) for c in sorted({m[0] for m in months})) + r"])"
    abbreviation = "|".join(sorted({re.escape(m[:3]) for m in months} | {"sept", "set"}, key=len, reverse=True))
    at_abbreviation = r"\b(?=[" + "".join(re.escape(c) for c in sorted({m[0] for m in months} | {"s"})) + r"])"
    day = r"(?:[12]\d|3[01]|0?[1-9])"
    of = languages.get(language).date_of
    patterns = [
        # 3 March 2015 / 21. August 1992 / 3 de marzo de 2015 / 3rd of March, 2015 / (stop 53) the 9th day of June 2021
        rf"\b{day}{_ORDINAL}\.?(?:\s+day)?(?:\s+of)?{of}{month}(?:,?{of}{_YEAR})?\b",
        # several days of one month: 12 and 19 September / 10-12 March / 3., 4. und 5. Mai / dias 20 e 21 de outubro
        # (stop 46: the first day of "on 12 and 19 September" stayed in clear)
        # (at most seven days: unbounded, "12 and 12 and …" without a month was tried to its end from every day, 21 s
        # for 40,000 characters; bounded, each start reads at most seven)
        rf"\b{day}{_ORDINAL}\.?(?:{_DAY_JOINER}{day}{_ORDINAL}\.?){{1,6}}(?:\s+of)?{of}{month}(?:,?{of}{_YEAR})?\b",
        # March 3, 2015 / March 3rd
        # (not a time's hour: "15-Mar 09:40"; stop 54)
        rf"{at_month}{month}\s+{day}{_ORDINAL}(?:,?\s+{_YEAR})?\b(?!:\d)",
        # August 2016 / marzo de 2015 / febrero 2002 / (stop 58) março/2024
        # (stop 71: and a range of months before the year, "los meses de enero a junio de 2024" of a summons, "marzo a
        # septiembre de 2024" of an eviction notice: the first month stayed in clear)
        rf"{at_month}{month}(?:(?:\s+(?:a|y|e|até|hasta|to|and|until|bis|und)\s+|\s*[–-]\s*){month})?"
        rf"(?:{of}|\s+|/){_YEAR}\b",
        # 27-octubre-2016 / 3-Mar-2015
        rf"\b{day}-{month}-{_YEAR}\b",
        # 04MAR2016 / 4Mar16: as airlines, military and some forms write a date, no separator (a month's name or
        # abbreviation between the digits; stop 46: "DOB 04MAR2016" of a booking stayed in clear)
        rf"\b{day}{month_name}(?:{_YEAR}|\d\d)\b",
        # and without the year, in capitals only ("SAT 23MAR  DUB 08:05" of an e-ticket; stop 50)
        rf"\b{day}(?-i:{month_name.upper()})\b",
        # the airlines' English months in a ticket of any language ("Fecha: 21JUL24" of a Spanish complaint; stop 52)
        rf"\b{day}(?-i:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(?:{_YEAR}|\d\d)?\b",
        # a month's three-letter abbreviation between numeric parts, as forms, clinical records and logs write a date
        # in every language ("17/may/1988", "5-feb-2024", "02-ene-2024", "07.okt.2024"; a month and a year, "nov-2023",
        # "dez/2023": stop 51, Spanish and Portuguese abbreviations were no month names), one pattern (one scan)
        rf"\b{day}(?P<sep>[-/.])(?:{abbreviation})\.?(?P=sep)(?:{_YEAR}|\d\d)\b"
        rf"|\b{day}\s(?:{abbreviation})\.?\s{_YEAR}\b"
        # (and with the language's "of": "ter., 4 de jun. de 2024 às 09:17" of a mail client's header; stop 58)
        rf"|\b{day}{of}(?:{abbreviation})\.{of}{_YEAR}\b"
        rf"|{at_abbreviation}(?:{abbreviation})(?:[-/]|\.\s)(?:{_YEAR})\b"
        # (and with a year of two digits after a hyphen, as bills write their periods: "ago-23", "feb-24"; stop 52)
        rf"|{at_abbreviation}(?:{abbreviation})-\d\d(?![\w-]|[.,/]\d)",
        *_NUMERIC_DATES,
        "|".join(f"(?:{p})" for p in _LOG_TIMESTAMPS),
    ]
    return [re.compile(p, re.IGNORECASE) for p in patterns]


def _spelled_date_pattern(language: str) -> re.Pattern[str] | None:
    """A date in words, as deeds and minutes write it ("aos doze dias do mês de março de dois mil e vinte e seis",
    "the twelfth day of March, two thousand and twenty-six"; :attr:`app.languages.Language.spelled_date`): up to
    eight words of a year, its joiners inside; group ``day`` the day's word(s), ``month`` the month's; ``None`` for a
    language without one."""
    lang = languages.get(language)
    if not lang.spelled_date or not lang.day_words:
        return None
    month = r"(?:" + "|".join(re.escape(m) for m in sorted(MONTHS[language], key=len, reverse=True)) + r")\.?"
    spelled_day = rf"(?P<day>{'|'.join(lang.day_words)})"
    year_word = rf"(?:{'|'.join(lang.year_words)})" if lang.year_words else "(?!)"
    # a year starts with a number, never with a joiner ("the first of May and two days later" has none)
    # (stop 65: one line break allowed between two of its words, "dois mil e vinte\ne quatro" of a birth record; the
    # pipeline cuts the entity at it, each line's part masked)
    spelled_year = rf"(?!(?:and|e|y)\b){year_word}(?:(?:[^\S\n]+|-|[^\S\n]*\n[^\S\n]*){year_word}){{0,7}}"
    spelled = lang.spelled_date.format(day=spelled_day, month=rf"(?P<month>{month})", year=spelled_year)
    # a match starts at a word whose first letter can open one: a day's word, or the template's literal first word
    # ("the" of English's "(?:the\s+)?{day}"); the same matches, 2x faster on the demo documents
    literal = lang.spelled_date.split("\\")[0].lstrip("(?:")
    openers = {w[0] for w in (*lang.day_words, literal) if w[:1].isalpha()}
    first = "".join(sorted({c.lower() for c in openers} | {c.upper() for c in openers}))
    if any(w.startswith(r"\d") for w in lang.day_words):  # a day in figures before the words of a deed (stop 58)
        first += "0-9"
    return re.compile(rf"\b(?=[{first}])(?<![\w-]){spelled}(?![\w-])", re.IGNORECASE)


#: (each scanned only at its possible first characters where those are digits: :func:`digit_led`, issue 18)
_DATE_PATTERNS: dict[str, list[re.Pattern[str]]] = {
    lang: [gated(digit_led(p)) for p in _date_patterns(lang)] for lang in MONTHS}
_SPELLED_DATE_PATTERNS: dict[str, re.Pattern[str] | None] = {lang: _spelled_date_pattern(lang) for lang in MONTHS}

#: A day and month without a year: "16/03", "02/03", "13/3" (slashes: both parts of two digits or one above 12, so
#: that "1/2" stays a fraction), or "31.05.", "3.5." (dots: the final one written, not part of the match: it may end
#: the sentence too); never followed by more of a number.
_DAY_MONTH = (r"(?P<date>\d\d/\d\d|(?:1[3-9]|2\d|3[01])/\d{1,2}|\d{1,2}/(?:1[3-9]|2\d|3[01])"
              r"|\d{1,2}\.\d{1,2}(?=\.(?![\w.])))(?![/.,]?\d)")


def _date_cue_pattern(language: str) -> re.Pattern[str] | None:
    """One of the language's ``date_cues`` or a weekday ending right before a position ("on ", "bis zum ", "Mo., ",
    "el "), searched backwards from a day and month without a year (:data:`_DAY_MONTH_RE`, found first: a text has
    few); ``None`` for a language without cues."""
    lang = languages.get(language)
    if not lang.date_cues:
        return None
    weekdays = [re.escape(w) for w in (*lang.weekdays, *lang.weekday_variants)]
    weekdays += [rf"{re.escape(w)}\.?" for w in lang.weekday_abbreviations]
    cues = "|".join((*lang.date_cues, *weekdays))
    return re.compile(rf"(?<![\w/.-])(?:{cues}),?[^\S\n]+$", re.IGNORECASE)


def _weekday_day_pattern(language: str) -> re.Pattern[str]:
    """(stop 54) A weekday and its day of the month ("el sábado 9 jugamos", "el jueves 14 el entreno" of a parents'
    chat, "Saturday 9th"): as precise as a day and month; never a time ("lunes 10:00", "Saturday 9am")."""
    lang = languages.get(language)
    weekdays = "|".join(re.escape(w) for w in (*lang.weekdays, *lang.weekday_variants))
    # (not before a month: a full date is the date recognizer's, without its weekday, "Friday 17 December 1999")
    months = "|".join(re.escape(m) for m in sorted(MONTHS[language], key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?i:{weekdays})[^\S\n]+(?:[12]\d|3[01]|0?[1-9])(?:º|ª|th|st|nd|rd)?"
                      rf"(?![\w:]|[.,/]\d|[^\S\n]+(?:(?:de|of)[^\S\n]+)?(?i:{months}))")


_WEEKDAY_DAY: dict[str, re.Pattern[str]] = {lang: _weekday_day_pattern(lang) for lang in MONTHS}


#: A day and month without a year anywhere (:data:`_DAY_MONTH`), not inside a longer number or date.
#: A time of day right after a day and month: the two are a date ("[22/07 09:41] Gui: …" of a ticket's notes; stop 51),
#: also after a comma or a word for "at" and written with "h" ("recolha 19/07 às 06:45", "16/07 09h05" of a hotel's
#: card, "(…, 11.03., 23:14)" and "| 27.3. | 16:00-16:50" of therapy notes; stop 53).
_TIME_AFTER = re.compile(r"\.?(?:[^\S\n]*[|,;][^\S\n]*|[^\S\n]+)(?:(?:às|as|a[^\S\n]+las|at|um|ab|à)[^\S\n]+)?"
                         r"(?:[01]?\d|2[0-3])[:h][0-5]\d(?!\d)")
_DAY_MONTH_RE = re.compile(rf"(?<![\w/.,-]){_DAY_MONTH}")
#: A day and month where a range's second end starts (:data:`_DAY_MONTH` anchored by ``match``).
_DAY_MONTH_AT = re.compile(_DAY_MONTH)
#: Characters read back from a day and month for its cue (the longest cue, "a partir del", and a weekday fit).
_CUE_WINDOW = 32


_DATE_CUE_PATTERNS: dict[str, re.Pattern[str] | None] = {
    lang: (letter_led(p) if (p := _date_cue_pattern(lang)) is not None else None) for lang in MONTHS}
#: A day and month that opens a line and is followed by a column's gap (a tab, two spaces): the date column of a bank
#: statement or a rota ("02/03       SO CHIDI OKONJO RENT"); counted only where two lines or more open so.
#: A German statement writes the final dot ("03.11.       Lastschrift …": stop 47, the column stayed in clear).
#: (stop 55) And a list's items that open with a day and month and a colon ("- 03/04: mucha tensión en rotondas" of a
#: driving school's notes on a pupil; in clear), a bullet before it.
#: (stop 56) And one space after a German day and month of two digits each with its final dot ("- 15.10. Herr
#: Gschwendtner → Hausarztpraxis …" of a neighbourhood help's plan; a heading's "1.2. Einleitung" has one digit each).
_DAY_MONTH_COLUMN = re.compile(rf"^[^\S\n]*(?:[-•*–][^\S\n]+)?{_DAY_MONTH}\.?"
                               r"(?=\t|[^\S\n]{2,}|:[^\S\n]|(?<=\d\d\.\d\d\.)[^\S\n](?=\S))", re.MULTILINE)


#: Between two dates of a list: a comma or a conjunction of the four languages (matched after the first date, and
#: searched, anchored at its end, before the second).
#: (stop 57: after a German day and month's final dot, "am 12.02., 26.02. und 11.03.2024", and between the two ends of a
#: range, "(12/06 a 19/06)", "15.07. bis 19.07.", "12/06–19/06")
_DATE_LIST_JOINER = (r"(?:\.?[^\S\n]*,[^\S\n]*|\.?[^\S\n]+(?:y|e|and|und|et|ou|o|a|al|até|bis|to|till|until)[^\S\n]+"
                     r"|\.?[^\S\n]*[-–][^\S\n]*)")
_DATE_LIST_NEXT = re.compile(_DATE_LIST_JOINER)
_DATE_LIST_BEFORE = re.compile(_DATE_LIST_JOINER + "$")
#: A note's date before its colon, the German day and month with their full stop ("Nachtrag 05.12.: …").
_NOTE_COLON = re.compile(r"\.:")
#: A day and month of one or two digits each ("8/10"), not inside a longer number or date.
_SHORT_DAY_MONTH = re.compile(r"(?<![\w/.,-])(?P<date>\d{1,2}/\d{1,2})(?![/.,]?\d)")
#: (stop 54) A log line's month and day before its time, as Android's logcat writes them ("05-07 18:19:03.552 12874 E
#: AndroidRuntime: …" of a crash report: the day stayed in clear), and a day with an English month's abbreviation
#: ("15-Mar 09:40 pax phoned" of a baggage claim's log: "Mar 09" was read as the date).
_LOG_MONTH_DAY = re.compile(r"^(?P<date>(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))"
                            r"(?=[^\S\n]+(?:[01]\d|2[0-3]):[0-5]\d:)", re.MULTILINE)
#: (stop 54) A season and its year in the four languages ("seit Herbst 2023 arbeitslos" of owners' minutes, "summer of
#: 2019", "invierno de 2022", "verão de 2021"), as precise as a month and a year.
_SEASON_YEAR = re.compile(r"\b(?i:spring|summer|autumn|fall|winter|frühjahr|frühling|sommer|herbst|winter|primavera"
                          r"|verano|otoño|invierno|verão|outono|inverno)(?:[^\S\n]+(?:of|de|do))?[^\S\n]+"
                          r"(?:19|20)\d\d\b")
_SEASON_YEAR = letter_led(_SEASON_YEAR)  # (stop 67: issue 18)
_DAY_MON = re.compile(r"(?<![\w/.-])(?:[12]\d|3[01]|0?[1-9])-(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)"
                      r"(?![\w-])")


def _list_next_start(text: str, end: int) -> int:
    """Where the next date of a list would start after a date that ends at ``end``, or ``-1``."""
    m = _DATE_LIST_NEXT.match(text, end)
    return m.end() if m is not None else -1


def _list_previous_end(text: str, start: int) -> int:
    """Where a date would end before ``start`` in a list ("11/01 y 12/01": the end of "11/01"), or ``-1``."""
    m = _DATE_LIST_BEFORE.search(text, max(0, start - 6), start)
    return m.start() if m is not None else -1


def _valid_day_month(surface: str) -> bool:
    """Whether ``surface`` ("16/03", "31.05") names a day of a month, day first or month first (a leap year: 29/02)."""
    first, second = (int(p) for p in re.split(r"[./]", surface))
    return any(1 <= m <= 12 and 1 <= d <= (29 if m == 2 else 30 if m in (4, 6, 9, 11) else 31)
               for d, m in ((first, second), (second, first)))


def _valid_numeric_date(surface: str) -> bool:
    parts = re.split(r"[./-]", surface)
    if len(parts) != 3:
        return True
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        return True
    if len(parts[0]) == 4:  # ISO
        candidates = [(nums[0], nums[1], nums[2])]
    else:
        year = nums[2] + (2000 if nums[2] < 50 else 1900) if len(parts[2]) == 2 else nums[2]
        candidates = [(year, nums[1], nums[0]), (year, nums[0], nums[1])]  # d/m/y or m/d/y
    for y, m, d in candidates:
        try:
            _dt.date(y, m, d)
            return True
        except ValueError:
            continue
    return False


#: A date of birth after its word, in every language, with a year of two digits and hyphens or dots too ("M/H/DOB
#: 3-4-85" of a US police narrative, stop 49: in clear; "geb. 3.4.85", "F. nac.: 3-4-85"), a valid day and month in
#: either order.
#: A date in a form's boxes after the boxes' legend, day, month and year one space apart ("4  Leaving date DD MM
#: YYYY          28 07 2023", "11 Date of birth DD MM YYYY   14 02 1991" of a P45; stop 67: in clear), on the legend's
#: line; a valid day and month by their ranges.
_BOXED_DATE_RE = re.compile(r"(?<![\w])(?:DD|TT|JJ)[^\S\n]?[/.-]?[^\S\n]?MM[^\S\n]?[/.-]?[^\S\n]?(?:YYYY|JJJJ|AAAA)"
                            r"[^\S\n]*:?[^\S\n]*(?P<date>(?:0[1-9]|[12]\d|3[01])[^\S\n](?:0[1-9]|1[0-2])[^\S\n]"
                            r"(?:19|20)\d\d)(?![\w])")
_BIRTH_DATE_RE = re.compile(
    r"(?i:(?<![\w])(?:DOB|D\.O\.B\.?|born(?:[^\S\n]+on)?|date[^\S\n]+of[^\S\n]+birth|geb\.|geboren(?:[^\S\n]+am)?"
    r"|Geburtsdatum|nacid[oa](?:[^\S\n]+el)?|F\.[^\S\n]?nac\.|fecha[^\S\n]+de[^\S\n]+nacimiento"
    r"|nascid[oa](?:[^\S\n]+(?:em|a))?|data[^\S\n]+de[^\S\n]+nascimento|D\.N\.))[^\S\n]*:?[^\S\n]*"
    r"(?P<date>\d{1,2}[-./]\d{1,2}[-./](?:\d{4}|\d{2}))(?![\w]|[-./]\d)")


class DateRecognizer(Recognizer):
    """Dates written with month names of the language or as valid numeric dates (label ``DATE``).

    A bare month name ("May") is not a date; a month name needs a day or a year next to it. A day and month without a
    year ("16/03", "31.05.") is a date after a cue of the language (:attr:`app.languages.Language.date_cues`: "on",
    "bis zum", "el", "até") or a weekday, and in a column of dates opening two lines or more (a bank statement). A date
    of birth after its word in any of the four languages may write a two-digit year with hyphens ("DOB 3-4-85":
    :data:`_BIRTH_DATE_RE`). Overlapping matches keep the longest.
    """

    name = "date"

    def __init__(self, language: str = "en") -> None:
        if language not in _DATE_PATTERNS:
            raise ValueError(f"no date patterns for language {language!r}")
        self.language = language

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        spans: list[tuple[int, int]] = []
        for pattern in _DATE_PATTERNS[self.language]:
            for m in pattern.finditer(text):
                if _valid_numeric_date(m.group()):
                    spans.append(m.span())
        if "-" in text or "." in text or "/" in text:
            spans.extend(m.span("date") for m in _BIRTH_DATE_RE.finditer(text) if _valid_numeric_date(m.group("date")))
        if "MM" in text:
            spans.extend(m.span("date") for m in _BOXED_DATE_RE.finditer(text))
        spans.extend(m.span() for m in _SEASON_YEAR.finditer(text))
        spans.extend(m.span() for m in _WEEKDAY_DAY[self.language].finditer(text))
        if "-" in text:
            spans.extend(m.span("date") for m in _LOG_MONTH_DAY.finditer(text))
            spans.extend(m.span() for m in _DAY_MON.finditer(text))
        spelled = _SPELLED_DATE_PATTERNS[self.language]
        if spelled is not None:
            # a day and a month both capitalised name a place or a feast ("Hospital Doce de Octubre", "Rua Vinte e Cinco
            # de Março", "the Fourth of July"): CoNLL-2002's and HAREM's only such matches in capitals are places
            # (with a year after it, a date: "Caller: Ninth of June, nineteen seventy-two", stop 47)
            spans.extend(m.span() for m in spelled.finditer(text)
                         if not (m.group("day")[0].isupper() and m.group("month")[0].isupper())
                         or m.end() > m.end("month"))
        cue = _DATE_CUE_PATTERNS[self.language]
        if cue is not None and ("/" in text or "." in text):
            candidates = [m for m in _DAY_MONTH_RE.finditer(text) if _valid_day_month(m.group("date"))]
            spans.extend(m.span("date") for m in candidates
                         if cue.search(text, max(0, m.start() - _CUE_WINDOW), m.start()) is not None
                         or _TIME_AFTER.match(text, m.end()) is not None
                         # (stop 53) a German note's date before its colon ("Nachtrag 05.12.: …")
                         or _NOTE_COLON.match(text, m.end()) is not None)
            # (stop 53) one or two digits each before a time ("cita fisio martes 8/10 a las 17:15")
            spans.extend(m.span("date") for m in _SHORT_DAY_MONTH.finditer(text)
                         if _valid_day_month(m.group("date")) and _TIME_AFTER.match(text, m.end()) is not None)
            # (stop 53) the days and months of a list with one found, after it or before it ("el 11/01 y 12/01" of a
            # support chat, "nos dias 05/10, 05/11 e 05/12/2024" of a contract): one pass forward, one backward, each
            # linear (a crafted list of thousands stays cheap)
            # (stop 58) both ends of a range of days ("[X] 07/07–11/07   [ ] 14/07–18/07" of a holiday camp's weeks)
            # (stop 59: and after a hyphen, which no candidate follows, "Room charges 03/14-03/16" of a hotel's report)
            for m in candidates:
                end = m.end("date")
                if text[end:end + 1] in ("–", "-"):
                    second = _DAY_MONTH_AT.match(text, end + 1)
                    if second is not None and _valid_day_month(second.group("date")):
                        spans.extend((m.span("date"), second.span("date")))
            taken = set(spans)
            ends = {e for _, e in taken}
            for m in candidates:  # in text order: each may continue a list found before it
                span = m.span("date")
                if span not in taken and _list_previous_end(text, m.start()) in ends:
                    taken.add(span)
                    ends.add(span[1])
            starts = {a for a, _ in taken}
            for m in reversed(candidates):  # backwards: each may open a list found after it
                span = m.span("date")
                if span not in taken and _list_next_start(text, m.end()) in starts:
                    taken.add(span)
                    starts.add(span[0])
            spans = list(taken)
            column = [m.span("date") for m in _DAY_MONTH_COLUMN.finditer(text) if _valid_day_month(m.group("date"))]
            if len(column) >= 2:
                spans.extend(column)
        spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
        result: list[Entity] = []
        last_end = -1
        for start, end in spans:
            if start >= last_end:
                result.append(Entity(start, end, DATE, text[start:end], self.name))
                last_end = end
            elif end > last_end and result:
                prev = result[-1]
                result[-1] = Entity(prev.start, end, DATE, text[prev.start : end], self.name)
                last_end = end
        return with_range_start(result, text, 31)


# ---------------------------------------------------------------------------------------------------
# Times, money, case and file numbers, postal codes, numbers
# ---------------------------------------------------------------------------------------------------

_TIME_RE = re.compile(
    # (never the start of a longer number: "10.20.4.15:5432", a host's port, made "15:54" a time; stop 51)
    r"\b(?:[01]?\d|2[0-3])(?::[0-5]\d(?::[0-5]\d(?:[,.]\d{1,6})?)?(?!\d|:\d)(?:\s?(?:[ap]\.?m\.?|Uhr|h|hrs?)\b)?"
    # a full hour in German ("gegen 14 Uhr", "um 9 Uhr"; stop 47: only "14.30 Uhr" was a time)
    # (and Brazil's "03h40min" of a death certificate; stop 53)
    r"|[.h][0-5]\d\s?(?:Uhr|h)\b|h[0-5]\d(?:min)?\b|h(?![\w/])|\s?Uhr\b)"
    r"|\b(?:1[0-2]|0?[1-9])\s?[ap]\.m\.|\b(?:1[0-2]|0?[1-9])\s?[ap]m\b"
    # "8.15am", "10.30 p.m.": British English writes the minutes after a full stop (stop 46: stayed in clear)
    r"|\b(?:1[0-2]|0?[1-9])\.[0-5]\d\s?(?:[ap]\.m\.|[ap]m\b)"
    # the 24-hour clock without a colon, as police and forces write it ("at approx 0215hrs": stop 47)
    r"|\b(?:[01]\d|2[0-3])[0-5]\d\s?hrs?\b",
    re.IGNORECASE,
)
_TIME_RE = digit_led(_TIME_RE)


class TimeRecognizer(Recognizer):
    """Times of day: ``10:30``, ``10:30:15``, ``3 p.m.``, ``14.30 Uhr``, ``14 Uhr``, ``14h30``, ``15h``, ``0215hrs``
    (label ``TIME``; stop 45: a Brazilian nursing record's "às 15h" stayed in clear), a log's milliseconds
    ("09:14:52,118"), and the first hour of a range ("16–18h", "14-18 uhr"; stop 52)."""

    name = "time"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        return with_range_start(pattern_entities(_TIME_RE, text, TIME, self.name), text, 24)


#: The first number of a range right before a date or a time ("25.–29.08.2025", "25. bis 29.8.", "18 al 21/04", "15 a
#: 26/07", "16–18h", "14-18 uhr"; stop 52: the first day or hour stayed in clear).
_RANGE_START = re.compile(r"(?<![\w.,/:-])(?P<n>\d{1,2})\.?[^\S\n]?(?:–|-|bis|al|a|to|until|und|y|e)[^\S\n]?$")


def with_range_start(entities: list[Entity], text: str, highest: int) -> list[Entity]:
    """``entities`` (dates or times, sorted, disjoint; offsets into ``text``) each widened to the first number of a
    range before it (:data:`_RANGE_START`, a number up to ``highest``: 31 for days, 24 for hours), when the entity
    starts with a digit and no other entity ends in that range. ``list[Entity]`` in the same order."""
    out: list[Entity] = []
    for e in entities:
        if e.text[:1].isdigit():
            floor = max(e.start - 12, out[-1].end if out else 0)
            m = _RANGE_START.search(text, floor, e.start)
            if m is not None and m.end() == e.start and int(m.group("n")) <= highest:
                e = Entity(m.start(), e.end, e.label, text[m.start():e.end], e.source, e.score)
        out.append(e)
    return out


#: (Indian lakh and crore grouping first: "₹18,40,000", "₹2,15,430.55"; stop 51; then whole euros with a dash for the
#: cents, as German and Spanish contracts write them: "600,- €", "1.390,- EUR", "EUR 56.300,-", "49,-- Euro"; stop 52:
#: in clear, the amount cut before the dash)
#: (Stop 60: and whole Swiss francs with a dash for the cents, "Fr. 2'340.–" of a lease.)
# (stop 67: at most seven groups of thousands, 10^21: unbounded, a run of three-digit groups one space apart, "098 115
# 603 098 115 603 …", was read to its end from every group's start before failing — 12 s for 20,000 characters)
_AMOUNT = (r"\d{1,2}(?:,\d{2}){1,7},\d{3}(?:\.\d{1,2})?|\d{1,3}(?:[.' ]\d{3}){0,7},[-–]{1,2}(?![\w-])"
           r"|\d{1,3}(?:'\d{3}){0,7}\.[-–]{1,2}(?![\w-])"
           r"|\d{1,3}(?:[.,' ]\d{3}){0,7}(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?")
#: (a whole word, the longest first: "R$ 3.200,00 mensais" of a lease was cut inside "mensais" before stop 48,
#: "£950 monthly" inside "monthly", "€ 4 mil milhões" after "mil")
_SCALE = r"(?:\s?(?:miles de millones|mil milhões|Milliarden|Millionen|thousand|trillion|millones|million|billion|milhões|bilhões|millón|milhão|Tsd\.|Mio\.|Mrd\.|Md\.|mil|mln|bn|m|k)(?!\w))?"
#: ISO 4217 codes, current and replaced by the euro (amounts in court decisions and archives: "DEM 5,000",
#: "TRL 1,500,000,000", "ATS 20,000"); codes that are English words ("ALL", "TOP", "CUP") are left out.
CURRENCY_CODES: tuple[str, ...] = tuple("""EUR USD GBP CHF JPY BRL DEM ATS TRL TRY SEK NOK DKK ISK PLN CZK HUF RON ROL
    BGN HRK RSD RUB SUR UAH FRF ITL ESP PTE NLG BEF LUF FIM IEP GRD SKK SIT EEK LVL LTL CYP MTL CAD AUD NZD CNY
    INR MXN ARS CLP COP ZAR MDL AZN AMD BAM MKD
    UGX TZS KES NGN GHS ZMW BWP MWK RWF ETB JMD TTD PYG UYU GTQ HNL NIO VES AOA MZN CVE MOP SGD HKD LKR PKR
    BDT EGP XOF XAF STN CUC SCR MUR
    UF UTM UI UR UVA UVR""".split())
#: (Stop 61: and the currencies of Africa, the Caribbean, Central and South America and Asia that the probe documents
#: wrote, "UGX 185,000,000/=", "TZS 500,000/="; not "MAD", "CRC", "DOP", English words and a checksum's name.)
#: (Stop 68: and the indexed units that South American contracts and mortgages count in, Chile's "UF 3.500" and "UTM",
#: Uruguay's "1.250.000 UI" and "UR", Argentina's "UVA", Colombia's "UVR".)
#: Currency names in en/de/es/pt, singular and plural ("200,000 Turkish liras", "5.000 Schilling",
#: "1.000 zlotys", "3 000 kronor", "100 liras turcas"; not the bare "Mark", a first name too: "2 Mark Philippoussis").
_CURRENCY_NAMES = (
    # (stop 69: and the dollars by their country, "I paid a man … 3,500 US dollars" of an asylum interview)
    r"(?:US|U\.S\.|Australian|Canadian|Singapore|NZ|HK|Hong Kong)\s(?:dollars?|Dollar)|"
    r"euros?|Euro|cents?|dollars?|pounds?(?: sterling)?|francs?|yen|"
    r"dólares|dolares|pesos|libras|céntimos|reais|real|centavos|escudos|pesetas|francos|marcos|coronas|rublos|"
    r"zlotys?|złoty|zlotych|złotych|schillings?|Schilling|liras?|lire|kronor|krona|kroner|krone|Kronen|crowns?|"
    r"korun[ay]?|forints?|Forint|marks|Deutsche Marks?|Deutschmarks?|D-Mark|DM|roubles?|rubles?|Rubel|"
    r"lei|drachmas?|Drachmen|dinars?|hryvnias?|levs?|leva|Franken|Dollar|Pfund|Lire|Zloty|Kronen|"
    r"reales|coroas|zlótis|zlótys|dinares|dracmas|florines|florins?|guilders?|Gulden|soles|"
    # (stop 64) São Tomé's dobra in words ("A renda mensal é de 4.500,00 Dobras (STN)")
    r"[Dd]obras?|"
    # (the Turkish lira's, the złoty's and the koruna's signs after the amount: "68.950 TL" of an itinerary; stop 52)
    r"TL|zł|Kč"
    # (stop 62: capitalised after the amount, "Capital: 50.000,00 Euros" of a Portuguese register certificate)
    r"|Euros|EUROS|EURO|Reais|REAIS|Dólares|DÓLARES|Pesos|PESOS"
)
_CURRENCY_CODE = "(?:" + "|".join(CURRENCY_CODES) + ")"
_CURRENCY_WORDS = rf"(?:{_CURRENCY_NAMES}|{_CURRENCY_CODE}|US\$)"
#: Up to two words naming the currency's country before its name: "Turkish", "new Turkish", "Swiss".
_CURRENCY_ADJECTIVES = rf"(?:(?:new|old|[{UPPER}][a-zäöüéíóúçğış]+)\s){{0,2}}"
#: Dollar signs with their country's letters: US$, R$ (real), C$, A$, NZ$, HK$, S$ ("fell C$ 0.45"); Peru's sol, "S/" and
#: "S/." (stop 51: "son S/ 40" of a host's message).
#: (stop 60) and the Río de la Plata's "U$S"/"U$D" ("U$S 86.000" of an Argentine deed).
#: (stop 60) and the bolívar's "Bs." and the guaraní's "Gs." ("Bs. 1.461,60 mensuales" of an employment certificate,
#: "Arancel: Gs. 25.000" of a Paraguayan certificate).
#: (Stop 60) and the Swiss franc's "Fr." before an amount of francs ("Fr. 2'340.–", not "Fr. 12.05.2024", a Friday), the
#: quetzal's "Q" before an amount with its cents ("Q 9,800.00", "Q11,225.50").
#: (Stop 61: and the dollars of Jamaica, Trinidad, the Eastern Caribbean, Belize, Barbados and Namibia, the pataca's
#: "MOP$".)
_DOLLAR_SIGNS = (r"(?:\b[Uu]\$[SsDd](?![^\W\d_])"
                 # (stop 62: Bolivia's "$us." before dollars, "$us. 28.000.-" of an anticrético contract)
                 r"|\$us\.?(?=[^\S\n]?\d)"
                 # (stop 63: Uruguay's peso, "$U 38.000 mensuales" of a divorce petition)
                 r"|\$U(?=[^\S\n]?\d)"
                 # (and Honduras's lempira before thousands with cents, "L 1,250,000.00" of a land title)
                 # (stop 64: and with its full stop, "Salario mensual:      L. 24,850.00" of an employment
                 # certificate)
                 # (stop 64: and without thousands, "Valor pagado: L 200.00 · Recibo" of a criminal record)
                 # (stop 65: and two spaces in a column, "Décimo tercer mes proporcional     2 meses    L  1,975.00")
                 r"|\bL\.?(?=[^\S\n]{0,2}\d{1,3}(?:,\d{3})*\.\d\d(?!\d))"
                 # (stop 64) Sierra Leone's new leone ("Fee paid:             NLe 25.00"), São Tomé's dobra before
                 # the amount ("Emolumentos: Db 150,00"), Botswana's pula before cents ("Fee paid: P 50.00")
                 # (stop 65: and glued to it, "Monthly rent              P4,850.00" of a Gaborone lease)
                 # (stop 67: and two spaces in a column, "Housing allowance      P  2,000.00" of an employment contract)
                 r"|\bNLe(?=[^\S\n]?\d)|\bDb(?=[^\S\n]?\d)|\bP(?=[^\S\n]{0,2}\d{1,3}(?:,\d{3})*\.\d\d(?!\d|\.\d))"
                 # (stop 64) Malaysia's ringgit before thousands or cents ("gratuity amounting to RM 38,450.00")
                 # (stop 65: and Malawi's kwacha so, "Ground Rent:            MK 85,000.00 per annum" of a lease)
                 r"|\b(?:RM|MK)(?=[^\S\n]?\d{1,3}(?:,\d{3})*\.\d\d(?!\d)|[^\S\n]?\d{1,3}(?:,\d{3})+(?![\d.,]))"
                 # (stop 65) Nigeria's naira written with an N glued to thousands or cents ("the sum of N185,000.00",
                 # "issued on payment of N2,500" of a police extract)
                 # (stop 70: before a comma of the sentence, "Annual Ground Rent : N45,000.00, payable annually")
                 r"|\bN(?=\d{1,3}(?:,\d{3})+(?:\.\d\d)?(?!\d|[.,]\d)|\d{1,3}\.\d\d(?!\d|[.,]\d))"
                 # (and Panama's balboa, "B/. 2,850.00" of an employment certificate)
                 r"|\bB/\.(?=[^\S\n]?\d)"
                 # (stop 62: and the codes that are other words too, the Philippine peso's, Costa Rica's, the
                 # Dominican Republic's and Morocco's, before thousands only: "(PHP 4,800,000.00)" of a deed of sale,
                 # not "PHP 8.2" nor a "CRC 32" checksum)
                 # (stop 67: two spaces too, "previous loan           PHP  6,214.38" of a salary loan application)
                 r"|\b(?:PHP|CRC|DOP|MAD)(?=[^\S\n]{1,2}\d{1,3}(?:,\d{3}|\.\d{3}))"
                 # (stop 64: or with cents after two or three digits, "Service Fee (1%)     : PHP 400.00" of a loan
                 # statement; no version of a language has such a number)
                 r"|\bPHP(?=[^\S\n]{1,2}\d{2,3}\.\d\d(?![\d.]))"
                 # (stop 64: and Guyana's, the Bahamas' and the Cayman Islands' dollars, "G$18,500,000", "B$14,650.00",
                 # "CI$68,400.00")
                 # (stop 68: and the Dominican peso's, "Valor: RD$ 250.00" of a birth certificate's receipt)
                 r"|(?:\b(?:US|NZ|HK|RD|R|C|A|S|MOP|J|TT|EC|BZ|BD|N|G|B|CI))?\$|\bS/\.?"
                 r"|\b[BG]s\.(?=[^\S\n]?\d)"
                 # (stop 61: without the full stop, "Valor del formulario: Bs 35.-" of a Bolivian certificate)
                 r"|\b[BG]s(?=[^\S\n]\d)"
                 # (stop 64: and before a sentence's full stop, "Auslagen Polizei Fr. 145.00.")
                 # (stop 70: and a column's spaces, "Gebühr Strafbefehl               Fr.    800.00" of a penal order)
                 r"|\bFr\.(?=[^\S\n]{0,6}\d{1,3}(?:'\d{3})*\.(?:[-–]|\d\d(?!\d|\.\d)))"
                 r"|\bQ\.?(?=[^\S\n]?\d{1,3}(?:,\d{3})*\.\d\d(?!\d|\.\d))"
                 # (stop 61) the rupee's "Rs." ("Rs. 1,85,500/-" of an Indian police report) and the kwanza's "Kz"
                 # ("Kz 385.000,00" of an Angolan employment contract)
                 # (stop 70: two spaces in a column, "Subsídio de transporte ....... Kz  25.000,00")
                 r"|\bRs\.?(?=[^\S\n]?\d)|\bKz(?=[^\S\n]{0,2}\d)"
                 # (stop 61) East Africa's shillings ("KShs. 38,500,000/=" of a Kenyan probate petition), the pataca's
                 # "MOP$", the quetzal's "Q." ("Q.7,800.00" of a Guatemalan claim)
                 r"|\b[KUT]Shs?\.?(?=[^\S\n]?\d)"
                 # (and Zambia's kwacha glued to an amount with its cents, "K14,500.00" of an employment contract)
                 # (stop 64: and Papua New Guinea's kina after a space, "Annual rent: K 385.00")
                 r"|\bK(?=[^\S\n]?\d{1,3}(?:,\d{3})*\.\d\d(?!\d|\.\d))"
                 # (stop 67) Ghana's cedi with the cent sign, as typewriters write it ("Consideration Paid    : GH¢
                 # 385,000.00" of a land title certificate)
                 r"|\bGH[¢₵](?=[^\S\n]?\d))")
#: Currency signs beyond the euro's, the pound's, the yen's and the rupee's: the naira, the lira, the rouble, the
#: hryvnia, the peso (Philippines), the won, the dong, the shekel, the colón, the guaraní, the cedi, the tenge, the kip,
#: the tugrik; the cent sign before an amount, as Costa Rica writes its colón (stop 67: "¢16.500.000,00" of a car's sale).
_OTHER_SIGNS = "₦₺₽₴₱₩₫₪₡₲₵₸₭₮¢"
_MONEY_RE = re.compile(
    # the escudo's (and other cifrão currencies') own notation, the sign between units and cents: "10.000.000$00"
    # (not from inside a run of groups: "756.756.756…" made every group a start, quadratic time)
    r"(?:\b(?<!\d[.,])\d{1,3}(?:\.\d{3})*\$\d{2}\b"
    # (two spaces after the sign in a column of figures, "£  142.50": stop 47; up to eight before an amount with
    # cents, "$    96,000.00" of a tax authority's table, the rupee's sign, a code before the sign and after the amount,
    # "CAD $420.00", "$412,350.00 MXN": stop 51)
    # (stop 57: and the other signs of the Unicode block, "₦4,200,000" of a visa applicant's savings)
    rf"|(?:{_DOLLAR_SIGNS}|[€£¥₹{_OTHER_SIGNS}]|\b{_CURRENCY_CODE}(?:[^\S\n]?\$)?)"
    # (stop 61: or with thousands' groups, a peso has no cents: "Gratificación Legal Art. 50          $   182.083" of a
    # Chilean payslip)
    # (stop 63: and Switzerland's apostrophes, "CHF   1'284" of a tax assessment's column, and a deduction's minus,
    # "CHF  -6'950")
    # (stop 64: never a line break: "Value £\n1    Dwelling house" took the row's number as an amount)
    # (stop 67: and the Swiss whole francs' dashes, "CHF   980.--" of a divorce judgment's maintenance table)
    rf"(?:[^\S\n]{{1,2}}|[^\S\n]{{3,8}}(?=-?(?:\d[\d.,' ]{{0,30}}[.,]\d\d(?!\d)|\d{{1,3}}(?:[.,']\d{{3}})+(?!\d|[.,]\d)"
    rf"|\d{{1,3}}(?:['.]\d{{3}}){{0,7}}\.[-–]{{1,2}})))?"
    rf"(?:(?<=[^\S\n])-(?=\d))?(?:{_AMOUNT})"
    # (stop 62: or Mexico's "M.N.", "$37,000.00 M.N. como depósito" of a lease)
    rf"{_SCALE}(?!\d)(?:[^\S\n]{_CURRENCY_CODE}\b|[^\S\n]M\.[^\S\n]?N\.)?"
    # South Africa's rand glued to an amount with its groups or cents ("R28 913,50", "R4 337,03" of an assessor's
    # report; stop 51; not a road's "R2" nor "R2-D2")
    # (stop 65: before a sentence's full stop too, "valued at R640,00." of a police affidavit)
    r"|\bR\d{1,3}(?:[ ,]\d{3})*[.,]\d{2}(?![\d,]|\.\d)|\bR\d{1,3}(?:[ ,]\d{3})+(?![\d.,])"
    # (stop 65: and after a space, "Market Value:      R 2 850 000,00", "Payment of R 3 412,18 received" of a
    # municipal rates account)
    r"|\bR[^\S\n]\d{1,3}(?: \d{3})*,\d{2}(?![\d.,])|\bR[^\S\n]\d{1,3}(?:[ ,]\d{3})*\.\d{2}(?![\d.,])"
    # an amount is not the day of a date nor the tail of another number ("1996-08-31 Euro 96": "31" is no amount) or
    # of a code ("invoice INV-2024-0918 £504.00": "0918 £" took the sign of the amount after it; stop 56; a range's
    # "5-10 dollars" is one)
    rf"|\b(?<!\d[-/.]\d\d[-/.])(?<!\d[-/.]\d[-/.])(?<!\d[.,])(?<!\d{{3}}-)(?<![^\W\d_]-)(?:{_AMOUNT}){_SCALE}"
    # (not a sign glued to the next amount: "skills fee Level 2 £125.00" made "2 £" the amount; stop 57)
    # (stop 61: or the kwanza's "Kz" after it, "Total mensal do agregado: 245.000,00 Kz")
    # (stop 62: and the metical's "MT" after cents, "Remuneração mensal ilíquida de 28.500,00 MT" of a Mozambican
    # contract; after cents only, as Brazil's state of Mato Grosso is "MT" too)
    # (stop 64: and the CFA franc's, the dobra's and the Cuban peso's after it, "Tasa abonada: 5.000 FCFA",
    # "Emolumentos: 75,00 Dbs", "por valor de 50.00 CUP": "CUP" after an amount only, it is an English word)
    # (stop 66: and Chile's units of account, "MULTA DE 2 UTM" of a criminal record certificate)
    rf"\s?(?:[$€£¥₹{_OTHER_SIGNS}](?!\d)|{_CURRENCY_ADJECTIVES}{_CURRENCY_WORDS}\b|Kz\b|F\.?[^\S\n]?CFA\b|Dbs?\b|CUP\b"
    r"|UTM\b|UTA\b"
    r"|(?:(?<=[.,]\d\d)|(?<=[.,]\d\d\s))MT\b)"
    # (stop 67: not a currency that an amount follows, whose currency it is: "der Gesuchstellerin 1 CHF 42'500.--" of a
    # divorce judgment took "1 CHF" and left the amount in clear)
    r"(?![^\S\n]{1,8}(?:\d{1,3}(?:[',.]\d{3})+|\d+[.,](?:\d\d|[-–]{1,2}))(?!\d)))",
)
_MONEY_RE = letter_led(_MONEY_RE)  # (stop 67: its currencies' branches skipped at once; issue 18)
_LAST_WORD_RE = re.compile(r"(\w+)\W*$")


#: The currency words an amount in words ends with (:func:`amount_in_words`), and their search: the cheap sign that
#: such an amount may be in a text.
#: (stop 60: and Venezuela's and Guatemala's, "CUATROCIENTOS VEINTE BOLÍVARES CON 00/100" of an employment certificate)
#: (stop 61: and Costa Rica's, Paraguay's, Angola's, Mozambique's and Cape Verde's, "un millón ochocientos cincuenta mil
#: colones", "trezentos e oitenta e cinco mil kwanzas")
_WORDS_CURRENCY = (r"(?:pesos|euros?|dólares|dollars?|pounds|soles|reais|reales|libras|bol[íi]vares|quetzales|colones"
                   r"|guaran[íi]es|kwanzas|meticais|escudos|patacas|kwacha|c[óo]rdobas|cedis|naira|shillings|rupees"
                   # (stop 62: South Africa's, "R2 650 000,00 (two million six hundred and fifty thousand rand)")
                   r"|rand|lempiras|balboas"
                   # (stop 65: and the CFA franc's, "15 000 FCFA (quinze mil francos CFA)" of a Bissau-Guinean
                   # marriage certificate)
                   r"|francos[^\S\n]CFA|francs[^\S\n]CFA"
                   # (and Bolivia's, "Bs 75.- (setenta y cinco 00/100 bolivianos)" of a police record)
                   r"|bolivianos)")
_WORDS_CURRENCY_SIGN = re.compile(rf"(?i)\b{_WORDS_CURRENCY}\b")
_WORDS_CURRENCY_SIGN = letter_led(_WORDS_CURRENCY_SIGN)  # (stop 67: issue 18)


@lru_cache(maxsize=None)
def amount_in_words(language: str) -> re.Pattern[str] | None:
    """An amount written in words before its currency, as cheques, contracts and tax letters write it ("un millón
    doscientos ochenta y cuatro mil seiscientos pesos 00/100 M.N." of a Mexican tax letter, "diecinueve mil ochocientos
    pesos"; stop 51: in clear while the figure beside it was masked): two to twenty number words of the language (the
    strict profile's lexicon and its ``amount_words``, joined by spaces, hyphens or the language's conjunction), then a
    currency word, then the cents of a Mexican or Spanish amount ("00/100 M.N."); ``None`` without a lexicon."""
    lang = languages.find(language)
    lex = lang.quasi_identifiers if lang is not None else None
    if lex is None or not lex.number_words:
        return None
    word = "(?:" + "|".join(sorted([*lex.number_words, *lex.amount_words], key=len, reverse=True)) + ")"
    # (a comma between thousands and hundreds, "dois mil, trezentos e oitenta reais"; stop 52)
    join = rf"(?:\s?,?[\s-]+(?:{lex.conjunction}\s+)?)" if lex.conjunction else r"\s?,?[\s-]+"
    # the cents in words after the currency ("… euros con quince céntimos", "… reais e cinquenta e sete centavos")
    # (stop 61: and the British pence, "… FORTY-SIX POUNDS AND SEVENTEEN PENCE" of a sheriff's decree)
    # (stop 65: and Portugal's "cêntimos", "… euros e dezasseis\ncêntimos" of a court summons)
    cents = (rf"(?:\s+(?:con|e|y|and|und)\s+{word}(?:{join}{word}){{0,4}}\s+"
             rf"(?:céntimos|cêntimos|centavos|cents?|Cent|pence))?")
    # (stop 61: or the currency first inside brackets after the figure, as Paraguay writes it: "Gs. 185.000.000
    # (GUARANÍES CIENTO OCHENTA Y CINCO MILLONES)" of a car's sale contract)
    # (stop 61: and the cents as a fraction before the currency, "MIL OCHOCIENTOS Y 00/100 SOLES" of a Peruvian receipt)
    # (stop 62: the fraction without its "y", "VEINTIOCHO MIL 00/100 DÓLARES AMERICANOS" of a Bolivian contract)
    return re.compile(rf"(?i)\b{word}(?:{join}{word}){{1,19}}(?:\s+(?:(?:y|con|e)\s+)?\d{{2}}/100)?\s+(?:de\s+)?"
                      rf"{_WORDS_CURRENCY}\b(?:\s+(?:americanos|estadounidenses|norteamericanos))?{cents}"
                      rf"(?:\s+\d{{2}}/100(?:\s+M\.\s?N\.)?)?"
                      # (stop 62: the currency first and "only" last, as Indian agreements write it, "Rupees Two Lakh
                      # Fifty Thousand only" of a rent agreement)
                      rf"|\b{_WORDS_CURRENCY}\s+{word}(?:{join}{word}){{0,19}}\s+only\b"
                      # (or before the figure in brackets, "un préstamo de GUARANÍES SEISCIENTOS OCHENTA MILLONES (Gs.
                      # 680.000.000)" of a Paraguayan mortgage)
                      rf"|\b{_WORDS_CURRENCY}\s+{word}(?:{join}{word}){{1,19}}(?=[^\S\n]?\()"
                      # (stop 62: the currency's country after it, "U$S 9.800 (dólares estadounidenses nueve mil
                      # ochocientos)" of a Uruguayan car sale)
                      rf"|(?<=\()(?:{_WORDS_CURRENCY})(?:\s+(?!{word}\b)[^\W\d]{{4,20}})?\s+{word}"
                      rf"(?:{join}{word}){{1,19}}"
                      r"(?=\))")


class MoneyRecognizer(Recognizer):
    """Money amounts with a currency symbol, code or word: ``€1,200``, ``3.5 million dollars``,
    ``1.200 Euro``, ``R$ 300,00``, ``C$ 0.45``, ``50 dólares``, ``DEM 5,000``, ``TRY 2,719``,
    ``200,000 Turkish liras``, ``3 000 kronor``, ``10.000.000$00`` (label ``MONEY``; codes :data:`CURRENCY_CODES`);
    without a currency in a statement's or an assessment's columns (:func:`statement_amounts`) and after a form's dot
    leaders (:data:`_LEADER_AMOUNT`), and spelled out after "in words" (:data:`_SPELLED_OUT_AMOUNT`; stop 58).

    Args:
        language: the document's language; an amount whose currency word is one of its
            :attr:`app.languages.Language.currency_homographs` is not taken (Portuguese "28 lei": the law, not lei).
    """

    name = "money"

    def __init__(self, language: str = "en") -> None:
        lang = languages.find(language)
        self.homographs = lang.currency_homographs if lang is not None else frozenset()
        self.in_words = amount_in_words(language)
        if self.in_words is not None:  # (stop 67: its words grouped by first letters, :func:`letter_led`)
            self.in_words = letter_led(self.in_words)

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        found = pattern_entities(_MONEY_RE, text, MONEY, self.name)
        if self.in_words is not None and _WORDS_CURRENCY_SIGN.search(text):
            whole = [Entity(m.start(), m.end(), MONEY, m.group(), self.name) for m in self.in_words.finditer(text)]
            # an amount in figures inside the words gives way to them ("VEINTIOCHO MIL 00/100 DÓLARES": "100 DÓLARES"
            # took the words' place; stop 62)
            if whole:
                found = [f for f in found if not any(w.start <= f.start and f.end <= w.end for w in whole)]
            free = disjoint_extras(found, whole)
            if free:
                found = sorted(found + [piece for e in free for piece in self._line_pieces(text, e)],
                               key=lambda e: e.start)
        if self.homographs:
            found = [e for e in found
                     if (m := _LAST_WORD_RE.search(e.text)) is None or m.group(1) not in self.homographs]
        if _TABLE_AMOUNT_SIGN in text:
            found = with_extras(found, statement_amounts(text))
        if "'" in text or "’" in text:
            found = with_extras(found, pattern_entities(_APOSTROPHE_AMOUNT, text, MONEY, self.name))
            found = with_extras(found, pattern_entities(_APOSTROPHE_WHOLE, text, MONEY, self.name))
        if "..." in text:
            found = with_extras(found, [Entity(*m.span("amount"), MONEY, m.group("amount"), self.name)
                                        for m in _LEADER_AMOUNT.finditer(text)])
        if "UF" in text:  # (stop 68) four decimals of Chile's indexed unit: the whole amount, not "UF 3.850,00"
            units = [Entity(*m.span(), MONEY, m.group(), self.name) for m in _UF_AMOUNT.finditer(text)]
            if units:  # (the amounts that overlap none of them: one bisection each, never every pair)
                found = sorted(disjoint_extras(units, found) + units, key=lambda e: e.start)
        if "s/" in text:
            found = with_extras(found, [Entity(*m.span("amount"), MONEY, m.group("amount"), self.name)
                                        for m in _RATE_BASE.finditer(text)])
        if any(word in text for word in _SPELLED_OUT_WORDS):  # (the same matches: the words must stand there)
            found = with_extras(found, [Entity(*m.span("amount"), MONEY, m.group("amount"), self.name)
                                        for m in _SPELLED_OUT_AMOUNT.finditer(text)])
        return found

    def _line_pieces(self, text: str, whole: Entity) -> list[Entity]:
        """An amount in words as one entity per line: wrapped over two lines it is masked on both (an entity never
        crosses a line break, and a part of words in lower case alone would be dropped as no name)."""
        pieces, start = [], whole.start
        for line in whole.text.split("\n"):
            end = start + len(line.rstrip())
            if end > start:
                pieces.append(Entity(start, end, MONEY, text[start:end], self.name))
            start += len(line) + 1
            while start < whole.end and text[start] in " \t":
                start += 1
        return pieces


#: An amount without a currency after a form's dot leaders, ending its line ("Salario base ........ 1.485,20" of a
#: payslip; stop 58: every amount of one stayed in clear): what a person earns, pays or owes.
_LEADER_AMOUNT = re.compile(r"(?<!\.)\.{3,}[^\S\n]*(?P<amount>-?\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2})"
                            r"(?=[^\S\n]*(?:€|EUR|euros?|£|\$)?[^\S\n]*$)", re.MULTILINE)
#: An amount of Chile's indexed unit with its four decimals ("Monto original:  UF 3.850,0000" of a mortgage statement).
_UF_AMOUNT = re.compile(r"(?<![\w.])UF[^\S\n]?\d{1,3}(?:\.\d{3})*,\d{4}(?!\d)")
#: The base that a rate applies to in a Spanish payslip's deductions, after "% s/" (sobre: "Contingencias comunes
#: 4,70 % s/ 2.118,84 ......  99,59"; stop 68: every base stayed in clear): what the employee earns.
_RATE_BASE = re.compile(r"%[^\S\n]?s/[^\S\n]*(?P<amount>\d{1,3}(?:\.\d{3})*,\d{2})(?![\d.,]\d)")
#: An amount spelled out after its words for "in words" ("Kaufpreis: 11.900,00 € (in Worten: elftausendneunhundert
#: Euro)" of a car's sale contract; stop 58: a German number is one word, which no amount in words of the lexicon
#: reads): the words up to the currency's name, on one line. Scanned where "in", "por" or "en" opens a word.
_SPELLED_OUT_AMOUNT = re.compile(
    r"(?<![\w-])(?=[iIpPeE])(?:(?i:in\s+worten|in\s+words|por\s+extenso|en\s+letras?))[^\S\n]*:?[^\S\n]*"
    r"(?P<amount>[^\W\d_][^\n()\d]{0,80}?[^\S\n](?i:euros?|eur|pounds?|dollars?|reais|real|pesos?|franken))"
    r"(?![\w-])")
#: Parts of :data:`_SPELLED_OUT_AMOUNT`'s words in every case they are written ("Worten", "WORTEN", "words", …).
_SPELLED_OUT_WORDS = ("orten", "ORTEN", "ords", "ORDS", "xtenso", "XTENSO", "etra", "ETRA")
#: An amount in Swiss notation without a currency: thousands grouped by apostrophes and two decimals, perhaps a minus
#: before it ("Erwerb unselbständig Ehefrau   46'850.00", "-16'930.00" of a Liechtenstein tax assessment's rows; stop
#: 64: thirteen amounts of one stayed in clear, their currency named once in the text). No quantity of a unit after it.
_APOSTROPHE_AMOUNT = re.compile(r"(?<![\w.,'’/-])(?:(?<![^\s(])-)?\d{1,3}(?:['’]\d{3})+\.\d{2}"
                                r"(?![\w.,'’%]|[^\S\n]?(?:h|hrs?|kg|km|m|m2|m²|%)(?![\w]))")
#: (stop 66) A whole amount in Swiss notation ending its line after a column gap, perhaps a minus before it ("2.1
#: Beiträge AHV/IV/FAK/ALV          -8'562", "Steuerpflichtiger Erwerb      161'950" of a Liechtenstein tax return).
_APOSTROPHE_WHOLE = re.compile(r"(?m)(?<=[^\S\n]{2})-?\d{1,3}(?:['’]\d{3})+(?=[^\S\n]*$)")
#: A sign that a text may hold a table of amounts: two spaces (a column gap).
_TABLE_AMOUNT_SIGN = "  "
#: An amount as statements and assessments print it in a column: two decimals, thousands grouped, perhaps a sign
#: before and a "C"/"D" (credit, debit) after.
#: (Not a rate nor a quantity in the same columns: "8,00%", "6,00 h" of a payslip's reference column; stop 59.)
#: (Stop 60: or in an account's brackets, "(5,840.00)" of an estate's liabilities.)
#: (Stop 60: or whole Swiss francs in their apostrophe's groups, "Bruttolohn total     87'276" of a salary statement.)
# (stop 67: each run of groups bounded, seven at most, as :data:`_AMOUNT`'s: a line of three-digit groups one space
# apart was read to its end from every group, quadratic in the line)
_COLUMN_AMOUNT = re.compile(r"(?<![\w.,/'-])(?:(?P<open>\()(?=[\d.,' ]{1,40}\)))?"
                            # (stop 61: and whole francs grouped by spaces, "1. Lohn      118 450" of a Swiss salary
                            # certificate under its "CHF")
                            # (stop 67: a deduction's minus glued to francs in apostrophes' groups, "-9'870")
                            r"(?P<amount>-?\d{1,3}(?:[.,' ]\d{3}){0,7}[.,]\d{2}|-?\d{1,3}(?:'\d{3}){1,7}(?![\d.,'])"
                            r"|\d{1,3}(?: \d{3}){1,7}(?![\d.,' ])"
                            # (stop 64: and India's lakh and crore groups, "1,00,00,000" and "41,07,500" of a sale
                            # deed's payments under "Amount (Rs.)")
                            # (stop 67: and with paise, "1,20,959.00" of a freight invoice's "Amount (INR)")
                            r"|\d{1,2}(?:,\d{2}){1,7},\d{3}(?:\.\d{2})?(?![\d.,])"
                            # (stop 67: and whole pesos in full stops' groups, "Prima neta      30.475" of a Uruguayan
                            # car policy under "PRIMA ($)")
                            r"|-?\d{1,3}(?:\.\d{3}){1,7}(?![\d.,'-])"
                            # (and whole amounts in commas' groups, "52,000" under "Value (Rs.)" of a police report)
                            r"|-?\d{1,3}(?:,\d{3}){1,7}(?![\d.,'-])"
                            # (and without groups, "185000,00" of an Argentine invoice's rows)
                            r"|\d{4,9}[.,]\d{2}(?![\d.,]))"
                            r"(?:[ ]?[CD]|(?(open)\)))?"
                            r"(?![\w.,/%]|[ ]?(?:h|hrs?|x|kg|km|m|%)(?![\w]))")
#: A statement's row: a day and month in either order (perhaps a year) at the line's start, then a column gap.
_STATEMENT_ROW = re.compile(r"(?m)^[^\S\n]*\|?[^\S\n]*(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|[12]\d|3[01])"
                            r"(?:[./-](?:\d{4}|\d{2}))?(?=\t|[^\S\n]{2,}|[^\S\n]*\|)")
#: A table's rows left out, as an extract marks them.
_ELISIONS = frozenset({"...", "…", ". . .", "[...]", "(...)"})
#: A table's rule: dashes, equals signs, pipes, plus signs, colons and spaces, a dash or an equals sign among them.
_RULE_LINE = re.compile(r"[ \t|+:=-]*[-=][ \t|+:=-]*")
#: A column header that names amounts in the four languages: a currency, "Balance", "Debits", "Betrag", "Saldo",
#: "Valor", "Importe"…, on a line without digits (a table's header, e.g. "Date  Description  Debits  Credits  Balance").
_AMOUNT_HEADER = re.compile(
    r"(?i)(?<!\w)(?:EUR|USD|GBP|CHF|BRL|MXN|ARS|CAD|AUD|€|R\$|US\$|\$|£|balance|debits?|credits?|amount|withdrawals?|"
    r"deposits?|betrag|saldo|soll|haben|lastschrift|gutschrift|valor(?:es)?|débitos?|créditos?|importe|cargos?|"
    r"abonos?|lançamentos?|gesamt|anteil|summe|brutto|netto|total|monto|montante"
    # (stop 59) a payslip's columns of earnings and deductions ("Rubrica  Descrição  Ref.  Proventos  Descontos")
    r"|proventos|descontos|vencimentos|earnings|deductions|bezüge|abzüge|devengos|deducciones"
    # (stop 60) a tax return's gross income and its withholding ("Entidade   Bruto   Retenção"),
    r"|bruto|reten[çc][ãa]o|retenci[óo]n"
    # (stop 60) a Uruguayan payslip's earnings ("CÓD  CONCEPTO  CANT.  HABERES  DESCUENTOS")
    r"|haberes"
    # (stop 60) a Swiss tax return's list of securities and accounts ("Bezeichnung   Steuerwert   Ertrag")
    r"|steuerwert|ertrag|bruttoertrag"
    # (stop 65) a salary's column and the colón's and other signs in brackets ("Nombre  Cédula  Ocupación  Salario (₡)"
    # of a Costa Rican employer's statement)
    r"|salari(?:o|os|es|y|ies)|sal[áa]rios?|sueldos?|gehalt|l[öo]hne?"
    # (stop 65: and the currency's name, "BERECHNUNG          Euro" of an Austrian tax assessment)
    # (stop 66: and a payroll's gross pay and contributions, "Period   Gross Pay   Employee 3%   Employer 3%" under
    # "SECTION C - CONTRIBUTIONS RECORDED (J$)" of a Jamaican statement)
    r"|gross(?:[^\S\n]pay)?|net[^\S\n]pay|contributions?|beitr(?:ag|äge)|contribui[çc](?:ão|ões)|aportes?"
    r"|cotizaci(?:ón|ones)"
    # (stop 67) a benefit decision's entitlement and needs ("Regel-   Mehr-   KdU     anzurech.   Anspruch" of a Bürgergeld
    # decision)
    r"|anspruch|bedarf"
    # (stop 67) an invoice's price and subtotal ("Cantidad  U. medida   Precio Unit.    Subtotal" of an Argentine
    # invoice)
    r"|subtotal|precios?|pre[çc]os?|prices?|preise?"
    r"|euros?)(?!\w)|(?<!\w)Fr\.(?![\w.])"
    # (stop 67: and the rupee's in brackets, "Qty   Value (Rs.)" of a police report's stolen property)
    r"|\((?-i:R|ZAR|Rs\.?|INR)\)|[₡₦₲₵₸₭₮₱₩₫₪₽₴₺]")
_AMOUNT_HEADER = letter_led(_AMOUNT_HEADER)  # (stop 67: issue 18)


def _empty_amount(line: str) -> bool:
    """Whether a form's line ends in a column that holds a dash, no amount ("4. Kapitalleistungen      –"): the
    table goes on (read from the line's end: no search over a long run of spaces)."""
    cell = line.rstrip()
    return cell[-1:] in ("-", "–", "—") and cell[:-1].endswith("  ")

#: A form's numbered item without a column gap ("2. Gehaltsnebenleistungen", "10. Berufliche Vorsorge 2. Säule").
_NUMBERED_ITEM = re.compile(r"[^\S\n]{0,4}\d{1,2}(?:\.\d{1,2})*\.?[^\S\n](?:(?! {2})[^\n\d]){3,60}"
                            r"(?:\d\.[^\n\d]{1,20})?")


def _wrapped_row(text: str, lines: list[tuple[int, int]], i: int) -> bool:
    """Whether line ``i`` opens a row wrapped onto the next line, whose amount stands there in a column: the next line
    indented by three spaces or more, with an amount after a column gap ("1    Dwelling house at 14/2 Comiston Drive,"
    over "     Title Number MID84127          285,000.00" of an executry's inventory; stop 64: the table ended at the
    first line, and every amount stayed in clear). One line's look ahead: linear."""
    if i + 1 >= len(lines):
        return False
    a, b = lines[i + 1]
    following = text[a:b]
    return following.startswith("   ") and "  " in following.strip() and _COLUMN_AMOUNT.search(following) is not None


#: A row's last cell of one to three digits after a column gap, the line's end after it (a Swiss tax return's
#: "Wertschriftenertrag (Wertschriftenverzeichnis)          4.1           612" under its "Fr."; stop 65).
_BARE_LAST_CELL = re.compile(r"(?<=  )(\d{1,3})[^\S\n]*$")
#: A rate in a column's header ("Member 5%").
_PERCENT = re.compile(r"\d{1,3}(?:[.,]\d{1,2})?[^\S\n]?%")
#: A section's number at a line's start ("3. ", "4.").
_SECTION_NUMBER = re.compile(r"^[^\S\n]*\d{1,2}\.(?=[^\S\n]|$)")
#: A numbered section's heading of words alone, its number in Roman numerals or digits ("II. Nebenforderungen",
#: "3. Costs of the proceedings"): after an amount header, it takes up the table again (:func:`statement_amounts`).
_SECTION_HEADING = re.compile(r"[^\S\n]{0,4}(?:[IVX]{1,4}|\d{1,2})\.[^\S\n](?:(?! {2})[^\n\d]){3,60}")


def _amount_row_follows(text: str, lines: list[tuple[int, int]], i: int) -> bool:
    """Whether one of the two lines after line ``i`` holds an amount after a column gap (a row of the table goes on
    after an indented note). Two lines' look ahead: linear."""
    for a, b in lines[i + 1:i + 3]:
        following = text[a:b]
        if "  " in following.strip() and _COLUMN_AMOUNT.search(following) is not None:
            return True
    return False


def statement_amounts(text: str) -> list[Entity]:
    """Amounts without a currency in the columns of a bank statement or an assessment (stop 51: a statement's
    "650.00" and "18,834.97", a tax assessment's "18.642,00" under a header of "EUR" columns and a Brazilian
    statement's "8.750,00 C" stayed in clear; each is money a person paid, received or owes): the amounts
    (:data:`_COLUMN_AMOUNT`) after a column gap on the rows of a table of at least two rows that either open with a
    day and month (:data:`_STATEMENT_ROW`) or follow a header line that names amounts (:data:`_AMOUNT_HEADER`, no
    digit but a section's number, at least two column gaps), blank lines allowed between them (a payslip's blocks of
    earnings and deductions), a row's note or a group's heading allowed before the next row (stop 65), up to the first
    line without an amount in a column; under a header, a whole amount of one to three digits that ends its row is one
    too (stop 65). ``list[Entity]`` of label ``MONEY`` in text order; linear in the text (each line read once, two
    lines' look ahead)."""
    rows: list[tuple[int, int]] = []  # (start, end) of the lines whose amounts count
    lines: list[tuple[int, int]] = []
    pos = 0
    for line in text.split("\n"):
        lines.append((pos, pos + len(line)))
        pos += len(line) + 1
    dated_set = {i for i, (a, b) in enumerate(lines) if _STATEMENT_ROW.match(text, a, b)}
    if len(dated_set) < 2:
        dated_set = set()  # one dated line is no statement
    under_header = caption = header_line = seen_header = False
    small: list[tuple[int, int]] = []  # whole amounts of three digits or fewer, last in their row
    for i, (a, b) in enumerate(lines):
        line = text[a:b]
        if not line.strip():
            continue  # a payslip's blocks of earnings and deductions: one table across blank lines
        if _RULE_LINE.fullmatch(line) or line.strip() in _ELISIONS:
            continue  # a table's rule ("------  -----", "|---|---|") neither opens nor ends it, nor rows left out
            # (stop 67: " ..." between an amortization table's rows)
        gaps = line.count("  ") + line.count("|")
        # (a section's number before a header is no figure: "3. EINKÜNFTE      Ziffer     Fr." of a Swiss tax return;
        # stop 65)
        # (nor a rate in a header's column: "Earnings   Member 5%   Employer 5%   Total" of a pension statement)
        # (stop 67: a decimal digit, not a unit's superscript, "Superficie (m²)   UF/m²   Valor UF" of an appraisal)
        digits = any(c.isdecimal() for c in _PERCENT.sub("", _SECTION_NUMBER.sub("", line, count=1)))
        if not digits and gaps >= 2 and (caption or _AMOUNT_HEADER.search(line)):
            under_header, caption, header_line, seen_header = True, False, True, True
            continue
        if (not under_header and seen_header and _SECTION_HEADING.fullmatch(line)
                and _amount_row_follows(text, lines, i)):
            under_header = True  # (stop 68) the next section of a table that a paragraph interrupted ("II.
            continue  # Nebenforderungen" over "vorgerichtliche Mahnkosten      15,00" of an order for payment)
        if header_line:
            header_line = False
            if under_header and not _COLUMN_AMOUNT.search(line):
                continue  # the header's second line ("31.12.2023  mit VSt" under "Steuerwert   Ertrag"; stop 60)
        if under_header and not digits and not gaps and line.strip().isupper() and len(line.strip()) <= 40:
            continue  # a section's heading in capitals inside the table ("LIABILITIES" of an estate account; stop 60)
        if under_header and not digits and line.startswith("    ") and len(line.strip()) <= 12:
            continue  # a cell's wrapped rest, indented ("(H.)" under "Sparkonto PostFinance"; stop 60)
        if (under_header and ("  " not in line.strip() or not digits) and len(line.strip()) <= 60
                and (line.rstrip()[-1:] not in ".!?:" or not digits and line.rstrip()[-1:] == ":"
                     and len(line.strip()) <= 40)
                and _amount_row_follows(text, lines, i)):
            continue  # a row's note or a group's heading before the next row with an amount ("   Locum physiotherapy -
            # sole trader" under "Profit from self-employment    8,915.00" of a tax calculation, "Einkünfte aus
            # nichtselbständiger Arbeit" over its rows of an Austrian assessment; stop 65), not a sentence
            # (stop 67: and a heading without a figure, with a column gap or a colon, "Schedule D Case V  - Rental
            # Income (net)", "Less Tax Credits:" of an Irish notice of assessment)
        # a caption that names the currency above a header that does not ("Berechnung (monatlich, EUR)" over "|
        # Position | Mariam | Sohail |" of a benefits decision; stop 51)
        caption = not digits and _AMOUNT_HEADER.search(line) is not None
        if under_header and (_empty_amount(line) or _NUMBERED_ITEM.fullmatch(line)):
            continue  # a form's item without an amount ("4. Kapitalleistungen      –") or its heading ("2.
            # Gehaltsnebenleistungen" over "2.2 Privatanteil …  3 456" of a Swiss salary certificate; stop 61)
        bare = _BARE_LAST_CELL.search(line) if under_header and gaps else None
        if bare is not None:  # (a row's whole francs, "4.1      612")
            small.append((a + bare.start(1), a + bare.end(1)))
        if (under_header and not (gaps and _COLUMN_AMOUNT.search(line)) and line.count("|") < 2
                and bare is None and not _wrapped_row(text, lines, i)):
            # a line of text without an amount in a column ends the table; a pipe table's row without one does not
            # (stop 59: "4  | Zinsen 9 %-Pkt. über Basiszinssatz | ab 30.12.2024| lfd." of an order for payment's
            # claim ended it, and its later amounts stayed in clear)
            under_header = False
        if i in dated_set or (under_header and gaps):
            rows.append((a, b))
    out: list[Entity] = []
    for a, b in rows:
        for m in _COLUMN_AMOUNT.finditer(text, a, b):
            gap = text[max(a, m.start() - 2):m.start()]
            signed = text[max(a, m.start() - 4):m.start()] in ("  - ", "  – ")  # "   - 6'633", a deduction (stop 60)
            if m.start() > a and gap != "  " and "\t" not in gap and "|" not in gap and not signed:
                continue  # not in a column of its own (two spaces, a tab or a pipe table's "|" before it)
            start, end = m.span("amount")
            out.append(Entity(start, end, MONEY, text[start:end], "money"))
    kept = [Entity(s, e, MONEY, text[s:e], "money") for s, e in small]
    return sorted(out + kept, key=lambda e: e.start) if kept else out


_CASE_KEYWORDS = (
    # (stop 61: and a plaint, "Plaint No. SJ/FC/MA 2024/0613" of a Jamaican summons)
    r"(?:[Cc]ase|CASE|[Cc]ause|CAUSE|[Pp]laint|PLAINT|"
    # (stop 63) a suit and an action before their "No." ("CIVIL SUIT NO. E1472 OF 2024" of a Kenyan summons, "Civil
    # Action No. 1:24-cv-06318" of a US subpoena)
    r"(?:[Ss]uit|SUIT|[Aa]ction|ACTION)(?=\s(?:[Nn]o\.|NO\.))|"
    r"[Aa]pplication|[Aa]ppeal|[Ff]ile|FILE|[Rr]ef(?:erence)?\.?|[Cc]laim|[Dd]ocket|"
    r"Az\.?|Aktenzeichen|Geschäftszeichen|Gz\.|Geschäftsnummer|Geschäfts-Nr\.|"
    # (stop 62) Austria's "GZ", "Geschäftszahl" and "Aktenzahl" ("GZ: 4 A 217/23k - 19" of a probate decision)
    r"GZ|Geschäftszahl|Aktenzahl|"
    # (stop 62) a notary's file ("Akte: VM-24-112/KS" of a power of attorney)
    r"Akte(?=:)|"
    r"[Ee]xpediente|[Ee]xp\.|[Rr]ecurso|[Aa]utos|[Ss]umario|[Pp]rocedimiento|"
    # a Spanish court's procedures before their number ("Juicio verbal 345/2025", "Diligencias previas 1203/2025"; as
    # a heading capitalises them too, "Juicio Verbal 1123/2025": stop 46)
    r"[Jj]uicio\s(?i:verbal|ordinario|monitorio|cambiario)|[Dd]iligencias\s(?i:previas|urgentes)|"
    r"[Pp]rocedimiento\s(?i:abreviado|ordinario)|[Rr]ollo(?:\sde\s[Aa]pelación)?|"
    # (stop 50) a family court's procedure ("Divorcio contencioso 1184/2023" of a judgment), a Brazilian police
    # report and an official letter ("BO 4471/2024 – 2ª DDM", "ofício 221/2024 do Conselho Tutelar" of a case note)
    r"[Dd]ivorcio\s(?i:contencioso|de\smutuo\sacuerdo)|[Dd]ivorcio(?=\s\d+/\d)|"
    r"[Mm]edidas\s(?i:provisionales|paterno-filiales)|"
    r"(?-i:BO)(?=\s\d+/\d)|[Bb]oletim\sde\s[Oo]corrência|[Oo]f[íi]cio|[Ii]nquérito|"
    r"[Pp]rocesso|[Pp]roc\.)"
)
#: (Stop 61: and "NO." in capitals, "SUCCESSION CAUSE NO. E1187 OF 2024" of a Kenyan probate petition.)
_CASE_NUMBER_WORD = r"(?:\s?(?:[Nn]o\.|NO\.|[Nn]os\.|[Nn]r\.|[Nn]úm\.|[Nn]\.?\s?[º°o]\.?|[Nn]umber|número))?"
#: A reference: its first part with a digit ("R1234567/01"), a court's register ("2 BvR 1234/19"), or parts separated by
#: slashes with a digit among the first 60 characters ("TM/ADEYEMI/2026": a solicitor's reference, the client's
#: surname inside).
_CASE_ID = (# (stop 61) a German criminal court's file number before the prosecution's ("Geschäftsnummer: 729 Cs 184
            # Js 2217/24 (311/24)" of a penalty order), first: its first number alone is no reference
            r"\d{1,4}\s(?:Cs|Ds|Ls|KLs|Ns|Gs)\s\d{1,5}\s(?:Js|UJs|VRs)\s\d{1,6}/\d{2,4}"
            r"(?:\s\(\d{1,6}/\d{2,4}\))?(?![\w/])|"
            # (stop 57) groups of three digits after one to three ("ref. 21 034 887 120", a Portuguese payment's
            # reference)
            r"\d{1,3}(?:[^\S\n]\d{3}){2,4}(?![\w/.,-])|"
            r"[A-Z0-9][\w.:-]*\d[\w.:-]*(?:/[\w.:-]+)*"
            # (and its number with the year after a space: "Az. 52.1-SB 2218/19" of a disability notice; stop 57)
            r"(?:(?<=[A-Z])\s\d{1,6}/\d{2,4}(?![\w/]))?|(?:\d{1,3}|[IVX]{1,4})\s[A-Z][A-Za-z]{0,3}\s\d{1,6}/\d{2,4}"
            # (stop 62: an Austrian court's check letter after the year and the document's number after a dash,
            # "4 A 217/23k - 19")
            r"(?:[a-z](?:[^\S\n]?[-–][^\S\n]?\d{1,4})?(?![\w/]))?"
            # (stop 64) a Viennese district office's letters and number before a file's number and year ("Geschäftszahl:
            # MBA 10 - 214608/2019" of a trade register's extract)
            r"|[A-Z]{2,5}\s\d{1,3}\s[-–]\s\d{1,7}/\d{2,4}(?![\w/])"
            # (stop 62) a Viennese district office's letters and number before the file's ("Aktenzahl: MBA 7 –
            # M/44871/2024" of a registration)
            r"|[A-Z]{2,5}\s\d{1,3}\s[-–]\s[A-Z]{1,3}/\d{1,6}/\d{2,4}(?![\w/])"
            # (the digit perhaps after a space: "Plaint No. SJ/FC/MA 2024/0613" of a Jamaican summons; stop 61)
            r"|(?=[\w.:/-]{0,60}\s?\d)[A-Z][\w.:-]*(?:/[\w.:-]+)+(?:\s\d{1,6}/\d{2,4}(?![\w/]))?"
            # (stop 55) an authority's letters and a number with its year ("Az. GS-LH 2023/417" of a school's record)
            r"|[A-Z]{1,5}-[A-Z]{1,5}\s\d{1,6}/\d{2,4}(?![\w/])"
            # (stop 57) an office's letters, one or two groups, before a number with its parts ("Aktenzeichen MD: MD-NO
            # 24-118734-P" of a care assessment, "Geschäftszeichen: WoA FK 21-3345/24" of a housing application)
            # (and a subject's decimal number: "Az. UV 51.3-2291/22" of a housing benefit claim; stop 58)
            r"|[A-Z][A-Za-z]{0,4}(?:[-\s][A-Z][A-Za-z]{0,4})?\s\d{1,6}(?:\.\d{1,4})?(?:[-/]\d{1,8}){1,2}"
            r"(?:-[A-Z0-9]{1,3})?"
            r"(?![\w/])"
            # (stop 68) a registry's letters and number before the year after "of" ("Claim No. FH 01142 of 2023" of a
            # Trinidad affidavit: the year stayed in clear)
            r"|[A-Z]{1,4}[^\S\n]?\d{1,6}(?=[^\S\n](?:of|OF)[^\S\n](?:19|20)\d\d(?![\w/]))")
#: (round 23: a form's column gap after the colon, "Case No.:      23CR-004817")
#: (stop 56: or two words between the keyword and its colon, "Az. der Behörde: 32-7421/JS-0488-2025" of a licence
#: renewal)
#: (stop 57: or an aside in parentheses, "Az. (vom Amt auszufüllen): 51-2025-0037814" of a disability application)
_CASE_RE = re.compile(rf"\b{_CASE_KEYWORDS}{_CASE_NUMBER_WORD}"
                      r"(?:(?:[^\S\n]+(?:[^\W\d][\w.]*|\([^\W\d][^()\n]{0,38}\))){1,2}(?=[^\S\n]*:))?"
                      # (stop 60: "#:" of a docket's heading, "CIVIL DOCKET FOR CASE #: 1:23-cv-04817")
                      rf"\s?(?:#\s?:|[:#])?(?:\s?|[^\S\n]{{2,12}})(?P<id>(?:{_CASE_ID})"
                      # (the year after "of", as courts of Kenya, India and Nigeria number their causes: "E1187 OF
                      # 2024", "Civil Suit No. 45 of 2023"; stop 61)
                      r"(?:[^\S\n](?:of|OF)[^\S\n](?:19|20)\d\d(?![\w/]))?)")
#: After "no."/"nº": a number with a slash or dash, and the groups of dotted digits that may follow it
#: ("nº 109-80.2017.7.01.0201", a Brazilian process number without its leading zeros), and the capitals that close it
#: ("Record No. 2025/1234P", Ireland's High Court: the "P" stayed in clear before stop 44), also after a hyphen
#: ("sob o n.º 1442/19950608-F", a Portuguese land register's description and its parish's letter; stop 58).
_NO_RE = re.compile(r"(?:\b[Nn]o\.|\b[Nn]r\.|\b[Nn]\.?\s?[º°]\.?|\b[Nn]úm\.)\s?"
                    # (a number with its thousands' dots before the year: "Habilitação nº 3.412/2023"; stop 58)
                    # (stop 60: and a court's letters inside, "Sentencia No. 0532-2024-SSEN-01187" of a divorce record)
                    r"(?P<id>(?:\d{1,3}(?:\.\d{3})+|\d+)(?:[/-]\d+)+(?:\.\d+)*(?:-[A-Z]{2,5}-\d{1,8})?"
                    # (round 61: a station's letters, "RELATÓRIO DE OCORRÊNCIA   N.º 871/2024-PTVZL" of a GNR report)
                    r"(?:-?[A-Z]{1,3}(?!\w)|-[A-Z]{4,6}(?!\w))?)")
#: A list of numbers after a plural "nos." ("applications nos. 29537/95 and 35453/97", "plots nos. 260, 268, 45,
#: 119/5", "Az. Nrn. 3/20, 4/20"): every number of it, when one has a slash or a dash (a list of bare numbers,
#: "Protocols nos. 1 and 4", names no case).
_LIST_ITEM = r"\d+(?:[/-]\d+)*"
_LIST_RE = re.compile(
    r"(?:\b[Nn]os\.|\b[Nn]rn\.|\b[Nn]\.?\s?[º°]s\.?|\b[Nn]\.os|\b[Nn]úms\.|\b[Nn]o\.|\b[Nn]r\.)\s?"
    rf"(?P<list>{_LIST_ITEM}(?:(?:\s?,\s?|\s(?:and|und|y|e|et|or|oder|o|ou|&)\s){_LIST_ITEM})*)")
_LIST_ITEM_RE = digit_led(re.compile(r"(?<![\d/-])" + _LIST_ITEM))
#: The singular markers of :data:`_LIST_RE`: after them only numbers with a slash or dash are taken ("no. 30210/96,
#: 10 May 2001": the "10" opens a date).
_SINGULAR_NO = frozenset({"no.", "nr."})
_MONTH_NAMES = frozenset(name for names in MONTHS.values() for name in names)


_NEXT_WORD_RE = re.compile(r"\.?\s+([^\W\d_]+)")


def _before_month(text: str, end: int) -> bool:
    """Whether a month name follows the number ending at ``end`` ("10 May 2001", "3. März"): a day, not a case."""
    m = _NEXT_WORD_RE.match(text, end, end + 24)
    return m is not None and m.group(1).casefold() in _MONTH_NAMES


#: A German court's file number: the department's number, the register, "number/year"; a department of four digits
#: before a register of one capital (an enforcement court's "1512 M 4471/23" of a payslip's garnishment stayed in clear
#: before stop 50), not after another number ("4917 4032 5587 1220 Venc 08/29": a card, then its expiry) nor a year
#: ("BFH-Urteil vom 7. Juni 1962 V 214/59": the date's year before the senate's file number).
_AKTENZEICHEN_RE = re.compile(r"\b(?P<id>(?:(?:\d{1,3}|[IVX]{1,4})\s(?:[A-Z][A-Za-z]{0,3})"
                              r"|(?<!\d[^\S\n])(?!19|20)\d{4}\s[A-Z])"
                              r"\s\d{1,6}/\d{2,4}"
                              # (stop 64) an Austrian court's check letter after a space, the number ending its line
                              # or clause ("12 A 187/23 k" of a probate decision's heading; not an article after it)
                              r"(?:[^\S\n][a-z](?=[^\S\n]*(?:\n|[,;)]|\Z))"
                              # (stop 71) the letter glued to the year anywhere, the document's number after a dash
                              # ("im Verfahren 3 Ps 112/23m gesondert", "12 C 48/24k - 19" of a divorce judgment)
                              r"|[a-z](?![\w/])(?:[^\S\n]?[-–][^\S\n]?\d{1,4}(?![\w/]))?)?)\b")
#: Registers of court files written without a senate's or chamber's number
#: (:attr:`app.languages.Language.court_registers`: the Federal Court of Justice's "KZR 25/14", "EnVR 1/17", "AnwZ
#: 2/18", the Constitutional Court's "Vz 1/16"): the register, then "number/year" with a year of two or four digits;
#: not the end of a hyphenated register ("GmS-OGB 2/73") nor the start of a date ("03/14/1956")
_REGISTERS = sorted(languages.union("court_registers"), key=len, reverse=True)
_REGISTER_RE = (re.compile(r"(?<![\w/-])(?P<id>(?:" + "|".join(map(re.escape, _REGISTERS))
                           + r")\s\d{1,6}/(?:\d{2}|\d{4}))(?![\w/])") if _REGISTERS else None)
#: Case numbers whose format needs no keyword (:attr:`app.languages.Language.case_number_formats`), the whole match.
_FORMATS = languages.union("case_number_formats")
_FORMAT_RE = (digit_led(re.compile("(?P<id>" + "|".join(f"(?:{f})" for f in sorted(_FORMATS)) + ")")) if _FORMATS
              else None)
_CASE_PATTERNS = tuple(gated(p) for p in (_CASE_RE, _NO_RE, _AKTENZEICHEN_RE, _REGISTER_RE, _FORMAT_RE) if p is not None)


class CaseNumberRecognizer(Recognizer):
    """Case, file and reference numbers after a keyword (``Case No. 1:20-cv-01234``,
    ``Az. 3 C 12/20``, ``expediente 123/2020``, ``Proc. n.º 1234/15``), numbers with slashes after ``no.``
    (``no. 12345/06``), every number of a list after ``nos.`` when one has a slash (``nos. 29537/95 and
    35453/97``, ``plots nos. 260, 268, 45, 119/5``: one entity per number) and German court file numbers
    (``1 BvR 1234/19``; without a senate's number ``KZR 16/17``, ``Vz 1/16``). The entity is the number, not the
    keyword (label ``CASE_NUMBER``)."""

    name = "case_number"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        spans: set[tuple[int, int]] = set()
        for pattern in _CASE_PATTERNS:
            for m in pattern.finditer(text):
                start, end = m.span("id")
                while end > start and text[end - 1] in ".:-":
                    end -= 1
                spans.add((start, end))
        for m in _LIST_RE.finditer(text):
            items = [i.span() for i in _LIST_ITEM_RE.finditer(text, *m.span("list"))]
            if any(c in "/-" for a, b in items for c in text[a:b]):
                plural = text[m.start():m.start("list")].strip().casefold() not in _SINGULAR_NO
                spans.update((a, b) for a, b in items
                             if (plural or any(c in "/-" for c in text[a:b])) and not _before_month(text, b))
        out: list[Entity] = []
        for s, e in sorted(spans, key=lambda span: (span[0], span[0] - span[1])):  # longest first at a start
            if not out or s >= out[-1].end:
                out.append(Entity(s, e, CASE_NUMBER, text[s:e], self.name))
        return out


#: Postal code patterns per language (:attr:`app.languages.Language.postal_codes`); ambiguous formats (5 digits)
#: need the city after them (:data:`app.languages.CITY_AFTER`).
POSTAL_CODE_PATTERNS: dict[str, tuple[str, ...]] = languages.per_language("postal_codes")


class PostalCodeRecognizer(Recognizer):
    """Postal codes in the formats of :data:`POSTAL_CODE_PATTERNS` (label ``POSTAL_CODE``): a pattern's match, or its
    group ``code`` where it has one (the code after an indentation the pattern reads too; stop 65)."""

    name = "postal_code"

    def __init__(self, language: str = "en") -> None:
        # (stop 70: each searched only where a string its matches need stands, :func:`gate_of`; issue 18)
        compiled = [gate_of(digit_led(re.compile(p))) for p in POSTAL_CODE_PATTERNS.get(language, [])]
        # each with the group its code is in (0: the whole match)
        self.patterns = [(p, "code" if "code" in p.groupindex else 0) for p in compiled]

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        spans = {m.span(group) for p, group in self.patterns for m in p.finditer(text)}
        return [Entity(s, e, POSTAL_CODE, text[s:e], self.name) for s, e in sorted(spans)]


_NUMBER_RE = digit_led(re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w])"))


class NumberRecognizer(Recognizer):
    """Numbers (label ``NUMBER``; not sensitive by default, NETANOS's "values" when configured)."""

    name = "number"

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        return pattern_entities(_NUMBER_RE, text, NUMBER, self.name, rstrip=".,")
