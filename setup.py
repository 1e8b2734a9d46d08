"""The compiled build: mypyc compiles the hot modules (engine/build.py, COMPILED_MODULES) from
their Python source when a C compiler is present; otherwise, or with BOARDBOT_PURE=1, the
package installs as pure Python and says so in one line. Everything else is in pyproject.toml,
but for the packages: its [tool.setuptools.package-dir] maps the design card's folders onto the one
import name (engine/ is boardbot.engine, ...); setuptools' own package finding cannot prefix the
names it finds, so ``packages()`` finds every package under each of those folders (a folder with an
__init__.py, a new game's engine folder among them) and names it after the mapping:
engine/games/froccs is boardbot.engine.games.froccs.

Why mypyc (docs/performance.md, "The compiled build"): it compiles type-annotated Python as it
is, native classes included (a state's fields become C struct slots, readable from Python and
from every game's interpreted subclass), so the annotated source stays the rules' one source.
"""

from __future__ import annotations

import json
import os
import runpy
import shutil
import sys
import sysconfig
import tomllib
from concurrent.futures import ThreadPoolExecutor

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
BUILD = runpy.run_path(os.path.join(ROOT, "engine", "build.py"))
SAY = "boardbot:"
# the folders holding compiled modules (engine/, ai/, server/)
COMPILED_FOLDERS = sorted({path.split("/")[0] for path in BUILD["COMPILED_MODULES"]})
COMPILED_FROM: dict[str, str] = {}  # module -> the SHA-256 of the source mypyc compiled


def say(text: str) -> None:
    print(f"{SAY} {text}", file=sys.stderr, flush=True)


def packages() -> list[str]:
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        folders = tomllib.load(f)["tool"]["setuptools"]["package-dir"]
    return [f"{name}.{sub}" if sub else name for name, folder in folders.items()
            if os.path.isdir(os.path.join(ROOT, folder))
            for sub in ["", *find_packages(os.path.join(ROOT, folder))]]


def have_compiler() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None or shutil.which("cc") is not None


def staged_sources() -> list[str]:
    """The compiled modules' sources under their import names (boardbot/engine/..., boardbot/server/...),
    as mypyc names a module by its path: a folder of links into the repository."""
    stage = os.path.join(ROOT, "build", "mypyc_src", "boardbot")
    os.makedirs(stage, exist_ok=True)
    for top in COMPILED_FOLDERS:
        link = os.path.join(stage, top)
        if not os.path.islink(link):
            if os.path.exists(link):
                shutil.rmtree(link)
            os.symlink(os.path.join(ROOT, top), link)
    return [os.path.join("build", "mypyc_src", "boardbot", path) for path in BUILD["COMPILED_MODULES"]]


def builds() -> bool:
    """Whether this run of setup.py builds, rather than only writes the metadata: pip runs it three
    times (build requirements: egg_info; metadata: dist_info; then the wheel or the editable
    install), and mypyc's analysis is for the last alone (each one took 5 s of CPU time)."""
    commands = [arg for arg in sys.argv[1:] if not arg.startswith("-")]
    return not commands or commands[0] not in ("egg_info", "dist_info")


