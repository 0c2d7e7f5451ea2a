"""Leaks closed at stop 64, each found in a probe document written with an answer key (a Singapore resale
acknowledgement, a British licence revocation, a Centrelink statement, a Kenyan tax certificate, a Philippine loan
statement, a Ghanaian judgment, a Jamaican valuation notice, a Canadian work permit, a Liechtenstein tax assessment, an
Austrian probate decision, a South Tyrolean building permit, Dominican, Bolivian, Costa Rican and Cuban civil
registers, an Ecuadorian ruling, a Venezuelan company's minutes, Cape Verdean and Macau land registers, a Brazilian
service invoice, receipts of Equatorial Guinea, São Tomé and Cuba): Malay and Indian patronymics,
Singapore and Philippine flats, plots and units, Swiss amounts without a currency, keywords and register entries of
every language, an Austrian court's check letter, the CFA franc, the dobra and the Cuban peso."""

from app.detection.addresses import AddressRecognizer
from app.detection.identifiers import IdNumberRecognizer
from app.detection.patterns import CaseNumberRecognizer, MoneyRecognizer, PostalCodeRecognizer
from tests.unit.fakes import detect, found


def test_malay_and_indian_patronymics_join_the_name():
    labels = detect("en", "Mr Tan Wei Ming\nMs Priya d/o Ramasamy\nBlk 62 Telok Blangah Heights #08-221\n",
                    {"Tan Wei Ming": "PER", "Priya": "PER", "Ramasamy": "PER"})
    assert ("Priya d/o Ramasamy", "PERSON") in labels
    labels = detect("en", "Please contact Ms Siti Nurhaliza bte Ahmad, or Muthu a/l Rajan, at the office.",
                    {"Siti Nurhaliza": "PER", "Muthu": "PER"})
    assert ("Siti Nurhaliza bte Ahmad", "PERSON") in labels
    assert ("Muthu a/l Rajan", "PERSON") in labels
    # no person beside it: a word, not a connector
    labels = detect("en", "We put it in the bin Monday.", {})
    assert all("bin" not in text for text, _ in labels)


def test_singapore_and_philippine_flats_plots_and_units():
    recognizer = AddressRecognizer("en")
    text = ("RESALE OF FLAT AT BLK 318C ANCHORVALE LINK #12-145 SINGAPORE 543318\n"
            "Address       : Blk 12 Lot 7, Sampaguita St., Brgy. Basak, Purok 5\n"
            "      Lot 27, Phoenix Park Avenue\n   Plot 23, Abossey Okai, Accra\n"
            "Employer address:        2150 Dundas Street West, Unit 4, Mississauga ON  L5K 2R1\n"
            "Registered office:     Unit 12, Rosebank Office Park, 181 Jan Smuts Avenue\n")
    addresses = found(recognizer, text)
    for value in ("BLK 318C ANCHORVALE LINK #12-145", "Blk 12 Lot 7", "Purok 5", "Lot 27", "Plot 23",
                  "2150 Dundas Street West, Unit 4", "Unit 12, Rosebank Office Park"):
        assert value in addresses
    # a figure's plot, no address
    assert found(recognizer, "See Plot 4 of the appendix.") == []
    assert found(PostalCodeRecognizer("en"), "BLK 318C ANCHORVALE LINK #12-145 SINGAPORE 543318\n") == ["543318"]


def test_swiss_amounts_without_a_currency():
    text = ("2    Erwerb unselbständig Ehefrau                      46'850.00\n"
            "4    Beiträge AHV/IV/FAK/ALV und BPV                  -16'930.00\n"
            "     Fläche des Grundstücks                           1'250.50 m2\n")
    assert found(MoneyRecognizer("de"), text) == ["46'850.00", "-16'930.00"]


