"""Every label of the dashboard is translated: each string the templates and pages mark
for translation has a Lithuanian text, and the English catalog knows it too."""

from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
METHODS = [("dashboard/**.py", "python"), ("dashboard/templates/**.html", "jinja2")]
OPTIONS = {"dashboard/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}


def _marked() -> set[str]:
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), METHODS, options_map=OPTIONS, keywords=KEYWORDS):
        for text in message if isinstance(message, tuple) else (message,):
            if text and not text.startswith("validation."):  # a key into a table, not a label
                found.add(text)
    return found


def test_every_marked_label_has_a_lithuanian_text():
    marked = _marked()
    assert {"passed", "waiting for review", "Fill this in.", "Net + VAT = gross"} <= marked  # templates and pages
    lt = read_po(open(ROOT / "dashboard/locale/lt/LC_MESSAGES/messages.po", "rb"))
    en = read_po(open(ROOT / "dashboard/locale/en/LC_MESSAGES/messages.po", "rb"))
    untranslated = sorted(m for m in marked if m not in lt or not lt[m].string)
    assert not untranslated, untranslated
    assert not sorted(m for m in marked if m not in en)
