"""Building and writing XML with lxml, in the shape the accounting programs accept.

Every exporter builds its tree with these helpers and lxml escapes the text. Empty
elements are written as an open/close pair (`<X></X>`), never self-closing: the known
production exporter expands them for every program, and GAMA's tolerance is unknown
(formats/rivile.md §1). One element or attribute per line, two-space indent.
"""

from lxml import etree

from exporters.text import xml_safe

UTF8_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>'


def add(parent: etree._Element, tag: str, value: str | None = "", **attrs: str) -> etree._Element:
    """A child element with text `value` (None or "" give an empty open/close pair)."""
    child = etree.SubElement(parent, tag, {k: xml_safe(v) for k, v in attrs.items()})
    child.text = xml_safe(value) if value else ""
    return child


def add_if(parent: etree._Element, tag: str, value: str | None) -> etree._Element | None:
    """A child only when there is a value: optional fields are left out rather than sent empty."""
    if value is None or value == "":
        return None
    return add(parent, tag, value)


def _no_self_closing(root: etree._Element) -> None:
    for el in root.iter():
        if el.text is None and len(el) == 0:
            el.text = ""


def serialise(root: etree._Element) -> str:
    """The element and its children as indented text (no declaration)."""
    _no_self_closing(root)
    etree.indent(root, space="  ")
    return etree.tostring(root, encoding="unicode")


def document(root: etree._Element, declaration: str = UTF8_DECLARATION) -> bytes:
    """A complete UTF-8 document with its declaration line."""
    return (declaration + "\n" + serialise(root) + "\n").encode("utf-8")