def test_currencies_of_central_africa_sao_tome_cuba_and_the_philippine_peso():
    assert found(MoneyRecognizer("es"), "Tasa abonada: 5.000 FCFA – valor de 50.00 CUP.") == ["5.000 FCFA",
                                                                                           "50.00 CUP"]
    assert found(MoneyRecognizer("pt"), "Emolumentos: 75,00 Dbs — Recibo") == ["75,00 Dbs"]
    assert found(MoneyRecognizer("en"), "Service Fee (1%)     : PHP 400.00\nRuns on PHP 8.2") == ["PHP 400.00"]


def test_keywords_of_english_and_german_documents():
    text = ("Driver number: ADEYE806159OA9XY\nCustomer Reference No.:  407 219 386K\n"
            "Ballybane Shopping Centre, Galway (GMS Panel No. 61847). If you\n"
            "RE: TENDER NO. LBWWDA/T/014/2023-2024 – TAX COMPLIANCE\nPartner, CPA K-04417\n"
            "PO Box 429, Pretoria, 0001\n")
    ids = found(IdNumberRecognizer("en"), text)
    for value in ("ADEYE806159OA9XY", "407 219 386K", "61847", "LBWWDA/T/014/2023-2024", "K-04417", "429"):
        assert value in ids
    text = ("PEID:          1039476 (Ehemann)\nErweiterung des Wohngebäudes auf Bp. 1187/3, K.G. Neumarkt\n"
            "ob der Liegenschaft EZ 1572 KG 63106 Geidorf die Einverleibung\n")
    ids = found(IdNumberRecognizer("de"), text)
    for value in ("1039476", "1187/3", "EZ 1572 KG 63106"):
        assert value in ids


def test_keywords_and_register_entries_of_spanish_documents():
    text = ("Libro No.: 00004    Folio No.: 0192    Acta No.: 000792\n"
            "Santiago, Libro 00021, Folio 0045, Acta 000312, Año 2015.\n"
            "Juicio No.: 17204-2024-01873\nNúmero de trámite: 221.2024.2.1187\n"
            "Libro N°: 12   Partida N°: 318   Folio N°: 159\n"
            "CERTIFICA: que al tomo 2187, folio 406, asiento 812 de la Sección\n"
            "Inscripción: Tomo: 142 Folio: 87 Asiento: 1739 del Registro Civil\n")
    ids = found(IdNumberRecognizer("es"), text)
    for value in ("00004", "0192", "00021", "0045", "000312", "17204-2024-01873", "221.2024.2.1187", "318", "159",
                  "tomo 2187, folio 406, asiento 812", "Tomo: 142 Folio: 87 Asiento: 1739"):
        assert value in ids
    # a year after "folio" is no entry, nor a decimal
    assert found(IdNumberRecognizer("es"), "el folio 2,5 del acta") == []


def test_keywords_and_register_entries_of_portuguese_documents():
    text = ("e descrito na Conservatória dos Registos Predial, Comercial e Automóvel da Praia sob o n.º 12.845, a "
            "folhas 91 do Livro B-32.\n\nDESCRIÇÃO N.º 22 917, a fls. 88 do Livro B-51\n"
            "G-1 – Inscrição n.º 158 203, de 22/11/2016\n"
            "Número da NFS-e: 00002417          Data\ncom o número de beneficiária 100473829.\n")
    ids = found(IdNumberRecognizer("pt"), text)
    for value in ("12.845, a folhas 91 do Livro B-32", "DESCRIÇÃO N.º 22 917, a fls. 88 do Livro B-51", "158 203",
                  "00002417", "100473829"):
        assert value in ids


def test_an_austrian_courts_check_letter_after_a_space():
    assert found(CaseNumberRecognizer(), "Radetzkystraße 27, 8010 Graz\n\n12 A 187/23 k\n\nVerlassenschaft") == [
        "12 A 187/23 k"]
    # an article after the number is no check letter
    assert found(CaseNumberRecognizer(), "in case 12 A 187/23 a decision was") == ["12 A 187/23"]


