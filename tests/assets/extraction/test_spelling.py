"""Marks OCR dropped from a name's words, put back where the country's dictionary leaves one
spelling (the operating system's Hunspell dictionaries, installed by ``make setup``)."""

import pytest

from assets.extraction import hunspell, spelling
from assets.extraction.spelling import restore_marks
from assets.ocr.model import Word


@pytest.mark.parametrize("read, country, expected", [
    ("UAB Duomenu centras", "LT", "UAB Duomenų centras"),          # an inflected form: ų
    ('UAB "Silumos tinklai"', "LT", 'UAB "Šilumos tinklai"'),
    ('UAB "Ažuolo baldai"', "LT", 'UAB "Ąžuolo baldai"'),          # a mark kept, one added
    ("UAB DUOMENU CENTRAS", "LT", "UAB DUOMENŲ CENTRAS"),          # capitals stay capitals
    ("Rigas Tekstils SIA", "LV", "Rīgas Tekstils SIA"),
    ("Parnu Ehitus AS", "EE", "Pärnu Ehitus AS"),
    ("Logistica Iberica S.A.", "ES", "Logística Ibérica S.A."),
    ("Hétel Saint Denis", "FR", "Hôtel Saint Denis"),              # a mark read on a letter alike: ô as é
    ("Ramunés Kazlausko IĮ", "LT", "Ramunės Kazlausko IĮ"),        # é is no Lithuanian letter; ė is
])
def test_the_one_spelling_that_is_a_word_is_taken(read, country, expected):
    assert restore_marks(read, country) == expected


@pytest.mark.parametrize("read, country", [
    ("UAB Svarūs langai", "LT"),         # "svarūs" is a word as well as "švarūs": the page decides
    ("Rasos Jankauskienės IĮ", "LT"),    # a surname no dictionary holds
    ("Zemtra", "LT"),                    # no spelling of it is a word
    ("UAB Duomenu centras", None),       # no country, no language
    ("OOO Duomenu", "RU"),               # no alphabet of marks for it
    ("Müller 2024 GmbH", "DE"),          # digits and known words untouched
    ("Café Noir", "FR"),                 # a mark on a word the dictionary knows
    ("Jankauskienę", "LT"),              # no other mark makes a word of it
])
def test_other_words_stay_as_read(read, country):
    assert restore_marks(read, country) == read


def test_of_several_spellings_that_are_words_the_one_with_fewest_marks_added_is_taken():
    assert restore_marks("Latvijas Partika SIA", "LV") == "Latvijas Pārtika SIA"  # not the locative "Pārtikā"
    assert restore_marks("Sviesa", "LT") == "Šviesa"                              # not "Šviesą"
    # "Šaka" and "Saką" add one mark each: the page has to tell.
    assert restore_marks("UAB Saka", "LT") == "UAB Saka"


def test_a_word_with_too_many_bare_letters_is_not_tried():
    word = "a" * 20  # 2^20 spellings
    assert restore_marks(word, "LT") == word


def test_without_the_country_s_dictionary_names_stay_as_read(monkeypatch, tmp_path):
    monkeypatch.setattr(hunspell, "DICTIONARY_DIR", tmp_path)
    hunspell.dictionaries.cache_clear()
    try:
        assert restore_marks("UAB Duomenu centras", "LT") == "UAB Duomenu centras"
    finally:
        hunspell.dictionaries.cache_clear()


def test_only_names_read_by_ocr_get_their_marks_back():
    from assets.extraction import extract_invoice
    from tests.support.word_pages import page, scanned

    rows = [(40, [(40, "PVM SĄSKAITA FAKTŪRA")]), (80, [(40, "Pirkėjas:")]),
            (95, [(40, "UAB Duomenu centras")]), (110, [(40, "PVM kodas: LT100001738313")])]
    printed = page(*rows)
    assert extract_invoice(printed)["buyer"]["name"] == "UAB Duomenu centras"  # a text layer is exact
    assert extract_invoice(scanned(printed))["buyer"]["name"] == "UAB Duomenų centras"


