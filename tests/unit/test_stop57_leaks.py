"""Leaks closed at stop 57, each found in a probe document written with an answer key (a funeral director's
arrangement form, a yacht charter, a care home's contract, a dog tax registration, an unfair dismissal claim, a
residents' association's minutes, a rural lease, a police report of squatting, a Brazilian power of attorney and theft
report, a sickness benefit report): three-digit entries after the word for "number", identifiers after new keywords
and after an aside of several words before the colon, a letter's dictation mark, a file number with its year after a
space, a licence's last part, a plot's article in the land tax register, a floor written "planta", the house number
before its street."""

from app.detection.addresses import AddressRecognizer
from app.doc import Entity
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import CaseNumberRecognizer, DateRecognizer, MoneyRecognizer
from app.detection.tables import TableRecognizer
from tests.unit.fakes import detect, found


def test_three_digits_after_the_word_for_number_and_not_without_it():
    assert found(IdNumberRecognizer("en"), "from Bristol Register Office, entry no. 312") == ["312"]
    assert found(IdNumberRecognizer("en"), "Deposit received (receipt no. 55821)") == ["55821"]
    assert found(IdNumberRecognizer("pt"), "a sócia n.º 208, D. Filomena; o sócio n.º 112") == ["208", "112"]
    assert found(IdNumberRecognizer("de"), "das Einzelzimmer Nr. 214, Wohnbereich") == ["214"]
    assert found(IdNumberRecognizer("de"), "Steuermarke Nr. 0419 (abgemeldet)") == ["0419"]
    # three digits without it are a count, a price or a page, not an identifier
    assert found(IdNumberRecognizer("en"), "passport 123 and receipt 412") == []
    assert found(IdNumberRecognizer("pt"), "o sócio 112") == []


def test_keywords_of_vessels_graves_orders_invoices_and_farmers():
    assert found(IdNumberRecognizer("en"), 'Cruiser 41 "Windrush", MMSI 235098761, call sign 2HKP7.') == [
        "235098761", "2HKP7"]
    assert found(IdNumberRecognizer("en"), "Arnos Vale Cemetery, grave C/1187 (re-open)") == ["C/1187"]
    assert found(IdNumberRecognizer("en"), "Proof of purchase from Currys, order 8841-2290-1175.") == ["8841-2290-1175"]
    assert found(IdNumberRecognizer("pt"), "NIFAP 6128447, nota fiscal nº 000.128.447") == ["6128447", "000.128.447"]
    assert found(IdNumberRecognizer("pt"), "CTPS: 4471823, série 0027-SP") == ["4471823", "0027-SP"]
    assert found(IdNumberRecognizer("es"), "el Secretario, con carné nº 124.993, comparece") == ["124.993"]
    # "grave" and "order" as words stay words
    assert found(IdNumberRecognizer("en"), "a grave 12 months for the family, in order 2024 plans") == []


def test_an_aside_of_several_words_before_the_colon():
    assert found(IdNumberRecognizer("de"), "Kassenzeichen (wird vom Amt vergeben): 5.6012.483917.2") == [
        "5.6012.483917.2"]
    assert found(IdNumberRecognizer("de"), "Steuer-ID des Klägers (für PKH-Antrag): 57 392 846 105") == [
        "57 392 846 105"]


def test_a_letters_dictation_mark_and_a_file_number_with_its_year():
    assert found(IdNumberRecognizer("de"), "Unser Zeichen: 118/24 SY/mk") == ["118/24 SY/mk"]
    assert found(IdNumberRecognizer("de"), "Ihr Zeichen: AB-2024-11 vom 3.5.") == ["AB-2024-11"]
    assert found(CaseNumberRecognizer(), "(Bescheid des Landratsamts, Az. 52.1-SB 2218/19).") == [
        "52.1-SB 2218/19"]


def test_a_licences_last_part_and_a_plots_article():
    assert found(IdNumberRecognizer("pt"), "o furo artesiano (licença APA n.º A012845.2019.RH7A) fica") == [
        "A012845.2019.RH7A"]
    assert found(IdNumberRecognizer("pt"), "inscrito na matriz predial rústica sob o artigo 27, secção H, e") == [
        "27, secção H"]
    # an article of law stays one
    assert found(IdNumberRecognizer("pt"), "nos termos do artigo 27, secção H, do Código Civil") == []


