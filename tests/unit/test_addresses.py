"""Street addresses with their house numbers (app.detection.addresses), exact expectations per language."""

import re

import pytest

from app.detection.addresses import AddressRecognizer, address_patterns
from app.detection.pipeline import build_detector
from tests.unit.fakes import GazetteerTagger


def found(language, text):
    entities = AddressRecognizer(language).recognize(text, [])
    assert all(text[e.start:e.end] == e.text and e.label == "LOCATION" and e.source == "address" for e in entities)
    return [e.text for e in entities]


@pytest.mark.parametrize(
    "language,text,expected",
    [
        ("de", "Sie wohnt in der Hauptstraße 5, 10115 Berlin, früher Am Lindenweg 12a und Berliner Str. 10-12.",
         ["Hauptstraße 5", "Am Lindenweg 12a", "Berliner Str. 10-12"]),
        ("de", "Sankt-Georg-Straße 3, Kurfürstendamm 21 und Hauptstrasse 1.",
         ["Sankt-Georg-Straße 3", "Kurfürstendamm 21", "Hauptstrasse 1"]),
        # no street type (stop 42: "wohnhaft Am Kanal 3, 14467 Potsdam" left the street in clear): after a cue, or
        # before a postal code and a town
        ("de", "Herr Yılmaz, wohnhaft Am Kanal 3, 14467 Potsdam; Anschrift: Im Winkel 12a; An der Alster 4, 20099 "
               "Hamburg.", ["Am Kanal 3", "Im Winkel 12a", "An der Alster 4"]),
        ("es", "Vive en la calle Mayor 12, 28013 Madrid, antes en Avenida de la Constitución, nº 3 y C/ Alcalá, 45, 3º B.",
         ["calle Mayor 12", "Avenida de la Constitución, nº 3", "C/ Alcalá, 45, 3º B"]),
        ("pt", "Mora na Avenida Paulista, 1578, São Paulo, e na Rua das Flores, 123; antes na Av. Brasil, n.º 500.",
         ["Avenida Paulista, 1578", "Rua das Flores, 123", "Av. Brasil, n.º 500"]),
        ("en", "He lives at 221B Baker Street, London NW1 6XE, and at 1600 Pennsylvania Avenue NW.",
         ["221B Baker Street", "1600 Pennsylvania Avenue NW"]),
        ("en", "She moved to 12 Şişli Road and then to 4 Łąkowa Street.", ["12 Şişli Road", "4 Łąkowa Street"]),
        # British and American street types (stop 42: "14 Elm Grove", "3 Cavendish Mews" stayed in clear)
        ("en", "Send it to 14 Elm Grove, 3 Cavendish Mews or 7 Primrose Hill; she moved from 2 Oak Circle.",
         ["14 Elm Grove", "3 Cavendish Mews", "7 Primrose Hill", "2 Oak Circle"]),
        # types that are everyday words, as written (stop 43: "9 Canal Walk, Swindon" left "9" in clear)
        ("en", "Reach me at 9 Canal Walk, 4 Meadow View or 12 Marine Parade; a 1 percent rise, 3 canal walks.",
         ["9 Canal Walk", "4 Meadow View", "12 Marine Parade"]),
        # American abbreviations of parkways, expressways, freeways, terraces and trails (stop 43)
        ("en", "resides at 1600 Amphitheatre Pkwy, Mountain View; 12 Oak Ter. and 5 Pine Trl; 9 Katy Fwy.",
         ["1600 Amphitheatre Pkwy", "12 Oak Ter.", "5 Pine Trl", "9 Katy Fwy."]),
        # a drive written "Dr", a flat or suite after the street (stop 43, a US discharge summary: "45" and "3B" stayed)
        ("en", "Lives at 45 Oak Ridge Dr, Apt 3B, Springfield; 1200 W Elm Ave, Suite 200; 10 Downing Street #4.",
         ["45 Oak Ridge Dr, Apt 3B", "1200 W Elm Ave, Suite 200", "10 Downing Street #4"]),
        # a British flat before the street (stop 43: a CV's "Flat 4, 27 Brunswick Square" left "4" in clear)
        ("en", "Current address: Flat 4, 27 Brunswick Square, Brighton BN3 1EH; Unit 7 in 2015 Main Street.",
         ["Flat 4, 27 Brunswick Square"]),
        # a house on a named close without a type, before a postcode on the same line (stop 43, a GP's letter)
        ("en", "Re: Mrs Ashworth-Hughes, 3 The Paddocks, Little Snoring, Norfolk NR21 0AA. We sold 3 The Beatles albums, "
               "in London SW1A 1AA. I saw 3 The Times reporters.", ["3 The Paddocks"]),
        # Austria's house, staircase and door
        ("de", "Sie lebt in Wien (Mariahilfer Straße 88/2/14, 1070 Wien).", ["Mariahilfer Straße 88/2/14"]),
        ("es", "Vive en la calle Çelik 5.", ["calle Çelik 5"]),
        # Portuguese flats, offices and blocks, Portugal's "2.º Esq." (stop 43: "apto 801", ".º Esq." stayed in clear)
        ("pt", "Rua Marquês da Fronteira, n.º 8, 2.º Esq., 1070-296 Lisboa; Rua Visconde de Pirajá 330, apto 801, "
               "Ipanema; Av. Rio Branco, 156, sala 1204; Rua das Flores, 12, bloco B, ap. 32; Rua X, 5, casa de banho.",
         ["Rua Marquês da Fronteira, n.º 8, 2.º Esq.", "Rua Visconde de Pirajá 330, apto 801",
          "Av. Rio Branco, 156, sala 1204", "Rua das Flores, 12, bloco B, ap. 32", "Rua X, 5"]),
        # a chat's "ap 84" and a door's letter in lower case glued to the floor ("4ºc"; not "2º a la derecha")
        ("pt", "o apartamento da Rua Oscar Freire 1200, ap 84, ficou disponível.", ["Rua Oscar Freire 1200, ap 84"]),
        ("es", "Avenida de América 32, 4ºc, 28028 Madrid; Calle Mayor 5, 2º a la derecha.",
         ["Avenida de América 32, 4ºc", "Calle Mayor 5, 2º"]),
        # a letter's address block: the street without a type, the postal code on the next line (stop 43)
        ("de", "Herrn\nDr. Klaus-Dieter Wöhrle\nIm Wiesengrund 3\n70599 Stuttgart", ["Im Wiesengrund 3"]),
        # neither prefix nor type, after a cue and before the postal code (stop 44, a police report); not without both
        ("de", "Fahrzeugführer, wohnhaft Hofmark 3, 83101 Rohrdorf. Laut Kapitel 3, 12345 Fälle; wohnhaft Hofmark 3.",
         ["Hofmark 3"]),
        # "c/" in lower case, "izda" (stop 43: an e-mail's "c/ Iparraguirre 12, 5º izda" left the number in clear)
        ("es", "Escribidme a casa: c/ Iparraguirre 12, 5º izda, 48009 Bilbao.", ["c/ Iparraguirre 12, 5º izda"]),
        # a house number with a thousands separator (stop 44, a Brazilian petition: ".481" stayed in clear)
        ("pt", "na Rua Barão de Jaguara, nº 1.481, apto. 72, Centro; sede na Av. Norte-Sul, 2.500, Cambuí.",
         ["Rua Barão de Jaguara, nº 1.481, apto. 72", "Av. Norte-Sul, 2.500"]),
        # Colombia's grid addresses (stop 44: "15-42" and the flat stayed in clear)
        ("es", "residente en la Calle 127 # 15-42, apto 501; Cra. 7 No. 32-16; Carrera 15 Bis # 93A-62. Calle 5 no. 3",
         ["Calle 127 # 15-42, apto 501", "Cra. 7 No. 32-16", "Carrera 15 Bis # 93A-62"]),
        # a block before the floor (stop 44: "bloque 3, 5" stayed in clear)
        ("es", "Mi dirección es Camino de Ronda 142, bloque 3, 5ºA, 18003 Granada.",
         ["Camino de Ronda 142, bloque 3, 5ºA"]),
        ("es", "Domicilio: Calle Carmen Romero, 23, 1D.\nDomicilio: Av. de los Pajaros,18.\n"
               "Tur Calle Joaquim Folguera, 3 - 5º 2ª 08022 Barcelona; Calle Dr. Joaquín Aznar Molina 2, 3F; "
               "Plaza de la Encarnación, 32 - P1 2B 41003 Sevilla",
         ["Calle Carmen Romero, 23, 1D", "Av. de los Pajaros,18", "Calle Joaquim Folguera, 3 - 5º 2ª",
          "Calle Dr. Joaquín Aznar Molina 2, 3F", "Plaza de la Encarnación, 32 - P1 2B"]),
    ],
)
def test_addresses(language, text, expected):
    assert found(language, text) == expected


