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
        "Blvd. Aeropuerto 3410, Col. Los Ramírez"]  # (stop 70: with its neighbourhood)
    assert found(AddressRecognizer("es"), "Av. Constitución 2845 Pte., Col. Centro, C.P. 64000\n") == [
        "Av. Constitución 2845 Pte., Col. Centro"]
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


def test_round_104_keywords_of_ireland_the_eu_mexico_argentina_and_germany():
    text = ("Dental Council No.: 4719\nDeposit paid by card (receipt R-55291).\n"
            "  EORI: GB294718365000   VAT No.: GB 318 7724 61\n"
            "MSKU 718204-6  | NG0419327 | 1120 | Cartons\n")
    assert found(IdNumberRecognizer("en"), text) == ["4719", "R-55291", "GB294718365000", "GB 318 7724 61",
                                                     "MSKU 718204-6", "NG0419327"]
    text = ("Licencia:          B-11/773458\n| Carnet de OSDE plan 310   | afiliada N.º 62 184553 0 01\n"
            "Cementerio San Jerónimo, Sección 14, Nicho 2287, Fila 3\n"
            "la tarjeta de crédito Oro con terminación 4417.\n")
    assert found(IdNumberRecognizer("es"), text) == ["B-11/773458", "62 184553 0 01", "2287", "4417"]
    text = "an dem Grundstück Gemarkung Nippes, Flur 14, Flurstück 2215, Kempener Straße 88\nNachbargrundstück 1287/3 ("
    assert found(IdNumberRecognizer("de"), text) == ["Flur 14, Flurstück 2215", "1287/3"]


def test_round_104_a_lagos_landline_an_australian_unit_and_a_street_after_a_forms_column():
    assert ("+234 1 280 4471", "PHONE") in detect("en", "Notify: Elmina Line Ltd, Apapa\n   +234 1 280 4471\n")
    # no country code, or too few digits after it: no phone
    assert not any(label == "PHONE" for _, label in detect("en", "Score +12 345 and +999 1234567\n"))
    assert found(AddressRecognizer("en"), "Subject: RE: Enquiry - Unit 14/52 Albert Street, Footscray VIC 3011\n") == [
        "Unit", "14/52 Albert Street"]
    assert found(AddressRecognizer("de"), "  Anschrift:      Hülshof 27, 44369 Dortmund\n") == ["Hülshof 27"]
    assert found(AddressRecognizer("de"), "  Anschrift:      Hülshof\n") == []


def test_round_104_mexican_firms_a_trade_head_and_a_signatory_for_the_office():
    assert ("Rentautos del Caribe, S.A. de C.V.", "ORGANIZATION") in detect(
        "es", "El arrendador, Rentautos del Caribe, S.A. de C.V., con domicilio\n")
    text = " 6 | Isolation           | Soziale Kontakte    | Tagesstätte Falkenried Mi + Fr    | 2x/Wo\n"
    # (the weekday's abbreviation after it is taken in too: no personal data)
    assert any(t.startswith("Tagesstätte Falkenried") and label == "ORGANIZATION" for t, label in detect("de", text))
    text = "Lörrach, 27.11.2024      Im Auftrag: Schwarzwälder      Az.: GrG-2024/07731\n"
    assert ("Schwarzwälder", "PERSON") in detect("de", text)
    from app.detection.patterns import PostalCodeRecognizer
    assert found(PostalCodeRecognizer("es"), "Domicilio: Pje. Santa Rita 874, B° General Paz, X5004 Córdoba\n") == [
        "X5004"]


def test_round_104_strict_former_occupations_lexicon_words_and_half_siblings():
    text = "Ela é doméstica; ele é pescador reformado. A sócia-gerente, reformada (ex-costureira), e o clínico geral.\n"
    found_ = detect("pt", text, profile="strict")
    for occupation in ("doméstica", "pescador reformado", "sócia-gerente", "ex-costureira", "clínico geral"):
        assert (occupation, "OCCUPATION") in found_
    assert ("irmã mais velha", "RELATION") in detect("pt", "A irmã mais velha cuida dele.\n", profile="strict")
    found_ = detect("de", "Sein Halbbruder ist Softwarearchitekt.\n", profile="strict")
    assert ("Halbbruder", "RELATION") in found_ and ("Softwarearchitekt", "OCCUPATION") in found_
    # "ex" alone is no occupation
    assert not any(t.startswith("ex") for t, _ in detect("pt", "O ex-líbris da família.\n", profile="strict"))


