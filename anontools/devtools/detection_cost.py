"""Detection's cost against the length of crafted input: ``anonymizer-dev detection-cost [--language L ...]``.

Rule 2 (every message has a bounded cost) fails silently when a regular expression or a per-entity step takes time
quadratic in a document's length: nothing breaks, a long crafted document just holds a stage process for seconds or
minutes. This tool repeats short units that such paths feed on ("ID " repeated, "O'O'O'…", a line of 3,000 names, a
page of "Hospital Hospital …", runs of e-mail characters without "@") to ``--length`` characters and to twice that,
times each pattern recognizer alone (the strict profile's quasi-identifiers too, since stop 68) and the whole detector
in both profiles (a gazetteer tagger stands in for the NER model, whose cost is linear and measured elsewhere), and
reports every unit whose time grows more than ``--max-ratio`` times when the length doubles (linear: about 2) and
takes more than ``--min-seconds`` at the longer length (best of two timings). A path that only a long run of one
character before another feeds on (20,000 spaces and a colon) is out of its reach: units repeat as a whole.

Stop 43 found and removed eight such paths with it (docs/performance.md, "Stop 43"; README, "Limits and isolation").
Exit code 1 when a unit is reported, 0 otherwise. Timing depends on the machine and its load: a tool, not a test.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

#: Units repeated to the tested length: each once fed a quadratic path, or looks like what such paths feed on.
UNITS: tuple[str, ...] = (
    "1234/24.5T9PRT", "a.", "1 ", "12.", "Ab ", "AB-12 ", "x@", "Dr. ", "Calle ", "Rua X, 5, ", "nº 12/", "(0761 ",
    "+4", "Mo.–", "3-IV-", "Hauptstraße ", "Am ", "Flat 4, ", "17 ", "T12 ", "756.", "12 34 ", "@a_", "C:\\Users\\",
    "http://a", "www.", "a/b/", "{a,", "€ 1.000,", "Kto. ", "DNI ", "ID ", "hey ", "hey kev, ", "\n", "ª", "-", "Aa-",
    "ÄÖÜ ", "1-2-", "IV-", "O'", "Herr ", "dr. smith ", "Mr ", "de la ", "Hospital ", "Llámame ", "Arztbrief\n",
    "Az.: ", "Sra. Alcaldesa de ", "bjs, ", "i ", "HELLO ", "Anna Anna ", "Anna Smith, ", "Anna, ", "A. ", "Müller-",
    "St. ", "«", "\n\n", "Nos. 1/2, ", "Im Jahr 2020\n", "Anna-Smith ", "38ºC Anna ", "Mi. 12.11. ", "RUA X, 5 ",
    # stop 44: chat transcripts, grid addresses, references with slashes, names in capitals
    "[09:03] anna: hi\n", "12/03/26, 18:22 - ", "09:03 ", "Calle 12 # ", "ref A/", "ANNA SMITH ", "CUIT 20-",
    "Name;Vorname\nAnna;Smith\n", "| Name | Role |\n", "Name,Phone,", ";", "Bia Souza 18:22\noi\n", "Bia Souza ",
    # stop 45: bank statements, IBANs after their word, days and months without a year, dates in words, clinical
    # vocabulary, dialled numbers, wrapped addresses
    "02/03  SO ANNA SMITH RENT  -1.00\n", "SO A ", "Transfer to Anna ", "Pix recebido - ", "IBAN DE44 ", "IBAN ",
    "on 12/03 ", "bis zum 16.04. ", "08/2014 – ", "doze de março de dois mil e ", "the first of May two thousand and ",
    "Troponin ", "V4-V6 ", "T2 ", "III ", "Ca 9 ", "ng/L ", "07700 900123 ", "0770 ", "7 Rosemary\n",
    "ul. Aa ", "Via Aa ", "Aa Bb Caddesi ", "12 rue Aa ", "Aastraat ", "User: a.b ", "3C:52:82:A1:9F:0E ",
    # stop 46: dialogues in lower case without times, dates without spaces, National Insurance numbers, British times,
    # streets named after dates, "No." before a house number
    "Lena: hey anna\n", "Lena: ", "04MAR2016 ", "4Mar", "QQ 12 34 56 C ", "QQ 12 ", "8.15am ", "8.15 ",
    "Calle 5 de Mayo No. 2, ", "Calle 5 de ", "No. ", "12 and 19 September ", "12 and ", "Im Auftrag\nAnna Smith\n",
    "gez. ", "12 Anna Smith, SE22 9QA\n", "Juicio Verbal 1/2025 ", "ID 1 2 3 4 5 6 7 8 9 ",
    # stop 47: IBANs in national groups, titles in street names, full hours, the 24-hour clock, Catalan floors, lots
    # and blocks, "número" before capitals and digits, a column of days with their final dot, accounts and branches
    "PT50 0035 0000 12345678901 ", "PT50 1 ", "Prof.-", "Dr.-Aa-Str. 1 ", "14 Uhr ", "0215hrs ", "calle Aa 1, 3r ",
    "Rua 91, Lote 1, ", "Lote 1, ", "número MDRD 123456 ", "03.11.  Aa\n", "conta 1-2 ", "agência 0789-X ",
    "Passport No: ", "No: 1 ", "BG-Nummer: 1 ", "AB-", "calle\nAa, nº 1, ", "calle\n", "Aa\nnº 1, pta. 8 ",
    "17.123.456-M ", "Ninth of June, nineteen ", "x,07700 900456,", "9,0123 ", "white male ", "DC Anna Smith ",
    "1100 Wien ",
    # stop 48: towns after postal codes, estates before their block, name fields' columns, identifiers in lists and
    # after an abbreviation, logs' fields, request paths, percent-encoded addresses, machine-readable zones, wallets,
    # VINs, coordinates
    "06108 Halle ", "06108 Aa (Bb) ", "Urbanización Aa, bloque 4, ", "Rua 9, nº 1, ", "Titular: ANNA SMITH ",
    "Anna   Smith   ", "MRN 123456, 654321 and ", "Nr. (FIN): ", "ending in 1234 ", "user=a ", "cust_id=1 ",
    "/users/1/", "a%40", "P<AA<<", "<<", "0x", "1BvBM", "WVWZZZAUZJP01234", "52.52000, ", "51°30'", "AA-Nr. 1 ",
    "AV DE LA AA 1 ESC 2 PLANTA 3 ", '"firstName": "Anna", ', '"a": "', '"a":', '<name>Anna</name>', '<a>', "</a>",
    "first_name: Anna\n", "a_b: ", "a_b", "aB: c ", "5/12 Aa St, ", "5/12 ", "NSW 2150 ", "@a-", "@a-b ",
    # stop 49: rooms before streets, schools before their tail, secrets after their word (and words between), card
    # details, a list's next holder, surname-first name fields, compounds glued to "nr."
    "Zimmer 1, ", "habitación 1, ", "apto. 1 del ", "Aa Primary ", "Aa Aa Aa Aa Primary School ", "Kita Aa ",
    "password ", "password for ", "password is ", "pass a a a is ", "exp 09/", "CVV ", "sk_live_", "Ehefrau: 1 2, ",
    "Name: Aa, ", "Name: Aa, Bb ", "Aanr. ", "Aanr. 1", "71-8ª, ", "account number for a is ", "a dot ",
    "a at a dot ", "a arroba a punto ", "handle was ", "50667 Aa, Bb 4, ", "Anna_", "Anna_a.pdf ", "a_b-c.d",
    "Insta: a_", "Skype: ", "PESEL ", "DOB 3-4-", "Acc#: ", "CB# 1", "Subject 1", "Rezept-ID ",
    "St. Academy ", "Name: Aa, Bb, ", "(1.º A, ", "del 3.º B, ", "Hausnummer: 7\n",
    "Anna.pdf Anna ",
    # stop 50: passenger names, nicknames, user names around a name, masked numbers, a bare "Nr.:", plural fields
    "AA/BB ", "AA AA/BB BB ", "SMITH/ANNA MR ", 'Anna Smith ("A") ', 'Anna ("', "Anna, alias ", "anna.smith ",
    "anna.", "****", "**** 1234 ", "ES98 **** ", "Nr.: 1 ", "Name(s): ", "Vorname(n): A / ", "ETKT 1 ", "PP AAA 1 ",
    "trinta e ", "1512 M 1/23 ", "Thanks, Anna\n", "gez. Anna\nThanks, Anna\n", "PIN 1234# ", "código nuevo ",
    "DE89 3704 0044 0532 0130 00 ES98 **** **** 12 ",
    # stop 51: log timestamps, user and host names made from a name, a statement's columns, UUIDs, bank slips, the
    # German pension insurance number, dot leaders, quoted secrets
    "2024-07-20T21:03:11Z ", "May 16 07:41:03 a\n", "Anna Smith asmith NB-AA-SMITH ", "asmith ",
    "04/01    Aa  1,234.56\n", "Aa  EUR  EUR\n1,00  2,00\n", "9b1e4f02-33ac-47d8-8c10-5a7e6f21d3b9 ",
    "34191.79001 01043.510047 91020.150008 1 97420000098540 ", "23 140789 A 022 ", "Passport no. ...... ",
    'Secret: "a1b2c3d4" ', "password of the a a a a is a1b2c3 ",
    # stop 55: codes after a number's word, words before it, greetings after quotation marks, a log's author after the
    # date, nicknames inside names, flats after an en dash, domain accounts, snake-case keys, initials on a line,
    # dated list items, compounds before a legal form, tables with a third of their headers unknown
    "Reclamação n.º RE-", "n.º RE-1-", "colegiado A B ", "BI/CC a b ", "> hola ", '"hola ', "> hallo frau ",
    "27/06/2024 ab: ", 'Aa "Bb" ', "Rua Aa, 1 – apto 1 ", "BFL\\", "A\\b ", "id_a ", "SSN (last 4 only): ",
    "H. Aa-Bb\n", "- 03/04: ", "efetuado por: a ", "Flat 2, 1 Aa ", "Hausnr.: Im Aa 3/1 ",
    "Wohnungsbaugenossenschaft Aa eG ", "Aanr. des A-B C D: ", "A|B|C|Name|Patient\n", "a;b;c;Name;Vorname\n",
    "Auto n.º 1234567 ",
    # stop 56: counters and number headers of tables, a ledger's continuation rows, "#" and "number:" before codes,
    # register entries, German days and months opening items, quoted names after a head, occupations with their words
    "Nr.|Name|Telefon\n0412|A|1\n", "A-Nr. (x)|Name|Tel.\n", "|  | a |\n", "ck#2214 ", " #AB-2023-0417 ",
    "Juror number: 123456 ", "Incident #: 1 ", "Nº de hoja: 1 ", "pol. 7 / 1 y ", "Livro 1-A, fls. 1 a ",
    "- 15.10. Aa ", 'Kita „Aa" ', "software engineer ", "ingeniero de software ", "INV-2024-0918 £",
    # stop 57: three digits after the word for number, asides before a colon, dictation marks, file numbers with their
    # year, house numbers before and near their street, flats before a postcode's line, date lists after a final dot,
    # transposed tables, signatories after a column gap, towns named by their river, initials before surnames
    "entry no. 312 ", "Kassenzeichen (a b c d): 1 ", "Unser Zeichen: 1/24 SY/mk ", "Az. 5.1-SB 1/19 ",
    "n.º A1.2019.RH7A ", "matriz predial urbana da freguesia de Aa sob o artigo 2 ", "nº 12 de la calle Aa ",
    "Av. Aa, a la altura del n.º 9 ", "Unit 6, Aa Park, ", "Obere Aastraße 8 ", "ref. 21 034 887 ",
    "12.02., 26.02. und ", "Geburtenregister: Aa, G 1/2014 ", "24/PJ/0671 ", "Level 2 £1 ", "Aa upon Bb ",
    "parcela 1 del polígono 2 ", "(intern 4412) ", "| Steuer-ID | 83 105 | 40 927 |\n", "Aa   i. A. Bb Cc\n",
    "Aktenzeichen MD: MD-NO 24-1-P ", "Nº FAA 2025-0087413 ", "RG 1.2-3 SSP/SP ", "P-1023847 3 ",
    # stop 58: a two-party form's next column, BICs, masked cards, Irish plates, CamelCase headers, dot leaders, deeds'
    # dates, qualifiers of conditions, extensions, dictation marks, floors, flats, amounts in words, ranges of days
    "Kennzeichen:   AB 1   CD 2   ", "BIC/SWIFT: AAAAAAAA ", "nº **** 8832 ", "xxxx-1234 ", "191-KE-4473 ",
    "MemberNo,FirstName\n", "Aa ........ 1,00\n", "Aos 14 dias do mês de ", "mild severe asthma ",
    "Ext. 726-4410 ", "Diktatzeichen: KV/ms ", "2nd Floor, 18 Aa ", "Flat 2/1 ", "2. OG rechts ", "in words: a ",
    "07/07–11/07 ", "n.º 49, 1.º Dto. ", "Dublin 11 ", "4 de jun. de ", "PASAPORTE/DOC/", "Name | Aa | Bb\n",
    # stop 59: keywords inside rejected values, leaders after a colon, "#" numbers, sort codes, codes by their shape,
    # US ranges of days, firms with a place's preposition, spaced "e. V.", a field's leader inside an entity, a
    # street's number after a place in it, register numbers, measurements
    "CA DL ", ": ....... ", "emp. #10457 ", "40-47-12, 71836631 ", "4659 4410 0387 2207 ", "EA4471932 ",
    "1252419876530 ", "03/14-03/16 ", "Aa am Bb GmbH ", "Aa e. V. ", "Nome ....: Aa\n", "número 14 de la calle Aa, ",
    "HRB 31877 HB ", "31KG ", "Aa-Zentrum an der ", "(exp. aa ",
    # (rounds 50–53: quoted cells of semicolon exports, a field's value with commas, a cut compound before a form, a
    # region in brackets, a letterhead in capitals, a pipe row without an amount, UPU and custody numbers, payslips)
    '1;"a;b";', "Name, Vorname ......: Aa, Bb\n", "Aa- und Bb GmbH & Co. KG ", "AA (BB) LIMITED ",
    "AA BB LTDA.   Cc\n", "Pos | Betrag EUR\n1 | x | lfd.\n", "RR 4821 7730 5 PT ", "20PB/0048812/24 ",
    "Proventos  Descontos\n1  Aa  30 dias  1,00\n",
    # stop 60: docket numbers after "#:", register entries across a line, cadastral designations, "U$S", DNI shapes,
    # bracketed amounts under a section's heading, name fields with a slash
    "CASE #: 1:2 ", "tomo 1.874, libro 512,\nfolio 88, finca ", "Circ. 7, Secc. 4, Manz. ", "U$S 8 ",
    "44612907H Y4182097F ", "Aa  £\nAA\nBb  (5,840.00)\n", "TRABAJADOR/A: AA, ", "Bruto  Retenção\nA  1 ",
    # (rounds 57–58: a civil register's heading, a two-line header and a wrapped cell, the bolívar, an office)
    "Tomo 1 – Página ", "Steuerwert  Ertrag\n 1.1.2023\n    (H.)\n", "Bs. 4 ", "Av. Aa 1067, of. ", "LARN1904021 ",
    # (round 59: phones in a phone's shape after a keyword, francs, quetzales, a sentence's number with letters)
    "Telf. 099 312 874 / ", "Fr. 2'340.– ", "Q 9,800.00 ", "No. 0532-2024-SSEN-",
    # (round 60: whole francs in a column, a signed deduction, Ecuador's register, name fields)
    "CHF\nAa  78'400\nBb  - 6'633\n", "T. 7 – P. 213 – A. ", "Padre : AA BB\n",
    # (round 61: masked SSNs, Austrian land register entries, an Argentine lawyer's volume and folio, Chilean fojas)
    "xxx-xx-4409 ", "EZ 1137, KG 01403 ", "T° 98 F° 4 ", "fojas 45.318 N° ",
    # stop 61: "No:" without its full stop, register numbers by their shape, a check character in brackets, the rupee,
    # shillings, amounts in words with the currency first, a state's code, streets of Spanish America, name fields
    # after a dot leader, numbered companies
    "APPLICATION NO: 4 ", "FL-0002.587.214-3 ", "248867(M) ", "Rs. 1,85,500/- ", "KShs. 3 ",
    "(GUARANÍES CIENTO ", "Aa/SP ", "Calle 10 Sur # 43B-", "Tte. Aa N° 1 ", "14 avenida 4-33 zona ",
    "Urb. Aa Mz. C ", "Aa y bb ...... AA ", "2719384 Aa Inc. ",
    # (rounds 63–64: cause numbers with their year, signatures before a bracketed honorific, Hong Kong's floors,
    # currencies glued or after the amount, a street in front of a number, a phone after a dot leader, whole francs)
    "CAUSE NO. E1 OF 2024 ", "AA BB (MS)\n", "Flat 1, 12/F, Aa House ", "K14,500.00 ", "J$3 ", "245.000,00 Kz ",
    "Av. Aa frente al N° 2 ", "Mobile no. ...... 74 3 ", "Casa n.º 3, ", "Omang no. 4 ", "No. 21,304 ",
    "CHF\n 1. Aa   118 450\n 2. Bb\n 4. Cc   –\n",
    # (round 65: "Nro:", register entries of Uganda and Panama, a penalty order's file number, African currency codes,
    # a cents fraction before the currency, a table with the sol in its header)
    "Nro: E1-2 ", "Block 1 Plot 2 ", "Tomo 4, Asiento 1 ", "Az. 729 Cs 1 Js 2/24 (", "UGX 1/= ", "MIL Y 00/100 SOLES ",
    "N°  Aa  Partida N°  Valor (S/)\n1  Bb  11052387  3,000.00\n",
    "Rut:  7 ", "L.P. 7 ", "RE 218.447-", "Kennitala 1", "R3E 0N8\n", "817304592RP0001 ", "Unit 3 - 4 Aa Avenue ",
    "N° 56.904.",
    # stop 62: the metical and rupees in words, spaced dates, register entries of Kenya, Angola, the Philippines and
    # Venezuela, Austria's file numbers and flats, ordinals before a notary's office, Ecuador's estates, a bilingual
    # town
    "28.500,00 MT ", "Rupees Two Lakh ", "26 / 08 / ", "AAA BBB/CCC/1", "DESCRIÇÃO N.º 4, a fls. 1 ", "Ap. n.º 1, ",
    "Doc. No. 1; Page No. ", "N° 3, Tomo 5-A ", "GZ: 4 A 2/23k - ", "Aa 4/Top 7, ", "19º Tabelião ",
    "Cdla. Aa, Mz. 1, villa ", "2502 Aa/Bb ", "(dólares aaaa nueve ",
    # stop 63: Yucatán's and Colombia's grids, India's numbered crosses, Swiss postal codes under a street, a
    # deduction's minus in a column, a suit's number, a name in capitals alone on its line, a court's number inside
    # its name, a Swiss street without a type above its postal code
    "Calle 2 No. 3 x 4 y ", "Carrera 5 N.º 4-", "No. 1, 2nd Cross, ", "Aa 6\n8400 Aa\n", "CHF  -6'9 ",
    "SUIT NO. E1 OF 2024 ", "AAAA AAAA AAAA\n", "Juzgado Aa n.º 7 de ", "Im Aa 9\n8805 Aa\n",
    "MINISTRY OF AA\n", "DIRECCIÓN GENERAL DE AA\n", "Aa 10101, Zambia ", "L 1,250,000.00 ",
    "Calle 2 No. 3 e/ 4 y ", "B/. 2,8 ", "Kandy 20000 ",
    # stop 64: patronymics, Singapore and Philippine flats, Swiss amounts alone, register entries
    "Aa d/o Aa ", "Aa bin Aa ", "Blk 6 Aa Aa #0", "Blk 1 Lot 2, ", "Plot 2, Aa ", ", Unit 4, ", "-16'930.00 ",
    "1'2", "Libro N°: 1", "tomo 2, folio 4, asiento ", "sob o n.º 12.845, a folhas 9", "12 A 187/23 k\n",
    "5.000 FCFA ", "PHP 40", "KG 63106 ", "Apellido materno: AA ", "Lugar de trabajo: Aa ", "Employer: Aa\n",
    "Name:    Aa-Aa\n", "AA AA AA DE AA.\n", "Teléfonos:   8845 2391 / ", "ZH 482 117 ", "L. 24,850.00 ",
    "RM 38,450.00 ", "matriz urbana da freguesia do Aa sob o artigo 1", "AAAA AAAA AUTHORITY\n", "K 385.00 ",
    "SSB Nos.: 0004 and ", "Block / Parcel: 16 / 2", "Nro. inscripción : 1.8", "Stiege 14, ", "Contacto: 976 ",
    "4.500,00 Dobras ", "Fr. 145.00.", "nicaragüense, ", "Número 98,412, Tomo 1843, Folio 1",
    "Acta N° 254 – Tomo 3 – ", "Livro A-87, às fls. 2", "G$18,500 ", "41,07,500  ", "   Aa Aa   285,000.00\n",
    "03 CG.2023.217 ", "MBA 10 - 214608/2", "£\n1  ", "Parcel 1255B 41", "MHLFRN87S27B160T ", "FL 28417 ",
    "Top 3/12 ", "Placas: JKR-4", "Livro C-38 · Folha 1", "Sgt. 447 Aa ", "RD 482 917 305 ZA ", "G 2024/0317 ",
    "Rep. Nr. 21.3", "finca n.º 4.217, tomo 3", "Aa Aa geborene Aa ", "P 50.00 ", "Db 150,00 ", "CONVOCANTE: Aa Aa\n",
    "AAAA DE AAAA – Aa\n", "AAAA DO 5º AAAA\n", "SCR 38,500.00 ", "N° 31, Tomo 18, Folios 94 al ",
    "causa SIMEF: 0847-", "Contact : 5729 ",
    # (stop 65) register entries of named numbers, surnames in capitals before a comma, currencies, Hong Kong flats,
    # indented postal codes, a shared phone field, a body's number before its place
    "Tomo: 147  Folio: 283 ", "folio 1 ", "N° 2.184, folio ", "Livro: C-17  Folhas: 142 v.º ",
    "QUISPE HUAMANÍ, JOSÉ LUIS\n", "AA AA, ", "N2,500 ", "MK 85,000.00 ", "R 2 850 000,00 ", "L  1,975.00 ",
    "Flat C, 18/F, Block 2, ", "17\n      9043 Aa\n", "Tel / E-mail:  6287 0415 ", "reach Aa on\n03 964 ",
    "AAAA N.º 7 DE AAAA\n", "1-1342-0876 ", "A004519827K ",
    # (stop 65) a register entry's fields one under the other, names in Chinese characters
    "Livro: 112\nFolha: 37\n", "Name: 張詠欣 ", "(陳大文) ", "張",
    # (stop 65, round 84) a payment line's groups, a Malaysian identity card, a date and an amount over two lines
    "2405 1711 3387 6620 9014 ", "850611-08-6123 ", "catorce de marzo de\ndos mil ", "dois mil e vinte\ne ",
    # (stop 65, round 86) a Trinidad deed's number, a rural property's keyword
    "DE2023 04417 D001 ", "NIRF: 7.412.583-9 ",
    # (round 87) a Kenyan plate
    "KCB 417M ",
    # (stop 66) identifiers in a table's column, a party's line, patronymics and bodies in capitals, addresses of
    # Luxembourg, Quito, Peru and Malaysia, citations, a register's long number, an ordinal day, an identity card
    "N°  RIT  RUC  FECHA\n1  6254-2016  1610028471-3  14/11/2016\n", "RIT  RUC  NIF\n", "AA AA AA      Applicant\n",
    "AA BIN AA ", "AA BTE AA ", "TABELIÃO DE NOTAS DE AA - x\n", "TABELIÃO ", "5, Op der Aa, ", "12, rue de Aa, ",
    "Av. De los Aa N36-120 ", "Mz. K Lt. 14, ", "No. 27, Jalan Aa Aa 4, ", "[2024] FWC 2871 ",
    "Cite as: Aa v. Aa, 2024 AA 27\n", "Acta N°: 1024583117 ", "1.º de abril de 2024 ", "S1234567D ", "2 UTM ",
    "  -8'562\n", "  1'111",
    # (stop 67) UPI addresses and an Argentine alias, a land register's entries, a house number before an office,
    # Argentine flats, Chilean storerooms, CFDI postal codes, records after "Nro.", numbers dialled, capitals between
    # slashes, a New Zealand account, an assessment's headings without figures, whole pesos in groups, Indian plates
    # and PINs, a post office box
    "a.b@ybl ", "x@okhdfcbank@ybl ", "alias A.B.C ", "alias A.B.", "1 a 4187/1998 Aa\n", "Gst 317/2 ",
    "Aa 1432, of. 54, ", 'depto. "B" ', "bodega N° 41 ", "(C.P.): 76148 ", "Nro. A-1 ", "098 115 603 ",
    "R AA AA 1749, ", "CREFITO-3/187452-F ", "MISC 104729/FCT/LA/", "12-3017-0458213-00 ",
    "EURO  Aa\nAa  - Aa\n  Aa   1,000.00\n", "  30.475\n", "Privada Aa 14, ", "KA 51 AB 4417 ", "Aa 400703\n",
    "PO Box 50 ",
    # (stop 67, round 94) a hash number with capitals, a colón's sign, a health plan's member, a house number before a
    # floor, an aside of two letters, an occupation's field, whole euros under a price column, Ghana's cedi
    "#FC2019-0", "¢1.000,00 ", "Afiliada N° 1 ", "Aa 5120 Piso ", "Licence no. (if known): 1 ", "Beruf: Aa Aa\n",
    "Precio  Subtotal\n  185000,00\n", "GH¢ 1,000.00 ", "Bearbeiter/in: A. Aa\n", "Vertrag Nr. A-1 ",
    # (stop 67, round 95) identity cards in a list, a currency before the next amount, francs with dashes
    "n.ºs 1 ", "1 CHF 42'500.-- ", "CHF   980.-- ", "1 CHF 1 ", "(CP B1708) ", "AV. AAA 1 ",
    # (stop 67, round 96) a column of whole amounts in commas' groups and of francs with a minus, a contract abbreviated
    "Value (Rs.)\n  1  52,000\n", "CHF\n  -9'870\n", "  52,000 ", "Vtr. 1 ", "Postcode : 8013 ",
    # (stop 67) a name at birth after a person
    "Anna Smith (born Aa) ", "Anna geb. Aa ", "B-LNr. 22 ",
    # (round 97) a table's elision, a unit's superscript in a header, the pula with two spaces, a diary number
    "Saldo  Pago\n  1  1,000.00\n ...\n", "Valor UF  m²\n  1,00  2,00\n", "P  2,000.00 ", "TB 2009/1142 ",
    "DD MM YYYY 28 07 2023 ", "DD MM ",
    # (stop 68, round 98) deeds' and title reports' register numbers, a value in brackets, a plural keyword, an
    # Austrian insurance number, a Singapore block, numbered streets, flats, a province's postal code, indexed units, a
    # form's name surname first before a birth
    "NÚMERO AA AA (1.418)\n", "tomo\n1.847, libro 1, folio 1, ", "serie GH, números 1 ", "inscripto Aa con el Nº 1 ",
    "inscripto ", "Caja Notarial Nº 1 ", "padrón individual 1/2 ", "number (7654321WA) ", "invoices INV-1 ",
    "VSNR: 2847 140237 ", "Darlehen Nr. 1 ", "Mec. n.º 0447 ", "Blk 318 Aa Avenue 5, #09-112 ", "Calle 12 N.º 1487 ",
    'Aa 2156, 3.º "B" ', "3.º andar ", "Aa del Norte 8100\n", "1.250.000 UI ", "UF 3.500 ", "Fahrer: Aa, Anna, geb. ",
    # (stop 68, round 99) a form's place field, a town before its street, a staircase, a Venezuelan card, a Dominican
    # street and peso, a school's code, capitals after a licence's number word, a Pakistani house, a table's next
    # section, a payslip's base
    "Provincia: AA\n", "Gemeinde: Aa Aa\n", "Ort: Aa   ", "6063 Aa, Aastraße 41 ", "Aastraße 21/III ", "V-17.904.223 ",
    "Calle 8 No. 23 ", "RD$ 250.00 ", "Código CIE: 1 ", "Carta de condução aa n.º EXA 1 ", "House 118, Street 7, Aa ",
    "I. Aa   EUR\n Aa   1,00\nAa 1\nII. Aa\n Aa   1,00\n", "II. Aa\n", "4,70 % s/ 2.118,84 ",
    # (stop 68, round 100) a PIN after an en dash, a registry's year, a service number, an American street, a town
    # before a two-word street, Brazilian registers and a state's field, strict durations, nationality fields
    "Aa – 560102\n", "No. FH 01142 of 2023 ", "No. 98214 PC ", "4517 Aa Avenue ", "2700 Aa Aa, Aa Straße 58/2 ",
    "CI MG-12.845.903 ", "Prenotação nº 1 ", "termo nº 48.217 ", "06 UF: PR ", "seven (7) years ", "2 (dos) años ",
    "10 business days ", "4-day ", "Nacionalidade:     Aa\n", "1 (", "seven (",
    # (stop 68, round 101) Peruvian and Argentine keywords, an association's number, a clerk's number, flats, rates
    "RNE 1 ", "Autogenerado : 6504121QHRSE005 ", "dominio AE 417 KD ", "ZVR-Zahl 1 ", "n.º func. 1 ", "dpto. 5B ",
    "4º, pta. 10 ", "40 hours/week ", "40 horas semanais ", "15 dias úteis ", "1 hours/",
    # (stop 68, round 102) a private bag, a post office box's short number, a Chilean roll, four decimals of UF, five
    # digits before a town
    "Private Bag 0012 ", "Postfach 684 ", "Rol SII 1104-337 ", "UF 3.850,0000 ", "UF 1,", "Aa, 47400 Aa Aa, Aa\n",
    "a, ",
    # (stop 69, rounds 103–104) a licence after its state, holders' words after the colon, Mexican streets and sides of
    # town, a kilometre, a Polish flat and its postal code on the next line, Austrian firms, a Nigerian road, dotted
    # numbers, a long sentence without a full stop, containers, an international number, a street after a column
    "licence NSW 1 ", "Identifikationsnummer: Ehemann 1 / Ehefrau 1 ", "Blvd. Aa 1 Pte., ", "Carr. Aa km 21.5,",
    "ul. Aa 27 m. 4\n", "31-159 Aa\n", "Aa & Aa OG, ", "Km 7 Aa–Aa Road ", "Km 7 Aa ", "n.º FA 2024.07.1 ", "aa ",
    "MSKU 718204-6 ", "+234 1 280 4471 ", "Anschrift:   Aa 27, 44369 Aa\n", "Anschrift:  ", "S.A. de C.V., ",
    "Flur 14, Flurstück 1 ", "ex-aa ", "TOMÁS AA AA, ", "Unit 14/52 Aa Street ",
    # (stop 69, rounds 105–106) a Swiss French street, a statement's transfers, a signature's name in capitals, an
    # aside of five words, an inmate's number, dollars by their country
    "Chemin des Aa 5 ", "NIP TRF FROM AA AA/", "PAID TO AA ", "LUZ AA AA AA\n", "(a b c d e): 1 ", "MIN (",
    "3,500 US dollars ",
    # (stop 70) codes joined by slashes, India's house numbers and postal codes, a Polish postal code before its
    # country, Australia's state between two spaces, a check letter, Swiss and Angolan numbers by their shape, a
    # consulting room, a Mexican side of town, flats in a column, a firm's article, who printed a record
    "SC/LA 6721A ", "A/B/C/D/E/F/", "A(5)/", "12, Aa Colony, ", "12, Aa ", ", Aa 411016  ", ", Aa 4", "31-150 Aa, Polen ",
    "31-150 Aa ", "AA  ACT  2617\n", "553-K ", "756.4471.2980.13 ", "004718265LA039 ", "Cra. 4 # 7 Sur-1, Cons. 4, ",
    "Av. Aa Nte. ", "  1.º C   Aa\n", "Frigorífico La ", "Impreso por: aa ", "incident 123456 ", "Depot 1-",
    "presupuesto P-1 ", "N45,000.00, ", "Kz  1 ", "Calle Aa 1, COL. AA DE AA AA, ", "COL. AA ", "Rua 8, Casa 4, Zona 7, ",
    "HDFCR5202308160091 ", "Aa 1, C.P. ",
    # (stop 70, rounds 113–114) surnames before given names in capitals, a firm's "Cía.", New Zealand's postal codes,
    # an Indian street's number, a folio after a digit and a hyphen, a parking space
    "AA AA, LUCÍA  ", "EL AA, ", "AA, ADAM\n", "AA & CÍA. S.A.S. ", "Cía. ", ", Aa 0110\n", "H. No. 1, Street No. 4, ",
    "Folio N°: 3-1 ", "Stellplatz Nr. 1 ", "Talhão n.º 1 ",
    # (stop 70, rounds 115–118) neutral citations, francs in a column, a firm's size after a dash, meters' numbers,
    # quadrants, a unit before a comma, slashed references with two numbers, lists with given names in lower case
    "2024 BCPC 0611 ", "Fr.    800.00 ", "AA LTDA - EPP ", "AA 19-4471803 ", "8421 NW 37th Ct, ", "Lot 27, Aa ",
    "AA/AA/2024/05173 ", "AA AA, Juana  ", "3347812-K ", "AA DO AA LTDA. ", "Carretera a Aa Km 8.5, ",
    # (round 119) two mixed groups, a long registration of capitals and digits
    "7KQ2-MX9A ", "7KQ2-", "23PH004917BAUM01 ", "A1", "AB12",
    # (stop 71, rounds 120–142) a party's ordinal before a colon, a year or digits after a slash, flights and bags,
    # flats after a house number, floors after a dash, offices before a building, a notary's number, a registration's
    # code opening a row, Mannheim's squares, Austrian check letters, a parent's phone, conditions and diagnoses
    "Käufer zu 2.: ", "AA zu 2. ", "R-AR 4471/2025 ", "Aktenzeichen: 12 C 48/24k ", "12/3/4/5/6/", "Az. 1/2a/",
    "Flight / date: AK 902 / ", "flight / ", "Bag tag number(s): AK 1 ", "Aa 1430, int. 302, int. 3, ",
    "Rua Aa, 39 - 5.º - ", "402, Aa Aa Chambers, ", "1, Aa Aa Aa\n", "escritura 45,218 ", "Notaría 127 de la ",
    "\nAAA-0017  ", "N 7, 13, 68161 Mannheim ", "3 Ps 112/23m - 1 ", "Teléfono de los padres: ",
    "- Hypertension Aspirin 75 mg\n", "F41.1 – aaa ", "IE 148.392.017.115 ", "NF 1 ", "SIN (***-***-482) ",
    "Rechnung RE 55102 ", "Oficialía: 01 ", "AFE ANVISA 7.2-3 ", "Blutdruck 142/88 mmHg ", "Aapflanzengasse ",
    "enero a junio de 2024 ", "Concurso ordinario 318/2024 ", "Préstamo 3058-", "folio RSH 1 ", "LPU N.º: 412.887 ",
    "sucursal 1432, ", "Engine No.: A25A-1 ", "receipt 55921 ", "member 14478 ", "BID 1120482 ", "inscrição GRE-",
    "LOT 7841102 ", "PA 122/78 mmHg ", "TIN 1 ", "Tiquete electrónico: 1 ", "remolque 2HT-418 ",
    "referencia bancaria BBVA 1 ", "MB 21548 ", "CNO 51.2/7 ", "MTE SP/041873 ", "Zl. ÖGK-W-2024/5 ",
    "Lot 14 DP 1187342 ", "Aa, Aaaa 560066. ", "Konto 30-482716-4 ", "Zahlungsreferenz: 1 ", "Aa-Gbbl. Nr. 3827 ",
    "Referencia de mandato: BL-1 ", "crédito 1410-8 ", "servicio 547 802 193 416 ", "Entidade 21847 ",
    "Referência: 183 472 551 ", "Inscr. Municipal 5.3-7 ", "ticket 77120 ", "SANC 14298776 ", "874512903 RC0001 ",
    "GOC 01-28471 ", "Parzelle Nr. 58 ", "Zahl VS21-A ", "Vignette V 24-0 ", "clave de rastreo 1 ", "CAAE 6.4.1 ",
    "matrícula de reboque L-2 ", "contador n.º 0447 ", "credencial N.º 6 ", "servicio N.º 8 ", "registro 2024-E-R ",
    "NUM. PEDIMENTO: 24 40 ", "REF LP-25-031 ",
    # (stop 72, rounds 143–151) dot leaders without a colon, letterheads in capitals, surnames in capitals after a
    # first name, a form before a one-letter word, registers' entries and keywords, conditions' qualifiers
    "Nome ......... Aa ", "AA AA HOSPITAL\n", "AA HOSPITAL ", "Dimitrios PAPADAKIS ", "Aa Aa, S.A. A ",
    "Fs. 38.412 N° 56.290, ", "Fs. 1 ", "Agência/Conta: 0427 / 01.245.678-3 ", "Agência/Conta: 1 / ",
    "Eintragungszahl: G 2023/1 ", "Reg.-Zl. 2016/4 ", "Assento de óbito: n.º 4127 ", "Matrícula: nº 87.412 ",
    "CREA-MG 142.887/D ", "carpeta de investigación CI-A ", "Pieza: 3392/2024 ",
    "doença renal crônica estágio 4 renal ", "angina stable stable stable ", "Morbus Aa ",
    "Juzgado Nacional en lo Comercial N° 14, ", "Rua 1.º de Maio, 12, ", "Lizenz CH.FCL.41873 ", "Vuelo: SMD 482 ",
    "AHPRA NMW0001837452 ", "Referencia: 202210002841793L ", "carné prof. 117.428 ", "R.S. n.º 46-C22-4417 ",
    "Ocorrência nº 2024.07.15-0932 ", "Interpreter No. 1 ",
)


class NameListTagger:
    """A stand-in for the NER model: "Anna" and "Smith" are persons (``B-PER``), every other token ``O``; the
    detector's own cost around the model is what this tool measures."""

    names = frozenset({"Anna", "Smith"})

    def tag(self, sentences: list[list[str]]) -> list[list[str]]:
        return [["B-PER" if token in self.names else "O" for token in tokens] for tokens in sentences]