def test_a_bolivian_death_certificates_surnames_by_their_fields():
    labels = detect("es", "Apellido paterno: MAMANI          Apellido materno: CONDORI\nNombres: TEODORO ISIDRO\n")
    assert ("CONDORI", "PERSON") in labels
    assert ("MAMANI", "PERSON") in labels


def test_an_organizations_field_and_its_value():
    labels = detect("es", "Ocupación:            Cocinera\nLugar de trabajo:     Restaurante La Vasija Dorada, S.A.\n"
                          "Nombre Comercial: ESTUDIO NAKAMURA DISEÑO\nEmpleador: jubilado\n")
    assert ("Restaurante La Vasija Dorada, S.A.", "ORGANIZATION") in labels
    assert ("ESTUDIO NAKAMURA DISEÑO", "ORGANIZATION") in labels
    assert all(text != "jubilado" for text, _ in labels)  # a value that names none
    labels = detect("en", "Enterprise name:       UMNOTHO GREEN ENERGY (PTY) LTD\nEmployer: None\n")
    assert ("UMNOTHO GREEN ENERGY (PTY) LTD", "ORGANIZATION") in labels
    assert all(text != "None" for text, _ in labels)


def test_a_name_after_its_fields_colon_and_a_column_gap():
    labels = detect("de", "1  Name:                    Yılmaz-Hoffmann\n2  Vornamen:                Deniz Cemile\n")
    assert ("Yılmaz-Hoffmann", "PERSON") in labels
    assert ("Deniz Cemile", "PERSON") in labels
    assert ("KOVAČEVIĆ-HOFBAUER", "PERSON") in detect("de", "Familienname:         KOVAČEVIĆ-HOFBAUER\n")


def test_capital_surnames_of_a_name_alone_on_its_line_before_a_full_stop():
    labels = detect("es", "destinado a vivienda del LOCATARIO y de su esposa,\nNATALIA SOLEDAD INSFRÁN DE FRIESEN.\n\n"
                          "SEGUNDA", {"NATALIA SOLEDAD": "PER"})
    assert ("NATALIA SOLEDAD INSFRÁN DE FRIESEN", "PERSON") in labels


def test_keywords_of_a_second_round():
    ids = found(IdNumberRecognizer("es"), "Inspector Jorge Harb, Carnet Policial No. 18734\n"
                                         "ESCRITURA PÚBLICA NÚMERO: 2.847\nen la cuenta monetaria 3-099-41872-6 del\n")
    for value in ("18734", "2.847", "3-099-41872-6"):
        assert value in ids
    ids = found(IdNumberRecognizer("en"), "Lease No.:  4/11/38215             Board\nGrower No. 2214, Fiji\n")
    assert ids == ["4/11/38215", "2214"]
    ids = found(IdNumberRecognizer("pt"), "e inscrito na matriz urbana da freguesia do Areeiro sob o artigo 1789,\n"
                                         "Dra. Shabnam Karim Ismail, médica, OrMM n.º 2317\n")
    assert ids == ["1789", "2317"]


def test_phones_after_the_plural_keyword_a_swiss_plate_the_lempira_and_the_ringgit():
    from app.detection.patterns import PHONE_REGIONS, PhoneRecognizer, phone_keywords
    from app.detection.plates import LicencePlateRecognizer

    recognizer = PhoneRecognizer(PHONE_REGIONS["es"], phone_keywords("es"))
    assert found(recognizer, "Teléfonos:            8845 2391 / 2266 0173\n") == ["8845 2391", "2266 0173"]
    assert found(LicencePlateRecognizer("de"), "Ziff. 15:   Geschäftsfahrzeug ZH 482 117, Privatanteil") == [
        "ZH 482 117"]
    assert found(MoneyRecognizer("es"), "Salario mensual:      L. 24,850.00 (veinticuatro mil)") == ["L. 24,850.00"]
    assert found(MoneyRecognizer("en"), "gratuity amounting to RM 38,450.00 have been settled") == ["RM 38,450.00"]