def test_a_floor_written_planta_and_the_house_number_before_its_street():
    assert found(AddressRecognizer("es"), "Centro · C/ Recogidas, 38, 1.ª planta · 18005 Granada") == [
        "C/ Recogidas, 38, 1.ª planta"]
    assert found(AddressRecognizer("pt"), "que vive sozinha no n.º 3 da Travessa das Laranjeiras, pediu") == [
        "n.º 3 da Travessa das Laranjeiras"]
    assert found(AddressRecognizer("es"), "Vive en el nº 12 de la calle Mayor desde 2010.") == [
        "nº 12 de la calle Mayor"]


def test_a_marinas_log_arrival_and_departure_and_registration_columns():
    text = ("Arr   | Dep   | Berth | Vessel / type       | LOA   | Reg. / SSR no. | Skipper / owner   | Contact\n"
            "------+-------+-------+---------------------+-------+----------------+-------------------+--------\n"
            "14/07 | 16/07 | C04   | KESTREL WIND, sloop | 11.3m | SSR 148203     | Declan O'Sullivan | 07700 914562\n")
    assert [(e.text, e.label) for e in TableRecognizer().recognize(text, [])] == [
        ("14/07", "DATE"), ("SSR 148203", "ID_NUMBER"), ("Declan O'Sullivan", "PERSON")]


def test_more_keywords_of_registers_councils_and_insurers():
    assert found(IdNumberRecognizer("en"), "Property reference (UPRN): 100062319874   Polling district: NF3") == [
        "100062319874"]
    assert found(IdNumberRecognizer("en"), "Security code 1: 7341        Security code 2: 8260") == ["7341", "8260"]
    assert found(IdNumberRecognizer("en"), "Amber Cars (Leeds) Ltd, operator licence PHO 0214") == ["PHO 0214"]
    assert found(IdNumberRecognizer("de"), "vor dem Standesamt Augsburg, Eheregister Nr. E 612/2022.") == [
        "E 612/2022"]
    assert found(IdNumberRecognizer("de"), "- Kopie türkischer Reisepass Mutter, Nr. U 18420573") == ["U 18420573"]
    assert found(IdNumberRecognizer("es"), "Inscripción: Tomo 00412-3, Página 187, Sección 3.ª") == [
        "Tomo 00412-3, Página 187, Sección 3.ª"]
    assert found(IdNumberRecognizer("es"), "Póliza n.º 0045-7781903-22 — Carta verde: ES/0045/778190322") == [
        "0045-7781903-22", "ES/0045/778190322"]
    assert found(IdNumberRecognizer("pt"), "Av.1 – Prot. 48.211, em 05/06/2019.") == ["48.211"]
    assert found(IdNumberRecognizer("pt"), "com LUANA, Livro B-64, fls. 112, termo 18.447.") == [
        "Livro B-64, fls. 112, termo 18.447"]
    assert found(IdNumberRecognizer("pt"), "recebido por Hélder Cruz (técnico n.º 4417), Loja") == ["4417"]
    assert found(IdNumberRecognizer("pt"), "CNPJ 12.845.390/0001-72 | CRECI/SP J-28.114") == [
        "12.845.390/0001-72", "J-28.114"]
    assert found(IdNumberRecognizer("pt"), "Código AP-3318 – Rua Capote Valente, 915") == ["AP-3318"]
    # a code of law stays one
    assert found(IdNumberRecognizer("pt"), "nos termos do Código Civil, artigo 1.022") == []


def test_an_identity_cards_issuer_and_a_driving_licences_check_digit():
    assert found(IdNumberRecognizer("pt"), "RG: 52.871.436-9 SSP/SP          CPF: 418.275.936-28") == [
        "52.871.436-9 SSP/SP", "418.275.936-28"]
    assert found(IdNumberRecognizer("pt"), "RG 12.345.678-9/SSP-BA, brasileiro") == ["12.345.678-9/SSP-BA"]
    assert found(IdNumberRecognizer("pt"), "Carta de condução n.º: P-1023847 3, emitida pelo IMT") == ["P-1023847 3"]


def test_a_file_number_after_an_aside_and_a_place_near_a_house_number():
    assert found(CaseNumberRecognizer(), "Az. (vom Amt auszufüllen): 51-2025-0037814") == ["51-2025-0037814"]
    assert found(AddressRecognizer("es"), "KJT, por la Av. del Port, a la altura del n.º 92, siendo requerido") == [
        "Av. del Port, a la altura del n.º 92"]
    assert found(AddressRecognizer("pt"), "em flagrante, na Rua Oriente, altura do nº 600, Brás, pela") == [
        "Rua Oriente, altura do nº 600"]
    assert found(AddressRecognizer("de"), "Meisterbetrieb · Gewerbepark Süd 9 · 93055 Regensburg") == [
        "Gewerbepark Süd 9"]
    assert found(AddressRecognizer("de"), "Anlage · Seite 2 · 12345 Berlin") == []


