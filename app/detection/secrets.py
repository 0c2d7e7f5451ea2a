"""Credentials and a payment card's security details quoted in a document: a password, a PIN, an API key or token,
a card's verification code and its expiry date.

None of them is a name, yet each opens a person's account to whoever reads it, and a support ticket or an e-mail pasted
into a translation job quotes them verbatim (stop 49: "My password for the portal is Tr0ub4dor&3 and the API key is
sk_live_51HxT…", and "card 4111 1111 1111 1111, exp 09/27, CVV 123" left the password's end, the key, the expiry and
the code in clear: the model took part of the password for an organization).

* after a word that names a secret (:attr:`app.languages.Language.secret_keywords`: "password", "Passwort",
  "contraseña", "senha", "PIN", "API key", "token"), then ":" / "=" and the value, or words and ":" or a copula ("is",
  "ist", "es", "é") and a value with a digit or a symbol in it ("the password is changed monthly", "MAD Secret
  Concerts: Helena" name no secret): the value, up to the
  next white space, without the sentence's closing punctuation, 4 to 200 characters (a PIN: 4 digits or more) —
  ``ID_NUMBER``; or right after the word, without ":" or a copula, a value that looks like one, as chats write it
  (stop 50: "clave Alcala412!2b", letters and digits, six characters or more; "PIN 4471", "Cofre chaves 7319", "código
  nuevo 1958*": a code's four to eight digits, "#" or "*" after them, after a PIN's, a code's or a key safe's word); a
  building's, an alarm's and a key safe's codes are such words ("Door code changed today to 4417#": "to" before the
  value, as a copula);
* keys whose form names them wherever they stand (Stripe's "sk_live_…", GitHub's "ghp_…", AWS's "AKIA…", Slack's
  "xoxb-…", Google's "AIza…") — ``ID_NUMBER``;
* a card's verification code after its name (CVV, CVC, CV2, "security code", "código de seguridad", "Prüfnummer") —
  ``ID_NUMBER`` (three or four digits: shorter than the identifier recognizer's four characters at least);
* a card's expiry date after its word ("exp 09/27", "valid thru 09/2027", "gültig bis 09/27", "caducidad 09/27",
  "validade 09/27") — ``DATE``.

Each pattern is one scan of the text with a bounded value (linear).
"""

from __future__ import annotations

import re

from app import languages
from app.detection.base import Recognizer
from app.detection.identifiers import COPULAS, more_of_the_same
from app.detection.labels import DATE, ID_NUMBER
from app.detection.patterns import URL_CREDENTIALS
from app.doc import Entity, Sentence

#: Keys whose form names them: Stripe, GitHub, AWS access key ids, Slack, Google API keys; JSON Web Tokens (RFC 7519:
#: a header and a payload in base64url, each opening with ``eyJ``, the encoded ``{"``, and a signature, empty when
#: unsigned), whose payload carries the user's name or e-mail address in clear once decoded; Firebase Cloud
#: Messaging registration tokens (stop 52: an API log's tokens were masked from the signature on only, or not at all).
_KEY_FORMS = re.compile(r"(?<![\w-])(?:(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{30,}"
                        r"|github_pat_[A-Za-z0-9_]{40,}|(?-i:AKIA[0-9A-Z]{16})|xox[abprs]-[A-Za-z0-9-]{10,}"
                        # (stop 53) other services' keys of Stripe's form ("lf_live_9c4e7a21b0d84f5e" of a ticket)
                        r"|[a-z]{2,5}_(?:live|test|prod)_[A-Za-z0-9]{12,}"
                        r"|AIza[0-9A-Za-z_-]{35}"
                        r"|eyJ[A-Za-z0-9_-]{4,8192}\.eyJ[A-Za-z0-9_-]{4,8192}\.[A-Za-z0-9_-]{0,8192}"
                        r"|[A-Za-z0-9_-]{8,256}:APA91b[A-Za-z0-9_-]{8,1024}"
                        # (stop 52) an error tracker's DSN key before its host ("https://f3a91c07be2d4e5a@o48213…")
                        r"|(?<=://)[0-9a-f]{16,64}(?=@)"
                        # (stop 53) password hashes in their modular crypt form: bcrypt ("$2b$12$" and 53 characters)
                        # and Argon2 ("$argon2id$v=19$m=…"), which a dictionary attack turns back into the password
                        r"|\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}|\$argon2(?:id|i|d)\$[\w=,$/+]{20,300}"
                        # (stop 53) an SSH key's fingerprint in an auth log ("ED25519 SHA256:q3Vx9rTg…"), one user's key
                        r"|(?<=SHA256:)[A-Za-z0-9+/]{43}(?![\w+/]))(?![\w-])")
