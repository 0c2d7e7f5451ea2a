"""Street addresses: a street name with its house number, per language (label ``LOCATION``).

A model finds "Hauptstraße" or "Avenida Paulista" at best and leaves the house number in clear text; it also
tags streets named after people as persons ("221B Baker Street"). Street addresses follow each language's
written conventions closely, so a pattern per language finds the street *with* its number (Dias, 2016, §4.2.2:
patterns for what has a regular form; Graliński et al., 2009, §4.1: left and right context such as "Rua", "Straße"):

* ``de``: a word ending in a street type ("Hauptstraße 5", "Am Lindenweg 12a", "Sankt-Georg-Straße 3"), or
  capitalised words before a separate street type ("Berliner Straße 5", "Berliner Str. 10-12"); a prefix and a
  name without a type ("Am Kanal 3") after a cue ("wohnhaft") or before a postal code and a town; a name alone
  ("Hofmark 3") after a cue and before a postal code and a town;
* ``es``: a street type, the street's name and the number ("calle Mayor 12", "Avenida de la Constitución, nº 3",
  "C/ Alcalá, 45, 3º B");
* ``pt``: a street type, the name and the number ("Rua das Flores, 123", "Avenida Paulista, 1578",
  "Av. Brasil, n.º 500");
* ``en``: the number, the name and a street type ("221B Baker Street", "1600 Pennsylvania Avenue NW"); not
  after "in", "by", "since", "until" ("In 2015 Main Street was quiet": a year).

An address never runs over a line break (headers such as "NEW YORK 1996-08-30" above "For Wall Street").
Only the street and number are covered; postal codes and cities are found by their own recognizers. The
label is ``LOCATION``, so every anonymization method applies (the substitution method gives a Faker street
address for a location with digits).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from app import languages
from app.detection.base import Recognizer
from app.detection.fast_regex import first_characters, gate_of
from app.detection.labels import LOCATION
from app.detection.rules import STOP_WORDS_FOLDED
from app.doc import Entity, Sentence
from app.languages import StreetAddresses
from app.tokenization import UPPER

_UPPER = UPPER  # every capital letter, not only A-Z ("Şişli", "Łąkowa")
#: White space within a line: an address never runs over a line break.
_SP = r"[^\S\n]"
#: A capitalised word ("Paulista", "Constitución", "Sankt-Georg", "O'Connell").
_CAP = rf"[{_UPPER}][\w'’-]*"
#: The start of a word: not inside a word, nor after a word's apostrophe (from every "O" of "O'O'O'…" a capitalised
#: word ran to the end of the run: quadratic time; a quote that opens an address, "'Hauptstraße 5'", is no apostrophe).
_WORD_START = r"(?<![\w-])(?<!\w['’])"
#: A house number: "5", "12a", "221B", "10-12", "3/5", Austria's house, staircase and door "88/2/14"; never followed
#: by more digits or letters.
# (a building's letter after a slash too: "Romstraße 64/B, 39012 Meran"; stop 62)
# (and a staircase in Roman numerals: "Maria-Theresien-Straße 21/III, 6020 Innsbruck" of a notary's letterhead; stop 68)
#: (Stop 71: a floor's ordinal after the dash, "Rua Castilho, 39 - 5.º, 1250-068 Lisboa" of an insurer's letterhead.)
_NUMBER = (rf"\d{{1,4}}[a-zA-Z]?(?:{_SP}?[-–/]{_SP}?(?:\d{{1,4}}(?:[a-zA-Z]|\.?[ºª](?=[,\s]|$))?"
           rf"|(?<=/)(?:[IVX]{{2,4}}|[A-Z])(?![\w/]))){{0,2}}(?![\w])")

#: "nº 3", "n.º 500", "núm. 7", "número 12" before the house number (``type_first``: the Iberian conventions); "No. 214",
#: "No 36", "Nro. 5" as Latin America writes it (stop 46: "Calle 5 de Mayo No. 214" left the number in clear).
#: A plot, an industrial unit, a lot in place of the house number ("Urb. Los Pinos, parcela 27", "Pol. Ind. El
#: Henares, Nave 14", "Rua 91, Lote 14": stop 47, the number stayed in clear).
#: (Stop 61: and "N°" with the degree sign, "Tte. Fariña N° 1180" of a Paraguayan contract.)
#: (Stop 63: and "#", as Central America writes it: "Calle La Mascota #518, Colonia San Benito" of a medical report.)
_NUMBER_WORD = (rf"(?:n\.?{_SP}?[ºo]{_SP}?|N\.?{_SP}?[º°]{_SP}?|n°{_SP}?|nº{_SP}?"
                rf"|núm\.{_SP}?|número{_SP}|[Nn]o\.{_SP}?|No{_SP}|Nro\.{_SP}?|#{_SP}?"
                rf"|[Pp]arcela{_SP}|[Nn]ave{_SP}|[Ll]ote{_SP})")
#: The word optional (a wrapped address, :func:`_type_first`, requires it).
_NUMERO = rf"{_NUMBER_WORD}?"


def _type_last(street: StreetAddresses) -> list[str]:
    """German: a word ending in a street type ("Hauptstraße 5", "Am Lindenweg 12a"), or capitalised words before a
    separate street type ("Berliner Straße 5"), each after an optional prefix ("Am", "An der")."""
    prefix = "|".join(p.replace(" ", f"{_SP}+") for p in street.prefixes)
    prefix = rf"(?:(?:{prefix}){_SP}+)?" if prefix else ""
    # a title abbreviated in the street's name ("Prof.-Ernst-Nathan-Str. 1", "Dr.-Mack-Str. 77", "Geschw.-Scholl-Platz
    # 1"; stop 47: the title and the house number stayed in clear)
    title = rf"(?:[{_UPPER}][a-zäöü]{{1,5}}\.-){{0,2}}"
    # a flat or a room with its number after the house number ("Hauptstraße 5, Whg. 12"), and before the street, as
    # a care home's resident's address writes it ("Zimmer 214, Gustav-Esche-Str. 3"; stop 49: the room stayed in
    # clear): part of the address
    unit = rf"(?:{street.units}){_SP}?\d{{1,4}}[a-zA-Z]?(?![\w])" if street.units else ""
    # (after a slash too, as Austria writes its flats: "Annenstraße 42/Top 7"; stop 62)
    after = rf"(?:(?:,?{_SP}+|{_SP}?/{_SP}?){unit})?" if unit else ""
    # and the floor after them ("Schönhauser Allee 141, VH 3. OG rechts"; stop 50)
    # (two of them: "Greifenhagener Str. 18, Seitenflügel, 3. OG" of a patient's form; stop 57)
    floor = rf"(?:,?{_SP}+(?:{street.floors})){{0,2}}" if street.floors else ""
    after += floor
    if unit and street.floors:
        # (and the flat after the floor: "Eschersheimer Landstraße 219, 2. OG links, Whg. 7" of a landlord's
        # certificate; stop 59)
        after += rf"(?:,?{_SP}+{unit})?"
    # (a house number's letter after a space: "Hauptstraße 7 b, 88709 Meersburg" of a registration certificate; stop 59)
    typed = (rf"{prefix}{title}[{_UPPER}][\w-]*(?i:{street.types}){_SP}+{_NUMBER}"
             rf"(?:{_SP}[a-h](?=,|{_SP}*$|{_SP}*\r?\n))?")
    patterns = [rf"{_WORD_START}{typed}{after}"]
    if unit:
        patterns.append(rf"{_WORD_START}{unit}(?=,?{_SP}+{typed})")
    if street.separate_types:
        patterns.append(rf"{_WORD_START}{prefix}(?:{_CAP}{_SP}+){{1,3}}(?:{street.separate_types}){_SP}+{_NUMBER}"
                        rf"{after}")
    if street.prefixes and (street.cues or street.postal_code):
        # no street type, "Am Kanal 3": only after a cue ("wohnhaft") or before a postal code and a town
        prefixes = "|".join(p.replace(" ", f"{_SP}+") for p in street.prefixes)
        # a house number of three digits at most: "Im Jahr 2020" names a year
        bare = rf"(?:{prefixes}){_SP}+(?:{_CAP}{_SP}+){{1,2}}(?=\d{{1,3}}(?!\d)){_NUMBER}"
        if street.cues:
            after = "|".join(f"(?<={re.escape(cue)} )" for cue in street.cues)
            patterns.append(rf"(?:{after}){bare}{floor}")
        if street.postal_code:
            # the postal code on the same line or, in a letter's address block, on the next ("Im Wiesengrund 3\n70599
            # Stuttgart"): the lookahead may cross the line break, the address does not
            town = rf"{street.postal_code}{_SP}+[{_UPPER}]"
            # (or after a letterhead's separator: "Am Sande 8 · 21335 Lüneburg" of a footer, stop 51)
            patterns.append(rf"{_WORD_START}{bare}{floor}(?=(?:,?{_SP}+|{_SP}*[·•|–]{_SP}*|{_SP}*\r?\n{_SP}*){town})")
            # neither prefix nor a type we know, alone on its line above the postal code and town, as a letter's
            # address block writes it ("MVZ Rheinauhafen GmbH\nAgrippinawerft 22\n50678 Köln"; stop 54)
            # (or after a letterhead's separator on its line: "Meisterbetrieb · Gewerbepark Süd 9 · 93055 Regensburg";
            # stop 57)
            patterns.append(rf"(?:(?<![^\n]){_SP}*|(?<=[·•|]{_SP}))"
                            rf"(?!(?:Seite|Blatt|Anlage|Kapitel|Band|Heft|Teil|Nr)\b)"
                            rf"{_CAP}(?:{_SP}+{_CAP})?{_SP}+(?=\d{{1,3}}(?!\d)){_NUMBER}"
                            # (or after a separator on its line: "Rosenhügel 12 · 42859 Remscheid")
                            rf"(?=(?:{_SP}*\r?\n|{_SP}*[·•|–]){_SP}*{town})")
            if street.cues:
                # neither prefix nor type ("wohnhaft Hofmark 3, 83101 Rohrdorf", a village's street): after a cue
                # and before the postal code and town on the same line, both
                patterns.append(rf"(?:{after})(?:{_CAP}{_SP}+){{1,2}}(?=\d{{1,3}}(?!\d)){_NUMBER}"
                                rf"(?=,?{_SP}+{town})")
                # (stop 69: and after a form's field and its aligned column, "Anschrift:      Hülshof 27, 44369
                # Dortmund" of an apprenticeship contract; the spaces before the name are left out of the entity by
                # :class:`AddressRecognizer`)
                fields = "|".join(f"(?<={re.escape(cue)})" for cue in street.cues if cue.endswith(":"))
                if fields:
                    patterns.append(rf"(?:{fields}){_SP}{{2,}}(?:{_CAP}{_SP}+){{1,2}}(?=\d{{1,3}}(?!\d)){_NUMBER}"
                                    rf"(?=,?{_SP}+{town})")
    return patterns


def _type_first(street: StreetAddresses) -> list[str]:
    """Spanish, Portuguese: the street type, the name and the number ("calle Mayor 12", "Rua das Flores, 123"), with
    "nº" before the number and floor and door after it ("3º B")."""
    particles = street.particles or "(?!)"
    # capitalised words, then up to two lower-case ones as clinical notes write them ("Calle puente cesures, 16"),
    # titles inside ("Calle Dr. Joaquín Aznar Molina 2")
    # (an elided Catalan or Galician article glued to the word: "Carrer de l'Hospital, 117", stop 51)
    # (and the ranks and offices of Brazilian street names, abbreviated: "R. Cel. Joaquim Ferreira Lobo, 1.482", "Av.
    # Gen. Olímpio da Silveira"; stop 52)
    word = (rf"(?:(?:[dlDL]['’])?{_CAP}|Dr\.|Dra\.|Sr\.|Sra\.|Sta\.|Sto\.|Ind\.|Cel\.|Gen\.|Cap\.|Prof\.|Profa\.|Pres\."
            rf"|Eng\.|Des\.|Mal\.|Alm\.|Ten\.|Sgt\.|Min\.|Pe\.|Mons\.|Brig\.|Cmte\."
            # (and Spanish America's: "Bvar. Gral. Artigas 1472" of a Uruguayan certificate; stop 61)
            rf"|Gral\.|Tte\.|Cnel\.|Mcal\.|Pte\.|Sgto\.|Ing\."
            # (stop 70: and a Mexican avenue's side of town, "Av. López Mateos Nte. 1150, Piso 3" of a tax notice)
            rf"|Nte\.|Ote\."
            # (stop 69: and Portugal's "Dom", "Av. D. Nuno Álvares Pereira, 118, 4.º B" of a family mediation record)
            rf"|D\.)")
    # a street named after a date ("Calle 5 de Mayo No. 214", "Rua 25 de Março, 1020", "Av. 9 de Julho 3000"; stop 46:
    # the date was masked and the house number left in clear): the day and "de" before the name's first word
    # (stop 72: and its day's ordinal with a full stop, "Rua 1.º de Maio, 12, 1.º Dt.º" of a custody report)
    dated = rf"(?:\d{{1,2}}\.?[ºª°]?{_SP}+de{_SP}+)?"
    name = (rf"{dated}(?:(?:{particles}){_SP}+)*{word}(?:{_SP}+(?:(?:{particles}){_SP}+)*{word}){{0,4}}"
            rf"(?:{_SP}+[a-zà-ÿ]{{3,}}){{0,2}}")
    # "3º B", "2ª", "- 5º 2ª", "1D", "- P1 2B", ". 1A": floor and door after the house number, at most two parts
    # Portuguese: "2.º Esq.", "apto 801", "sala 1204", "bloco B", "casa 2", "loja 3" (a flat, an office, a block);
    # Spanish "bloque 3", "portal 2", "escalera B" before the floor
    # the door's letter in lower case only glued to the floor ("4ºc" in a chat; "2º a la derecha" is no door)
    # (a lone capital never after a full stop and a space: "1.º Esq. A ex-mulher", the next sentence's article)
    # (a Valencian door by its number, "5º-9ª", "3º-6ª"; stop 52)
    # (Portugal's ground floor in capitals too, before a lone capital reads its "R": "n.º 4, R/C, 4700-302 Braga"; stop
    # 59)
    # (stop 68: and the door's letter in quotes, "Av. Cabildo 2156, 3.º \"B\"" of an Argentine guarantee)
    part = (rf"(?:R/C|\d{{1,2}}\.?{_SP}?[ºª°o](?:-?[a-z](?![\w])|-?{_SP}?[A-Z](?![\w])|-\d{{1,2}}[ºª]"
            rf"|{_SP}?[\"“][A-Z][\"”])?|P\d{{1,2}}"
            rf"|\d{{1,2}}[A-Z]"
            # (not an abbreviation's first letter: "Col. Italia Providencia, C.P. 44648"; stop 70)
            rf"|(?<!\.{_SP})[A-Z]\d?(?!\.[A-Z])"
            # Catalan floor and door in Barcelona's addresses ("3r 2a", "1r 1a", "4t": stop 47)
            rf"|\d{{1,2}}[rnta]"
            rf"|\d{{1,2}}(?:er)?(?:{_SP}[Pp]iso)?|izq(?:da)?\.?|izda\.?|izquierda|dcha\.?|der(?:echa)?\.?|bajos?|ático"
            rf"|Izq(?:da)?\.?|Izda\.?|Dcha\.?"  # (in capitals: "1º Izda." of a register certificate; stop 54)
            rf"|entlo\.?"
            # Galician ground floor, Catalan main floor, a Mexican interior number ("rúa Real, 12, baixo", "pral. 1ª",
            # "4510, int. 27"; stop 51)
            rf"|baixo|pral\.?|principal|(?i:int\.|interior){_SP}?\d{{1,4}}[A-Z]?"
            # (the right side as "Dt.º": "R. do Campo Alegre, 830, 3.º Dt.º" of an accident report; stop 59)
            # (stop 70: and the back, "Rua de Costa Cabral, 1488, 2.º Dto. Trás" of a sick note)
            rf"|[Pp]iso|[Pp]lanta|[Ee]sq\.?|[Dd]to\.?|[Dd]t\.º|[Dd]ir\.?|[Ff]rente|[Tt]r[áa]s|[Ff]undos|andar"
            # (the ground floor written out: "Rua da Resistência, n.º 417, rés-do-chão, Maputo"; stop 62)
            rf"|[Rr][ée]s-do-ch[ãa]o"
            # (an office's suite in thousands: "Av. Brigadeiro Faria Lima, nº 2.369, conj. 1.102"; stop 59)
            # (and a room abbreviated: "Av. Vereador José Diniz, 3457, sl. 12" of a dental record; an office: "Av. Colón
            # 1067, of. 3" of a Chilean sick leave, "Cra. 48 # 10-45, Of. 802"; stop 60)
            rf"|(?i:ap(?:to|t)?\.?|sala|sl\.|casa|loja|conj(?:unto)?\.?|cj\.|of\.|ofic\.|oficina){_SP}?"
            # (stop 61: and "n.º" before it, "Casa n.º 45" of a Luanda address)
            rf"(?:n\.?{_SP}?º{_SP}?)?(?:\d\.\d{{3}}(?![\w])|\d{{1,4}}[A-Z]?)"
            # (a Mozambican city's block, "Quarteirão 14, Casa n.º 27"; stop 61)
            rf"|(?i:quarteir[ãa]o){_SP}?\d{{1,4}}"
            rf"|(?i:bloco|bl\.?|bloque|blq\.|portal|escalera|esc\.?){_SP}?[A-Z0-9]{{1,3}}"
            # a warehouse on a highway ("ROD. ANHANGUERA KM 24,5 GALPÃO 3"; stop 52)
            rf"|(?i:galp[ãa]o){_SP}?\d{{1,3}}"
            # the staircase by its side ("esc. izq.", "ESC DCHA" of a bill; stop 52)
            rf"|(?i:escalera|esc\.?){_SP}?(?i:izq(?:da)?|izda|izquierda|dcha|der(?:echa)?)\.?"
            # a bill's address in capitals ("AV DE LA CONSTITUCION 18 ESC 2 PLANTA 3 PTA C"; stop 48)
            rf"|(?i:planta){_SP}?\d{{1,2}}|(?i:puerta|pta\.?){_SP}?[A-Z0-9]{{1,3}}"
            # a Brazilian lot and its block ("Rua 91, Lote 14, Quadra 1711")
            rf"|(?i:quadra|qd\.|lote|lt\.){_SP}?\d{{1,4}}[A-Z]?"
            # (and a Peruvian or Ecuadorian block, "Urb. La Negrita Mz. C Lote 14", "Mz. 7 Villa 12"; stop 61)
            rf"|(?:Mz\.|MZ\.|[Mm]anzana){_SP}?[A-Z0-9]{{1,3}}(?![\w])|(?:[Vv]illa|[Ss]olar){_SP}\d{{1,3}}(?![\w])"
            # (stop 62: and its stage, "Urb. La Joya, etapa Ámbar, manzana 7, solar 22, Daule" of a complaint)
            rf"|(?:[Ee]tapa){_SP}(?:\d{{1,2}}|[{_UPPER}][\w]{{2,15}})(?![\w])"
            # a Spanish register's "Pl. 4 Pt. 12" (planta, puerta: floor and door; stop 46)
            rf"|Pl\.{_SP}?\d{{1,2}}|Pt\.{_SP}?\d{{1,3}}[A-Z]?"
            # a door ("pta. 8") and Portugal's ground floor ("r/c"; stop 47)
            rf"|[Pp]ta\.{_SP}?\d{{1,3}}[A-Zªº]?|r/c"
            # an Argentinian flat ("piso 7, depto. B"; stop 49: the flat's letter stayed in clear)
            rf"|(?i:depto\.?|dpto\.?|departamento){_SP}?[A-Z0-9]{{1,4}}"
            # (stop 69) a Mexican street's side of town after the number ("Av. Constitución 2845 Pte., Col. Centro" of
            # a Monterrey employer's letterhead)
            rf"|(?:Pte|Ote|Nte)\."
            # (stop 70) a doctor's consulting room ("Cra. 43A # 7 Sur-170, Cons. 412, Medellín" of a clinical record), an
            # Angolan town's zone ("Rua 14, Casa n.º 22, Zona 7" of an identity card's renewal), a Mexican address's
            # neighbourhood ("CALLE PASEO DE LOS NOGALES 1187, COL. LOS GUAYABOS" of a birth certificate)
            rf"|(?:[Cc]ons\.|[Cc]onsultorio){_SP}?\d{{1,4}}[A-Z]?|[Zz]ona{_SP}\d{{1,2}}"
            rf"|(?:Col\.|COL\.|[Cc]olonia|COLONIA){_SP}+{_CAP}(?:{_SP}+(?:(?:de|del|la|las|los){_SP}+)?{_CAP}){{0,3}})"
            rf"(?![\w])")
    # (after a comma, on the next line too: "Calle Doctor Sumsi, 14,\npiso 3.º, puerta 9, 46005 Valencia" of a deposit
    # contract, stop 54; the detector cuts the entity at the line break)
    # (or after an en dash: "Rua Padre Anchieta, 1.245 – apto 82 – Bigorrilho" of a CV; stop 55)
    floor = rf"(?:(?:,(?:{_SP}*\r?\n)?|{_SP}?[-–]|\.)?{_SP}*{part}(?:,?{_SP}+{part}){{0,3}})?"
    # and a postal code of five digits after them without its town, as a register's column writes it ("C/ Mayor, 27,
    # 3º B, 28801"; stop 54)
    # (not before a town: the postal code recognizer's then)
    floor += rf"(?:,{_SP}+\d{{5}}(?![\w./-]|,\d|{_SP}+(?:[DLdl]['’])?[{_UPPER}]))?"
    # a house number with a thousands separator, as Brazilian addresses write it ("Rua Barão de Jaguara, nº 1.481":
    # ".481" stayed in clear before stop 44)
    # (a highway's kilometre, "Rod. Anhanguera, km 24,5"; stop 52)
    # (stop 69: and its decimal point, "Carr. Miguel Alemán km 21.5" of a Mexican reference letter)
    number = rf"(?:\d{{1,2}}\.\d{{3}}(?![\w.])|{_NUMBER}|s/n(?![\w])|(?i:km){_SP}?\d{{1,4}}(?:[,.]\d{{1,3}})?(?![\w]))"
    patterns = [rf"(?<![\w./-])(?:{street.types}){_SP}+{name}(?:,{_SP}*|{_SP}+){_NUMERO}{number}{floor}"]
    # a street wrapped over two lines, as contracts and deeds are printed ("domicilio en la calle\nConde de Aranda,
    # número 72, 4º izquierda", "Gran Vía Marqués del Turia\nnº 49, pta. 8"; stop 47: the number and floor stayed in
    # clear): one line break after the type or before the number, with "nº"/"número" before the number; the detector
    # cuts the match at the line break (each line keeps its own part, and the anonymized text its line breaks)
    wrap = rf"{_SP}*\r?\n{_SP}*"
    patterns.append(rf"(?<![\w./-])(?:{street.types})(?:{_SP}+|{wrap}){name}(?:,?{wrap}|,{_SP}*|{_SP}+){_NUMBER_WORD}"
                    rf"{number}{floor}")
    # the house number before its street ("vive sozinha no n.º 3 da Travessa das Laranjeiras" of residents' minutes,
    # "en el nº 12 de la calle Mayor"; stop 57: the number stayed in clear)
    patterns.append(rf"(?<![\w./-])(?:n\.?{_SP}?[º°]|nº|núm\.|número){_SP}*\d{{1,5}}[A-Z]?{_SP}+"
                    rf"(?:d[aoe]s?|de{_SP}+la|del){_SP}+(?:{street.types}){_SP}+(?:(?:{particles}){_SP}+)*{word}"
                    rf"(?:{_SP}+(?:(?:{particles}){_SP}+)*{word}){{0,4}}(?![\w])"
                    # (and the street's own number after it: "la plaza de garaje número 14 de la calle Cuba, número
                    # 22, de Valencia" of a will; stop 59: the house's number stayed in clear)
                    rf"(?:,?{_SP}+{_NUMBER_WORD}{number})?")
    # a place in a street by the house number it is near ("por la Av. del Port, a la altura del n.º 92" of a court's
    # record, "na Rua Oriente, altura do nº 600" of a custody hearing; stop 57)
    patterns.append(rf"(?<![\w./-])(?:{street.types}){_SP}+{name},?{_SP}+(?:a{_SP}+la{_SP}+|à{_SP}+|na{_SP}+)?"
                    # (or next to it: "Av. da Boavista, junto ao n.º 1277" of a road accident report; stop 58)
                    # (or in front of it: "Av. Providencia frente al N° 2124" of a Chilean police report; stop 61)
                    rf"(?:altura{_SP}+d(?:o|el)|junto{_SP}+ao|junto{_SP}+al|frente{_SP}+al|frente{_SP}+ao){_SP}+"
                    rf"(?:[nN]\.?{_SP}?[º°]{_SP}?|nº{_SP}?|núm\.{_SP}?|número{_SP}){number}")
    # an estate or a street named without a house number before its block, entrance or lot ("Urbanización Los
    # Naranjos, bloque 4, 2º B", "Rua das Acácias, bloco C, apto 12"; stop 48: the block, the floor and the door stayed
    # in clear when the model took only the estate's name)
    patterns.append(rf"(?<![\w./-])(?:{street.types}){_SP}+{name}"
                    rf"(?=,?{_SP}*(?:(?i:bloque|blq\.|bloco|bl\.|portal|escalera|esc\.|quadra|qd\.|lote|lt\."
                    rf"|manzana|etapa)"
                    rf"|Mz\.|MZ\.)"
                    rf"{_SP}?[{_UPPER}0-9])"
                    rf"{floor}")
    # a street named by a number before "nº" and the house number ("Rua 9, nº 120, Setor Oeste" of a clinic's letterhead
    # in Goiânia; stop 48)
    # (the Iberian "nº" only: "Calle 5 no. 3" may be a sentence's "no")
    # (or a house's word before "nº": "Rua 12, Casa n.º 45, Maianga, Luanda" of an Angolan contract; stop 61)
    # (stop 70: or the house's word without "nº", "Bairro Popular, Rua 8, Casa 41, Kilamba Kiaxi" of the same renewal)
    patterns.append(rf"(?<![\w./-])(?:{street.types}){_SP}+\d{{1,4}}[A-Z]?,?{_SP}*"
                    rf"(?:(?i:casa){_SP}+(?:n\.?{_SP}?[º°]{_SP}?|nº{_SP}?)?|n\.?{_SP}?[º°]{_SP}?|nº{_SP}?|núm\.{_SP}?"
                    rf"|número{_SP}){number}{floor}")
    # a street named by a number, as planned cities name them, before its lot or block ("Rua 91, Lote 14, Quadra 1711":
    # stop 47, the lot and block stayed in clear)
    patterns.append(rf"(?<![\w./-])(?:{street.types}){_SP}+\d{{1,4}}[A-Z]?"
                    rf"(?=,?{_SP}*(?i:lote|quadra|qd\.|lt\.){_SP}?\d){floor}")
    # a flat's floor and door alone, as owners' meetings and residents' lists name a building's flats ("D. Anselmo
    # Quintanilla (1.º A, presidente)", "el inquilino del 3.º B, Sr. …"; stop 49: the floor and door stayed in clear, or
    # the model took "º C" alone): an ordinal and one capital letter, in parentheses or after "del"/"do"/"da", before a
    # comma, a semicolon or the closing parenthesis (not a law's "Art. 1º O Distrito", a temperature's "38 ºC", a
    # battalion's "do 12º B Sup"; a floor of 30 or more with a "C" is a temperature: :class:`AddressRecognizer`)
    # (stop 50) the door as a word, "(5.º Dto.)" of a home carer's log, and the Spanish ground floor in parentheses,
    # "(bajo izq.)" of a neighbours' chat
    side = (r"(?:[A-Z]|(?i:dto\.?|dta\.?|esq\.?|izq\.?|izqda\.?|izda\.?|dcha\.?|drcha\.?|dch\.?|fte\.?|frente"
            r"|direito|esquerdo|derecha|izquierda))")
    patterns.append(rf"(?:(?<=\()|(?<=\bdel )|(?<=\bdo )|(?<=\bda ))\d{{1,2}}\.?{_SP}?[ºª]{_SP}?{side}"
                    rf"(?=[^\S\n]*[,;)])")
    patterns.append(rf"(?<=\()(?i:bajo|ático){_SP}+{side}(?=[^\S\n]*[,;)])")  # (not "riesgo (bajo)")
    # (stop 52) the floor and door joined by a hyphen anywhere ("ruidos del 2º-C", "– 2º-C, D. Hüseyin Kaya"), and a
    # list of owners by flat, one a line, the flat before a dash ("  Bajo A – Farmacia …", "  1º-A   – D. Joaquín …")
    # (not a law's "Art. 1º-A", "§ 1.º-A" of LeNER-Br's judgments)
    patterns.append(rf"(?<![\w./º-])(?<![Aa]rt\. )(?<![Aa][Rr][Tt] \. )(?<!§ )(?<!§)\d{{1,2}}\.?[ºª]-{side}(?![\w])")
    patterns.append(rf"(?m:(?<=^)|(?<=^ )|(?<=^  )|(?<=^   ))(?:\d{{1,2}}\.?[ºª]{_SP}?-?{_SP}?{side}|(?i:bajo|ático)"
                    # (stop 70: or a column's two spaces before the owner, "  1.º C   Hdros. de Remedios Galán Soto" of
                    # an owners' meeting's list of debtors)
                    rf"{_SP}+{side})(?=[^\S\n]+[–-][^\S\n]|[^\S\n]{{2,}}[{_UPPER}])")
    if street.units:
        # a flat or a room with its number before its street or its building, as a care home's or a tower's resident's
        # address writes it ("habitación 112, calle Mayor 5", "apto. 801 del edificio Torres del Parque", "quarto 12,
        # Rua do Souto 40"; stop 49: the room stayed in clear): an entity of its own
        building = rf"(?:{street.buildings})" if street.buildings else "(?!)"
        patterns.append(rf"(?<![\w./-])(?i:{street.units}){_SP}?(?:n\.?{_SP}?[º°]{_SP}?|nº{_SP}?)?\d{{1,4}}[A-Z]?(?![\w])"
                        rf"(?=,?{_SP}+(?:(?:{street.types}){_SP}+(?:(?:{particles}){_SP}+){{0,2}}[{_UPPER}\d]"
                        rf"|(?:(?:{particles}){_SP}+){{0,2}}(?i:{building}){_SP}+[{_UPPER}]))")
    if street.grid_types:
        # "Calle 127 # 15-42, apto 501", "Cra. 7 No. 32-16", "Carrera 15 Bis # 93A-62": the street's number (a letter,
        # "Bis", a quadrant after it), "#" or "No.", the cross street's number and the distance from the corner
        # (stop 61: and a quadrant in words, "Calle 10 Sur # 43B-52, Medellín" of a prescription)
        street_number = (rf"\d{{1,3}}(?:{_SP}?[A-Z](?![\w]))?(?:{_SP}?(?i:bis)(?![\w]))?(?:{_SP}?[A-Z](?![\w]))?"
                         rf"(?:{_SP}(?:Sur|Norte|Este|Oeste|SUR|NORTE|ESTE|OESTE)(?![\w]))?")
        # (stop 63: "N.º" too, "Carrera 52 N.º 42-73" of a court's letterhead)
        # (stop 66: and the cross street's quadrant, "Carrera 52 # 12 Sur-44, Itagüí" of a motorcycle's sale)
        patterns.append(rf"(?<![\w./-])(?:{street.grid_types}){_SP}+{street_number}{_SP}*(?:#|No\.?|N\.?[º°]|Nro\.?)"
                        # (stop 70: two letters, "Calle 10 Sur # 50FF-28, Apto. 1203" of a Medellín lease)
                        rf"{_SP}*\d{{1,3}}[A-Z]{{0,2}}(?:{_SP}?(?i:bis))?"
                        rf"(?:{_SP}(?:Sur|Norte|Este|Oeste|SUR|NORTE|ESTE|OESTE))?"
                        rf"{_SP}?[-–]{_SP}?\d{{1,3}}[A-Z]?(?![\w]){floor}")
        # (stop 67) an intersection of two streets of the grid ("LUGAR:  Carrera 43A con Calle 10 Sur, El Poblado" of a
        # Colombian traffic accident report: "43A" stayed in clear)
        patterns.append(rf"(?<![\w./-])(?:{street.grid_types}){_SP}+{street_number}{_SP}+(?:con|x|y|esquina){_SP}+"
                        rf"(?:{street.grid_types}){_SP}+{street_number}(?![\w])")
        # Yucatán's grid: the house number, then the cross streets between which it lies ("Calle 21 No. 318 x 40 y 42,
        # Col. Itzimná, Mérida" of a lease; stop 63: the numbers stayed in clear), and Havana's with "e/" ("Calle 23 No.
        # 1056 e/ 12 y 14, Vedado" of a birth certificate)
        patterns.append(rf"(?<![\w./-])(?:{street.grid_types}){_SP}+\d{{1,3}}[A-Z]?{_SP}+(?:#|No\.?|N\.?[º°]|Nro\.?)"
                        rf"{_SP}*\d{{1,4}}[A-Z]?(?:-[A-Z])?{_SP}+(?:x|e/|entre){_SP}+\d{{1,3}}[A-Z]?"
                        rf"(?:{_SP}+y{_SP}+\d{{1,3}}[A-Z]?)?"
                        rf"(?![\w])")
        # Guatemala's grid: the street's ordinal, its type, the cross street and the distance, the zone ("14 avenida
        # 4-33 zona 1", "3a. calle 7-18 zona 5" of a maintenance claim; stop 61: in clear)
        patterns.append(rf"(?<![\w./-])(?:\d{{1,2}}(?:a\.?|ª)?{_SP}+)?(?i:calle|avenida|av\.|diagonal|vía){_SP}+"
                        rf"(?:[A-Z]{_SP})?\d{{1,3}}[A-Z]?{_SP}?-{_SP}?\d{{1,3}}[A-Z]?,?{_SP}+(?i:zona){_SP}?\d{{1,2}}(?![\w])"
                        rf"{floor}")
    return patterns


def _number_first(street: StreetAddresses, restoring: bool = False) -> list[str]:
    """English: the number, the name and a street type ("221B Baker Street", "1600 Pennsylvania Avenue NW"); not after
    the words of ``not_after`` ("In 2015 Main Street was quiet": a year). The ``cased_types`` ("9 Canal Walk") only
    as written: in a pattern compiled case-sensitively, never among those that restore case (``restoring``)."""
    not_after = "".join(f"(?<!{w} )" for w in street.not_after)
    suffixes = "|".join(street.suffixes)
    # (its full stop too before a flat: "15 Queen St. S., Unit 3, Hamilton ON" of a small claim; stop 62)
    suffix = rf"(?:{_SP}+(?:{suffixes})(?:\.(?=,))?(?![\w]))?" if suffixes else ""
    types = street.types if restoring or not street.cased_types else f"{street.types}|{street.cased_types}"
    # (a Singapore unit's floor and number, "80 Robinson Road, #17-02"; stop 61: "02" stayed in clear)
    unit_number = rf"{_SP}?#?{_SP}?(?:\d{{1,5}}[A-Za-z]?(?:-\d{{1,4}}[A-Za-z]?)?|[A-Z]\d{{0,3}})(?![\w])"
    unit = rf"(?:,?{_SP}+(?:{street.units}){unit_number})?" if street.units else ""
    # a flat's word first: only positions where one can start are tried (the same matches)
    unit_letters = "".join(sorted({u[:1] for u in street.units.split("|")})) if street.units else ""
    unit_start = rf"(?=[{unit_letters}])" if unit_letters else ""
    # a direction before the name, as American addresses write it ("1234 N. Elm St.", "500 West Madison Street")
    direction = rf"(?:(?:{'|'.join(street.prefixes)}){_SP}+)?" if street.prefixes else ""
    # the digit first: the lookbehinds run only where a house number can start (the same matches)
    # the house number, or a flat's and a house's as Australia writes them, and a range ("5/12 Smith St", "12-14 High
    # Street"; stop 48: "Unit 5/12 Smith St" left both in clear)
    # a numbered street's ordinal among the name's words ("7714 E 61st St, Apt 12B" of a US court complaint, "350 W
    # 42nd Street"; stop 50: both stayed in clear)
    # (and a range with an en dash: "14–16 Greystones Crescent" of a letter before action; stop 59)
    # (a Canadian unit and the house number with spaces around the dash: "2207 – 1288 West Georgia Street"; stop 62)
    street_pattern = (rf"(?=\d)(?<![\w./-]){not_after}\d{{1,5}}[A-Za-z]?(?:(?:[/–-]|{_SP}[–-]{_SP})\d{{1,5}}[A-Za-z]?)?"
                      rf"{_SP}+{direction}"
                      rf"(?:(?:{_CAP}|\d{{1,3}}(?:st|nd|rd|th)){_SP}+){{1,3}}"
                      rf"(?:{types})(?![\w]){suffix}{unit}")
    patterns = [street_pattern]
    if street.units:
        # the flat before the street, as British addresses write it ("Flat 4, 27 Brunswick Square"): a pattern of its
        # own, so that the street's pattern keeps starting at a digit (an optional group first made its scan twice as
        # slow)
        # (or a hyphen between them: "Unit 3 - 418 Selkirk Avenue" of a Canadian record of employment; stop 61)
        patterns.append(rf"{unit_start}(?<![\w./-])(?:{street.units}){unit_number}(?:,|{_SP}+[-–])?{_SP}+"
                        rf"{street_pattern}")
        # and alone before a house number and a name whose street type we do not know ("Flat 2, 19 Cotham Brow" of a
        # car rental agreement; stop 55: the flat's number stayed in clear): the flat, an entity of its own
        patterns.append(rf"{unit_start}(?<![\w./-])(?:{street.units}){unit_number}"
                        rf"(?=,{_SP}+\d{{1,3}}[A-Za-z]?{_SP}+[{_UPPER}][a-z])")
        # and before a street without a house number ("Plot 14, Adeola Odeku Street" of a Lagos address; stop 52)
        patterns.append(rf"{unit_start}(?<![\w./-])(?:{street.units}){unit_number},{_SP}+(?:{_CAP}{_SP}+){{1,3}}"
                        rf"(?:{types})(?![\w]){suffix}")
    if not restoring:
        # an address that a letter's hard wrap breaks before its street type ("the flat at 7 Rosemary\nCourt, Bexley"):
        # the number and the name, up to the line break (an address never runs over one; the type alone on the next
        # line names nobody); the type ends its line or a clause ("12 The\nCourt held that": a judgment's wrap)
        patterns.append(rf"(?=\d)(?<![\w./-]){not_after}\d{{1,5}}[A-Za-z]?{_SP}+(?!The\b)(?:{_CAP}{_SP}+){{0,2}}{_CAP}"
                        rf"(?={_SP}*\r?\n{_SP}*(?:{types}){_SP}*(?:[,.;]|\r?\n|$))")
    if street.units and street.buildings and not restoring:
        # a flat in a named building ("Flat 2B, Marlowe House", "Apartment 14, Riverside Court"; stop 45: "2B" stayed
        # in clear), and a flat alone on the line above its street or building ("Flat 3,\n12 Harcourt Mews", "Flat
        # 11\nCedar Court")
        # (and Hong Kong's floor between them, "Flat 1207, 12/F, Hing Wah House", "Shop G12, G/F, Harbourfront Plaza";
        # stop 61)
        patterns.append(rf"{unit_start}(?<![\w./-])(?:{street.units}){unit_number},?{_SP}+"
                        rf"(?:(?:\d{{1,2}}|[GLM])/F,?{_SP}+)?(?:{_CAP}{_SP}+){{1,3}}"
                        rf"(?:{street.buildings})(?![\w])")
        # (stop 71) an office's or a flat's number alone before its building, at a line's start or after a field's
        # colon, as India writes it ("402, Sai Krupa Chambers, S.V. Road, Andheri (West)" of a tax adviser's letterhead)
        patterns.append(rf"(?:(?<![^\n])|(?<=:{_SP}))(?=\d)\d{{1,4}}[A-Z]?,{_SP}+(?:{_CAP}{_SP}+){{1,3}}"
                        rf"(?:{street.buildings})(?![\w])")
        patterns.append(rf"{unit_start}(?<![\w./-])(?:{street.units}){unit_number}"
                        rf"(?=,?{_SP}*\r?\n{_SP}*(?:\d{{1,5}}[A-Za-z]?{_SP}+[{_UPPER}]"
                        rf"|(?:{_CAP}{_SP}+){{1,3}}(?:{street.buildings}|{types})(?![\w])))")
    if street.units and street.postal_code and not restoring:
        # a flat or a unit before places whose types we do not know, on a line that ends in a postal code ("Unit 6,
        # Sandbeck Park, Wetherby LS22 7DN", "Flat 2, The Granary, Stowmarket Road, IP14 5RQ"; stop 57: the number
        # stayed in clear): the flat, an entity of its own
        patterns.append(rf"{unit_start}(?<![\w./-])(?:{street.units}){unit_number}"
                        rf"(?=,{_SP}+[{_UPPER}][^\n]{{0,100}}?\b{street.postal_code}\b)")
    if not restoring:
        # a town named by its river ("Newcastle upon Tyne", "Kingston upon Thames", "Stratford-upon-Avon"; stop 57: the
        # model took the two names apart, and "upon" kept the town in clear three times in two rounds)
        patterns.append(r"(?<![\w-])(?=[A-Z][a-z]+(?: upon |-upon-))[A-Z][a-z]+(?: upon |-upon-)[A-Z][a-z]+(?![\w-])")
    if street.postal_code and not restoring:
        # a house on a named close without a type ("3 The Paddocks, Little Snoring, Norfolk NR21 0AA"): only before a
        # postal code on the same line
        # (stop 71: and a range of numbers, "Alexandra House, 14-22 The Parsonage, Manchester M3 2JA" of a tribunal
        # claim)
        patterns.append(rf"(?=\d)(?<![\w./-])\d{{1,4}}[A-Za-z]?(?:[-–]\d{{1,4}}[A-Za-z]?)?{_SP}+The{_SP}+"
                        rf"(?:{_CAP}{_SP}+)?{_CAP}"
                        rf"(?=,[^\n]{{0,60}}?\b{street.postal_code}\b)")
    if not restoring:
        # an office's floor before its house number ("2nd Floor, 18 Bold Street, Liverpool L1 4DS" of a tribunal claim;
        # stop 58: "2nd" stayed in clear): the floor, an entity of its own
        patterns.append(rf"(?=\d)(?<![\w./-])\d{{1,2}}(?:st|nd|rd|th){_SP}+(?:Floor|FLOOR|floor)"
                        rf"(?=,?{_SP}+\d{{1,5}}[A-Za-z]?{_SP}+[{_UPPER}])")
        # (and after its building's name and a comma: "Elgon View Plaza, 3rd Floor, Eldoret" of an agreement for
        # sale; stop 62)
        patterns.append(rf"(?=\d)(?<=[a-z], )\d{{1,2}}(?:st|nd|rd|th){_SP}+(?:Floor|FLOOR)(?![\w])")
        # (and Hong Kong's floor before the house number, "G/F, 88 Tai Hang Road" of a labour tribunal claim; stop 62)
        patterns.append(rf"(?<![\w/])(?:\d{{1,2}}|[GLM])/F(?=,?{_SP}+\d{{1,5}}[A-Za-z]?{_SP}+[{_UPPER}])")
    return patterns


_BUILDERS = {"type_last": _type_last, "type_first": _type_first, "number_first": _number_first}


def address_patterns(language: str, restoring: bool = False) -> list[str]:
    """The address patterns of ``language`` (:attr:`app.languages.Language.street_addresses`; none without);
    ``restoring``: those that case restoration compiles case-insensitively (without the street types that are
    everyday words, :attr:`app.languages.StreetAddresses.cased_types`).

    Raises:
        app.languages.UnknownLanguage: ``language`` is not declared (a ``ValueError``).
    """
    street = languages.get(language).street_addresses
    if street is None:
        return []
    flats = []
    if street.flats:
        flat = rf"(?<![\w./-])(?:{street.flats})(?![\w])"
        first = first_characters(re.compile(flat))  # scanned only where a flat's word can start (the same matches)
        flats.append(f"(?={first}){flat}" if first else flat)
    if street.order == "number_first":
        return _number_first(street, restoring) + flats
    return _BUILDERS[street.order](street) + flats


#: A Polish street: "ul.", "al.", "pl.", "os." before the name and the number (and the flat after "m." or "lok.", "ul.
#: Słowackiego 27 m. 4" of a hotel's registration card; stop 69), in :data:`_FOREIGN_STREETS` and before the postal
#: code of :data:`_POLISH_POSTAL_NEXT_LINE`.
_POLISH_STREET = (rf"(?=[uapo])(?<![\w./-])(?:ul|al|pl|os)\.{_SP}?{_CAP}(?:{_SP}+{_CAP}){{0,2}}{_SP}+\d{{1,4}}[a-zA-Z]?"
                  rf"(?:/\d{{1,4}})?(?:{_SP}+(?:m|lok)\.{_SP}?\d{{1,4}}[a-zA-Z]?)?")

#: Addresses abroad as their own countries write them, found in a document of any language (an applicant's former
#: address, a relative's: "residente em 12 Rue des Lilas, 69003 Lyon", "Via Roma 12", "ul. Kwiatowa 5/12",
#: "Keizersgracht 123", "Atatürk Caddesi No: 12"; stop 45: "12" stayed in clear in a Portuguese power of attorney).
#: Each pattern first checks the one character it can start with (the same matches).
_FOREIGN_STREETS: tuple[str, ...] = (
    # French: the number (with "bis"/"ter"), the type, particles, the name
    rf"(?=\d)(?<![\w./-])\d{{1,4}}(?:{_SP}?(?:bis|ter))?,?{_SP}+(?i:rue|avenue|boulevard|bd|chemin|allée|impasse|place|quai"
    rf"|cours){_SP}+(?:(?:de|du|des|de{_SP}la|la|le|les){_SP}+|[dl]['’])?{_CAP}(?:{_SP}+{_CAP}){{0,3}}",
    # Italian: the type, particles, the name, the number
    rf"(?=[VPCL])(?<![\w./-])(?:Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo){_SP}+(?:(?:del|della|dei|degli|di|dello|delle)"
    rf"{_SP}+)?{_CAP}(?:{_SP}+{_CAP}){{0,3}},?{_SP}+(?:n\.{_SP}?)?\d{{1,4}}[a-zA-Z]?(?![\w])",
    _POLISH_STREET + r"(?![\w])",
    # Dutch: a word ending in a street type and the number
    rf"(?=[{_UPPER}]){_WORD_START}[{_UPPER}][\w-]*(?:straat|laan|gracht|plein|kade|singel|dijk|steeg){_SP}+\d{{1,4}}[a-zA-Z]?(?![\w])",
    # Turkish: the name, the type, "No:" and the number
    rf"(?=[{_UPPER}]){_WORD_START}{_CAP}(?:{_SP}+{_CAP}){{0,2}}{_SP}+(?:Caddesi|Cad\.|Cd\.|Sokak|Sokağı|Sk\.|Sok\."
    rf"|Bulvarı|Blv\.)(?:,?{_SP}*No{_SP}?:{_SP}?\d{{1,4}}(?:/\d{{1,3}})?)?",
    # Welsh and Irish: a flat first or not, the number, the type, an article, the name ("Flat 4, 27 Heol y Castell",
    # "Unit 5, Ffordd y Parc", "14 Bóthar na Trá"; stop 52: the flat and the unit stayed in clear)
    rf"(?=[\dFUA])(?<![\w./-])(?:(?:Flat|Unit|Apt\.?|Apartment){_SP}?\d{{1,4}}[a-zA-Z]?,?{_SP}+)?(?:\d{{1,4}}[a-zA-Z]?,?{_SP}+)?"
    rf"(?:Heol|Ffordd|Stryd|Lôn|Rhodfa|Cilgant|Bóthar|Bothar|Sráid|Sraid|Ascaill)"
    rf"{_SP}+(?:(?:y|yr|na|an){_SP}+)?{_CAP}(?:{_SP}+{_CAP}){{0,2}}",
    # (stop 53) Czech and Slovak: a street's name ending as their adjectives and nouns do, then the conscription and
    # orientation numbers with a slash ("Vinohradská 1542/48", "Korunní 1203/88" of a German hotel's form and an
    # English CRM export; the names stayed in clear)
    rf"(?=[{_UPPER}]){_WORD_START}(?:{_CAP}{_SP}+)?[{_UPPER}][\w-]*(?:ská|cká|ní|ová|ova|ovo|ého|ých|ské|cké){_SP}+"
    rf"\d{{1,5}}/\d{{1,4}}[a-zA-Z]?(?![\w/])",
    # (stop 53) Nordic: a word ending in a street type and the number ("Fjellveien 14B", "Storgatan 5", "Nørregade 12")
    rf"(?=[{_UPPER}]){_WORD_START}[{_UPPER}][\w-]*(?:veien|vegen|veg|vei|gata|gaten|gatan|vägen|väg|vej|gade|stræde|katu"
    rf"|tie|allé){_SP}+\d{{1,4}}[a-zA-Z]?(?![\w])",
    # India: the house's, flat's or plot's number and the sector, phase or block ("H.No. 12, Sector 39-B", "Flat No.
    # 302, Block C"; stop 52: in clear)
    rf"(?=[HFPD])(?<![\w./-])(?:H\.{_SP}?No|House{_SP}No|Flat{_SP}No|Plot{_SP}No|Door{_SP}No)\.?{_SP}?:?{_SP}?"
    rf"\d{{1,5}}[A-Za-z]?(?:[/-]\d{{1,5}}[A-Za-z]?){{0,2}}(?:,?{_SP}+(?:Sector|Phase|Block|Pocket"
    # (stop 70: and the street's number, "H. No. 1185, Street No. 4, Model Town Extension" of a KYC form)
    rf"|(?:Street|Gali|Lane){_SP}No\.?){_SP}+(?:\d{{1,3}}(?:-?[A-Z])?|[A-Z])(?![\w]))?",
    # (stop 68) Singapore: a housing block, its street numbered after its type and the unit after "#" ("Blk 318
    # Clementi Avenue 5, #09-112" of an employment pass application; "5" and the block's word stayed in clear)
    rf"(?=[\dB])(?<![\w./-])(?:(?:Blk|Block){_SP}?)?\d{{1,4}}[A-Z]?{_SP}+{_CAP}(?:{_SP}+{_CAP}){{0,3}}{_SP}+"
    rf"(?:Avenue|Ave|Street|St|Road|Rd|Drive|Crescent|Close|Lane|Walk){_SP}+\d{{1,2}}[A-Z]?(?=,|{_SP}*#|{_SP}*$)"
    rf"(?:,?{_SP}*#\d{{1,3}}-\d{{1,5}}[A-Z]?(?![\w]))?",
    # (stop 69) French Switzerland's and Belgium's type, particle, name and number after it ("Chemin des Vignes 5, 1009
    # Pully VD" of a Swiss share register: the number stayed in clear)
    rf"(?=[CRAPSIQB])(?<![\w./-])(?:Chemin|Ch\.|Route|Rte|Rue|Ruelle|Avenue|Place|Sentier|Impasse|Quai|Boulevard){_SP}+"
    rf"(?:(?:de{_SP}+la|des|du|de){_SP}+|(?:de{_SP}+l|d)['’]){_CAP}(?:{_SP}+{_CAP}){{0,2}},?{_SP}+\d{{1,4}}[a-z]?"
    rf"(?![\w])",
    # (stop 69) a road's kilometre first, then the road between two towns, as Nigeria's addresses write it ("Km 7
    # Abeokuta–Ibadan Road" of a university's letterhead: the kilometre stayed in clear)
    rf"(?=K)(?<![\w./-])Km{_SP}?\d{{1,3}}(?:\.\d)?,?{_SP}+{_CAP}(?:(?:{_SP}*–{_SP}*|{_SP}+){_CAP}){{0,3}}{_SP}+"
    rf"(?:Road|Expressway|Highway)(?![\w])",
    # (stop 68) Pakistan and India: a house's and a street's numbers, then the colony's name ("House 118, Street 7,
    # Peoples Colony, Gujranwala" of a remittance receipt: the numbers stayed in clear)
    rf"(?=H)(?<![\w./-])House{_SP}(?:No\.?{_SP}?)?\d{{1,5}}[A-Z]?,{_SP}+Street{_SP}(?:No\.?{_SP}?)?\d{{1,3}}(?![\w])"
    rf"(?:,{_SP}+{_CAP}(?:{_SP}+{_CAP}){{0,2}})?",
    # (stop 68) the United States' and Britain's number first, in a document of another language ("residente en 4517
    # Bellfort Avenue, Houston, Texas" of a Honduran power of attorney: the number stayed in clear); not a year
    # (stop 70: or a comma after it and India's types, "12, Model Colony, Shivajinagar" and "44, North Main Road" of a
    # Pune sale deed's witnesses)
    # (not a unit's number before its comma: "Lot 27, Phoenix Park Avenue" keeps its lot)
    rf"(?=\d)(?<![\w./-])(?!(?:1[89]|20)\d\d(?!\d))(?:(?<!Lot )(?<!Plot )(?<!Flat )(?<!Unit )(?<!Apt )(?<!Suite )"
    rf"(?<!Room )(?<!No\. )\d{{1,5}},|\d{{1,5}}){_SP}+{_CAP}(?:{_SP}+{_CAP}){{0,2}}{_SP}+"
    rf"(?:Avenue|Street|Road|Drive|Boulevard|Lane|Court|Parkway|Colony|Nagar|Marg|Layout|Enclave)(?![\w])",
)
#: A postal code and its town after an address abroad (France's and Italy's five digits, Poland's "00-950", the
#: Netherlands' "1015 CJ"): part of the address, which names the town anyway ("12 Rue des Lilas, 69003 Lyon").
#: (stop 53: and Czech and Slovak "120 00" with a city's district, "Praha 2"; four digits, as Norway, Denmark, Austria,
#: Switzerland and Belgium write them: "5019 Bergen")
_FOREIGN_POSTAL_TOWN = (rf"(?:,?{_SP}+(?:(?:\d{{5}}|\d{{2}}-\d{{3}}|\d{{4}}{_SP}?[A-Z]{{2}}|\d{{4}}){_SP}+{_CAP}"
                        rf"|\d{{3}}{_SP}\d{{2}}{_SP}+{_CAP}(?:{_SP}\d{{1,2}}(?![\w.,]\d))?))?")
_FOREIGN_ADDRESSES: tuple[str, ...] = tuple(street + _FOREIGN_POSTAL_TOWN for street in _FOREIGN_STREETS)
#: A Polish postal code and its town on the line after the street ("ul. Słowackiego 27 m. 4\n      31-159 Kraków" of a
#: hotel's registration card; stop 69: in clear), group ``pc``: the street, its number and flat end their line.
_POLISH_POSTAL_NEXT_LINE = re.compile(rf"{_POLISH_STREET},?{_SP}*\n{_SP}*"
                                      rf"(?P<pc>\d{{2}}-\d{{3}}{_SP}+{_CAP}(?:{_SP}+{_CAP})?)(?![\w-])")


@lru_cache(maxsize=16)
def _compiled(language: str) -> list[re.Pattern[str]]:
    return [re.compile(p) for p in (*address_patterns(language), *_FOREIGN_ADDRESSES)]


@lru_cache(maxsize=16)
def _compiled_in_capitals(language: str) -> list[re.Pattern[str]]:
    """The patterns that find an address written in capitals ("17 CASTLE VIEW TERRACE" on a form, "RUA DAS GAIVOTAS,
    77" in a Brazilian declaration): those of case restoration (no everyday words among the types: "1 PERCENT RISE" in a
    headline) compiled case-blind, of which :class:`AddressRecognizer` keeps the matches in capitals. Case restoration
    reads a sentence written in capitals whole in its usual case (not in English), but not an address in capitals
    inside a cased sentence. German's patterns read the street type case-blind already: none."""
    street = languages.get(language).street_addresses
    if street is None or street.order == "type_last":
        return []
    return case_blind_patterns(language)