@pytest.mark.parametrize("read, country, expected", [
    ('UAB "Šilumos tinklal"', "LT", 'UAB "Šilumos tinklai"'),     # a stroke: l for i
    ('AB "Greita slunta"', "LT", 'AB "Greita siunta"'),
    ('UAB "Okio technika"', "LT", 'UAB "Ūkio technika"'),         # a round letter, its marks too
    ("Molen Tachniek B.V.", "NL", "Molen Techniek B.V."),
    ("Ma jolie boutigue", "FR", "Ma jolie boutique"),             # a bowl with its tail: q for g
])
def test_a_word_ocr_doubted_is_respelt_by_the_glyphs_small_print_confuses(read, country, expected):
    doubted = spelling.doubted_words([Word(w, 0, 0, 1, 1, 0.4) for w in read.split()])
    assert restore_marks(read, country, doubted) == expected
    assert restore_marks(read, country) == read  # read with confidence: as read


@pytest.mark.parametrize("read, country", [
    ("Krakbud S.A.", "PL"),            # a brand: no suggestion a glyph away
    ("UAS Baltijos", "LT"),            # three letters: too many neighbours
    ("Pamnu Ehtus AS", "EE"),          # a letter lost ("Ehitus") is no glyph confused
])
def test_a_doubted_word_no_confused_glyph_makes_a_word_stays_as_read(read, country):
    doubted = spelling.doubted_words([Word(w, 0, 0, 1, 1, 0.4) for w in read.split()])
    assert restore_marks(read, country, doubted) == read


def test_only_a_name_word_ocr_doubted_is_respelt():
    from assets.extraction import extract_invoice
    from assets.ocr.model import Document, Page

    def buyer(conf: float) -> str:
        words = [Word("Pirkėjas:", 40, 80, 100, 90), Word("UAB", 40, 95, 62, 105, 0.95),
                 Word('"Šilumos', 66, 95, 120, 105, 0.95), Word('tinklal"', 124, 95, 170, 105, conf),
                 Word("PVM", 40, 110, 62, 120), Word("kodas:", 66, 110, 100, 120),
                 Word("LT100001738313", 104, 110, 190, 120)]
        return extract_invoice(Document([Page(1, 595, 842, words, "tesseract", False)]))["buyer"]["name"]

    assert buyer(0.45) == 'UAB "Šilumos tinklai"'
    assert buyer(0.97) == 'UAB "Šilumos tinklal"'


def _pp_ocr(text: str, doubts: dict[int, tuple]) -> Word:
    """A word PP-OCR read unsure, with what it weighed at the letters of ``doubts``."""
    return Word(text, 0, 0, 1, 1, 0.4, tuple(doubts.get(k, ()) for k in range(len(text))))


def test_a_letter_the_reader_was_sure_of_is_not_respelt():
    # "Hansa" is no German word, "Hanse" is: the dictionary alone would take it
    sure = spelling.doubted_words([_pp_ocr("Hansa", {1: (("a", 0.8), ("o", 0.1))})])
    assert restore_marks("Hansa Logistik GmbH", "DE", sure) == "Hansa Logistik GmbH"


def test_a_letter_is_respelt_to_one_the_reader_weighed_there():
    # "ä" for "i" is no confusion of small print's; the reader said it weighed an "i"
    weighed = spelling.doubted_words([_pp_ocr("Feänkost", {2: (("ä", 0.5), ("i", 0.3))})])
    assert restore_marks("Elbe Feänkost AG", "DE", weighed) == "Elbe Feinkost AG"
    unweighed = spelling.doubted_words([_pp_ocr("Feänkost", {2: (("ä", 0.5), ("a", 0.3))})])
    assert restore_marks("Elbe Feänkost AG", "DE", unweighed) == "Elbe Feänkost AG"


def test_a_word_english_knows_is_not_respelt_into_the_countrys_own():
    # "Baltic" is no Latvian word, "Baltie" (a glyph away) is; names everywhere use English words
    doubted = spelling.doubted_words([Word("Baltic", 0, 0, 1, 1, 0.6)])
    assert restore_marks("Baltic Wood SIA", "LV", doubted) == "Baltic Wood SIA"


