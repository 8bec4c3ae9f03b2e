"""The contracts: the OpenAPI document of the public API (openapi.yaml)."""

from pathlib import Path

OPENAPI_PATH = Path(__file__).with_name("openapi.yaml")
