"""Fresh photos of the tune split's documents: more tune data for the photo readers.

    python -m eval.fresh_photos far 31000      # var/corpus-far-31000: a far photo of each
    python -m eval.fresh_photos close 41000    # one-page digital tune document, new seeds
    python -m eval.run --set generated --corpus var/corpus-far-31000 --reuse-ocr

The corpus's own photos have been read, and the engine tuned on what was read, for a long
time: a change in how a page is read then loses on them by chance as often as it wins
(their OCR's accidents were what the rules learnt). The same tune documents photographed
again with other seeds (``corpus.degrade.far_photo`` / ``close_photo``) are documents of
the tune split still, so they may be used to decide, and their accidents are new. The
held-out split is never photographed here.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
from pathlib import Path

from corpus import degrade

ROOT = Path(__file__).resolve().parent.parent
KINDS = {"far": degrade.far_photo, "close": degrade.close_photo}


def fresh_photos(corpus: Path, out: Path, kind: str, seed: int) -> list[dict]:
    """Photograph (``kind``) every one-page digital document of ``corpus``'s tune split into
    ``out`` with the seed ``seed + n``, copying its truth; return the new manifest's entries."""
    manifest = json.loads((corpus / "manifest.json").read_text())
    chosen = [e for e in manifest["documents"]
              if e["split"] == "tune" and e["category"] == "digital" and e["pages"] == 1]
    (out / "docs").mkdir(parents=True, exist_ok=True)
    (out / "truth").mkdir(exist_ok=True)
    entries = []
    for n, entry in enumerate(chosen):
        doc_id = f"{entry['id']}-{kind}{seed}"
        data, mime, params = KINDS[kind]((corpus / entry["file"]).read_bytes(), random.Random(seed + n))
        (out / "docs" / f"{doc_id}.jpg").write_bytes(data)
        shutil.copy(corpus / entry["truth"], out / "truth" / f"{doc_id}.json")
        entries.append(dict(entry, id=doc_id, category="photo", mime=mime, degradation=params,
                            file=f"docs/{doc_id}.jpg", truth=f"truth/{doc_id}.json"))
    derived = {"corpus": str(corpus), "kind": kind, "seed": seed}
    (out / "manifest.json").write_text(json.dumps(
        {**manifest, "derived": derived, "count": len(entries), "documents": entries}, indent=1))
    return entries


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=sorted(KINDS))
    parser.add_argument("seed", type=int)
    parser.add_argument("--corpus", type=Path, default=ROOT / "var" / "corpus")
    parser.add_argument("--out", type=Path, help="default: var/corpus-<kind>-<seed>")
    args = parser.parse_args(argv)
    out = args.out or ROOT / "var" / f"corpus-{args.kind}-{args.seed}"
    entries = fresh_photos(args.corpus, out, args.kind, args.seed)
    print(f"{len(entries)} {args.kind} photos of tune documents in {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