def test_a_public_body_in_capitals_on_the_letterhead():
    labels = detect("en", "IN THE SUPERIOR COURT OF JUDICATURE\nKENYA REVENUE AUTHORITY\n"
                          "NOTICE OF DECISION BY THE BOARD\nDear Sir,\n")
    assert ("SUPERIOR COURT OF JUDICATURE", "ORGANIZATION") in labels
    assert ("KENYA REVENUE AUTHORITY", "ORGANIZATION") in labels
    assert all(text != "NOTICE OF DECISION BY THE BOARD" for text, _ in labels)  # the document's title
    labels = detect("pt", "CARTÓRIO NOTARIAL DA REGIÃO DE PRIMEIRA CLASSE DA PRAIA\nPRESTADOR DE SERVIÇOS\n")
    assert ("CARTÓRIO NOTARIAL DA REGIÃO DE PRIMEIRA CLASSE DA PRAIA", "ORGANIZATION") in labels
    assert all(text != "PRESTADOR DE SERVIÇOS" for text, _ in labels)  # a form's section: the body's word not first
    labels = detect("de", "STEUERVERWALTUNG DES FÜRSTENTUMS LIECHTENSTEIN\nÄulestrasse 51\nMELDEBESTÄTIGUNG\n")
    assert ("STEUERVERWALTUNG DES FÜRSTENTUMS LIECHTENSTEIN", "ORGANIZATION") in labels
    # an ordinal before the body, a number after it, and the model's entity across its start
    labels = detect("pt", "REPÚBLICA DE ANGOLA\n2.ª CONSERVATÓRIA DO REGISTO CIVIL DE LUANDA\n")
    assert ("2.ª CONSERVATÓRIA DO REGISTO CIVIL DE LUANDA", "ORGANIZATION") in labels
    assert ("NOTARÍA DE FE PÚBLICA N° 47", "ORGANIZATION") in detect("es", "NOTARÍA DE FE PÚBLICA N° 47\nLa Paz\n")
    labels = detect("en", "IN THE COUNTY COURT AT CARDIFF\nClaim No.: K00CF412\n", {"THE COUNTY COURT": "ORG"})
    assert ("THE COUNTY COURT AT CARDIFF", "ORGANIZATION") in labels
    # below the letterhead's lines a line in capitals is no letterhead
    text = "Sehr geehrte Frau Weber,\n\nwir schreiben Ihnen.\nDanke.\nGruß\nTeam\nMeyer\nSTADTVERWALTUNG DER ZUKUNFT\n"
    assert all(label != "ORGANIZATION" for _, label in detect("de", text))


def test_keywords_of_a_third_round():
    ids = found(IdNumberRecognizer("en"), "SSB Nos.:       000482317 and 000519064\n"
                                         "Tax Clearance Access Number (TCAN): 2190457\nSgt Amukwaya, Force No. 31442\n"
                                         "Block / Parcel:        16 / 2871\n")
    for value in ("000482317", "000519064", "2190457", "31442", "16 / 2871"):
        assert value in ids
    ids = found(IdNumberRecognizer("de"), "Nummer der Bedarfsgemeinschaft: 23401BG0184762\n"
                                         "Zahl der Gerichtskommissärin: 0388/24\n")
    assert ids == ["23401BG0184762", "0388/24"]
    ids = found(IdNumberRecognizer("es"), "Nro. inscripción     : 1.847      Registro : S\n"
                                         "Código verificación  : 3f7a2c1e9b04\nSerie y folio: NR 482913     Ramo\n"
                                         "Partida: 1284      Folio\nCódigo SITUR: 23-13-10-001-0042\n"
                                         "Abog. Ticona – Mat. CAB N° 11253\nla Finca, Código de Ubicación 8708, de\n")
    for value in ("1.847", "3f7a2c1e9b04", "NR 482913", "1284", "23-13-10-001-0042", "11253", "8708"):
        assert value in ids