def test_round_105_a_nigerian_statements_transfers_and_cheques():
    text = ("01-Mar-24 | NIP TRF FROM BABATUNDE OLUWASEUN ADEYEMI/RENT SHARE  |   250,000.00\n"
            "22-Mar-24 | CHQ NO 00418273 PAID TO OLUWAKEMI FASHOLA            |    75,000.00\n"
            "26-Mar-24 | LOAN REPAYMENT REF KTB/PL/2023/0091457               |   212,437.80\n")
    found_ = detect("en", text)
    assert ("BABATUNDE OLUWASEUN ADEYEMI", "PERSON") in found_ and ("OLUWAKEMI FASHOLA", "PERSON") in found_
    assert ("00418273", "ID_NUMBER") in found_ and ("KTB/PL/2023/0091457", "ID_NUMBER") in found_
    # "paid to" before a word in lower case names nobody
    assert detect("en", "The deposit was paid to the landlord in full.\n") == []


def test_round_105_keywords_of_mexico_chile_portugal_and_austria():
    text = ("peruana (residente permanente, FM 0941772)\nRBD 25187-3 · Av. Pajaritos 2845\n"
            "(DIAE) folio 2024-13119-0457 (Seguro Escolar)\n")
    assert found(IdNumberRecognizer("es"), text) == ["0941772", "25187-3", "2024-13119-0457"]
    text = "B.V. Guimarães (ocorrência 2024/00871)\nPortátil Lenovo IdeaPad (série PF3K8Q21)   1\numa série de TV\n"
    assert found(IdNumberRecognizer("pt"), text) == ["2024/00871", "PF3K8Q21"]
    assert found(IdNumberRecognizer("de"), "(BMAW-Ermächtigung Zl. 2023-0.774.512)\n") == ["2023-0.774.512"]


def test_round_105_swiss_french_and_portuguese_streets_a_health_insurer_and_a_signature_in_capitals():
    text = "05 | Okafor-Meier, Chidinma | Chemin des Vignes 5, 1009 Pully VD   | 4751–5000\n"
    assert found(AddressRecognizer("de"), text) == ["Chemin des Vignes 5, 1009 Pully"]
    assert found(AddressRecognizer("pt"), "   Av. D. Nuno Álvares Pereira, 118, 4.º B, 2800-180 Almada\n") == [
        "Av. D. Nuno Álvares Pereira, 118, 4.º B"]
    assert ("BKK Emscher-Lippe", "ORGANIZATION") in detect("de", "Krankenkasse:             BKK Emscher-Lippe\n")
    text = "Atentamente,\n\n_______________________________\nLUZ MARINA TORO ARBELÁEZ\nCoordinadora del Programa\n"
    assert ("LUZ MARINA TORO ARBELÁEZ", "PERSON") in detect("es", text)
    # the common word before one word in capitals, alone on its line, stays a word ("LUZ ROJA": a red light)
    assert not any(t.startswith("LUZ") for t, _ in detect("es", "La señal de parada:\nLUZ ROJA\nseguida de otra.\n"))


def test_round_106_an_aside_of_five_words_a_series_with_a_digit_an_inmates_number_and_dollars_by_country():
    text = "Mitgliedsnummer (wird von der GNLH vergeben): 1047-558-2093\n"
    assert found(IdNumberRecognizer("de"), text) == ["1047-558-2093"]
    text = "en cuatro folios de papel timbrado, serie 2L, números 6718440 y los\ntres siguientes.\n"
    assert found(IdNumberRecognizer("es"), text) == ["6718440"]
    text = "Inmate name:   NGUYỄN VĂN THÀNH\nMIN (Master Index No.):    512874\n"
    assert found(IdNumberRecognizer("en"), text) == ["512874"]
    from app.detection.patterns import MoneyRecognizer
    assert found(MoneyRecognizer("en"), "I paid a man called Abu Tarek\n      3,500 US dollars. In Libya\n") == [
        "3,500 US dollars"]
