"""The OpenAPI document and the app agree: every documented operation is routed."""

import yaml

from schemas import OPENAPI_PATH
from tests.api.helpers import get


def test_every_documented_operation_is_routed(world):
    doc = yaml.safe_load(OPENAPI_PATH.read_text())
    assert doc["openapi"].startswith("3.")
    for path, operations in doc["paths"].items():
        concrete = "/external/v1" + path.replace("{invoiceId}", "inv_x").replace("{jobId}", "job_x").replace("{contactId}", "ct_x")
        concrete = concrete.replace("{webhookId}", "whe_x").replace("{deliveryId}", "whd_x")
        for method in operations:
            resp = world["client"].simulate_request(
                method.upper(), concrete, headers={"Authorization": f"Bearer {world['live']}"}
            )
            assert resp.status_code != 405, (method, path)
            assert not (resp.status_code == 404 and resp.json["code"] == "http.not_found"), (method, path)


def test_problem_shape_matches_an_actual_error(world):
    doc = world["client"].simulate_get("/external/v1/openapi.json").json
    required = set(doc["components"]["schemas"]["Problem"]["required"])
    body = get(world, world["live"], "/external/v1/jobs/job_missing").json
    assert required <= set(body)