@pytest.mark.parametrize(
    "language,text",
    [
        # (stop 71: a street's compound named alone is an address, "Bahnhofstraße"; not a common noun's, "Sackgasse")
        ("de", "Im Jahr 2020 kamen 5 Leute. Die Sackgasse ist lang. Ring 5 Leute an. An der Alster 4."),
        ("de", "Am Montag 3 Leute, 12345 Euro. Er wohnt in Bonn. Im Jahr 2020, 12345 kamen."),
        ("de", "Im Jahr 2020\n12345 Leute kamen."),                  # a year is no house number
        ("es", "En 2015 la calle estaba vacía; la Plaza Mayor es bonita."),
        ("pt", "A rua tinha 3 casas e a Avenida Paulista é longa."),
        ("en", "In 2015 Main Street was quiet; by 1990 Oxford Road had changed. We met 3 Smith Dr. Jones."),
        ("en", "NEW YORK 1996-08-30\nFor Wall Street , this is the season.\nPage 12\nBaker Street was busy."),
    ],
)
def test_no_address_without_a_street_type_and_a_number(language, text):
    assert found(language, text) == []


def test_an_english_address_in_capitals_is_found():
    """A form in capitals ("ADDRESS: 17 CASTLE VIEW TERRACE, CORK"): English does not restore sentences in capitals,
    and the patterns read "Terrace" as written, so "17 CASTLE" stayed in clear (stop 43); the types that are
    everyday words stay out ("1 PERCENT RISE" in a headline), and so does a year ("IN 2015 MAIN STREET")."""
    text = ("ADDRESS: 17 CASTLE VIEW TERRACE, CORK\n45 OAK RIDGE DR, APT 3B\nSHARES SHOW 1 PERCENT RISE\n"
            "IN 2015 MAIN STREET WAS QUIET\n3 SMITH DR JONES\n7 castle view terrace")
    assert found("en", text) == ["17 CASTLE VIEW TERRACE", "45 OAK RIDGE DR, APT 3B"]