@lru_cache(maxsize=16)
def case_blind_patterns(language: str) -> list[re.Pattern[str]]:
    """The address patterns of case restoration (:func:`address_patterns` with ``restoring``) compiled case-blind,
    once per language: case restoration capitalises their matches (:mod:`app.detection.casing`), and
    :class:`AddressRecognizer` keeps their matches in capitals (:func:`_compiled_in_capitals`)."""
    return [re.compile(p, re.IGNORECASE) for p in address_patterns(language, restoring=True)]


def _year_after_a_function_word(surface: str) -> bool:
    """Whether an address found in capitals ends in a number after a function word ("CALLE ESTABA VACÍA EN 2015": a
    sentence in capitals, not a street): the names of streets in capitals are read case-blind, so the pattern's
    lower-case words of clinical notes ("Calle puente cesures, 16") may be any word there."""
    words = surface.replace(",", " ").split()
    return len(words) >= 2 and words[-1][:1].isdigit() and words[-2].casefold() in STOP_WORDS_FOLDED


#: A number before a word in capitals ("17 CASTLE VIEW TERRACE"), or a word in capitals before a number ("GAIVOTAS,
#: 77", "MAYOR Nº 5"): a text that may hold an address in capitals (a cheap test first).
_NUMBER_BEFORE_CAPITALS = re.compile(rf"\d[A-Za-z]?{_SP}+[{_UPPER}][{_UPPER}'’-]+{_SP}"
                                     rf"|(?<![\w'’-])[{_UPPER}][{_UPPER}'’-]+,?{_SP}+(?:N\.?{_SP}?[ºO°]\.?{_SP}?)?\d")


