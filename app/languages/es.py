"""Spanish."""

from app.languages import Language, register

LANGUAGE = register(Language(
    code="es",
    name="Spanish",
    faker_locales=("es_ES", "es_MX"),
    surrogate_countries=("ES", "MX", "AR", "CO", "CL", "PE"),
    first_name_locales=("es_ES", "es_MX"),
    titles=frozenset("""Sr. Sra. Srta. Don Doña Dña. Dr. Dra. Prof. Lic. Señor Señora Presidente Presidenta Ministro
        Ministra Juez Jueza Alcalde Alcaldesa""".split()),
    title_genders={
        "sr": "male", "señor": "male", "don": "male",
        "sra": "female", "srta": "female", "señora": "female", "señorita": "female", "doña": "female",
        "dña": "female", "dra": "female",
    },
    months=("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
            "noviembre", "diciembre"),
    month_variants={"setiembre": 9},
    weekdays=("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
    stop_words=frozenset("El La Los Las Un Una Él Ella Ellos Y En Con Del Al Por Para O A Sr Sra".split()),
    legal_forms=frozenset("S.A. SA S.L. SL S.A.U. S.L.U. S.C. S.Coop.".split()),
    conjunctions=frozenset({"y", "e", "&", "o"}),
    organization_connectors=frozenset({"de", "del", "la", "las", "los", "el"}),
    organization_heads=frozenset("""Universidad Universitat Ayuntamiento Hospital Banco Tribunal Audiencia Juzgado Consejo
        Ministerio Diputación Instituto Museo Colegio Gobierno Parlamento Cámara Club Asociación Fundación
        Federación Academia Policía Cabildo Delegación Consejería""".split()),
    id_keywords=(
        r"(?:número|n\.?\s?º|núm\.)\s+de\s+(?:historia(?:\s+clínica)?|paciente|"
        r"afiliación(?:\s+a\s+la\s+seguridad\s+social)?|afiliado|(?:la\s+)?seguridad\s+social|cliente|cuenta|"
        r"póliza|factura|socio|empleado|pasaporte|pedido|contrato|referencia|licencia|tarjeta\s+sanitaria)",
        r"historia\s+clínica", r"NHC", r"NUHSA", r"NASS", r"NUSS", r"NSS", r"CIPA?", r"pasaporte", r"póliza",
        r"matrícula", r"N[º°o]\s?[Cc]ol(?:egiado)?\.?", r"(?:número|n\.?\s?º|núm\.)\s+de\s+colegiado", r"colegiado",
        r"[Ee]pisodio", r"ID",
    ),
    head_final=False,
    label_translations={
        "PERSONA": "PERSON", "NOMBRE": "PERSON", "ORGANIZACION": "ORGANIZATION", "EMPRESA": "ORGANIZATION",
        "LUGAR": "LOCATION", "UBICACION": "LOCATION", "LOCALIZACION": "LOCATION", "FECHA": "DATE", "HORA": "TIME",
        "TELEFONO": "PHONE", "CORREO": "EMAIL", "VARIOS": "MISC", "DINERO": "MONEY", "NUMERO_ID": "ID_NUMBER",
        "NUMERO_DE_ID": "ID_NUMBER", "NUMERO_DE_REFERENCIA": "ID_NUMBER", "NOMBRE_PROPIO": "PROPER_NOUN",
        "SUSTANTIVO_PROPIO": "PROPER_NOUN",
    },
))