def compiled_extensions() -> list:
    if not builds():
        return []
    if os.environ.get(BUILD["PURE_ENV"], "") not in ("", "0"):
        say(f"{BUILD['PURE_ENV']} is set: installing the pure-Python build")
        return []
    if not have_compiler():
        say("no C compiler found: installing the pure-Python build (the AI searches about 4 times slower)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as e:
        say(f"mypyc is missing ({e}): installing the pure-Python build")
        return []
    os.chdir(ROOT)
    # the sources as mypyc reads them: hashed before it reads them, so a source edited while the
    # build runs is recorded as what it is now, and the stale-build guard loads it pure
    COMPILED_FROM.update({module: BUILD["source_hash"](os.path.join(ROOT, path))
                          for path, module in BUILD["COMPILED_MODULES"].items()})
    old_path = os.environ.get("MYPYPATH")
    os.environ["MYPYPATH"] = os.path.join(ROOT, "build", "mypyc_src")
    try:
        extensions = mypycify(
            ["--explicit-package-bases", "--namespace-packages", "--ignore-missing-imports",
             "--follow-imports=silent", *staged_sources()],
            opt_level="3", group_name=BUILD["GROUP"], target_dir=os.path.join("build", "mypyc"),
            # a C file per module (and mypyc's runtime in its own files), which BuildExt compiles on
            # every core: one file of the whole group was 25 s of gcc -O3 on one core
            multi_file=True,
        )
        # the modules' C files include the group's header, which mypyc writes in the group's folder
        headers = os.path.join("build", "mypyc", *BUILD["GROUP"].split(".")[:-1])
        for extension in extensions:
            extension.include_dirs.append(headers)
        return extensions
    except BaseException as e:  # mypy's type errors end in SystemExit
        say(f"mypyc could not compile the hot modules ({type(e).__name__}: {e}): installing the pure-Python build")
        return []
    finally:
        if old_path is None:
            os.environ.pop("MYPYPATH", None)
        else:
            os.environ["MYPYPATH"] = old_path


class BuildExt(build_ext):
    """Builds the extensions, records the sources they were built from, and falls back to the pure
    build (one line) where the C compiler fails."""

    def run(self):
        if self.inplace:
            self._remove_stale()
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as e:  # a compiler that is there but cannot build: pure Python, said once
            say(f"compiling failed ({type(e).__name__}: {e}): installing the pure-Python build")
            return
        manifest = {
            "compiler": f"mypyc {_mypy_version()}",
            "modules": dict(COMPILED_FROM),
        }
        # beside the extensions: the sources' folder (in place, editable installs) or the wheel's
        folder = os.path.join(ROOT, "engine") if self.inplace else os.path.join(self.build_lib, "boardbot", "engine")
        if os.path.isdir(folder):
            with open(os.path.join(folder, BUILD["MANIFEST"]), "w") as f:
                json.dump(manifest, f, indent=1)
        say(f"compiled {len(BUILD['COMPILED_MODULES'])} modules with {manifest['compiler']}")

    def build_extension(self, ext) -> None:
        """One extension's C files compiled in parallel, a compiler process per core (distutils
        compiles them one after another), the largest first."""
        compile_serially = self.compiler.compile
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1

        def compile_in_parallel(sources, *args, **kwargs):
            if len(sources) < 2 or jobs < 2:
                return compile_serially(sources, *args, **kwargs)
            largest_first = sorted(sources, key=lambda path: -os.path.getsize(path))
            with ThreadPoolExecutor(jobs) as pool:
                objects = dict(zip(largest_first, pool.map(
                    lambda source: compile_serially([source], *args, **kwargs), largest_first)))
            return [obj for source in sources for obj in objects[source]]

        self.compiler.compile = compile_in_parallel
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_serially

    def _remove_stale(self) -> None:
        """Extensions an earlier in-place build left beside sources no longer compiled (the
        default import system prefers an extension to its .py, so one would shadow the source)."""
        built = {path[:-3] for path in BUILD["COMPILED_MODULES"]} | {"engine/_native__mypyc"}
        for top in COMPILED_FOLDERS:
            for folder, _, files in os.walk(os.path.join(ROOT, top)):
                for name in files:
                    if name.endswith(".so") or name.endswith(".pyd"):
                        rel = os.path.relpath(os.path.join(folder, name.split(".")[0]), ROOT).replace(os.sep, "/")
                        if rel not in built or not self.extensions:
                            os.remove(os.path.join(folder, name))
        if not self.extensions:
            manifest = os.path.join(ROOT, "engine", BUILD["MANIFEST"])
            if os.path.exists(manifest):
                os.remove(manifest)


def _mypy_version() -> str:
    try:
        from mypy.version import __version__
        return __version__
    except ImportError:
        return "?"


if __name__ == "__main__":
    setup(packages=packages(), ext_modules=compiled_extensions(), cmdclass={"build_ext": BuildExt})