def test_round_36_keywords():
    assert found(IdNumberRecognizer("en"), "Mobile (porting):    07700 918 442   PAC: FPD738216") == ["FPD738216"]
    assert found(IdNumberRecognizer("en"), "Received by: Jolene Pietrowski (staff #0457)    Date: 3/14/24") == [
        "0457"]
    assert found(IdNumberRecognizer("en"), "Licence card No: 7419032") == ["7419032"]
    assert found(IdNumberRecognizer("es"), "Etiqueta de equipaje: IB 457821") == ["IB 457821"]
    assert found(IdNumberRecognizer("pt"), "Identificação da declaração: 3107-2024-K72L9QF08") == [
        "3107-2024-K72L9QF08"]
    assert found(IdNumberRecognizer("pt"), "Dra. Letícia Haddad – Biomédica esteta – CRBM-1 nº 48217") == ["48217"]
    assert found(IdNumberRecognizer("pt"), "17 CTPS (nº, série, UF): 0048213 / 00127-SP      18 CPF:") == [
        "0048213"]
    assert found(IdNumberRecognizer("pt"), "FGTS: chave de movimentação 0311.2024.884172; multa") == [
        "0311.2024.884172"]
    assert found(CaseNumberRecognizer(), "por Multibanco (ref. 21 034 887 120) em 23-08-2024") == ["21 034 887 120"]


def test_a_flat_before_places_of_unknown_types_and_a_streets_adjective():
    assert found(AddressRecognizer("en"), "Unit 6, Sandbeck Park, Wetherby LS22 7DN") == ["Unit 6"]
    assert found(AddressRecognizer("en"), "3 | Ms Chiara Benedetti | Flat 2, The Granary, Bury Road, IP14 5RQ") == [
        "Flat 2"]
    assert found(AddressRecognizer("en"), "Room 4, then we left for Leeds.") == []
    assert found(AddressRecognizer("de"), "Obere Königsstraße 8, 34117 Kassel") == ["Obere Königsstraße 8"]


def test_a_termination_statements_items_are_amounts():
    text = ("| Rub.  | Descrição                               | Valor (R$) |\n"
            "|-------|-----------------------------------------|------------|\n"
            "| 50    | Saldo de 28 dias de salário             | 2.221,33   |\n")
    assert [(e.text, e.label) for e in TableRecognizer().recognize(text, [])] == [("2.221,33", "MONEY")]


def test_tables_of_family_members_absences_and_meters():
    text = ("Name, Vorname   | Geburtsdatum | Verhältnis | Staatsangeh.             | Miteinbürgerung\n"
            "Yılmaz, Aras    | 27.01.2019   | Sohn       | deutsch (§ 4 Abs. 3 StAG) | entfällt\n")
    assert [(e.text, e.label) for e in TableRecognizer().recognize(text, [])] == [
        ("Yılmaz, Aras", "PERSON"), ("27.01.2019", "DATE")]
    text = ("| Nr. | Name, Vorname       | Geb.-Datum | Fehltage | unentsch. | Std. | Bemerkung |\n"
            "|-----|---------------------|------------|----------|-----------|------|-----------|\n"
            "| 11  | Müller, Jonas       | 03.02.2009 | 0        | 0         | 3    | Bus, 3x   |\n")
    assert [(e.text, e.label) for e in TableRecognizer().recognize(text, [])] == [
        ("Müller, Jonas", "PERSON"), ("03.02.2009", "DATE")]
    text = ("| Meter       | Serial no.   | Location           | Reading      | Photo |\n"
            "| Electricity | E13BG04417   | Hall cupboard      | 28417.6 kWh  | P01   |\n")
    assert [(e.text, e.label) for e in TableRecognizer().recognize(text, [])] == [("E13BG04417", "ID_NUMBER")]


def test_days_and_months_of_a_list_after_the_final_dot_and_of_a_range():
    assert found(DateRecognizer("de"), "wegen Fehlens am 12.02., 26.02. und 11.03.2024. Dr.") == [
        "12.02", "26.02", "11.03.2024"]
    assert found(DateRecognizer("pt"), "As faltas do 2º bimestre (12/06 a 19/06) foram justificadas") == [
        "12/06", "19/06"]
    assert found(DateRecognizer("de"), "Urlaub vom 15.07. bis 19.07. gebucht") == ["15.07", "19.07"]
    # a fraction beside no date stays one
    assert found(DateRecognizer("en"), "1/2 to 3/4 of the cases") == []


