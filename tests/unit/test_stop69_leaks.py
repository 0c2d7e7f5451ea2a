"""Leaks closed at stop 69, each found in a probe document written with an answer key (an Australian insurance claim,
a German joint tax assessment, a Mexican enrolment form and incident report, an Argentine divorce settlement, a Polish
guest's hotel registration card, an Austrian probate inventory, a Nigerian university transcript, a Portuguese account
opening form, a Mozambican customs declaration)."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.tokenization import split_sentences
from tests.unit.fakes import detect, found


def test_a_licence_number_after_its_state_and_a_nigerian_mail_bag():
    text = "Driver: TRAN Minh Tuan (husband), DOB 02/04/1980,\nlicence NSW 20938841\n"
    assert found(IdNumberRecognizer("en"), text) == ["NSW 20938841"]
    # a licence's kind in words is no number
    assert found(IdNumberRecognizer("en"), "licence fee paid in 2023\n") == []
    text = "P.M.B. 2204, Km 7 Abeokuta–Ibadan Road, Abeokuta, Ogun State, Nigeria\n"
    assert found(IdNumberRecognizer("en"), text) == ["2204"]
    assert found(AddressRecognizer("en"), text) == ["Km 7 Abeokuta–Ibadan Road"]


def test_spouses_tax_identification_numbers_after_the_colon():
    text = "Identifikationsnummer: Ehemann 48 271 936 054 / Ehefrau 73 015 482 966\n(Bitte angeben)\n"
    assert found(IdNumberRecognizer("de"), text) == ["48 271 936 054", "73 015 482 966"]
    # the holder's word alone, without a number after it, takes nothing
    assert found(IdNumberRecognizer("de"), "Identifikationsnummer: Ehemann siehe Anlage\n") == []


def test_mexican_argentine_and_portuguese_keywords():
    text = ("Incorporado a la SEP - CCT 14PPR0837K\n"
            "obra social OSDE plan 310, credencial\nN° 61 420983 7 01. Dado que\n"
            "Matrícula registral: 25-41877 · Partida ARBA 025-118643-2\n"
            "Incapacidad:   7 días (certificado IMSS serie LK 774512); forma ST-7\n")
    assert found(IdNumberRecognizer("es"), text) == ["14PPR0837K", "61 420983 7 01", "25-41877", "025-118643-2",
                                                     "LK 774512"]
    assert found(IdNumberRecognizer("pt"), "Gestor de conta: Rui Almeida Tavares (func. n.º 30472)\n") == ["30472"]
    assert found(IdNumberRecognizer("pt"), "Ficha de Atendimento n.º FA 2024.07.003318\n") == ["FA 2024.07.003318"]


def test_mexican_and_valencian_streets_and_an_argentine_floor():
    assert found(AddressRecognizer("es"), "Planta León · Blvd. Aeropuerto 3410, Col. Los Ramírez\n") == [
        "Blvd. Aeropuerto 3410"]
    assert found(AddressRecognizer("es"), "Av. Constitución 2845 Pte., Col. Centro, C.P. 64000\n") == [
        "Av. Constitución 2845 Pte."]
    assert found(AddressRecognizer("es"), "Planta Apodaca (Carr. Miguel Alemán km 21.5,\n") == [
        "Carr. Miguel Alemán km 21.5"]
    assert found(AddressRecognizer("es"), "CIF B-97481326 · Av. de les Corts Valencianes, 58, 46015 Valencia\n") == [
        "Av. de les Corts Valencianes, 58"]
    assert "2° piso" in found(AddressRecognizer("es"), "en Virrey del Pino 3318, 2° piso, C1426EHF, CABA\n")


def test_a_polish_flat_and_its_postal_code_on_the_next_line():
    text = ("Home address:     ul. Słowackiego 27 m. 4\n                  31-159 Kraków\n"
            "                  Poland\n")
    assert found(AddressRecognizer("en"), text) == ["ul. Słowackiego 27 m. 4", "31-159 Kraków"]
    # a range of numbers on the next line of a sentence is no postal code
    assert found(AddressRecognizer("en"), "We met at ul. Długa 5 twice.\n10-100 Visitors came\n") == ["ul. Długa 5"]


def test_a_first_name_that_is_a_common_word_before_two_surnames_in_capitals():
    text = ("PRIMERA - HIJOS. De la unión nacieron:\n"
            "  - TOMÁS NASSER GIMÉNEZ, DNI 52.907.118, nacido el 05/09/2012 (11 años);\n")
    assert ("TOMÁS NASSER GIMÉNEZ", "PERSON") in detect("es", text, {"GIMÉNEZ": "ORG"})
    # the common word before one word in capitals is no name ("TOMÁS NOTA, …": "you take note")
    assert not any(t.startswith("TOMÁS") for t, _ in detect("es", "Si TOMÁS NOTA, hazlo.\n"))


def test_austrian_firms_and_a_german_firm_by_its_trade():
    text = "B1   | Begräbniskosten, Bestattung Pax & Söhne OG, Rg. 24-118842   |    6.214,30\n"
    assert ("Bestattung Pax & Söhne OG", "ORGANIZATION") in detect("de", text)
    # the upper floor of a flat is no firm
    assert not any(label == "ORGANIZATION" for _, label in detect("de", "Karl-Heine-Straße 87, 2. OG links\n"))
    text = "Wohnung 4½ Zi., Vermieterin: Immobilien Brunner AG, Mietvertrag Nr. 8405-212-031.\n"
    assert ("Immobilien Brunner AG", "ORGANIZATION") in detect("de", text, {"Brunner AG": "ORG"})


def test_a_long_sentence_is_cut_at_a_line_break_not_inside_a_name():
    words = " ".join(f"wort{i}" for i in range(150))
    text = f"{words},\nReparatur durch Autohaus Brenner GmbH, Triester Straße 45, 1100 Wien) und {words}."
    sentences = split_sentences(text, max_tokens=160)
    firm = text.index("Autohaus")
    # the cut falls at the line break before the firm's line, not between "Autohaus" and "Brenner"
    assert any(s.start <= firm and s.end >= text.index("GmbH") + 4 for s in sentences)
    assert sentences[0].end == text.index(",\n") + 1
    # every token once, in order
    assert [t for s in sentences for t in s.tokens] == [t for t in split_sentences(text, max_tokens=10**6)[0].tokens]


def test_strict_field_adjectives_after_occupations_and_ranked_relations():
    found_ = detect("pt", "brasileira, engenheira química, casada; médico veterinário, residente\n", profile="strict")
    assert ("engenheira química", "OCCUPATION") in found_ and ("médico veterinário", "OCCUPATION") in found_
    found_ = detect("es", "de 38 años, kinesióloga, con domicilio; contador público, socio\n", profile="strict")
    assert ("kinesióloga", "OCCUPATION") in found_ and ("contador público", "OCCUPATION") in found_
    # a verb after the occupation is none of it
    assert ("médico", "OCCUPATION") in detect("pt", "O médico chegou às 10h.\n", profile="strict")
    found_ = detect("en", "Her elder brother and her second child came.\n", profile="strict")
    assert ("elder brother", "RELATION") in found_ and ("second child", "RELATION") in found_
    assert ("hermano mayor", "RELATION") in detect("es", "Su hermano mayor estudia aquí.\n", profile="strict")
