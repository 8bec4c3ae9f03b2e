"""Fresh photos of tune documents: only the tune split's one-page digital documents, the same
photo for the same seed, and a corpus ``eval.run`` scores as it is."""

from __future__ import annotations

import io
import json

from PIL import Image
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from corpus.generate import VERSION
from eval.fresh_photos import fresh_photos
from eval.run import load_corpus


def _pdf(pages: int) -> bytes:
    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=A4)
    for n in range(pages):
        page.drawString(72, 760, f"Invoice 2026-{n} total 121.00 EUR")
        page.showPage()
    page.save()
    return out.getvalue()


def _corpus(tmp_path):
    corpus = tmp_path / "corpus"
    (corpus / "docs").mkdir(parents=True)
    (corpus / "truth").mkdir()
    documents = []
    for doc_id, split, category, pages in (("t1", "tune", "digital", 1), ("t2", "tune", "digital", 2),
                                           ("t3", "tune", "scan", 1), ("h1", "heldout", "digital", 1)):
        (corpus / "docs" / f"{doc_id}.pdf").write_bytes(_pdf(pages))
        (corpus / "truth" / f"{doc_id}.json").write_text(json.dumps({"invoiceNumber": doc_id}))
        documents.append({"id": doc_id, "split": split, "category": category, "pages": pages,
                          "mime": "application/pdf", "degradation": {}, "family": "plain",
                          "file": f"docs/{doc_id}.pdf", "truth": f"truth/{doc_id}.json"})
    (corpus / "manifest.json").write_text(json.dumps(
        {"version": VERSION, "seed": 1, "count": len(documents), "documents": documents}))
    return corpus


def test_only_one_page_digital_tune_documents_are_photographed_again(tmp_path):
    corpus = _corpus(tmp_path)
    entries = fresh_photos(corpus, tmp_path / "far", "far", 500)
    assert [e["id"] for e in entries] == ["t1-far500"]
    (entry,) = entries
    assert entry["split"] == "tune" and entry["category"] == "photo" and entry["mime"] == "image/jpeg"
    photo = Image.open(tmp_path / "far" / entry["file"])
    assert photo.format == "JPEG" and max(photo.size) >= 1100  # a frame of 1,100-1,800 px
    assert json.loads((tmp_path / "far" / entry["truth"]).read_text()) == {"invoiceNumber": "t1"}
    # eval.run scores the derived corpus as it is, whatever count and seed it is asked for
    assert [e["id"] for e in load_corpus(tmp_path / "far", 420, 1)] == ["t1-far500"]


def test_the_same_seed_takes_the_same_photo_and_another_seed_another(tmp_path):
    corpus = _corpus(tmp_path)
    first = fresh_photos(corpus, tmp_path / "a", "close", 7)[0]
    again = fresh_photos(corpus, tmp_path / "b", "close", 7)[0]
    other = fresh_photos(corpus, tmp_path / "c", "close", 8)[0]
    photos = [(tmp_path / name / entry["file"]).read_bytes() for name, entry in (("a", first), ("b", again), ("c", other))]
    assert photos[0] == photos[1] and photos[0] != photos[2]
