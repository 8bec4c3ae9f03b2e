"""`warehouse.duckdb`: the views analysts query, over the Parquet files.

DuckDB lets one process write a database file, or many read it, never both: an analyst
holding the file open read-only would make a writer that opens it fail, and the writer
would lock analysts out while it holds it. So the pipeline never opens the analysts' file
for writing. The views read `<table>/date=*/*.parquet` by glob, so a new or rewritten day
needs no change to the file at all; only when the set of views changes (a table's first
day, a new table, a moved warehouse) is a fresh catalog built under a temporary name and
renamed over `warehouse.duckdb`. The rename is atomic: a reader opening the file gets the
old catalog or the new one, and a reader that has it open keeps the old one, whose views
read the same globs.

`<table>` has every row; `live_<table>` only live-mode rows, for analysts who must never
count test data.
"""

import hashlib
import os
import uuid
from pathlib import Path

import duckdb

from schemas.warehouse import TABLES

CATALOG = "warehouse.duckdb"
FINGERPRINT = ".catalog.sha256"


def partition_glob(root: Path, table: str) -> str:
    return (root / table / "date=*" / "*.parquet").as_posix()


def statements(root: Path, descriptions: dict[str, str]) -> list[str]:
    """The DDL of the catalog: two views per table that has at least one day on disk."""
    out = []
    for table in TABLES:
        if not any((root / table).glob("date=*/*.parquet")):
            continue
        source = partition_glob(root, table).replace("'", "''")
        out += [
            f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{source}', hive_partitioning = true, "
            "hive_types = {'date': DATE}, union_by_name = true)",
            f"CREATE VIEW live_{table} AS SELECT * FROM {table} WHERE mode = 'live'",
        ]
        comment = descriptions.get(table, "").replace("'", "''")
        out += [f"COMMENT ON VIEW {table} IS '{comment}'"] if comment else []
    return out


def ensure(root: Path, descriptions: dict[str, str]) -> bool:
    """Make `warehouse.duckdb` hold the current views; True when it had to be rebuilt."""
    ddl = statements(root, descriptions)
    fingerprint = hashlib.sha256("\n".join(ddl).encode()).hexdigest()
    marker, target = root / FINGERPRINT, root / CATALOG
    if target.exists() and marker.exists() and marker.read_text() == fingerprint:
        return False
    tmp = root / f".{CATALOG}.{os.getpid()}.{uuid.uuid4().hex}"
    try:
        with duckdb.connect(str(tmp)) as con:
            for statement in ddl:
                con.execute(statement)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    _write_atomically(marker, fingerprint)
    return True


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{uuid.uuid4().hex}")
    tmp.write_text(text)
    os.replace(tmp, path)
