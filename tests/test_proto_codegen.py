"""proto/ as it is generates C++ and TypeScript that compile.

The API is a contract for every language, not only Python: this test runs
the other languages' code generators on the unmodified proto/ and compiles
what they write.

* C++: Debian's ``protoc`` (``--cpp_out``, and ``--grpc_out`` with
  ``grpc_cpp_plugin`` when it is installed) and ``g++`` on every generated
  file, then a small program using the renamed accessors, linked with
  libprotobuf and run. Needs the Debian packages ``protobuf-compiler``,
  ``libprotobuf-dev``, ``protobuf-compiler-grpc``, ``libgrpc++-dev``,
  ``g++`` and ``pkg-config``. Without protoc (or g++ / libprotobuf's
  pkg-config file) the test skips, unless ``BOARDBOT_REQUIRE_PROTOC=1``:
  then it fails.
* TypeScript: ``buf generate`` with ``protoc-gen-es`` (``@bufbuild/protoc-gen-es``,
  pinned in package.json with ``@bufbuild/protobuf`` and ``typescript``;
  ``npm ci`` installs them) and ``tsc --noEmit --strict`` on the output and
  a small program using it. Without node_modules/.bin/protoc-gen-es the test
  skips, unless ``BOARDBOT_REQUIRE_BUF=1``: then it fails.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import pathlib
import shutil
import subprocess
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROTO = ROOT / "proto"
PROTO_FILES = sorted(str(p.relative_to(PROTO)) for p in (PROTO / "boardbot" / "v1").glob("*.proto"))
BIN = ROOT / "node_modules" / ".bin"
DEBIAN = "protobuf-compiler libprotobuf-dev protobuf-compiler-grpc libgrpc++-dev g++ pkg-config"


def missing(what: str, env: str, how: str) -> None:
    if os.environ.get(env) == "1":
        raise AssertionError(f"{what} is missing ({env}=1): {how}")
    pytest.skip(f"{what} is missing: {how}")


def run(args: list[str], cwd: pathlib.Path | None = None, timeout: float = 600) -> str:
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{' '.join(args[:4])} ... failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def pkg_config(*args: str) -> list[str] | None:
    if shutil.which("pkg-config") is None:
        return None
    result = subprocess.run(["pkg-config", *args], capture_output=True, text=True)
    return result.stdout.split() if result.returncode == 0 else None


CPP_MAIN = """
#include <iostream>
#include <string>

#include "boardbot/v1/common.pb.h"
#include "boardbot/v1/options.pb.h"

// Touches what the contract promises: per-game enums, optional fields that
// are unset for "none", and the renamed fields beside repeated ones.
int main() {
  boardbot::v1::View view;
  auto* pub = view.mutable_czech_pub();
  pub->set_phase(boardbot::v1::CZECH_PUB_PHASE_REACTION_WINDOW);
  auto* player = pub->add_players();
  player->set_hand_card_count(2);
  player->add_hand(boardbot::v1::CZECH_PUB_CARD_PIVO);
  player->add_hand(boardbot::v1::CZECH_PUB_CARD_RUM);
  if (pub->has_seat() || player->hand_size() != player->hand_card_count()) return 1;

  boardbot::v1::FroccsView froccs;
  froccs.set_drawn_card_count(1);
  froccs.add_drawn(boardbot::v1::FROCCS_CARD_SODA);
  froccs.mutable_mischief()->set_glass(0);
  if (froccs.drawn_size() != froccs.drawn_card_count() || !froccs.mischief().has_glass()) return 2;

  boardbot::v1::FritangaPlayer food;
  food.set_hand_card_count(1);
  food.add_hand()->set_known_to_all(true);
  if (food.has_position() || food.hand_size() != 1) return 3;

  boardbot::v1::Move move;
  move.mutable_frogriders()->mutable_leap()->set_collect_leaper(true);
  move.mutable_fritanga()->mutable_skill()->set_skill(boardbot::v1::FRITANGA_SKILL_KNIFE);
  if (move.game_case() != boardbot::v1::Move::kFritanga) return 4;

  const auto* tl = boardbot::v1::DuloreJutunkVineyardName_descriptor()->FindValueByName(
      "DULORE_JUTUNK_VINEYARD_NAME_TL");
  if (tl == nullptr || tl->options().GetExtension(boardbot::v1::engine_name) != "TL") return 5;

  boardbot::v1::BotSpec bot;  // a typed bot: a oneof of messages, enums, optional numbers
  bot.mutable_ismcts()->set_preset(boardbot::v1::BOT_PRESET_HARD);
  bot.mutable_ismcts()->set_workers(2);
  bot.mutable_ismcts()->set_mode(boardbot::v1::TREE_MODE_MULTIPLE_OBSERVER);
  if (bot.bot_case() != boardbot::v1::BotSpec::kIsmcts || !bot.ismcts().has_workers()
      || bot.ismcts().has_exploration() || bot.has_random()) return 8;

  std::string wire;
  if (!view.SerializeToString(&wire)) return 6;
  boardbot::v1::View back;
  if (!back.ParseFromString(wire) || back.czech_pub().players(0).hand(1) != boardbot::v1::CZECH_PUB_CARD_RUM)
    return 7;
  std::cout << "ok " << wire.size() << std::endl;
  return 0;
}
"""


def test_cpp_generates_and_compiles(tmp_path):
    protoc = shutil.which("protoc")
    if protoc is None:
        missing("protoc", "BOARDBOT_REQUIRE_PROTOC", f"apt-get install -y {DEBIAN}")
    cxx = shutil.which("g++")
    cflags = pkg_config("--cflags", "protobuf")
    libs = pkg_config("--libs", "protobuf")
    if cxx is None or cflags is None or libs is None:
        missing("g++ or libprotobuf-dev (pkg-config protobuf)", "BOARDBOT_REQUIRE_PROTOC",
                f"apt-get install -y {DEBIAN}")
    gen = tmp_path / "gen"
    gen.mkdir()
    args = [protoc, f"-I{PROTO}", f"--cpp_out={gen}"]
    grpc_plugin = shutil.which("grpc_cpp_plugin")
    grpc_cflags = pkg_config("--cflags", "grpc++")
    if grpc_plugin is not None and grpc_cflags is not None:
        args += [f"--grpc_out={gen}", f"--plugin=protoc-gen-grpc={grpc_plugin}"]
    elif os.environ.get("BOARDBOT_REQUIRE_PROTOC") == "1":
        raise AssertionError(f"grpc_cpp_plugin or libgrpc++-dev is missing: apt-get install -y {DEBIAN}")
    run(args + PROTO_FILES)  # protoc fails on a name its C++ generator cannot use
    sources = sorted(gen.rglob("*.cc"))
    assert len([s for s in sources if s.name.endswith(".pb.cc") and ".grpc." not in s.name]) == len(PROTO_FILES)
    (tmp_path / "main.cc").write_text(CPP_MAIN)
    flags = ["-std=c++17", "-O0", "-Wall", "-Werror", "-Wno-unused-parameter", f"-I{gen}", *cflags]

    def compile_one(source: pathlib.Path) -> pathlib.Path:
        obj = source.with_suffix(".o")
        extra = grpc_cflags if ".grpc." in source.name else []
        run([cxx, *flags, *(extra or []), "-c", str(source), "-o", str(obj)])
        return obj

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        objects = list(pool.map(compile_one, [*sources, tmp_path / "main.cc"]))
    program = tmp_path / "contract"
    protobuf_objects = [o for o in objects if ".grpc." not in o.name]  # the program needs no gRPC
    run([cxx, "-o", str(program), *map(str, protobuf_objects), *libs, "-pthread"])
    assert run([str(program)]).startswith("ok ")


TS_MAIN = """
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { BotPreset, BotSpecSchema, MoveSchema, ViewSchema } from "./gen/boardbot/v1/common_pb";
import { CzechPubCard, CzechPubPhase } from "./gen/boardbot/v1/czech_pub_pb";
import { FroccsCard } from "./gen/boardbot/v1/froccs_pb";
import { FritangaSkill } from "./gen/boardbot/v1/fritanga_pb";

