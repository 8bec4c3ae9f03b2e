"""Where the warehouse's Parquet lives: a local folder (the embedded default) or an
S3-compatible bucket (`INVOICES_WAREHOUSE_URL=s3://bucket/prefix`).

Both lay the files out alike, `<table>/date=<YYYY-MM-DD>/data.parquet`, through pyarrow's
file systems, and promise the same to readers: a day's file is replaced whole or not at
all. On a disk that takes a temporary name renamed into place; on S3 an object appears only
once its upload completes, so it is written straight to its name.

Readers get DuckDB views named after the tables (and `live_<table>`) from `connect()`: on a
disk the catalog file `warehouse.duckdb` (catalog.py); on S3 an in-memory DuckDB over
pyarrow datasets, which needs no DuckDB extension (httpfs cannot be downloaded on a
machine without internet, and pyarrow ships S3 support in its wheel).

Credentials, region and endpoint come from the standard `AWS_*` variables
(`AWS_ENDPOINT_URL` for a service other than AWS), as for the blob store.
"""

import base64
import hashlib
import os
import uuid
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit

import duckdb
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from core.blobs_s3 import s3_client, s3_failures, split_url
from pipelines.warehouse import catalog
from schemas.warehouse import TABLES, arrow_schema

FILE = "data.parquet"


def open_warehouse(location: str | Path) -> "WarehouseFiles":
    """The warehouse at `location`: an `s3://bucket/prefix` URL or a local folder."""
    if str(location).startswith("s3://"):
        return S3Warehouse(str(location))
    return LocalWarehouse(Path(location))


