"""Leaks closed at stop 72, each found in a probe document of rounds 143–151 written with an answer key (a Pune
referral, a UK insurance claim, an Argentine court summons, a Colombian life-insurance reply, a Lisbon tenancy
notice, an Austrian birth certificate and building permit, a Mexican prescription and migration file, a Chilean
mortgage statement and nursing home admission, a Brazilian bill of lading, valuation report, account opening form and
hotel guest card, a Melbourne school's incident report among them)."""

from app.detection.identifiers import IdNumberRecognizer
from app.detection.quasi_identifiers import QuasiIdentifierRecognizer
from tests.unit.fakes import detect, found


def test_a_dot_leader_without_a_colon_ends_a_fields_name():
    text = "Nome ................. Amélia\n  Nacionalidade ......... moçambicana\n"
    # (the model's organizations over a field's name, its leader's dots (tokens of their own) and its value)
    entities = detect("pt", text, {"Nome " + ". " * 17: "ORG", "Nacionalidade " + ". " * 9 + "moçambicana": "ORG"})
    assert ("moçambicana", "ORGANIZATION") in entities
    assert not any("..." in surface or surface in ("Nome", "Nacionalidade") for surface, _ in entities)


def test_english_conditions_with_their_qualifiers_occupations_and_relations():
    text = ("He is a known case of Type 2 diabetes mellitus. Provisional diagnosis: Chronic stable angina, suspected "
            "triple-vessel coronary artery disease. Known hip dysplasia.\n"
            "the site visit by our loss adjuster; as a self-employed dental hygienist\n"
            "  Secondary school teacher\n"
            "Ms. Sneha Venkataraman\nD/o Mr. Rajesh Venkataraman\n")
    spans = found(QuasiIdentifierRecognizer("en"), text)
    for expected in ("Type 2 diabetes mellitus", "Chronic stable angina",
                     "suspected triple-vessel coronary artery disease", "hip dysplasia", "loss adjuster",
                     "self-employed dental hygienist", "Secondary school teacher", "D/o"):
        assert expected in spans
    # a capital opening its line is no modifier in German, whose nouns all have one ("Denn Arbeiter kamen")
    assert "Denn Arbeiter" not in found(QuasiIdentifierRecognizer("de"), "Denn Arbeiter kamen nicht.\n")


def test_german_spanish_and_portuguese_quasi_identifiers():
    text = ("wegen Morbus Scheuermann befreit.\nSchulte-Ebbing, Justizbeschäftigte\n"
            "Staatsangehöriger, Lastwagenchauffeur\nRichterin am Amtsgericht\n")
    spans = found(QuasiIdentifierRecognizer("de"), text)
    for expected in ("Morbus Scheuermann", "Justizbeschäftigte", "Lastwagenchauffeur", "Richterin am Amtsgericht"):
        assert expected in spans
    text = ("el demandado, de nacionalidad libanesa y comerciante textil.\n"
            "Causa del fallecimiento: infarto agudo de miocardio, con enfermedad renal crónica estadio 3.\n"
            "en calidad de cónyuge sobreviviente.\nOficial notificador\n"
            "Lesiones: fractura de tibia y peroné derechos.\n")
    spans = found(QuasiIdentifierRecognizer("es"), text)
    for expected in ("libanesa", "infarto agudo de miocardio", "enfermedad renal crónica estadio 3",
                     "cónyuge sobreviviente", "Oficial notificador", "fractura de tibia y peroné derechos"):
        assert expected in spans
    text = ("Paciente com doença renal crônica estágio 4, hipertensão arterial sistêmica e anemia normocítica.\n"
            "regressa com a esposa e o filho menor. Na qualidade de senhoria, comunico.\n")
    spans = found(QuasiIdentifierRecognizer("pt"), text)
    for expected in ("doença renal crônica estágio 4", "hipertensão arterial sistêmica", "anemia normocítica",
                     "filho menor", "senhoria"):
        assert expected in spans


def test_a_letterheads_line_in_capitals_that_ends_in_an_institutions_word():
    assert ("SAHYADRI MULTISPECIALITY HOSPITAL", "ORGANIZATION") in detect(
        "en", "SAHYADRI MULTISPECIALITY HOSPITAL\nDepartment of Internal Medicine\n")
    assert ("MERRIDALE PARK SECONDARY COLLEGE", "ORGANIZATION") in detect(
        "en", "MERRIDALE PARK SECONDARY COLLEGE\nIncident report\n")
    # a title whose word before the institution's is a function word names none
    assert detect("en", "ADMISSION TO HOSPITAL\nThe patient was admitted.\n") == []


