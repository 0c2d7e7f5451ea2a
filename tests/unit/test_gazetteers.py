from hypothesis import given
from hypothesis import strategies as st

from app.detection.gazetteers import GazetteerRecognizer, country_names, location_gazetteer
from app.tokenization import split_sentences


def found(recognizer, text):
    return [(e.text, e.label) for e in recognizer.recognize(text, split_sentences(text))]


def test_countries_in_each_language():
    assert {"Germany", "Deutschland", "Spanien"} <= set(country_names("de"))
    assert {"Alemania", "España"} <= set(country_names("es"))
    assert {"Alemanha", "Espanha"} <= set(country_names("pt"))


def test_cities_and_countries_longest_match_capitalised_only():
    g = location_gazetteer("de")
    text = "Er flog von Mailand nach New York und Frankfurt am Main, dann nach Deutschland. Nice weather in china."
    assert found(g, text) == [
        ("Mailand", "LOCATION"), ("New York", "LOCATION"), ("Frankfurt am Main", "LOCATION"), ("Deutschland", "LOCATION"),
    ]


def test_user_lists():
    g = GazetteerRecognizer({"ORGANIZATION": ["Acme Widgets", "Initech"], "PERSON": ["Zed"]}, name="custom")
    assert found(g, "We met Zed from Acme Widgets and initech.") == [("Zed", "PERSON"), ("Acme Widgets", "ORGANIZATION")]


def test_one_word_place_names_are_not_matched_in_headlines():
    g = location_gazetteer("en")
    assert found(g, "STOCKS GOLD METALS SALE.") == []  # GeoNames has cities named Gold and Sale
    assert found(g, "TENNIS - PLAYERS FROM NEW YORK WIN IN LONDON.") == [("NEW YORK", "LOCATION")]
    assert found(g, "Players from New York met in London.") == [("New York", "LOCATION"), ("London", "LOCATION")]
    assert found(g, "IN LONDON 1996-08-30") == [("LONDON", "LOCATION")]  # two words with letters: not a headline
    custom = GazetteerRecognizer({"ORGANIZATION": ["Initech"]}, name="custom")
    assert found(custom, "SHARES OF INITECH FELL.") == [("INITECH", "ORGANIZATION")]  # users' lists match everywhere


def test_alternate_names_only_of_large_cities():
    """GeoNames lists "Namen" for Namur (111,000) and "Rest" for Rasht (595,000): common German words."""
    g = location_gazetteer("de")
    assert found(g, "Im Namen der Stadt fuhr der Rest nach Wien und Namur.") == [("Wien", "LOCATION"), ("Namur", "LOCATION")]
    wide = location_gazetteer("de", alternate_min_population=100_000)
    # with the alternate names of mid-sized cities, "Namen" is one; German leaves it out all the same, a common noun
    # there (the plural of "Name") outside a place cue
    assert ("Namen", "LOCATION") not in found(wide, "Im Namen der Stadt fuhr der Rest nach Wien und Namur.")
    assert ("Namen", "LOCATION") in found(location_gazetteer("en", alternate_min_population=100_000),
                                          "They drove from Namen to Wien.")


def test_place_names_that_are_function_words_are_left_out():
    """GeoNames lists "Para" for Belém (1.4 million): the Portuguese and Spanish "for"."""
    from app.detection.gazetteers import city_names

    assert "Para" in city_names(100_000, 1_000_000)
    g = location_gazetteer("pt")
    assert found(g, "Recurso : Para tanto , veio de Belém a Manaus .") == [("Belém", "LOCATION"), ("Manaus", "LOCATION")]


def test_german_cities_named_like_common_nouns_only_after_a_place_cue():
    """German capitalises every noun: "Mitte", "Bergen", "Kanton", "Male" are cities of GeoNames and nouns."""
    g = location_gazetteer("de")
    text = ("Bis Mitte Mai wohnen sie unter den Bergen im Kanton. Mehrere Male kam er in Essen und in Polen an; "
            "das OLG Hamm und das Essen in Bremen. Er fuhr nach Kiel.")
    assert found(g, text) == [("Essen", "LOCATION"), ("Polen", "LOCATION"), ("Hamm", "LOCATION"), ("Bremen", "LOCATION"),
                              ("Kiel", "LOCATION")]
    # the same names in a language whose nouns are not capitalised are matched as before
    assert found(location_gazetteer("en"), "He moved from Bergen to Essen.") == [("Bergen", "LOCATION"), ("Essen", "LOCATION")]


@given(st.lists(st.text(alphabet="aAbBzZ19 -.ÄäßⅫ中", min_size=1, max_size=6), max_size=8))
def test_is_headline_is_its_definition(words):
    """:func:`is_headline` stops at the first word with letters not in capitals; it must say what its definition
    says: at least three words with letters, all of them in capitals."""
    from app.detection.gazetteers import is_headline
    from app.doc import Token

    tokens = [Token(w, 0, len(w)) for w in words]
    alphabetic = [w for w in words if any(c.isalpha() for c in w)]
    assert is_headline(tokens) == (len(alphabetic) >= 3 and all(w.isupper() for w in alphabetic))