def test_round_37_keywords_and_floors():
    assert found(IdNumberRecognizer("en"), "| Communal door fob | 2 | fob nos. 00417 / 00418 |") == ["00417", "00418"]
    assert found(IdNumberRecognizer("de"), "Geburtenregister:    Standesamt Hannover, G 1873/2014") == ["G 1873/2014"]
    assert found(IdNumberRecognizer("es"), "Dra. Itziar Goikoetxea Sáez – CIAS 1281160302M – Centro") == [
        "1281160302M"]
    assert found(IdNumberRecognizer("pt"), "Diretora – MASP 1.287.453-6      Secretário") == ["1.287.453-6"]
    assert found(IdNumberRecognizer("pt"), "FICHA DE ATENDIMENTO / PS          Nº FAA 2025-0087413") == [
        "FAA 2025-0087413"]
    assert found(AddressRecognizer("de"), "Straße, Nr.:    Greifenhagener Str. 18, Seitenflügel, 3. OG") == [
        "Greifenhagener Str. 18, Seitenflügel, 3. OG"]


def test_round_38_identifiers():
    assert found(IdNumberRecognizer("de"), "| Steuer-ID       | 83 105 672 419   | 40 927 318 655   |") == [
        "83 105 672 419", "40 927 318 655"]
    assert found(IdNumberRecognizer("de"), "| Steuer-ID | Name |") == []
    assert found(IdNumberRecognizer("de"), " | BG-Mitgl.-Nr. 211 4478 530       |") == ["211 4478 530"]
    assert found(IdNumberRecognizer("es"), "se levantan huellas (reseña n.º 24/PJ/0671).") == ["24/PJ/0671"]
    assert found(IdNumberRecognizer("es"), "(Resolución de la Conselleria nº 46/D/55281)") == ["46/D/55281"]
    assert found(IdNumberRecognizer("es"), "CUPS: ES0021 0000 0473 8815 JD0F") == ["ES0021 0000 0473 8815 JD0F"]


def test_a_signatory_after_a_column_gap_on_its_line():
    from app.detection.rules import apply_rules, default_rules
    from app.tokenization import split_sentences

    def signatures(text: str) -> list[str]:
        return [e.text for e in apply_rules(text, split_sentences(text), [], default_rules("de", ("signature",)), "de")]

    assert signatures("München, 23.09.2024                  i. A. Stefanie Oberhuber\n") == ["Stefanie Oberhuber"]
    # one space is a sentence's, not a column's gap
    assert signatures("Wir handeln i. A. Ihrer Bank.\n") == []


def test_strict_profile_conditions_written_as_adjectives_or_compounds():
    from app.detection.quasi_identifiers import QuasiIdentifierRecognizer

    def health(language: str, text: str) -> list[str]:
        return [e.text for e in QuasiIdentifierRecognizer(language).recognize(text, []) if e.label == "HEALTH"]

    assert health("en", "he is asthmatic and has a fractured ankle") == ["asthmatic", "fractured ankle"]
    assert health("en", "he fractured the glass") == []
    assert health("de", "Brustkrebs, Nikotinabusus, Dysphagie") == ["Brustkrebs", "Nikotinabusus", "Dysphagie"]
    assert health("de", "im Krebsgang") == []
    assert health("es", "es asmática") == ["asmática"]
    assert health("pt", "internamento por hérnia discal") == ["internamento", "hérnia discal"]


def test_round_39_numbers_and_a_sign_glued_to_the_next_amount():
    assert found(MoneyRecognizer("en"), "plus skills fee Level 2 £125.00. Paid") == ["£125.00"]
    assert found(MoneyRecognizer("de"), "für 5 € Gebühr") == ["5 €"]
    assert found(CaseNumberRecognizer(), "Aktenzeichen MD:       MD-NO 24-118734-P") == ["MD-NO 24-118734-P"]
    assert found(CaseNumberRecognizer(), "Geschäftszeichen: WoA FK 21-3345/24") == ["WoA FK 21-3345/24"]
    assert found(CaseNumberRecognizer(), "(exp. SS-VK-22/3140).") == ["SS-VK-22/3140"]
    assert found(IdNumberRecognizer("pt"), "PROCESSO DE PROMOÇÃO E PROTEÇÃO N.º PPP 0412/24") == ["PPP 0412/24"]
    assert found(IdNumberRecognizer("pt"), "RA (SED): 000.112.874.309-5     CPF: 412.736.958-07") == [
        "000.112.874.309-5", "412.736.958-07"]
    assert found(IdNumberRecognizer("pt"), "na matriz predial urbana da freguesia de Sé sob o artigo 2874.º e") == [
        "2874.º"]
    assert found(IdNumberRecognizer("es"), "Funcionaria receptora: Inmaculada Sanchis Roig (Mat. 40215)") == ["40215"]