def test_surnames_in_capitals_after_a_first_name_and_a_firms_form_before_a_sentence():
    assert ("Dimitrios PAPADAKIS", "PERSON") in detect(
        "es", "Otorgante: Dimitrios PAPADAKIS a favor de la apoderada.\n")
    # a place's name before capitals is no first name
    assert detect("es", "Vimos la Catedral de Sevilla GRANDE hoy.\n") == [("Sevilla", "LOCATION")]
    assert ("Seguradora Norte Vida, S.A.", "ORGANIZATION") in detect(
        "pt", "Seguradora Norte Vida, S.A. A segunda mutuária declarou hipertensão.\n")


def test_english_and_german_keywords_and_registers():
    text = ("Brennan Group Pension Scheme (Scheme Ref. PSR 10184562)\n"
            "Entry no.: AEJ7M2TQ3   ABF officer no. 40871\nPlan: Suraksha Term Plus (UIN 163N092V01)\n")
    assert found(IdNumberRecognizer("en"), text) == [
        "PSR 10184562", "AEJ7M2TQ3", "40871", "163N092V01"]
    text = ("Schulkennzahl 601046\nEintragungszahl:                G 2023/004817\n"
            "im Zentralen Testamentsregister, Reg.-Zl. 2016/447190\n")
    assert found(IdNumberRecognizer("de"), text) == ["601046", "G 2023/004817", "2016/447190"]


def test_spanish_keywords_and_a_chilean_land_registers_inscription():
    text = ("Céd. Prof. 8472159   Céd. Esp. 10583264\nCódigo de participante: 203-CAL-0019\n"
            "NUT: 0924-CMX-0145871           Pieza: 3392/2024\nCarpeta: CI-FJAL/GDL/04512/2024\n"
            "Credencial de discapacidad: N° 4873219-DIS\nDra. Pérez, RNPI 187452\n"
            "Inscripción:         Fs. 38.412 N° 56.290, Reg. de Hipotecas CBR Santiago\n")
    spans = found(IdNumberRecognizer("es"), text)
    for expected in ("10583264", "203-CAL-0019", "3392/2024", "CI-FJAL/GDL/04512/2024", "4873219-DIS", "187452",
                     "Fs. 38.412 N° 56.290"):
        assert expected in spans
    assert found(IdNumberRecognizer("es"), "la pieza de la casa y la carpeta azul.\n") == []


def test_portuguese_keywords_registers_and_a_branch_with_its_account():
    text = ("fração autónoma «F», artigo matricial urbano 4318\n"
            "registada no Banco de Portugal sob o n.º 0891\nCNPJ 12.487.309/0001-37 | I.E. 633.214.870.118\n"
            "MV ATLÂNTICO SUL        IMO: 9512846\nDU-E nº: 24BR000918273-4\nSIF 2873\n"
            "Unidade Consumidora (UC): 5217 4038 9\nLocalizador aéreo: 8HZR4P\n"
            "   Matrícula: nº 87.412 do 2º Ofício\nCREA-MG 142.887/D\nAgência/Conta:   0427 / 01.245.678-3\n"
            "Cadastur 29.054182.10.0001-7\nAssento de óbito:   n.º 4127 de 2024\n")
    spans = found(IdNumberRecognizer("pt"), text)
    for expected in ("4318", "0891", "633.214.870.118", "9512846", "24BR000918273-4", "2873", "5217 4038 9",
                     "8HZR4P", "87.412", "CREA-MG 142.887/D", "0427 / 01.245.678-3", "29.054182.10.0001-7", "4127"):
        assert expected in spans


def test_fields_institutions_table_headers_and_titles():
    assert ("HOFBAUER", "PERSON") in detect("de", "  Familienname vor Eheschl.:    HOFBAUER\n")
    entities = detect("de", "Ausstellende Behörde:    Generalkonsulat der Republik Türkei Köln\n"
                            "Die Beschwerde ist bei der Stadtgemeinde Mödling einzubringen.\n")
    assert ("Generalkonsulat der Republik Türkei Köln", "ORGANIZATION") in entities
    assert ("Stadtgemeinde Mödling", "ORGANIZATION") in entities
    text = ("Name                   DOB         Year  VSN        Role\n"
            "Nguyễn Minh Khoa       04/07/2011  8     118402776  Injured\n")
    assert ("118402776", "ID_NUMBER") in detect("en", text)
    assert ("Luz Elena Ramírez Soto", "PERSON") in detect("es", "Dispensó: Q.F.B. Luz Elena Ramírez Soto\n")


