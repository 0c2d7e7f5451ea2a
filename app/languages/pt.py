"""Portuguese."""

from app.languages import Language, register

LANGUAGE = register(Language(
    code="pt",
    name="Portuguese",
    faker_locales=("pt_PT", "pt_BR"),
    surrogate_countries=("PT", "BR"),
    first_name_locales=("pt_PT", "pt_BR"),
    titles=frozenset("""Sr. Sra. Srª. Dona Dom Dr. Dra. Prof. Profa. Senhor Senhora Presidente Ministro Ministra Juiz
        Juíza Deputado Deputada Desembargador Desembargadora Senador Senadora Governador Governadora""".split()),
    title_genders={
        "sr": "male", "senhor": "male", "dom": "male",
        "sra": "female", "senhora": "female", "dona": "female", "dra": "female",
        "eng": None,
    },
    months=("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
            "novembro", "dezembro"),
    month_abbreviations={"marco": 3},
    weekdays=("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"),
    stop_words=frozenset("O A Os As Um Uma Ele Ela Eles No Na Do Da Em Com Pelo Pela Para Sr Sra".split()),
    legal_forms=frozenset("Lda Lda. Ltda Ltda. S/A S.A. SA".split()),
    conjunctions=frozenset({"e", "&", "ou"}),
    organization_connectors=frozenset({"de", "da", "do", "das", "dos"}),
    organization_heads=frozenset("""Universidade Câmara Prefeitura Tribunal Hospital Banco Ministério Assembleia Governo
        Instituto Museu Colégio Escola Faculdade Fundação Associação Federação Secretaria Conselho Polícia Clube
        Procuradoria Defensoria""".split()),
    id_keywords=(
        r"(?:número|n\.?\s?º|nº)\s+d[oae]s?\s+(?:prontuário|utente|cliente|conta|apólice|fatura|factura|sócio|"
        r"funcionário|passaporte|pedido|contrato|referência|beneficiário|matrícula|registro|registo|"
        r"cartão(?:\s+do\s+SUS)?)",
        r"prontuário", r"utente", r"CNS", r"NISS", r"cartão\s+do\s+SUS", r"passaporte", r"apólice", r"matrícula",
        r"placa",
        r"ID",
    ),
    head_final=False,
    label_translations={
        "PESSOA": "PERSON", "NOME": "PERSON", "ORGANIZACAO": "ORGANIZATION", "EMPRESA": "ORGANIZATION",
        "LOCAL": "LOCATION", "LOCALIZACAO": "LOCATION", "DATA": "DATE", "HORA": "TIME", "TELEFONE": "PHONE",
        "DIVERSOS": "MISC", "DINHEIRO": "MONEY", "ID_NUMERO": "ID_NUMBER", "NOME_PROPRIO": "PROPER_NOUN",
        "SUBSTANTIVO_PROPRIO": "PROPER_NOUN",
    },
))
