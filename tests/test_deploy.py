"""deploy/: the Kubernetes manifests validate offline against the API's schemas
(kubernetes-validate, strict), the Compose file against the Compose specification
(check-jsonschema's copy), the pieces refer to each other consistently, every setting
they pass is one `boardbot serve` reads (or the OpenTelemetry SDK's, for traces), the
servers' traces go to the Compose file's Jaeger, and the Grafana dashboard charts only
metrics the server exports."""

import json
import pathlib
import re
import subprocess
import sys

import kubernetes_validate
import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
LOCUST_K8S = DEPLOY / "k8s-locust"  # boardbot's simulated players on Locust, a master and workers
KUBERNETES_VERSION = "1.31.0"


def manifests(folder: pathlib.Path = K8S) -> list[dict]:
    kustomization = yaml.safe_load((folder / "kustomization.yaml").read_text())
    out = []
    for name in kustomization["resources"]:
        out += [doc for doc in yaml.safe_load_all((folder / name).read_text()) if doc]
    return out


def by_kind(kind: str) -> list[dict]:
    return [m for m in manifests() if m["kind"] == kind]


@pytest.mark.parametrize("manifest", manifests() + manifests(LOCUST_K8S),
                         ids=lambda m: f"{m['kind']}/{m['metadata']['name']}")
def test_each_manifest_is_valid_kubernetes(manifest):
    kubernetes_validate.validate(manifest, KUBERNETES_VERSION, strict=True)


@pytest.mark.parametrize("folder", [K8S, LOCUST_K8S], ids=lambda p: p.name)
def test_every_manifest_file_is_in_the_kustomization(folder):
    listed = set(yaml.safe_load((folder / "kustomization.yaml").read_text())["resources"])
    assert listed == {p.name for p in folder.glob("*.yaml")} - {"kustomization.yaml"}