def test_quasi_identifiers_of_rounds_146_to_154():
    spans = found(QuasiIdentifierRecognizer("en"), "diagnosed with relapsing-remitting multiple sclerosis and lumbar "
                                                   "disc herniation; a paediatric resident; listed as dependants.\n")
    for expected in ("relapsing-remitting multiple sclerosis", "lumbar disc herniation", "paediatric resident",
                     "dependants"):
        assert expected in spans
    text = ("aufgrund einer Gehbehinderung; eine leichte Rot-Grün-Sehschwäche.\n"
            "Beruf: Pharmakologin\nFür die Standesbeamtin\nZwillingsgeschwister\n")
    spans = found(QuasiIdentifierRecognizer("de"), text)
    for expected in ("Gehbehinderung", "leichte Rot-Grün-Sehschwäche", "Pharmakologin", "Standesbeamtin",
                     "Zwillingsgeschwister"):
        assert expected in spans
    spans = found(QuasiIdentifierRecognizer("es"), "con Dr. Zuluaga, ginecólogo, y el reumatólogo; alergia al látex; "
                                                   "Hipertensión arterial sistémica descontrolada\n")
    for expected in ("ginecólogo", "reumatólogo", "alergia al látex", "Hipertensión arterial sistémica descontrolada"):
        assert expected in spans
    # a counterpart is no specialist
    assert "homólogo" not in found(QuasiIdentifierRecognizer("es"), "se reunió con su homólogo.\n")
    spans = found(QuasiIdentifierRecognizer("pt"), "Causa: carcinoma do pulmão; cancro da mama em remissão; "
                                                   "representada por seu sócio-administrador; motorista sul-africano\n")
    for expected in ("carcinoma do pulmão", "cancro da mama em remissão", "sócio-administrador", "sul-africano"):
        assert expected in spans


def test_keywords_streets_institutions_and_fields_of_rounds_152_to_154():
    assert found(IdNumberRecognizer("en"), "Scheme Registry No. 10193847. HMRC PSTR 00412783RL\n") == [
        "10193847", "00412783RL"]
    text = "Referencia:      202210002841793L\nLicencia sanitaria COFEPRIS 14-AM-0398/2019\n"
    assert found(IdNumberRecognizer("es"), text) == ["202210002841793L", "14-AM-0398/2019"]
    assert found(IdNumberRecognizer("es"), "Referencia: 12 de marzo\n") == []
    assert found(IdNumberRecognizer("pt"), "Plano PREVIMAR CD II (CNPB 2011.0017-83)\n") == ["2011.0017-83"]
    assert ("Rua 1.º de Maio, 12, 1.º Dt.º", "LOCATION") in detect(
        "pt", "morada na Rua 1.º de Maio, 12, 1.º Dt.º, 2835-097 Baixa da Banheira\n")
    assert ("Juzgado Nacional de Primera Instancia en lo Comercial N° 14", "ORGANIZATION") in detect(
        "es", "ante el Juzgado Nacional de Primera Instancia en lo Comercial N° 14, con costas.\n")
    assert ("THAMESIDE MENTAL HEALTH NHS FOUNDATION TRUST", "ORGANIZATION") in detect(
        "en", "THAMESIDE MENTAL HEALTH NHS FOUNDATION TRUST\nDischarge summary\n")
    assert ("St Brigid's Parish", "ORGANIZATION") in detect("en", "Personal reference: St Brigid's Parish, Concord.\n")
    assert ("Handelsgericht Wien", "ORGANIZATION") in detect("de", "FN 412587 k, Handelsgericht Wien\n")
    assert ("YASMINA EL AMRANI BENALI", "PERSON") in detect("es", "Destinataria:    YASMINA EL AMRANI BENALI\n")


