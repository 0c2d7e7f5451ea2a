"""English."""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.detection import labels as L
from app.languages import (
    ORGANIZATION_TYPES, POLISH_POSTCODE, CoreferenceWords, Language, StreetAddresses, data_file, register,
)
from app.languages.grammar import Agreement, Grammar, join


def indefinite_article(phrase: str) -> str:
    """"a" or "an" before ``phrase`` by its sound ("an hour", "a university", "an MP")."""
    w = phrase.lower()
    if re.match(r"(eu|uni|one|use|u[bcfhjkqrst][aeiou])", w):
        return "a"
    if re.match(r"(hour|honest|honou?r|[aeiou])", w) or re.match(r"[fhlmnrsx]\b|[aefhilmnorsx][A-Z0-9]", phrase):
        return "an"
    return "a"


@dataclass(frozen=True)
class EnglishGrammar(Grammar):
    """English phrases: "a"/"an" by sound, adjectives before the noun, no gender; a country takes "the" when it is
    plural or a union of parts ("the Netherlands", "the United Kingdom").

    Attributes:
        the_words: words of a country name that make it take "the" ("Republic", "Islands").
        the_names: other names that take "the" ("Netherlands", "Gambia").
    """

    the_words: tuple[str, ...] = ()
    the_names: frozenset[str] = frozenset()

    def inflect(self, noun: str, gender: str, *, rest: str, adjective: str, definite: bool, previous: str,
                drop_article: bool, genitive: bool) -> str:
        head = join(adjective, noun)
        article = "" if drop_article else ("the" if definite else indefinite_article(head))
        return join(article, head, rest)

    def place_agreement(self, name: str) -> Agreement:
        takes = name in self.the_names or any(w in name.split() for w in self.the_words)
        plural = takes and name.endswith("s") and "Republic" not in name
        return Agreement(takes, "n", plural)

    def located_in(self, name: str) -> str:
        return f"in the {name}" if self.place_agreement(name).article else f"in {name}"


#: en.toml, next to this module: the fields of :data:`app.languages.DATA_FIELDS` (months, weekdays,
#: continents, national identifiers, organization nouns, label names, the strict profile's lexicons) and
#: the grammar's :data:`app.languages.PHRASE_WORDS` (:func:`app.languages.data_file`).
_DATA = data_file("app.languages", "en.toml")

