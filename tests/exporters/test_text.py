"""Text safety: cp1257 transliteration, XML-safe text, CSV formula neutralisation."""

import pytest

from exporters.text import UnencodableCode, code_for, neutralise_formula, transliterate, xml_safe


def test_lithuanian_letters_and_cp1257_characters_stay():
    text = "Ąžuolas, Čiurlionis, Ėglė, Į, Šiauliai, Ūla, Žemaitė „kabutės“ – ø ß é Ä"
    assert transliterate(text) == text
    text.encode("cp1257")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Dvořák", "Dvorak"),
        ("Őrség", "Orség"),  # é is in cp1257 and stays; only Ő is transliterated
        ("Москва", "Moskva"),
        ("北京", "BeiJing"),
        ("œuvre Þór ẞ", "oeuvre Thór Ss"),  # ó is in cp1257
        ("Ştefan Ţară", "Stefan Tara"),
        ("zero\u200bwidth", "zerowidth"),  # a zero-width space carries no text
    ],
)
def test_characters_outside_cp1257_are_transliterated(text, expected):
    out = transliterate(text)
    assert out == expected
    out.encode("cp1257")  # never raises: nothing is left for the encoder to drop


def test_unmappable_characters_are_reported_not_dropped():
    lost: list[str] = []
    out = transliterate("a\U000f0000b", replaced=lost)  # a private-use character has no transliteration
    assert out == "a?b" and lost == ["\U000f0000"]


def test_codes_are_transliterated_but_never_guessed():
    assert code_for("ŽK-01") == "ŽK-01"
    assert code_for("LMP-北京") == "LMP-BeiJing"
    with pytest.raises(UnencodableCode):
        code_for("X\U000f0000")


def test_xml_safe_replaces_control_characters():
    assert xml_safe("a\x00b\x1fc\td\ne") == "a b c\td\ne"


@pytest.mark.parametrize(
    "value, expected",
    [("=SUM(A1)", "'=SUM(A1)"), ("+370 600", "'+370 600"), ("-2", "'-2"), ("@cmd", "'@cmd"),
     ("\tx", "'\tx"), ("Kava", "Kava"), ("", "")],
)
def test_csv_formula_neutralisation(value, expected):
    assert neutralise_formula(value) == expected
