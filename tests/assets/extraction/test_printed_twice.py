"""A party's name the page prints twice: a word one reading lost, read from the other."""

from assets.extraction import ALL_LABELS
from assets.extraction.layout import Layout
from assets.extraction.parties.printed_twice import surer_words
from assets.ocr.model import Document, Page, Word


def _line(y: float, text: str, conf: float, x: float = 50) -> list[Word]:
    words = []
    for token in text.split():
        words.append(Word(token, x, y, x + 6 * len(token), y + 10, conf))
        x += 6 * len(token) + 4
    return words


def _layout(*lines: list[Word]) -> Layout:
    return Layout(Document([Page(1, 595, 842, [w for ln in lines for w in ln], "tesseract", False)]), ALL_LABELS)


def test_a_word_read_surer_where_the_name_is_printed_again_is_taken():
    name = _line(100, "Ma jolie boutigue", 0.88)
    layout = _layout(name, _line(400, "Livraison : Ma jolie boutique", 0.96))
    assert surer_words(layout, "Ma jolie boutigue", name) == "Ma jolie boutique"


def test_only_the_names_words_in_their_order_and_a_surer_reading_count():
    name = _line(100, "UAB Kauno grūdai", 0.88)
    # an address's "Kaune" is a glyph from "Kauno", but not the name's run of words
    assert surer_words(_layout(name, _line(400, "Gedimino g. 5, Kaune", 0.99)), "UAB Kauno grūdai", name) \
        == "UAB Kauno grūdai"
    # the name again, read no more surely: the first reading stands
    assert surer_words(_layout(name, _line(400, "UAB Kaune grūdai", 0.89)), "UAB Kauno grūdai", name) \
        == "UAB Kauno grūdai"


def test_the_surer_word_replaces_the_misread_word_not_its_letters_inside_another():
    name = _line(100, "Boutiguerie Boutigue", 0.88)
    layout = _layout(name, _line(400, "Livraison : Boutiguerie Boutique", 0.96))
    assert surer_words(layout, "Boutiguerie Boutigue", name) == "Boutiguerie Boutique"
