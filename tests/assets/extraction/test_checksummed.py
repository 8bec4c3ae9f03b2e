"""Codes read again under their checksums from the reader's own per-character choices."""

from dataclasses import replace

from assets.extraction import checksummed, extract_invoice
from assets.extraction.company_codes import lt_company_code_checks
from assets.extraction.identifiers import iban_is_valid
from assets.extraction.vat_codes import vat_is_valid
from assets.ocr.model import Document, Page, Word


def _word(text: str, x: float, y: float, doubts: dict[int, tuple] | None = None, conf: float = 0.5) -> Word:
    """A PP-OCR word; ``doubts`` maps a character's offset to what the recogniser weighed there."""
    choices = None
    if doubts:
        choices = tuple(doubts.get(k, ()) for k in range(len(text)))
    return Word(text, x, y, x + 6 * len(text), y + 10, conf, choices)


def _photo(*rows: list[Word]) -> Document:
    return Document([Page(1, 595, 842, [w for row in rows for w in row], "rapidocr", False)])


def test_a_failed_check_digit_is_read_as_the_recognisers_next_choice():
    assert not vat_is_valid("LT918605710") and vat_is_valid("LT918805710")
    doc = _photo([_word("PVM", 50, 100), _word("kodas:", 80, 100),
                  _word("LT918605710", 130, 100, {5: (("6", 0.47), ("8", 0.33), ("9", 0.07))})])
    words = checksummed.reread(doc).pages[0].words
    assert [w.text for w in words] == ["PVM", "kodas:", "LT918805710"]
    assert words[2].conf <= 0.5 and words[2].choices is None


def test_a_lithuanian_company_code_is_read_again_under_its_check_digit_on_a_lithuanian_page():
    assert not lt_company_code_checks("304836894") and lt_company_code_checks("304836394")
    code = {6: (("8", 0.5), ("3", 0.4))}
    lithuanian = _photo([_word("Įmonės", 50, 80), _word("kodas", 90, 80), _word("304836894", 130, 80, code)],
                        [_word("PVM", 50, 95), _word("kodas", 80, 95), _word("LT100001738313", 120, 95)])
    assert [w.text for w in checksummed.reread(lithuanian).pages[0].words][2] == "304836394"
    # nine digits on a page nothing shows to be Lithuanian are a SIREN, a telephone, an order
    french = _photo([_word("SIREN", 50, 80), _word("304836894", 130, 80, code)])
    assert checksummed.reread(french).pages[0].words[1].text == "304836894"
    # ... unless two views of the word agree on a reading that passes: a second reader's evidence
    viewed = replace(_word("304836894", 130, 80), views=("304836394", "304836394", "304836894"))
    assert checksummed.reread(_photo([_word("kodas", 50, 80), viewed])).pages[0].words[1].text == "304836394"


def test_two_valid_readings_about_as_likely_leave_the_word_as_read():
    assert vat_is_valid("LT918805710") and vat_is_valid("LT918605713")  # fifth or last digit: both pass
    doc = _photo([_word("LT918605710", 130, 100, {5: (("6", 0.45), ("8", 0.35)), 10: (("0", 0.45), ("3", 0.3))})])
    assert checksummed.reread(doc).pages[0].words[0].text == "LT918605710"


def test_of_two_readings_about_as_likely_the_one_its_views_read_where_they_differ_is_taken():
    # "L7760899015": "T" weighed for the "7", and "8" or "6" for the "0"; "LT760899815" and
    # "LT760099015" both pass, too close for the choices alone. Two views read "8" at both
    # places the two differ (their "L7" fails, so no view passes alone)
    assert vat_is_valid("LT760899815") and vat_is_valid("LT760099015")
    doubts = {1: (("7", 0.446), ("T", 0.302)), 5: (("8", 0.556), ("0", 0.2)), 8: (("0", 0.308), ("8", 0.24))}
    seen = ("L7760899815", "a L7760899815", "L7760899$15", " L776089915", "L7760899815", "7760899815")
    word = replace(_word("L7760899015", 130, 100, doubts), views=seen)
    assert checksummed.reread(_photo([word])).pages[0].words[0].text == "LT760899815"
    # one view alone, or views read either way, leave it as read
    for seen in (("L7760899815", "", "", "", "", ""), ("L7760899815", "L7760899815", "L7760099015", "", "", "")):
        word = replace(_word("L7760899015", 130, 100, doubts), views=seen)
        assert checksummed.reread(_photo([word])).pages[0].words[0].text == "L7760899015", seen


