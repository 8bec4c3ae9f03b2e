"""The confidence calibration: rule scores mapped to how often such values were right."""

from assets.extraction.calibration import calibrate, value_at
from eval.calibrate import fit_steps


def test_steps_never_decrease_and_hold_at_their_lower_bound():
    # Low scores right half the time, high ones always: two steps, the upper one below 1.
    points = [(0.5, k % 2 == 0) for k in range(40)] + [(0.95, True) for _ in range(60)]
    steps = fit_steps(points, z=1.64)
    assert [low for low, _ in steps] == [0.5, 0.95]
    low, high = (value for _, value in steps)
    assert 0.3 < low < 0.5 < 0.9 < high < 1.0


def test_a_score_below_every_step_promises_no_more_than_itself():
    steps = [[0.9, 0.97]]
    assert value_at(steps, 0.95) == 0.97
    assert value_at(steps, 0.4) == 0.4


def test_only_header_fields_of_a_known_kind_are_recalibrated():
    fields = {"seller.vatCode": 0.2, "lines[0].netAmount": 0.9}
    out = calibrate(fields, text_layer=True)
    assert out["lines[0].netAmount"] == 0.9
    assert out["seller.vatCode"] <= 0.2


def test_pp_ocr_scores_are_read_in_their_own_tables(monkeypatch):
    # PP-OCR's scores (the chance every character is right) are fitted apart from
    # Tesseract's; a kind not fitted for PP-OCR falls back to Tesseract's table, the text
    # layer never does.
    from assets.extraction import calibration

    table = {"name/ocr": [[0.8, 0.97]], "name/rapidocr": [[0.8, 0.8]], "date/ocr": [[0.5, 0.99]]}
    monkeypatch.setattr(calibration, "_table", lambda: table)
    fields = {"seller.name": 0.85, "issueDate": 0.9}
    assert calibrate(fields, text_layer=False, engine="tesseract") == {"seller.name": 0.97, "issueDate": 0.99}
    assert calibrate(fields, text_layer=False, engine="rapidocr") == {"seller.name": 0.8, "issueDate": 0.99}
    assert calibrate(fields, text_layer=True, engine="rapidocr") == fields
    assert calibration.key_of("seller.name", False, {"seller"}, "rapidocr") == "name/rapidocr/unheaded"
