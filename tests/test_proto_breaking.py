"""The breaking-change check: proto/ against the committed baseline of the last released API.

proto/baseline/boardbot-v1.binpb is a buf image made by scripts/release_api.py on a
release (proto/README.md); `buf breaking` with the rules of proto/buf.yaml (FILE) must
find nothing between it and proto/. The check can fail: on a copy of proto/ with a
field removed, renamed or renumbered it does, and names the field. buf is pinned in
package.json (npm ci; scripts/test sets BOARDBOT_REQUIRE_BUF=1: then fail, not skip).
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest
from google.protobuf import descriptor_pb2

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUF = ROOT / "node_modules" / ".bin" / "buf"
BASELINE = ROOT / "proto" / "baseline" / "boardbot-v1.binpb"
RECORD = BASELINE.with_suffix(".json")
RELEASE = ROOT / "scripts" / "release_api.py"
COMMON = "boardbot/v1/common.proto"


@pytest.fixture(scope="module")
def buf() -> pathlib.Path:
    if not BUF.exists():
        if os.environ.get("BOARDBOT_REQUIRE_BUF") == "1":
            pytest.fail("node_modules/.bin/buf is missing: run npm ci (scripts/test does)")
        pytest.skip("buf is not installed (npm ci)")
    return BUF


def breaking(buf: pathlib.Path, proto: pathlib.Path, against: pathlib.Path = BASELINE):
    return subprocess.run([str(buf), "breaking", str(proto), "--against", str(against)],
                          capture_output=True, text=True, timeout=120)


def released_field() -> tuple[str, str, int]:
    """(message, field, number): the last plain field (not in a oneof) of the last message of
    common.proto in the baseline that has one, so the field is part of the released API."""
    image = descriptor_pb2.FileDescriptorSet.FromString(BASELINE.read_bytes())  # an image is one on the wire
    common = next(f for f in image.file if f.name == COMMON)
    for message in reversed(common.message_type):
        plain = [f for f in message.field if not f.HasField("oneof_index")]
        if plain:
            return message.name, plain[-1].name, plain[-1].number
    raise AssertionError(f"{COMMON} in the baseline has no message with a plain field")


def edit_field(proto: pathlib.Path, message: str, field: str, number: int, change: str) -> None:
    """Remove, rename or renumber the field's declaration (one line) in proto/'s common.proto."""
    path = proto / COMMON
    text = path.read_text()
    block = re.search(rf"(?ms)^message {message} \{{\n.*?^\}}\n", text)
    assert block, f"message {message} not found in {path}"
    line = re.compile(rf"(?m)^([^/\n]*\b){field}(\s*=\s*){number}\b([^\n]*;[^\n]*\n)")
    replace = {
        "removed": lambda m: "",
        "renamed": lambda m: f"{m.group(1)}{field}_renamed{m.group(2)}{number}{m.group(3)}",
        "renumbered": lambda m: f"{m.group(1)}{field}{m.group(2)}{number + 1000}{m.group(3)}",
    }[change]
    edited, count = line.subn(replace, block.group(0))
    assert count == 1, f"no one-line declaration of {message}.{field} = {number} in {path}"
    path.write_text(text[:block.start()] + edited + text[block.end():])


def test_current_api_keeps_the_baseline(buf):
    done = breaking(buf, ROOT / "proto")
    assert done.returncode == 0, (
        f"proto/ breaks the released API (proto/baseline/boardbot-v1.binpb, {json.loads(RECORD.read_text())['version']}):\n"
        f"{done.stdout}{done.stderr}\nKeep the change compatible, or release it deliberately: "
        "python scripts/release_api.py VERSION --note ... (proto/README.md)")


@pytest.mark.parametrize("change, rule", [("removed", "FIELD_NO_DELETE"), ("renamed", "FIELD_SAME_NAME"),
                                          ("renumbered", "FIELD_NO_DELETE")])
def test_a_changed_field_fails_the_check_and_is_named(buf, tmp_path, change, rule):
    message, field, number = released_field()
    proto = tmp_path / "proto"
    shutil.copytree(ROOT / "proto", proto)
    edit_field(proto, message, field, number, change)
    done = subprocess.run([str(buf), "breaking", str(proto), "--against", str(BASELINE), "--error-format", "json"],
                          capture_output=True, text=True, timeout=120)
    print(f"{change} {message}.{field} = {number}:\n{done.stdout}{done.stderr}")
    assert done.returncode == 100, done.stderr  # buf's exit code for breaking changes found
    found = [json.loads(line) for line in done.stdout.splitlines()]
    named = [f for f in found if f'"{field}"' in f["message"] and f'message "{message}"' in f["message"]]
    assert {f["type"] for f in named} >= {rule}, found


def test_the_baseline_was_made_by_the_release_command():
    """A hand-built image (buf build -o ...) would silence the check without a release."""
    record = json.loads(RECORD.read_text())
    assert hashlib.sha256(BASELINE.read_bytes()).hexdigest() == record["sha256"], (
        "proto/baseline/boardbot-v1.binpb is not the image its record names: move the baseline only with "
        "python scripts/release_api.py (proto/README.md)")
    changelog = (ROOT / "proto" / "CHANGELOG.md").read_text()
    assert re.search(rf"(?m)^## {re.escape(record['version'])} \(", changelog), "no release note for the baseline"
    version = re.search(r'(?m)^version = "([^"]+)"$', (ROOT / "pyproject.toml").read_text()).group(1)
    as_tuple = lambda v: tuple(int(p) for p in v.split("."))  # noqa: E731
    assert as_tuple(record["version"]) <= as_tuple(version)


def test_release_command_moves_the_baseline_only_with_a_new_version_and_a_note(buf, tmp_path):
    """scripts/release_api.py on a copy of the project: refused without a newer version (a
    minor one for a breaking change, in 0.x), a note or an API change; otherwise it moves the
    baseline, the versions and the notes."""
    root = tmp_path / "project"
    shutil.copytree(ROOT / "proto", root / "proto")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    (root / "clients" / "python").mkdir(parents=True)
    shutil.copy(ROOT / "clients" / "python" / "pyproject.toml", root / "clients" / "python" / "pyproject.toml")
    old = json.loads(RECORD.read_text())["version"]
    major, minor, patch = (int(p) for p in old.split("."))
    new = f"{major}.{minor + 1}.0"

    def release(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(RELEASE), "--root", str(root), *args],
                              capture_output=True, text=True, timeout=300, env=dict(os.environ, BOARDBOT_BUF=str(buf)))

    message, field, number = released_field()
    edit_field(root / "proto", message, field, number, "removed")
    refused = release(old, "--note", "same version")
    assert refused.returncode != 0 and "newer version" in refused.stderr
    if major == 0:
        refused = release(f"{major}.{minor}.{patch + 1}", "--note", "a patch release")
        assert refused.returncode != 0 and "need a minor version bump" in refused.stderr and field in refused.stderr
    assert release(new).returncode != 0  # --note is required

    done = release(new, "--note", f"{message}.{field} is gone.")
    assert done.returncode == 0, done.stdout + done.stderr
    record = json.loads((root / "proto" / "baseline" / "boardbot-v1.json").read_text())
    image = (root / "proto" / "baseline" / "boardbot-v1.binpb").read_bytes()
    assert record["version"] == new and hashlib.sha256(image).hexdigest() == record["sha256"]
    changelog = (root / "proto" / "CHANGELOG.md").read_text()
    section = changelog.split(f"## {new} (", 1)[1].split("\n## ", 1)[0]
    assert f"{message}.{field} is gone." in section and "FIELD_NO_DELETE" in section and f'"{field}"' in section
    assert f"## {old} (" in changelog.split(f"## {new} (", 1)[1]  # the old notes stay, below
    assert f'version = "{new}"' in (root / "pyproject.toml").read_text()
    assert f'"boardbot-client=={new}"' in (root / "pyproject.toml").read_text()
    assert f'version = "{new}"' in (root / "clients" / "python" / "pyproject.toml").read_text()
    assert breaking(buf, root / "proto", root / "proto" / "baseline" / "boardbot-v1.binpb").returncode == 0
    assert breaking(buf, root / "proto").returncode == 100  # against the old baseline it still breaks
    refused = release(f"{major}.{minor + 2}.0", "--note", "nothing changed")
    assert refused.returncode != 0 and "has not changed" in refused.stderr