def test_a_mark_the_reader_weighed_is_put_on_a_word_both_spellings_of_which_are_words():
    # "siaurės" and "technine" are words, as are "šiaurės" and "techninė": the reader decides
    words = [_pp_ocr("Siaurės", {0: (("S", 0.67), ("Š", 0.23))}),
             _pp_ocr("Technine", {7: (("e", 0.66), ("é", 0.18))})]   # "é" is how Lithuanian "ė" reads
    marks = spelling.marks_weighed(words)
    assert restore_marks("UAB Siaurės vilkas", "LT", marks=marks) == "UAB Šiaurės vilkas"
    assert restore_marks('AB "Technine priežiūra"', "LT", marks=marks) == 'AB "Techninė priežiūra"'
    # a mark weighed under the cut, or none weighed: the word as read
    faint = spelling.marks_weighed([_pp_ocr("Siaurės", {0: (("S", 0.97), ("Š", 0.02))})])
    assert restore_marks("UAB Siaurės vilkas", "LT", marks=faint) == "UAB Siaurės vilkas"
    assert restore_marks("UAB Siaurės vilkas", "LT") == "UAB Siaurės vilkas"


def test_a_doubted_word_is_the_likeliest_word_the_readers_choices_spell():
    # "Zemaitijus": the reader weighed "Ž" for the "Z" and "o" for the "u"; "Žemaitijos" is
    # a Lithuanian word, and no suggestion of the dictionary's is a glyph or two away
    word = _pp_ocr("Zemaitijus", {0: (("Z", 0.28), ("2", 0.17), ("Ž", 0.16)),
                                  8: (("u", 0.65), ("o", 0.19), ("e", 0.06))})
    doubted, letters = spelling.doubted_words([word]), spelling.letters_weighed([word])
    assert restore_marks("UAB Zemaitijus kelias", "LT", doubted, letters=letters) == "UAB Žemaitijos kelias"
    # "Zatgirio": "l" weighed for the "t", the "Ž" as the alphabet writes the "Z" it read
    word = _pp_ocr("Zatgirio", {2: (("t", 0.65), ("l", 0.16))})
    letters = spelling.letters_weighed([word])
    assert restore_marks("UAB Zatgirio prekyba", "LT", spelling.doubted_words([word]), letters=letters) \
        == "UAB Žalgirio prekyba"


def test_a_letter_the_reader_weighed_too_little_or_not_at_all_is_not_chosen():
    # "o" weighed at 0.02, under the cut; "Zemaitijus" as read
    word = _pp_ocr("Zemaitijus", {8: (("u", 0.97), ("o", 0.02))})
    letters = spelling.letters_weighed([word])
    assert restore_marks("UAB Zemaitijus", "LT", spelling.doubted_words([word]), letters=letters) \
        == "UAB Zemaitijus"
    # a word read sure (confidence 0.9 or more) is not respelt, whatever was weighed
    sure = Word("Zemaitijus", 0, 0, 1, 1, 0.95, tuple({8: (("u", 0.6), ("o", 0.3))}.get(k, ()) for k in range(10)))
    assert restore_marks("UAB Zemaitijus", "LT", spelling.doubted_words([sure]),
                         letters=spelling.letters_weighed([sure])) == "UAB Zemaitijus"


@pytest.mark.parametrize("name, countries, expected", [
    ("AB Saulés véjas", ("LT", "SE"), "LT"),          # "Saulės vėjas" in Lithuanian letters
    ("Volvo Lastvagnar AB", ("LT", "SE"), "SE"),
    ("Nordic Trade AB", ("LT", "SE"), None),           # English words say nothing
    ("Zxqw Plorb AB", ("LT", "SE"), None),             # no word known
])
def test_a_shared_legal_form_names_the_country_whose_dictionary_knows_the_name(name, countries, expected):
    assert spelling.country_by_words(name, countries) == expected


def test_a_lithuanian_name_under_a_shared_legal_form_gets_its_letters():
    from assets.extraction import extract_invoice
    from assets.ocr.model import Document, Page

    words = [Word("Pirkėjas:", 40, 80, 100, 90), Word("AB", 40, 95, 56, 105, 0.95),
             Word("Saulés", 60, 95, 100, 105, 0.95), Word("véjas", 104, 95, 140, 105, 0.95)]
    got = extract_invoice(Document([Page(1, 595, 842, words, "tesseract", False)]))["buyer"]["name"]
    assert got == "AB Saulės vėjas"