def test_a_spanish_or_portuguese_address_in_capitals_inside_a_cased_sentence_is_found():
    """"residente à RUA DAS GAIVOTAS, 77, BAIRRO ITAPUÃ" in a Brazilian declaration: the sentence is cased, so it is
    read as written, and "RUA" is not "Rua": "77" stayed in clear (stop 43). A sentence in capitals whose number
    follows a function word is no address ("LA CALLE ESTABA VACÍA EN 2015")."""
    assert found("pt", "residente à RUA DAS GAIVOTAS, 77, BAIRRO ITAPUÃ, SALVADOR/BA; AV. BRASIL, Nº 500") == [
        "RUA DAS GAIVOTAS, 77", "AV. BRASIL, Nº 500"]
    assert found("es", "Domicilio: CALLE MAYOR 12, 3º B, MADRID. LA CALLE ESTABA VACÍA EN 2015.") == [
        "CALLE MAYOR 12, 3º B"]


def test_street_types_that_are_everyday_words_are_not_restored_in_lower_case():
    """Case restoration compiles the address patterns case-blind: "a 1 percent rise" in lower-cased CoNLL-2003 would
    become "a 1 Percent Rise", an address; the types that are everyday words are left out of those patterns."""
    restoring = address_patterns("en", restoring=True)
    assert not any(re.search(p, "a 1 percent rise", re.IGNORECASE) for p in restoring)
    assert any(re.search(p, "at 14 elm grove", re.IGNORECASE) for p in restoring)
    assert any(re.search(p, "at 9 Canal Walk") for p in address_patterns("en"))