def test_keywords_legal_forms_and_institutions_of_rounds_155_to_157():
    text = "Care manager: Siobhan Kelly RN, AHPRA NMW0001837452\nAgent IATA 47-4 7123\n"
    assert found(IdNumberRecognizer("en"), text) == ["NMW0001837452", "47-4 7123"]
    assert found(IdNumberRecognizer("pt"), "Agente de Carga IATA 47-4 7123\n") == ["47-4 7123"]
    text = "Kommandant: Reto Baumgartner, Lizenz CH.FCL.41873\nUID CHE-412.887.305 MWST · AOC CH.AOC.1092\n"
    spans = found(IdNumberRecognizer("de"), text)
    assert "CH.FCL.41873" in spans and "CH.AOC.1092" in spans
    text = "Vuelo:              SMD 482\nCap. Rodrigo Salinas Ochoa, licencia TTA 0012847\n"
    assert found(IdNumberRecognizer("es"), text) == ["SMD 482", "TTA 0012847"]
    assert found(IdNumberRecognizer("es"), "Administración: Estudio Rinaldi - RPA N° 11.782\n") == ["11.782"]
    assert ("Raiffeisenbank Korneuburg eGen", "ORGANIZATION") in detect(
        "de", "Das Pfandrecht zugunsten der Raiffeisenbank Korneuburg eGen wird gelöscht.\n")
    assert ("Sparkasse KölnBonn", "ORGANIZATION") in detect("de", "IBAN bei der Sparkasse KölnBonn, Köln.\n")
    assert ("SHRI VENKATESWARA EDUCATIONAL TRUST", "ORGANIZATION") in detect(
        "en", "SHRI VENKATESWARA EDUCATIONAL TRUST\n(Registered under the Indian Trusts Act)\n")
    # (the model's part of a foundation's name in capitals)
    assert ("FUNDACIÓN CEIBA EDUCATIVA", "ORGANIZATION") in detect(
        "es", "La beca de la FUNDACIÓN CEIBA EDUCATIVA se renueva.\n", {"FUNDACIÓN CEIBA": "ORG"})


def test_conditions_occupations_and_relations_of_rounds_152_to_157():
    spans = found(QuasiIdentifierRecognizer("en"), "Diagnoses: Harmful use of alcohol; essential hypertension; "
                                                   "Early-stage vascular dementia; previous LSCS for fetal distress.\n")
    for expected in ("Harmful use of alcohol", "essential hypertension", "Early-stage vascular dementia", "LSCS",
                     "fetal distress"):
        assert expected in spans
    spans = found(QuasiIdentifierRecognizer("de"), "Verdacht auf distale Radiusfraktur rechts, Platzwunde an der "
                                                   "Stirn; Knieprellung links; Sozialpädagogin; Kabinenchefin\n")
    for expected in ("distale Radiusfraktur rechts", "Platzwunde", "Knieprellung links", "Sozialpädagogin",
                     "Kabinenchefin"):
        assert expected in spans
    spans = found(QuasiIdentifierRecognizer("es"), "tras intento suicida; Anemia ferropénica leve; hipokalemia "
                                                   "corregida; estrés académico; Sobrecargo; nutricionista\n")
    for expected in ("intento suicida", "Anemia ferropénica leve", "hipokalemia corregida", "estrés académico",
                     "Sobrecargo", "nutricionista"):
        assert expected in spans
    spans = found(QuasiIdentifierRecognizer("pt"), "A mãe refere depressão reativa; dependência química; tratamento "
                                                   "de câncer de próstata; o meio-irmão; operadora de caixa\n")
    for expected in ("depressão reativa", "dependência química", "câncer de próstata", "meio-irmão",
                     "operadora de caixa"):
        assert expected in spans


def test_keywords_and_offices_of_rounds_158_to_160():
    assert found(IdNumberRecognizer("en"), "Gebremedhin (Tigrinya), Interpreter No. 30958\n") == ["30958"]
    text = ("la psicóloga (carné prof. 117.428)\nCentro autorizado R.S. n.º 46-C22-4417\n"
            "Código anónimo: BSD-VLC-7731\n")
    assert found(IdNumberRecognizer("es"), text) == ["117.428", "46-C22-4417", "BSD-VLC-7731"]
    assert found(IdNumberRecognizer("pt"), "Ocorrência nº 2024.07.15-0932          Data:\n") == ["2024.07.15-0932"]
    assert ("Hauptzollamt Hamburg", "ORGANIZATION") in detect("de", "Das Hauptzollamt Hamburg teilt mit.\n")
    assert ("Aduana de Ezeiza", "ORGANIZATION") in detect("es", "La Aduana de Ezeiza informa.\n")
