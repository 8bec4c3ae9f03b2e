"""deploy/: the production shape checked by what runs here. The Compose file against the
Compose specification's schema; Dagster's instance file against Dagster's own config
schema; the Helm values against the keys Dagster's chart accepts; and every environment
block (each Compose service of the service's image, the Kubernetes ConfigMap) read by the
service's settings loader, as each process would read it."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from cli.front import render
from core.settings import load_settings

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
IMAGE = "invoices:latest"
ENGINES = {"postgres", "kafka", "redis", "minio"}


def _yaml(name: str) -> dict:
    return yaml.safe_load((DEPLOY / name).read_text())


@pytest.fixture
def compose() -> dict:
    return _yaml("compose.yaml")


def _service_env(monkeypatch, environment: dict) -> None:
    """Exactly `environment`, as a container would see it: nothing of this machine's stack."""
    for name in list(os.environ):
        if name.startswith(("INVOICES_", "KAFKA_", "AWS_", "DAGSTER_")):
            monkeypatch.delenv(name)
    for name, value in environment.items():
        monkeypatch.setenv(name, str(value))


@pytest.mark.parametrize("name", ["compose.yaml", "dagster.yaml", "workspace.yaml", "helm/values.yaml",
                                  "helm/invoices-config.yaml"])
def test_every_file_parses(name):
    assert isinstance(_yaml(name), dict)


def test_the_compose_file_is_valid_compose():
    out = subprocess.run([str(Path(sys.executable).parent / "check-jsonschema"), "--builtin-schema",
                          "vendor.compose-spec", str(DEPLOY / "compose.yaml")], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_compose_file_holds_every_part_and_the_files_it_mounts(compose):
    services = compose["services"]
    assert ENGINES | {"front", "api", "dispatcher", "dagster-code", "dagster-daemon", "dagster-webserver"} <= set(services)
    assert services["api"]["deploy"]["replicas"] >= 2 and services["dispatcher"]["deploy"]["replicas"] >= 2
    kafka = services["kafka"]["environment"]
    assert "controller" in kafka["KAFKA_PROCESS_ROLES"] and "zookeeper" not in str(services).lower()  # KRaft
    for service in services.values():
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            if source.startswith("./"):
                assert (DEPLOY / source).is_file(), source
    workspace = _yaml("workspace.yaml")["load_from"][0]["grpc_server"]
    command = services["dagster-code"]["command"]
    assert workspace["host"] == "dagster-code" and str(workspace["port"]) == command[command.index("-p") + 1]


def test_every_service_of_the_image_reads_its_environment_with_the_settings_loader(compose, monkeypatch):
    ours = {name: s for name, s in compose["services"].items() if s.get("image") == IMAGE}
    assert len(ours) >= 7
    for name, service in ours.items():
        _service_env(monkeypatch, service["environment"])
        settings = load_settings()
        assert settings.database_url.startswith("postgresql+psycopg://"), name
        assert not settings.embedded_broker and not settings.embedded_redis, name
        assert settings.blob_url.startswith("s3://") and settings.warehouse_url.startswith("s3://"), name
        assert settings.stream_groups <= settings.topic_partitions, name
        assert os.environ["AWS_ENDPOINT_URL"] == "http://minio:9000"


def test_the_front_sends_to_every_api_replica(compose, monkeypatch, tmp_path):
    _service_env(monkeypatch, compose["services"]["front"]["environment"])
    monkeypatch.setenv("INVOICES_HOME", str(tmp_path))
    conf = render(load_settings(), tmp_path / "nginx")
    assert "server api:8000;" in conf and "listen 0.0.0.0:8080" in conf


def test_dagsters_instance_file_passes_dagsters_schema(monkeypatch):
    from dagster._core.instance.config import dagster_instance_config

    monkeypatch.setenv("DAGSTER_PG_PASSWORD", "x")
    config, _ = dagster_instance_config(str(DEPLOY), "dagster.yaml")
    assert config["storage"]["postgres"]["postgres_db"]["db_name"] == "dagster"


# The keys chart 1.13's values.schema.json allows under the K8s run launcher and a run's
# Kubernetes config (additionalProperties: false there): a key outside them fails `helm upgrade`.
K8S_RUN_LAUNCHER_KEYS = {
    "envConfigMaps", "envSecrets", "envVars", "failPodOnRunFailure", "image", "imagePullPolicy", "jobNamespace",
    "kubeconfigFile", "labels", "loadInclusterConfig", "resources", "runK8sConfig", "schedulerName",
    "securityContext", "volumeMounts", "volumes",
}
RUN_K8S_CONFIG_KEYS = {"containerConfig", "jobMetadata", "jobSpecConfig", "podSpecConfig", "podTemplateSpecMetadata"}


def test_the_helm_values_launch_runs_as_kubernetes_jobs_from_our_code_location():
    values = _yaml("helm/values.yaml")
    launcher = values["runLauncher"]
    assert launcher["type"] == "K8sRunLauncher"
    k8s = launcher["config"]["k8sRunLauncher"]
    assert set(k8s) <= K8S_RUN_LAUNCHER_KEYS and set(k8s["runK8sConfig"]) <= RUN_K8S_CONFIG_KEYS
    [deployment] = values["dagster-user-deployments"]["deployments"]
    args = deployment["dagsterApiGrpcArgs"]
    assert args[args.index("--module-name") + 1] == _yaml("../workspace.yaml")["load_from"][0]["python_module"]["module_name"]
    config_map = _yaml("helm/invoices-config.yaml")["metadata"]["name"]
    assert {"name": config_map} in k8s["envConfigMaps"] and {"name": config_map} in deployment["envConfigMaps"]
    assert values["postgresql"]["enabled"] is False and values["postgresql"]["postgresqlDatabase"] == "dagster"


def test_the_kubernetes_config_map_reads_with_the_settings_loader(monkeypatch):
    data = _yaml("helm/invoices-config.yaml")["data"]
    _service_env(monkeypatch, {**data, "INVOICES_DATABASE_URL": "postgresql+psycopg://invoices@postgres/invoices"})
    settings = load_settings()
    assert settings.kafka_bootstrap.count(":9092") == 3 and not settings.embedded_broker
    assert settings.blob_url == "s3://invoices-production/blobs" and settings.stream_groups == 8
    assert "10.0.0.0/8" in settings.trusted_proxies