def test_unknown_language_rejected():
    with pytest.raises(ValueError):
        AddressRecognizer("fr")


def test_the_address_wins_over_a_model_that_took_the_street_for_a_person():
    tagger = GazetteerTagger({"Baker Street": "PER", "Holmes": "PER", "London": "LOC"})
    detector = build_detector("en", tagger_factory=lambda *_: tagger)
    text = "Holmes lived at 221B Baker Street, London."
    assert [(e.text, e.label, e.source) for e in detector.detect(text)] == [
        ("Holmes", "PERSON", "stanza"), ("221B Baker Street", "LOCATION", "address"), ("London", "LOCATION", "stanza")]


def test_an_english_address_that_a_hard_wrap_breaks_before_its_street_type():
    # stop 45: "the flat at 7 Rosemary\nCourt, Bexley" left the house number and street in clear
    assert found("en", "the flat at 7 Rosemary\nCourt, Bexley DA5 1PQ, and 44 Danson\nRoad.") == ["7 Rosemary",
                                                                                                "44 Danson"]
    # a judgment's wrap is no address: the type must end its line or a clause, "The" names no street
    assert found("en", "see paragraph 12 The\nCourt held that; page 7 Chapter\nCourt of Appeal; In 2015 Main\nStreet.") == []


def test_the_next_sentences_article_is_no_door():
    # stop 45: "… n.º 15, 1.º Esq. A ex-mulher …" took the article "A" of the next sentence into the address
    assert found("pt", "reside na Rua Capitão Leitão, n.º 15, 1.º Esq. A ex-mulher não vem.") == [
        "Rua Capitão Leitão, n.º 15, 1.º Esq."]
    assert found("pt", "Rua das Flores, 12, 3.º B, Porto") == ["Rua das Flores, 12, 3.º B"]


def test_an_american_address_with_a_direction_before_the_street_name():
    # stop 45: "1234 N. Elm St., Apt. 5C" left the house number and the flat in clear
    assert found("en", "Address: 1234 N. Elm St., Apt. 5C, Springfield, IL 62704; 500 West Madison Street.") == [
        "1234 N. Elm St., Apt. 5C", "500 West Madison Street"]


def test_a_flat_in_a_named_building_and_a_flat_on_the_line_above_its_street():
    # stop 45: "Flat 2B, Marlowe House" left "2B" in clear, "Flat 3,\n12 Harcourt Mews" the "3"
    assert found("en", "Flat 2B, Marlowe House\n33 Kingsland Road") == ["Flat 2B, Marlowe House", "33 Kingsland Road"]
    assert found("en", "Flat 3,\n12 Harcourt Mews, Swansea") == ["Flat 3", "12 Harcourt Mews"]
    assert found("en", "Mr Tomasz Wiśniewski\nFlat 11\nCedar Court\nBeeston Road\nLeeds") == ["Flat 11"]
    assert found("en", "Apartment 14, Riverside Court, Leeds; in Room 3 of the House of Commons.") == [
        "Apartment 14, Riverside Court"]


@pytest.mark.parametrize("language,text,expected", [
    # addresses abroad as their own countries write them, in a document of any language (stop 45: a Portuguese power of
    # attorney left "12" of "12 Rue des Lilas" in clear)
    ("pt", "residente em 12 Rue des Lilas, 69003 Lyon, França", ["12 Rue des Lilas, 69003 Lyon"]),
    ("es", "ul. Kwiatowa 5/12, 00-950 Warszawa; Keizersgracht 123, 1015 CJ Amsterdam; 12 rue Foch, 1998 was",
     ["ul. Kwiatowa 5/12, 00-950 Warszawa", "Keizersgracht 123, 1015 CJ Amsterdam", "12 rue Foch"]),
    ("en", "at 5 bis avenue Foch, Paris; 3 rue d'Alsace; a 3 place finish; 3 Square Mile", ["5 bis avenue Foch",
                                                                                          "3 rue d'Alsace"]),
    ("de", "in der Via Roma 12 und Piazza Garibaldi, 3", ["Via Roma 12", "Piazza Garibaldi, 3"]),
    ("es", "ul. Kwiatowa 5/12, Kraków", ["ul. Kwiatowa 5/12"]),
    ("en", "Keizersgracht 123, Amsterdam; Atatürk Caddesi No: 12, İzmir", ["Keizersgracht 123",
                                                                           "Atatürk Caddesi No: 12"]),
])
def test_addresses_abroad(language, text, expected):
    assert found(language, text) == expected