def test_the_manifests_fit_together():
    deployment, = [d for d in by_kind("Deployment") if d["metadata"]["name"] == "boardbot"]
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    container, = pod["spec"]["containers"]
    grpc_port = next(p["containerPort"] for p in container["ports"] if p["name"] == "grpc")
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["grpc"]["port"] == grpc_port  # the standard gRPC health service
    config, = [c for c in by_kind("ConfigMap") if c["metadata"]["name"] == container["envFrom"][0]["configMapRef"]["name"]]
    assert config["data"]["BOARDBOT_ADDRESS"].endswith(f":{grpc_port}")
    services = {s["metadata"]["name"]: s for s in by_kind("Service")}
    for name in ("boardbot", "boardbot-headless"):
        assert services[name]["spec"]["selector"].items() <= labels.items()
    store = re.fullmatch(r"redis://([\w-]+):(\d+)/\d+", config["data"]["BOARDBOT_STORE"])
    redis = services[store.group(1)]
    assert redis["spec"]["ports"][0]["port"] == int(store.group(2))
    redis_set, = by_kind("StatefulSet")
    assert redis["spec"]["selector"].items() <= redis_set["spec"]["template"]["metadata"]["labels"].items()
    assert "appendonly" in " ".join(redis_set["spec"]["template"]["spec"]["containers"][0]["args"])
    hpa, = by_kind("HorizontalPodAutoscaler")
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "boardbot"}
    assert hpa["spec"]["minReplicas"] >= 2
    pdb, = by_kind("PodDisruptionBudget")
    assert pdb["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert pdb["spec"]["minAvailable"] < hpa["spec"]["minReplicas"]  # a drain can always evict one pod


def test_the_compose_file_follows_the_compose_specification():
    result = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.compose-spec",
                             str(DEPLOY / "compose.yaml")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    server = compose["services"]["boardbot"]
    assert server["environment"]["BOARDBOT_STORE"].startswith("redis://redis:")
    assert server["deploy"]["replicas"] >= 2
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert "grpc_pass grpc://boardbot;" in nginx and "server boardbot:50051;" in nginx
    assert server["environment"]["BOARDBOT_ADDRESS"].endswith(":50051")


def test_every_setting_they_pass_is_one_the_server_reads():
    import opentelemetry.sdk.environment_variables as otel

    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    settings = set(compose["services"]["boardbot"]["environment"])
    settings |= {k for c in by_kind("ConfigMap") for k in c["data"]}
    source = "".join(p.read_text() for p in [*(ROOT / "server").glob("*.py"), ROOT / "tools" / "cli.py"])
    # OTEL_*: the OpenTelemetry SDK's own settings, which the tracing extra reads (server/tracing.py)
    standard = {value for name, value in vars(otel).items() if name.startswith("OTEL_")}
    for name in settings:
        if name.startswith("OTEL_"):
            assert name in standard, f"{name} is not a setting of the OpenTelemetry SDK"
        else:
            assert f'"{name}"' in source, f"{name} is read by nothing"


def test_the_servers_send_their_traces_to_the_compose_files_jaeger():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    server, jaeger = compose["services"]["boardbot"], compose["services"]["jaeger"]
    endpoint = re.fullmatch(r"http://([\w-]+):(\d+)", server["environment"]["OTEL_EXPORTER_OTLP_ENDPOINT"])
    assert endpoint and compose["services"][endpoint.group(1)] is jaeger and "jaeger" in server["depends_on"]
    # Jaeger's OTLP/gRPC receiver on that port, open to the other containers; its UI on loopback
    assert f"receivers.otlp.protocols.grpc.endpoint=0.0.0.0:{endpoint.group(2)}" in jaeger["command"]
    assert re.fullmatch(r"jaegertracing/jaeger:2\.\d+\.\d+", jaeger["image"])
    assert jaeger["ports"] == ["127.0.0.1:16686:16686"]
    assert 0 < float(server["environment"]["OTEL_TRACES_SAMPLER_ARG"]) <= 1
    # the image installs the tracing extra, whose exporter speaks OTLP/gRPC
    assert "'.[tracing]'" in (DEPLOY / "Dockerfile").read_text()


def test_the_dashboard_charts_metrics_the_server_exports():
    from prometheus_client import REGISTRY

    import boardbot.server.metrics  # noqa: F401 - registers them

    exported = set()
    for family in REGISTRY.collect():
        exported |= {family.name} | {s.name for s in family.samples}
        if family.type == "histogram":
            exported |= {family.name + suffix for suffix in ("_bucket", "_count", "_sum")}
    dashboard = json.loads((DEPLOY / "grafana-dashboard.json").read_text())
    used = {name for panel in dashboard["panels"] for target in panel["targets"]
            for name in re.findall(r"\bboardbot_\w+", target["expr"])}
    assert used and used <= exported, used - exported
    prometheus = yaml.safe_load((DEPLOY / "prometheus.yml").read_text())
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    port = compose["services"]["boardbot"]["environment"]["BOARDBOT_METRICS_ADDRESS"].rsplit(":", 1)[1]
    assert prometheus["scrape_configs"][0]["dns_sd_configs"][0]["port"] == int(port)


def locust_options_are_taken(args: list[str]) -> None:
    """The Locust master's arguments parse as Locust's, and the players take their options (in a
    process of its own: the players' module patches the standard library for gevent)."""
    check = ("import sys, types; from locust.argument_parser import get_parser; "
             "import boardbot.tools.loadtest.locust as players; parsed = get_parser().parse_args(sys.argv[1:]); "
             "players.options(types.SimpleNamespace(parsed_options=parsed, host=parsed.host))")
    result = subprocess.run([sys.executable, "-c", check, "-f", str(ROOT / "examples" / "locustfile.py"), *args],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def option(args: list[str], name: str) -> str:
    return args[args.index(name) + 1]


def test_the_locust_manifests_fit_together_and_with_the_servers():
    (master,), (worker,) = ([m for m in manifests(LOCUST_K8S) if m["kind"] == "Deployment" and
                             m["metadata"]["name"] == name] for name in ("locust-master", "locust-worker"))
    service, = [m for m in manifests(LOCUST_K8S) if m["kind"] == "Service"]
    pod = master["spec"]["template"]
    assert master["spec"]["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()
    assert service["spec"]["selector"].items() <= pod["metadata"]["labels"].items()
    container, = pod["spec"]["containers"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert {p["targetPort"] for p in service["spec"]["ports"]} == set(ports)
    worker_args = worker["spec"]["template"]["spec"]["containers"][0]["args"]
    assert "--worker" in worker_args and option(worker_args, "--master-host") == service["metadata"]["name"]
    assert int(option(worker_args, "--master-port")) == ports["master"] == 5557
    # the players play against deploy/k8s's boardbot Service
    servers = {s["metadata"]["name"]: s for s in by_kind("Service")}
    host, port = option(container["args"], "--host").split(":")
    assert int(port) in [p["port"] for p in servers[host]["spec"]["ports"] if p["name"] == "grpc"]
    locust_options_are_taken(container["args"])
    # the image is deploy/locust.Dockerfile's: the locustfile at the path it runs
    dockerfile = (DEPLOY / "locust.Dockerfile").read_text()
    assert "COPY examples/locustfile.py locustfile.py" in dockerfile and '"-f", "/app/locustfile.py"' in dockerfile


def test_the_locust_compose_file_follows_the_specification_and_fits_compose_yaml():
    path = DEPLOY / "compose.locust.yaml"
    result = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.compose-spec",
                             str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    services = yaml.safe_load(path.read_text())["services"]
    servers = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    master, worker = services["locust-master"], services["locust-worker"]
    assert option(worker["command"], "--master-host") == "locust-master" and "--worker" in worker["command"]
    assert master["build"]["dockerfile"] == "deploy/locust.Dockerfile" and worker["image"] == master["image"]
    host, port = option(master["command"], "--host").split(":")
    assert host in servers and f"listen {port} " in (DEPLOY / "nginx.conf").read_text()
    locust_options_are_taken(master["command"])
    # what it changes in the servers' command is boardbot serve's
    from boardbot.tools.cli import build_parser

    assert services["boardbot"]["command"][:2] == ["boardbot", "serve"]
    build_parser().parse_args(services["boardbot"]["command"][1:])