#: A card's verification code, in every language.
#: (stop 50: and in lower case, "venc 08/29 cvv 417" of a support chat; "CID" only as written: a "cid" is not one)
_CVV_WORDS = (r"cvv2?|cvc2?|cv2", r"(?-i:CID)", r"card\s+security\s+code", r"security\s+code", r"código\s+de\s+seguridad",
              r"código\s+de\s+segurança", r"Kartenprüfnummer", r"Prüfnummer", r"Sicherheitscode")
#: A card's expiry, in every language.
_EXPIRY_WORDS = (r"exp(?:iry|iration)?(?:\s+date)?\.?", r"expires", r"valid\s+(?:thru|through|until)", r"good\s+thru",
                 r"Ablaufdatum", r"gültig\s+bis", r"Verfallsdatum", r"(?:fecha\s+de\s+)?caducidad", r"vence",
                 r"(?:data\s+de\s+)?validade", r"venc(?:imento)?\.?", r"válid[ao]\s+hasta", r"válido\s+até",
                 # (stop 50) the Spanish abbreviation of "caducidad" ("VISA 4111 … cad. 11/26" of a rental contract, "cad
                 # 08/26 cvv 341" of a chat)
                 r"cad\.?")
_CVV = re.compile(rf"(?<![\w-])(?i:{'|'.join(_CVV_WORDS)})[^\S\n]*(?:[:#=][^\S\n]*)?(?P<v>\d{{3,4}})(?![\w]|[.,]\d)")
_EXPIRY = re.compile(rf"(?<![\w-])(?i:{'|'.join(_EXPIRY_WORDS)})[^\S\n]*(?:[:=][^\S\n]*)?"
                     r"(?P<v>(?:0[1-9]|1[0-2])[^\S\n]?[/-][^\S\n]?(?:20)?\d{2})(?![\w/]|[.,]\d)")
#: Signs of a verification code's word in the lower-cased text (and "CID" as written): :data:`_CVV` runs only then.
_CVV_STEMS = ("cvv", "cvc", "cv2", "security", "seguridad", "segurança", "prüfnummer", "sicherheitscode")
#: A month and a year as a card prints its expiry ("09/27", "11/2028"), the candidates :data:`_EXPIRY` checks.
_MONTH_YEAR = re.compile(r"(?=[01])(?<![\w/.-])(?:0[1-9]|1[0-2])[^\S\n]?[/-][^\S\n]?(?:20)?\d{2}(?![\w/]|[.,]\d)")
#: What a copula introduces when the value is a secret: a digit or a symbol in it.
_SECRET_LOOKING = re.compile(r"[\d\W_]")
#: A value right after its keyword without ":" or a copula, as chats write it ("red Portal412_2B clave Alcala412!2b" of
#: a WhatsApp export; stop 50): six characters or more, letters and digits both.
_BARE_SECRET = re.compile(r"(?=[^\s]*\d)(?=[^\s]*[^\W\d_])\S{6,200}")
#: A code's digits as a keypad takes them, "#" or "*" after them perhaps ("4417#", "1958*"), and the words whose
#: value they may be without a colon ("PIN 4471", "Cofre chaves 7319", "código nuevo 1958*").
_CODE_DIGITS = re.compile(r"\d{4,8}[#*]?|\d{4}-\d{4}|\d(?:-\d){3,7}")  # (stop 51: a backup code's "8812-4409"; stop 52:
#                                                                     a garage's "código 4-1-9-0")
_CODE_WORD = re.compile(r"(?i)pin|code|código|codigo|cofre|safe")
#: The sentence's closing punctuation after a value.
_TRAILING = ".,;:!?)]}\"'’”"