#: A form's house-number field alone on its line, in the four languages ("Hausnummer: 7", "Número: 1022", "House
#: number: 12a"; stop 49: a registration form's number stayed in clear beside its masked street): the value, digits and
#: a letter or a second number, is part of the address.
_HOUSE_NUMBER_FIELD = re.compile(
    r"(?m)^[^\S\n]*(?i:hausnummer|hausnr\.?|haus-nr\.?|house[^\S\n]+(?:number|no\.?)|número(?:[^\S\n]+d[ae][^\S\n]+"
    r"(?:casa|porta|puerta|policía))?|n\.?[^\S\n]?º|nº)[^\S\n]*:[^\S\n]*"
    r"(?P<n>\d{1,5}[a-zA-Z]?(?:[^\S\n]?[-/][^\S\n]?\d{1,4}[a-zA-Z]?)?)[^\S\n]*$")


#: (stop 54) An Iberian flat by its floor and side or door without its street, as neighbours name each other's flats
#: ("Rui Patrício 3ºEsq:", "moro no 4º Dto", "o r/c Dto" of a residents' chat; "la vivienda 5.º B", "el 2.º izq."):
#: the ordinal sign and a side ("Esq", "Dto", "izq.", "dcha.") or, after a word for a flat or floor, a door's letter.
#: (stop 68: and a Portuguese floor, "Edifício BCA, 3.º andar" of a Cape Verdean summons)
_FLAT_SIDE = re.compile(r"(?<![\w/.])(?:\d{1,2}\.?[ºª°]|r/c)[^\S\n]?(?:Esq|Dto|Dt|Fte|Esquerdo|Direito|Frente|andar"
                        r"|izq(?:da)?|izquierda|dcha|dcho|derecha|Izq(?:da)?|Dcha"
                        # (stop 69: and the floor's word after it, "Virrey del Pino 3318, 2° piso" of a divorce
                        # settlement)
                        r"|piso)\.?(?![\w])"
                        r"|(?<![\w])(?i:vivienda|piso|planta|andar|apartamento)[^\S\n]+"
                        r"(?P<flat>\d{1,2}\.?[ºª°][^\S\n]?[A-H])(?![\w])")