def test_currencies_phones_and_flats_of_a_third_round():
    from app.detection.patterns import PHONE_REGIONS, PhoneRecognizer, phone_keywords

    assert found(MoneyRecognizer("en"), "Annual rent: K 385.00   Fee paid: NLe 25.00 (Receipt)") == [
        "K 385.00", "NLe 25.00"]
    assert found(MoneyRecognizer("pt"), "A renda mensal é de 4.500,00 Dobras (STN), paga") == ["4.500,00 Dobras"]
    assert found(MoneyRecognizer("de"), "Auslagen Polizei Fr. 145.00.") == ["Fr. 145.00"]
    assert found(MoneyRecognizer("es"), "Valor pagado: L 200.00 · Recibo") == ["L 200.00"]
    recognizer = PhoneRecognizer(PHONE_REGIONS["pt"], phone_keywords("pt"))
    assert found(recognizer, "Contacto:           976 48 13\nSecretária do Suco, contacto 7805 1129\n") == [
        "976 48 13", "7805 1129"]
    recognizer = PhoneRecognizer(PHONE_REGIONS["es"], phone_keywords("es"))
    assert found(recognizer, "o por SINPE Móvil al 8834-2190.") == ["8834-2190"]
    assert found(AddressRecognizer("de"), "Wohnung: Stiege 14, Tür 2, Favoritenstraße 12\nTop 3.5 Prozent") == [
        "Stiege 14", "Tür 2", "Favoritenstraße 12"]


def test_nationalities_of_central_america_sao_tome_and_austria():
    labels = detect("es", "Juan Pérez, nicaragüense, y su esposa, hondureña.")
    assert ("nicaragüense", "DEMOGRAPHIC") not in labels  # the standard profile leaves them in clear

    def strict(language: str, text: str) -> list[str]:
        return [found for found, _ in detect(language, text, profile="strict")]

    assert {"nicaragüense", "hondureña"} <= set(strict("es", "Juan Pérez, nicaragüense, y su esposa, hondureña."))
    assert "são-tomense" in strict("pt", "Maria Lima, são-tomense, residente")
    assert "bosnisch-herzegowinischer Staatsbürger" in strict("de", "Herr Hadžić, bosnisch-herzegowinischer "
                                                                    "Staatsbürger, wohnhaft")


def test_keywords_and_register_entries_of_a_fourth_round():
    ids = found(IdNumberRecognizer("es"), "inscrita bajo el Número 98,412, Tomo 1843, Folio 112, Asiento 2º del\n"
                                         "Acta N° 254 – Tomo 3 – Folio 127 – Año 2023\ncarné CSJ No. 12384, auten\n"
                                         "mediante cheque de caja número 0087213 del\nC.C. 32.507.664  T.P. 98412-T\n"
                                         "Nit:                  901482736-5\n")
    for value in ("Número 98,412, Tomo 1843, Folio 112, Asiento 2º", "Acta N° 254 – Tomo 3 – Folio 127", "12384",
                  "0087213", "98412-T", "901482736-5"):
        assert value in ids
    ids = found(IdNumberRecognizer("pt"), "revendo o Livro A-87, às fls. 214, sob o nº 41.532, consta\n"
                                         "Identificador da declaração: 2024-06-0873145562\n"
                                         "titular do Cartão de Residente n.º 0048213/CR/2022 e\n"
                                         "Conta vinculada: 000.312.6658.0-4    Categoria\n")
    assert ids == ["Livro A-87, às fls. 214, sob o nº 41.532", "2024-06-0873145562", "0048213/CR/2022",
                   "000.312.6658.0-4"]
    assert found(IdNumberRecognizer("de"), "Aufnahmezahl:  2024/018833\nauf Grundstück Nr. 1873. Im Januar\n") == [
        "2024/018833", "1873"]
    assert found(IdNumberRecognizer("en"), "as Plan No. 78214; with\n194-IA, Challan No. 02417   1,42,500\n") == [
        "78214", "02417"]
    cases = found(CaseNumberRecognizer(), "03 CG.2023.217\nGeschäftszahl:         MBA 10 - 214608/2019\n")
    assert cases == ["03 CG.2023.217", "MBA 10 - 214608/2019"]