#: A configuration's or an environment's variable that holds a secret, in capitals, and its value after "=" ("SMTP_PASS=…",
#: "DB_PASSWORD=…", "STRIPE_SECRET_KEY=…", "GITHUB_TOKEN=…" of a pasted ".env"; stop 51).
_ENV_SECRET = re.compile(r"(?<![\w-])(?-i:[A-Z][A-Z0-9]*_)*(?-i:PASS|PASSWD|PASSWORD|PWD|SECRET|SECRET_KEY|TOKEN|API_KEY"
                         r"|APIKEY|ACCESS_KEY|PRIVATE_KEY|AUTH_TOKEN|CREDENTIALS?)[^\S\n]*=[^\S\n]*[\"']?"
                         r"(?P<v>[^\s\"'<>]{4,200}?)[\"']?(?=\s|$)")


#: Adverbs between a copula and a secret, in the four languages ("ist noch", "is still", "es ahora", "é agora").
_ADVERBS = r"(?:(?:immer[^\S\n]+)?noch|jetzt|nun|weiterhin|still|now|currently|ahora|todavía|aún|agora|ainda)"


#: A secret in a JSON object under a key that names one ("tempPassword": "Ilford#2024tmp", "api_key", "otpSecret";
#: stop 52: an API log's temporary password stayed in clear: "tempPassword" is no keyword after a word character), also
#: its hash ("password_hash"; stop 53).
_JSON_SECRET = re.compile(r'"[A-Za-z_]{0,40}(?i:password|passwd|passcode|secret|token|api_?key|pin|otp)'
                          r'(?i:_?(?:hash|digest))?"[^\S\n]*:'
                          r'[^\S\n]*"(?P<v>[^"\s]{4,200})"')


def _keyword_pattern(language: str) -> re.Pattern[str] | None:
    """The pattern of a secret after its word in ``language`` (``None`` without keywords)."""
    keywords = languages.get(language).secret_keywords if languages.find(language) is not None else ()
    if not keywords:
        return None
    copulas = rf"{COPULAS}|são|to"  # (stop 50: "Door code changed today to 4417#")
    # only the positions where a keyword's first letter stands are tried (a third of the scan's time on news text)
    firsts = "".join(sorted({c for k in keywords for c in (k[0].lower(), k[0].upper())}))
    start = rf"(?=[{re.escape(firsts)}])" if all(k[0].isalpha() for k in keywords) else ""
    # the keyword, up to five words ("my password for the portal is …", "Ihr Passwort für das Portal lautet …", "a senha
    # do wifi do vô é …", "La contraseña provisional del portal de nómina es …": stop 51, five),
    # then ":" / "=" or a copula, then the value up to white space
    return re.compile(rf"{start}(?<![\w-])(?i:{'|'.join(keywords)})(?![\w-])"
                      rf"(?P<words>(?:[^\S\n]+(?!(?:{copulas})\b)[^\W\d][\w'’.-]*){{0,5}}?)"
                      # (an adverb after the copula: 'root-PW dort ist noch "Zugspitze_17"', stop 52)
                      rf"(?:[^\S\n]*(?P<sep>[:=])|[^\S\n]+(?P<cop>{copulas})(?:[^\S\n]+{_ADVERBS})?"
                      # or a space alone before a value that looks like one (:data:`_BARE_SECRET`; a PIN's digits)
                      r"|(?P<bare>[^\S\n]+)(?=(?=[^\s]*\d)(?=[^\s]*[^\W\d_])\S{6}|\d{4,8}[#*]?(?!\w)"
                      r"|\d{4}-\d{4}(?![\w-])"
                      r"|\d(?:-\d){3,7}(?![\w-])))"
                      r"[^\S\n]*"
                      # a value in quotation marks ('Altes Secret lt. Doku: "k8$Pw!rad-SWLG"', stop 51)
                      r"[\"'“„‘«]?(?P<v>[^\s\"'“”‘’„«»<>]{4,200})")