@pytest.mark.parametrize("language,text,expected", [
    # stop 46: a street named after a date ("5 de Mayo" was a date, "No. 214" stayed in clear) and "No."/"No" before
    # the house number as Latin America writes it (MEDDOCAN's "Avda. Pío XII No 36")
    # (stop 70: with the neighbourhood after it)
    ("es", "Domicilio: Calle 5 de Mayo No. 214, Col. Centro", ["Calle 5 de Mayo No. 214, Col. Centro"]),
    ("es", "Universidad de Navarra Avda. Pío XII No 36 31008-Pamplona", ["Avda. Pío XII No 36"]),
    ("pt", "na Rua 25 de Março, 1020, e na Av. 9 de Julho 3000", ["Rua 25 de Março, 1020", "Av. 9 de Julho 3000"]),
    # a date after a street is no part of it; a day without a name after it is no street's name
    ("es", "vive en la calle Mayor 12 desde el 5 de Mayo 2015", ["calle Mayor 12"]),
    # a municipal register's "CL" and "Pl. 4 Pt. 12" (planta, puerta); "Avda" without its full stop (MEDDOCAN)
    ("es", "Domicilio: CL DE CUBA 37 Pl. 4 Pt. 12, 46006 VALENCIA", ["CL DE CUBA 37 Pl. 4 Pt. 12"]),
    ("es", "Remitido por: Dr. Pablo Garrido. Avda Santiago Bernabeu, 4 5º - 4 28036 Madrid.",
     ["Avda Santiago Bernabeu, 4 5º"]),
])
def test_streets_named_after_dates_and_numbers_after_no(language, text, expected):
    assert found(language, text) == expected


@pytest.mark.parametrize("language,text,expected", [
    # stop 47: a title abbreviated in a German street's name ("Prof.-" and the house number stayed in clear) and
    # Barcelona's Catalan floor and door ("3r 2a")
    ("de", "Prof.-Ernst-Nathan-Str. 1 · 90419 Nürnberg; Dr.-Mack-Str. 77; Geschw.-Scholl-Platz 1",
     ["Prof.-Ernst-Nathan-Str. 1", "Dr.-Mack-Str. 77", "Geschw.-Scholl-Platz 1"]),
    ("es", "Vive en la calle Aribau 112, 3r 2a, de Barcelona.", ["calle Aribau 112, 3r 2a"]),
    # an invoice's plot and industrial unit in place of the house number; a Brazilian street named by a number before
    # its lot and block (each number stayed in clear)
    ("es", "Cliente: Urb. Los Pinos, parcela 27, 19170 El Casar; Pol. Ind. El Henares, Nave 14, 19004 Guadalajara",
     ["Urb. Los Pinos, parcela 27", "Pol. Ind. El Henares, Nave 14"]),
    ("pt", "o endereço era a Rua 91, Lote 14, Quadra 1711, Jaconé; na Rua 91 perto", ["Rua 91, Lote 14, Quadra 1711"]),
    # a street wrapped over two lines with "número"/"nº" before its number (a notarial deed, a lease); not without
    # the number's word (a sentence per line: "la calle\nMadrid 12 ( EFE )")
    ("es", "domicilio en la calle\nConde de Aranda, número 72, 4º izquierda, y D.N.I.",
     ["calle\nConde de Aranda, número 72, 4º izquierda"]),
    ("es", "domicilio en Gran Vía Marqués del Turia\nnº 49, pta. 8, 46005 Valencia; salió a la calle\nMadrid 12 ( EFE )",
     ["Gran Vía Marqués del Turia\nnº 49, pta. 8"]),
    ("pt", "residente na Travessa do Carregal, n.º 17, r/c, 4050-158 Porto", ["Travessa do Carregal, n.º 17, r/c"]),
])
def test_titles_in_street_names_and_catalan_floors(language, text, expected):
    assert found(language, text) == expected