def test_a_valid_reading_and_words_without_choices_stay_as_read():
    # "LT918605713", two weighed letters away, is valid too: the code as printed passes already
    valid = _photo([_word("LT918805710", 130, 100, {5: (("8", 0.5), ("6", 0.4)), 10: (("0", 0.5), ("3", 0.4))})])
    assert checksummed.reread(valid) is valid
    tesseract = Document([Page(1, 595, 842, [Word("LT918605710", 130, 100, 200, 110, 0.6)], "tesseract", False)])
    assert checksummed.reread(tesseract) is tesseract


def test_an_unlikely_choice_is_not_taken():
    doc = _photo([_word("LT918605710", 130, 100, {5: (("6", 0.5), ("8", 0.03))})])  # below REREAD_MIN_CHOICE
    assert checksummed.reread(doc).pages[0].words[0].text == "LT918605710"
    # the one valid reading ("LT918005711") needs two letters the reader gave 0.06 each
    doc = _photo([_word("LT918605710", 130, 100, {5: (("6", 0.9), ("0", 0.06)), 10: (("0", 0.9), ("1", 0.06))})])
    assert checksummed.reread(doc).pages[0].words[0].text == "LT918605710"


def test_an_iban_printed_in_groups_is_read_again_across_them():
    assert iban_is_valid("LT121000011101001000") and not iban_is_valid("LT121000011101007000")
    row = [_word("IBAN", 50, 200), _word("LT12", 90, 200), _word("1000", 120, 200), _word("0111", 150, 200),
           _word("0100", 180, 200), _word("7000", 210, 200, {0: (("7", 0.5), ("1", 0.4))})]
    words = checksummed.reread(_photo(row)).pages[0].words
    assert " ".join(w.text for w in words) == "IBAN LT12 1000 0111 0100 1000"


def test_the_seller_s_vat_code_comes_back_where_the_photo_misread_a_digit():
    rows = [
        [_word("UAB", 50, 40), _word("Šiaurės", 80, 40), _word("vėjas", 130, 40)],
        [_word("PVM", 50, 55), _word("kodas:", 80, 55),
         _word("LT918605710", 120, 55, {5: (("6", 0.47), ("8", 0.33), ("9", 0.07))})],
        [_word("PVM", 50, 100), _word("SĄSKAITA", 80, 100), _word("FAKTŪRA", 140, 100), _word("Nr.", 200, 100),
         _word("AB-1042", 220, 100)],
    ]
    inv = extract_invoice(_photo(*rows))
    assert inv["seller"]["vatCode"] == "LT918805710"


def _row(y: float, *cells: tuple[float, str], doubts: dict[str, dict[int, tuple]] | None = None) -> list[Word]:
    return [_word(text, x, y, (doubts or {}).get(text)) for x, text in cells]


def test_an_item_amount_whose_digit_was_misread_is_read_again_where_the_row_then_adds_up():
    rows = [
        _row(40, (40, "INVOICE"), (120, "No."), (150, "77")),
        _row(100, (40, "Description"), (250, "Qty"), (320, "Price"), (420, "Amount")),
        _row(115, (40, "Oak"), (70, "boards"), (250, "2"), (320, "617.28"), (420, "1234.58"),
             doubts={"1234.58": {6: (("8", 0.5), ("6", 0.4))}}),
        _row(130, (40, "Pine"), (70, "planks"), (250, "3"), (320, "10.00"), (420, "30.00")),
    ]
    lines = extract_invoice(_photo(*rows))["lines"]
    assert [(line["quantity"], line["unitPrice"], line["netAmount"]) for line in lines] == [
        ("2", "617.28", "1234.56"), ("3", "10.00", "30.00")]


def test_explain_names_each_code_read_again():
    doc = _photo([_word("PVM", 50, 100), _word("kodas:", 80, 100),
                  _word("LT918605710", 130, 100, {5: (("6", 0.47), ("8", 0.33), ("9", 0.07))})])
    why: dict = {}
    extract_invoice(doc, explain=why)
    assert why["read_again"] == [{"page": 1, "read": "LT918605710", "as": "LT918805710", "by": "choices", "share": 1.0}]