class SecretRecognizer(Recognizer):
    """Passwords, PINs, API keys and tokens after their word, keys of a known form, and a payment card's verification
    code (``ID_NUMBER``) and expiry date (``DATE``): ``list[Entity]`` in text order, character offsets, half-open.

    Raises:
        app.languages.UnknownLanguage: ``language`` is not declared (a ``ValueError``).
    """

    name = "secret"

    def __init__(self, language: str = "en") -> None:
        languages.get(language)  # raises for an undeclared language
        self.keyword = _keyword_pattern(language)

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        out: list[Entity] = []
        # each scan only where its cheap sign is in the text (most documents have none)
        if ("_" in text or "AKIA" in text or "AIza" in text or "xox" in text or "eyJ" in text or "APA91b" in text
                or "://" in text or "$2" in text or "$argon2" in text or "SHA256:" in text):
            out += [Entity(m.start(), m.end(), ID_NUMBER, m.group(), self.name) for m in _KEY_FORMS.finditer(text)]
        lowered = text.lower()
        if "CID" in text or any(stem in lowered for stem in _CVV_STEMS):
            out += [Entity(*m.span("v"), ID_NUMBER, m.group("v"), self.name) for m in _CVV.finditer(text)]
        for m in _MONTH_YEAR.finditer(text):  # an expiry's word before a month and year
            if any(e.span("v") == m.span() for e in _EXPIRY.finditer(text, max(0, m.start() - 40), m.end())):
                out.append(Entity(m.start(), m.end(), DATE, m.group(), self.name))
        if '":' in text or '" :' in text:
            out += [Entity(*m.span("v"), ID_NUMBER, m.group("v"), self.name) for m in _JSON_SECRET.finditer(text)]
        if "=" in text:  # a configuration's or an environment's secret ("SMTP_PASS=Andina2024!smtp"; stop 51)
            out += [Entity(*m.span("v"), ID_NUMBER, m.group("v"), self.name) for m in _ENV_SECRET.finditer(text)]
        if "://" in text:  # a connection string's password ("postgres://certsvc:Kx9#pLm2vQ@10.20.4.15"; stop 51)
            out += [Entity(*m.span("password"), ID_NUMBER, m.group("password"), self.name)
                    for m in URL_CREDENTIALS.finditer(text)]
        if self.keyword is not None:
            for m in self.keyword.finditer(text):
                start, end = m.span("v")
                while end > start and text[end - 1] in _TRAILING:
                    end -= 1
                value = text[start:end]
                if end - start < 4 or ((m.group("cop") or m.group("words")) and not _SECRET_LOOKING.search(value)):
                    continue
                if m.group("bare") is not None and (m.group("words") or not _BARE_SECRET.fullmatch(value) and not (
                        _CODE_DIGITS.fullmatch(value) and _CODE_WORD.search(text, m.start(), m.start("words")))):
                    continue  # "the password reset", "clave de todo": a bare value must look like one ("PIN 4471")
                out.append(Entity(start, end, ID_NUMBER, value, self.name))
                if m.group("bare") is not None and _CODE_DIGITS.fullmatch(value):
                    out.extend(more_of_the_same(text, end, value, self.name))  # "backup codes 8812-4409 and 3357-9021"
        out.sort(key=lambda e: (e.start, -e.end))
        kept: list[Entity] = []
        for e in out:  # disjoint: the first and longest of overlapping ones
            if not kept or e.start >= kept[-1].end:
                kept.append(e)
        return kept