const view = create(ViewSchema, {
  game: {
    case: "czechPub",
    value: {
      phase: CzechPubPhase.REACTION_WINDOW,
      players: [{ handCardCount: 2, hand: [CzechPubCard.PIVO, CzechPubCard.RUM] }],
    },
  },
});
const seat: number | undefined = view.game.case === "czechPub" ? view.game.value.seat : undefined;
const back = fromBinary(ViewSchema, toBinary(ViewSchema, view));
const hand: CzechPubCard[] = back.game.case === "czechPub" ? back.game.value.players[0].hand : [];
const move = create(MoveSchema, {
  game: { case: "fritanga", value: { kind: { case: "skill", value: { skill: FritangaSkill.KNIFE } } } },
});
const drawn: FroccsCard[] = [FroccsCard.SODA];
const bot = create(BotSpecSchema, { bot: { case: "ismcts", value: { preset: BotPreset.HARD, workers: 2 } } });
const workers: number | undefined = bot.bot.case === "ismcts" ? bot.bot.value.workers : undefined;
export const checks = [seat === undefined, hand.length === 2, move.game.case === "fritanga", drawn.length === 1,
  workers === 2];
"""


def test_typescript_generates_and_type_checks(tmp_path):
    plugin, buf, tsc = BIN / "protoc-gen-es", BIN / "buf", BIN / "tsc"
    for tool in (plugin, buf, tsc):
        if not tool.exists():
            missing(f"node_modules/.bin/{tool.name}", "BOARDBOT_REQUIRE_BUF", "npm ci (scripts/test runs it)")
    template = tmp_path / "buf.gen.yaml"
    template.write_text(textwrap.dedent(f"""\
        version: v2
        plugins:
          - local: {plugin}
            out: {tmp_path / "gen"}
            opt: target=ts
        """))
    run([str(buf), "generate", str(PROTO), "--template", str(template)], cwd=ROOT)
    generated = sorted((tmp_path / "gen").rglob("*.ts"))
    assert len(generated) == len(PROTO_FILES), generated
    (tmp_path / "main.ts").write_text(TS_MAIN)
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")  # "@bufbuild/protobuf" from here
    (tmp_path / "tsconfig.json").write_text(json.dumps({
        "compilerOptions": {
            "strict": True, "noEmit": True, "target": "ES2020", "module": "ESNext",
            "moduleResolution": "Bundler", "noUnusedLocals": True, "exactOptionalPropertyTypes": True,
            "noImplicitOverride": True, "noFallthroughCasesInSwitch": True, "types": [],
        },
        "include": ["gen/**/*.ts", "main.ts"],
    }))
    run([str(tsc), "--project", str(tmp_path / "tsconfig.json")], cwd=tmp_path)