def test_an_item_amount_is_read_again_before_a_factor_is_made_to_fit_its_misreading():
    # 1244.56 / 2 = 622.28, a slip from 617.28 that the row's arithmetic alone would take for the price
    rows = [
        _row(40, (40, "INVOICE"), (120, "No."), (150, "77")),
        _row(100, (40, "Description"), (250, "Qty"), (320, "Price"), (420, "Amount")),
        _row(115, (40, "Oak"), (70, "boards"), (250, "2"), (320, "617.28"), (420, "1244.56"),
             doubts={"1244.56": {2: (("4", 0.5), ("3", 0.4))}}),
        _row(130, (40, "Pine"), (70, "planks"), (250, "3"), (320, "10.00"), (420, "30.00")),
    ]
    lines = extract_invoice(_photo(*rows))["lines"]
    assert (lines[0]["quantity"], lines[0]["unitPrice"], lines[0]["netAmount"]) == ("2", "617.28", "1234.56")


def _viewed(text: str, x: float, y: float, seen: tuple[str, ...], conf: float = 0.5) -> Word:
    """A PP-OCR word read again alone from six crops of its box."""
    return Word(text, x, y, x + 6 * len(text), y + 10, conf, None, seen)


def test_a_code_is_read_as_most_of_its_views_read_it_where_that_passes_the_check():
    assert not vat_is_valid("L656768314") and vat_is_valid("LT656768314")
    seen = ("LT656768314", "a. L7656768314", "LT656768314", "a. LT656768314", "L7656768314", " L7656768314")
    doc = _photo([_word("PVM", 50, 100), _word("kodas:", 80, 100), _viewed("L656768314", 130, 100, seen)])
    log: list[dict] = []
    words = checksummed.reread(doc, log).pages[0].words
    assert [w.text for w in words] == ["PVM", "kodas:", "LT656768314"]
    assert words[2].views is None and words[2].conf == 0.5 * 3 / 6
    assert log == [{"page": 1, "read": "L656768314", "as": "LT656768314", "by": "views", "share": 0.5}]


def test_a_view_finds_a_code_whose_first_reading_no_longer_looked_like_one():
    assert vat_is_valid("EE102252264")
    seen = ("88102252264", "EE102252264", "EE102252264", "8E102252264", "88102252264", "102252264")
    words = checksummed.reread(_photo([_viewed("88102252264", 130, 100, seen)])).pages[0].words
    assert words[0].text == "EE102252264"


def test_views_that_split_or_stray_leave_the_code_as_read():
    assert vat_is_valid("LT918805710") and vat_is_valid("LT918605713") and not vat_is_valid("LT918605711")
    split = ("LT918805710", "LT918605713", "LT918805710", "LT918605713", "LT91860571O", "")
    lone = ("LT918805710", "LT918605711", "LT918605711", "LT918605711", "", "")  # one view passes
    far = ("LT119511515", "LT119511515", "", "", "", "")  # valid, but seven edits from what the word was
    for seen in (split, lone, far):
        doc = _photo([_viewed("LT918605711", 130, 100, seen)])
        assert checksummed.reread(doc).pages[0].words[0].text == "LT918605711", seen
    valid = _photo([_viewed("LT918805710", 130, 100, ("LT918605713",) * 6)])
    assert checksummed.reread(valid).pages[0].words[0].text == "LT918805710"  # what passes stays


def test_a_label_glued_to_a_code_by_its_colon_stays_glued():
    seen = ("NO.LT108927845016", "NO:LT108927845016", "LT108927845016", "", "", "")
    assert vat_is_valid("LT108927845016")
    words = checksummed.reread(_photo([_viewed("NO:LT10R927845016", 130, 100, seen)])).pages[0].words
    assert words[0].text == "NO:LT108927845016"


def test_a_slash_read_as_a_digit_is_read_as_the_views_agree():
    seen = ("2025/183",) * 5 + ("2025 /183",)  # a view's space is no difference
    log: list[dict] = []
    words = checksummed.reread(_photo([_word("Nr.", 50, 100), _viewed("20251183", 80, 100, seen)]), log).pages[0].words
    assert [w.text for w in words] == ["Nr.", "2025/183"]
    assert log == [{"page": 1, "read": "20251183", "as": "2025/183", "by": "separators", "share": 1.0}]
    # too few views agree, they differ in a digit too, or a letter was read for the slash: as read
    for first, views in (("20251183", ("2025/183",) * 4 + ("20251183",) * 2),
                         ("20251183", ("2025/188",) * 6),
                         ("2025A183", ("2025/183",) * 6)):
        assert checksummed.reread(_photo([_viewed(first, 80, 100, views)])).pages[0].words[0].text == first
    # a code its checksum passes stays as read whatever the views say
    assert vat_is_valid("LT100001919017")
    valid = _photo([_viewed("LT100001919017", 80, 100, ("LT100001/19017",) * 6)])
    assert checksummed.reread(valid).pages[0].words[0].text == "LT100001919017"
