"""Portuguese."""

from __future__ import annotations

from app.detection import labels as L
from app.languages import (
    POLISH_POSTCODE, UK_POSTCODE, CoreferenceWords, Language, StreetAddresses, data_file, register,
)
from app.languages.grammar import RomanceGrammar

#: pt.toml, next to this module: the fields of :data:`app.languages.DATA_FIELDS` (months, weekdays,
#: continents, national identifiers, organization nouns, label names, the strict profile's lexicons) and
#: the grammar's :data:`app.languages.PHRASE_WORDS` (:func:`app.languages.data_file`).
_DATA = data_file("app.languages", "pt.toml")

LANGUAGE = register(Language(
    **_DATA.language,
    code="pt",
    name="Portuguese",
    faker_locales=("pt_PT", "pt_BR"),
    surrogate_countries=("PT", "BR"),
    first_name_locales=("pt_PT", "pt_BR"),
    # "Ilmo." (Ilustríssimo) and "Exmo." (Excelentíssimo) open a letter's address ("Ilmo. Sr. Francisco …")
    titles=frozenset("""Sr. Sra. Srª. Dona Dom Dr. Dra. Prof. Profa. Senhor Senhora Presidente Ministro Ministra Juiz
        Juíza Deputado Deputada Desembargador Desembargadora Senador Senadora Governador Governadora Ilmo. Ilma. Ilmo
        Ilma Exmo. Exma. Exmo Exma Profª. Profª Drª. Drª Dr.ª Sr.ª Eng. Eng.º Eng.ª Engº Engª Arq. Arq.º
        Arq.ª""".split()),
    # "Eng.º" (engenheiro) and "Arq.º" (arquitecto) before a name as Portuguese letters write them
    honorifics=frozenset("""Sr. Sra. Srª. Dr. Dra. Prof. Profa. Senhor Senhora Dona Ilmo. Ilma. Ilmo Ilma Exmo. Exma.
        Exmo Exma Profª. Profª Drª. Drª Dr.ª Sr.ª Eng. Eng.º Eng.ª Engº Engª Arq. Arq.º Arq.ª""".split()),
    greetings=frozenset(w.strip() for w in """olá|oi|ei|e aí|att|atte|grato|grata|bom dia|boa tarde|boa noite|caro|
        cara|caros|prezado|prezada|prezados|querido|querida|obrigado|obrigada|muito obrigado|muito obrigada|abraços|
        um abraço|abraço|abs|beijos|beijo|bjs|atenciosamente|cordialmente|saudações|cumprimentos|tchau|
        até logo""".split("|")),
    # short forms of first names in messages ("can you tell kev"; stop 46), words of the language left out
    nicknames=frozenset("""Zé Juca Dudu Bia Rafa Cadu Tati Nando Guto Malu Lulu Nanda Gabi Leco Tião Chico Quim Necas Xico
        Manel""".split()),
    # and (stop 44) words of family chats that simplemma lacks or a name lexicon lists ("ela", "niver", "tia")
    informal_words=frozenset("""vc vcs tb tbm pq q blz vlw obg kkk kkkk rs hj td msg ok pfv ela niver aniver facul
        profe vó vô pai tia""".split()),
    weekday_abbreviations=tuple("Seg Ter Qua Qui Sex Sáb Sab Dom".split()),
    # (stop 67) the words before a name at birth (:class:`app.detection.rules.BirthNameRule`)
    birth_names=("nascida", "em solteira", "solteira"),
    party_roles=frozenset("""autor autora réu ré requerente requerido requerida testemunha reclamante reclamado
        reclamada vítima""".split()),
    vocatives=frozenset("""gente galera pessoal amiga amigo amigas amigos mãe pai mano mana querida querido amor chefe
        todos todas tia tio vó vô moça moço senhor senhora colegas meninas meninos filha filho linda lindo equipe
        equipa família malta""".split()),
    office_modifiers=frozenset("""Federal Estadual Distrital Municipal Regional Geral Substituto Substituta Titular
        Adjunto Adjunta Auditor Auditora Relator Relatora Convocado Convocada Aposentado Aposentada Direito Paz
        Justiça""".split()),
    title_genders={
        "sr": "male", "senhor": "male", "dom": "male",
        "sra": "female", "srª": "female", "senhora": "female", "dona": "female", "dra": "female", "profa": "female",
        "ministra": "female", "juíza": "female", "deputada": "female", "rainha": "female",
        "eng": None,
    },
    name_particles=frozenset({"de", "da", "do", "dos", "das", "e"}),
    title_initials=frozenset({"D."}),
    particles_not_first=frozenset({"e"}),
    # (stop 64) an employer's and a business's fields
    # (stop 64) a letterhead's public bodies ("CARTÓRIO NOTARIAL DA REGIÃO …", "CONSERVATÓRIA DO REGISTO PREDIAL",
    # "POLÍCIA CIVIL") and the document titles that name none ("CERTIDÃO DE NASCIMENTO")
    # (stop 65: and a public school, "ESCOLA BÁSICA CENTRAL N.º 3 DE BECORA" of a Timorese enrolment record)
    public_body_words=frozenset("""Escola Polícia Cartório Conservatória Direcção Direção Serviços Serviço Tabelionato
        Secretaria
        Ministério Tribunal Juízo Procuradoria Defensoria Prefeitura Câmara Instituto Administração Embaixada
        Consulado Registo Registro Ofício Delegacia Departamento Superintendência Comarca Vara Governo Conselho
        Autoridade Agência Repartição Notariado Guarda""".split()),
    document_title_words=frozenset("""Certidão Certificado Atestado Termo Auto Contrato Escritura Procuração Declaração
        Requerimento Formulário Recibo Fatura Factura Nota Boletim Ficha Laudo Relatório Sentença Despacho
        Notificação Citação Mandado Ata Acta Assento Guia Receituário Comprovante Extrato""".split()),
    # (stop 68) a form's fields of a place ("Freguesia: Cedofeita", "Concelho: Porto", "Naturalidade: Dondo")
    place_fields=frozenset(w.strip() for w in """concelho|freguesia|distrito|município|municipio|cidade|bairro|
        naturalidade|localidade|província|provincia|comuna|local de nascimento|país de nascimento|uf""".split("|")),
    organization_fields=frozenset(w.strip() for w in """empregador|empregadora|entidade empregadora|razão social|
        nome empresarial|nome fantasia|denominação social|local de trabalho|empresa""".split("|")),
    name_fields=frozenset(w.strip() for w in """nome|nome completo|apelido|sobrenome|paciente|autor|autora|réu|ré|
        requerente|segurado|segurada|testemunha|titular|utente|médico responsável|médica responsável|médico|
        médica|titular do contrato|titular da conta|cotitular|interessado|interessada|passageiro|passageira|hóspede|
        alcunha|condutor|condutora|tomador|tomadora|tomador do seguro|
        assinatura|assinado por|verificado por|elaborado por|aprovado por""".split("|")),
    # titles; then those of court decisions ("fl. 356", "Rel.: Min. Joaquim Barbosa", "inc. VI", "Des.")
    abbreviations=frozenset("sr sra dr dra av fl fls inc rel min des proc".split()),
    sentence_starters=frozenset("O Os As Este Esta Ele Ela Eles Seu Sua Mas".split()),
    place_connectors=frozenset("de da do dos das e".split()),
    month_abbreviations={"marco": 3},
    # (stop 53: "de" may be left out, "Enviada: 2 julho 2024 11:30" of a forwarded e-mail)
    date_of=r"\s+(?:de\s+)?",
    date_words=frozenset({"de", "em", "a", "e", "o"}),
    licence_plates=(r"\d\d-[A-Z]{2}-\d\d", r"[A-Z]{2}-\d\d-[A-Z]{2}", r"\d\d-\d\d-[A-Z]{2}", r"[A-Z]{2}-\d\d-\d\d",
                    r"[A-Z]{3}\d[A-Z]\d\d"),
    payment_cues=(r"transfer[êe]ncia\s+(?:para|recebida\s+de|de)", r"pix\s+(?:enviado|recebido)(?:\s+(?:para|de))?",
                  r"TED\s+(?:para|de)", r"TRF\s+P/", r"favorecido:?", r"benefici[áa]rio:?"),
    payment_references=tuple("""ALUGUEL Aluguel RENDA Renda SALARIO SALÁRIO Salário FATURA Fatura REF CHAVE Chave
        IBAN NIB""".split()),
    day_words=(r"primeiro", r"um", r"dois", r"três", r"quatro", r"cinco", r"seis", r"sete", r"oito", r"nove", r"dez",
               r"onze", r"doze", r"treze", r"c?atorze", r"quatorze", r"quinze", r"dez[ae]sseis", r"dez[ae]ssete",
               r"dezoito", r"dez[ae]nove", r"vinte(?:\s+e\s+(?:um|dois|três|quatro|cinco|seis|sete|oito|nove))?",
               r"trinta(?:\s+e\s+um)?",
               # (stop 58) a day in figures before the words of a deed's date ("Aos 14 dias do mês de agosto de 2024")
               r"\d{1,2}(?=(?:\s+\([^()\n]{1,30}\))?\s+dias?\s+do\s+m[êe]s\s)"),
    year_words=(r"mil", r"dois", r"novecentos", r"oitocentos", r"e", r"um", r"três", r"quatro", r"cinco", r"seis",
                r"sete", r"oito", r"nove", r"dez", r"onze", r"doze", r"treze", r"c?atorze", r"quatorze", r"quinze",
                r"dez[ae]sseis", r"dez[ae]ssete", r"dezoito", r"dez[ae]nove", r"vinte", r"trinta", r"quarenta",
                r"cinquenta", r"sessenta", r"setenta", r"oitenta", r"noventa"),
    # (stop 52: deeds and certificates repeat the figures in brackets, "vinte e oito (28) de agosto de mil novecentos
    # e oitenta e nove (1989)": in clear)
    # (stop 59: or the words after the figures, "Aos 14 (quatorze) dias do mês de maio de 2024" of a custody term)
    spelled_date=(r"{day}(?:\s+\((?:\d{{1,2}}|[^\W\d][^()\n]{{1,28}})\))?\s+(?:dias?\s+)?(?:do\s+m[êe]s\s+)?"
                  r"de\s+{month}"
                  r"(?:\s+(?:de|do\s+ano\s+de)\s+(?:{year}(?:\s+\(\d{{4}}\))?|\d{{4}}(?!\w)))?"),
    date_cues=(r"em", r"de", r"dia", r"até", r"desde", r"entre", r"a", r"data:?", r"no\s+dia", r"a\s+partir\s+de",
               r"passado", r"próximo", r"último",
               # (stop 47) appointments of notes and letters ("retorno 19/09")
               r"consulta", r"retorno", r"revisão", r"agendad[oa]", r"marcad[oa]", r"internad[oa]",
               # (stop 50) "para" as chats write it ("Reagendei a entrega p/ 20/05")
               r"p/", r"para", r"pra"),
    stop_words=frozenset("""O A Os As Um Uma Ele Ela Eles No Na Do Da Em Com Pelo Pela Para Sr Sra
        Seu Sua Seus Suas Nosso Nossa Nossos Nossas Meu Minha Meus Minhas""".split()),
    # (stop 56: in capitals too, "ÓPTICA SANTA CATARINA, LDA." of an optician's letterhead)
    legal_forms=frozenset("Lda Lda. Ltda Ltda. LDA LDA. LTDA LTDA. S/A S.A. SA Unipessoal".split()),
    conjunctions=frozenset({"e", "&", "ou"}),
    case_markers=frozenset({"vs.", "v.", "versus"}),
    opener_case_markers=frozenset({"contra"}),
    citation_openers=frozenset("Caso Processo Acórdão Ver Vide Cf Cf.".split()),
    organization_connectors=frozenset({"de", "da", "do", "das", "dos"}),
    organization_heads=frozenset("""Universidade Câmara Prefeitura Tribunal Hospital Banco Ministério Assembleia Governo
        Instituto Museu Colégio Escola Faculdade Fundação Associação Federação Secretaria Conselho Polícia Clube
        Procuradoria Defensoria""".split()),
    # (stop 70: a basic school abbreviated, "Estabelecimento frequentado em 2023/2024: EB de Sobrado, 4.º ano" of an
    # enrolment form)
    # (stop 71: and a foundation, "FUNDAÇÃO AMÉLIA CORREIA BRANDÃO" of a scholarship's letterhead, the model's person)
    institution_heads=(("EB",), ("Hospital",), ("Clínica",), ("Centro", "de", "Saúde"), ("Centro", "Hospitalar"),
                       ("Fundação",),
                       # (stop 72) an inn ("POUSADA SOLAR DO CARMO" of a hotel's guest registration form)
                       ("Pousada",),
                       # (stop 62) a notary's and a registrar's office, whose number and town name them ("19º
                       # Tabelião de Notas de São Paulo", "2º Cartório de Registro de Imóveis", "CONSERVATÓRIA DO
                       # REGISTO PREDIAL DE LUANDA")
                       ("Cartório",), ("Tabelião",), ("Conservatória",), ("Tabelionato",),
                       # (a court's numbered division and a land register: "2ª Vara de Sucessões e Registros Públicos
                       # da Capital", "1º Registro de Imóveis do Recife" of a lawyer's fee contract)
                       ("Vara",), ("Registro", "de", "Imóveis"),
                       # (stop 66) a registrar by the register ("1º Oficial de Registro de Imóveis de Campinas",
                       # "Oficial de Registro Civil das Pessoas Naturais do 28º Subdistrito" of a marriage certificate)
                       ("Oficial", "de", "Registro"), ("Registro", "Civil"),
                       # (stop 63) a Portuguese court's division ("Juízo Local Cível do Porto – Juiz 4" of a summons)
                       ("Juízo",),
                       # (and a ministry and the tax authority: "MINISTÉRIO DA JUSTIÇA, …", "AUTORIDADE TRIBUTÁRIA E
                       # ADUANEIRA" of a birth certificate and a tax assessment)
                       ("Ministério",), ("Autoridade",),
                       ("Santa", "Casa"), ("Policlínica",), ("Unidade", "de", "Saúde"), ("Posto", "de", "Saúde"),
                       # (stop 49) schools, nurseries and care homes: a child's school, a resident's home
                       ("Escola",), ("Colégio",), ("Creche",), ("Lar",), ("Jardim", "de", "Infância"),
                       # (stop 54) a group of schools, as Portugal's state schools are run
                       ("Agrupamento", "de", "Escolas"),
                       # (stop 60) a family health unit and its name ("Dr.ª Lúcia Ferraz\n(USF Arca d'Água)")
                       ("USF",), ("UCSP",),
                       # (stop 55) a parish council, a university's office, a forensic institute ("Junta de Freguesia do
                       # Bonfim" of a dog's licence, "Pró-Reitoria de Assuntos Estudantis", "IML de Campinas")
                       ("Junta", "de", "Freguesia"), ("Pró-Reitoria",), ("Instituto", "Médico", "Legal"), ("IML",),
                       # (round 19) a police detachment ("Destacamento de Trânsito de Setúbal" of a traffic notice)
                       ("Destacamento",)),
    institution_stops=frozenset({"Rua"}),
    # (stop 53) a civil register's book, sheets and entry ("livro B-12, folhas 34v, termo 5678")
    # (stop 56: a notary's "Livro 1.284 - Folhas 117/121 - Protocolo 58.903", dashes between, a thousands' dot)
    # (round 28: "Livro 214-A, fls. 87 a 89v.º" of a deed, a letter after the book's number and a range of leaves)
    # (stop 64: "às" before the leaves, "revendo o Livro A-87, às fls. 214, sob o nº 41.532" of a birth certificate)
    # (and a middle dot between the parts, "Livro C-38 · Folha 112 v." of a Bissau-Guinean marriage certificate)
    # (stop 65) any entry of two or more of these words, each before its number ("Assento n.º:  1.284 / 2023   Livro:
    # C-17     Folhas: 142 v.º" of a Bissau-Guinean marriage certificate)
    # (stop 66: and a voter's electoral zone and section, "Título de eleitor: 4182 5930 0159   Zona: 296   Seção: 0158"
    # of an application form)
    register_words=(r"livro", r"folhas?", r"fls?", r"termo", r"assento", r"matr[íi]cula", r"registo", r"registro",
                    r"se[çc][ãa]o"),
    register_pages=(r"p[áa]g(?:ina)?", r"zona"),
    register_entries=(
                      # (stop 70) an Angolan identity card's number by its shape, nine digits, the province's two
                      # letters and three digits ("N.º do BI a renovar ... 004718265LA039" of a renewal form)
                      r"(?<![\w-])\d{9}[A-Z]{2}\d{3}(?![\w-])",
                      # (stop 70) a Brazilian company's CNPJ by its shape, valid or not ("Entidade Sindical Laboral:
                      # 60.991.514/0001-08" of a termination record)
                      r"(?<![\w./-])\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}(?![\w./-])",
                      # (stop 70) a doctor's regional council and registration ("CRM-MG 48.213" of a fine's appeal)
                      # (and a speech therapist's council by its region's number, "CRFa 2-17734"; round 119)
                      r"(?<![\w-])CRFa[^\S\n]\d{1,2}-\d{3,6}(?![\w-])",
                      # (stop 72: and an engineer's type after a slash, "CREA-MG 142.887/D" of a valuation report)
                      r"(?<![\w-])(?:CRM|CRO|COREN|CRP|CRF|CRN|CREA|CRMV)[-/][A-Z]{2}[^\S\n]?\d{1,3}(?:\.\d{3})*"
                      r"(?:/[A-Z](?![\w/]))?(?![\w.]|\.\d)",
                      # (stop 67) a health professional's council, its region and the registration ("CREFITO-3/187452-F"
                      # of a physiotherapist on a service invoice)
                      r"(?<![\w-])(?:CREFITO|COREN|CRO|CRP|CRF|CREA|CRN|CRESS|CRMV|CREF|CRBM)-\d{1,2}/\d{3,7}"
                      r"(?:-[A-Z]{1,2})?(?![\w/-])",
                      r"(?i:\blivro[^\S\n]+[A-Z]?-?(?:\d{1,3}\.\d{3}|\d{1,5})(?:-[A-Z])?,?(?:[^\S\n]+[-–·])?[^\S\n]+"
                      r"(?:às?[^\S\n]+)?"
                      r"(?:folhas?|fls?\.?)[^\S\n]+\d{1,5}(?:/\d{1,5}|[^\S\n]+a[^\S\n]+\d{1,5})?(?:[^\S\n]?v\.?º?)?"
                      r"(?:,?[^\S\n]+termo[^\S\n]+(?:n\.?[^\S\n]?º[^\S\n]*)?(?:\d{1,3}\.\d{3}|\d{1,6}))?"
                      r"(?:(?:,|[^\S\n]+[-–])?[^\S\n]+protocolo[^\S\n]+(?:n\.?[^\S\n]?º[^\S\n]*)?\d{1,3}(?:\.\d{3})*)?"
                      # (stop 60) and the entry's number after them ("revendo o Livro A-248, fls. 133, sob o nº 118.342"
                      # of a birth certificate)
                      r"(?:,?[^\S\n]+sob[^\S\n]+o[^\S\n]+n\.?[^\S\n]?º[^\S\n]*\d{1,3}(?:\.\d{3})*)?)"
                      r"(?![\w])",
                      # (stop 57) a rural plot's article in the land tax register ("inscrito na matriz predial rústica
                      # sob o artigo 27, secção H" of a rural lease); not an article of law
                      # (stop 64: or without "predial", "inscrito na matriz urbana da freguesia do Areeiro sob o artigo
                      # 1789" of a Lisbon lease)
                      r"(?i:\bmatriz[^\S\n]+(?:predial(?:[^\S\n]+(?:rústica|urbana))?|rústica|urbana)"
                      # (and its parish: "inscrito na matriz predial urbana da freguesia de São Vicente sob o artigo
                      # 2874.º" of a loan for use)
                      r"(?:[^\S\n]+da[^\S\n]+freguesia[^\S\n]+d[eoa]s?[^\S\n]+[^\n,]{1,40}?)?"
                      r"[^\S\n]+sob[^\S\n]+o[^\S\n]+)"
                      r"(?i:artigo)[^\S\n]+(?P<entry>\d{1,6}(?:-[A-Z0-9]{1,3})?(?:\.º)?"
                      r"(?:,[^\S\n]+(?i:secção)[^\S\n]+[A-Z]{1,3})?)(?![\w])",
                      # (stop 59) a PSP officer's number after the officer's name and rank ("Rui Manuel TAVARES, Agente
                      # Principal, M/148233" of a detention record)
                      r"(?<![\w/])M/\d{6}(?![\w/])",
                      # (stop 72) a bank's branch and account after their joined field ("Agência/Conta:   0427 /
                      # 01.245.678-3" of an account opening form: the account after the slash stayed in clear)
                      r"(?i:ag[êe]ncia[^\S\n]?/[^\S\n]?conta(?:[^\S\n]+corrente)?):?[^\S\n]*"
                      r"(?P<entry3>\d{3,5}(?:-[\dXx])?[^\S\n]?/[^\S\n]?\d[\d.]{3,14}-[\dXx])(?![\w-])",
                      # (stop 62) a land register's description and its book's leaves, and an inscription's
                      # presentation before its date ("DESCRIÇÃO N.º 4871, a fls. 112 do Livro B-17", "Ap. n.º 12, de
                      # 14/06/2018" of an Angolan land register's certificate)
                      # (stop 64: its thousands after a space, "DESCRIÇÃO N.º 22 917" of a Macau certificate)
                      r"(?i:\bdescri[çc][ãa]o[^\S\n]+n\.?[^\S\n]?º[^\S\n]*(?:\d{1,3}[ .]\d{3}|\d{1,6})"
                      r"(?:,?[^\S\n]+a[^\S\n]+fls?\.?[^\S\n]+\d{1,4}"
                      r"(?:[^\S\n]+do[^\S\n]+livro[^\S\n]+[A-Z]?-?\d{1,4}(?:-[A-Z])?)?)?)(?![\w])",
                      r"(?<![\w])(?-i:Ap|AP)\.[^\S\n]?n\.?[^\S\n]?º[^\S\n]*\d{1,5}(?=,?[^\S\n]+de[^\S\n]+\d)",
                      # (stop 62) a commercial register's presentation and its date ("AP. 12/20190322" of a
                      # permanent certificate)
                      r"(?<![\w])(?-i:Ap|AP)\.[^\S\n]?\d{1,4}/(?:19|20)\d{6}(?![\w/])",
                      # (stop 62) a property's description in the land register ("descrito na Conservatória dos
                      # Registos da Praia sob o n.º 18542" of a land sale contract)
                      r"(?i:\bdescrit[oa][^\S\n]+na[^\S\n]+conservatória[^\n]{0,60}?[^\S\n]sob[^\S\n]+o[^\S\n]+"
                      # (stop 64: its thousands after a dot, and its leaves and book after it, "sob o n.º 12.845, a
                      # folhas 91 do Livro B-32" of a Cape Verdean deed of sale)
                      r"n\.?[^\S\n]?º[^\S\n]*)(?P<entry2>(?:\d{1,3}(?:\.\d{3})+|\d{1,6}(?:/\d{1,8})?)"
                      # (stop 64: a slash in the book's name, "a fls. 112 do Livro B/71" of a Maputo lease)
                      r"(?i:,?[^\S\n]+a[^\S\n]+(?:folhas|fls?\.)[^\S\n]+\d{1,5}[^\S\n]+do[^\S\n]+livro[^\S\n]+"
                      r"[A-Z]?[-/]?\d{1,5}(?:-[A-Z])?)?)(?![\w/])"),
    id_keywords=(
        # (stop 71) a pharmacy's operating permit and its health licence ("AFE ANVISA 7.21984-3 · Lic. Sanitária
        # 0412/2024" of a dispensing record)
        r"(?-i:AFE)(?:\s+(?-i:ANVISA))?", r"lic(?:\.|en[çc]a)\s+sanit[áa]ria",
        # (and a state registration and an invoice abbreviated, "IE 148.392.017.115" of a workshop's letterhead, "NF
        # 2025/000318" of a registration list)
        r"(?-i:IE)(?=[^\S\n]+\d{2,3}\.\d{3}\.\d{3})", r"(?-i:NF)(?=[^\S\n]+\d)",
        # (and a football player's federation number, a registration's code: "Registro CBF/FPF: BID 1120482",
        # "inscrição GRE-SUB9-2024-0087" of a youth club's form)
        r"(?-i:BID)(?=[^\S\n]+\d{5,})", r"inscri[çc][ãa]o(?=\s+(?-i:[A-Z]{2,6})-)",
        # (and a Multibanco payment's reference, a building site's national register, a safety technician's
        # registration: "Ref. pagamento MB 21548 / 774 102 993", "CNO 51.208.47701/79", "MTE SP/041873")
        r"(?:ref(?:\.|er[êe]ncia)\s+(?:de\s+)?pagamento\s+)?(?-i:MB)(?=\s+\d{5}\b)", r"(?-i:CNO)",
        r"(?-i:MTE)(?=\s+[A-Z]{2}/\d)",
        # (and a Multibanco payment's entity and spaced reference, a municipal registration, a parking ticket:
        # "Referência Multibanco – Entidade 21847", "Entidade: 20644 · Referência: 183 472 551", "Inscr. Municipal
        # 5.318.442-7", "placa FKZ3B41, ticket 77120")
        r"(?-i:Entidade)(?=:?[^\S\n]*\d{5}(?!\d))",
        r"(?-i:Refer[êe]ncia)(?=:[^\S\n]*\d{3}[^\S\n]\d{3}[^\S\n]\d{3}(?!\d))",
        r"inscr(?:\.|i[çc][ãa]o)\s+municipal", r"ticket(?=\s+\d{4,}(?![\w/-]|[.,]\d))",
        # (and a research ethics approval, a trailer's registration, a meter: "CAAE 61234522.4.1001.5208", "matrícula
        # de reboque L-284613", "Eletricidade (contador n.º 0447)" of a camping site's contract)
        r"(?-i:CAAE)", r"matr[íi]cula\s+d[eo]\s+reboque", r"contador(?=\s+(?:n\.?\s?[º°]|nº)\s*\d)",
        # (stop 70) a friendly accident report's printed form and an Angolan payment's reference ("Impresso n.º DAAA
        # 0417729", "Referência RUPE: 2300 0145 8812 6674 301" of an identity card's renewal)
        r"impresso\s+n\.?[º°]", r"(?:refer[êe]ncia\s+)?(?-i:RUPE)",
        # (stop 70) a health unit's code, a Mozambican plot, a condominium's parking space ("Código da unidade .....
        # 3160421" of a sick note, "Talhão n.º 282" of a land use application, "Vaga de garagem: G2-87")
        r"c[óo]digo\s+da\s+unidade", r"talh[ãa]o(?:\s+n\.?[º°])?", r"vaga\s+de\s+garagem",
        # (and a union's code, a bank's branch: "Código Sindical: 000.012.345.67890-1" of a termination record, "(Balcão
        # 0214)" of an Angolan loan agreement)
        r"c[óo]digo\s+sindical", r"balc[ãa]o(?=[^\S\n]+\d{3,})",
        # (stop 70) a pupil's internal number, a property's municipal register ("N.º interno de aluno: 18452" of an
        # enrolment form, "cadastro municipal (IPTU) nº 3421.42.17.0183.01054" of a purchase promise)
        r"n\.?\s?º\s+interno(?:\s+de\s+aluno)?", r"cadastro\s+municipal",
        # (and round 119's, after the stop's last fix: an estate agent's licence, a service invoice, a member's
        # registration, "AMI 14872", "NFS-e 4821", "matr. 10488")
        r"(?-i:AMI)(?=[^\S\n]+\d)", r"(?-i:NFS-e)", r"matr\.",
        # (stop 67) a Minas Gerais pupil's number in the state's school system ("Código SIMADE: 14820739" of a school
        # transcript)
        r"(?:c[óo]digo\s+)?(?-i:SIMADE)",
        # (stop 66) a bank slip's own number ("Boleto – nosso número: 00045871923-4" of an exam's registration)
        r"nosso\s+n[úu]mero",
        # (stop 66) a police unit's internal register ("Registo interno: DT-PRT/0047/2024" of a traffic report)
        r"registo\s+interno",
        # (round 91) a tax's collection document ("documento de cobrança n.º 161 2024 0045 8832 19" of a deed of gift)
        r"documento\s+de\s+cobran[çc]a",
        # (stop 63) a bill's payment line ("Linha digitável: 83660000004-1 13670138000-7 …"), a specialist's register
        # ("CRM-RS 38.472 · RQE 21.905"), a police report's number ("AUTO DE
        # OCORRÊNCIA N.º 1284/2025/CRP"), a Brazilian referral's regulation number, a Portuguese court's reference, a
        # road tax's payment reference ("Regulação SISREG: 584120937", "Referência: 451207733", "referência AT 1564
        # 2290 8813")
        # (stop 64) a worker's social security number in Mozambique ("com o número de beneficiária 100473829")
        r"(?:n[úu]mero|n\.?\s?º)\s+de\s+benefici[áa]ri[oa]",
        # (stop 64) an Angolan identity card's former number, an office's operator ("N.º do BI anterior:
        # 003871264HA038", "(Operador n.º 1127)")
        r"(?-i:BI)\s+anterior", r"operador(?=\s+n\.?\s?º)",
        # (stop 64) a Mozambican doctor's number in the medical council ("Dra. Shabnam Karim Ismail, médica, OrMM n.º
        # 2317" of a death certificate)
        r"(?-i:OrMM)",
        # (stop 64) a Portuguese social security return's identifier, an Angolan resident's card, an FGTS account
        # ("Identificador da declaração: 2024-06-0873145562", "Cartão de Residente n.º 0048213/CR/2022", "Conta
        # vinculada: 000.312.6658.0-4")
        r"identificador\s+da\s+declara[çc][ãa]o", r"cart[ãa]o\s+de\s+residente", r"conta\s+vinculada",
        # (stop 64) a Brazilian property's tax index, a live birth's declaration, a pension's number ("indicação fiscal
        # 23.045.017.000-4", "NÚMERO DA DECLARAÇÃO DE NASCIDO VIVO: 30-24815973-6", "Número do Benefício (NB):
        # 209.384.716-5")
        r"indica[çc][ãa]o\s+fiscal", r"declara[çc][ãa]o\s+de\s+nascido\s+vivo", r"n[úu]mero\s+do\s+benef[íi]cio",
        # (stop 64) a Brazilian service invoice's number, a Macau land register's inscription by its number in groups
        # ("Número da NFS-e: 00002417", "Inscrição n.º 158 203")
        r"n[úu]mero\s+da\s+(?-i:NFS-e|NF-e)", r"inscri[çc][ãa]o\s+n\.?\s?[º°]",
        r"(?-i:SISREG|RQE|TUSS)", r"linha\s+digit[áa]vel", r"auto\s+de\s+ocorr[êe]ncia(?:\s+n\.?\s?º)?",
        r"(?-i:Refer[êe]ncia)(?=:[^\S\n]*\d{6,}(?![\w.,-]))",
        r"refer[êe]ncia(?=[^\S\n]+(?-i:AT)[^\S\n]+\d{4}[^\S\n]\d{4}[^\S\n]\d{4}(?!\w))",
        # (stop 62) a certified accountant's number ("Contabilista certificado: …, n.º OCC 84213" of a tax assessment)
        r"(?-i:OCC)",
        # (stop 61) a voter's number ("eleitora n.º 21845" of a parish's residence certificate)
        r"eleitor(?:a)?(?=\s+(?:n\.?\s?[º°]|nº))",
        # (stop 61) a worker's number ("V. Exa., trabalhador n.º 4418" of a dismissal letter), a Brazilian police
        # officer's or expert's register ("Perita Criminal – RE 218.447-3", "Policial Militar - RE 136482-7")
        r"trabalhador(?:a)?(?=\s+(?:n\.?\s?[º°]|nº))", r"(?-i:RE)(?=[^\S\n]+\d{3}\.?\d{3}-\d(?![\w]))",
        # (stop 61) Mozambique's identity card with its dots and tax number ("B.I. n.º: 110104827613M", "NUIT:
        # 104738291" of a school's enrolment form), a traffic offence's notice ("Auto de Infração: 1D0472816")
        r"(?-i:B\.I\.)(?=\s*(?:n\.?\s?º\s*:?\s*)?\d)", r"(?-i:NUIT)", r"auto\s+de\s+infra[çc][ãa]o",
        r"n[úu]mero\s+de\s+série", r"IMEI", r"certificado(?:\s+(?:n\.?º|nº))?", r"certidão(?:\s+(?:n\.?º|nº))?",
        r"(?:número|n\.?\s?º|nº)\s+d[oae]s?\s+(?:prontuário|utente|cliente|conta|apólice|fatura|factura|sócio|"
        r"funcionário|passaporte|pedido|contrato|referência|beneficiário|matrícula|registro|registo|"
        r"cartão(?:\s+do\s+SUS)?)",
        r"prontuário", r"utente", r"CNS", r"NISS",
        # (stop 67) Cape Verde's national identity card, a Brazilian social security beneficiary ("Cartão Nacional de
        # Identificação n.º 19910706F004153" of a lease, "Nº beneficiário INSS: 208417736" of an accident report)
        r"cart[ãa]o\s+nacional\s+de\s+identifica[çc][ãa]o", r"benefici[áa]rio\s+(?-i:INSS)",
        # (round 94) an insurer's policies, a retirement plan's among them ("apólices PPR 88-0041739 (A)" of an IRS
        # annex)
        r"ap[óo]lices?(?:\s+(?-i:PPR))?(?=\s+\d)",
        # (stop 65) a letter's own and its addressee's references ("Nossa referência: PRS/DES/2025/0187442" of a
        # Segurança Social decision)
        r"(?:nossa|sua|vossa)\s+refer[êe]ncia",
        # (stop 65) Portugal's civil identification number ("NIC:              13847265" of a birth certificate)
        r"(?-i:NIC)",
        # (stop 65) a tax return's receipt, a court's validation code ("Número do recibo: 54.31.72.88.90-16",
        # "Código de validação: …")
        r"n[úu]mero\s+do\s+recibo", r"c[óo]digo\s+de\s+(?:valida[çc][ãa]o|verifica[çc][ãa]o)",
        # (stop 65, round 86) a rural property's codes and a hospital stay's number ("Código do imóvel rural:
        # 950.084.123.456-7", "NIRF: 7.412.583-9", "Recibo de inscrição: MG-3135704-A4F1…", "Guia de recolhimento:
        # 2401.7734.0918-22", "Atendimento: 2024/113452")
        r"c[óo]digo\s+do\s+im[óo]vel(?:\s+rural)?", r"(?-i:NIRF)", r"recibo\s+de\s+inscri[çc][ãa]o",
        r"guia\s+de\s+recolhimento", r"atendimento(?=[^\S\n]*:)",
        # (round 87) a property tax bill's cartographic code ("Código cartográfico:     3421.52.87.0145.01001")
        r"c[óo]digo\s+cartogr[áa]fico",
        # (stop 52) an invoice's number and the issuer's state registration ("NF-e Nº 000.048.217", "INSCRIÇÃO ESTADUAL:
        # 110.384.726.040"), a carrier's ANTT code, a hospital's CNES, a specialist's RQE, a residence permit
        r"NF-?e(?:\s+(?:n\.?\s?[º°]|nº))?", r"inscri[çc][ãa]o\s+estadual", r"insc\.\s+estadual", r"(?-i:ANTT)",
        r"(?-i:CNES|RQE)",
        # (stop 52) a deed's register entries ("PROTOCOLO Nº 254.913", "Guia nº 2025.0418.77203-4", "índice cadastral
        # (IPTU) 007.041.0188.032-6", "CND … nº 01.218.339/2025", "Selo de fiscalização eletrônico nº EFT41258")
        r"protocolo(?=\s+n\.?\s?[º°])", r"guia(?=\s+n\.?\s?[º°])", r"índice\s+cadastral(?:\s+\(IPTU\))?",
        r"(?-i:CND)(?:\s+de\s+[^\W\d]+(?:\s+[^\W\d]+)?)?(?=\s+n\.?\s?[º°])", r"selo(?:\s+de\s+fiscaliza[çc][ãa]o)?(?:\s+eletr[ôo]nico)?", r"t[íi]tulo\s+de\s+resid[êe]ncia(?:\s+(?:n\.?\s?[º°]|nº))?",
        r"cartão\s+(?:do\s+)?SUS", r"passaporte", r"apólice", r"matrícula",
        r"placa(?:\s+(?:Mercosul|do\s+(?:veículo|carro|automóvel)))?", r"RG",
        # a bank account: "conta corrente", "c/c", "Conta:", "conta nº" (not "a conta 2015" of a bill)
        r"conta\s+(?:corrente|poupança|bancária)", r"c/c", r"conta(?=\s*(?::|n\.?\s?º|nº))",
        r"(?:carteira|cédula)\s+de\s+identidade", r"caixa\s+postal",
        r"ID",
        # a CPF or NIF whose check digits fail (a typo) is still one
        r"CPF(?:/MF)?", r"NIF", r"cart(?:[ãa]o|[õo]es)\s+de\s+cidad[ãa]o", r"crachá", r"CNPJ",
        # social security, voter, labour and driving documents ("Segurança Social n.º …", "Título de eleitor …",
        # "PIS/PASEP …", "CTPS nº …", "CNH …")
        r"seguran[çc]a\s+social", r"t[íi]tulo\s+de\s+eleitor", r"PIS(?:/PASEP)?", r"PASEP", r"NIT", r"CTPS", r"CNH",
        # (stop 49) the work booklet's series after its number ("CTPS nº 1234567 série 0012-SP")
        r"(?<=\d )s[ée]rie(?=\s+\d)", r"(?<=\d, )s[ée]rie(?=\s+\d)",
        # (stop 49) a professional order's card after its abbreviation ("cédula OE n.º 78123" of a nurse's CV; "OM",
        # "OA", "OF", "OMD": doctors, lawyers, pharmacists, dentists)
        r"cédula(?:\s+profissional)?\s+(?-i:O[A-Z]{1,3})",
        r"contribuinte",
        # a professional council's registration names its doctor, nurse or lawyer ("CRM-MA 7654", "OAB/SP 123.456")
        r"(?:CRM|CRO|CRP|COREN|OAB|CREA)(?:[-/][A-Z]{2})?", r"[Cc]édula\s+[Pp]rofissional",
        # (stop 48) and the other councils' (pharmacists "CRF-PE 6789" of a laboratory's report, veterinarians,
        # physiotherapists, nutritionists, accountants, social workers, biologists, speech therapists), a civil
        # register's entry ("Assento n.º 1432" of a marriage certificate), a card's last digits ("cartão com final
        # 4417", "terminado em 4417")
        r"(?-i:CRF|CRMV|CREFITO|CRN|CRC|CRESS|CRBio|CRFa|CREF|CRBM)(?:[-/](?:[A-Z]{2}|\d{1,2}))?",
        # (stop 55) a property's municipal tax number ("Inscrição IPTU 2.981.447-0" of an inspection report)
        r"(?:inscri[çc][ãa]o\s+)?(?-i:IPTU)", r"inscri[çc][ãa]o\s+(?:imobili[áa]ria|municipal)",
        r"assento(?:\s+de\s+(?:nascimento|casamento|óbito))?(?=\s+(?:n\.?\s?[º°]|nº|número))",
        # (stop 72: and its sign after a colon, "Assento de óbito:   n.º 4127 de 2024" of a death's inventory)
        r"assento(?:\s+de\s+(?:nascimento|casamento|óbito))?:\s+n\.?\s?[º°]",
        r"(?:com\s+final|terminad[oa]\s+em)(?=\s+\d{4}(?!\w|[.,]\d))",
        # the SUS card's number after the bare initials ("SUS 7001 2345 6789 012")
        r"(?-i:SUS)(?=\s*:?\s*\d)",
        # (stop 47) Portugal's bank account number, 21 digits printed 4, 4, 11, 2 ("NIB 0035 0000 12345678901 53")
        r"(?-i:NIB)",
        # a Portuguese company's tax number ("NIPC 509876543"), a sole trader's NIF
        r"(?-i:NIPC)",
        # a Portuguese citizen card named by its initials ("titular do CC 14567890", a summons; its check digits and
        # letters left out), and by its name ("Cartão de Cidadão n.º 12345678")
        r"(?-i:CC)(?=\s*(?:n\.?\s?º\s*:?\s*)?\d)", r"cart(?:[ãa]o|[õo]es)\s+de\s+cidad[ãa]o",
        # the identity card of Angola, Mozambique and Portugal before 2007 ("BI n.º 001234567LA041")
        r"(?-i:BI)(?=\s*(?:n\.?\s?º\s*:?\s*)?\d)", r"bilhete\s+de\s+identidade",
        # a Brazilian bank account and branch ("debitados de sua conta 12345-6, agência 0789-X"; LeNER-Br's "à
        # conta-corrente 42.762-6, da agência 0394"): the bare "conta" only before a number with its check digit ("a
        # Câmara conta 56 membros" counts); the Ordem dos Médicos' number of a Portuguese doctor ("OM 45678")
        r"conta[- ]corrente", r"conta\s+poupança", r"conta(?=\s+(?:n\.?\s?[º°]\s*)?[\d.]+-[\dXx](?![\w-]))",
        r"ag[êe]ncia(?=:?\s+(?:n\.?\s?[º°]\s*)?\d{4}(?:-[\dXx])?(?![\w-]))", r"(?-i:OM)(?=\s+\d{4,6}(?![\w-]))",
        # Portugal's professional orders ("inscrito na Ordem dos Engenheiros sob o n.º 54321")
        r"Ordem\s+d[oa]s\s+(?:Advogados|Médicos(?:\s+(?:Dentistas|Veterinários))?|Engenheiros(?:\s+Técnicos)?|"
        r"Enfermeiros|Psicólogos(?:\s+Portugueses)?|Farmacêuticos|Arquitectos|Arquitetos|Solicitadores|Notários|"
        r"Nutricionistas|Biólogos|Contabilistas\s+Certificados|Economistas)(?:\s+sob\s+o)?",
        # a customer's, an invoice's, a contract's number before its "nº" ("cliente nº 0012874"); a vehicle's chassis
        # (17 characters) and Brazil's vehicle register ("chassi 9BWZZZ377VT004251", "RENAVAM 01234567890")
        r"(?:cliente|sóci[oa]|associad[oa]|fatura|factura|pedido|contrato|apólice)(?=\s+(?:n\.?\s?[º°]|nº|número))",
        # a pupil's or a student's number at a school ("aluno n.º 1187 do 7.º B", "número de estudante 2023104")
        r"(?:alun[oa]|estudante)(?=\s+(?:n\.?\s?[º°]|nº|número))",
        r"(?:número|n\.?\s?º|nº)\s+de\s+(?:alun[oa]|estudante|processo\s+escolar)",
        r"chassis?", r"RENAVAM", r"(?-i:VIN)(?=:?\s+[A-Z0-9]{17}\b)",
        # (stop 49) a pet's microchip names its owner in the register ("microchip n.º 941000012345678")
        r"(?:(?:número|n\.?\s?º|nº)\s+d[eo]\s+)?micro-?chip", r"transponder",
        # (stop 50) a support chat's protocol and an order ("Protocolo 2024051700418839", "pedido 1182-77430915"),
        # an advertisement's reference, a property's tax register ("Artigo matricial 2187"), a passport with its
        # country ("passaporte eslovaco n.º PA4719302"), a professional body's initials before "n.º" in parentheses, not
        # a norm's ("(OMD n.º 8741)": a dentist's number)
        r"protocolo(?:\s+de\s+atendimento)?(?=[^\S\n]*[:#]?[^\S\n]*\d)", r"pedido(?=\s+\d)",
        r"ref(?:er[êe]ncia)?\.?\s+d[oa]\s+an[úu]ncio", r"artigo\s+matricial", r"matriz\s+predial",
        r"passaporte(?:\s+[^\W\d]+)?(?=\s+(?:n\.?\s?[º°]|nº|número))",
        r"(?<=\()(?-i:(?!(?:LEI|LC|MP|HC|RHC|RE|ARE|AI|EC|DL|CF|ADI|ADPF|ADC|MS|RD|LO|BOE|DOU|DR|STF|STJ|TS|TC)\b)"
        r"[A-Z]{2,6})(?=\s+n\.?\s?[º°]\s*\d)",
        # a Portuguese driving licence ("Carta de condução: P-1829374 5"), an emergency episode ("episódio de urgência
        # n.º 24017733"), a parcel ("N.º do objeto: RR481516209PT", "A sua encomenda RR481516209PT"), a pick-up or a
        # verification code ("Código de levantamento no Ponto CTT: 824619"), Brazil's NIS, a number in parentheses
        # after "n.º" ("Certificado … emitido (n.º ICV-PT-0031872)")
        # (stop 55) a complaint and its credit note ("Reclamação n.º …", "nota de crédito NC-24/0004417"), a
        # customer's number with its word before ("Nº cliente: 100488271"), the orders of veterinarians, dentists,
        # nurses, lawyers, pharmacists and psychologists ("(OMV 6421)"), the identity card of either name ("BI/CC")
        r"reclama[çc][ãa]o(?=\s+(?:n\.?\s?[º°]|nº|número))", r"nota\s+de\s+cr[ée]dito",
        r"(?:n\.?\s?[º°]|nº|número)\s+(?:de\s+)?cliente", r"(?-i:OMV|OMD|OE|OA|OF|OPP)(?=\s+\d{4,6}(?![\w-]))",
        r"(?-i:BI/CC|CC/BI)",
        # (round 19) a hospital's clinical file, a health subsystem's member ("Subsistema: ADSE n.º 0713 882 45"), a
        # traffic offence's notice ("Auto n.º 951234567") and its officer ("Cabo n.º 2051387"), a device's serial
        r"proc(?:esso|\.)?\s*cl[íi]nico", r"(?-i:ADSE)", r"auto(?=\s+(?:n\.?\s?[º°]|nº))",
        r"(?:cabo|guarda|agente|sargento|soldado|militar)(?=\s+(?:n\.?\s?[º°]|nº))",
        r"(?:n\.?\s?[º°]|nº)\s+de\s+s[ée]rie",
        # (round 21) a social service's attendance ("Prontuário nº 0417/2023 · Atend. 2025-02871")
        r"atend(?:imento|\.)(?=\s*(?:n\.?\s?[º°]\s*)?\d)",
        # (round 22) an inspection's offence file and an inspector's card ("cartão profissional n.º 1192")
        r"processo\s+de\s+contraordena[çc][ãa]o", r"cart[ãa]o\s+profissional(?=\s+(?:n\.?\s?[º°]|nº))",
        r"carta\s+de\s+condução", r"epis[óo]dio(?:\s+de\s+[^\W\d]+)?(?=\s+(?:n\.?\s?[º°]|nº|número))",
        r"(?:(?:número|n\.?\s?º|nº)\s+)?d[oa]\s+objet[oa]", r"encomenda(?=\s+(?-i:[A-Z]{2}\d))",
        r"c[óo]digo\s+de\s+(?:levantamento|recolha|retirada|verificação|acesso|ativação|rastreio|rastreamento)",
        r"(?-i:NIS)", r"(?<=\()n\.?\s?[º°]",
        # a bank branch abbreviated ("Caixa - Ag. 3457"), a nurse's abbreviated professional card ("céd. prof.
        # 5-E-71402"), a programme's code before a copula ("Seu código de intercambista é BR-25-0417")
        r"ag\.(?=\s*\d{4}(?:-[\dXx])?(?![\w-]))", r"c[ée]d\.\s*prof\.",
        r"c[óo]digo\s+de\s+(?!barras\b)[^\W\d]+(?=\s+(?:é|era|foi)\s+[\w-]*\d)",
        # an accountant's registration ("Contabilista Certificada n.º 84712" of an e-mail's signature)
        r"contabilista\s+certificad[oa](?=\s+(?:n\.?\s?[º°]|nº))",
        # (stop 51) an immigration file's expression of interest ("Manifestação de interesse: 24518877"), a civil
        # servant's number ("n.º mec. 40877"), a help desk's ticket and a company's asset ("CHAMADO #INC-0048812",
        # "patrimônio NB-11893"), an estate agent's, a doctor's and a lawyer's register with its state ("CRECI-PR 28.417-F",
        # "CRM/RS 29.930", "OAB/SP 201.558"), a loan's proposal, a process's number after "N.º" or after its
        # acronym ("N.º Processo: AU-2024-0183377", "Processo RSI n.º: 1104 2231 987"; "Processo nº" alone is the
        # case-number recognizer's), an internal reference ("Ref.ª interna:"), the citizen card's "CC:", a health
        # plan's card ("carteirinha 884 001 734229 0019"), a bank's branch ("Agência: 0742")
        r"manifestação\s+de\s+interesse", r"n\.?\s?[º°]\s*mec\.", r"(?:chamado|ticket)(?=\s*#)", r"patrim[ôo]nio",
        r"(?-i:CRECI|CRM|CRO|OAB|COREN|CRP|CREA)(?:[-/](?-i:[A-Z]{2}))?(?=\s+\d)", r"proposta",
        r"n\.?\s?[º°]\s+processo", r"processo\s+(?-i:[A-Z]{2,5})(?=\s+n\.?\s?[º°])", r"ref\.?ª?\s+interna",
        r"(?-i:CC)(?=\s*:\s*\d)", r"carteirinha", r"ag[êe]ncia",
        # (stop 53) a death certificate's declaration ("DECLARAÇÃO DE ÓBITO (DO) Nº: 3-2401188457"), a health plan's
        # card ("Carteira 0032.0001.874512.00-7"), a gym's codes ("cód. PT-CED-12", "Cartão de acesso RFID n.º …"), a
        # direct debit's authorisation, an employee's "ID func. 0447"
        r"declaração\s+de\s+óbito", r"carteira", r"c[óo]d\.?(?=\s)", r"cart[ãa]o\s+de\s+acesso(?:\s+(?-i:RFID))?",
        r"(?-i:RFID)", r"(?:referência\s+da\s+)?autoriza[çc][ãa]o", r"ID\s+func(?:ionário)?\.?",
        # (stop 53, round 7) a police report's number, an invoice's ATCUD, a PIX key, a card's last digits after its
        # brand ("cartão Nubank final 4402"), an agent's id
        r"boletim\s+de\s+ocorr[êe]ncia", r"(?-i:ATCUD)", r"chave(?:\s+(?-i:PIX|pix))?",
        r"cart[ãa]o(?:\s+de\s+(?:crédito|débito))?(?:\s+(?-i:[A-Z]\w+))?\s+(?:com\s+)?final",
        r"ID\s+(?:agente|atendente)",
        # (stop 53, round 8) a work accident's communication ("CAT nº …"), an INSS benefit ("NB 631.884.205-9"), a PIX
        # transaction's id
        r"(?-i:CAT)(?=\s+n)", r"(?-i:NB)(?=\s+\d)", r"ID\s+(?:da\s+)?transa[çc][ãa]o",
        # (stop 53, round 9) a pupil's registration ("RA 000148.922.301-4/PR"), a school's INEP code, an employee's
        # "mat.", a contract's number, a taxpayer's number
        r"(?-i:RA)(?=\s+\d)", r"(?-i:INEP)", r"mat\.(?=\s*\d)", r"contrato(?=\s+(?:n\.?\s?º\s*)?\d)",
        r"contribuinte(?:\s+fiscal)?",
        # (stop 53, round 10) a disabled parking badge, a municipal agent's number, a Multibanco payment reference, a job
        # advert, a health regulator's licence, a health plan's card number
        r"d[íi]stico", r"agente(?:\s+municipal)?(?=\s+n\.?\s?º)", r"refer[êe]ncia(?=\s+\d{3}\s\d{3}\s\d{3}(?!\d))",
        r"an[úu]ncio(?=\s+n\.?\s?º)", r"licen[çc]a\s+(?-i:ERS)", r"cart[ãa]o(?=\s+n\.?\s?º)",
        # (stop 53, round 11) an energy certificate, an estate agent's licence (AMI), a receipt, a service invoice's
        # number and RPS, a municipal registration, a court fee's DUC
        r"certificado\s+energ[ée]tico", r"(?-i:AMI)(?=\s+\d)", r"recibo(?=\s+n\.?\s?º)", r"n[úu]mero\s+da\s+nota",
        r"(?-i:RPS)", r"inscri[çc][ãa]o\s+municipal", r"(?-i:DUC)",
        # (stop 54) an electricity supply point (CPE) and its installation, a telecom's customer code, a SIM card's
        # ICCID (:data:`app.detection.identifiers.FOREIGN_ID_KEYS`), a regulator's complaint protocol, a document's
        # number
        r"(?-i:CPE)", r"instala[çc][ãa]o(?=\s+(?:n\.?\s?º\s*)?\d{6,})", r"c[óo]digo\s+(?:de\s+)?cliente",
        r"protocolo(?:\s+(?-i:[A-Z]{3,8}))?",
        # (stop 56) a staff number ("matr. func. 10452" of a student card's request), a serial number without "de"
        # ("nº série FD9906 01834" of a repair report), a member's number after the word for member ("cooperante n.º
        # 0112" of a cooperative's minutes)
        r"matr\.(?:\s+func\.)?(?=\s*\d)", r"n\.?\s?[º°]\s+s[ée]rie",
        r"(?:cooperante|s[óo]cio|associad[oa])s?(?=\s+n\.?\s?[º°])",
        # (round 25) a professional order's or a register's acronym before "n.º" ("OA n.º 18734", "OE n.º 62291" of a
        # building permit, "alvará IMPIC n.º 78123-PUB", "guia GARE nº 2024.031.557810-9"), a field "Nº …:" ("Nº
        # inscrição: …"), a health plan's card ("carteirinha 0 864 000124783190 2")
        r"(?-i:[A-Z]{2,6})(?=\s+n\.?\s?[º°]\s*\d{4,})", r"n\.?\s?[º°](?=(?:\s+d[eoa]s?)?\s+[^\W\d][\w.]*\s*:)",
        r"carteirinha",
        # (round 26) a property's registration ("matriculado sob o nº 87.316" of a loan-for-use contract), a licence
        # with its holder's trade ("licença de instrutor nº 4127" of a driving school's report)
        r"matriculad[oa]", r"licen[çc]a(?:\s+de\s+[^\W\d]{3,20})?(?=\s+n\.?\s?[º°])",
        # (round 27) an estate agent's registration ("CRECI J-28417")
        r"(?-i:CRECI)(?:[-/](?-i:[A-Z]{2}))?",
        # (round 28) a pharmacy's loyalty card by its name ("Cartão Saúda nº 2000 4471 3380"), a prescription's access
        # code ("cód. acesso 482917"), a pharmacist's professional card ("Dra. Sílvia Quintela (CP 21684)")
        r"cart[ãa]o(?:\s+(?-i:[A-ZÀ-Ú][\wà-ú]+)){1,2}(?=\s+n\.?\s?[º°])", r"c[óo]d(?:igo|\.)\s+(?:de\s+)?acesso",
        r"(?-i:CP)(?=\s+\d{4,6}(?![\d-]))",
        # (round 29) a customer's number after the word alone ("Indicado por: Sr. Wanderley Ayres (cliente 003388)")
        r"cliente(?=\s+\d{5,}(?![\d.,/]))",
        # (round 30) a meter's installation ("Luz (Enel) inst. 7031558842"), a court order ("mandado nº
        # 0024.24.118.552-7" of a seizure record), a licence ("alvará BH-TX 4471")
        r"inst\.(?=\s+\d{6,})", r"mandado(?=\s+n)", r"alvar[áa]",
        r"n\.?\s?º\s+(?:de\s+)?documento",
        # (stop 54, round 13) a sports federation's licence, an insured person's number, a residence permit, a
        # company's number (pessoa coletiva), a staff number ("n.º mecanográfico"), a soldier's NIM, a card's digits
        r"licen[çc]a(?:\s+(?-i:[A-Z]{2,5}))?(?=\s*:)", r"pessoa\s+segura", r"autoriza[çc][ãa]o\s+de\s+resid[êe]ncia",
        r"pessoa\s+coletiva", r"(?:n\.?\s?º\s+)?mecanogr[áa]fico", r"(?-i:NIM)", r"cart[ãa]o(?=\s+\d)",
        # (stop 68: and abbreviated, "Mec. n.º 0447" of a Cape Verdean summons)
        r"mec\.(?=\s*n)",
        # (stop 68: and a bank clerk's, "Gestor: Rui Manuel Sequeira (n.º func. 08831)" of an account opening form)
        r"n\.?\s?º\s+func\.",
        # (stop 69: and the other order, "Rui Almeida Tavares (func. n.º 30472)" of an account opening form)
        r"func\.(?=\s*n\.?\s?º)",
        # (stop 69) a fire brigade's call-out and an appliance's serial ("Bombeiros: Sim – B.V. Guimarães (ocorrência
        # 2024/00871)", "Portátil Lenovo IdeaPad (série PF3K8Q21)" of a home insurance claim)
        r"ocorr[êe]ncia(?=[^\S\n]+\d{4}/\d)", r"s[ée]rie(?=[^\S\n]+(?-i:(?=[A-Z0-9]{0,11}\d)[A-Z0-9]{6,12})\))",
        # (stop 54, round 14) a property's tax article, an employee's "matr."
        r"matriz(?:\s+predial)?(?:\s+(?:urbana|r[úu]stica))?\s+sob\s+o\s+artigo", r"artigo\s+matricial", r"matr\.",
        # (stop 54, round 15) a staff number ("funcionário n.º 4417", "colaborador n.º 10873"), a lawyer's cédula, a
        # Multibanco payment's reference
        r"(?:funcion[áa]ri[oa]|colaborador[a]?)(?=\s+n\.?\s?º)", r"c[ée]dula(?:\s+profissional)?",
        r"ref(?:er[êe]ncia)?\.?\s+(?-i:MB)",
        # (stop 54, round 16) a visit's number, a mortgage's or a loan's number, a PIX transfer's receipt
        r"n\.?\s?º\s+(?:de\s+)?atendimento", r"cr[ée]dito\s+(?:habita[çc][ãa]o|pessoal)",
        r"comprovante(?=\s+[A-Z0-9]{20,})",
        # (stop 57) an invoice of Brazil ("nota fiscal nº 000.128.447"), a farmer's register in Portugal ("NIFAP
        # 6128447"), a room's number
        r"nota\s+fiscal(?:\s+eletr[ôo]nica)?", r"(?-i:NIFAP)", r"quarto(?=\s+(?:n\.?\s?[º°]|nº|número))",
        # (stop 57) a deed's protocol abbreviated ("Av.1 – Prot. 48.211"), a civil servant's number ("técnico n.º
        # 4417"), a property's code at an estate agent ("Código AP-3318 – Rua …"), a vehicle's international insurance
        # card
        r"(?-i:Prot\.)(?=\s*\d)",
        r"(?:técnic[oa]|funcion[áa]ri[oa]|agente|inspetor[a]?|inspector[a]?)(?=\s+(?:n\.?\s?[º°]|nº))",
        r"c[óo]digo(?=\s+(?-i:[A-Z]{1,4})-\d)", r"carta\s+verde",
        # (stop 57) a tax return's identification ("Identificação da declaração: 3107-2024-K72L9QF08"), an FGTS
        # withdrawal's key ("chave de movimentação 0311.2024.884172" of a termination statement)
        r"identifica[çc][ãa]o\s+da\s+declara[çc][ãa]o", r"chave\s+de\s+movimenta[çc][ãa]o",
        # (stop 57) a civil servant's MASP in Minas Gerais ("Diretora – MASP 1.287.453-6" of a school report)
        r"(?-i:MASP)",
        # (stop 57) a pupil's register in São Paulo ("RA (SED): 000.112.874.309-5" of a school report)
        r"(?-i:RA)(?=[^\S\n]*(?:\([A-Z]+\))?[^\S\n]*:?[^\S\n]*\d)",
        # (stop 57) Brazil's national health card by its name ("Cartão Nacional de Saúde: 706 0038 4521 9917")
        r"cart[ãa]o\s+nacional\s+de\s+sa[úu]de",
        # (stop 58) a police car by its number ("acionou a PM pelo 190 (viatura M-14207" of a police report), a
        # land register's permanent certificate ("certidão permanente código 4418-2207-9931" of a deed)
        r"viatura(?=\s+(?-i:[A-Z]{1,3})-?\d)", r"certid[ãa]o\s+permanente(?:\s+c[óo]digo)?",
        # (stop 58) a migrant's national register in Brazil ("RNM F193856-2", "RNM: F482913-0"), a gas supply point's
        # code ("CUI PT1601000000714528KT" of an inspection report), a refund's reference ("Ref.ª do reembolso:
        # 2024 4718 3390 215" of a tax assessment), a marriage's qualification ("Habilitação nº 3.412/2023")
        r"(?-i:RNM|RNE|CRNM)", r"(?-i:CUI)", r"ref\.?ª", r"habilita[çc][ãa]o(?=\s+(?:n\.?\s?º|nº))",
        # (stop 58) a federal servant's register number ("Matrícula SIAPE 1938472" of a medical expert's report)
        r"(?:matr[íi]cula\s+)?(?-i:SIAPE)",
        # (stop 58) a disability certificate, a doctor's vinheta, health plan cards, a mediator's register, a notary's
        # security code ("atestado 1204/2019", "Vinheta 1 482 139", "carteirinhas 8887 6543 2109 0012 e …", "mat.
        # CEJUSC 4471", "código de segurança 8123.4471.0932.5510")
        r"atestado(?=\s+(?:n\.?\s?º\s*)?\d)", r"vinheta", r"carteirinhas", r"mat\.\s+(?-i:[A-Z]{2,8})(?=\s+\d{3,})",
        r"c[óo]digo\s+de\s+seguran[çc]a",
        # (stop 59) an emergency episode abbreviated, a lawyer's professional card ("Proveniência: SU (epis.
        # 25/019554)" of a nursing admission note, "Dr. Nuno Alves Pimenta (C.P. 48812L)" of a detention record)
        r"epis\.(?=\s*\d)", r"(?-i:C\.P\.)(?=\s*\d{3,6}(?-i:[A-Z])?\b)",
        # (stop 59) a property's article in the land tax register, urban or rural ("Artigo: U-4517" of a rent receipt)
        r"artigo(?=[^\S\n]*:?[^\S\n]*(?-i:[UR])-\d)",
        # (stop 59) a driving instructor's credential, a learner's national register number ("Instrutor: Wagner Dias
        # Lopes (credencial nº 0731)", "RENACH: MG912437805" of a driving school's enrolment)
        r"credencial(?=\s+(?:n\.?\s?º|nº))", r"(?-i:RENACH)",
        # (stop 59) a card's last digits after "final", the health service's number after "N.º Utente SNS" ("Nubank
        # final 6621 (bloqueado)" of a police report, "N.º Utente SNS ....: 298 471 560" of a paediatric emergency)
        r"final(?=\s+\d{4}(?![\w.,/-]))", r"(?:n\.?\s?º\s+)?utente(?:\s+(?:do\s+)?(?-i:SNS))?",
        # (stop 59) a letting agent's code of the property ("Código: PIN-AP-1152 - Rua Teodoro Sampaio, …")
        r"c[óo]digo(?=[^\S\n]*:[^\S\n]*(?-i:[A-Z]{2,5})-(?-i:[A-Z0-9-]*)\d)",
        # (stop 59) an estimate by its number, an insurance broker's register, a flight ("Orçamento nº 0389", "SUSEP
        # 100234567", "voo TP 1234")
        r"or[çc]amento(?=\s+(?:n\.?\s?º|nº))", r"(?-i:SUSEP)", r"voo(?=\s+(?-i:[A-Z0-9]{2})\s?\d{1,4}\b)",
        # (stop 59) an episode after its colon, a residence permit ("Episódio: 25007341", "Título de residência: AR
        # 1L7739204" of a discharge note)
        r"epis[óo]dio(?=[^\S\n]*:[^\S\n]*\d)", r"t[íi]tulo\s+de\s+resid[êe]ncia",
        # (stop 59) a registry's presentation, the GNR's process number ("apresentação n.º 2291 de 05/02/2019", "NPP
        # 2024/118734")
        r"apresenta[çc][ãa]o(?=\s+(?:n\.?\s?º|nº))", r"(?-i:NPP)",
        # (stop 60) a Multibanco payment's entity ("ou por Multibanco: Entidade 21873 · Referência 402 117 865")
        r"entidade(?=[^\S\n]*:?[^\S\n]*\d{2}[^\S\n]?\d{3}(?![\w.,]))",
        # (stop 60) a property's municipal tax number, a notary's digital seal ("IPTU/SQL 083.142.0057-3", "Selo Digital
        # nº SFTN1.cG7Rb.Mwfez-Tk9pL.1123q")
        r"(?-i:IPTU)(?:/(?-i:SQL))?", r"selo\s+digital",
        # (stop 60) a Brazilian company's number in the state's trade register, a school's ("NIRE 35.2.3098114-2" of
        # partners' minutes, "Código INEP: 31087452" of a transcript)
        # (stop 68: and São Paulo's school code, "Código CIE: 901234  ·  Código INEP: 35012874" of a transcript)
        r"(?-i:NIRE|INEP|CIE)",
        # (stop 68) an identity card with its state's letters, a register's entry and a civil register's record ("CI
        # MG-12.845.903 SSP/MG", "Prenotação nº 412.339", "certidão de óbito, termo nº 48.217" of a property register)
        r"(?-i:CI)(?=\s+(?-i:[A-Z]{2})-\d)", r"prenota[çc][ãa]o", r"termo(?=\s+n\.?\s?º\s*\d)",
        # (stop 60) a social security benefit's number ("Requerimento NB: 31/648.219.007-3" of an INSS report)
        r"(?-i:NB)(?=[^\S\n]*:?[^\S\n]*\d)",
        # (round 61) a regulation centre's form ("vaga solicitada à Central de Regulação (ficha 7731902)")
        r"ficha(?=\s+\d{5,})",
        # (stop 60) the access code of a company's permanent certificate ("certidão permanente (código 4417-8820-3319)")
        r"c[óo]digo(?=[^\S\n]*:?[^\S\n]*\d{4}-\d{4}-\d{4}(?![\w-]))",
        # (stop 72) a Portuguese tax register's article, a bank's registration, a state registration with dots, a
        # ship's IMO number, an export declaration, a meat plant's inspection number, a power meter's unit, a flight's
        # booking ("artigo matricial urbano 4318", "registada no Banco de Portugal sob o n.º 0891", "I.E.
        # 633.214.870.118", "IMO: 9512846", "DU-E nº: 24BR000918273-4", "SIF 2873", "Unidade Consumidora (UC): 5217
        # 4038 9", "Localizador aéreo: 8HZR4P")
        r"artigo\s+matricial(?:\s+(?:urbano|r[úu]stico))?", r"sob\s+o\s+n\.?\s?[º°]", r"(?-i:I\.E\.)", r"(?-i:IMO)",
        r"(?-i:DU-E)(?:\s+n\.?\s?[º°])?", r"(?-i:SIF)(?=\s+\d)", r"unidade\s+consumidora(?:\s+\((?-i:UC)\))?",
        r"localizador(?:\s+a[ée]reo)?",
        # (and a property's registration after its field, "Matrícula: nº 87.412 do 2º Ofício" of a valuation report)
        r"matr[íi]cula:\s+n\.?\s?[º°]",
        # (and a tourism business's registration, "Cadastur 29.054182.10.0001-7" of a guest registration form)
        r"(?-i:Cadastur)",
        # (and a pension plan's national register number, "Plano de Benefícios PREVIMAR CD II (CNPB 2011.0017-83)")
        r"(?-i:CNPB)",
        # (and an IATA cargo agent's code, "Agente de Carga IATA 47-4 7123" of a freight invoice)
        r"(?-i:IATA)(?=\s+\d{2}-\d)",
        # (and an emergency call's record, "Ocorrência nº 2024.07.15-0932" of an ambulance report)
        r"ocorr[êe]ncia(?=\s+n\.?\s?[º°])",
    ),
    # clinical text's terms that name no one (app.detection.clinical)
    clinical_terms=frozenset("""VM SNE SNG SVD SSVV RASS FC FR SatO2 SpO2 HAS DM IAM AVC DPOC ICC IRC TEP TVP BEG
        REG MEG LOTE ECG RM TAC RX EEG PCR VHS TSH Hb HIV HCV HBV UTI CTI AAS Troponina Creatinina Hemoglobina
        Bilirrubina Dipirona Paracetamol Insulina Morfina Tramadol Cardiologia Oncologia Neurologia Urologia
        Nefrologia Radiologia Hematologia Gastroenterologia Dermatologia Reumatologia Endocrinologia Pediatria
        Ginecologia Obstetrícia Ortopedia Psiquiatria Neurocirurgia Oftalmologia Cirurgia Geral Medicina Interna
        Emergência Urgência Enfermaria Serviço Unidade Setor Ambulatório Crohn Apgar""".split()),
    field_labels=frozenset("CPF CNPJ CNS NISS RG CEP".split()),
    phone_regions=("PT", "BR"),
    # (stop 67) the other Portuguese-speaking countries, for numbers as one dials them
    phone_regions_dialled=("AO", "MZ", "CV", "GW", "ST", "TL", "MO"),
    job_title_heads=(r"Coordenador(?:a)?", r"Assistente", r"Técnic[oa]", r"Auxiliar", r"Analista", r"Gerente",
                     r"Supervisor(?:a)?", r"Gestor(?:a)?", r"Chefe"),
    extension_keywords=(r"ramal", r"extensão", r"ext\.?"),
    # (stop 48) a landline as family chats name it ("liguem no fixo 3284-5566")
    secret_keywords=(r"senha", r"palavra-passe", r"PIN", r"código\s+PIN", r"token", r"chave\s+(?:de\s+)?API",
                     r"password",
                     # (stop 50) a home carer's key safe ("Cofre chaves: 7319"), a building's codes
                     r"cofre(?:\s+(?:de\s+)?chaves)?", r"código\s+(?:do\s+portão|da\s+porta|do\s+prédio|do\s+alarme)",
                     # (stop 52) a certificate's "Código de segurança: 8847.2291.0372.5519"
                     r"código\s+de\s+seguran[çc]a"),
    # (stop 64: and a contact's number, "Contacto:           976 48 13", "Secretária do Suco, contacto 7805 1129")
    phone_keywords=(r"tel(?:efone)?\.?", r"contacto(?=[^\S\n]*:|[^\S\n]+\d)",
        r"telem[óo]vel", r"celular", r"cel\.?", r"fax", r"whats[Aa]pp", r"zap",
        r"(?:telefone\s+)?fixo",
        r"lig(?:ue|a)(?:-me)?\s+para", r"n[úu]mero\s+de\s+(?:telefone|celular)",
        r"lig(?:ou|ava|ando|aram)(?:\s+\S+){0,3}?\s+(?:do|da|de|para|pro)"),
    # NNNNNNN-DD.AAAA.J.TR.OOOO (Resolução CNJ n.º 65/2008, art. 1.º), leading zeros of the first group often dropped
    # Brazil's unified process number (Resolução CNJ n.º 65/2008); Portugal's "1234/24.5T9PRT" (number, year, check
    # digit, the court's code: "processo comum n.º 1234/24.5T9PRT" left "T9PRT" in clear)
    case_number_formats=(r"(?<![\w.-])\d{1,7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}(?![\w-])",
                         r"(?<![\w./-])\d{1,6}/\d{2}\.\d[A-Z][A-Z0-9]{2,7}(?:[.-][A-Z0-9]{1,4})*(?![\w-])"),
    # (stop 68: and Chile's indexed unit, a Brazilian form's state, "06 UF: PR" of a termination record)
    currency_homographs=frozenset({"lei", "UF"}),
    postal_codes=(r"\b\d{4}-\d{3}\b", r"\b\d{5}-\d{3}\b", UK_POSTCODE,  # Portugal, Brazil (CEP), the UK
                  POLISH_POSTCODE),  # (stop 70: a Polish address, :data:`app.languages.POLISH_POSTCODE`)
    street_addresses=StreetAddresses(
        order="type_first",
        types=("[Rr]ua|R\\.|[Aa]venida|Av\\.|[Tt]ravessa|Tv\\.|Trav\\.|[Pp]raça|[Aa]lameda|[Ee]strada|[Ll]argo|[Rr]odovia|"
               "[Cc]alçada|[Pp]raceta|[Bb]eco|"
               # (stop 52: a police report's "Al. Lorena, 1.904, ap. 82", the alameda abbreviated)
               "Al\\.|Rod\\.|"
               # (stop 67) the street's abbreviation without its full stop, in capitals, as an invoice's form prints it
               # ("Endereço: R CARDEAL ARCOVERDE 1749, SALA 52" of a service invoice)
               "R(?=[^\\S\\n][A-ZÁÉÍÓÚÂÊÔÃÕÇ]{2,}[^\\S\\n][A-ZÁÉÍÓÚÂÊÔÃÕÇ])"),
        # (stop 62: and "ao", "Rua do Sol ao Rato, n.º 17" of a register certificate)
        particles="da|das|do|dos|de|e|ao|à",
        units=r"quarto|apto\.?|ap\.|apartamento|sala|casa|loja|conjunto|cj\.",
        # (stop 55) a resident's flat alone ("o morador do apto 704" of a condominium's minutes)
        flats=r"(?:[Aa]pto\.?|APTO\.?|[Aa]partamento|APARTAMENTO)[^\S\n]?(?:n\.?[^\S\n]?º[^\S\n]?)?"
              r"\d{1,4}(?:-?[A-Z])?"
              # (stop 58) a care home's room ("Sr.ª D. Maria … – quarto 14"), a house number with its floor and side
              # named alone ("o Sr. Anatoliy Kovalenko (n.º 49, 1.º Dto.)", "(n.º 45, r/c)" of a complaint)
              # (two digits at least: an inspection's "Quarto 1", "Quarto 2" are bedrooms of one flat)
              r"|(?-i:[Qq]uarto)[^\S\n](?:n\.?[^\S\n]?º[^\S\n]?)?\d{2,3}(?![\w,.]\d)"
              r"|(?:n\.?[^\S\n]?º|nº)[^\S\n]?\d{1,5}[A-Z]?,[^\S\n]?(?:\d{1,2}\.?[^\S\n]?º[^\S\n]?"
              r"(?:Dto|Esq|Frente|Dt\.?º|Dt|E|D)\.?|r/c(?:[^\S\n]?(?:Dto|Esq)\.?)?)"
              # (stop 61) a house's number in a quarter without streets ("Morada: Bairro Almeida, Casa n.º 31,
              # Guadalupe" of a São Tomé school form, "Quarteirão 14, Casa n.º 27" of a Mozambican one)
              # (stop 62: in lower case too, "Bairro de Muahivire, casa n.º 37, Nampula" of a Mozambican contract)
              r"|(?-i:Casa|CASA|casa)[^\S\n](?:n\.?[^\S\n]?º|nº)[^\S\n]?\d{1,4}[A-Z]?(?![\w])"
              # (stop 66: and the block of houses itself, "Bairro Muhalaze, Quarteirão 7, Casa n.º 112" of a rural
              # lease)
              r"|(?-i:Quarteirão|QUARTEIRÃO|quarteirão)[^\S\n](?:n\.?[^\S\n]?º[^\S\n]?)?\d{1,3}(?![\w])"
              # (round 91) a block and lot, and a cemetery's drawer ("Quadra 18, Lote 042, Gaveta 2" of a burial guide)
              r"|(?-i:Quadra|QUADRA|Qd\.)[^\S\n]?\d{1,4}[A-Z]?,?[^\S\n]+(?-i:Lote|LOTE|Lt\.)[^\S\n]?\d{1,4}[A-Z]?"
              r"(?:,?[^\S\n]+(?-i:Gaveta|GAVETA|Jazigo|JAZIGO)[^\S\n]?\d{1,3})?(?![\w])"
              # (stop 62) the ground floor and its side alone, as a condominium's table lists its fractions ("A      |
              # R/C Esq. | Joaquim Tavares Loureiro")
              r"|(?<![\w/])(?-i:R/C|r/c)[^\S\n]?(?-i:Esq|Dto|Dt\.º|Dir)\.?(?![\w])"
              # (stop 62) a floor and its side written out ("o 3.º andar esquerdo do prédio" of a lease)
              r"|(?<![\w.])\d{1,2}\.?º[^\S\n]andar[^\S\n](?:esquerdo|direito|frente|esq\.|dto\.)(?![\w])",
        buildings=r"edif[íi]cio|pr[ée]dio|condom[íi]nio|residencial|bloco|torre|lar",
    ),
    head_final=False,
    name_openers=frozenset({"são", "santo", "santa", "nova", "novo"}),
    # (stop 61) Brazil's federal units after a town and a slash ("Naturalidade: Londrina/PR" of a police report)
    region_codes=frozenset("""AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE
        TO""".split()),
    dictionary=True,
    coreference=CoreferenceWords(
        titles=frozenset({"rei", "rainha"}),
        function_words=("de", "do", "da", "dos", "das", "e", "para", "em", "no", "na", "o", "a", "&"),
        prepositions=("de", "do", "da", "dos", "das", "para", "em"),
        leading_types={L.LOCATION: ("república federativa do", "república de", "república do", "reino de", "reino do",
                                    "principado de", "estado de", "estado do", "cidade de", "ilha de")},
    ),
    surrogate_legal_forms=("Lda.", "S.A."),
    articles=frozenset("o a os as".split()),
    country_names={"RU": "Rússia"},
    country_aliases={"eua": "US", "grã-bretanha": "GB", "rússia": "RU", "brasil": "BR", "alemanha": "DE"},
    organization_synonyms={"companhia": "company", "equipe": "team", "comitê": "committee", "colégio": "school",
                           "empresas": "company"},
    mask_connectors=frozenset("de da do das dos e".split()),
    grammar=RomanceGrammar(
        **_DATA.grammar,
        determiners=frozenset("o a os as um uma uns umas no na nos nas do da dos das ao à aos às pelo pela pelos pelas "
                              "num numa dum duma este esta seu sua".split()),
        determiner_genders={
            "o": "m", "no": "m", "do": "m", "ao": "m", "pelo": "m", "um": "m", "num": "m", "dum": "m", "os": "m",
            "nos": "m", "dos": "m", "a": "f", "na": "f", "da": "f", "à": "f", "pela": "f", "uma": "f", "numa": "f",
            "duma": "f", "as": "f", "nas": "f", "das": "f",
        },
        gender_variants={"país": {"f": "nação"}, "cidade": {"m": "município"}, "lugar": {"f": "zona"},
                         "região": {"m": "território"}, "continente": {"f": "região do mundo"},
                         "*": {"f": "organização", "m": "organismo"}},
        contracting_prepositions=frozenset({"de", "em", "por"}),
        locative="em",
        locative_articles={("m", False): "no", ("f", False): "na", ("m", True): "nos", ("f", True): "nas"},
        bare_names=frozenset({
            "Portugal", "Angola", "Moçambique", "Cabo Verde", "Israel", "Andorra", "Cuba", "Malta", "Mónaco", "Mônaco",
            "Singapura", "Marrocos", "Timor-Leste", "São Tomé e Príncipe", "Madagáscar", "Madagascar", "Macau",
            "Hong Kong", "Chipre", "Gibraltar", "Taiwan", "Porto Rico", "Honduras", "El Salvador", "Moldávia",
            "São Marinho", "Mali", "Malawi", "Malávi", "Barém", "Omã", "Kuwait", "Samoa", "Tonga",
        }),
        first_words={
            "Estados": ("m", True), "Países": ("m", True), "Emirados": ("m", True),
            **dict.fromkeys(("Ilhas", "Filipinas", "Bahamas", "Maldivas", "Seicheles", "Comores", "Honduras"),
                            ("f", True)),
            **dict.fromkeys(("República", "Federação", "Ilha", "Coreia", "Guiné"), ("f", False)),
        },
        articles_by_default=True,
        masculine_a=frozenset({"Gana", "Quénia", "Quênia", "Botsuana", "Botswana", "Ruanda", "Uganda", "Lesoto",
                               "Sri Lanka"}),
    ),
))