def test_caribbean_dollars_indian_lakhs_and_a_wrapped_rows_amount():
    text = "Consideration:  G$18,500,000\ntotalling B$14,650.00. Salary: CI$68,400.00"
    assert found(MoneyRecognizer("en"), text) == ["G$18,500,000", "B$14,650.00", "CI$68,400.00"]
    text = ("Sl. Mode  Instrument No.   Bank                   Amount (Rs.)\n"
            "1.  RTGS  SBINR52024011   State Bank of India      1,00,00,000\n"
            "2.  DD    384519          Canara Bank, Jayanagar     41,07,500\n")
    assert found(MoneyRecognizer("en"), text) == ["1,00,00,000", "41,07,500"]
    text = ("No.  Description                                             Value £\n"
            "1    Dwelling house at 14/2 Comiston Drive, Edinburgh,\n"
            "     Title Number MID84127                                 285,000.00\n"
            "2    Bank of Scotland current account, sort code 80-22-60,\n"
            "     account 10493872, with interest to date of death        6,412.57\n")
    assert found(MoneyRecognizer("en"), text) == ["285,000.00", "6,412.57"]


def test_identifiers_plates_and_flats_of_a_fifth_round():
    ids = found(IdNumberRecognizer("en"), "Block and Parcel No. : 1255B 412\nin favour of\nParcel 1255B 413.\n"
                                         "Rental bond no:        2318764\n")
    assert ids == ["1255B 412", "1255B 413", "2318764"]
    ids = found(IdNumberRecognizer("de"), "MAHLKNECHT Florian      Ehemann    27.11.1987   MHLFRN87S27B160T\n")
    assert ids == ["MHLFRN87S27B160T"]  # an Italian tax code by its shape, its check letter wrong
    ids = found(IdNumberRecognizer("es"), "  Motor: HR16612045X\n  Placas: JKR-473-A        Tarjeta de circulación: "
                                         "14-3378120\n")
    assert ids == ["HR16612045X", "JKR-473-A", "14-3378120"]
    assert found(IdNumberRecognizer("pt"), "Assento n.º 1247 do ano de 2024 · Livro C-38 · Folha 112 v.") == [
        "1247", "Livro C-38 · Folha 112 v."]
    from app.detection.plates import LicencePlateRecognizer

    assert found(LicencePlateRecognizer("de"), "(Fahrzeug der Mieter: FL 28417).") == ["FL 28417"]
    assert found(AddressRecognizer("de"), "Wohnungseigentum an Top 3/12 verbunden") == ["Top 3/12"]
    labels = detect("es", "Padres:               JULIÁN MAMANI CHOQUE y ROSA QUISPE\n")
    assert any(text.startswith("JULIÁN MAMANI CHOQUE") and label == "PERSON" for text, label in labels)