def s3_filesystem() -> pafs.S3FileSystem:
    """pyarrow's S3 client configured from the `AWS_*` variables."""
    endpoint = os.environ.get("AWS_ENDPOINT_URL_S3") or os.environ.get("AWS_ENDPOINT_URL") or ""
    options = {"region": os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION") or "us-east-1"}
    if endpoint:
        parts = urlsplit(endpoint if "://" in endpoint else f"https://{endpoint}")
        options |= {"endpoint_override": parts.netloc, "scheme": parts.scheme}
    return pafs.S3FileSystem(**options)


class WarehouseFiles:
    """Daily Parquet partitions of the warehouse tables under `base` of a pyarrow file system."""

    def __init__(self, fs: pafs.FileSystem, base: str, url: str):
        self.fs, self.base, self.url = fs, base.rstrip("/"), url

    def file(self, table: str, day: str) -> str:
        return f"{self.base}/{table}/date={day}/{FILE}"

    def write(self, table: str, day: str, data: pa.Table) -> int:
        """Write a day of a table whole; its size in bytes."""
        raise NotImplementedError

    def read(self, table: str, day: str) -> pa.Table:
        return pq.read_table(self.file(table, day), filesystem=self.fs)

    def footer(self, table: str, day: str) -> dict[bytes, bytes]:
        """The key-value metadata of a day's file (what the writer noted, such as store counts)."""
        with self.fs.open_input_file(self.file(table, day)) as fh:
            return pq.read_schema(fh).metadata or {}

    def days(self, table: str) -> list[date]:
        """The days a table has a file for, oldest first."""
        selector = pafs.FileSelector(f"{self.base}/{table}", allow_not_found=True, recursive=True)
        found = set()
        for info in self.fs.get_file_info(selector):
            folder, _, name = info.path.rpartition("/")
            if name != FILE or not folder.rpartition("/")[2].startswith("date="):
                continue
            try:
                found.add(date.fromisoformat(folder.rpartition("/")[2].removeprefix("date=")))
            except ValueError:
                continue
        return sorted(found)

    def first_day(self) -> date | None:
        return min((day for table in TABLES for day in self.days(table)[:1]), default=None)

    def dataset(self, table: str) -> ds.Dataset:
        """Every day of a table as one pyarrow dataset, `date` a column (hive partitioning)."""
        schema = arrow_schema(table).append(pa.field("date", pa.date32()))
        partitioning = ds.partitioning(pa.schema([("date", pa.date32())]), flavor="hive")
        return ds.dataset(f"{self.base}/{table}", filesystem=self.fs, format="parquet",
                          partitioning=partitioning, schema=schema)

    def refresh_views(self) -> bool:
        """Make the readers' views cover every table written; True when they changed."""
        return False

    def replace_folder(self, folder: str, files: dict[str, bytes]) -> str:
        """Make `folder` (relative to the warehouse) hold exactly `files`, each written whole in
        the order given, then the ones no longer named removed; where it is, for people."""
        raise NotImplementedError

    def connect(self) -> duckdb.DuckDBPyConnection:
        """A DuckDB connection for reading, with a view per table and its `live_` view."""
        con = duckdb.connect()
        for table in TABLES:
            if not self.days(table):
                continue
            con.register(f"{table}_files", self.dataset(table))
            con.execute(f"CREATE VIEW {table} AS SELECT * FROM {table}_files")
            con.execute(f"CREATE VIEW live_{table} AS SELECT * FROM {table} WHERE mode = 'live'")
        return con


class LocalWarehouse(WarehouseFiles):
    """The warehouse folder, with `warehouse.duckdb` beside the Parquet for analysts."""

    def __init__(self, root: Path):
        super().__init__(pafs.LocalFileSystem(), Path(root).as_posix(), str(root))
        self.root = Path(root)

    def write(self, table: str, day: str, data: pa.Table) -> int:
        path = Path(self.file(table, day))
        write_atomically(data, path)
        return path.stat().st_size

    def refresh_views(self) -> bool:
        from pipelines.warehouse.tables import DESCRIPTIONS

        return catalog.ensure(self.root, DESCRIPTIONS)

    def connect(self) -> duckdb.DuckDBPyConnection:
        return duckdb.connect(str(self.root / catalog.CATALOG), read_only=True)

    def replace_folder(self, folder: str, files: dict[str, bytes]) -> str:
        target = self.root / folder
        target.mkdir(mode=0o700, parents=True, exist_ok=True)
        for name, body in files.items():
            tmp = target / f".{name}.{os.getpid()}.{uuid.uuid4().hex}"
            tmp.write_bytes(body)
            os.replace(tmp, target / name)
        for stale in target.iterdir():
            if stale.is_file() and not stale.name.startswith(".") and stale.name not in files:
                stale.unlink()
        return str(target)


def write_atomically(table: pa.Table, path: Path) -> None:
    """Write a Parquet file under a temporary name and rename it into place."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex}")
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


class S3Warehouse(WarehouseFiles):
    """The warehouse in a bucket: `s3://bucket/prefix/<table>/date=<day>/data.parquet`."""

    def __init__(self, url: str, fs: pafs.FileSystem | None = None):
        self.bucket, prefix = split_url(url)
        super().__init__(fs or s3_filesystem(), f"{self.bucket}/{prefix}".rstrip("/"), url.rstrip("/"))

    def replace_folder(self, folder: str, files: dict[str, bytes]) -> str:
        prefix = f"{self.base}/{folder}".removeprefix(f"{self.bucket}/")
        with s3_failures(f"writing {prefix}"):
            for name, body in files.items():
                self._put(f"{prefix}/{name}", body)
            listed = s3_client().list_objects_v2(Bucket=self.bucket, Prefix=f"{prefix}/").get("Contents", [])
            for item in listed:
                if item["Key"].rpartition("/")[2] not in files:
                    s3_client().delete_object(Bucket=self.bucket, Key=item["Key"])
        return f"s3://{self.bucket}/{prefix}"

    def _put(self, name: str, body: bytes) -> None:
        s3_client().put_object(Bucket=self.bucket, Key=name, Body=body,
                               ChecksumSHA256=base64.b64encode(hashlib.sha256(body).digest()).decode())

    def read(self, table: str, day: str) -> pa.Table:
        """One GET of the whole file. pyarrow's S3 reader asks for the footer and then the
        column chunks in separate ranged GETs: a file replaced between them reads as a footer
        of one version over the data of another ("Invalid column metadata"). A day is
        megabytes; one request gives one version, old or new, whole."""
        name = self.file(table, day).removeprefix(f"{self.bucket}/")
        try:
            body = s3_client().get_object(Bucket=self.bucket, Key=name)["Body"].read()
        except s3_client().exceptions.NoSuchKey:
            raise FileNotFoundError(f"s3://{self.bucket}/{name}") from None
        return pq.read_table(pa.BufferReader(body))

    def write(self, table: str, day: str, data: pa.Table) -> int:
        """One PUT of the whole file, with its SHA-256 for the service to verify: the object
        appears complete or not at all. (pyarrow's own writer goes through a multipart upload,
        whose completion some S3-compatible services answer in ways its SDK reads as a failure;
        a day of a table is megabytes, far under a single PUT's 5 GB.)"""
        sink = pa.BufferOutputStream()
        pq.write_table(data, sink)
        body = sink.getvalue().to_pybytes()
        name = self.file(table, day).removeprefix(f"{self.bucket}/")
        with s3_failures(f"writing {name}"):
            self._put(name, body)
        return len(body)