#: German's words for a house number anywhere, the number after them ("Hauptstraße Höhe Haus-Nr. 41" of a fine,
#: "Höhe Hausnr. 312" of an accident report; stop 53: in clear beside the masked street): no other word is one.
_HOUSE_NUMBER_INLINE = re.compile(r"(?<![\w-])(?i:hausnummer|hausnr\.|haus-nr\.)[^\S\n]*:?[^\S\n]*"
                                  r"(?P<n>\d{1,5}[a-zA-Z]?)(?![\w-])")


#: A temperature that a floor-and-door pattern reads: 30 degrees or more, then "ºC".
_TEMPERATURE = re.compile(r"[3-9]\d\.?[^\S\n]?[ºª][^\S\n]?C")


class AddressRecognizer(Recognizer):
    """Street name + house number (label ``LOCATION``, source ``address``); patterns per language
    (:func:`address_patterns`), and a form's house-number field in every language (:data:`_HOUSE_NUMBER_FIELD`).

    Overlapping matches keep the longest, then the earliest. Offsets are character offsets (half-open).

    A declared language without ``street_addresses`` (:mod:`app.languages`) finds no address.

    Raises:
        ValueError: ``language`` is not declared (:class:`app.languages.UnknownLanguage`).
    """

    name = "address"

    def __init__(self, language: str = "en") -> None:
        # (each searched only where a string its matches need stands: :func:`gate_of`, once per pattern for every
        # recognizer built; stop 70, issue 18)
        self.patterns = [gate_of(p) for p in _compiled(language)]  # UnknownLanguage (a ValueError): undeclared
        self.patterns_in_capitals = [gate_of(p) for p in _compiled_in_capitals(language)]
        street = languages.get(language).street_addresses
        self.not_streets = street.not_streets if street is not None else frozenset()
        self.flats = street is not None and street.order == "type_first"  # Iberian flats (:data:`_FLAT_SIDE`)

    def recognize(self, text: str, sentences: list[Sentence]) -> list[Entity]:
        spans: list[tuple[int, int]] = []
        for pattern in self.patterns:
            for m in pattern.finditer(text):
                if m.group().split()[0] in self.not_streets:
                    continue  # "Ring 5" is the name of nothing
                if _TEMPERATURE.fullmatch(m.group()):
                    continue  # "(38 ºC)" is a fever, no flat
                start, end = m.span()
                while text[start] in " \t":  # (a form's column before the value: not the address's)
                    start += 1
                spans.append((start, end))
        if ":" in text:
            spans.extend(m.span("n") for m in _HOUSE_NUMBER_FIELD.finditer(text))
        if "." in text and "-" in text:
            spans.extend(m.span("pc") for m in _POLISH_POSTAL_NEXT_LINE.finditer(text))
        if "aus" in text:
            spans.extend(m.span("n") for m in _HOUSE_NUMBER_INLINE.finditer(text))
        if self.flats and ("º" in text or "ª" in text or "°" in text or "r/c" in text):
            spans.extend(m.span("flat") if m.group("flat") else m.span() for m in _FLAT_SIDE.finditer(text))
        if self.patterns_in_capitals and _NUMBER_BEFORE_CAPITALS.search(text):
            for pattern in self.patterns_in_capitals:
                spans.extend(m.span() for m in pattern.finditer(text)
                             if m.group() == m.group().upper() and not _year_after_a_function_word(m.group())
                             and not _TEMPERATURE.fullmatch(m.group()))
        spans.sort(key=lambda s: (-(s[1] - s[0]), s[0]))
        starts: list[int] = []  # the kept spans, disjoint, sorted by start (and so by end): O(log k) per test
        ends: list[int] = []
        for start, end in spans:
            i = bisect_left(starts, end)  # the kept spans that start before this one ends
            if i == 0 or ends[i - 1] <= start:
                starts.insert(i, start)
                ends.insert(i, end)
        return [Entity(a, b, LOCATION, text[a:b], self.name) for a, b in zip(starts, ends)]
