"""The i.SAF registers asset: one month × client partition materialised against a real store
file (a migrated SQLite store with the client's October invoices), and the sensor that
gives every client with a company code its partitions."""

import json

import dagster as dg
import pytest

from core.access import admin
from core.modes import Mode
from exporters import isaf
from pipelines.resources import StoreResource, WarehouseResource
from pipelines.warehouse.isaf import CLIENTS, folder, isaf_clients, isaf_registers
from tests.exporters.test_isaf_store_and_cli import load_usd, seed


@pytest.fixture
def month(home_store):
    team = admin.create_team(home_store, "UAB Apskaita")["teamId"]
    client = admin.create_client(home_store, team, Mode.LIVE, "UAB „Medžio darbai“", "123456786",
                                 "LT123456715")["clientId"]
    without_code = admin.create_client(home_store, team, Mode.LIVE, "UAB Be kodo")["clientId"]
    seed(home_store, team, client)
    load_usd(home_store)
    return {"store": home_store, "client": client, "without_code": without_code}


def _resources(store, root) -> dict:
    return {"store": StoreResource(database_url=store.url), "warehouse": WarehouseResource(root=str(root))}


def test_the_sensor_adds_clients_that_can_file(month):
    with dg.DagsterInstance.ephemeral() as instance:
        context = dg.build_sensor_context(instance=instance,
                                          resources={"store": StoreResource(database_url=month["store"].url)})
        result = isaf_clients(context)
        [request] = result.dynamic_partitions_requests
        assert request.partitions_def_name == CLIENTS.name and list(request.partition_keys) == [month["client"]]
        instance.add_dynamic_partitions(CLIENTS.name, list(request.partition_keys))
        assert isinstance(isaf_clients(dg.build_sensor_context(
            instance=instance, resources={"store": StoreResource(database_url=month["store"].url)})), dg.SkipReason)


def test_one_partition_writes_a_valid_register_and_its_report(month, tmp_path):
    root = tmp_path / "warehouse"
    key = dg.MultiPartitionKey({"month": "2026-10", "client": month["client"]})
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(CLIENTS.name, [month["client"]])
        result = dg.materialize([isaf_registers], partition_key=key, instance=instance,
                                resources=_resources(month["store"], root))
        assert result.success
        [event] = result.get_asset_materialization_events()
        metadata = {k: v.value for k, v in event.materialization.metadata.items()}
        assert (metadata["invoices"], metadata["excluded"], metadata["parts"]) == (6, 4, 1)
        target = folder(root, "2026-10", month["client"])
        assert sorted(p.name for p in target.iterdir()) == ["isaf_F.xml", "report.json"]
        assert isaf.validate((target / "isaf_F.xml").read_bytes()) == []
        report = json.loads((target / "report.json").read_text(encoding="utf-8"))
        assert report["files"] == ["isaf_F.xml"] and report["month"] == "2026-10"
        assert {x["reason"].split(" ")[0] for x in report["excluded"]} == {"foreign", "no", "the", "purchase"}

        # a quiet month: a valid empty register, not a missing file
        quiet = dg.MultiPartitionKey({"month": "2026-09", "client": month["client"]})
        assert dg.materialize([isaf_registers], partition_key=quiet, instance=instance,
                              resources=_resources(month["store"], root)).success
        september = folder(root, "2026-09", month["client"]) / "isaf_F.xml"
        assert isaf.validate(september.read_bytes()) == []
