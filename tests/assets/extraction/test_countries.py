"""Country names in the languages addresses are printed in."""

import pytest

from assets.extraction.countries import country_named


@pytest.mark.parametrize("text, code", [
    ("Belgium", "BE"), ("Deutschland", "DE"), ("Lietuva", "LT"), ("LIETUVA", "LT"), ("Nederland", "NL"),
    ("España", "ES"), ("Espana", "ES"), ("Латвия", "LV"), ("Eesti", "EE"), ("Polska", "PL"), ("Italia", "IT"),
    ("Latvija,", "LV"), ("Vokietija", "DE"), ("France.", "FR"),
])
def test_a_country_by_its_name(text, code):
    assert country_named(text) == code


@pytest.mark.parametrize("text", ["UAB Medis", "Vilnius", "Belgium Trading BV", ""])
def test_no_country_in_other_text(text):
    assert country_named(text) is None
