"""Spanish."""

from __future__ import annotations

from app.detection import labels as L
from app.languages import (
    CITY_AFTER, POLISH_POSTCODE, UK_POSTCODE, CoreferenceWords, Language, StreetAddresses, data_file, register,
)
from app.languages.grammar import RomanceGrammar

#: es.toml, next to this module: the fields of :data:`app.languages.DATA_FIELDS` (months, weekdays,
#: continents, national identifiers, organization nouns, label names, the strict profile's lexicons) and
#: the grammar's :data:`app.languages.PHRASE_WORDS` (:func:`app.languages.data_file`).
_DATA = data_file("app.languages", "es.toml")

LANGUAGE = register(Language(
    **_DATA.language,
    code="es",
    name="Spanish",
    faker_locales=("es_ES", "es_MX"),
    surrogate_countries=("ES", "MX", "AR", "CO", "CL", "PE"),
    first_name_locales=("es_ES", "es_MX"),
    titles=frozenset("""Sr. Sra. Srta. Don Doña Dña. Dr. Dra. Prof. Lic. Señor Señora Presidente Presidenta Ministro
        Ministra Juez Jueza Alcalde Alcaldesa Ilmo. Ilma. Ilmo Ilma Excmo. Excma. Excmo Excma Dª. Dª D.ª Sres. Sras.
        Srs. Abog. Licda. Lcda. Lcdo. Licdo. Q.F.B. M.V.Z. Mtro. Mtra.""".split()),
    # (stop 72: and Mexico's pharmacists, vets and masters, "Dispensó: Q.F.B. Luz Elena Ramírez Soto" of a prescription)
    # (stop 68: and a graduate's, "LICDA. YOKASTA ESTHER RODRÍGUEZ ABREU" of a Dominican birth certificate)
    honorifics=frozenset("""Sr. Sra. Srta. Doña Dña. Dª. Dª D.ª Dr. Dra. Prof. Lic. Señor Señora Ilmo. Ilma. Ilmo Ilma
        Excmo. Excma. Excmo Excma Sres. Sras. Srs. Licda. Lcda. Lcdo. Licdo.""".split()),
    greetings=frozenset(w.strip() for w in """hola|oye|hey|buenas|buenos días|buenas tardes|buenas noches|querido|
        querida|queridos|estimado|estimada|estimados|gracias|muchas gracias|saludos|un saludo|besos|un beso|un abrazo|
        abrazos|atentamente|cordialmente|chao|adiós""".split("|")),
    # short forms of first names in messages ("can you tell kev"; stop 46), words of the language left out
    nicknames=frozenset("""Pepe Paco Nacho Lola Manolo Charo Quique Chus Kike Rafa Dani Edu Juanjo Maite Mabel Pili Loli Isa
        Chema Josemi Txema Iñaki Lupe Tere Merche Pedrito Juanito""".split()),
    # and (stop 44) pronouns and chat words that simplemma lacks or a name lexicon lists ("tú", "ella", "profe",
    # "dile": "si eso dile a la profe … que los recoges tú" came out with three entities)
    informal_words=frozenset("""q xq pq tb tmb porfa xfa jaja jajaja bss ok vale tqm msj tú ella vos dile dilo dime
        hazlo ponlo profe cole peli insti tranqui finde""".split()),
    enclitics=("me", "te", "se", "nos", "os", "le", "les", "lo", "la", "los", "las"),
    weekday_abbreviations=tuple("Lun Mar Mié Mie Jue Vie Sáb Sab Dom".split()),
    # (stop 67) the words before a name at birth (:class:`app.detection.rules.BirthNameRule`)
    birth_names=("nacida", "de soltera"),
    party_roles=frozenset("""demandante demandado demandada denunciante denunciado denunciada testigo acusado
        acusada recurrente víctima""".split()),
    vocatives=frozenset("""chicos chicas todos todas mamá papá mami papi amigos amigas amigo amiga guapa guapo cariño
        tío tía jefe jefa equipo gente amor cielo corazón señor señora compañeros compañeras chaval hermano hermana
        abuela abuelo ambos familia""".split()),
    office_modifiers=frozenset("""Federal General Adjunto Adjunta Titular Suplente Provincial Regional Autonómico
        Autonómica Paz Instrucción""".split()),
    title_genders={
        "sr": "male", "señor": "male", "don": "male",
        "sra": "female", "srta": "female", "señora": "female", "señorita": "female", "doña": "female",
        "dña": "female", "dra": "female", "presidenta": "female", "vicepresidenta": "female", "ministra": "female",
        "comisaria": "female", "jueza": "female", "alcaldesa": "female", "reina": "female",
    },
    # (stop 56) "i" joins a Catalan name's two surnames ("Jordi Camps i Puig")
    name_particles=frozenset({"de", "del", "y", "i"}),
    title_initials=frozenset({"D."}),
    particles_not_first=frozenset({"y"}),
    # (stop 64) an employer's and a business's fields ("Lugar de trabajo: Restaurante La Vasija Dorada, S.A." of a
    # Panamanian health certificate, "Nombre Comercial: ESTUDIO NAKAMURA DISEÑO" of a Mexican tax record)
    # (stop 64) a letterhead's public bodies ("JUNTA CENTRAL ELECTORAL", "SERVICIO DE ADMINISTRACIÓN TRIBUTARIA",
    # "POLICÍA NACIONAL DEL PERÚ") and the document titles that name none ("CERTIFICADO DE ANTECEDENTES POLICIALES")
    # (stop 65: and a public school, "ESCUELA OFICIAL RURAL MIXTA N.º 12 DE SALCAJÁ")
    # (and a police command and force, "COMANDO DEPARTAMENTAL DE COCHABAMBA", "FUERZA ESPECIAL DE LUCHA CONTRA EL
    # CRIMEN" of a Bolivian police record)
    public_body_words=frozenset("""Escuela Comando Fuerza División
        Policía Junta Tribunal Dirección Secretaría Servicio Registro Órgano Función Unidad
        Oficialía Ministerio Superintendencia Procuraduría Fiscalía Defensoría Contraloría Consulado Embajada
        Gobernación Alcaldía Municipalidad Intendencia Juzgado Corte Instituto Notaría Ayuntamiento Consejería
        Delegación Subdelegación Jefatura Comisaría Gobierno Prefectura Agencia Oficina Departamento Caja Consejo
        Colegio Cámara Carabineros Guardia Gendarmería Prefectura""".split()),
    document_title_words=frozenset("""Certificado Certificación Acta Constancia Sentencia Resolución Auto Contrato
        Escritura Poder Denuncia Informe Declaración Solicitud Formulario Recibo Factura Partida Extracto Nota Carta
        Oficio Notificación Citación Demanda Historia Receta Boleta Comprobante Ficha Expediente Testimonio Licencia
        Permiso Finiquito Liquidación""".split()),
    # (stop 68) a form's fields of a place ("Provincia: GUAYAS", "Parroquia: TARQUI" of an Ecuadorian birth
    # certificate, "Comuna: Maipú", "Departamento: Antioquia")
    place_fields=frozenset(w.strip() for w in """provincia|cantón|canton|parroquia|municipio|departamento|comuna|
        distrito|localidad|ciudad|región|barrio|colonia|corregimiento|vereda|alcaldía|delegación|
        lugar de nacimiento|país de nacimiento|ciudad de nacimiento""".split("|")),
    organization_fields=frozenset(w.strip() for w in """nombre comercial|razón social|denominación social|
        denominación o razón social|lugar de trabajo|centro de trabajo|empleador|empleadora|empresa empleadora|
        empresa|patrono|patrón""".split("|")),
    # (stop 70: a constitutional complaint's parties, "ACCIONANTE:   LUZ MARINA OROZCO DE LA HOZ, en nombre propio")
    name_fields=frozenset(w.strip() for w in """nombre|nombre y apellidos|nombre completo|apellidos|apellido|paciente|
        accionante|accionado|accionada|destinatario|destinataria|
        demandante|demandado|demandada|solicitante|asegurado|asegurada|testigo|titular|médico responsable|
        médica responsable|médico|médica|titular del contrato|titular de la cuenta|titular del suministro|cotitular|
        interesado|interesada|arrendatario|arrendataria|conductor|conductora|pasajero|pasajera|huésped|
        nombre de pila|conductor a|conductor b|conductora a|conductora b|testigo 1|testigo 2|
        trabajador|trabajadora|trabajador/a|denunciante|agraviado|agraviada|denunciante/agraviada|denunciante/agraviado|
        apellidos y nombres|padre|madre|cónyuge|contrayente|
        nombres|apellido y nombre|profesional|vendedor|vendedora|comprador|compradora|el vendedor|la vendedora|
        el comprador|la compradora|
        propietario|propietaria|propietario anterior|propietaria anterior|nuevo propietario|nueva propietaria|
        arrendador|arrendadora|víctima|detenido|detenida|imputado|imputada|nombre inscrito|nombre inscrita|
        nombre del inscrito|nombre de la inscrita|inscrito|inscrita|padres|progenitores|convocante|convocado|
        convocada|médico certificante|médica certificante|
        apellido paterno|apellido materno|primer apellido|segundo apellido|
        firma|firmado por|verificado por|elaborado por|aprobado por""".split("|")),
    # (stop 66: and a lawyer's "Abog.", "Abog. Luz Marina Tello Ruiz" of a Peruvian marriage record)
    abbreviations=frozenset("sr sra srta dña dra lic ing av avda pág sto sta núm cfr abog cía".split()),
    # (stop 70: "cía", a firm's "& CÍA. S.A.S." kept in one sentence with its form, "y Cía. El contrato" two)
    closing_abbreviations=frozenset({"cía"}),
    sentence_starters=frozenset("El La Los Las Este Esta Él Ella Ellos Su Sus Pero".split()),
    place_connectors=frozenset("de del la y".split()),
    month_variants={"setiembre": 9},
    # (stop 53: "de" may be left out, "3 marzo 2015" as e-mail clients and forms write it)
    date_of=r"\s+(?:del?\s+)?",
    date_words=frozenset({"de", "del", "en", "a", "y", "o", "el"}),
    licence_plates=(r"\d{4}[ -]?[BCDFGHJKLMNPRSTVWXYZ]{3}",),
    payment_cues=(r"transferencia\s+(?:a\s+favor\s+de|recibida\s+de|emitida\s+a|a|de)",
                  r"bizum\s+(?:enviado\s+a|recibido\s+de|a|de)", r"ordenante:?", r"beneficiario:?"),
    payment_references=tuple("""ALQUILER Alquiler NOMINA NÓMINA Nómina CONCEPTO Concepto RECIBO Recibo FACTURA Factura
        IBAN REF""".split()),
    day_words=(r"primero", r"uno", r"dos", r"tres", r"cuatro", r"cinco", r"seis", r"siete", r"ocho", r"nueve", r"diez",
               r"once", r"doce", r"trece", r"catorce", r"quince", r"dieci(?:séis|seis|siete|ocho|nueve)", r"veinte",
               r"veinti(?:uno|ún|dós|dos|trés|tres|cuatro|cinco|séis|seis|siete|ocho|nueve)",
               r"treinta(?:\s+y\s+uno)?",
               # (stop 58) a day in figures before the words of a deed's date ("a los 14 días del mes de agosto de
               # 2024")
               r"\d{1,2}(?=\s+días?\s+del\s+mes\s)"),
    year_words=(r"mil", r"dos", r"novecientos", r"ochocientos", r"y", r"uno", r"tres", r"cuatro", r"cinco", r"seis",
                r"siete", r"ocho", r"nueve", r"diez", r"once", r"doce", r"trece", r"catorce", r"quince",
                r"dieci(?:séis|seis|siete|ocho|nueve)", r"veinte",
                r"veinti(?:uno|ún|dós|dos|trés|tres|cuatro|cinco|séis|seis|siete|ocho|nueve)", r"treinta", r"cuarenta",
                r"cincuenta", r"sesenta", r"setenta", r"ochenta", r"noventa"),
    # (stop 52: the figures in brackets after the words, "veintiocho (28) de agosto de mil novecientos ochenta y
    # nueve (1989)", as deeds write them)
    spelled_date=(r"{day}(?:\s+\(\d{{1,2}}\))?\s+(?:días?\s+del?\s+mes\s+)?de\s+{month}"
                  r"(?:\s+del?\s+(?:año\s+)?(?:{year}(?:\s+\(\d{{4}}\))?|\d{{4}}(?!\w)))?"),
    date_cues=(r"el", r"del", r"al", r"desde", r"hasta", r"día", r"fecha:?", r"antes\s+del", r"a\s+partir\s+del",
               r"pasado", r"próximo", r"este",
               # (stop 47) appointments of notes and letters ("revisión 19/09")
               r"cita", r"revisión", r"control", r"consulta", r"ingreso"),
    stop_words=frozenset("""El La Los Las Un Una Él Ella Ellos Y En Con Del Al Por Para O A Sr Sra
        Sus Nuestro Nuestra Nuestros Nuestras""".split()),
    # (stop 69: Mexico's variable capital after "de", "S.A. de C.V.", "S. de R.L. de C.V."; its last full stop may end
    # the sentence)
    # (stop 70: Argentina's and Peru's, "Frigorífico La Pampeana S.R.L." of a pension application's work history)
    # (and "Cía." before the form, "INVERSIONES MONTOYA RESTREPO & CÍA. S.A.S." of a Colombian lease)
    legal_forms=frozenset("S.A. SA S.L. SL S.A.U. S.L.U. S.C. S.Coop. S.L.P. S.L.L. S.A.L. C.V. C.V R.L. R.L S.R.L."
                          " S.R.L SRL S.A.C. Cía. CÍA. Cia. CIA. S.C.V.C. S.C.C.".split()),
    conjunctions=frozenset({"y", "e", "&", "o"}),
    case_markers=frozenset({"c.", "vs.", "versus"}),
    opener_case_markers=frozenset({"contra"}),
    citation_openers=frozenset("Asunto Caso Sentencia Véase Vid Vid. Cf Cf.".split()),
    organization_connectors=frozenset({"de", "del", "la", "las", "los", "el"}),
    organization_heads=frozenset("""Universidad Universitat Ayuntamiento Hospital Banco Tribunal Audiencia Juzgado Consejo
        Ministerio Diputación Instituto Museo Colegio Gobierno Parlamento Cámara Club Asociación Fundación
        Federación Academia Policía Cabildo Delegación Consejería Distribuidora Comercializadora Constructora
        Inmobiliaria Frigorífico""".split()),
    institution_heads=(("Hospital",), ("Clínica",), ("Complejo", "Hospitalario"), ("Centro", "de", "Salud"),
                       # (stop 72) a foundation ("FUNDACIÓN CEIBA EDUCATIVA" of a scholarship's letterhead)
                       ("Fundación",),
                       # (and a customs office, "Aduana de Ezeiza" of a seizure record)
                       ("Aduana",),
                       # (stop 62) a notary's office and a civil register, whose number and place name the notary and
                       # the registrar ("Notaría Paino Scarpati", "48ª Notaría de Santiago", "REGISTRO CIVIL DEL
                       # ESTADO DE JALISCO")
                       ("Notaría",), ("Registro", "Civil"),
                       # (stop 63) a court and a public institute ("JUZGADO TERCERO CIVIL MUNICIPAL DE ORALIDAD DE
                       # MEDELLÍN" of a ruling, "INSTITUTO MEXICANO DEL SEGURO SOCIAL" of a sick note: the model's part)
                       ("Juzgado",), ("Instituto",),
                       # (stop 71) a diocese and a parish ("ARQUIDIÓCESIS DE MEDELLÍN", "PARROQUIA SANTA MARÍA DE LOS
                       # ÁNGELES – BELÉN" of a baptism record)
                       ("Arquidiócesis",), ("Diócesis",), ("Parroquia",),
                       # (and a town hall, an agency, a directorate general: "AYUNTAMIENTO DE VALENCIA", "AGENCIA
                       # NACIONAL DE TRÁNSITO", "DIRECCIÓN GENERAL DE TRÁFICO" of a register and two notices)
                       ("Ayuntamiento",), ("Agencia",), ("Dirección", "General"),
                       # (a ministry, a mercantile register, a civil registry's office: "MINISTERIO DEL PODER POPULAR
                       # …", "REGISTRO MERCANTIL PRIMERO DEL ESTADO CARABOBO", "OFICIALÍA DEL ESTADO CIVIL …";
                       # "Registro de la Propiedad n.º 3 de Málaga")
                       ("Ministerio",), ("Registro", "Mercantil"), ("Oficialía",),
                       ("Registro", "de", "la", "Propiedad"),
                       ("Sanatorio",), ("Policlínica",), ("Centro", "Médico"), ("Centro", "Hospitalario"),
                       ("Consorcio", "Hospitalario"),
                       # (stop 49) schools, nurseries and care homes: a child's school, a resident's home
                       ("Colegio",), ("CEIP",), ("IES",), ("Escuela", "Infantil"), ("Guardería",), ("Residencia",),
                       # (stop 55) a mutual insurer ("Mutua Levantina de Seguros" of an accident report)
                       ("Mutua",), ("Mutualidad",),
                       # (stop 55, round 18) a regional government in capitals ("JUNTA DE ANDALUCÍA")
                       ("Junta", "de")),
    # (stop 72: and an Argentine court's "en lo", "Juzgado Nacional de Primera Instancia en lo Comercial N° 14")
    institution_words=frozenset({"del", "la", "las", "los", "y", "en lo"}),
    institution_stops=frozenset(
        "Ctra. Ctra Av. Avda. Avenida Calle C/ Plaza Paseo Servicio Unidad Departamento Sección".split()),
    # (stop 53) a civil or land register's entry: "Registro Civil de Elche, tomo 212, folio 37" of an adoption file
    # (and a company's in the commercial register: "Tomo 5.218, Folio 142, Hoja BI-58.334" of shareholders' minutes)
    # (stop 65) any entry of two or more of these words, each before its number ("Tomo: 147        Folio: 283" of a
    # Cuban birth certificate, "Libro 119, Folio 87, Partida 1734" of a Guatemalan one, "LIBRO 9       FOLIO 45,902" of
    # a Mexican deed)
    # (stop 66: and a civil register's inscription, "Tomo: 00287   Página: 145   Inscripción n.º: 0289" of a death
    # certificate)
    # (stop 71: and a Mexican civil registry's office, "Oficialía: 01   Libro: 03   Acta: 00421" of a marriage
    # certificate's transcript)
    register_words=(r"tomo", r"libro", r"folios?", r"fojas?", r"partida", r"asiento", r"acta", r"finca",
                    r"inscripci[óo]n", r"oficial[íi]a"),
    register_pages=(r"p[áa]g(?:ina)?", r"secci[óo]n"),
    # (stop 70) a Chilean number with its check letter "K" by its shape ("Aguas Andinas\nN° 3347812-K" of a lease's
    # utility accounts)
    register_entries=(r"(?<![\w.-])\d{7,8}-[Kk](?![\w-])",
                      # (stop 72) a Chilean land register's inscription, its leaves and number ("Inscripción:
                      # Fs. 38.412 N° 56.290, Reg. de Hipotecas CBR Santiago" of a mortgage statement)
                      r"(?<![\w.])(?:Fs|Fjs|fs|fjs)\.[^\S\n]?(?:\d{1,3}\.\d{3}|\d{1,5})(?:[^\S\n]?(?:vta|v)\.)?,?"
                      r"[^\S\n]+(?:N[°º]|n\.?[°º]|[Nn]úm\.)[^\S\n]?(?:\d{1,3}\.\d{3}|\d{1,6})(?![\w/-]|[.,]\d)",
                      r"(?i:\btomo[^\S\n]+(?:\d{1,3}\.\d{3}|\d{1,5}(?:-\d)?),?[^\S\n]+"
                      r"(?:libro[^\S\n]+(?:\d{1,3}\.\d{3}|\d{1,5}),?"
                      # (round 26: "tomo 212, pág. 88" of a birth's inscription)
                      r"[^\S\n]+)?(?:folio|f\.|p[áa]g(?:ina)?\.?)[^\S\n]+(?:\d{1,3}\.\d{3}|\d{1,5})"
                      # (stop 57: "Tomo 00412-3, Página 187, Sección 3.ª" of a death's inscription)
                      r"(?:,?[^\S\n]+secci[óo]n[^\S\n]+\d{1,2}(?:\.?[ªº])?)?"
                      # (stop 64: and the entry after the folio, "al tomo 2187, folio 406, asiento 812" of a Costa Rican
                      # birth certificate)
                      r"(?:,?[^\S\n]+asiento[^\S\n]+\d{1,6}[º°]?)?"
                      # (stop 54: "finca registral 21.904" of a deposit contract)
                      r"(?:,?[^\S\n]+(?:finca|hoja)(?:[^\S\n]+registral)?[^\S\n]+"
                      r"(?:n\.?[^\S\n]?º[^\S\n]*|número[^\S\n]+)?"
                      r"[\w/-]*\d(?:[\w/-]|\.(?=\w))*)?)(?![\w])",
                      # (round 27) a rural plot by its cadastral polygon and parcel ("pol. 7 / 112", "pol. 11 / 203 y
                      # 204", "polígono 9, parcela 40" of an irrigation community's minutes)
                      # (round 61) an Argentine lawyer's volume and folio, a Chilean property's folio in the register
                      # ("(T° 98 F° 412 CPACF)", "inscrito a fojas 45.318 N° 65.902 del Registro de Propiedad")
                      # (stop 70: with full stops, "abogada, T.º 104 F.º 877 CPACF" of a pension application)
                      r"(?<![\w.])T\.?[°º][^\S\n]?\d{1,4}[^\S\n]+F\.?[°º][^\S\n]?\d{1,5}(?![\w])",
                      # (stop 67) an Argentine account's alias, three to four words joined by full stops ("CBU
                      # 0140339601630005487213, alias SOL.MESA.LIMON" of a lease; no digit, no keyword's value)
                      r"(?<![\w-])(?i:alias)[^\S\n]*:?[^\S\n]+"
                      r"(?P<entry3>[A-Za-zÑñ0-9]{2,20}(?:\.[A-Za-zÑñ0-9-]{2,20}){2,3})"
                      r"(?![\w.]|\.\w)",
                      r"(?i:\bfojas[^\S\n]+\d{1,3}(?:\.\d{3})*[^\S\n]+N[°º][^\S\n]?\d{1,3}(?:\.\d{3})*)(?![\w])",
                      # (stop 61) Panama's civil register by its volume and entry ("Tomo 412, Asiento 1187" of a
                      # marriage certificate)
                      r"(?i:\btomo[^\S\n]+\d{1,5},?[^\S\n]+asiento[^\S\n]+\d{1,6})(?![\w])",
                      # (stop 64) a Nicaraguan property's number before its volume, folio and entry ("inscrita bajo el
                      # Número 98,412, Tomo 1843, Folio 112, Asiento 2º" of a lease), an Argentine record's number,
                      # volume and folio between dashes ("Acta N° 254 – Tomo 3 – Folio 127" of a marriage record)
                      # (and an estate's number first, "finca n.º 4.217, tomo 38, folio 112" of a Malabo deed)
                      r"(?i:\bfinca[^\S\n]+(?:n\.?[^\S\n]?º[^\S\n]*|número[^\S\n]+)?\d{1,3}(?:\.\d{3})*,"
                      r"[^\S\n]+tomo[^\S\n]+\d{1,5},[^\S\n]+folio[^\S\n]+\d{1,5})(?![\w])",
                      r"(?i:\bn[úu]mero[^\S\n]+\d{1,3}(?:[.,]\d{3})*,[^\S\n]+tomo[^\S\n]+\d{1,5},[^\S\n]+folio[^\S\n]+"
                      r"\d{1,5}(?:,[^\S\n]+asiento[^\S\n]+\d{1,4}[º°]?)?)(?![\w])",
                      r"(?i:\bacta[^\S\n]+n[°º][^\S\n]*\d{1,6}[^\S\n]+[–-][^\S\n]+tomo[^\S\n]+[\dIVXL]{1,5}[^\S\n]+[–-]"
                      r"[^\S\n]+folio[^\S\n]+\d{1,5})(?![\w])",
                      # (stop 64) and with the folio between them, perhaps after colons ("al tomo 2187, folio 406,
                      # asiento 812" of a Costa Rican birth certificate, "Tomo: 142 Folio: 87 Asiento: 1739" of a Cuban
                      # one)
                      r"(?i:\btomo:?[^\S\n]+\d{1,5},?[^\S\n]+folio:?[^\S\n]+\d{1,5},?[^\S\n]+asiento:?[^\S\n]+"
                      r"\d{1,6})(?![\w])",
                      # (stop 62) a Venezuelan commercial register's number and volume ("Inscrito bajo el N° 31, Tomo
                      # 58-A Sdo." of a company's articles)
                      # (stop 62) a deed's number, in figures after the word or in brackets after it in words
                      # ("ESCRITURA PÚBLICA NÚMERO 14,582" of a Panamanian company's articles, "NÚMERO MIL
                      # CUATROCIENTOS TREINTA Y DOS (1.432)" of a Spanish deed of sale)
                      # (stop 64: and a colon after the word, "ESCRITURA PÚBLICA NÚMERO: 2.847" of a Colombian deed)
                      r"(?i:\bescritura(?:[^\S\n]+p[úu]blica)?[^\S\n]+(?:n[úu]mero|n\.?[º°]):?)[^\S\n]+"
                      r"(?:(?-i:[A-ZÁÉÍÓÚ][A-ZÁÉÍÓÚ ]{2,80})[^\S\n]?\()?"
                      r"(?P<entry>\d{1,3}(?:[.,]\d{3})?|\d{2,5})(?![\w.,/-]|[^\S\n]?\((?-i:[A-Z]))",
                      # (stop 71) its number alone in thousands after the word ("escritura 45,218 de la Notaría 127 de
                      # la CDMX" of an estate agent's notes)
                      r"(?i:\bescritura(?:[^\S\n]+p[úu]blica)?[^\S\n]+)(?P<entry6>\d{1,3}[.,]\d{3})(?![\w.,/-])",
                      # (stop 68) the volume's number on the next line, the entry from it ("al tomo\n1.847, libro
                      # 1.102, folio 88, finca número 22.431" of a deed of sale)
                      r"(?i:\btomo[^\S\n]*\n[^\S\n]*)(?P<entry5>(?:\d{1,3}\.\d{3}|\d{1,5}),[^\S\n]+libro[^\S\n]+"
                      r"(?:\d{1,3}\.\d{3}|\d{1,5}),[^\S\n]+folio[^\S\n]+(?:\d{1,3}\.\d{3}|\d{1,5})(?:,[^\S\n]+finca"
                      r"(?:[^\S\n]+registral)?[^\S\n]+(?:n\.?[^\S\n]?º[^\S\n]*|número[^\S\n]+)?"
                      r"(?:\d{1,3}\.\d{3}|\d{1,6}))?)"
                      r"(?![\w])",
                      # (stop 68) and the deed's number heading it, in words and then figures ("NÚMERO MIL
                      # CUATROCIENTOS DIECIOCHO (1.418)" above "ESCRITURA DE COMPRAVENTA")
                      r"(?<![^\n])[^\S\n]*N[ÚU]MERO[^\S\n]+[A-ZÁÉÍÓÚ][A-ZÁÉÍÓÚ ]{2,80}[^\S\n]?\("
                      r"(?P<entry2>\d{1,3}(?:[.,]\d{3})?|\d{2,5})\)[^\S\n]*(?=\n)",
                      # (stop 68) a register's number of an entry said inscribed ("inscripto en la\nDirección Nacional
                      # de Catastro con el Nº 48.203", "Reglamento de copropiedad inscripto con el Nº 8.812" of a
                      # Uruguayan title report)
                      r"(?i:\binscript[oa]s?\b)(?:[^\n]|\n(?!\n)){0,80}?\bcon[^\S\n]+el[^\S\n]+"
                      r"(?i:n[º°]|n\.[^\S\n]?º|n[úu]mero)"
                      r"[^\S\n]*(?P<entry4>\d{1,3}(?:\.\d{3})+|\d{3,6})(?![\w]|[.,]\d)",
                      r"(?<![\w])N[°º][^\S\n]?\d{1,5},[^\S\n]+(?i:tomo)[^\S\n]+\d{1,4}(?:-[A-Z])?"
                      r"(?:[^\S\n]+(?-i:Sdo|Pro|Tro|Cto|SDO|PRO|TRO|CTO)\.)?"
                      # (stop 64: and the folios after it, "N° 31, Tomo 18, Folios 94 al 99" of a Caracas lease)
                      r"(?:,[^\S\n]+(?i:folios?)[^\S\n]+\d{1,5}(?:[^\S\n]+al[^\S\n]+\d{1,5})?)?(?![\w])",
                      # (round 60) Ecuador's civil register by its abbreviations ("Registro: T. 7 – P. 213 – A. 1842")
                      r"(?<![\w.])T\.[^\S\n]?\d{1,5}[^\S\n]+[–-][^\S\n]+P\.[^\S\n]?\d{1,5}[^\S\n]+[–-][^\S\n]+"
                      r"A\.[^\S\n]?\d{1,6}(?![\w])",
                      # (stop 60) a civil register's heading, its parts between dashes ("Sección 3ª – Tomo 00412 –
                      # Página 187" of a death certificate)
                      r"(?i:\btomo[^\S\n]+\d{1,5}[^\S\n]+[–-][^\S\n]+p[áa]gina[^\S\n]+\d{1,5})(?![\w])",
                      # (stop 60) a volume and book at a line's end, the folio and estate on the next ("Registro de
                      # la Propiedad nº 3 de Madrid, tomo 1.874, libro 512,\nfolio 88, finca 24.731" of a lease)
                      r"(?i:\btomo[^\S\n]+(?:\d{1,3}\.\d{3}|\d{1,5}),?[^\S\n]+libro[^\S\n]+(?:\d{1,3}\.\d{3}|\d{1,5}))"
                      r"(?=,?[^\S\n]*\n)",
                      r"(?i:(?<![\w-])folio[^\S\n]+(?:\d{1,3}\.\d{3}|\d{1,5}),?[^\S\n]+finca(?:[^\S\n]+registral)?"
                      r"[^\S\n]+(?:n\.?[^\S\n]?º[^\S\n]*|número[^\S\n]+)?(?:\d{1,3}\.\d{3}|\d{1,6}))(?![\w])",
                      # (stop 60) an Argentine cadastral designation ("NOMENCLATURA CATASTRAL: Circ. 7, Secc. 45, Manz.
                      # 12, Parc. 18" of a deed)
                      r"(?i:\bcirc(?:\.|unscripción)[^\S\n]*[IVX\d]{1,4},?[^\S\n]+secc(?:\.|ión)[^\S\n]*\w{1,4},?"
                      r"[^\S\n]+manz(?:\.|ana)[^\S\n]*\w{1,5},?[^\S\n]+parc(?:\.|ela)[^\S\n]*\w{1,6})(?![\w])",
                      r"(?i:\bpol(?:\.|ígono)[^\S\n]*\d{1,3}[^\S\n]*(?:/|,?[^\S\n]*parcelas?)[^\S\n]*\d{1,5}"
                      r"(?:-\d{1,5})?(?:[^\S\n]+y[^\S\n]+\d{1,5})?)(?![\w])",
                      # (stop 57) and the parcel first ("parcela 118 del polígono 22" of an irrigation community)
                      r"(?i:\bparcelas?[^\S\n]+\d{1,5}[^\S\n]+del[^\S\n]+pol(?:\.|ígono)[^\S\n]*\d{1,3})(?![\w])"),
    id_keywords=(
        # (stop 71) a mortgage's pre-qualification, a certified copy's folio, an application's, a rental fleet's
        # vehicle ("folio de
        # certificación: JAL-DGRC-2025-7731094" of a marriage certificate, "folio de precalificación
        # 7718-2290-4415" of an estate agent's notes, "ID flota BRB-E-042" of a bicycle's damage report)
        r"folio\s+de\s+(?:precalificaci[óo]n|certificaci[óo]n|solicitud)", r"(?:id|n\.?[º°]|número)\s+(?:de\s+)?flota",
        # (and an insolvency, a loan, a Chilean household register, an Argentine prisoner's number, a bank's branch:
        # "Concurso ordinario 318/2024", "Préstamo 3058-2210-41-2710039584", "(folio RSH 48102736)", "LPU N.º:
        # 412.887", "BBVA México, S.A., sucursal 1432")
        r"concurso(?:\s+(?:ordinario|abreviado|consecutivo|voluntario|necesario))?(?=\s+(?:n\.?\s?º\s*)?\d+/\d{4})",
        r"pr[ée]stamo(?=\s+(?:n\.?\s?º\s*)?\d{4}-\d)", r"(?:folio\s+)?(?-i:RSH)", r"(?-i:LPU)",
        r"sucursal(?=\s+\d{3,5}(?![\w/-]|[.,]\d))",
        # (and a Colombian e-ticket, a trailer's plate, a bank's reference: "Tiquete electrónico: 729-2104857736",
        # "remolque 2HT-418", "referencia bancaria BBVA 7719 0042 8831")
        r"tiquete(?:\s+electr[óo]nico)?", r"remolque(?=\s+\d?[A-Z]{2,3}-?\d{2,4}\b)",
        r"referencia\s+bancaria(?:\s+(?-i:[A-Z]{2,6})(?=\s+\d))?",
        # (and a direct debit's mandate, a FONACOT credit, an electricity bill's service number: "Referencia de mandato:
        # BL-SEPA-00417", "saldo préstamo FONACOT, crédito 1410-883726", "(recibo CFE, servicio 547 802 193 416)")
        r"referencia\s+del?\s+mandato", r"cr[ée]dito(?=\s+\d{3,}-\d)", r"clave\s+de\s+rastreo",
        # (and a health insurer's card, a utility's service by its number, a registration, a customs declaration:
        # "credencial N.º 61 248 573 9 01", "(servicio N.º 88213)", "(registro 2024-E-RC-097351)", "NUM. PEDIMENTO:
        # 24 40 3950 4008127" of a vehicle's import)
        r"credencial(?=\s+(?:n\.?\s?[º°]|nº)\s*\d)",
        r"registro(?=\s+\d{4}-(?-i:[A-Z]))", r"(?:(?:num\.?|n[úu]mero)\s+(?:de\s+)?)?pedimento",
        r"servicio(?=\s+(?:(?:n\.?\s?[º°]|nº)\s*\d|\d{3}\s\d{3}\s\d{3}(?:\s\d{3})?(?![\w]|[.,]\d)))",
        # (and a hospital's record, a school's work centre code, a transfer's reference, an employee's number:
        # "(expediente clínico 4417-23)", "CCT: 19PPR0237K", "transferencia SPEI, referencia 8841273", "(empleada n.º
        # 40217)"; a court agent's: "agente" below)
        r"expediente\s+cl[íi]nico", r"(?-i:CCT)", r"(?:(?-i:SPEI),?\s+)?referencia(?=\s+\d{6,}(?![\w/-]|[.,]\d))",
        r"emplead[oa](?=\s+(?:n\.?\s?[º°]|nº)\s*\d)",
        # (stop 70) a Chilean car's plate and engine behind a form's dots ("PPU ............. KXTR.47-2", "N° Motor
        # ........ 2NR-F847193" of a car's sale), a Mexican certificate's printing folio and electronic signature
        # ("Folio de impresión: A 2024 3318470", "Firma electrónica: 7Fq2kLw9…"), an Argentine disability certificate
        # ("CUD N.º ARG-02-00033194508-…")
        r"(?-i:PPU)", r"n[°º]\s+motor", r"folio\s+de\s+impresi[óo]n", r"firma\s+electr[óo]nica",
        r"(?-i:CUD)(?:\s+N\.?[°º])?",
        # (stop 70) a builder's quote and a tax authority's receipt ("Orona, S. Coop. (presupuesto P-24-00871)" of an
        # owners' meeting, "Acuse 2024NB0098812XZ" of a Mexican tax notice)
        r"presupuesto(?=[^\S\n]*(?:n[°º.]?[^\S\n]*)?:?[^\S\n]*[A-Z]{0,3}-?\d)", r"acuse(?:\s+de\s+recibo)?",
        # (stop 67) a Chilean work accident's notice ("folio DIAT 0071234" of a mutual's letter)
        r"(?-i:DIAT|DIEP)",
        # (stop 67) an Argentine property's tax account, its keyword over a line break ("PARTIDA\nINMOBILIARIA:
        # 055-098341-2" of a deed of sale)
        r"partida\s+inmobiliaria",
        # (stop 68) a Uruguayan notary's number at the notaries' fund, a property's register number ("Caja Notarial Nº
        # 11.842", "padrón individual 412.778/203" of a title report), a Spanish notarial paper's serial numbers
        # ("papel timbrado … serie GH, números 4472610 y los cinco siguientes" of a deed)
        r"caja\s+notarial", r"padr[óo]n(?:\s+(?:individual|matriz|rural|urbano))?(?=:?\s*(?:n\S*\s*)?\d)",
        # (stop 69: and a digit in the series, "serie 2L, números 6718440" of a business's sale)
        r"serie\s+(?-i:[A-Z0-9]{1,3}),?\s+n[úu]meros(?=\s+\d)",
        # (stop 67) an Argentine province's gross income tax registration ("Ingresos Brutos: 1251438-07" of an invoice)
        r"ingresos\s+brutos(?=:?[^\S\n]*\d)",
        # (round 94) a health plan's member, the keyword first, and a clinical record's abbreviation ("Cobertura:
        # OSDE 310 - Afiliada N° 62 418537 2 01", "H.C. N°:      00-274519" of an Argentine discharge summary)
        r"afiliad[oa](?=\s+N[°º])", r"(?-i:H\.\s?C\.)(?=\s*N[°º])",
        # (round 94) a Paraguayan criminal case and its interlocutory order by their number ("Causa N°    :
        # 3.217/2016", "Resolución  : A.I. N° 1.482" of a criminal record certificate)
        r"causa(?=\s+N[°º])", r"(?-i:A\.I\.)(?=\s*N[°º])",
        # (round 95) a Mexican voter card's elector key ("Clave de elector (INE): RMCSMR78051414M700" of a death
        # certificate's informant)
        r"clave\s+de\s+elector",
        # (round 95) a Panamanian identity card, a benefit's number at Argentina's social security ("con cédula de
        # identidad personal número 8-412-1187" of a power of attorney, "Nro. de Beneficio : 10-2-0438815-7-0")
        r"c[ée]dula\s+de\s+identidad\s+personal", r"n(?:ro|[úu]m)\.?\s+de\s+beneficio",
        # (stop 67) a record's own number, a code of capitals and digits in parts after "Nro." ("ACTA DE
        # CONCILIACIÓN LABORAL (ACUERDO TOTAL) Nro. MDT-DRTSPQ-CML-2024-0412", "Expediente Nro. 17-MED-2024-03391")
        r"(?-i:Nro\.|NRO\.)(?=[^\S\n]*(?-i:[A-Z0-9]+)-(?-i:[A-Z0-9-]*)\d)",
        # (stop 66) a Dominican invoice's fiscal receipt number, a health insurer's member ("NCF: B0200018734", "No.
        # afiliado: 21-0458812-01" of a hospital's invoice)
        r"(?-i:NCF)", r"(?:no\.|n[º°]\.?|núm\.|número)\s+(?:de\s+)?afiliad[oa]",
        # (stop 66) a notary's work order, a Paraguayan prosecutor's file and a car's plate, a Mexican court's letter,
        # criminal case and investigation file ("OT: 219.554", "Carpeta Fiscal N.º: 4218/2024", "chapa AAEQ 472",
        # "OFICIO NÚMERO: 2871/2024-JC3", "CAUSA PENAL: 0427/2024", "CARPETA DE INVESTIGACIÓN: D-I/18452/2024")
        r"(?-i:OT)(?=[^\S\n]*:)", r"carpeta\s+(?:fiscal|de\s+investigaci[óo]n)", r"chapa(?=\s+(?-i:[A-Z]{3,4})\s?\d)",
        r"oficio\s+(?:n[úu]mero|n\.?[º°]|no\.)", r"causa\s+penal",
        # (stop 66) a Bolivian employer's and pension numbers, a Uruguayan doctor's pension fund, a Chilean police
        # report, court roll and plate, a Honduran pupil's code, a Mexican amparo ("N° Empleador CNS 01-730-0457",
        # "NUA/CUA: 31245789", "Caja Profesional N.º 41.286", "Parte policial Nº: 3271/2024", "Rol 18.552-2024",
        # "Patente (PPU): KT-RL-48", "código SACE 2024-11B-027", "AMPARO INDIRECTO: 487/2024-III")
        r"(?:n[º°]\.?\s+(?:de\s+)?)?empleador(?:\s+(?-i:CNS))?", r"(?-i:NUA/CUA|NUA|CUA)(?=[^\S\n]*:)",
        r"caja\s+profesional", r"parte\s+policial", r"(?-i:Rol|ROL)(?=[^\S\n]+\d)", r"patente",
        r"(?-i:SACE)", r"amparo(?:\s+(?:indirecto|directo|en\s+revisi[óo]n))?(?=\s*:)",
        # (round 91) a Colombian doctor's registration and occupational health licence, a Mexican burial order
        # ("Registro médico 76-4521-08", "Licencia SST 2871/2016", "Orden de inhumación: OI/GDL/2025/1962")
        r"registro\s+m[ée]dico", r"licencia\s+(?-i:SST)", r"orden\s+de\s+inhumaci[óo]n",
        # (stop 63) a Bolivian property's cadastral code, a Mexican flat's property-tax account and its register folio,
        # an Argentine accountant's professional number, an IMSS doctor's code ("Código Catastral 011-0452-017-000",
        # "cuenta predial 028-112-07-000-3", "folio electrónico 1187342", "Mat. Prof. 10-12874-3", "Agregado médico:
        # 1M1979OR")
        # (stop 64) a Dominican civil register's book, folio and record, an Ecuadorian lawsuit, a Venezuelan register's
        # procedure, Colombia's permit for Venezuelans ("Libro No.: 00004    Folio No.: 0192", "Libro 00021, Folio
        # 0045, Acta 000312", "Juicio No.: 17204-2024-01873", "Número de trámite: 221.2024.2.1187", "PPT 4827159")
        # (and a Bolivian death certificate's, three digits after "N°": "Partida N°: 318   Folio N°: 159")
        r"(?:libro|folio|acta|partida)(?=[^\S\n]*:?[^\S\n]*\d{4,}(?![\w/-]|[.,]\d))",
        # (stop 70: or a digit and a hyphen before them, "Folio N°: 3-58214763" of a Chilean medical leave)
        r"(?:libro|folio|acta|partida)\s+n[o°º]\.?(?=[^\S\n]*:?[^\S\n]*(?:\d-)?\d{3,}(?![\w/-]|[.,]\d))",
        # (stop 70) a Chilean doctor's registration ("Registro Superintendencia de Salud: 482713")
        r"registro\s+(?:de\s+la\s+)?superintendencia(?:\s+de\s+salud)?",
        # (stop 70) an insurer's adjuster's key, a Colombian pupil's number ("clave 48815" of a Mexican accident report,
        # "Código SIMAT:  45210338" of a school report)
        r"clave(?=[^\S\n]+\d{4,})", r"(?:c[óo]digo\s+)?(?-i:SIMAT)",
        # (stop 70) a court's order, a civil servant's registration, a Chilean flat's storeroom and parking space, an
        # Argentine school by its number ("(Auto 312/2019 del Juzgado", "(NRP 05218834 A6000)", "bodega 1612-298;
        # estac. 1612-341", "Escuela Primaria N° 1.347")
        r"auto(?=[^\S\n]+\d{1,5}/(?:19|20)\d\d)", r"(?-i:NRP)", r"(?:bodega|estac\.)(?=[^\S\n]+\d{3,5}-\d)",
        r"escuela(?:\s+(?:primaria|secundaria|t[ée]cnica|normal|especial))?\s+n[°º](?=[^\S\n]*\d)",
        r"juicio(?:\s+n[o°º]\.?)?", r"n[úu]mero\s+de\s+tr[áa]mite", r"(?-i:PPT)",
        # (stop 64) a Nicaraguan police officer's card, a Guatemalan bank account ("Carnet Policial No. 18734", "en la
        # cuenta monetaria 3-099-41872-6")
        r"carn[ée]t\s+policial", r"cuenta\s+monetaria",
        # (stop 64) a Chilean birth's inscription and its verification code, a Mexican sick note's series, a Venezuelan
        # council's tourism code, a Bolivian bar's number, a Panamanian property's location code ("Nro. inscripción
        # : 1.847", "Código verificación  : 3f7a2c1e9b04", "Serie y folio: NR 482913", "Código SITUR:
        # 23-13-10-001-0042", "Mat. CAB N° 11253", "Código de Ubicación 8708")
        r"n(?:ro|[úu]m)\.?\s+(?:de\s+)?inscripci[óo]n", r"c[óo]digo\s+(?:de\s+)?verificaci[óo]n",
        r"serie\s+y\s+folio", r"(?-i:SITUR)", r"(?-i:CAB)(?=[^\S\n]*N[°º])", r"c[óo]digo\s+de\s+ubicaci[óo]n",
        # (stop 64) a Nicaraguan notary's card, a cashier's cheque, a Colombian accountant's card and the NIT in mixed
        # case ("carné CSJ No. 12384", "cheque de caja número 0087213", "T.P. 98412-T", "Nit:  901482736-5")
        r"carn[ée]\s+(?-i:CSJ)", r"cheque(?:\s+de\s+(?:caja|gerencia))?(?=\s+(?:n[úu]mero|n[°º]))",
        r"(?-i:T\.P\.)(?=[^\S\n]*\d)", r"(?-i:Nit)(?=:)",
        # (stop 64) a Mexican car's engine, plates and registration card ("Motor: HR16612045X", "Placas: JKR-473-A",
        # "Tarjeta de circulación: 14-3378120")
        r"motor(?=[^\S\n]*:)", r"placas", r"tarjeta\s+de\s+circulaci[óo]n",
        # (stop 64) a Peruvian doctor's college number, a Uruguayan employer's and professional's social security, a
        # Costa Rican register's citation, a Colombian child's civil number, an account and a notary's register before
        # their "n.º" ("CMP 048731", "N.º empresa BPS:  4127730", "C.J.P.P.U. N.º 45.312", "(citas 2022-00614872)",
        # "NUIP 1.023.647.118", "la cuenta n.º 50001 00102 37204815966 21", "Registro Nº 612")
        # (stop 68: and a Peruvian specialist's register after the college's number, its health insurer's code,
        # an Argentine car's plate after "dominio", a Chilean property's tax roll: "CMP 041276 – RNE 021953",
        # "Autogenerado : 6504121QHRSE005", "el automotor Toyota Corolla dominio AE 417 KD", "Rol SII 1104-337")
        r"(?-i:RNE)", r"autogenerado", r"rol\s+(?-i:SII)",
        # (stop 69) a Mexican school's work-centre key, a health insurer's card after its "N°" on the next line, a
        # Buenos Aires property's tax roll, a sick note's series ("Incorporado a la SEP - CCT 14PPR0837K" of an
        # enrolment form, "obra social OSDE plan 310, credencial\nN° 61 420983 7 01" of a divorce settlement, "Partida
        # ARBA 025-118643-2" of a rental application, "certificado IMSS serie LK 774512" of a work incident report)
        r"(?-i:CCT)(?=[^\S\n]+\d{2}[A-Z])", r"credencial(?=\s+n[°º])", r"partida\s+(?:(?-i:ARBA)|inmobiliaria)",
        r"serie(?=[^\S\n]+(?-i:[A-Z]{1,3})[^\S\n]\d{4,})",
        r"dominio(?=\s+(?-i:[A-Z]{2,3})\s?\d)",
        r"(?-i:CMP)", r"(?:n\.?\s?[º°]\s+)?empresa\s+(?-i:BPS)", r"(?-i:C\.J\.P\.P\.U\.)", r"citas(?=\s+\d{4}-\d)",
        r"(?-i:NUIP)", r"cuenta(?=\s+n\.?\s?[º°])", r"registro(?=\s+n[º°])",
        # (stop 64) a Chilean mediation's case, a Cuban register's volume, a Panamanian lawyer's licence ("N° de causa
        # SIMEF: 0847-2024", "Tomo: 1049         Folio: 338", "idoneidad N.º 14827")
        r"(?:n[°º]\s+de\s+)?causa(?:\s+(?-i:SIMEF|RIT|RUC))?(?=\s*:)", r"tomo(?=[^\S\n]*:[^\S\n]*\d{4})", r"idoneidad",
        r"c[óo]digo\s+catastral", r"cuenta\s+predial",
        r"folio\s+(?:electr[óo]nico|real)", r"(?-i:Mat\.\s+Prof\.)",
        r"agregado\s+m[ée]dico",
        # (stop 65) a Costa Rican employer's number, a Nicaraguan estate's cadastral number ("Número patronal:
        # 2-03101456789-001-001", "número catastral 2954-4-07-012-00451")
        r"n[úu]mero\s+patronal", r"n[úu]mero\s+catastral",
        # (stop 65) a Colombian birth record's serial ("Indicativo Serial: 61847392")
        r"indicativo\s+serial",
        # (stop 65) an Argentine doctor's national and provincial registration, a certified copy's folio ("Dra.
        # Valeria Ocampo (MN 112.507)", "MN 104.776 – MP 332.118", "Folio: A-7781204" of a Mexican marriage record)
        r"(?-i:MN|MP)(?=[^\S\n]?\d{1,3}(?:\.\d{3})+)", r"folio(?=:)",
        # (stop 65) a Puerto Rican lawyer's and case's numbers, a Bolivian case's, a Honduran certificate's ("(RUA NÚM.
        # 18442)", "CASO CIVIL NÚM.: BY2023CV04187", "NUREJ:          201845672", "Certificación No.:
        # 0501-C-2024-0187452")
        r"(?-i:RUA)(?:\s+n[úu]m\.)?", r"caso(?:\s+civil)?\s+n[úu]m\.", r"(?-i:NUREJ)",
        r"certificaci[óo]n(?=\s+(?:No\.|N[°º]|n[úu]m))",
        # (stop 65) a Mexican payment line, an Argentine validation code, a Panamanian social security number, a
        # Costa Rican registry's entries and a notary's card ("Línea de captura:   2405 1711 3387 6620 9014", "Código
        # de validación: CN-7F3K-92QX-4481", "Seguro Social:   227-8841", "CITAS:  2019-00648213-01-0002-001",
        # "NOTARIO PÚBLICO, carné 18274")
        r"l[íi]nea\s+de\s+captura", r"c[óo]digo\s+de\s+validaci[óo]n", r"seguro\s+social(?=[^\S\n]*:)",
        r"citas(?=[^\S\n]*:)", r"presentaci[óo]n(?=[^\S\n]*:)", r"carn[ée](?=[^\S\n]+\d)",
        # (an Ecuadorian property's cadastral key, "Clave catastral:   1101 04 02 012 018 000")
        r"clave\s+catastral",
        # (stop 65, round 86) a mortgage's number ("Número de crédito:    0081-4472391" of a Mexico City deed)
        r"n[úu]mero\s+de\s+cr[ée]dito",
        # (stop 63) a Chilean clinic's file, a traffic complaint's form, a Peruvian notary's register, Guatemala's
        # identity code, an active member of a bar ("Ficha clínica: 0058213", "Boletín de denuncia: V-0392847",
        # "Kardex N.° 41877", "Código Único de Identificación 2415 83961 0901", "colegiado activo número 14,827")
        r"ficha\s+cl[íi]nica", r"bolet[íi]n\s+de\s+denuncia", r"kardex(?:\s+n\.?\s?[º°]\.?)?",
        r"c[óo]digo\s+[úu]nico\s+de\s+identificaci[óo]n", r"colegiad[oa]\s+activ[oa]\s+n[úu]mero",
        # (stop 63) El Salvador's identity document, its doctors' board and social security, the Dominican identity
        # number, a doctor's exequatur, Peru's pension account ("DUI: 04582913-6", "JVPM 12874", "Afiliación ISSS:
        # 201784563", "(NUI): 402-5938174-6", "exequátur 118-09", "CUSPP 584201NQMAQ7")
        r"(?-i:DUI|NUI|JVPM|CUSPP)", r"(?<=\()cuenta(?=\s+\d)",
        r"afiliaci[óo]n\s+(?-i:ISSS|IGSS|IHSS)", r"exequ[áa]tur",
        # (stop 62) a Lima lawyer's bar number, a Uruguayan vehicle's register and a notary's professional number ("CAL
        # N° 58213" of a notarial letter, "padrón N.º 903.517", "Matrícula profesional 14.821" of a car sale)
        r"(?-i:CAL|C\.A\.L\.)", r"padr[óo]n", r"matr[íi]cula\s+profesional",
        # (stop 62) a Venezuelan lawyer's and public accountant's numbers ("inscrito en el Inpreabogado bajo el N°
        # 87.412", "C.P.C. N° 104.558" of a company's articles)
        r"inpreabogado(?:\s+bajo\s+el)?", r"(?-i:C\.P\.C\.)",
        # (stop 62) Colombia's foreigner's identity card ("HANNA WIŚNIEWSKA DE OSPINA, C.E. 6.724.913")
        r"(?-i:C\.E\.)",
        # (stop 61) El Salvador's identity document and a resident's card after "número", Nicaragua's social
        # security ("asegurada INSS 18427735"), an employee's code ("código de empleada 0417")
        r"documento\s+[úu]nico\s+de\s+identidad", r"carn[ée]\s+de\s+residente", r"(?-i:INSS)",
        r"c[óo]digo\s+de\s+emplead[oa]",
        # (stop 61) Chile's and Peru's unique numbers of a case, a court's file and a person ("RUC  : 2500871432-6" of
        # a police report, "RIT O-1234-2024", "RUN : 26.481.337-K")
        r"(?-i:RUC|RIT|RUN)",
        # (stop 61) an Argentine officer's personnel file ("Of. Primero Leandro BIANCHI FERREYRA - L.P. 7412")
        r"(?-i:L\.P\.)(?=[^\S\n]*\d)",
        # (stop 61) Honduras's identity number after its field ("IDENTIDAD:             0801-1993-00927")
        r"identidad(?=[^\S\n]*:[^\S\n]*\d)",
        # (stop 61) a Colombian utility's contract account and customer number ("cuenta contrato 11874302", "NIC
        # 4528193-7" of a flat's handover record), Peru's interbank account code ("CCI: 002-194-138715602047-95")
        r"cuenta\s+contrato", r"(?-i:NIC|CCI)",
        # (stop 61) a Costa Rican company's legal identity card ("cédula jurídica 3-101-654321"), an Argentine
        # professional's provincial or national register ("Dra. … – M.P. 447.218"), a vehicle's engine and plate in a
        # sale contract ("Motor N°: 2GD-C512345", "Chapa N°: AAFK 318")
        r"c[ée]dula\s+jur[íi]dica", r"(?-i:M\.[PN]\.)(?=[^\S\n]*(?:N[º°][^\S\n]*)?\d)",
        r"(?:motor|chapa)(?=[^\S\n]+(?:n\.?[^\S\n]?[º°]|nº)[^\S\n]*:?[^\S\n]*\w)",
        r"n[úu]mero\s+de\s+serie", r"IMEI",
        # (stop 52) "carretilla … n.º de serie H2X386W04417", "(emp. 003988)", a pharmacy's "Nº Registro oficina:
        # 28-0997", the e-signature's secure verification code ("CSV 7F3A-22D1-90BC-4E68"), a meter ("Nº de contador:")
        r"n\.?\s?[º°]\s+de\s+serie", r"emp\.(?=\s*\d)", r"n[º°]\s+registro(?:\s+oficina)?", r"(?-i:CSV)",
        r"(?:n[º°]\s+de\s+)?contador", r"CIP-SNS",
        # (stop 52) an airline's booking, ticket, baggage tag and irregularity report, a frequent flyer's card, a
        # contribution account ("C.C.C. Seguridad Social: 46/1128374/52")
        r"cuenta\s+de\s+(?:depósitos\s+y\s+)?consignaciones", r"localizador", r"c[óo]digo\s+de\s+reserva(?:\s+\(localizador\))?", r"(?:n[º°]\s+(?:de\s+)?)?billetes?",
        r"etiqueta(?=\s+\d)", r"(?-i:PIR)", r"tarjeta\s+Iberia\s+Plus(?:\s+del\s+titular)?",
        r"C\.C\.C\.(?:\s+(?:de\s+(?:la\s+)?)?Seguridad\s+Social)?",
        r"certificado(?:\s+(?:n[úu]m\.?|nº|n\.º))?", r"NAF", r"NUSS",
        r"(?:número|n\.?\s?[º°]|núm\.)\s+(?:de\s+)?(?:historia(?:\s+clínica)?|paciente|tarjeta|reserva|"
        r"afiliación(?:\s+a\s+la\s+seguridad\s+social)?|afiliado|(?:la\s+)?seguridad\s+social|cliente|cuenta|"
        r"póliza|factura|socio|empleado|pasaporte|pedido|contrato|referencia|licencia|tarjeta\s+sanitaria)",
        r"historia\s+clínica", r"NHC", r"NUHSA",
        r"(?-i:TIS)", r"NASS", r"NUSS", r"NSS", r"CIPA?", r"pasaporte", r"póliza",
        r"matrícula(?:\s+del\s+(?:vehículo|coche|turismo|automóvil))?", r"N[º°o]\s?[Cc]ol(?:egiado)?\.?",
        r"(?:número|n\.?\s?º|núm\.)\s+de\s+colegiad[oa]", r"colegiad[oa]",
        # (stop 49) the abbreviation, before digits only ("Dra. Leire Zubizarreta (col. 474712345)"; "Col. Americana"
        # of a Mexican address is a neighbourhood)
        r"(?:n\.?\s?º\s+)?col\.(?=\s*\d{5,}|\s*\d{2}/\d{4,})",
        # (stop 47) a doctor's college number as signatures abbreviate it ("Dra. … (Col. 28/2812345)"); a digit must
        # follow: Mexico's "Col. Roma Norte" is a neighbourhood of an address
        r"(?-i:Col)\.(?=\s*\d)",
        # (stop 47) "la tarjeta sanitaria, la de la Comunidad, número MDRD 1234567890" (a chat): a number of capitals
        # and at least six digits after "número"
        r"número(?=\s+(?-i:[A-Z]{2,4})\s\d{6,}(?!\w))",
        # a court case's general identification number ("NIG: 4109142120250012345", 19 digits)
        r"(?-i:NIG)",
        # a payslip's "Nº afiliación S.S.: 48 12345678 90" and "CIF: A39012345"; a driving licence's number
        r"afiliación(?:\s+(?:a\s+la\s+)?(?:S\.\s?S\.|seguridad\s+social))?", r"(?-i:CIF)",
        r"(?:permiso|carn[ée]|licencia)\s+(?:de\s+)?conduc(?:ir|ción)",
        # a police report's number ("ATESTADO 2025-004512"), an agent's or a customer's code, the last digits of an
        # account or a card ("la cuenta que termina en 4521", as English "account ending 4521")
        # (stop 55) a school's code, a complaint, a credit note
        r"c[óo]digo\s+de\s+centro", r"reclamaci[óo]n(?=\s+(?:n\.?\s?[º°]|nº|número))",
        r"nota\s+de\s+(?:cr[ée]dito|abono)",
        # (round 19) a traffic fee's number, a driving instructor's licence ("lic. profesor n.º 7724-V")
        r"(?:n\.?\s?[º°]|nº)\s+de\s+tasa",
        # (round 20) an employee's number ("N.º de empleada: HN-0377"), a card named before its "n.º" ("Tarjeta
        # Transporte Público n.º 0010 3382 4191"), a taxi's licence ("licencia 1472", "Taxi lic. 0387")
        r"(?:n\.?\s?[º°]|nº|número)\s+de\s+emplead[oa]", r"tarjeta(?=(?:\s+[^\W\d]+){0,3}\s+(?:n\.?\s?[º°]|nº))",
        # (stop 69: and before its field's colon, "Licencia:          B-11/773458" of a car rental)
        r"licencia(?=\s+(?:n\.?\s?[º°]\s*)?\d|[^\S\n]*:)",
        r"lic\.(?=\s+\d|\s+[^\W\d]+\s+(?:n\.?\s?[º°]|nº))",
        # (stop 69) a card's last digits, a health insurer's member, a cemetery's niche ("tarjeta de crédito Oro con
        # terminación 4417" of a fraud complaint, "afiliada N.º 62 184553 0 01" of a loss report, "Nicho 2287" of a
        # funeral invoice)
        r"terminaci[óo]n(?=[^\S\n]+\d{4}(?!\d))", r"afiliad[oa](?=\s+n\.?\s?[º°])",
        r"nicho(?=\s+(?:n\.?\s?[º°]\s*)?\d)",
        # (stop 69) a Mexican migration form's number, a Chilean school's register, a school accident's folio
        # ("residente permanente, FM 0941772", "RBD 25187-3", "(DIAE) folio 2024-13119-0457")
        r"(?-i:FM[23]?)(?=[^\S\n]\d{6,})", r"(?-i:RBD)", r"folio(?=[^\S\n]+\d{4}-\d)",
        # (round 21) social security's number abbreviated ("Nº Seg. Social: 28/10447391/52"), a file's "exp.", invoices
        # in a list ("Facturas emitidas: F-2021/08812, F-2022/10954")
        r"(?:(?:n\.?\s?[º°]|nº)\s+)?seg\.\s+social", r"exp\.(?=\s*\d)", r"facturas?(?:\s+emitidas)?(?=\s*:)",
        # (round 22) an airline's booking and a claim's case ("Loc. QX7T4M / caso 24-0805-118832")
        r"localizador", r"loc\.(?=\s*[A-Z0-9]{6}(?![\w]))", r"caso(?=\s+\d[\d-]{5,})",
        # (round 23) an inspector's professional number ("con n.º de identificación profesional 10.448")
        r"(?:n\.?\s?[º°]|nº|número)\s+de\s+identificaci[óo]n\s+profesional",
        r"atestado", r"código\s+de\s+(?:agente|cliente|empleado|socio|usuario)",
        r"(?:cuenta|tarjeta)\s+(?:que\s+)?termina(?:da)?\s+en",
        # (stop 48) after any words ("la tarjeta de crédito terminada en 8842" of a complaint): four digits
        r"termina(?:da|do)?\s+en(?=\s+\d{4}(?!\w|[.,]\d))",
        # (stop 48) an electricity or gas supply point's code names the household ("CUPS: ES0031408123456789AB0F")
        r"(?-i:CUPS)",
        r"[Ee]pisodio", r"ID", r"tarjeta\s+sanitaria(?:\s+(?:individual|(?-i:[A-Z]{2,4})(?=\s*:)))?", r"TSI",
        r"apartado\s+de\s+correos", r"apdo\.(?:\s+de\s+correos)?",
        # a DNI, NIE or NIF whose check letter fails (a typo) is still one; a police officer's professional card
        r"DNI", r"NIE", r"NIF", r"TIP", r"D\.N\.I\.?", r"N\.I\.E\.?", r"N\.I\.F\.?", r"carn[ée]\s+profesional", r"placa",
        # a bank account: "cuenta corriente", "CCC", "Cuenta:" (not "tener en cuenta 3.000 casos")
        r"cuenta\s+(?:corriente|bancaria)", r"CCC", r"cuenta(?=\s*:)",
        # a property's cadastral reference names its owner's home ("referencia catastral 5729104YJ2752H0007RM")
        r"referencia\s+catastral",
        # a customer's, an invoice's, a contract's number before its "nº" ("cliente nº 0012874", "factura nº
        # FAC-2026/00871"), and a vehicle's frame number ("número de bastidor VF1RFB00867123456")
        r"(?:cliente|socio|abonado|afiliado|factura|pedido|contrato|póliza|pasaporte|alumn[oa])"
        r"(?=\s+(?:n\.?\s?[º°]|núm\.|número))",
        # a pupil's or a student's number ("número de alumno 20231187", "nº de expediente académico 4471")
        r"(?:número|n\.?\s?º|núm\.)\s+de\s+(?:alumn[oa]|estudiante|expediente(?:\s+académico)?)",
        r"(?:(?:número|n\.?\s?º|núm\.)\s+de\s+)?bastidor", r"(?-i:VIN)(?=:?\s+[A-Z0-9]{17}\b)",
        # Latin America: Argentina's CUIT, CUIL and CBU, Chile's RUT and RUN, Mexico's CURP and RFC (stop 46: a CURP
        # whose check digit fails stayed in clear after "CURP:"), Colombia's NIT and citizen's card ("C.C.
        # 1.020.345.678"), also when their check digit fails
        # (stop 61: and "Rut:" as a form's field writes it, "Rut:        76.918.452-3" of a fee receipt)
        r"CUI[TL]", r"CBU", r"(?-i:RU[TN]|Rut(?=:))", r"(?-i:CURP|RFC)", r"(?-i:NIT)",
        r"(?-i:C\.\s?C\.|CC)(?=\s*(?:n\.?\s?º\s*)?\d)",
        r"c[ée]dula(?:\s+de\s+(?:ciudadan[íi]a|identidad))?",
        # (stop 49) a pet's microchip names its owner in the register ("microchip n.º 941000012345678")
        r"(?:(?:número|n\.?\s?º|núm\.)\s+de\s+)?micro-?chip", r"transpondedor",
        # (stop 50) a car rental's contract and booking ("CONTRATO DE ALQUILER Nº VLC-240815-0932", "Reserva:
        # RSV7729104"), a bare driving permit before its number ("permiso PM209374 (HU)"), an office's register
        # ("Registro de salida: 2024/SAL/118342"), a professional body's initials before "nº" in parentheses, not a
        # norm's ("(ICAMA nº 7732)": a lawyer's number at the bar)
        r"contrato(?:\s+de\s+[^\W\d]+)?(?=\s+(?:n\.?\s?[º°]|nº|núm\.|número))", r"reserva(?=[^\S\n]*:)",
        r"(?:permiso|carn[ée])(?=\s+(?-i:[A-Z]{1,3})\d{5,}(?!\w))",
        r"registro\s+(?:de\s+)?(?:salida|entrada)",
        r"(?<=\()(?-i:(?!(?:LEI|LC|MP|HC|RHC|RE|ARE|AI|EC|DL|CF|ADI|ADPF|ADC|MS|RD|LO|BOE|DOU|DR|STF|STJ|TS|TC)\b)"
        r"[A-Z]{2,6})(?=\s+n\.?\s?[º°]\s*\d)",
        r"pasaporte(?:\s+[^\W\d]+)?(?=\s+(?:n\.?\s?[º°]|nº|núm\.|número))",
        # a card's contract before its colon ("Contrato: FC-77310452" of a debt collector's letter), a laboratory's
        # request ("N.º petición: 24-031177"), a parcel's tracking number
        r"contrato(?=[^\S\n]*:)", r"(?:número|n\.?\s?[º°]|núm\.)\s+(?:de\s+)?petición",
        r"(?:(?:número|n\.?\s?[º°]|núm\.)\s+de\s+)?seguimiento",
        # a police complaint and a marketplace's dispute in a chat ("denuncia 2025-GT-004417", "Disputa DSP-88213-ES"),
        # a card's last digits ("la Mastercard acabada en 3381"), a policy after its insurer's name ("Póliza Sanitas
        # 30-4418273-01" of an appointment reminder)
        r"(?:denuncia|disputa|incidencia|reclamación)(?=\s+(?:n\.?\s?[º°]\s*)?(?-i:[A-Z]{0,5})-?\d)",
        r"(?:bolet[íi]n\s+de\s+)?denuncia(?=\s+n\.?\s?[º°])",
        r"acabad[ao]\s+en(?=\s+\d{4}(?!\w|[.,]\d))", r"póliza\s+(?-i:[A-Z][\w-]+)(?=\s+\d)",
        # (stop 51) a professional body's member ("col. nº 1187", a bar's or a medical college's "ICAB nº 41.233", "R.M. 80231457" of a medical
        # report), a passport with its nationality ("pasaporte marroquí QK0937715"), a payment's receipt and operation
        # ("Nº justificante: 7900627354812", "número de operación 230419887413", "cod. operación 55120987", "voucher
        # 000381"), an insurer's claim ("Nº de siniestro: SIN-2024-0087731"), a health insurer's authorisation, an
        # employee's file ("legajo 4471"), a utility's customer ("es cliente 3049817-2"), a help desk's ticket
        r"col(?:egiad[oa])?\.?(?=\s+n\.?\s?[º°])", r"(?-i:ICA[A-Z]{1,2}|COM[A-Z]{1,2})(?=\s+n\.?\s?[º°]\s*\d)", r"(?-i:R\.\s?M\.)",
        r"pasaporte\s+[a-záéíóúñ]+(?=\s+(?-i:[A-Z]{0,3})\d)", r"justificante", r"(?:número|n\.?\s?[º°]|cod\.|código)\s+de\s+operación",
        r"cod\.\s+operación", r"voucher", r"(?:n\.?\s?[º°]\s+de\s+)?siniestro", r"autorización(?:\s+(?-i:[A-Z]{2,5}))?",
        r"legajo(?:\s+(?-i:RRHH))?", r"cliente(?=\s+\d)", r"ticket(?=\s*(?:#|n\.?\s?[º°]))",
        # (stop 53) a file's abbreviation ("Nº Expte.: ADN/03/2023/00714", "expte 28/079/2024/R/00213"), a register's
        # entry ("N.º de registro: PLV-2024-DM-004518"), a clinical history's "HC 000377", an implant's batch ("lote
        # 2317-HK88"), a parcel's shipment ("Tu envío PQ4B5M…")
        r"expte\.?", r"(?:n\.?\s?º\s+de\s+)?registro(?=(?:\s+[^\s:]{1,12}){0,2}\s*:)", r"(?-i:HC)", r"lote",
        r"env[ií]o",
        # (stop 53, round 7) a municipal register's sheet, a fee's self-assessment, a delivery's code, an agent's id
        r"hoja\s+padronal", r"autoliquidaci[óo]n",
        r"c[óo]digo\s+de\s+(?:entrega|recogida|verificaci[óo]n|activaci[óo]n)",
        r"ID\s+(?:agente|empleado)",
        # (stop 53, round 8) a work accident's report, a clinic's health register, a company's social security account
        # ("C.C.C. (Código Cuenta Cotización): 41 1178453 92"), a Bizum's operation
        r"parte(?=\s*:)", r"registro\s+sanitario",
        r"c[óo]digo\s+de\s+cuenta(?:\s+de\s+cotizaci[óo]n)?",
        r"(?-i:C\.C\.C\.)(?:\s+\(c[óo]digo\s+cuenta\s+(?:de\s+)?cotizaci[óo]n\))?",
        r"c[óo]digo\s+cuenta\s+(?:de\s+)?cotizaci[óo]n", r"ref\.?\s+(?:de\s+)?operaci[óo]n",
        # (stop 53, round 9) a bar's member after its college ("Colegio de Abogados de Valencia nº 14.882", "Col. ICAB
        # 41.906"), a civil servant's number, a breakdown's notice, a registered property, a notary's protocol, an
        # invoice
        r"colegio\s+de\s+abogados(?:\s+de\s+[A-ZÁÉÍÓÚ]\w+)?", r"(?-i:ICA[A-Z]{1,2})(?=\s+\d)", r"funcionari[oa]",
        r"(?:n\.?\s?º\s+de\s+)?aviso(?=\s+\d)", r"finca(?:\s+registral)?", r"protocolo",
        r"factura(?=\s+[A-Z]{0,3}-?\d)",
        # (stop 53, round 10) an estate agent's register ("API n.º 2187"), a contract's communication to the employment
        # service ("identificador de comunicación 2024ZG00918347")
        r"(?-i:API)(?=\s+n\.?\s?º)", r"identificador\s+de\s+comunicaci[óo]n",
        # (stop 53, round 11) a labour inspection's record and order, a company's "CCC (Cód. Cuenta Cot.)", an
        # inspector's code, a social services' history
        r"acta(?:\s+de\s+infracci[óo]n)?(?=\s+n\.?\s?º)", r"orden\s+de\s+servicio",
        r"(?-i:CCC)(?:\s+\(c[óo]d\.\s+cuenta\s+cot\.\))?", r"c[óo]d\.(?=\s*\d)", r"historia\s+social(?:\s+(?-i:SIUSS))?",
        # (stop 54) a professional association's member ("Trabajador social: …, col. 41-1988"), a fee's payment form
        # ("tasa 790-062, nº 790062891234567"), a passport in a crew list's column
        r"col(?:egiad[oa])?\.?(?=\s*(?:n\.?\s?º\s*)?\d)", r"intervenci[óo]n(?=\s+n\.?\s?º)",
        r"tasa\s+\d{3}(?:-\d{3})?,?(?=\s+n\.?\s?º)",
        # (stop 54, round 13) a pupil's identification number, a certification's number after its acronym ("CISA nº
        # 211487" of an audit report)
        r"(?-i:NIA)", r"(?-i:[A-Z]{2,6})(?=\s+n\.?\s?º\s*\d{4,})",
        # (stop 54, round 14) a cadastral reference, a resolution's number, a passport in a group's list ("PAS (IRL)
        # PX4418820"), a booking's "conf."
        r"ref(?:erencia)?\.?\s+catastral", r"resoluci[óo]n(?=\s+\d+/)", r"(?-i:PAS)", r"conf\.(?=\s+\S*\d)",
        # (stop 54, round 15) a criminal judgment's execution, a social security affiliation, a file of an agency's
        # acronym ("Expediente SAAD: 50/2024/DEP/018832")
        r"ejecutoria", r"afiliaci[óo]n(?:\s+(?-i:SS))?", r"expediente(?=\s+(?-i:[A-Z]{2,8})\s*:)",
        # (stop 54, round 16) a driving permit's number ("permiso B nº 28.745.913"), an application's number
        r"permiso(?:\s+de\s+conducir)?(?:\s+(?-i:[A-Z]{1,3}\d?))?(?=\s+n\.?\s?º)", r"n\.?\s?º\s+(?:de\s+)?solicitud",
        # (stop 56) a police officer's number ("agente nº 3317" of a lifeguard's incident report), an inmate's NIS, a
        # member's number after the word for member ("nº hermano 1.482" of a brotherhood's minutes)
        # (stop 71: and a court's agent, "el Agente Judicial nº 0372" of an eviction notice)
        r"agente(?:\s+judicial)?(?=\s+(?:n\.?\s?[º°]|núm\.))", r"(?-i:NIS)(?=\s+\d)",
        r"n\.?\s?[º°]\s+(?:de\s+)?(?:herman[oa]|soci[oa]|afiliad[oa]|colegiad[oa])",
        # (round 25) a field "Nº …:" ("Nº inscripción: CV25-T2-0147" of a summer camp's form, "Nº de hoja: CV-B 0724519"
        # of a complaint form), a draw's order number, a court's general identification number (N.I.G.)
        r"n\.?\s?[º°](?=(?:\s+de)?\s+[^\W\d][\w.]*\s*:)", r"n\.?\s?[º°]\s+de\s+orden", r"(?-i:N\.?I\.?G)\.?",
        # (round 26) "nº de <noun>" before six digits or more ("nº de comunicación 2025021877412" of an employer's
        # certificate), a club's or a centre's code ("Cód. club: 46-0719"; not a postal code)
        r"n\.?\s?[º°]\s+de\s+[^\W\d]{3,20}(?=\s*:?\s*\d{6,}(?![\d.,]))", r"c[óo]d\.(?!\s*postal)",
        # (round 27) a police officer's professional card ("Instructor: CP 117.482"), a parcel's reference ("ref. 3230
        # 9917 4402"), a regional health card ("Tarjeta SIP: 10947362")
        r"(?-i:CP)(?=\s+\d{2,3}\.\d{3}(?![\d.]))", r"ref\.(?=\s*:?\s*[A-Z0-9]*\d)",
        r"tarjeta(?:\s+(?-i:[A-Z]{2,5}))?(?=\s*:)",
        # (round 28) a tax payment's complete reference number ("NRC 0276239841G00051A" of a nationality application)
        r"(?-i:NRC)",
        # (round 29) a guest register's entry ("PARTE 2024/1182 | Hab. 12"), a settlement's number, an agent's number
        r"parte(?=\s+\d{4}/\d)", r"liquidaci[óo]n(?=\s+n)", r"agente(?=\s+\d{4,}(?![\d.,/]))",
        # (round 30) a direct debit's mandate ("Referencia de la orden de domiciliación: MANDATO-PA-0387-01"), a
        # payment's ticket
        r"orden\s+de\s+domiciliaci[óo]n", r"ticket(?=\s+\d{5,}(?![\d.,/]))",
        # (round 31) a file named by its matter ("expediente Dependencia 30-DEP-2024-08817")
        r"expediente(?:\s+(?-i:[A-ZÁÉÍÓÚ][a-záéíóúñ]+))?(?=\s+\d)",
        # (stop 57) a police officer's card by its number alone ("con carné nº 124.993"), a room's number
        r"carn[ée](?=\s+(?:n\.?\s?[º°]|nº|núm\.|número))", r"habitaci[óo]n(?=\s+(?:n\.?\s?[º°]|nº|núm\.|número))",
        # (stop 57) a vehicle's international insurance card ("Carta verde: ES/0045/778190322" of an accident report)
        r"carta\s+verde",
        # (stop 57) a suitcase's tag ("Etiqueta de equipaje: IB 457821" of a claim to an airline)
        r"etiqueta(?:\s+de\s+equipaje)?(?=\s*:?\s*(?-i:[A-Z]{2})\s?\d)",
        # (stop 57) a family doctor's CIAS code ("Dra. Itziar Goikoetxea Sáez – CIAS 1281160302M")
        r"(?-i:CIAS)",
        # (stop 57) a home's electricity supply point ("CUPS: ES0021 0000 0473 8815 JD0F" of a social tariff)
        r"(?-i:CUPS)",
        # (stop 57) a civil servant's staff number ("Funcionaria receptora: Inmaculada Sanchis Roig (Mat. 40215)")
        r"(?-i:Mat)\.(?=\s*\d)",
        # (stop 57) a social security number after its abbreviation ("Nº S. Social: 30/00481726/55")
        r"(?:n[º°]\s*)?S\.\s?Social",
        # (stop 58) a Mexican airline's booking, ticket and bag tag, a staff badge, a professional licence, an account's
        # CLABE, a pharmacy's ticket ("Reservación ..... KXQ7ZM", "Boleto electrónico 139-2408815573", "Etiqueta maleta
        # . AP 712604", "gafete 20381", "cédula profesional 4412987", "cuenta CLABE 012180015478231196")
        r"reservaci[óo]n", r"boleto(?:\s+electr[óo]nico)?", r"etiqueta\s+(?:de\s+)?maleta", r"gafete",
        r"c[ée]dula\s+profesional", r"(?:cuenta\s+)?(?-i:CLABE)", r"ticket(?=\s+\d)",
        # (stop 58) the Valencian health card ("SIP: 1948376" of a dependency assessment)
        r"(?-i:SIP)",
        # (stop 58) an accident at work's report by its number in the national system ("Nº de parte (Delt@):
        # 2024/280417/093315")
        r"(?:n\.?\s?[º°]|nº|número)\s+de\s+parte",
        # (stop 58) an instrument's serial number, an estimate's number, a deed's number in the notary's protocol ("nº
        # serie T231087", "presupuesto 24/1130", "el 12/06/2017, n.º 1.245 de su protocolo")
        r"(?:n\.?\s?[º°]|nº|número)\s+(?:de\s+)?serie", r"presupuesto(?=\s+(?:n\.?\s?º\s*)?\d|\s+[^\W\d]+:)",
        # (stop 59: and "número 1.204 de protocolo del Notario de Alzira" of a will)
        r"(?:n\.?\s?[º°]|nº|número)(?=\s+\d{1,3}(?:\.\d{3})*\s+de\s+(?:su\s+)?protocolo)",
        # (stop 58) an invoice abbreviated ("(fra. F-2024/0412)" of a water damage claim)
        r"fra\.(?=\s*(?:n\.?\s?º\s*)?(?-i:[A-Z]{0,3})-?\d)",
        # (stop 58) a police officer's professional card and a civil servant's number ("Inspector C.P. 118.492",
        # "func. nº 0457")
        r"(?-i:C\.P\.)(?=\s*\d{2,3}\.\d{3}\b)", r"func\.(?=\s*(?:n\.?\s?º|nº)\s*\d)",
        # (stop 59) a hospital room and its bed by its abbreviation ("| Hab.: 312-B |" of a consent form)
        r"hab\.(?=\s*:?\s*\d{1,4}-?(?-i:[A-Z])\b)",
        # (stop 59) a flight by its number ("vuelo IB 3412")
        r"vuelo(?=\s+(?-i:[A-Z0-9]{2})\s?\d{1,4}\b)",
        # (stop 59) a civil register's certificate by its number ("Acta de matrimonio nº 1432, Nador")
        # (stop 60: and "Acta No.: 00457" of a Mexican birth certificate's transcription)
        r"acta(?:\s+de\s+[^\W\d]+)?(?=\s+(?:n\.?\s?[º°]|nº|número|no\.))",
        # (stop 59) the officers of a police report by their numbers, an advert's reference ("Agentes: 1.284 y 2.071",
        # "(ref. anuncio 55102)" of a noise complaint)
        r"agentes?(?=[^\S\n]*:[^\S\n]*\d)", r"ref\.?\s+anuncio",
        # (stop 59) a file abbreviated, with its matter ("(exp. tasación TA-24/118832)" of a mortgage offer)
        r"exp\.(?:\s+(?:de\s+)?[^\W\d]{3,15})?(?=\s+(?:n\.?\s?º\s*)?(?-i:[A-Z]{0,3})-?\d)",
        # (stop 59) a deed by its number ("según escritura de poder n.º 1.284" of a conciliation record)
        # (stop 60: and "No.", "según escritura pública No. 18,455" of a Mexican lease)
        r"escritura(?:\s+(?:de\s+)?[^\W\d]{3,15})?(?=\s+(?:n\.?\s?[º°]|nº|número|(?-i:No)\.)\s*\d)",
        # (stop 59) a taxi's municipal licence, an insurance policy without its "de", a resolution abbreviated
        # ("licencia municipal nº 2741", "Póliza seguro ......: 0063-112490-5", "(resol. 28/DEP/2023/114592")
        r"licencia\s+municipal(?=\s+(?:n\.?\s?[º°]|nº|número))", r"p[óo]liza\s+seguros?", r"resol\.(?=\s*\d)",
        # (stop 60) a hospital bed, an Argentine notary's register, a property's tax account ("Cama: 4215-B" of a
        # discharge report, "titular del Registro Notarial Nº 1547", "Partida: 3.021.554-07" of a deed)
        r"cama(?=[^\S\n]*:[^\S\n]*\d{1,5}-?(?-i:[A-Z])?\b)", r"registro\s+notarial",
        r"partida(?=[^\S\n]*:[^\S\n]*\d{1,3}(?:\.\d{3})+-\d)",
        # (stop 60) Chile's and Colombia's identity cards by their abbreviations (whatever the check digit: "C.I.
        # 17.205.388-6", "T.I. 1.020.118.554"), a Colombian filing's number ("Radicado anterior: 20241018-0093457"), a
        # serial number abbreviated ("MacBook Air, n/s C02FK1ZJQ6L4"), a Peruvian police report ("N° Denuncia
        # (SIDPOL):"), a Uruguayan court file ("IUE 172-318/2021"), a civil register's entry ("Número de inscripción:
        # 46250-D-…"), Venezuela's tax and social insurance numbers ("RIF: J-29845170-3", "N° de asegurado IVSS:
        # 1-19874305")
        r"(?-i:C\.I\.|T\.I\.|IUE|RIF|IVSS)", r"(?:número|n\.?\s?[º°]|nº)\s+de\s+inscripción",
        r"radicado(?:\s+(?:anterior|n[º°o]\.?))?", r"n/s(?=\s+(?-i:[A-Z0-9]))",
        r"n[º°o]\.?\s+denuncia(?:\s+\((?-i:SIDPOL)\))?",
        # (stop 60) a Mexican property's real folio, an Aragonese health card, an Argentine officer's file, a Chilean
        # sick leave's folio, an officer's identification number ("inscrita en el RPP bajo el folio real 2381907",
        # "TIS: ARAG 380503 BNSR 02", "(LP 44.187)", "Folio: 3-58127496", "(n.º de identificación 3318)")
        r"folio\s+real", r"(?-i:TIS)(?=[^\S\n]*:)", r"(?-i:LP)(?=\s+\d{1,3}\.\d{3}\b)",
        r"folio(?=[^\S\n]*:[^\S\n]*\d)", r"(?:n\.?\s?[º°]|nº|número)\s+de\s+identificación",
        # (stop 60) a civil register's book and folio after "No.", a labour inspector's number, Guatemala's identity
        # code ("Libro No. 00027 · Folio No. 0143", "(n.º ident. prof. 46-0417)", "(CUI) 2893 47512 0108")
        r"(?:libro|folio)(?=\s+(?:(?-i:No)\.|n\.?\s?[º°]\.?)\s*\d)", r"n\.?\s?[º°]\s+ident\.\s+prof\.",
        r"(?-i:CUI|DPI)(?:\))?",
        # (round 60) a registration's number, an employee's ("n.º de registro 49/712384.9/23", "No. empleado: 0719")
        r"(?:n\.?\s?[º°]|nº|número)\s+de\s+registro", r"no\.\s+(?:de\s+)?empleado",
        # (round 61) a professional licence, a conciliator's register ("(céd. prof. 3918274)", "(Reg. N° 18735)"; a
        # number that reads as a year, "1873", stays none)
        r"c[ée]d\.\s+prof\.", r"reg\.\s+n[º°o]\.?",
        # (stop 72) a specialist's licence and a trial's participant ("Céd. Esp. 10583264" of a Mexican prescription,
        # "Código de participante: 203-CAL-0019" of a consent form)
        r"c[ée]d\.\s+esp\.", r"c[óo]digo\s+de\s+participante",
        # (and a Mexican migration file's part, "NUT: 0924-CMX-0145871           Pieza: 3392/2024" of a residence card)
        r"pieza(?=:?[^\S\n]*\d{1,6}/(?:19|20)\d\d)",
        # (and a Mexican investigation's file, a Chilean disability card, a Chilean health provider: "Carpeta:
        # CI-FJAL/GDL/04512/2024" of a traffic report, "Credencial de discapacidad: N° 4873219-DIS", "RNPI 187452")
        r"carpeta(?:\s+de\s+investigaci[óo]n)?(?=:?[^\S\n]*(?-i:[A-Z]{2,5})-)",
        r"credencial\s+de\s+discapacidad:?\s*(?:N[°º]|n\.?\s?[°º])", r"(?-i:RNPI)",
        # (and a tax notice's reference of six digits or more, a health licence: "Referencia:      202210002841793L" of
        # a Spanish tax assessment, "Licencia sanitaria COFEPRIS 14-AM-0398/2019" of a Mexican prenatal record)
        r"referencia(?=:[^\S\n]*\d{6,}(?-i:[A-Z])?(?![\w-]))",
        r"licencia\s+sanitaria(?:\s+(?-i:COFEPRIS))?", r"(?-i:COFEPRIS)(?=\s+\d)",
        # (and a Buenos Aires building administrator's registration, "Estudio Rinaldi & Asociados - RPA N° 11.782")
        r"(?-i:RPA)(?=\s+(?:N[°º]|n\.?\s?[°º]))",
        # (and a flight by its airline's code, a pilot's licence by its letters: "Vuelo:   SMD 482", "licencia TTA
        # 0012847" of an airline incident report)
        r"vuelo(?=:?[^\S\n]*(?-i:[A-Z0-9]{2,3})[^\S\n]?\d{1,4}(?![\w-]))",
        r"licencia(?=\s+(?-i:[A-Z]{2,4})\s\d{5,})",
        # (and a psychologist's licence, a fertility centre's health registration, a donor's code: "carné prof.
        # 117.428", "Centro autorizado R.S. n.º 46-C22-4417", "Código anónimo: BSD-VLC-7731")
        r"carn[ée]\s+prof(?:esional|\.)?", r"(?-i:R\.S\.)(?=\s+n\.?\s?[º°])", r"c[óo]digo\s+an[óo]nimo",
    ),
    # clinical text's terms that name no one (app.detection.clinical)
    clinical_terms=frozenset("""SNG SV BEG REG MEG FC FR SatO2 SpO2 DM ACVA TAC TC RM RMN RNM OD OI PSA Hb PCR VSG
        PIO AV UI LCR EVA VHC VHB VIH IMC IgG IgM IgA IgE AO LDH ECG EEG EMG CMV VEB HTA UCI UVI RTU NF EEM CEA GOT
        GPT GGT gGT QT Rx PAAF FO LCG VCI UIV Hto Hcto TSH AFP PET ANCA MMII MMSS BMU BAC MTT FAVI PTFE PAS EMA
        Beta-HCG HCG TEP TVP EPOC IAM ACV IRC TTPA Leoch LEOCH AINE AINEs SNC Ecografía Ecocardiograma Analítica
        Hemograma Troponina Creatinina Hemoglobina Bilirrubina Amilasa Paracetamol Metamizol Nolotil Aspirina Adiro
        Sintrom Insulina Morfina Tramadol Urgencias Urología Nefrología Oncología Neurocirugía Neurología
        Cardiología Neumología Dermatología Ginecología Obstetricia Pediatría Psiquiatría Hematología Reumatología
        Endocrinología Traumatología Oftalmología Oftalmologia Otorrinolaringología Radiología Radioterapia
        Anestesiología Rehabilitación Digestivo Medicina Interna Cirugía General Plástica Maxilofacial Vascular
        Torácica Cuidados Intensivos Paliativos Atención Primaria Anatomía Patológica Nuclear Carcinoma Servicio
        Unidad Sección Consultas Externas Hospitalización Crohn Warthin Apgar Karnofsky""".split()),
    field_labels=frozenset("CP C.P. Localidad Provincia "
                           "NHC NUHSA NASS NSS CIP DNI NIE NIF CIF CUIT CUIL CBU RUT RUN NIT Cel Cel. "
                           # (stop 48) a doctor's college number's field in MEDDOCAN's headers ("Médico: Pablo Garrido
                           # Abad        NºCol: 28 28 156"), cut from the name at the column's spaces
                           "NºCol NºCol. Nº.Col NoCol".split()),
    phone_regions=("ES", "MX", "AR"),
    # (stop 67) the other Spanish-speaking countries, for numbers as one dials them ("098 115 603" of a Uruguayan
    # policy, "(01) 467-2290" of a Peruvian clinic)
    phone_regions_dialled=("CL", "CO", "PE", "UY", "EC", "VE", "BO", "PY", "CR", "GT", "HN", "SV", "NI", "PA", "DO",
                           "CU"),
    job_title_heads=(r"Coordinador(?:a)?", r"Responsable", r"Técnic[oa]", r"Administrativ[oa]", r"Asesor(?:a)?",
                     r"Gestor(?:a)?", r"Auxiliar", r"Analista", r"Jef[ea]"),
    extension_keywords=(r"ext\.?", r"extensión", r"extension"),
    secret_keywords=(r"contraseña", r"clave(?:\s+de\s+acceso)?", r"PIN", r"código\s+PIN", r"token",
                     r"clave\s+API", r"password",
                     # (stop 50) a building's entry codes ("Código del portal 2580", "Portero automático: código nuevo
                     # 1958*" of a neighbours' chat)
                     r"código\s+(?:del\s+portal|de\s+(?:la\s+)?(?:puerta|entrada|alarma)|nuevo)",
                     # (stop 52) digits right after the bare word, a code by its form ("mando del garaje con código
                     # 4-1-9-0": :data:`app.detection.secrets._CODE_DIGITS`)
                     r"código(?=\s+\d)"),
    # (stop 60: Latin America's "Telf.", "Telfs.:", "Cel.", "Fono", "PBX" of certificates, payslips and receipts)
    # (stop 64: and a Costa Rican transfer's "SINPE Móvil al 8834-2190", a form's "Contacto:")
    phone_keywords=(r"tel(?:[ée]fono)?\.?", r"tel[ée]fonos", r"m[óo]vil\s+al", r"contacto(?=[^\S\n]*:)",
        r"tfno\.?", r"tlf\.?", r"telfs?\.?", r"cel\.", r"fono", r"(?-i:PBX)",
        r"m[óo]vil", r"celular", r"fax", r"whats[Aa]pp",
        r"ll[áa]m(?:ame|anos|ele)\s+al", r"n[úu]mero\s+de\s+(?:tel[ée]fono|m[óo]vil)",
        r"llam(?:ó|aba|ando|aron)(?:\s+\S+){0,3}?\s+(?:desde(?:\s+el)?|al)"),
    postal_codes=(UK_POSTCODE, r"\b(?:0[1-9]|[1-4]\d|5[0-2])\d{3}" + CITY_AFTER, r"(?<=C\.P\.\s)\d{5}\b",
                  POLISH_POSTCODE,
                  # (stop 66: and Argentina's four digits, "Villa Gobernador Gálvez (CP 2124)" of a grant's resolution)
                  r"(?<=CP\s)\d{5}\b", r"(?<=\(CP\s)\d{4}(?=\))",
                  r"(?<=\bCP:\s)\d{5}\b", r"(?<=\bCP:)\d{5}\b", r"(?<=C\.P\.:\s)\d{5}\b",
                  # in brackets after the town, as contracts write a party's domicile ("vecina de Torrent (46900)";
                  # stop 52)
                  r"(?<=[^\W\d_]\s\()(?:0[1-9]|[1-4]\d|5[0-2])\d{3}(?=\))",
                  # (stop 60) Argentina's postal code, a province's letter, four digits, three letters ("C1239AAN –
                  # Boedo")
                  r"\b[A-HJ-NP-Z]\d{4}[A-Z]{3}\b",
                  # (round 95) and its older form, the province's letter and four digits, in brackets after "CP"
                  # ("Localidad         : MORÓN (CP B1708)" of a social security statement)
                  r"(?<=\(CP )[A-HJ-NP-Z]\d{4}(?=\))",
                  # (stop 69: and before the town after an address's comma, "Pje. Santa Rita 874, B° General Paz,
                  # X5004 Córdoba" of a funeral home's invoice)
                  r"(?<=, )[A-HJ-NP-Z]\d{4}(?=[^\S\n]+[A-ZÁÉÍÓÚÑ][a-záéíóúñ])",
                  # (stop 67) a Mexican electronic invoice's place of issue and a party's tax domicile, the code alone
                  # ("Lugar de expedición (C.P.): 76148", "Domicilio fiscal:  76090" of a CFDI)
                  r"(?:\(C\.P\.\)|[Dd]omicilio[^\S\n]+fiscal|DOMICILIO[^\S\n]+FISCAL):?[^\S\n]*(?P<code>\d{5})\b"),
    street_addresses=StreetAddresses(
        order="type_first",
        types=("[Cc]alle|[Cc]/|[Aa]venida|Avda\\.?|Av\\.|[Pp]laza|Pza\\.|[Pp]aseo|Pº|[Cc]amino|[Cc]arretera|Ctra\\.|"
               "[Rr]onda|[Tt]ravesía|[Gg]lorieta|[Rr]ambla|Urb\\.|[Uu]rbanización|Carrer|Rúa|Avinguda|Passeig|Camí|"
               "Plaça|Pol\\.|[Pp]olígono|rúa|Praza|Bº|[Bb]arrio|"
               "Pje\\.|[Pp]asaje|Bvar\\.|[Bb]ulevar|Jr\\.|JR\\.|[Jj]ir[óo]n|JIR[ÓO]N|"
               # (stop 66) Uruguay's abbreviated road ("Cno. Castro 1127, apto. 3, Montevideo" of a discharge note)
               "Cno\\.|"
               # (stop 69) a Mexican boulevard and highway ("Blvd. Aeropuerto 3410, Col. Los Ramírez" of an incident
               # report, "Carr. Miguel Alemán km 21.5" of a reference letter)
               "Blvd\\.|BLVD\\.|Carr\\.|"
               # (stop 70) a Mexican causeway ("Calz. de Tlalpan 3120" of a traffic accident report)
               "Calz\\.|[Cc]alzada|"
               # (stop 67) a Mexican private close ("Privada de los Pinos 14, colonia Del Valle", "Priv. Hidalgo 221")
               "Privada|PRIVADA|Priv\\.|"
               # (stop 62) an Ecuadorian estate ("Cdla. Kennedy Norte, Mz. 108, villa 14, Guayaquil" of a complaint)
               "Cdla\\.|[Cc]iudadela|"
               # (stop 61) a street named after an officer, as Paraguay and Uruguay write them, before "N°" and its
               # number ("Tte. Fariña N° 1180", "Mcal. Estigarribia N° 2345" of a car's sale contract)
               "(?:Tte|Mcal|Gral|Cnel|Pte|Sgto|Cap)\\.(?=\\s+[A-ZÁÉÍÓÚÑ][\\wáéíóúñ]+\\s+N[º°]\\s?\\d)|"
               # (stop 66: and written out, with "N.º", "Teniente Fariña N.º 1283 c/ Brasil" of a complaint)
               "(?:Teniente|Mariscal|General|Coronel|Sargento|Capitán)"
               "(?=\\s+[A-ZÁÉÍÓÚÑ][\\wáéíóúñ]+\\s+N\\.?[º°]\\s?\\d)|"
               "CL|AVDA\\.?|AV\\.?(?=\\s+(?:DE|DEL|LA|LOS|LAS|[A-ZÁÉÍÓÚÑ]{3,})\\b)|Gran\\s+Vía"),
        # (stop 55: and Galician's, "Rúa do Vilar, 14, 2º izda." of a grant application)
        # (stop 69: and Catalan's, "Av. de les Corts Valencianes, 58" of a Valencian electricity bill)
        # (stop 70: and a Mexican road's "a" before the town it leads to, "Carretera a Tesistán Km 8.5, Nave 4")
        particles="de|del|la|las|los|el|y|i|al|do|da|dos|das|les|dels|a",
        # (stop 59: an industrial unit, "Centro de trabajo: Nave 14, C/ Taormina, 8")
        # (stop 71: and a Mexican flat's "int.", "Homero 1430, int. 302" of an estate agent's notes)
        units=r"habitaci[óo]n|hab\.|apto\.?|apartamento|depto\.?|dpto\.?|departamento|piso|oficina|local|[Nn]ave"
              r"|int\.|interior",
        # (stop 55) a resident's flat alone ("el apartamento 12" of a residents' chat)
        # (round 22: and a floor with its door after "piso", "vecino del piso 3.º B del mismo edificio")
        flats=r"(?:[Aa]pto\.?|APTO\.?|[Aa]partamento|APARTAMENTO)[^\S\n]?(?:n\.?[^\S\n]?º[^\S\n]?)?"
              r"\d{1,4}(?:-?[A-Z])?"
              r"|(?:[Pp]iso|PISO)[^\S\n]\d{1,2}\.?[ºª](?:[^\S\n]?[A-Z])?"
              # (stop 62) a flat by its number after "N°", an Argentine building's functional unit ("el
              # departamento N° 804 del edificio" of a Chilean lease, "unidad funcional N° 11" of a notarial record)
              r"|(?:[Dd]epartamento|[Dd]pto\.|[Dd]epto\.)[^\S\n]N[°º][^\S\n]?\d{1,4}(?:-?[A-Z])?(?![\w])"
              r"|[Uu]nidad[^\S\n]funcional[^\S\n](?:N[°º][^\S\n]?)?\d{1,4}(?![\w])"
              # (stop 67) a Chilean flat's storeroom and parking space ("bodega N° 41 y estacionamiento N° 78")
              r"|(?:[Bb]odega|[Ee]stacionamiento|BODEGA|ESTACIONAMIENTO)[^\S\n]N[°º][^\S\n]?\d{1,4}(?![\w])"
              # (stop 67) an Argentine flat by its letter in quotes, after its floor or "depto." ("piso 3º \"A\"",
              # "Thames 1120, depto. \"B\"" of a deed)
              r"|(?:[Pp]iso[^\S\n])?\d{1,2}\.?[º°][^\S\n]?[\"“][A-Z][\"”]"
              # (stop 68) a street by its number and the house's number after "N.º" or "No." (La Plata's "Calle 12 N.º
              # 1487" of a rental guarantee, Santo Domingo's "Calle 8 No. 23" of a birth certificate)
              r"|(?<![\w.])(?:[Cc]alle|CALLE)[^\S\n]\d{1,3}(?:[^\S\n]?bis)?[^\S\n]+(?:N\.?[º°]|No\.)[^\S\n]?"
              r"\d{1,5}(?![\w])"
              r"|(?:[Dd]epto|[Dd]pto|[Dd]epartamento)\.?[^\S\n]?[\"“][A-Z][\"”]"
              # (stop 68) a flat by its number and letter after "dpto.", a floor and its door ("edificio Torres del
              # Norte, dpto. 5B" of an Ecuadorian car sale, "la vivienda superior (4º, pta. 10)" of a claim)
              r"|(?:[Dd]epto|[Dd]pto)\.[^\S\n]?\d{1,4}[A-Z]?(?![\w])"
              r"|\d{1,2}\.?[º°ª],?[^\S\n]+(?:pta\.|puerta)[^\S\n]?\d{1,3}(?![\w])"
              # (stop 66) a Peruvian plot by its block and lot ("Mz. K Lt. 14, Sector 3, Grupo 22, Villa El
              # Salvador" of a maintenance judgment), and a Quito address's street and its number by the city's
              # quadrant ("Av. De los Shyris N36-120", "calle Moraspungo S12-145" of a conciliation record)
              r"|(?<![\w.])(?-i:Mz|MZ|Mza|MZA)\.?[^\S\n]?[A-Z0-9]{1,3}[,]?[^\S\n]+(?-i:Lt|LT|Lote|LOTE)\.?[^\S\n]?"
              r"\d{1,3}"
              r"[A-Z]?(?![\w])"
              r"|(?<![\w.])(?:[Aa]v\.|[Aa]venida|[Cc]alle|AV\.|AVENIDA|CALLE)"
              r"(?:[^\S\n]+(?:[Dd]e|[Dd]el|[Ll]os|[Ll]as|[Ll]a"
              r"|[A-ZÁÉÍÓÚÑ][\wáéíóúñ.]+)){1,5}[^\S\n]+(?-i:N|S|E|Oe|OE)\d{1,3}[A-Z]?-\d{1,4}(?![\w])",
        buildings=r"edificio|residencia|torre|bloque|conjunto|urbanización",
        grid_types=r"[Cc]alle|Cl\.?|[Cc]arrera|Cra\.?|Kra\.?|Cr\.|Kr\.?|[Aa]venida|Av\.|Avda\.|Ak\.?|Ac\.?|"
                   r"[Dd]iagonal|Dg\.?|[Tt]ransversal|Tv\.?|Tr\.",
    ),
    head_final=False,
    name_openers=frozenset({"san", "santa", "nueva", "nuevo"}),
    dictionary=True,
    coreference=CoreferenceWords(
        titles=frozenset({"señorita", "vicepresidente", "vicepresidenta", "comisario", "comisaria", "rey", "reina",
                          "mr", "mrs", "ms"}),
        function_words=("de", "del", "la", "las", "el", "los", "y", "e", "para", "en", "por", "a", "al", "&"),
        prepositions=("de", "del", "para", "en", "por"),
        leading_types={L.ORGANIZATION: ("grupo",),
                       L.LOCATION: ("república federal de", "república de", "reino de", "principado de",
                                    "gran ducado de", "estado de", "ciudad de", "isla de")},
        trailing_types={L.ORGANIZATION: ("corporación",)},
    ),
    surrogate_legal_forms=("S.L.", "S.A."),
    articles=frozenset("el la los las".split()),
    country_names={"RU": "Rusia"},
    country_aliases={"ee. uu.": "US", "ee.uu.": "US", "eeuu": "US", "estados unidos de américa": "US",
                     "gran bretaña": "GB", "holanda": "NL", "rusia": "RU", "turquía": "TR", "alemania": "DE"},
    organization_synonyms={"compañía": "company", "diario": "newspaper", "junta": "council", "ayuntamiento": "council",
                           "equipo": "team"},
    mask_connectors=frozenset("de del la las los y".split()),
    grammar=RomanceGrammar(
        **_DATA.grammar,
        determiners=frozenset("el la los las un una unos unas del al este esta su sus".split()),
        determiner_genders={"el": "m", "del": "m", "al": "m", "un": "m", "la": "f", "una": "f", "los": "m", "las": "f"},
        gender_variants={"país": {"f": "nación"}, "ciudad": {"m": "municipio"}, "lugar": {"f": "zona"},
                         "región": {"m": "territorio"}, "continente": {"f": "región del mundo"},
                         "*": {"f": "organización", "m": "organismo"}},
        contracting_prepositions=frozenset({"de", "a"}),
        locative="de",
        locative_articles={("m", False): "del", ("f", False): "de la", ("m", True): "de los", ("f", True): "de las"},
        first_words={"Reino": ("m", False), "Principado": ("m", False), "Gran": ("m", False),
                     "Países": ("m", True), "Emiratos": ("m", True), "Islas": ("f", True),
                     "República": ("f", False), "Federación": ("f", False)},
    ),
))