def test_a_wrapped_address_keeps_its_line_break_in_the_detected_entities():
    """The detector cuts the wrapped address at its line break: each line's part is an entity, the line break none."""
    text = "Comparece Doña Pilar Lamata, con domicilio en la calle\nConde de Aranda, número 72, 4º izquierda."
    detector = build_detector("es", tagger_factory=lambda *_: GazetteerTagger({}))
    assert [e.text for e in detector.detect(text) if e.source == "address"] == ["Conde de Aranda, número 72, 4º izquierda"]


@pytest.mark.parametrize("language,text,expected", [
    # stop 48: an estate named without a house number before its block, floor and door (a complaint's "bloque 4, 2º B"
    # stayed in clear when the model took only the estate's name); a Portuguese block and flat
    ("es", "con domicilio en Urbanización Los Naranjos, bloque 4, 2º B, 29660 Nueva Andalucía",
     ["Urbanización Los Naranjos, bloque 4, 2º B"]),
    ("pt", "mora na Rua das Acácias, bloco C, apto 12, Lisboa", ["Rua das Acácias, bloco C, apto 12"]),
    ("es", "en la Calle Mayor, portal 3; la calle es un bloque", ["Calle Mayor, portal 3"]),
    # an electricity bill's supply address in capitals with its staircase, floor and door; a clinic's street named by
    # a number before "nº" and the house number; an American drive before its flat ("Dr Apt": no title)
    ("es", "Dirección de suministro: AV DE LA CONSTITUCION 18 ESC 2 PLANTA 3 PTA C, 41001 SEVILLA",
     ["AV DE LA CONSTITUCION 18 ESC 2 PLANTA 3 PTA C"]),
    ("pt", "Clínica São Lucas - Rua 9, nº 120, Setor Oeste, Goiânia-GO; na Rua 9 perto", ["Rua 9, nº 120"]),
    ("en", "Address: 1187 Birchwood Dr Apt 4, Oakridge TN 37830; at 3 Smith Dr. Jones", ["1187 Birchwood Dr Apt 4"]),
    # Australia's flat and house number, a range of house numbers (stop 69: and the unit's word)
    ("en", "Unit 5/12 Smith St, Parramatta NSW 2150, or 12-14 High Street; on 5/12 the Main Street fair",
     ["Unit", "5/12 Smith St", "12-14 High Street"]),
])
def test_an_estate_before_its_block_stop_48(language, text, expected):
    assert found(language, text) == expected


@pytest.mark.parametrize("language,text,expected", [
    # a care home's resident: the room before the street, a flat after the house number (stop 49)
    ("de", "wohnhaft Seniorenresidenz Am Auenwald, Zimmer 214, Gustav-Esche-Str. 3, 04159 Leipzig; Hauptstraße 5, "
           "Whg. 12; Berliner Straße 7 App. 3; das Zimmer 12 ist frei.",
     ["Zimmer 214", "Gustav-Esche-Str. 3", "Hauptstraße 5, Whg. 12", "Berliner Straße 7 App. 3"]),
    ("es", "residencia Los Olmos, habitación 112, calle Mayor 5; vive en el apto. 801 del edificio Torres del Parque; "
           "Av. Libertador 2250, piso 7, depto. B; está en la habitación 12 de la planta.",
     ["habitación 112", "calle Mayor 5", "apto. 801", "Av. Libertador 2250, piso 7, depto. B"]),
    ("pt", "Lar São José, quarto 12, Rua do Souto 40; mora no apto. 801 do Edifício Solar das Palmeiras; a reunião foi "
           "na sala 3 do prédio.", ["quarto 12", "Rua do Souto 40", "apto. 801"]),
])
def test_rooms_and_flats_of_residents(language, text, expected):
    """(stop 49)"""
    assert found(language, text) == expected


def test_a_floor_glued_to_the_house_number_by_a_hyphen_stop_49():
    """"C/ Sant Vicent Màrtir, 71-8ª" left "-8ª" in clear; a range of house numbers stays one number."""
    assert found("es", "C/ Sant Vicent Màrtir, 71-8ª, 46007 València; calle Alcalá 45-47; Calle Mayor 12-3º B") == [
        "C/ Sant Vicent Màrtir, 71-8ª", "calle Alcalá 45-47", "Calle Mayor 12-3º B"]