def _time(fn, text: str, *args, repeat: int = 2) -> float:
    """The best of ``repeat`` timings of ``fn(text, *args)``, in seconds (a machine's noise only ever adds)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(text, *args)
        best = min(best, time.perf_counter() - t0)
    return best


def run(languages: Sequence[str], length: int, max_ratio: float, min_seconds: float,
        units: Sequence[str] = UNITS) -> list[tuple]:
    """``[(language, unit, component, seconds at 2 × length, ratio), ...]`` of the ``units`` whose time grows faster
    than ``max_ratio`` when the length doubles and that take more than ``min_seconds`` at twice ``length``."""
    from app.detection.pipeline import build_detector
    from app.tokenization import split_sentences

    found = []
    for language in languages:
        detector = build_detector(language, tagger_factory=lambda *_: NameListTagger())
        # (stop 68: and the strict profile's recognizers and detector, whose quasi-identifier patterns were not timed)
        components = [(type(r).__name__, r.recognize) for r in (*detector.recognizers, *detector.strict_recognizers)
                      if type(r).__name__ != "StanzaRecognizer"]
        for unit in units:
            times: dict[str, list[float]] = {}
            for n in (length, 2 * length):
                text = (unit * (n // len(unit) + 1))[:n]
                sentences = split_sentences(text)
                for name, recognize in components:
                    times.setdefault(name, []).append(_time(recognize, text, sentences))
                times.setdefault("Detector.detect", []).append(_time(detector.detect, text))
                times.setdefault("Detector.detect(strict)", []).append(
                    _time(lambda t: detector.detect(t, profile="strict"), text))
            for name, (once, twice) in times.items():
                ratio = twice / max(once, 1e-4)
                if twice > min_seconds and ratio > max_ratio:
                    found.append((language, unit, name, round(twice, 2), round(ratio, 1)))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="anonymizer-dev detection-cost", description=__doc__.split("\n\n")[0])
    ap.add_argument("--language", action="append", help="language code (repeatable; default: en de es pt)")
    ap.add_argument("--length", type=int, default=20_000, help="characters of the shorter text (default 20000)")
    ap.add_argument("--max-ratio", type=float, default=2.8, help="largest time ratio when the length doubles (2.8)")
    ap.add_argument("--min-seconds", type=float, default=0.5, help="report only units slower than this at 2 × length")
    ap.add_argument("--unit", action="append",
                    help="only this unit (repeatable; escapes such as \\n are read: --unit 'SO A ')")
    args = ap.parse_args(argv)
    units = [u.encode().decode("unicode_escape") for u in args.unit] if args.unit else UNITS
    found = run(args.language or ["en", "de", "es", "pt"], args.length, args.max_ratio, args.min_seconds, units)
    for language, unit, name, seconds, ratio in found:
        print(f"{language} {unit!r:24} {name:24} {seconds:8.2f} s at {2 * args.length} characters, "
              f"×{ratio} for twice the length")
    print(f"{len(found)} unit(s) above ×{args.max_ratio}" if found else "every unit linear (within the bound)")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
