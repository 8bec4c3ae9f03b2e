"""Names read from photos: a legal form read with a look-alike glyph."""

import pytest

from assets.extraction.parties.misread_names import legal_form_glyphs, stroke_form
from assets.extraction.parties.names import tidy_name


@pytest.mark.parametrize("read, name", [
    ("Tallinna Kaubad oÜ", "Tallinna Kaubad OÜ"),  # a capital read small where only size differs
    ('"Statybų sprendimai" Aß', '"Statybų sprendimai" AB'),  # "ß" for "B"
    ('Aß "Greita siunta"', 'AB "Greita siunta"'),  # the form first
    ("Marmi Carrara S.r.I.", "Marmi Carrara S.r.l."),  # the strokes
    ("Viru Tehnika 0Ü", "Viru Tehnika OÜ"),
    ("uAB Saulė", "UAB Saulė"),
    ("Eesti Puit oü", "Eesti Puit OÜ"),  # both letters read small
    ("Pärnu Ehitus Oû", "Pärnu Ehitus OÜ"),  # another mark over a letter that differs only in size
    ("Tulpen Logistiek B.V", "Tulpen Logistiek B.V."),  # a dot lost at the end
    ("Aukštaitijos pienas VSI", "Aukštaitijos pienas VšĮ"),  # its marks lost
    ("Ferramenta Lombarda 5.r.1.", "Ferramenta Lombarda S.r.l."),  # a five for an "S", a one for an "l"
])
def test_a_legal_form_read_with_a_look_alike_glyph_is_the_form(read, name):
    assert tidy_name(read) == name


@pytest.mark.parametrize("name", ["ACME LTD", "Nordic Oy Ab", "Acme Ltd", "Bodegas SL", "Foo Sa", "UAB Saulė",
                                  "Kowalski i Syn Sp.j.", "Terme Spa", "Hotel Sas", "Terme S.R.L."])
def test_a_form_printed_in_another_case_stays_as_printed(name):
    assert tidy_name(name) == name


def test_a_sole_traders_form_whose_narrow_letter_was_lost_is_whole():
    # PP-OCR reads "IĮ" at a name's end as a lone "I".
    assert tidy_name("Jono Petraičio I") == "Jono Petraičio IĮ"


@pytest.mark.parametrize("read, country, name", [
    ('Vi "Biuro prekės"', "LT", 'VšĮ "Biuro prekės"'),  # the one Lithuanian form a "V" opens
    ("Aukštaitijos pienas Vš", "LT", "Aukštaitijos pienas VšĮ"),  # its narrow last letter lost
    ("Vil Techninė priežiūra", "LT", "VšĮ Techninė priežiūra"),
    ("Eesti Puit OC", "EE", "Eesti Puit OÜ"),
    ("Tau prekyba", "LT", "Tau prekyba"),  # a word of the language
    ("Marmi Carrara Sal", "IT", "Marmi Carrara Sal"),  # every Italian form opens with "S": none is told
    ('UAB "Vi namai"', "LT", 'UAB "Vi namai"'),  # a form already
    ("Vi Petrauskas", None, "Vi Petrauskas"),  # no country, no forms to tell
])
def test_a_legal_form_garbled_past_its_glyphs_is_the_one_of_its_country_opening_so(read, country, name):
    from assets.extraction.parties.misread_names import country_form

    assert country_form(read, country) == name


def test_a_low_opening_quote_read_as_a_comma_is_reopened():
    from assets.extraction.parties.misread_names import reopened_quote

    assert reopened_quote('VšĮ ,Žalgirio prekyba"') == 'VšĮ "Žalgirio prekyba"'


@pytest.mark.parametrize("read, country, name", [
    ("Vini del Garda S.r.L.", "IT", "Vini del Garda S.r.l."),   # the Italian form, not the Romanian "S.R.L."
    ("Vini del Garda S.r.L.", "RO", "Vini del Garda S.R.L."),
    ("Tessitura Como Sr.L", "IT", "Tessitura Como S.r.l."),     # dots lost too
    ("Vini del Garda S.r.L.", None, "Vini del Garda S.r.L."),   # two forms alike, no country to tell
])
def test_a_form_two_alike_forms_could_be_is_the_partys_countrys(read, country, name):
    assert legal_form_glyphs(read, country) == name


@pytest.mark.parametrize("read, country, name", [
    ("Petro Petraičio l", "LT", "Petro Petraičio IĮ"),        # one stroke of two read
    ("Ramunės Kazlausko H", "LT", "Ramunės Kazlausko IĮ"),    # two strokes run together
    ("Petro Petraičio l", "LV", "Petro Petraičio l"),         # no form of strokes alone there
    ("UAB Alfa N", "LT", "UAB Alfa N"),                       # a form already
    ("Jonas H", "LT", "Jonas H"),                             # too short a name to end in a form
])
def test_a_form_of_strokes_alone_read_as_a_glyph_or_two_of_strokes_is_the_form(read, country, name):
    assert stroke_form(read, country) == name


def test_a_legal_form_the_reader_weighed_right_is_the_form():
    from assets.extraction.parties.misread_names import form_in_choices
    from assets.ocr.model import Word

    def read(text: str, doubts: dict[int, tuple]) -> Word:
        return Word(text, 0, 0, 1, 1, 0.9, tuple(doubts.get(k, ()) for k in range(len(text))))

    # "S" for "B", the "B" weighed at 0.38: "S.V." is no form, "B.V." the Dutch one
    words = [read("S.V.", {0: (("S", 0.61), ("B", 0.38))})]
    assert form_in_choices("Noordzee Handel S.V.", "NL", words) == "Noordzee Handel B.V."
    # a dot for the "r" the reader weighed there
    words = [read("S.rJl.", {3: (("J", 0.5), (".", 0.3))})]
    assert form_in_choices("Officine Adriatiche S.rJl.", "IT", words) == "Officine Adriatiche S.r.l."
    # weighed too little, or a form as printed: as read
    assert form_in_choices("Noordzee Handel S.V.", "NL", [read("S.V.", {0: (("S", 0.97), ("B", 0.02))})]) \
        == "Noordzee Handel S.V."
    assert form_in_choices("Gouda Kaas N.V.", "NL", [read("N.V.", {0: (("N", 0.6), ("B", 0.3))})]) == "Gouda Kaas N.V."
