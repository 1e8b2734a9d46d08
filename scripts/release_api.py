"""Release boardbot's API: move the breaking-change baseline to the protos as they are now.

    python scripts/release_api.py 0.3.0 --note "What changed and what clients must do"
    python scripts/release_api.py 0.3.0 --note "..." --dry-run   # show what it would do, write nothing

The baseline (proto/baseline/boardbot-v1.binpb, a buf image of the last released
API) is what tests/test_proto_breaking.py compares proto/ with, using the rules
in proto/buf.yaml: between releases any change that breaks it fails the tests.
Run this only on a deliberate release (proto/README.md). In one go it:

1. lints proto/ (buf lint) and builds the new image (buf build, no source info);
2. refuses when the image equals the baseline (nothing to release) or VERSION
   is not newer than the baseline's version;
3. lists what breaks against the old baseline (buf breaking), and refuses a
   breaking release without a MAJOR bump (MINOR while MAJOR is 0);
4. writes the image and its record (proto/baseline/boardbot-v1.json: version,
   buf version, sha256), sets VERSION in pyproject.toml (the distribution and its
   boardbot-client pin) and clients/python/pyproject.toml, and adds a section
   with the note and the breaking changes to proto/CHANGELOG.md.

Then: reinstall (the test command does), `bash scripts/test`, commit the files
it names, tag vVERSION. buf comes from node_modules (npm ci). --root DIR works
on a copy of the project (tests do).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent.parent
BUF = pathlib.Path(os.environ.get("BOARDBOT_BUF", HERE / "node_modules" / ".bin" / "buf"))
IMAGE = pathlib.Path("proto/baseline/boardbot-v1.binpb")
RECORD = pathlib.Path("proto/baseline/boardbot-v1.json")
CHANGELOG = pathlib.Path("proto/CHANGELOG.md")
CHANGELOG_HEAD = ("# boardbot API releases\n\n"
                  "One section per release of the `boardbot.v1` API, newest first, written by\n"
                  "`python scripts/release_api.py` (proto/README.md). The breaking changes are\n"
                  "buf's findings against the previous baseline.\n")
# (file, pattern whose group 2 is the version): every place the version is written
VERSION_PLACES = [
    (pathlib.Path("pyproject.toml"), r'(?m)^(version = ")([^"]+)(")$'),
    (pathlib.Path("pyproject.toml"), r'("boardbot-client==)([^"]+)(")'),
    (pathlib.Path("clients/python/pyproject.toml"), r'(?m)^(version = ")([^"]+)(")$'),
]


def parse_version(text: str) -> tuple[int, ...]:
    if not re.fullmatch(r"\d+\.\d+\.\d+", text):
        raise SystemExit(f"release_api: version {text!r} is not MAJOR.MINOR.PATCH")
    return tuple(int(part) for part in text.split("."))


def buf(*args: str, root: pathlib.Path, check: bool = True) -> subprocess.CompletedProcess:
    if not BUF.exists():
        raise SystemExit(f"release_api: {BUF} is missing: run npm ci (README.md, Set up)")
    done = subprocess.run([str(BUF), *args], cwd=root, capture_output=True, text=True, timeout=120)
    if check and done.returncode != 0:
        raise SystemExit(f"release_api: buf {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done


def buf_version(root: pathlib.Path) -> str:
    return buf("--version", root=root).stdout.strip()


def build_image(root: pathlib.Path, out: pathlib.Path) -> bytes:
    """The API as a buf image: imports included (buf needs them to read it back), no
    source info (comments and line numbers are not API: editing a comment leaves the
    image as it is)."""
    buf("build", "proto", "--exclude-source-info", "-o", str(out), root=root)
    return out.read_bytes()


def breaking_bump(previous: str, version: str) -> bool:
    """Semantic versioning: a breaking change bumps MAJOR, or MINOR while MAJOR is 0."""
    old, new = parse_version(previous), parse_version(version)
    return new[0] > old[0] or (old[0] == 0 and new[:2] > old[:2])


def breaking_changes(root: pathlib.Path, against: pathlib.Path) -> list[str]:
    """buf breaking's findings for proto/ against an image, without the file prefix's
    line:column (they point into the new files and go stale)."""
    done = buf("breaking", "proto", "--against", str(against), "--error-format", "json", root=root, check=False)
    if done.returncode not in (0, 100):  # 100: breaking changes found
        raise SystemExit(f"release_api: buf breaking failed:\n{done.stdout}{done.stderr}")
    found = []
    for line in done.stdout.splitlines():
        item = json.loads(line)
        path = pathlib.PurePath(item["path"])
        where = path.relative_to("proto") if path.parts[0] == "proto" else path
        found.append(f"{where}: {item['message']} ({item['type']})")
    return found


def current_version(root: pathlib.Path) -> str:
    rel, pattern = VERSION_PLACES[0]
    return re.search(pattern, (root / rel).read_text()).group(2)


def set_versions(root: pathlib.Path, version: str, write: bool) -> list[pathlib.Path]:
    texts: dict[pathlib.Path, str] = {}
    for rel, pattern in VERSION_PLACES:
        text = texts.get(rel) or (root / rel).read_text()
        new, count = re.subn(pattern, lambda m: f"{m.group(1)}{version}{m.group(3)}", text)
        if count != 1:
            raise SystemExit(f"release_api: expected one version in {rel} matching {pattern}, found {count}")
        texts[rel] = new
    if write:
        for rel, text in texts.items():
            (root / rel).write_text(text)
    return list(texts)


def changelog_section(version: str, previous: str | None, note: str, changes: list[str]) -> str:
    lines = [f"## {version} ({datetime.date.today().isoformat()})", "", note.strip(), ""]
    if previous is None:
        lines += ["The first baseline: every later change is checked against this API.", ""]
    elif changes:
        lines += [f"Breaking changes against {previous} (buf breaking, the rules of proto/buf.yaml):", ""]
        lines += [f"- {change}" for change in changes] + [""]
    else:
        lines += [f"No breaking change against {previous}: additions only.", ""]
    return "\n".join(lines)


def add_to_changelog(path: pathlib.Path, section: str) -> None:
    text = path.read_text() if path.exists() else CHANGELOG_HEAD
    head, sep, rest = text.partition("\n## ")
    path.write_text(f"{head.rstrip()}\n\n{section}" + (f"\n## {rest}" if sep else ""))


def release(root: pathlib.Path, version: str, note: str, dry_run: bool = False) -> int:
    parse_version(version)
    if not note.strip():
        raise SystemExit("release_api: --note must say what changed (it goes into proto/CHANGELOG.md)")
    record_path, image_path = root / RECORD, root / IMAGE
    record = json.loads(record_path.read_text()) if record_path.exists() else None
    previous = record["version"] if record else None
    if previous is not None and parse_version(version) <= parse_version(previous):
        raise SystemExit(f"release_api: the baseline is already the API of {previous}: "
                         f"a release needs a newer version than that, not {version}")
    if parse_version(version) < parse_version(current_version(root)):
        raise SystemExit(f"release_api: {version} is older than the version in pyproject.toml, "
                         f"{current_version(root)}")
    buf("lint", "proto", root=root)
    with tempfile.TemporaryDirectory() as tmp:
        image = build_image(root, pathlib.Path(tmp) / "new.binpb")
        if image_path.exists() and image == image_path.read_bytes():
            raise SystemExit(f"release_api: the API has not changed since the baseline ({previous}): nothing to release")
        changes = breaking_changes(root, image_path) if image_path.exists() else []
    if changes and not breaking_bump(previous, version):
        raise SystemExit(f"release_api: {len(changes)} breaking change(s) against {previous} need a "
                         f"{'major' if parse_version(previous)[0] >= 1 else 'minor'} version bump, not {version}:\n"
                         + "\n".join(changes))
    section = changelog_section(version, previous, note, changes)
    what = "would release" if dry_run else "releasing"
    print(f"{what} the API as {version} (baseline was {previous or 'none'}):\n")
    print(section)
    touched = set_versions(root, version, write=not dry_run)
    if dry_run:
        print("dry run: nothing written")
        return 0
    image_path.parent.mkdir(parents=True, exist_ok=True)
    image_path.write_bytes(image)
    record = {"version": version, "buf": buf_version(root), "sha256": hashlib.sha256(image).hexdigest(),
              "made_by": "python scripts/release_api.py (proto/README.md); do not edit or rebuild by hand"}
    record_path.write_text(json.dumps(record, indent=2) + "\n")
    add_to_changelog(root / CHANGELOG, section)
    # the new baseline must accept the protos it was built from
    buf("breaking", "proto", "--against", str(IMAGE), root=root)
    files = [IMAGE, RECORD, CHANGELOG, *touched]
    print("written: " + ", ".join(str(f) for f in files))
    print(f"next: bash scripts/test (it reinstalls the packages at {version}), then\n"
          f"  git add {' '.join(str(f) for f in files)}\n"
          f"  git commit -m 'API {version}: ...' && git tag v{version}")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version", help="the new version, MAJOR.MINOR.PATCH, newer than the baseline's")
    parser.add_argument("--note", required=True, help="what changed and what clients must do (proto/CHANGELOG.md)")
    parser.add_argument("--dry-run", action="store_true", help="print what it would do, write nothing")
    parser.add_argument("--root", type=pathlib.Path, default=HERE, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    return release(args.root.resolve(), args.version, args.note, args.dry_run)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