LANGUAGE = register(Language(
    **_DATA.language,
    code="en",
    name="English",
    faker_locales=("en_US", "en_GB", "en_IE"),
    surrogate_countries=("US", "GB", "CA", "AU", "IE", "NZ"),
    country_names={"RU": "Russia", "TR": "Turkey"},  # pycountry: "Russian Federation", "Türkiye"
    first_name_locales=("en_US", "en_GB"),
    # (stop 63: "Hon.", as Kenyan and Philippine courts and registries title their officers: "Hon. Faith Chebet
    # Kiprono" under "DEPUTY REGISTRAR" of a summons, where "Faith" stayed in clear)
    titles=frozenset("""Mr. Mr Mrs. Mrs Ms. Ms Miss Dr. Dr Prof. Prof Sir Dame Lord Lady Rev. Judge Justice Senator Governor
        President Minister Commissioner Mayor Hon.""".split()),
    # ("Hon." in capitals too before a name in capitals: "HON. ŁUKASZ V. WIŚNIEWSKI-ONG" of a barangay clearance;
    # stop 63)
    honorifics=frozenset("Mr. Mr Mrs. Mrs Ms. Ms Dr. Dr Prof. Prof Rev. Hon.".split()),
    greetings=frozenset(w.strip() for w in """hi|hello|hey|hiya|howdy|dear|greetings|good morning|good afternoon|
        good evening|good day|thanks|thank you|many thanks|thx|cheers|regards|kind regards|best regards|
        warm regards|yours sincerely|sincerely""".split("|")),
    # short forms of first names in messages ("can you tell kev"; stop 46), words of the language left out
    nicknames=frozenset("""Kev Steph Gaz Baz Trev Shaz Jez Dave Davy Jen Jenny Becky Vicky Jess Andy Pete Jim Jimmy Tony Phil
        Matt Dan Danny Ben Alex Liz Lizzie Beth Kate Katie Sam Tom Tommy Robbie Mike Mikey Chris Nicky Jon
        Jonny Eddie Fred Freddie Ted Teddy Stu Si Gav Dougie Jamie Ollie Charlie Harry Alfie Archie Kezza
        Dazza Tez""".split()),
    informal_words=frozenset("""im ive cant dont wont didnt doesnt isnt wasnt arent werent shouldnt couldnt wouldnt havent hasnt
        thats whats youre theyre hes shes lets gonna wanna gotta kinda sorta btw idk imo imho tbh thx pls
        plz lol omg brb asap fyi ty np ok okay yeah yep nope hmm haha cya u ur""".split()),
    weekday_abbreviations=tuple("Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun".split()),
    # (stop 67) the words before a name at birth (:class:`app.detection.rules.BirthNameRule`)
    birth_names=("born", "née", "nee", "formerly"),
    party_roles=frozenset("""plaintiff plaintiffs defendant defendants claimant claimants applicant applicants
        respondent respondents appellant appellants petitioner petitioners witness complainant victim suspect
        accused""".split()),
    vocatives=frozenset("""all everyone everybody there guys gals team folks mate mates babe baby love luv you sir
        madam maam ma'am colleagues friends again bro bruh dude man buddy pal hun hon honey sweetie darling dear boss
        doc chief girls boys lads ladies gentlemen people fam kids mum mom dad sis y'all yall both""".split()),
    title_genders={
        "mr": "male", "mister": "male", "sir": "male", "lord": "male", "messrs": "male",
        "mrs": "female", "ms": "female", "miss": "female", "madam": "female", "dame": "female", "lady": "female",
        "dr": None, "prof": None, "mx": None, "rev": None,
    },
    academic_degrees=frozenset("PhD Ph.D. MD M.D.".split()),
    # (stop 64) an employer's and a business's fields ("Enterprise name: UMNOTHO GREEN ENERGY (PTY) LTD" of a company's
    # registration certificate)
    # (stop 64) a letterhead's public bodies ("KENYA REVENUE AUTHORITY", "NIGERIA POLICE FORCE", "HOUSING & DEVELOPMENT
    # BOARD") and the document titles that name none ("NOTICE OF DECISION BY THE BOARD")
    public_body_words=frozenset("""Police Authority Commission Board Court Judicature Judiciary Registry Registrar
        Ministry Department Office Agency Council Service Services Executive Tribunal Bureau Directorate Secretariat
        Embassy Consulate Commissioner Revenue Customs Parliament Assembly Government Municipality County Borough
        Corporation Command Constabulary Gardaí Garda Registration Immigration Security""".split()),
    document_title_words=frozenset("""Notice Certificate Application Form Statement Decision Order Judgment Judgement
        Report Letter Acknowledgement Acknowledgment Summons Affidavit Receipt Invoice Agreement Contract Deed Lease
        Licence License Permit Declaration Extract Clearance Claim Record Summary Referral Petition Subpoena Warrant
        Offer Approval Confirmation Assessment Schedule Minutes Resolution Will Testament Particulars Details
        Notification Request Reminder Invitation Transcript Terms Use""".split()),
    # (stop 68) a form's fields of a place ("County: Kilkenny", "Barangay: Apokon" of a loan application)
    place_fields=frozenset(w.strip() for w in """town|city|town/city|county|province|district|region|barangay|parish|
        suburb|municipality|place of birth|birthplace|country of birth|town of birth|city of birth""".split("|")),
    organization_fields=frozenset(w.strip() for w in """employer|employer name|name of employer|enterprise name|
        company name|name of company|business name|trading name|registered name|place of work|workplace|
        place of employment|shortened name""".split("|")),
    name_fields=frozenset(w.strip() for w in """name|full name|patient name|first name|last name|surname|given name|
        first names|forenames|forename|given names|known as|preferred name|
        family name|maiden name|patient|client|applicant|claimant|plaintiff|defendant|employee|witness|insured|
        policyholder|next of kin|contact person|referred by|attending physician|physician|doctor|cardholder|
        card holder|account holder|account name|passenger|passenger name|guest|guest name|initials|
        subject initials|clerk|checked by|dispatcher|duty manager|
        signature|patient signature|applicant signature|claimant signature|signed|signed by|verified by|
        prepared by|approved by|certified by|witnessed by|attested by|received by""".split("|")),
    abbreviations=frozenset("""mr mrs ms dr prof jr st mt no nos art arts vol vols p pp fig figs ed eds co corp inc
        ltd bros dept univ gen col lt sgt capt cmdr adm gov sen rep rev hon jan feb mar apr
        jun jul aug sep sept oct nov dec vs etc cf al approx ca min max""".split()),
    closing_abbreviations=frozenset("co corp inc ltd bros jr etc".split()),
    sentence_starters=frozenset("""The This That These Those It He She They We I You His Her Their Our My Its There Then
        But However""".split()),
    place_connectors=frozenset("of the and upon on in".split()),
    month_abbreviations={"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
                         "oct": 10, "nov": 11, "dec": 12},
    month_first=True,
    date_words=frozenset({"of", "the", "and"}),
    licence_plates=(r"[A-HJ-PR-Y][A-HJ-PR-Y]\d\d[ ]?[A-HJ-PR-Z]{3}",
                    # (stop 58) Ireland's: the year (and half-year), the county's letters, a serial ("191-KE-4473")
                    r"\d\d[12]?-(?:C|CE|CN|CW|D|DL|G|KE|KK|KY|L|LD|LH|LK|LM|LS|MH|MN|MO|OY|RN|SO|T|TN|TS|W|WD|WH|WX|WW)"
                    r"-\d{1,6}",
                    # (stop 65, round 87) Kenya's: K, two letters, three digits and a letter ("Motor vehicle KCB 417M
                    # (Toyota Premio)" of a grant of letters of administration)
                    r"K[A-Z]{2}[ ]?\d{3}[A-Z]",
                    # (stop 67) Uganda's: U, two letters, three digits and a letter ("Motorcycle  : UFB 372K (Bajaj
                    # Boxer)" of a police bond)
                    r"U[A-Z]{2}[ ]?\d{3}[A-Z]",
                    # (stop 67) India's: the state's letters, the district's number, a series and four digits
                    # ("Trucks  : KA 51 AB 4417, KA 01 AK 9032" of a freight invoice)
                    r"(?:AN|AP|AR|AS|BR|CG|CH|DD|DL|DN|GA|GJ|HP|HR|JH|JK|KA|KL|LA|LD|MH|ML|MN|MP|MZ|NL|OD|OR|PB|PY"
                    r"|RJ|SK|TN|TR|TS|UK|UP|WB)[ -]?\d{1,2}[ -]?[A-Z]{1,3}[ -]?\d{4}"),
    payment_cues=(r"(?:bank\s+|faster\s+|standing\s+order\s+)?(?:transfer|payment)s?\s+(?:to|from)",
                  r"standing\s+order\s+to",
                  # US person-to-person payments on a statement ("ZELLE TO GURPREET DHILLON", "VENMO FROM …"; stop 51)
                  r"(?:zelle|venmo|cash\s+app|paypal)\s+(?:payment\s+)?(?:to|from)",
                  # (stop 69) a Nigerian statement's instant transfers and a cheque's payee ("NIP TRF FROM BABATUNDE
                  # OLUWASEUN ADEYEMI/RENT SHARE", "CHQ NO 00418273 PAID TO OLUWAKEMI FASHOLA")
                  r"(?:nip\s+)?trf\s+(?:to|from)", r"paid\s+to"),
    payment_codes=(r"SO", r"STO", r"FPI", r"FPO", r"BGC", r"TFR(?:\s+(?:TO|FROM))?", r"BP", r"BACS", r"CHAPS"),
    payment_references=tuple("""RENT SALARY WAGES REF REFERENCE INVOICE INV LOAN GIFT DEPOSIT BILLS HOUSEKEEPING POCKET
        MONEY SAVINGS TRANSFER PAYMENT VIA MOBILE ONLINE""".split()),
    day_words=(r"first", r"second", r"third", r"fourth", r"fifth", r"sixth", r"seventh", r"eighth", r"ninth", r"tenth",
               r"eleventh", r"twelfth", r"thirteenth", r"fourteenth", r"fifteenth", r"sixteenth", r"seventeenth",
               r"eighteenth", r"nineteenth", r"twentieth", r"twenty-(?:first|second|third|fourth|fifth|sixth|seventh"
               r"|eighth|ninth)", r"thirtieth", r"thirty-first"),
    year_words=(r"two", r"thousand", r"and", r"nineteen", r"eighteen", r"hundred", r"one", r"three", r"four", r"five",
                r"six", r"seven", r"eight", r"nine", r"ten", r"eleven", r"twelve", r"thirteen", r"fourteen", r"fifteen",
                r"sixteen", r"seventeen", r"twenty(?:-(?:one|two|three|four|five|six|seven|eight|nine))?",
                r"thirty(?:-(?:one|two|three|four|five|six|seven|eight|nine))?", r"forty(?:-\w+)?", r"fifty(?:-\w+)?",
                r"sixty(?:-\w+)?", r"seventy(?:-\w+)?", r"eighty(?:-\w+)?", r"ninety(?:-\w+)?"),
    # (stop 62: the day in figures in brackets and "of the year", as Maltese and Caribbean deeds write it: "the
    # twelfth (12th) day of June of the year two thousand and twenty-four" of a promise of sale)
    spelled_date=r"(?:the\s+)?{day}(?:\s+\(\d{{1,2}}(?:st|nd|rd|th)?\))?\s+(?:day\s+)?of\s+{month}"
                 r"(?:,?\s+(?:(?:in|of)\s+the\s+year\s+)?{year})?",
    date_cues=(r"on", r"of", r"from", r"to", r"until", r"till", r"by", r"since", r"before", r"after", r"dated",
               r"due", r"between", r"w/c", r"commencing", r"ending", r"expires?", r"expiring", r"last", r"next",
               r"this",
               # (stop 47) the appointments of notes and letters ("Plan: meloxicam, recheck 19/09")
               r"recheck", r"review", r"appointment", r"appt\.?", r"follow-up", r"seen", r"admitted", r"discharged",
               r"booked", r"arriving", r"departing", r"returning", r"deadline", r"starting",
               # (stop 59) a prescription log's "Issued 04/03 HA"
               r"issued", r"collected", r"dispensed", r"received", r"signed"),
    stop_words=frozenset("""The A An This That These Those It He She They We I You His Her Their Our My Its In On At For
        From By With Of To And But Or If When While As Mr Mrs Ms Dr""".split()),
    # (stop 58: and Australia's "Pty Ltd", "BRIGHTSIDE HOME CARE PTY LTD" of a care log)
    # (stop 59: "LIMITED", "HARTWELL LOGISTICS (MIDLANDS) LIMITED" of a tribunal's witness statement)
    # (stop 66: and Malaysia's private limited company, "SERI KENANGA LOGISTICS SDN. BHD." of an employment contract)
    # (stop 70: and in capitals with a full stop, "KOWALCZYK RENOVATIONS LTD. and TOMASZ KOWALCZYK" of a judgment)
    legal_forms=frozenset("Ltd Ltd. Limited Inc Inc. Corp Corp. Co Co. LLC L.L.C. LLP PLC plc Plc Pty Pty. PTY LTD"
                          " DAC CLG LIMITED Sdn Sdn. Bhd Bhd. SDN SDN. BHD BHD. LTD. INC. CORP.".split()),
    company_nouns=frozenset("Corporation Group Holding Holdings".split()),
    conjunctions=frozenset({"and", "&", "or"}),
    case_markers=frozenset({"v.", "v", "vs.", "vs", "versus"}),
    citation_openers=frozenset("See Cf Cf. Compare Also Case Cases Judgment Application Applications".split()),
    organization_connectors=frozenset({"of", "the"}),
    organization_heads=frozenset("""University College Bank Council Hospital Infirmary Court Ministry Institute Museum
        Police Academy School Club Association Federation Society Foundation Agency Authority Commission Embassy
        Parliament Assembly Government Department Chamber Exchange""".split()),
    # (stop 49) "Incident report - Greenfield Primary School" of a school's report stayed in clear
    institution_tails=tuple(tuple(w.split()) for w in (
        "Primary School", "Primary Academy", "Secondary School", "High School", "Junior School", "Infant School",
        "Infants School", "Grammar School", "Middle School", "Elementary School", "Community School", "Academy",
        "Nursery", "Nursery School", "Day Nursery", "Preschool", "Medical Practice", "Medical Centre",
        "Health Centre", "Care Home", "Nursing Home",
        # (stop 59) a dentist's practice ("BRIGHTWATER DENTAL PRACTICE" of a medical history form)
        "Dental Practice", "Dental Surgery", "Dental Centre", "Dental Clinic", "Building Society", "Credit Union",
        # (stop 54) a hospital named before the word ("St. Aldhelm's University Hospital" of an adverse event report:
        # the model cut it at the apostrophe)
        "Hospital", "Infirmary", "Hospice",
        # (stop 72) a family dentist's ("LAKESHORE FAMILY DENTAL" of a treatment plan's letterhead)
        "Dental",
        # (and an Australian secondary college and aged care home, "MERRIDALE PARK SECONDARY COLLEGE", "JACARANDA
        # GARDENS AGED CARE" of an incident report and an admission form)
        "Secondary College", "Aged Care",
        # (and a mental health trust, a parish: "THAMESIDE MENTAL HEALTH NHS FOUNDATION TRUST" of a discharge summary,
        # "St Brigid's Parish" of a rental application's reference)
        "NHS Foundation Trust", "Foundation Trust", "NHS Trust", "Parish",
        # (and an Indian scholarship's trust, "SHRI VENKATESWARA EDUCATIONAL TRUST")
        "Educational Trust", "Charitable Trust",
        # (stop 55) a US school district ("Beaverton School District 48J" of a school's incident report)
        "School District",
        # (stop 55, round 18) a funeral home ("HOLLOWAY & DUNNE FUNERAL HOME" of an arrangement form)
        "Funeral Home", "Funeral Homes", "Funeral Directors", "Funeral Services", "Funeral Parlor", "Funeral Parlour",
        # (round 19) an airline ("SKYWARD ATLANTIC AIRWAYS  |  BAGGAGE SERVICES" of a baggage report)
        "Airways", "Airlines", "Air Lines")),
    institution_heads=(("Hospital",), ("Clinic",), ("Infirmary",), ("Medical", "Center"), ("Medical", "Centre"),
                       ("Hospice",),
                       # (stop 63) a ministry ("MINISTRY OF MANPOWER" of a Singapore work pass application)
                       ("Ministry", "of")),
    # (stop 61) East Africa's land register by its block and plot ("Kyadondo Block 213 Plot 4587" of a Ugandan land
    # sale)
    # (stop 65) any entry of two or more of these words, each before its number ("Volume 1187 Folio 344", "Book 2214,
    # Page 87" of a deed)
    register_words=(r"folio", r"book", r"entry"),
    register_pages=(r"volume", r"vol", r"page"),
    # (stop 70) a court's neutral citation, its year, its code in capitals and a number ("2024 BCPC 0611" of a small
    # claims judgment; round 107's "2024 CRB 001742" of a US arrest report)
    # (not a standard after a year: "since 2019 ISO 27001")
    register_entries=(r"(?<![\w/])(?:19|20)\d\d[^\S\n](?!(?:ISO|IEC|DIN|EN|IEEE|ANSI|BS|NFPA|WHO)[^\S\n])"
                      r"(?-i:[A-Z]{2,6})[^\S\n]\d{3,6}(?![\w/])",
                      r"(?<![\w.])(?:Block|BLOCK)[^\S\n]\d{1,4},?[^\S\n](?:Plot|PLOT)[^\S\n](?:No\.?[^\S\n])?"
                      r"\d{1,5}(?![\w])",
                      # (stop 64) Belize's land register by its block and parcel's field ("Block / Parcel:        16 /
                      # 2871" of a land certificate)
                      r"(?<![\w])(?-i:Block[^\S\n]?/[^\S\n]?Parcel):?[^\S\n]+(?P<entry>\d{1,4}[^\S\n]?/[^\S\n]?\d{1,6})"
                      r"(?![\w/])",
                      # (stop 64) Saint Lucia's block and parcel, the block's letter after its digits ("Block and
                      # Parcel No. : 1255B 412", "in favour of Parcel 1255B 413" of a deed of gift)
                      # (stop 64) a registered letter's number of the postal union's form, two letters, nine digits
                      # and the country ("Registered slip RD 482 917 305 ZA" of a traffic infringement notice)
                      r"(?<![\w])[A-Z]{2}[^\S\n]?\d{3}[^\S\n]?\d{3}[^\S\n]?\d{3}[^\S\n]?[A-Z]{2}(?![\w])",
                      r"(?<![\w])(?-i:Parcel)(?:[^\S\n]+(?-i:No\.))?[^\S\n]*:?[^\S\n]+"
                      r"(?P<entry2>\d{3,5}[A-Z][^\S\n]\d{1,5})"
                      r"(?![\w/])",
                      # (stop 68) a police officer's service number before the rank ("Recorded by:   No. 98214 PC
                      # Joseph Kiprono Langat" of a Kenyan police abstract)
                      r"(?<![\w.])No\.[^\S\n]?(?P<entry3>\d{4,8})(?=[^\S\n]+(?:PC|APC|Cpl\.?|Sgt\.?|SSgt\.?|IP|Insp\.?"
                      r"|CI|SP)[^\S\n])",
                      # (stop 62) a Kenyan land title: the registration section's names and the parcel's number
                      # between slashes, in capitals ("Title No. UASIN GISHU/KIMUMU/1187" of an agreement for sale)
                      r"(?<![\w/])(?-i:[A-Z]{3,12}(?:[^\S\n][A-Z]{3,12})?"
                      r"(?:/[A-Z]{3,12}(?:[^\S\n][A-Z0-9]{1,12})?){1,3}"
                      r"/\d{1,6})(?![\w/-]|\.\d)",
                      # (stop 62) a South African erf ("PROPERTY: Erf 11482 Durbanville" of a deed of sale)
                      r"(?<![\w])(?-i:Erf|ERF)[^\S\n]+(?:No\.?[^\S\n]+)?\d{1,6}(?![\w/])",
                      # (stop 62) a land register's volume and folio ("registered as Volume 42, Folio 1188" of a
                      # Ghanaian land title certificate)
                      r"(?<![\w])(?-i:Volume|VOLUME|Vol\.)[^\S\n]+\d{1,4},?[^\S\n]+(?-i:Folio|FOLIO|Fol\.)[^\S\n]+"
                      r"\d{1,5}(?![\w/])",
                      # (stop 62) a Philippine notary's register ("Doc. No. 287; Page No. 61; Book No. XII; Series of
                      # 2024." of a deed of absolute sale)
                      r"(?<![\w])(?-i:Doc\.)[^\S\n]+(?-i:No\.)[^\S\n]*\d{1,5};[^\S\n]+(?-i:Page)[^\S\n]+(?-i:No\.)"
                      r"[^\S\n]*\d{1,5};[^\S\n]+(?-i:Book)[^\S\n]+(?-i:No\.)[^\S\n]*(?:[IVXLC]{1,6}|\d{1,4})"
                      r"(?:;[^\S\n]+(?-i:Series)[^\S\n]+of[^\S\n]+(?:19|20)\d\d)?(?![\w])"),
    id_keywords=(
        # (stop 71) an Indian LLP's identification number, a lost bag's tag, a flight with its date ("LLPIN: AAK-4417"
        # of a tax adviser's letterhead, "Bag tag number(s): AK 331874", "Flight / date: AK 902 / 01 August 2024" of a
        # baggage claim)
        r"(?-i:LLPIN)", r"bag\s+tag(?:\s+numbers?(?:\(s\))?)?",
        # (and a Nigerian doctor's register, "Senior Registrar (MDCN Folio No. 41922)" of a birth registration)
        r"(?-i:MDCN)(?:\s+folio)?",
        # (and an engine's, a receipt's and a professional body's member's numbers: "Engine No.: A25A-6310487" of a car
        # sale, "(EFTPOS, receipt 55921)", "(Audiology Australia member 14478)")
        r"engine(?=\s+(?:no\.|number))", r"receipt(?=\s+\d{4,}(?![\w/-]|[.,]\d))",
        r"member(?=\s+\d{4,}(?![\w/-]|[.,]\d))",
        # (and a Nigerian firm's tax identification number, "LTD (RC 887342), TIN 19874263-0001" of a loan guarantee)
        r"(?-i:TIN)(?=[^\S\n]*:?[^\S\n]*\d)",
        # (and a South African nurse's and a British optician's council numbers, "Registered Nurse (SANC 14298776)" of a
        # midwife's visit report, "MCOptom, GOC 01-28471" of a prescription)
        r"(?-i:SANC)", r"(?-i:GOC)",
        # (and a register's entry by its reference in capitals, "REF LP-25-031" of a hotel's lost property register)
        r"(?-i:REF)(?=[^\S\n]+[A-Z]{1,4}-\d)",
        r"flight(?:[^\S\n]*/[^\S\n]*date)?(?=[^\S\n]*:?[^\S\n]*(?-i:[A-Z][A-Z0-9]|\d[A-Z])[^\S\n]?\d{1,4}\b)",
        # (stop 63) an Indian passport application's reference, a Philippine community tax certificate ("Appointment
        # ARN: 24-2008716532", "CTC No.            : CCI2024 00583321")
        r"(?-i:ARN)", r"(?-i:CTC)(?:\s+No\.)?",
        # (stop 67) a Nigerian government payment's Remita retrieval reference, an Indian e-stamp's reference ("RRR
        # 2906-4417-3385" of a land allocation letter, "Unique Doc. Reference : SUBIN-KAKACRSFL0884312197462183W")
        r"(?-i:RRR)", r"(?:unique\s+)?doc(?:ument)?\.?\s+reference",
        # (stop 67) an Indian business's goods and services tax number and its corporate identity number ("GSTIN
        # 27AABCK4821M1ZD | PAN AABCK4821M | CIN U63090MH2011PTC219874" of a freight invoice's letterhead)
        r"(?-i:GSTIN)", r"(?-i:CIN)(?=[^\S\n]*:?[^\S\n]*[LU]\d{5}[A-Z]{2})",
        # (stop 66) a sale deed's registered document, its car park, a Philippine health insurer's member and employer
        # ("Document No.: HVL12-8734/2023", "car parking No. P-31", "PhilHealth Identification Number (PIN):
        # 19-050418273-6", "Employer Number (PEN):")
        r"document\s+no\.?(?=\s*:)", r"(?:car\s+)?parking\s+(?:slot\s+|space\s+|bay\s+)?no\.?",
        r"(?:identification|employer)\s+number",
        # (round 91) a Botswana land board's plot ("Plot No.           : 18852" of a lease certificate)
        r"plot\s+(?:no\.?|number)",
        # (stop 66) a judgment's neutral citation after its parties ("Cite as: Doucette v. Sandhu, 2024 NSSM 27" of a
        # Nova Scotia small claims decision)
        r"cite\s+as(?=[^\S\n]*:[^\S\n]*(?:[^\n,]{1,80},[^\S\n]+)?(?:19|20)\d\d[^\S\n](?-i:[A-Z]{2,8})[^\S\n]\d)"
        r"[^\S\n]*:[^\S\n]*(?:[^\n,]{1,80},)?",
        # (stop 65) an Irish doctor's Medical Council number, a Ugandan worker's social security number ("SHO, MCRN
        # 428815", "NSSF NUMBER:       NS 004 1829 7731")
        r"(?-i:MCRN)", r"(?-i:NSSF)(?:\s+(?:number|no\.?))?",
        # (stop 65) a South African police case ("CAS No.:          CAS 412/08/2024" of an affidavit)
        r"(?-i:CAS)(?=[^\S\n]+\d{1,5}/\d{1,2}/\d{4})",
        # (stop 65) a Hong Kong vehicle's plate, a Namibian or South African erf ("registration mark TK 8631", "ERF NO.
        # 2214 KLEIN WINDHOEK")
        r"registration\s+mark", r"erf(?:\s+no\.?)?(?=\s+\d)",
        # (stop 65) a reference's abbreviation before its number ("Customer Ref. No.:  407 318 592K" of a Centrelink
        # letter)
        r"ref\.\s+no\.?",
        # (stop 64) a British driver number, a Centrelink customer's reference, an Irish GP's panel, a tender's number,
        # a Kenyan accountant's registration ("Driver number: ADEYE806159OA9XY", "Customer Reference No.:  407 219
        # 386K", "(GMS Panel No. 61847)", "TENDER NO. LBWWDA/T/014/2023-2024", "Partner, CPA K-04417")
        r"driver\s+(?:number|no\.?)", r"reference\s+no\.?", r"panel\s+no\.?", r"tender\s+no\.?",
        # (stop 64) a Fijian native lease's and a cane grower's numbers ("Lease No.:  4/11/38215", "Grower No. 2214")
        r"lease\s+no\.?", r"grower\s+no\.?",
        # (stop 64) Belize's social security numbers, an Irish tax clearance's access number, a Namibian officer's
        # force number ("SSB Nos.:       000482317 and 000519064", "Tax Clearance Access Number (TCAN): 2190457",
        # "Sgt Ndapewa Amukwaya, Force No. 31442")
        r"(?-i:SSB)(?:\s+(?-i:Nos?)\.)?", r"(?:tax\s+clearance\s+)?access\s+number", r"force\s+no\.?",
        # (stop 64) a survey plan's and an Indian tax challan's numbers ("as Plan No. 78214", "Challan No. 02417")
        r"plan\s+no\.?", r"challan\s+no\.?",
        r"(?-i:CPA)(?=[^\S\n]+[A-Z]-?\d{3,})",
        # (stop 63) Singapore's foreign identification number ("Training Employment Pass, FIN G5538102N")
        # (and a rental bond's number, "Rental bond: Bond number 2871904" of a tribunal's order)
        r"bond\s+(?:number|no\.?)",
        # (a Zambian national registration card, "NRC No.: 284516/61/1" of an employment contract)
        r"(?-i:NRC)(?:\s+No\.)?", r"(?-i:FIN)(?=[^\S\n]+[FGM]\d{7}[A-Z](?!\w))",
        # (stop 62) Nigeria's company registration, a Supreme Court enrolment, a Kenyan advocate's admission, a bank's
        # branch code, an Indian constable's buckle and a South African deed of transfer ("Eko Homes & Properties Ltd
        # (RC 1184523)", "(SCN 045817)", "LSK No. P.105/11842", "branch code 051001", "Buckle No. 1187", "Deed of
        # Transfer T45217/2009")
        r"(?-i:RC|SCN|LSK)", r"branch\s+code", r"buckle(?:\s+no\.?)?", r"deed\s+of\s+transfer(?:\s+no\.?)?",
        # (stop 62) Singapore's entity number without its colon, a justice of the peace's number ("UEN 201817465K" of
        # an offer letter, "JP No. 4471" of an affidavit)
        r"(?-i:UEN)", r"(?-i:JP)(?=\s+No)",
        # (stop 62) Pakistan's national tax number, a bank draft's number ("NTN 7712045-9" of an employment contract,
        # "by bank draft number 000482291" of a Maltese promise of sale)
        r"(?-i:NTN)", r"(?:bank\s+)?draft\s+(?:number|no\.?)",
        # (stop 61) Singapore's foreign identification number and company's unique entity number in a work pass's
        # letter ("FIN                       : G5187432N", "UEN : 201634592K")
        r"(?-i:FIN|UEN|NRIC)(?=[^\S\n]*:)",
        # (stop 61) Botswana's national identity card ("Omang no.         473819105                     652427810")
        r"Omang(?:\s+(?:no\.?|number))?",
        # (stop 61) a taxpayer's identification number before its colon ("TIN              : C0004827615" of a Ghanaian
        # tax clearance; not the metal)
        r"(?-i:TIN)(?=[^\S\n]*:)",
        # (stop 70) its authority in parentheses ("TIN (LIRS)         : 20873451-0001" of a Lagos certificate of
        # occupancy), a Canadian employer's firm number, an Indian e-stamp's GRN and a housing society's registration,
        # a Nigerian certificate of occupancy and its survey plan's beacons ("WSIB Firm No.: 7714 092", "GRN No.
        # MH004127739851202324E", "Regn. No. PNA/PNA(5)/HSG/TC/4412/1989", "C of O No. : 41/41/2019R")
        r"(?-i:TIN)(?=[^\S\n]*\((?-i:[A-Z]{2,8})\)[^\S\n]*:)", r"firm\s+(?:no\.?|number)", r"(?-i:GRN)(?:\s+No\.?)?",
        r"regn\.?\s+no\.?", r"(?-i:C\s+of\s+O)(?:\s+No\.?)?", r"beacon(?:\s+no\.?)?",
        # (stop 61) Tanzania's VAT registration and national identity numbers ("VRN : 40-027651-K", "NIDA No. :
        # 19780512-23105-00001-24" of a business licence)
        r"(?-i:VRN|NIDA)(?:\s+(?-i:No\.?))?",
        r"MRN", r"UPN", r"ULN", r"unique\s+(?:pupil|learner)\s+number", r"candidate\s+number",
        r"(?:unique\s+)?taxpayer\s+reference", r"UTR", r"service\s+tag", r"serial(?:\s+(?:no\.?|number))?",
        r"S/N", r"IMEI",
        r"certificate(?:\s+(?:no\.?|number))?", r"medical\s+record(?:\s+number)?", r"patient(?:\s+ID|\s+number)?",
        r"record\s+number",
        r"(?:member|customer|client|employee|student|subscriber|staff|payroll)\s+(?:ID|number|no\.?)",
        r"account(?:\s+number)?",
        r"(?:insurance|policy)(?:\s+ID|\s+number)?", r"invoice(?:s|\s+number)?", r"passport(?:\s+number)?",
        r"private\s+bag",  # (stop 68: Botswana's box of an authority, "Private Bag 0012, Mochudi")
        r"driver['’]?s\s+licen[cs]e(?:\s+number)?", r"licen[cs]e\s+number",
        # (stop 67) with its number abbreviated before an aside ("Licence no. (if known): 18472093" of a penalty notice)
        r"licen[cs]e\s+no\.", r"order\s+number",
        r"reference\s+number", r"tax\s+ID", r"(?:licen[cs]e\s+|number\s+)?plate(?:\s+number)?",
        r"(?:vehicle\s+)?registration(?:\s+number)?", r"NI\s+(?:number|no\.?)", r"National\s+Insurance(?:\s+number)?",
        r"NINO", r"social\s+security(?:\s+number)?", r"SSN", r"ID", r"(?:G\.?)?P\.?\s?O\.?\s+Box",
        # an NHS number whose check digit fails (a typo) is still one; "reg. vehicle YK19 FHD" (a police report)
        r"NHS", r"CHI", r"(?:vehicle\s+)?reg\.?(?:\s+vehicle)?",
        # a police officer's number ("PC Smith, badge number 4471", "collar number 2231")
        r"(?:badge|collar|warrant\s+card)(?:\s+number)?",
        # a professional register's number names its doctor or nurse ("GMC no. 7012345", "NMC PIN 12A3456E")
        r"GMC(?:\s+number)?", r"NMC(?:\s+PIN)?", r"NPI(?:\s+number)?",
        # Ireland's personal public service number, also when its check letter fails
        r"PPSN?", r"PPS\s+(?:number|no\.?)",
        # a hospital's own patient numbers and health-insurance numbers ("Hosp No: K1234567", "Unit number 445566")
        r"hosp(?:ital)?\.?\s+(?:no\.?|number)", r"unit\s+(?:no\.|number)", r"Medicare(?:\s+(?:no\.|number))?",
        r"Medicaid(?:\s+(?:ID|no\.|number))?", r"health\s+(?:card|insurance)\s+(?:no\.|number)",
        # a British police officer's rank before the collar number ("PC 4471 Harrison"), as written
        r"(?-i:PC|DC|PS|DS|PCSO)(?=\s+\d)",
        # (stop 70) a Kerala police officer's number, a government employee's, a passport application's acknowledgement
        # and an ambulance's incident ("Enquiry by : CPO 6723 Sajith Krishnan P.", "(PEN 441208)", "Ack. No.
        # MPP24TSR0091732", "incident 88213407" of a police verification report and an inquest's exhibits)
        r"(?-i:CPO|SCPO)(?=\s+\d{3,6}\s+[A-Z])", r"(?-i:PEN)(?=\s+\d{5,7}\b)", r"ack(?:nowledge?ment)?\.?\s+no\.?",
        r"incident(?=[^\S\n]+\d{6,})",
        # (stop 70) an Indian cheque's MICR code and a bank employee's code ("MICR: 411187023", "(Emp. Code KM10457)" of
        # a KYC form)
        r"(?-i:MICR)", r"emp(?:loyee)?\.?\s+code",
        # (stop 70) an Indian hospital's unique health identifier ("UHID     : SVM.0023984417" of a discharge summary)
        r"(?-i:UHID)",
        # (stop 57) and a sergeant's, an inspector's before the name ("by Sgt 1187 Priya Raghunathan", "Insp 0653" of a
        # custody record)
        r"(?-i:Sgt|Insp|DI|DCI|CI|Supt|P\.C)\.?(?=\s+\d{3,6}\s+[A-Z])",
        # and after the officer's name ("Witnessed by: DC Priya Raghunathan 7741", "Sgt. Luis Obregón #4471"; stop 47)
        r"(?-i:(?:PC|DC|PS|DS|PCSO|Sgt\.?|Det\.?|Insp\.?|Officer|Ofc\.?|Off\.?|Cpl\.?|Lt\.?|Dep\.?|Tpr\.?)"
        r"(?:\s+(?:[A-Z][\w'’-]+|[A-Z]\.)){1,3})(?=\s+#?\d{3,6}\b)",
        # a British bank's sort code and the last digits of an account or card ("account ending 4417 (sort code
        # 20-45-77)"); a company's registration and VAT numbers ("Company No. 08123456", "VAT GB 123 4567 89"; not
        # "VAT 17.5 percent": a rate)
        r"sort\s+code", r"sort(?=\s+\d{2}-\d{2}-\d{2}(?!\d))", r"(?:account|card)\s+ending(?:\s+in)?",
        # an account's number as notes and chats abbreviate it ("acct 8830021", "a/c no. 41234567")
        r"acct\.?(?:\s+(?:no\.?|number|#))?", r"a/c(?:\s+(?:no\.?|number))?",
        r"company\s+(?:reg(?:istration)?\.?\s+)?(?:no\.|number)", r"VAT\s+(?:reg(?:istration)?\.?\s+)?(?:no\.|number)",
        r"VAT(?:\s+reg(?:istration)?\.?)?(?=:?\s+(?-i:[A-Z]{2})\s?\d)",
        # an insurance claim's number ("claim no. CLM/2019/88412") and a vehicle's identification number (17
        # characters: "VIN 1HGCM82633A004352", "chassis number …")
        r"claim\s+(?:no\.|number|ref(?:erence)?\.?)", r"VIN(?:\s+(?:no\.|number))?(?=:?\s+[A-Z0-9]{17}\b)",
        r"chassis\s+(?:no\.|number)",
        # the Home Office's unique client identifier ("UCI: 1234-5678") and its reference after "HO"/"Port"
        r"(?-i:UCI)", r"(?:Home\s+Office|(?-i:HO)|Port)\s+ref(?:erence)?\.?(?:\s+(?:no\.|number))?",
        # a hospital doctor's pager ("Seen by: Dr A. Raman (FY2), bleep 4471")
        r"bleep(?:\s+(?:no\.|number))?",
        # an airline's or a shop's loyalty number ("Frequent flyer: BA 31877245", "Nectar card no. 9826 …")
        r"frequent\s+fl[yi]er(?:\s+(?:no\.|number|ID))?", r"loyalty\s+(?:card|number|no\.)(?:\s+(?:no\.|number))?",
        r"membership(?:\s+(?:no\.|number|ID))?",
        # (stop 47) a police case's unique reference number and crime reference ("URN: 44/HX/10238/25" of a witness
        # statement), and the registers of vets, dentists, pharmacists, health professions and solicitors ("RCVS
        # number 1234567"), as GMC and NMC above
        r"(?-i:URN)", r"crime\s+ref(?:erence)?\.?(?:\s+(?:no\.|number))?", r"incident\s+(?:no\.|number)",
        r"(?:incident\s+)?log\s+(?:no\.|number|ref(?:erence)?\.?)", r"incident\s+log",
        # a code that opens an account ("pay online with access code 4F7-K22", a hospital's bill)
        r"(?:access|activation|security|verification)\s+code",
        # Australia's tax file number and Centrelink's customer reference ("Tax File Number 123 456 782", "CRN 123 456
        # 789A"), a US driver's licence after "DL" ("Illinois DL K412-5567-8123")
        r"tax\s+file\s+(?:no\.|number)", r"(?-i:TFN|CRN)", r"(?-i:DL)(?:\s+(?:no\.|number|#))?",
        # identity numbers of India (Aadhaar, PAN) and Nigeria (NIN, BVN) as letters to and from them quote them
        r"Aadhaar(?:\s+(?:no\.|number|card))?", r"(?-i:PAN|NIN|BVN)(?:\s+(?:no\.|number))?",
        # a help desk's ticket and an insurer's group number with their number's word ("ticket #48213", "group no.
        # 00441"; not "a ticket 2 …")
        r"(?:e-)?ticket(?=\s*(?:#|no\.|number|ref))", r"group(?=\s+(?:no\.|number|#))",
        # (stop 59) a hotel's confirmation number abbreviated ("Room / Conf. #:    612 / HV8840275")
        r"conf\.(?=\s*(?:#|no\.))",
        # (stop 59) a solicitor's document exchange, a key safe's and a door's codes, a job's number ("DX 16352 Leek",
        # "key safe 4471" of a care rota, "Job No: 24-1173" of a removal inventory)
        r"(?-i:DX)(?=\s+\d{3,6}\b)", r"key\s*safe(?:\s+code)?", r"(?:door|gate|alarm|entry|lockbox)\s+code",
        r"job(?=\s+(?:no[.:]|number|#|ref))",
        # (stop 59) a GP system's patient number, an energy performance certificate ("EMIS no: 100284", "EPC
        # 8321-4057-6290-1183-0926")
        r"(?-i:EMIS)(?:\s+no\.?)?", r"(?-i:EPC)(?=\s+\d{4}-\d{4})",
        # (stop 59) a driving licence with its country ("Licence (PL) ............ 04512/17/1465" of a hire report)
        r"licen[cs]e(?=\s*\((?-i:[A-Z]{2,3})\))",
        # (stop 59) a gas engineer's Gas Safe registration ("Gas Safe Reg..: 614829" of a landlord's gas safety record)
        # and a court's arrest summons number ("ASN 2400WY0100000458213D" of a cause list)
        r"gas\s+safe(?:\s+reg(?:istration)?\.{0,2}(?:\s+(?:no\.?|number))?)?(?=[^\S\n]*:?[^\S\n]*\d)", r"(?-i:ASN)",
        # (stop 52) an itinerary's "E-ticket: 125-2417839064", "Amadeus record locator: 6TZW3P", "PNR", "FF: BA 3829…"
        r"e-?ticket(?=:)", r"record\s+locator",
        # (stop 52) a GP practice's ODS code, a laboratory's sample number
        r"(?:ODS|practice)\s+code", r"lab(?:oratory)?\s+(?:no\.|number)",
        r"(?-i:PNR)", r"(?-i:FF)(?=:[^\S\n]*[A-Z]{2}[^\S\n]?\d)",
        # (stop 48) an insurer's bare "Group 00441" (five digits or more: "Group 4" is no number of anyone's), an
        # e-ticket's number, a booking's confirmation and reservation numbers ("confirmation #88213409", "reservation
        # H7730021" of a travel itinerary), a frequent flyer's number after the programme's name ("Frequent flyer: BA
        # Executive Club 81234567"), and the last digits of a card after its brand ("Visa ending in 4417")
        r"group(?=\s+\d{5,}(?![\w-]))", r"(?:Rx|prescription)(?:\s+(?:no\.|numbers?|#))?",
        # (stop 48) an arrest report's "Ofc. K. Tran #2281" (rank abbreviations and initials above), a US plate
        # after "tag" ("TN tag 7H4-K29"), a finance agreement's number ("car finance … (agreement 004471992)")
        r"(?:licen[cs]e\s+)?tag(?:\s+(?:no\.|number|#))?", r"agreement(?:\s+(?:no\.|number|ref(?:erence)?\.?))?",
        r"booking(?=\s+(?:no\.|number|#))",
        # a shop's order and a parcel's tracking number ("order #A-7781203", "tracking 15501234567890" of a support
        # channel's export)
        r"order(?=\s*(?:#|no[.:]|number|ref))",
        # (stop 55) a wholesaler's order by its digits alone ("AAH order 77810362" of a pharmacy's log), a certificate's
        # validation number ("validation no. 7KQ2XW9L1PB4" of a CV)
        r"order(?=\s+\d{6,}(?![\w.,]))", r"(?:validation|verification|credential)(?=\s+(?:no\.|number|#|ID|code))",
        # (stop 55, round 18) a licence's number after "lic." and "#" ("Lic. #: 034.002917" of a funeral home, "TX lic.
        # #31877" of a dentist), a visa's vignette, a register's entry ("marriage certificate entry no. MXF 221904")
        r"lic\.(?=\s*#)", r"vignette(?:\s+(?:no\.|number))?", r"entry(?=\s+no\.)",
        # (round 19) a baggage irregularity report's file reference and frequent flyer number ("FQTV"), an interline
        # tag, a state's entity number, a dealer's licence
        r"file\s+reference", r"(?-i:FQTV)", r"interline", r"(?:entity|dealer)(?=\s+no\.)",
        # (round 20) a support chat's "Your ticket reference is #KP-771-204-9"
        r"(?:ticket|case|claim|booking|order)\s+reference",
        # (stop 56) a juror's number, a contractor's quote, a register's reference after its office's acronym ("GRO
        # ref DYD 2009/0417" of a family historian's notes)
        r"juror(?:\s+(?:no\.|number|#))?", r"quot(?:e|ation)(?=\s+(?:no\.|number|#|ref|(?-i:[A-Z]{1,3})-\d))",
        r"(?-i:[A-Z]{2,5})\s+ref\.?(?=\s+(?-i:[A-Z0-9]))",
        # (round 27) a fire company's incident and its dispatch's CAD number ("Incident #: 2024-0388   CAD#:
        # D24-117052"), a direct debit's mandate, a football association's number ("FAN (FA number): 207731594")
        r"(?-i:[A-Z][A-Za-z]{1,15})(?=[^\S\n]?#[^\S\n]*:)", r"mandate(?:\s+(?:ref(?:erence)?|ID|no\.))?",
        r"(?-i:FAN)", r"FA\s+number",
        # (round 28) an EU citizen's share code, a child benefit number, a court's civil action ("civil action
        # 2184CV00912" of a guarantor list)
        r"share\s+code", r"(?-i:CHB)", r"civil\s+action(?:\s+(?:no\.|number))?",
        # (round 29) a cheque's number ("Fee enclosed: £79.50 - cheque 001482")
        r"cheque(?=\s+(?:no\.\s*)?\d{6}(?!\d))",
        # (round 30) a police force's crime number ("WMP crime no. 20CW/61472C/24" of a referral form)
        r"crime\s+(?:no\.|number)",
        # (round 31) a volunteer's DBS certificate ("Ted (DBS 001698477213)"), an energy account ("Octopus acc
        # A-3F92C71D")
        r"(?-i:DBS)(?:\s+(?:no\.|number|cert(?:ificate)?))?", r"acc\.?(?=\s+(?-i:[A-Z0-9-]*\d))",
        # (stop 59) "Acc. no: 61733490" of a vet's direct debit, a recruiter's vacancy, a flight's number, an
        # ambulance service's incident ("YAS incident 2308-07-0041")
        r"acc\.?\s+no(?=[.:])", r"(?:vacancy|job|role|candidate|client|quote)\s+ref(?:erence)?\.?",
        r"flight(?:\s+(?:no\.|number))?(?=\s+(?-i:[A-Z0-9]{2})\s?\d{1,4}\b)", r"incident(?=\s+\d{3,}[-/]\d)",
        r"tracking(?:\s+(?:no\.|number|#|ID|code))?",
        # an attorney's registration ("ARDC No. 6321457" of a US complaint, "State Bar No. 123456", "SBN 123456")
        r"(?-i:ARDC|SBN)", r"(?:state\s+)?bar(?=\s+(?:no\.|number|#|ID))",
        # (stop 60) an Australian financial services or credit licence ("ABN 41 082 663 915  |  AFSL 238410" of an
        # insurer's letterhead)
        r"(?-i:AFSL|ACL|ARBN)(?=\s+\d{6,9}\b)",
        # (stop 60) a pharmacy's council and its plan's numbers ("NCPDP 1467302", "Group: 0H7721", "BIN/PCN:   003858 /
        # A4" of a prior authorisation fax), a paralegal's licence in Ontario ("(LSO #P08815)"), the EU Settlement
        # Scheme's application ("Lodger   14/06/1996   EUSS 4017-2263-8891" of a visa sponsor's letter)
        r"(?-i:NCPDP|BIN/PCN|LSO|EUSS)",
        # (stop 60) an early conciliation certificate, an insurance group, a Medicare beneficiary, a physician's college
        # ("ACAS Early Conciliation Cert. No: R118204/24/93", "Grp 40217", "MBI 4TR7-JK2-WM81", "(CPSO 97731)")
        r"cert\.?\s+no(?=[.:])", r"grp\.?(?=\s+(?-i:[A-Z0-9]*\d))", r"(?-i:MBI|CPSO)",
        # (stop 60) a university's account name ("with your NetID mnguyen27", "UMNetID: nguyent47")
        r"(?-i:[A-Z]{0,4}NetID)",
        # (stop 60) a solicitor's matter ("Matter no:   HO/CRIM/24-0917" of a file note)
        r"matter\s+(?:no\.?|number|ref(?:erence)?)",
        # (stop 60) a payment's confirmation, a tax notice's document locator, a nursery's record book entry ("Zelle
        # conf. ZL88412W", "Document locator number: 24127-8834-0931", "Entry no: 2025/031")
        r"conf\.(?=\s+(?-i:[A-Z]{1,4}\d))", r"document\s+locator(?:\s+(?:no\.|number))?", r"entry\s+no\.?(?=\s*:)",
        # (round 60) an insurance policy abbreviated, a crash report, an insolvency practitioner, a dealer's stock
        # number ("Ins: State Farm, Pol. 93-BT-1145-7", "Report No.: 25-014873", "(IP No. 19472)", "Stock# U4471")
        r"pol\.(?=\s+(?-i:[A-Z0-9]*\d))", r"report\s+(?:no\.|number|#)", r"(?-i:IP)\s+no\.(?=\s*\d)", r"stock\s?#",
        # (round 61) a Washington business's UBI, New Zealand's National Health Index ("UBI 604 118 447", "NHI:
        # ZKT4821")
        r"(?-i:UBI|NHI)",
        r"group(?=[^\S\n]*:[^\S\n]*(?-i:[A-Z0-9]*\d[A-Z0-9]*)(?![\w-]))",
        # Canada's social insurance number and Ontario's health card ("My SIN is 046 454 286", "OHIP card 1234-567-890-AB")
        r"(?-i:SIN)(?:\s+(?:no\.|number|#))?", r"social\s+insurance(?:\s+(?:no\.|number))?",
        r"(?-i:OHIP|RAMQ)(?:\s+(?:card|no\.|number|#))?", r"health\s+card(?:\s+(?:no\.|number|#))?",
        r"confirmation(?:\s+(?:no\.|number|code|#))?", r"reservation(?:\s+(?:no\.|number|code|#))?",
        r"frequent\s+fl[yi]er(?:\s+(?:no\.|number|ID))?:?(?:\s+(?-i:[A-Z][\w&]*)){1,3}(?=\s+(?-i:[A-Z]{0,3})\d)",
        r"ending(?:\s+(?:in|with))?(?=\s*:?\s*[*xX•.]*\d{4}(?!\w|[.,]\d))",
        r"(?-i:RCVS|GDC|GPhC|HCPC|SRA)(?:\s+(?:no\.|number|ID|registration(?:\s+number)?))?",
        # (stop 49) a pet's microchip names its owner in the database it is registered in ("microchip 985112004456321"
        # of a vet's record)
        r"micro-?chip(?:\s+(?:no\.|number|ID|code))?", r"transponder(?:\s+(?:no\.|number|ID|code))?",
        # (stop 49) a police report's booking and report numbers after an abbreviation glued to "#" ("CB# 19-884213",
        # "RD# 12345"), a clinical trial's subject and its screening and randomisation numbers ("Subject 014-0072" of
        # an adverse event report)
        # (stop 60: and five or six, "Permanent Resident Card (USCIS# 219-447-083)" of a pre-approval letter)
        r"(?-i:[A-Z]{2,6})(?=#[^\S\n]?\d)",
        # a radiology report's accession number ("Acc#: RAD26-0448812")
        r"acc(?:ession)?(?:\s*#|\s+(?:no\.?|number))",
        # a police incident's dispatch log, "CAD 4471/12NOV" (not Canadian dollars: a date of letters after the slash)
        r"(?-i:CAD)(?=\s+\d{1,6}/\d{1,2}[A-Z]{3}\b)",
        r"(?:study\s+)?(?:subject|participant)(?:\s+(?:ID|no\.|number|#))?(?=[^\S\n]*:?[^\S\n]*\d)",
        r"(?:screening|randomi[sz]ation|enrol(?:l)?ment)\s+(?:ID|no\.|number|#)",
        # (stop 50) an airline's e-ticket ("ETKT 053-2418830917" of a booking confirmation), a passport in the advance
        # passenger information with its issuing country ("PP ISL A3318842"), a software tenant's id ("(tenant
        # t_77120)" of a bug report)
        r"(?-i:ETKT)", r"(?-i:PP\s+[A-Z]{3})(?=\s+[A-Z0-9]*\d)", r"tenant(?:\s+ID)?(?=\s+[A-Za-z]{0,3}[_-]?\d)",
        # a mortgage's loan and its officer's licence ("Loan #: CPH-2024-0713388", "NMLS 1849372"), a licence before a
        # spaced "#" ("OR CCB #228104"), the Police National Computer's and the Criminal Records Office's numbers of a
        # probation report ("PNC: 17/384920Q", "CRO: 219834/17K"), a parcel's tracking number
        r"loan(?=\s*(?:#|no\.|number|ID))", r"(?-i:NMLS)(?:\s+(?:ID|#))?", r"(?-i:[A-Z]{2,4})(?=\s#[^\S\n]?\d)",
        r"(?-i:PNC|CRO)(?:\s+(?:ID|no\.|number))?", r"tracking(?:\s+(?:no\.|number|#|ID|code))?",
        # a letter's postal tracking ("certified mail #9407 1118 9876 5432 1098 76" of a small-claims complaint)
        r"(?:certified|registered|recorded|signed[- ]for)\s+(?:mail|post|delivery|letter)",
        # (stop 51) a US bank's routing number and a cheque's ("Routing (ABA): 071923187", "CHECK #1187" of a
        # statement), Canada's transit and institution numbers and business number ("transit 00121, institution 003",
        # "BN 84712 6398 RT0001"), India's IFSC and a fixed deposit ("IFSC PUNB0332600", "FD no. 0211000100482733"),
        # Australia's migration agents' and transaction reference numbers ("MARN 1796341", "TRN: EGO7T3KQ2P"), New
        # Zealand's tax number ("my IRD is 049-091-850"), a notice's, a contract's and a school roll's number, an
        # account abbreviated "Acc." ("Acc. 68417520")
        r"routing(?:\s+(?:no\.|number|#))?", r"(?-i:ABA)", r"(?:check|cheque)(?=\s*(?:#|no\.)\s*\d)",
        r"transit(?:\s+(?:no\.|number|#))?(?=\s*:?\s*\d)", r"institution(?=\s+\d{3}\b)", r"(?-i:BN)(?=\s+\d)",
        r"(?-i:IFSC)", r"(?:FD|fixed\s+deposit)\s+(?:no\.|number|account)", r"(?-i:MARN|TRN|IRD)",
        r"notice\s+(?:no\.|number)", r"contract(?:\s+(?:no\.|number|#|ID))?", r"roll\s+(?:no\.|number)",
        r"acc\.(?=\s*\d)",
        # (stop 51, round 2) Australia's bank-state-branch number and a driver's licence and Medicare card as a host's chat
        # writes them ("BSB 062-140", "NSW licence 14 233 781", "medicare card 2428 77813 1"), a British electricity
        # and gas meter's numbers ("MPAN 14 1200 0347 221"), the NHS e-Referral's booking number ("UBRN 0004 7128
        # 8391"), a marketplace's listing ("listing 51837264")
        # (stop 69: and the state between, "licence NSW 20938841" of an insurance claim)
        r"(?-i:BSB)", r"licen[cs]e(?=\s+\d|\s*#|\s+(?-i:[A-Z]{2,3})\s\d)", r"medicare\s+card", r"(?-i:MPAN|MPRN|UBRN)",
        r"listing(?=\s+\d{6,})",
        # (stop 69) a Nigerian private mail bag ("P.M.B. 2204, Km 7 Abeokuta–Ibadan Road" of a university transcript)
        r"(?-i:P\.M\.B\.|PMB)(?=[^\S\n]*\d)",
        # (stop 69) a statement's cheque and a loan's reference ("CHQ NO 00418273", "LOAN REPAYMENT REF
        # KTB/PL/2023/0091457" of a Nigerian bank statement)
        r"chq\s+no\.?", r"ref\.?(?=\s+(?-i:[A-Z]{2,5})/[A-Z0-9])",
        # (stop 69) a New South Wales inmate's number ("MIN (Master Index No.):    512874" of a prison visitor form)
        r"(?-i:MIN)(?=[^\S\n]*\()",
        # (stop 53) a company's number after where it is registered ("Registered in England No. 08827341"), the FCA's
        # firm reference and a court reporter's licence ("FCA FRN 671204", "CSR No. 13942"), a letter's own and its
        # client's references ("Our Ref: HPR/DC/2291-4471"), an NHS smartcard's and an exemption certificate's numbers,
        # a pharmacy's owing slip and ODS code, a payment's authorisation code ("auth 03311Z"), an identity card's
        # number after its country ("Hungarian ID card 402817HA"), an exchange's "UID", a device's fingerprint
        r"registered\s+in\s+(?:England(?:\s+(?:and|&)\s+Wales)?|Scotland|Wales|Northern\s+Ireland)"
        r"(?:\s+(?:under\s+)?(?:company\s+)?(?:no\.?|number))?",
        r"(?-i:FRN|CSR)(?:\s+(?:no\.|number))?", r"(?:our|your|client|my)\s+ref(?:erence)?\.?",
        r"smart\s?card(?:\s+(?:no\.|number))?", r"cert(?=\s+\d)", r"owing\s+slip", r"(?-i:ODS)",
        r"auth(?:ori[sz]ation)?(?:\s+code)?(?=\s+[A-Z0-9]*\d)", r"ID\s+card(?:\s+(?:no\.|number))?", r"(?-i:UID)",
        r"device\s+(?:fp|fingerprint)",
        # (stop 53, round 7) a US driver license without the possessive, a UK residence permit's and a visa's numbers,
        # a support agent's id
        r"driver\s+licen[cs]e(?:\s+(?:no\.|number))?", r"(?-i:BRP)(?:\s+(?:no\.|number))?",
        r"visa\s+(?:no\.|number)", r"agent\s+ID",
        # (stop 53, round 8) a US employer's tax number, a charity's, a UK driving licence
        r"(?-i:FEIN|EIN)", r"charity\s+(?:no\.|number)", r"driving\s+licen[cs]e(?:\s+(?:no\.|number))?",
        # (stop 53, round 9) a bank's notes abbreviating sort code and account ("s/c 04-00-75 acc 21984730"), a
        # tribunal's appeal number, the Land Registry's title number
        r"s/c(?=\s+\d{2}-\d{2}-\d{2})", r"acc(?=\.?\s+\d{6,})", r"appeal\s+(?:no\.|number)", r"title\s+(?:no\.|number)",
        # (stop 53, round 10) a parcel's collection code, a card left by a courier, an invoice's abbreviation
        r"(?:collection|pick-?up|delivery|booking|confirmation)\s+code", r"card\s+(?:no\.|number)", r"inv\.",
        # (stop 53, round 11) a veteran's service number, a payment's "auth.", a charity's registered number, a
        # carer's staff number
        r"service\s+(?:no\.|number)", r"auth\.", r"(?:reg\.?\s+)?charity(?=\s+\d{6,})", r"staff(?=\s+\d{3,})",
        # (stop 54) an airline ticket and a frequent flyer's "FF no.", checked bags' tags, a private investigator's
        # licence, a help desk's assignee's ticket in another tracker ("JIRA FT-9921")
        r"ticket(?=:[^\S\n]*\d{3}-\d{10}\b)", r"(?-i:FF)(?=\s+no\.)",
        r"(?:bag(?:gage)?\s+)?tags(?=:\s*[A-Z]{2}\d{6}\b)",
        r"lic\.(?=\s+[A-Z0-9]{1,4}-\d)", r"(?-i:JIRA|Jira)(?=\s+[A-Z]{2,10}-\d)",
        # (stop 54, round 13) a bond holder's number, a driving licence's bare "licence:", a card's or an account's last
        # digits ("account ends 9038")
        r"holder\s+(?:no\.|number)", r"(?:DVLA\s+)?licen[cs]e(?=:)", r"(?:account|card)\s+end(?:s|ing)(?:\s+in)?",
        # (stop 54, round 14) a company's number, a boat's hull and registration numbers, a report's and an
        # incident's references
        r"(?-i:Co\.)(?=\s+No\.)", r"company\s+(?:no\.|number)", r"(?-i:HIN)", r"(?-i:SSR)(?=\s+no\.)",
        r"report\s+ref\.?", r"incident(?=\s+[A-Z]{2,5}/\d)",
        # (stop 54, round 15) a police dispatch's reference ("incident ref CAD 0417-16112024"; "CAD" alone is Canada's
        # dollar)
        r"incident\s+ref\.?",
        # (stop 54, round 16) a number transfer's PAC, a company's Companies House number, any "… ref:" ("Inquest ref:
        # NYW/0417/23")
        r"(?-i:PAC)(?=:?\s+[A-Z0-9]{9}\b)", r"companies\s+house\s+(?:no\.|number)", r"[a-z]+\s+ref\.?(?=\s*:)",
        # (stop 57) a receipt's and a register's entry by its number ("receipt no. 55821", "entry no. 312"), a
        # grave's plot ("grave C/1187" of a funeral arrangement), a vessel's MMSI and call sign, a room by its number,
        # an order's number in hyphenated groups ("order 8841-2290-1175")
        # (stop 69: and a receipt's code in capitals, "(receipt R-55291)" of a dental treatment plan; an Irish
        # dentist's registration, "Dental Council No.: 4719")
        r"receipt(?=\s+(?:no\.|number|#)|\s+(?-i:[A-Z]{1,3})-\d)", r"(?:dental|medical|nursing)\s+council(?:\s+no\.)?",
        r"entry\s+number", r"grave(?=\s+(?-i:[A-Z]{1,3})?[/-]?\d)", r"(?-i:MMSI)",
        r"call\s*sign", r"room(?=\s+(?:no\.|number|#))", r"order(?=\s+\d{3,6}-\d{3,6})",
        # (stop 57) an electoral canvass form's property reference and its security codes ("Property reference (UPRN):
        # 100062319874", "Security code 1: 7341"), a private hire operator's licence ("operator licence PHO 0214")
        r"(?-i:UPRN)", r"property\s+ref(?:erence)?\.?", r"(?:security|access)\s+code\s+\d(?=:)",
        r"(?:operator|driver|vehicle)['’]?s?\s+licen[cs]e(?=\s+(?:no\.\s*)?(?-i:[A-Z]{1,4})?\s?\d)",
        # (stop 57) a member of staff by "#" ("Received by: Jolene Pietrowski (staff #0457)"), a gas engineer's licence
        # card ("Licence card No: 7419032" of a gas safety record)
        r"(?:member|customer|client|employee|staff|payroll)(?=\s*#\s*\d)", r"licen[cs]e\s+card",
        # (stop 57) a flat's door fobs by their numbers ("fob nos. 00417 / 00418" of a check-in inventory)
        r"(?:key\s+|door\s+)?fobs?(?=\s+(?:no\.|nos\.|number|#))",
        # (stop 57) a health insurance card for Europe ("UK GHIC no.: 8082 6000 4471 2390 5517"), a custody record's
        # and an evidence bag's number
        r"(?-i:GHIC|EHIC)", r"custody\s+(?:record|ref(?:erence)?)",
        r"(?:sealed\s+|evidence\s+)?bag(?=\s+(?-i:[A-Z]{1,3})\d{5,})",
        # (after round 41's measurement) a contractor's job number ("DMR Plumbing & Heating Ltd (job no. 44817)")
        r"job(?=\s+(?:no\.|number|#))",
        # (stop 58) a sports club's affiliation code ("Athletics Ireland club code: KE-0419" of a renewals export)
        r"club\s+code(?=[^\S\n]*:?[^\S\n]*(?-i:[A-Z]{1,4})-?\d)",
        # (stop 58) a social security number's last digits after a colon ("(SSN last 4: 4471)" of a claim form), a
        # state's licence ("PA Lic. PA187734" of a contractor's invoice)
        r"(?-i:SSN)\s+last\s+(?:4|four)(?:\s+digits)?", r"(?<![\w.])lic\.(?=\s*#?\s*(?-i:[A-Z]{0,4})\d{4,})",
        # (stop 58) an electronic ticket's number ("e-tkt 729-2150448831" of a booking), a hotel's block of rooms, a
        # loyalty scheme's member ("Block code: TNW0823", "Loyalty # AL 552 908 117" of a rooming list)
        r"e-?(?:tkt|ticket)(?:\s+(?:no\.|number|#))?", r"(?:block|group)\s+code",
        r"loyalty(?:\s+(?:card|scheme|programme|program))?(?:\s+(?:no\.|number|#))?(?=\s*#?\s*[A-Z0-9]{2,4}[\s-]?\d)",
        # (stop 58) Australia's business numbers and a car's registration ("ABN 53 614 287 905", "car rego 1XY-4KD"), a
        # veteran's claim file ("VA File No.: C 28 417 903")
        r"(?-i:ABN|ACN)", r"rego", r"(?:claim\s+)?file\s+(?:no\.|number)(?=\s*:?\s*(?-i:[A-Z])\s\d)",
        # (stop 58) a second insurer's plan, an early conciliation certificate, a trainer's certificate, a prescription
        # prepayment certificate, a student card, a medical exemption ("Plan 25519", "ACAS EC cert: R123456/24/89",
        # "NASM cert. #1022874", "PPC 4400 2917 3385", "Student card UoN 20417788", "MedEx 884102763")
        r"plan(?=\s+#?\d{5,})", r"(?:EC\s+)?cert(?:ificate)?\.?(?=\s*(?:no\.|number|#|:)?\s*#?(?-i:[A-Z]{0,3})\d)",
        r"(?-i:PPC)", r"student\s+card(?:\s+(?-i:[A-Z][A-Za-z]{1,6}))?(?=\s+\d)", r"(?-i:MedEx)",
        # (stop 58) a visa application's references, a land register's title, a licence by its number, a right to
        # work share code ("GWF refs: GWF072184936 / GWF072184951", "Land Registry title HP728451", "Licence no.: PL
        # 01234/18/1465", "Share code (right to work/volunteer): W7K 4PR 9TX")
        r"(?-i:GWF)\s+refs?\.?", r"title(?:\s+(?:no\.|number))?(?=\s+(?-i:[A-Z]{1,3})\d{4,})",
        r"(?:driving\s+|driver'?s?\s+)?licen[cs]e(?=\s*(?:no\.|number|#)\s*:?\s*(?-i:[A-Z]{0,3})\s?\d)",
        r"share\s+code",
        # (stop 72) a pension scheme's reference, a border officer's number ("Scheme Ref. PSR 10184562", "ABF officer
        # no. 40871"; not a payslip's tax code, "1257L", the code of most of the country's employees)
        r"scheme\s+ref\.?", r"officer\s+no\.",
        # (and an Indian insurance plan's unique identification number, "Suraksha Term Plus (UIN 163N092V01)")
        r"(?-i:UIN)",
        # (and a pension scheme's tax reference, "HMRC PSTR 00412783RL" of a pension statement)
        r"(?-i:PSTR)",
        # (and an Australian practitioner's registration, an IATA cargo agent's code: "Siobhan Kelly RN, AHPRA
        # NMW0001837452" of a home care plan, "IATA 47-4 7123")
        r"(?-i:AHPRA)", r"(?-i:IATA)(?=\s+\d{2}-\d)",
        # (and an interpreter's number, "Gebremedhin (Tigrinya), Interpreter No. 30958" of an asylum interview)
        r"interpreter\s+no\.",
    ),
    # and (stop 44) the abbreviations of clinical notes that the news-trained model tags as organizations or persons
    # ("HR 104", "salbutamol PRN", "NKDA"); none is an entity of CoNLL-2003
    # clinical text's terms that name no one (app.detection.clinical)
    clinical_terms=frozenset("""SpO2 HR RR GCS NEWS2 BMI CHF T2DM T1DM DM HTN CAD SOB HPI ECG EKG EEG EMG CT MRI CXR
        FBC U&E U&Es LFT LFTs CRP ESR INR APTT TSH HbA1c Hb WCC eGFR ABG VBG DVT PE NSTEMI STEMI ACS AF COPD CKD TIA
        CVA UTI LRTI ITU HDU CCU MDT DNACPR GTN Troponin Troponins Creatinine Haemoglobin Hemoglobin Bilirubin
        Albumin Potassium Sodium Lactate D-dimer Ferritin Aspirin Paracetamol Acetaminophen Morphine Codeine Insulin
        Warfarin Adrenaline Epinephrine Lithium Fentanyl Tramadol Salbutamol Levothyroxine Co-amoxiclav Tazocin
        Cardiology Oncology Neurology Urology Nephrology Radiology Haematology Hematology Gastroenterology
        Dermatology Rheumatology Endocrinology Paediatrics Pediatrics Obstetrics Gynaecology Gynecology Orthopaedics
        Orthopedics Psychiatry Physiotherapy Neurosurgery Ophthalmology Anaesthetics Anesthesiology Warthin Apgar
        Karnofsky""".split()),
    field_labels=frozenset("""MRN DOB SSN NHS NINO UCI SpO2 PRN NKDA NKA TDS QDS PMH NOK FY1 FY2 ECG EKG GCS WCC ABG CXR
        ICU SHO HR RR BMI NPI DEA NCPDP""".split()),
    phone_regions=("US", "GB", "IE"),
    # (stop 67) other English-speaking countries, for numbers as one dials them ("(02) 9876 5432" of Sydney)
    phone_regions_dialled=("AU", "NZ", "IN", "NG", "KE", "ZA", "CA", "PH", "SG", "GH", "UG", "ZM", "ZW"),
    job_title_heads=(r"Officers?", r"Managers?", r"Partners?", r"Assistants?", r"Co-?ordinators?", r"Administrators?",
                     r"Advis[eo]rs?", r"Consultants?", r"Specialists?", r"Analysts?", r"Executives?", r"Supervisors?",
                     r"Practitioners?", r"Technicians?", r"Receptionists?", r"Engineers?", r"Developers?", r"Lead"),
    # (stop 58) a hospital's pager ("Ext./bleep: Ext. 726-4410 / bleep 1187")
    extension_keywords=(r"ext\.?", r"extension", r"extn\.?", r"bleep"),
    secret_keywords=(r"pass(?:word|wd|code|phrase)", r"pwd", r"PIN(?:\s+(?:code|number))?", r"API\s+(?:key|token)",
                     r"access\s+token", r"auth\s+token", r"bearer\s+token", r"refresh\s+token", r"token",
                     r"client\s+secret", r"secret(?:\s+key)?", r"recovery\s+(?:code|phrase)", r"seed\s+phrase",
                     # (stop 50) a building's, a key safe's and an alarm's codes ("Door code changed today to 4417#")
                     r"(?:door|gate|entry|alarm|key\s?safe|lock\s?box|building)\s+code",
                     # (stop 51) a host's chat ("wifi pw bondi_sunset88"), a support ticket's 2FA backup codes
                     r"(?:wi-?fi\s+)?pw", r"backup\s+codes?"),
    # (stop 65: first, a Hong Kong form's shared field, "Tel / E-mail:           6287 0415 / …" of a stamping
    # certificate; the first alternative that matches is the keyword)
    phone_keywords=(r"tel(?:ephone)?\.?[^\S\n]*/[^\S\n]*e-?mail(?=[^\S\n]*:)",
        r"tel(?:ephone)?\.?", r"phone(?:\s+(?:number|no\.?))?", r"mobile(?:\s+(?:number|no\.?))?", r"cell(?:\s+phone)?",
        r"fax", r"whats[Aa]pp",
        # (stop 64) a form's "Contact   : 5729 4418" (a Mauritian birth extract)
        r"contact(?=[^\S\n]*:)",
        # (stop 65) a letter's footer ("Enquiries: 2594 3202" of a stamping certificate)
        r"(?:enquiries|inquiries)(?=[^\S\n]*:)",
        # (stop 60) "Ph (07) 849 2210" of a New Zealand school's letterhead
        r"(?-i:Ph|PH)\.?(?=:?[^\S\n]*[(+\d])",
        # (stop 66) and in lower case in brackets ("Westgate Property Management Ltd (ph 09 836 2047)" of a tribunal
        # order)
        r"(?<=\()(?-i:ph)\.?(?=[^\S\n]+[(+\d])",
        r"(?:call|ring|text|reach)\s+(?:me|us|him|her|them)\s+(?:on|at)", r"mob\.?",
        # (stop 65) and a person by name ("You can reach Hemi on\n03 964 2275" of an ACC decision letter)
        r"(?:call|ring|text|reach)\s+(?-i:[A-Z][a-zāēīōū]+)\s+(?:on|at)",
        # "called 999 from 07700 900456", "rang her on": a call's verb, up to three words, then the number's preposition
        r"(?:called|rang|phoned|texted|calling|ringing|phoning)(?:\s+\S+){0,3}?\s+(?:from|on|at)"),
    # (stop 68) Uruguay's indexed unit, a user interface in English ("the version 2 UI")
    currency_homographs=frozenset({"UI"}),
    postal_codes=(
        r"\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b",  # UK
        r"(?<=\b[A-Z]{2}\s)\d{5}(?:-\d{4})?\b",  # US: state + ZIP
        # (stop 52) after the field's name in a form ("State OH   ZIP 43211" of a mortgage application)
        r"(?<=\bZIP\s)\d{5}(?:-\d{4})?\b|(?<=\bZIP:\s)\d{5}(?:-\d{4})?\b|(?<=\bZIP\scode\s)\d{5}(?:-\d{4})?\b",
        # (stop 58) Dublin's postal district after the city's name ("Ballymun Road, Dublin 11, D11 K2P4")
        r"(?<=\bDublin )(?:[1-9]|1\d|2[0-4]|6W)\b(?![.,]\d)",
        # Ireland's Eircode: a routing key and a unique identifier of letters and digits mixed ("T12 X8Y9", "D02 AF30")
        r"\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?(?=[0-9AC-FHKNPRTV-Y]{0,3}\d)(?=[0-9AC-FHKNPRTV-Y]{0,3}[A-Z])"
        r"[0-9AC-FHKNPRTV-Y]{4}\b",
        # six digits before the name of a country that writes its postal codes so (India's PIN, Nigeria's, Singapore's,
        # Russia's…: "Chandigarh 160036, India", "Lagos 101241, Nigeria"; stop 52: in clear)
        r"\b\d{6}(?=,?[^\S\n]+(?:India|Nigeria|Singapore|China|Russia|Kazakhstan|Vietnam|Belarus|Romania|Colombia"
        r"|Ecuador|Tajikistan|Kyrgyzstan|Uzbekistan|Turkmenistan)\b)",
        # (stop 70) India's six digits after the town that ends an address's list ("Koregaon Park, Pune 411001  sd/-"
        # of a sale deed's witnesses)
        # (stop 71: and before a sentence's full stop, "a fibre connection in Whitefield, Bengaluru 560066." of a fraud
        # investigation)
        r",[^\S\n]+[A-Z][a-z]{2,20}[^\S\n]+(?P<code>[1-8]\d{5})(?=,|\.(?!\d)|[^\S\n]*(?:\n|$)|[^\S\n]{2})",
        # (and New Zealand's four digits after the town that ends an address's list, "27B Kowhai Street, Onerahi,
        # Whangārei 0110" of an ACC claim; not a year)
        r",[^\S\n]+[A-Z][\wā]{2,20}[^\S\n]+(?P<code>(?!(?:19|20)\d\d(?!\d))\d{4})(?=[^\S\n]*(?:\n|$))",
        # Australia's four digits after its state ("Parramatta NSW 2150"; stop 48)
        r"(?<=\b(?:NSW|VIC|QLD|TAS|ACT)\s)\d{4}\b|(?<=\b(?:WA|SA|NT)\s)\d{4}\b",
        # (stop 70: two spaces on each side of the state, "BELCONNEN  ACT  2617" of a Centrelink letter's address)
        r"(?<=[A-Z][^\S\n]{2}(?:NSW|VIC|QLD|TAS|ACT)[^\S\n]{2})\d{4}\b"
        r"|(?<=[A-Z][^\S\n]{2}(?:WA|SA|NT)[^\S\n]{2})\d{4}\b",
        POLISH_POSTCODE,
        # Canada's, after its province ("Toronto, ON M5J 2J2"; stop 48: "2J2" stayed in clear)
        # (and two spaces after it, as a notice's address block aligns it: "MONTRÉAL QC  H3H 2M3", stop 51)
        # (stop 70: and its abbreviation with full stops, "Richmond, B.C. V7A 1H3" of a small claims judgment)
        r"(?:(?<=\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s)|(?<=\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s\s)"
        r"|(?<=\bB\.C\.\s)|(?<=\bN\.S\.\s)|(?<=\bN\.B\.\s)|(?<=\bP\.E\.I\.\s))"
        r"[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b",
        # (stop 61) and after a form's field for it ("Postal code: K1S 3X6" of a small claims form), Singapore's six
        # digits after the city's name ("80 Robinson Road, #17-02, Singapore 068898")
        r"(?<=\b[Pp]ostal [Cc]ode: )[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b",
        r"(?<=\bSingapore )\d{6}\b", r"(?<=\bSINGAPORE )\d{6}\b",
        # (stop 65) Bermuda's two letters and two digits after a town, ending the line ("Hamilton HM 12" of a work
        # permit), and a form's postcode field ("Postcode: 4051" of an Australian bond lodgement)
        r"(?<=[a-z] )(?:HM|FL|CR|DV|GE|HS|MA|PG|SN|SB|WK)[^\S\n]\d{2}(?=[^\S\n]*(?:[\n,;)]|$))",
        r"(?<=\bPostcode: )\d{4}\b|(?<=\bPostcode )\d{4}\b",  # (stop 64: in capitals, a flat's heading)
        # (round 96) a form's field with a space before its colon ("Postcode : 8013" of a bond lodgement form)
        r"(?<=\bPostcode : )\d{4}\b",
        # (stop 61) Canada's at the end of its line, as a form's box prints it ("7  Postal code\n      R3E 0N8")
        r"(?<![\w-])[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d(?=[^\S\n]*(?:\n|$))",
        # (stop 67: or before a column gap, "Postal code:   M4J 1M9          Email:" of a small claims form) Nigeria's
        # six digits after its capital's territory ("Abuja, FCT 900288" of a land allocation letter)
        r"(?<![\w-])[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d(?=[^\S\n]{2,}\S)",
        r"(?<=\bFCT[^\S\n])\d{6}\b",
        # (stop 62) India's PIN after its city and a dash ("Kothrud, Pune - 411038, Maharashtra" of a police report)
        # (stop 68: and an en dash, "Bengaluru – 560102" of a loan sanction letter)
        r"(?<=[a-z] [-–] )[1-8]\d{5}(?=,|[^\S\n]*(?:\n|$))",
        # (stop 70: or in two groups, "Mylapore, Chennai - 600 004" of a hospital's letterhead)
        r"(?<=[a-z] [-–] )[1-8]\d\d[^\S\n]\d{3}(?=,|[^\S\n]*(?:\n|$))",
        # (stop 67) and right after its city, ending the line or before a comma ("Vashi, Navi Mumbai 400703" of a
        # freight invoice's letterhead); not after a keyword's word ("Invoice 400703")
        r"(?<![\w-])(?!(?:Invoice|Order|Total|Page|Ref|Reference|Number|Account|Amount|Code|Receipt|Ticket|Case|Claim"
        r"|Policy|Box|Room|Unit|Flat|Suite|Plot|Sector|Phase|Block|Folio|Serial|Batch|Lot)\b)[A-Z][a-z]+[ ]"
        r"(?P<code>[1-8]\d{5})(?=[^\S\n]*(?:[\n,;)|]|$))",
        # (stop 62) South Africa's four digits after the town and a comma, ending the line ("22 Protea Street,
        # Durbanville, 7550" of a deed of sale); not a year ("14 March, 2024")
        r"(?<=[a-z], )(?!(?:19|20)\d\d)\d{4}(?=[^\S\n]*(?:\n|$))",
        # (stop 62) the Philippines' four digits after a city ("Cebu City 6000", "Makati City 1203" of a deed of
        # sale), New Zealand's after its cities and islands ("Mount Eden, Auckland 1024", "Waiheke Island 1081" of a
        # tenancy order), Kingston's postal district ("14 Lady Musgrave Road, Kingston 10" of an affidavit)
        r"(?<=\bCity )\d{4}(?=[^\S\n]*(?:[\n,;)]|$))",
        # (stop 68) and after a Philippine province named by its side ("Tagum City, Davao del Norte 8100" of a loan
        # application)
        r"(?:(?<=\bdel Norte )|(?<=\bdel Sur )|(?<=\bOccidental )|(?<=\bOriental ))\d{4}(?=[^\S\n]*(?:[\n,;)]|$))",
        # (stop 68) five digits after an address's comma, then its town and perhaps its state, ending the line
        # ("No. 27, Jalan SS 21/37, Damansara Utama, 47400 Petaling Jaya, Selangor" of a Malaysian contract)
        r"(?<=[a-z], )(?!(?:19|20)\d\d\d?\b)\d{5}(?=[^\S\n]+[A-Z][a-z]+(?:[^\S\n][A-Z][a-z]+){0,2}"
        r"(?:,[^\S\n]*[A-Z][a-z]+(?:[^\S\n][A-Z][a-z]+)?)?[^\S\n]*(?:\n|$))",
        r"(?:(?<=\bAuckland )|(?<=\bWellington )|(?<=\bChristchurch )|(?<=\bHamilton )|(?<=\bTauranga )"
        r"|(?<=\bDunedin )|(?<=\bIsland ))\d{4}(?=[^\S\n]*(?:[\n,;)]|$))",
        r"(?<=\bKingston )(?:[1-9]|1\d|20)\b(?![.,]\d)",
        # (stop 63) Nigeria's six digits after its state ("Ikeja, Lagos State 100271" of an account opening form), five
        # digits before the name of a country that writes its postal codes so ("Lusaka 10101, Zambia")
        r"(?<=\bState )\d{6}\b",
        # (and Sri Lanka's five digits after its cities: "Kandy 20000", "Colombo 00700" of a marriage certificate)
        r"(?:(?<=\bColombo )|(?<=\bKandy )|(?<=\bGalle )|(?<=\bJaffna )|(?<=\bNegombo )|(?<=\bMatara ))\d{5}\b",
        r"\b\d{5}(?=,?[^\S\n]+(?:Zambia|Malaysia|Ukraine|Croatia|Serbia|Egypt|Morocco|Jordan|Iraq|Kuwait|Senegal)\b)",
        # (stop 62) Malta's: the locality's three capitals and four digits after its name ("Triq il-Merkanti,
        # Valletta VLT 1175", "Żebbuġ ZBG 1042" of a promise of sale)
        # (not Australia's states, "Parramatta NSW 2150")
        r"(?<=[a-zġħżċ] )(?!(?:NSW|VIC|QLD|TAS|ACT) )[A-Z]{3} \d{4}(?=[^\S\n]*(?:[\n,;)]|$))",
    ),
    street_addresses=StreetAddresses(
        order="number_first",
        types=("Street|St\\.?|Road|Rd\\.?|Avenue|Ave\\.?|Lane|Ln\\.?|Drive|Boulevard|Blvd\\.?|Way|Place|Pl\\.|"
               "Court|Ct\\.?|Square|Sq\\.|Terrace|Crescent|Close|Row|Parkway|Highway|Hwy\\.?|Grove|Gardens|Mews|"
               "Hill|Wharf|Quay|Circus|Circle|Cir\\.|Alley|Pkwy\\.?|Pky\\.?|Expy\\.?|Fwy\\.?|Ter\\.|Trl\\.?|"
               # "Dr" is a drive unless a name follows it ("3 Smith Dr. Jones": a title), not a flat's word ("1187
               # Birchwood Dr Apt 4" of an arrest report: stop 48, the house number and the flat stayed in clear)
               "Dr(?!\\.?[^\\S\\n]+(?!(?:Apt|Apartment|Suite|Ste|Unit|Flat)\\b)[A-Z])\\.?"),
        # everyday words in lower case ("a 1 percent rise" in lower-cased CoNLL-2003): as written only; "Vale",
        # "Park", "Green" end football clubs ("2 Port Vale") and stay out
        cased_types="Walk|Rise|View|Parade|Trail|Loop"
                # (stop 58) an American road named for its toll ("455 Carlisle Pike, Camp Hill" of a claim)
                "|Pike|Turnpike"
                # (stop 61) Trinidad's "Trace" and a seafront's "Promenade" ("No. 27 Mahabir Trace", "14 Harris
                # Promenade, San Fernando" of a deed of gift)
                "|Trace|Promenade"
                # (stop 72) India's roads in Tamil and Hindi ("No. 14, Dr. Radhakrishnan Salai, Mylapore" of a trust's
                # letterhead)
                "|Salai|Marg",
        # (stop 51: in capitals, "APT 1707  2250 RUE GUY" of a Canadian notice; an office's floor, "Level 9, 600 Bourke
        # St" of an Australian letterhead)
        # (stop 52: Nigeria's "Plot 14, Adeola Odeku Street")
        # (stop 61: and a shop, "Shop G12, G/F, Harbourfront Plaza" of a Hong Kong claim)
        units="Apt\\.?|Apartment|Suite|Ste\\.?|Unit|Flat|Fl\\.|Room|Rm\\.?|#|APT|APARTMENT|SUITE|UNIT|FLAT|Level|Plot"
              "|PLOT|Shop"
              # (stop 62) a Lagos estate's block ("Flat 3B, Block C, Ikota Villa Estate" of a tenancy agreement)
              "|Block"
              # (stop 63) a Lagos plot's and an Indian house's "No." before the street ("No. 17, Adeola Odeku Street")
              "|No\\.|Plot No\\.",
        # (stop 58) a flat named alone ("from the flat above, Flat 5", "Apt 6" of a letter and an e-mail; Glasgow's
        # "Flat 2/1"): an address of its own
        # (stop 65: first, a Hong Kong flat by its floor, block or tower, "Flat C, 18/F, Block 2, Laguna City", "Flat
        # 12, 27/F, Tower 5, Kingswood Villas" of a tenancy's stamping certificate, and below a floor alone before the
        # building, "3/F, Revenue Tower")
        flats=r"(?-i:Flat|FLAT|Room|Rm\.?|Unit)[^\S\n](?:\d{1,4}[A-Z]?|[A-Z]),[^\S\n]+(?:\d{1,2}|G|LG|UG)/F"
              r"(?:,[^\S\n]+(?-i:Block|Tower|BLOCK|TOWER)[^\S\n]\d{1,2}[A-Z]?)?(?![\w/])"
              r"|(?-i:Flat|FLAT|Apt\.?|APT\.?|Apartment)[^\S\n]\d{1,4}(?:/\d{1,2})?[A-Z]?(?![\w/])"
              # (stop 66) an Edinburgh flat by its floor and door ("Flat 2F1, 38 Comely Bank Avenue" of a claim form)
              r"|(?-i:Flat|FLAT)[^\S\n]\d{1,2}[Ff]\d{1,2}(?![\w/])"
              # (stop 66) a Malaysian street, its house or lot number before it and its section's number after it
              # ("No. 27, Jalan Seri Mawar 4", "Lot 12, Jalan Perusahaan 3" of an employment contract)
              r"|(?:(?-i:No\.|Lot|LOT)[^\S\n]?\d{1,4}[A-Z]?,[^\S\n]+)?(?-i:Jalan|JALAN|Jln\.|Lorong|Persiaran)"
              r"(?:[^\S\n]+(?-i:[A-Z][a-z]+|[A-Z]{2,})){1,4}(?:[^\S\n]+\d{1,3}[A-Z]?(?:/\d{1,3}[A-Z]?)?)?(?![\w])"
              # (stop 63) an Indian address's numbered cross and main roads, blocks and stages, with the house number
              # before them ("No. 14, 2nd Cross, Jayanagar 4th Block", "42, 3rd Cross, 8th Main" of a passport
              # annexure: the numbers stayed in clear)
              r"|(?-i:(?:(?:No\.[^\S\n]?)?\d{1,4}[A-Z]?,[^\S\n]+)?\d{1,2}(?:st|nd|rd|th)[^\S\n]+"
              r"(?:Cross|Main|Block|Stage|Phase|Sector)(?:[^\S\n]+Road)?)"
              # (stop 64) a Singapore public flat's block, street and unit ("Blk 62 Telok Blangah Heights #08-221",
              # "BLK 318C ANCHORVALE LINK #12-145" of a resale acknowledgement), a Philippine subdivision's block and
              # lot ("Blk 12 Lot 7, Sampaguita St." of a loan statement) and a barangay's zone ("Purok 5")
              r"|(?-i:Blk|BLK)\.?[^\S\n]\d{1,4}[A-Z]?(?:[^\S\n]+(?-i:[A-Z][A-Za-z'-]{1,20})){1,5}"
              r"[^\S\n]+#\d{1,3}-\d{1,5}(?![\w-])"
              r"|(?-i:Blk|BLK|Block)\.?[^\S\n]\d{1,4}[A-Z]?,?[^\S\n]+(?-i:Lot|LOT)\.?[^\S\n]\d{1,4}[A-Z]?(?![\w])"
              r"|(?-i:Purok|PUROK)[^\S\n]\d{1,3}[A-Z]?(?![\w])"
              # (stop 64) a plot or lot by its number before the address's comma ("Plot 23, Abossey Okai, Accra" of a
              # Ghanaian judgment, "Lot 27, Phoenix Park Avenue" of a Jamaican valuation notice) and a unit after a
              # street's comma ("2150 Dundas Street West, Unit 4, Mississauga" of a work permit)
              r"|(?-i:Plot|PLOT|Lot|LOT)[^\S\n](?:No\.[^\S\n]?)?\d{1,5}[A-Z]?(?=,[^\S\n]+[A-Z])"
              r"|(?<=, )(?-i:Unit|UNIT|Suite|SUITE)[^\S\n]\d{1,4}[A-Z]?(?![\w/])"
              # (stop 69) an Australian unit's word before its number and the street's ("Unit 14/52 Albert Street" of a
              # listing enquiry: the word stayed in clear beside the masked numbers)
              r"|(?-i:Unit|UNIT)(?=[^\S\n]\d{1,4}[A-Z]?/\d{1,5}[^\S\n]+[A-Z])"
              r"|(?<![\w/])(?:\d{1,2}|G|LG|UG)/F(?=,[^\S\n]+[A-Z])",
        buildings="House|Court|Building|Buildings|Mansions|Lodge|Tower|Towers|Hall|Apartments|Heights|Point|Wharf|Quay"
                  # (stop 61) a shop in a mall ("Shop G12, G/F, Harbourfront Plaza" of a Hong Kong claim)
                  "|Plaza|Centre|Center|Mall"
                  # (stop 53) a company's unit on an estate ("Unit 4, Calder Business Park" of two letterheads)
                  "|Business Park|Industrial Estate|Trading Estate|Retail Park|Enterprise Park|Business Centre"
                  "|Industrial Park"
                  # (stop 64) a South African office park ("Unit 12, Rosebank Office Park, 181 Jan Smuts Avenue")
                  "|Office Park"
                  # (stop 62) a Nigerian housing estate ("Block C, Ikota Villa Estate, Lekki-Epe Expressway")
                  "|Estate"
                  # (stop 71) an Indian office building ("402, Sai Krupa Chambers, S.V. Road" of a letterhead)
                  "|Chambers|Complex|Bhavan|Arcade",
        postal_code=r"[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}",  # the United Kingdom's
        not_after=("in", "In", "by", "since", "until"),
        # (stop 64: and in words, "2150 Dundas Street West" of a Canadian employer's address)
        suffixes=("NW", "NE", "SW", "SE", "N", "S", "E", "W", "North", "South", "East", "West"),
        # a direction before the street's name ("1234 N. Elm St.")
        # (stop 70: and the quadrants, "8421 NW 37th Ct, Apt 212, Sunrise, FL 33351" of a Florida injury report)
        prefixes=(r"[NSEW]\.", r"North", r"South", r"East", r"West", r"(?:NW|NE|SW|SE)(?![\w.])"),
    ),
    head_final=True,
    name_openers=frozenset({"saint"}),
    dictionary=True,
    coreference=CoreferenceWords(
        titles=frozenset({"fr", "mx", "messrs", "madam", "vice-president", "prime minister", "chancellor", "king",
                          "queen", "prince", "princess", "general", "colonel", "captain"}),
        function_words=("of", "the", "and", "for", "on", "in", "at", "to", "&"),
        prepositions=("of", "for", "on", "in", "at"),
        leading_types={L.LOCATION: ("federal republic of", "republic of", "kingdom of", "principality of",
                                    "grand duchy of", "state of", "commonwealth of", "city of", "island of", "isle of")},
        trailing_types={L.ORGANIZATION: ("company", "incorporated")},
    ),
    surrogate_legal_forms=("Ltd", "PLC"),
    articles=frozenset({"the"}),
    possessive_apostrophe_s=True,
    country_aliases={
        "usa": "US", "u.s.": "US", "u.s.a.": "US", "us": "US", "america": "US", "uk": "GB", "u.k.": "GB",
        "great britain": "GB", "britain": "GB", "holland": "NL", "russia": "RU", "turkey": "TR", "czech republic": "CZ",
        "ivory coast": "CI", "vatican": "VA", "vatican city": "VA", "south korea": "KR", "north korea": "KP",
        "burma": "MM", "persia": "IR",
    },
    organization_nouns={concept: (concept, "n") for concept in ORGANIZATION_TYPES},
    organization_synonyms={
        "centre": "center", "organisation": "organization", "theater": "theatre", "institution": "institute",
        "board": "council", "labs": "laboratory", "lab": "laboratory", "bureau": "office", "conference": "assembly",
        "inc": "company", "corp": "corporation",
    },
    headword_before=frozenset({"of"}),
    mask_connectors=frozenset({"of", "the", "and"}),
    grammar=EnglishGrammar(
        **_DATA.grammar,
        determiners=frozenset("the a an this that these those his her its their our your my".split()),
        the_words=("Republic", "Kingdom", "Islands", "States", "Emirates", "Federation", "Union"),
        the_names=frozenset({"Netherlands", "Philippines", "Bahamas", "Maldives", "Seychelles", "Comoros", "Gambia",
                             "Vatican", "Holy See"}),
    ),
))