def test_an_initial_before_a_surname_found_again_and_a_town_named_by_its_river():
    from app.detection.second_pass import short_forms

    text = "Die Einrichtungsleiterin Gabriele Wünsche unterschreibt.\n\nG. Wünsche, Einrichtungsleitung. Abs.A. Wünsche"
    start = text.index("Gabriele")
    out = short_forms(text, [Entity(start, start + 16, "PERSON", "Gabriele Wünsche", "stanza")], "de")
    assert [e.text for e in out] == ["Gabriele Wünsche", "G. Wünsche", "Wünsche"]
    assert found(AddressRecognizer("en"), "Jesmond, Newcastle upon Tyne NE2 3RT; Stratford-upon-Avon; Go upon it") == [
        "Newcastle upon Tyne", "Stratford-upon-Avon"]
    assert found(IdNumberRecognizer("pt"), "Cartão Nacional de Saúde: 706 0038 4521 9917") == ["706 0038 4521 9917"]


def test_round_40_keywords_a_rosters_staff_numbers_and_a_plot_parcel_first():
    assert found(IdNumberRecognizer("en"), "UK GHIC no.: 8082 6000 4471 2390 5517") == ["8082 6000 4471 2390 5517"]
    assert found(IdNumberRecognizer("en"), "Custody record no.: 44NM/01873/24") == ["44NM/01873/24"]
    assert found(IdNumberRecognizer("en"), "PROPERTY (sealed bag M0047721)") == ["M0047721"]
    assert found(IdNumberRecognizer("en"), "Review by Insp 0653 Gareth Pryce-Owen – detention continued") == ["0653"]
    assert found(IdNumberRecognizer("en"), "the bag 12345 times") == []
    assert found(IdNumberRecognizer("es"), "Nº S. Social:        30/00481726/55") == ["30/00481726/55"]
    assert found(IdNumberRecognizer("es"), "DNI 74183920H, parcela 118 del polígono 22. Riego") == [
        "74183920H", "parcela 118 del polígono 22"]
    text = ("| PNr.  | Name, Vorname              | Qual.       | VK   | Mo | Di |\n"
            "|-------|----------------------------|-------------|------|----|----|\n"
            "| 30417 | Hohenstein-Ağaoğlu, Birgit | PFK, SL     | 1,0  | F  | F  |\n")
    assert [(e.text, e.label) for e in TableRecognizer().recognize(text, [])] == [
        ("30417", "ID_NUMBER"), ("Hohenstein-Ağaoğlu, Birgit", "PERSON")]
    assert ("4412", "PHONE") in detect("de", "Stationsleitung: Birgit Hohenstein-Ağaoğlu (intern 4412)")
    assert not any(label == "PHONE" for _, label in detect("de", "Das wird intern 2024 geklärt."))


def test_after_round_41_other_currency_signs_job_numbers_and_dotted_numbers_with_a_check_digit():
    assert found(MoneyRecognizer("en"), "I have savings of ₦4,200,000 in my account") == ["₦4,200,000"]
    assert found(IdNumberRecognizer("en"), "DMR Plumbing & Heating Ltd (job no. 44817), and") == ["44817"]
    assert found(IdNumberRecognizer("pt"), "INSS (benefício nº 638.554.102-1) e Sinistro nº 0731.2024.55820-7)") == [
        "638.554.102-1", "0731.2024.55820-7"]
    assert found(IdNumberRecognizer("pt"), "Lei nº 8.213/91 e Decreto nº 3.048/99") == []


def test_a_members_number_in_parentheses_after_a_name():
    assert found(IdNumberRecognizer("pt"), "A sócia D. Gertrudes Lemos (n.º 64), de 88 anos, e Rui Gomes (n.º 187)") == [
        "64", "187"]
    assert found(IdNumberRecognizer("en"), "| 2 | Yusuf Demirtaş (no. 46)  | Visitor") == ["46"]
    assert found(IdNumberRecognizer("de"), "Herr Müller (Nr. 12) und die Seite (Nr. 3)") == ["12"]
    # after a lower-case word or a single capitalised one, a list's or a protocol's number stays one
    assert found(IdNumberRecognizer("en"), "the plan (no. 5) and Protocol (No. 11)") == []