@pytest.mark.parametrize("language,text,expected", [
    # a registration form's house-number field alone on its line, in every language (stop 49)
    ("de", "Straße: Hinterm Deich\nHausnummer: 7\nAnzahl der Kinder: 3", ["7"]),
    ("pt", "Logradouro: Travessa Padre Eutíquio\nNúmero: 1022\nNúmero de filhos: 2", ["1022"]),
    ("es", "Calle: Kale Nagusia\nNúmero: 14\nNúmero: 14, bajo", ["14"]),
    ("en", "House number: 12a\nThe house number: 12 was wrong", ["12a"]),
])
def test_a_forms_house_number_field(language, text, expected):
    assert found(language, text) == expected


def test_a_flats_floor_and_door_alone_in_an_owners_meeting_stop_49():
    """"D. Anselmo Quintanilla (1.º A, presidente)", "(2.º C)", "el inquilino del 3.º B, Sr. …" left the flats in
    clear; not a fever, a law's article before its subject, nor a battalion's name."""
    text = ("Asisten: D. Anselmo Quintanilla (1.º A, presidente), Dña. Soledad Ibarra (2.º C), el inquilino del 3.º B, "
            "Sr. Traoré. Fiebre (39 ºC). Art. 1º O Distrito Federal; do 12º B Sup, Cel.")
    assert found("es", text) == ["1.º A", "2.º C", "3.º B"]
    assert found("pt", "Art. 1º O Distrito Federal; Comandante do 12º B Sup; mora no (2.º D)") == ["2.º D"]


@pytest.mark.parametrize("text,expected", [
    # stop 50: a tenancy application's Berlin flats and an HR letter's address block left the floor in clear
    ("Schönhauser Allee 141, VH 3. OG rechts, 10437 Berlin", ["Schönhauser Allee 141, VH 3. OG rechts"]),
    ("Greifswalder Str. 88, Seitenflügel 1. OG, 10405 Berlin", ["Greifswalder Str. 88, Seitenflügel 1. OG"]),
    ("Frau Anna\nHinter der Mauer 7, 2. OG links\n12345 Aastadt", ["Hinter der Mauer 7, 2. OG links"]),
    ("Hauptstraße 5, Whg. 12, EG; Hauptstraße 6 EGal", ["Hauptstraße 5, Whg. 12, EG", "Hauptstraße 6"]),
    ("Anschrift: Schwanthalerstr. 131, Rgb. 3. St.", ["Schwanthalerstr. 131, Rgb. 3. St."]),
])
def test_a_german_flats_floor_after_the_house_number(text, expected):
    assert [e.text for e in AddressRecognizer("de").recognize(text, [])] == expected


@pytest.mark.parametrize("language,text,expected", [
    # stop 50: a home carer's log and a neighbours' chat left the flat in clear; a clinical "(bajo)" is no floor
    ("pt", "Chave c/ vizinha D. Fátima (5.º Dto.). Cofre chaves", ["5.º Dto."]),
    ("es", "Fernando de la Rosa (bajo izq.), Sres. Gálvez (4ºB); riesgo (bajo); (Bajo, 3 plantas); fiebre (38 ºC)",
     ["bajo izq.", "4ºB"]),
])
def test_a_flats_floor_and_door_word_alone_in_parentheses(language, text, expected):
    assert [e.text for e in AddressRecognizer(language).recognize(text, [])] == expected


def test_an_american_numbered_street():
    """A US court complaint's "7714 E 61st St, Apt 12B" stayed in clear (stop 50): a numbered street's ordinal among
    the name's words; not after a year's preposition."""
    text = "Home address: 7714 E 61st St, Apt 12B, Tulsa, OK 74133; 350 W 42nd Street; In 2015 3rd Street was closed."
    assert [e.text for e in AddressRecognizer("en").recognize(text, [])] == ["7714 E 61st St, Apt 12B",
                                                                           "350 W 42nd Street"]