def test_identifiers_and_names_of_a_sixth_round():
    ids = found(IdNumberRecognizer("en"), "Fingerprints taken by P.C. 612 Rawle Frank on\nSgt. 447 Lennox Mitchell\n"
                                         "(Registered slip RD 482 917 305 ZA)\n")
    assert ids == ["612", "447", "RD 482 917 305 ZA"]
    ids = found(IdNumberRecognizer("de"), "Registernummer:          G 2024/0317\nRep. Nr. 21.318    Slg. Nr. 12.764\n"
                                         "der B.p. 2317 in E.Zl. 1864/II, K.G.\n")
    assert ids == ["G 2024/0317", "21.318", "12.764", "2317", "1864/II"]
    ids = found(IdNumberRecognizer("es"), "Dr. Renzo Alarcón, CMP 048731\nN.º empresa BPS:  4127730\n"
                                         "C.J.P.P.U. N.º 45.312\n(citas 2022-00614872).\nNUIP 1.023.647.118, de\n"
                                         "Malabo, finca n.º 4.217, tomo 38, folio 112, adquirida\n"
                                         "a la cuenta n.º 50001 00102 37204815966 21 de\nVera, Registro Nº 612, a\n")
    for value in ("048731", "4127730", "45.312", "2022-00614872", "1.023.647.118",
                  "finca n.º 4.217, tomo 38, folio 112", "50001 00102 37204815966 21", "612"):
        assert value in ids
    ids = found(IdNumberRecognizer("pt"), "indicação fiscal 23.045.017.000-4.\nNÚMERO DA DECLARAÇÃO DE NASCIDO VIVO: "
                                         "30-24815973-6\nNúmero do Benefício (NB): 209.384.716-5\n")
    assert ids == ["23.045.017.000-4", "30-24815973-6", "209.384.716-5"]
    assert found(MoneyRecognizer("en"), "Fee paid: P 50.00 (Receipt)") == ["P 50.00"]
    assert found(MoneyRecognizer("pt"), "Emolumentos: Db 150,00 (Recibo)") == ["Db 150,00"]
    labels = detect("en", "Registering officer:     Joseph Kiprono arap Chelimo\n", {"Joseph Kiprono": "PER",
                                                                                    "Chelimo": "PER"})
    assert ("Joseph Kiprono arap Chelimo", "PERSON") in labels
    labels = detect("de", "Eltern: Klaus Sommer und Birgit Sommer geborene Vogel, wohnhaft in Köln\n",
                    {"Birgit Sommer": "PER"})
    assert ("Birgit Sommer geborene Vogel", "PERSON") in labels
    labels = detect("es", "CONVOCANTE: Luz Dary Restrepo Zuluaga, C.C. No. 43.812.557\n"
                          "Médico certificante: DRA. ITZEL XÓCHITL HERNÁNDEZ KURI     Cédula profesional: 8437261\n")
    assert ("Luz Dary Restrepo Zuluaga", "PERSON") in labels
    assert ("ITZEL XÓCHITL HERNÁNDEZ KURI", "PERSON") in labels


def test_identifiers_currencies_and_phones_of_a_seventh_round():
    ids = found(IdNumberRecognizer("es"), "N° de causa SIMEF: 0847-2024        RIT de\n"
                                         "bajo el N° 31, Tomo 18, Folios 94 al 99 de los Libros\nTomo: 1049    Folio\n"
                                         "abogada, idoneidad N.º 14827, cédula\n")
    for value in ("0847-2024", "N° 31, Tomo 18, Folios 94 al 99", "1049", "14827"):
        assert value in ids
    ids = found(IdNumberRecognizer("pt"), "N.º do BI anterior:     003871264HA038   Emitido\n(Operador n.º 1127)\n"
                                         "descrito na Conservatória do Registo Predial de Maputo sob o n.º 28.914, a "
                                         "fls. 112 do Livro B/71.\nN.º de beneficiária INPS: 2045873\n")
    assert ids == ["003871264HA038", "1127", "28.914, a fls. 112 do Livro B/71", "2045873"]
    assert found(IdNumberRecognizer("de"), "Bozen, 17.05.2024\nProt. Nr. 28.3/2024/318745\n") == ["28.3/2024/318745"]
    assert found(MoneyRecognizer("en"), "Monthly salary:   SCR 38,500.00\nFee: MUR 1,250.00") == [
        "SCR 38,500.00", "MUR 1,250.00"]
    from app.detection.patterns import PHONE_REGIONS, PhoneRecognizer, phone_keywords

    recognizer = PhoneRecognizer(PHONE_REGIONS["en"], phone_keywords("en"))
    assert found(recognizer, "Contact               : 5729 4418\n") == ["5729 4418"]
