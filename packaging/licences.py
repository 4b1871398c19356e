"""The licence texts of everything a build bundles, and ``THIRD-PARTY.txt``, the list of them.

``catgames.spec`` calls :func:`bundle` with what PyInstaller's analysis collected; it writes the
``licences/`` folder (one folder per component with its licence texts, and the notice naming each
component's version, licence, files and source) and returns the entries that put it in the build.
The texts of Python packages come from their installed files and the Python runtime's from the
Python that builds, so they follow the versions actually bundled; only what no installed file
carries (the native libraries of pygame-ce's wheel and of the system) is committed, in
``packaging/third_party/``.  A shared library that table does not know, or a package without a
licence file, stops the build: nothing ships without its notice.

    python3 packaging/licences.py [--out DIR]   (this environment's pygame-ce, PyYAML and platformdirs)
"""

from __future__ import annotations

import argparse
import ctypes
import importlib
import importlib.machinery
import importlib.metadata as metadata
import os
import platform
import re
import shutil
import sys
import sysconfig
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from catgames import __version__, paths  # noqa: E402
from catgames.selftest import NOTICE_TEXT  # noqa: E402

TABLE = HERE / "third_party" / "components.yaml"
TEXTS = HERE / "third_party" / "texts"
LICENCE_FILE = re.compile(r"(licen[cs]e|copying|notice|lgpl|gpl)([-._][^/]*)?$", re.IGNORECASE)
TEXT_SUFFIXES = ("", ".txt", ".md", ".rst")
PYTHON_FILES = re.compile(r"((lib)?python3|python$)", re.IGNORECASE)  #: libpython, python3x.dll
BUILD_TOOLS = {"pyinstaller": "its bootloader, the executable that starts the app"}
VERSION = re.compile(r"\d+(?:\.\d+)+")
SHARED_LIBRARY = re.compile(r"\.(so(\.\d+)*|dll|dylib)$", re.IGNORECASE)


EXIT_LICENCE = 3  #: how a build stopped by a missing licence exits (``build.py`` tells it from PyInstaller's 1)


class LicenceError(RuntimeError):
    """Something bundled has no known licence text; the message names it and says what to do."""


def stop(error: LicenceError) -> int:
    """Print ``error`` as the build's one last line, not a traceback, and return the exit code
    that tells ``build.py`` the licences stopped the build (not PyInstaller)."""
    print(f"build stopped: {error}", file=sys.stderr, flush=True)
    return EXIT_LICENCE


@dataclass
class Component:
    """One third-party work in the build, as the notice lists it."""

    name: str
    version: str
    licence: str
    texts: list[Path]                 #: where its licence texts are read from
    files: list[str]                  #: what of the build it is
    source: str = ""
    notes: list[str] = field(default_factory=list)


# -- Python packages and the runtime: from what is installed ------------------------------------
def installed_files(dist: metadata.Distribution, wanted: Callable[[PurePath], bool]) -> list[Path]:
    """The files of ``dist`` that ``wanted`` picks by their path in the distribution."""
    found = [PurePath(str(f)) for f in dist.files or ()]
    return sorted(Path(str(dist.locate_file(f))) for f in found if wanted(f))


def licence_files(dist: metadata.Distribution) -> list[Path]:
    """The licence texts a distribution installed: its dist-info ``licenses/`` and any
    ``LICENSE``/``COPYING``/``LGPL`` file among its files (pygame-ce's is ``pygame/docs/generated/LGPL.txt``)."""
    return installed_files(dist, lambda f: bool(LICENCE_FILE.match(f.name)) and f.suffix.lower() in TEXT_SUFFIXES)


def declared_licence(meta: Any) -> str:
    """The licence a package declares: its SPDX expression, else its one-line ``License``, else
    its licence classifiers."""
    if meta.get("License-Expression"):
        return str(meta["License-Expression"])
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text:
        return text
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    return ", ".join(classifiers) or "see its licence text"


def source_address(meta: Any) -> str:
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [] if ", " in u)
    for label in ("Source", "Source Code", "Homepage", "homepage"):
        if label in urls:
            return urls[label]
    return str(meta.get("Home-page") or "")


def package_component(name: str, files: list[str]) -> Component:
    dist = metadata.distribution(name)
    texts = licence_files(dist)
    if not texts:
        raise LicenceError(f"{name} {dist.version} installed no licence file, so the build cannot carry "
                           f"its licence: install a release that has one, or teach {Path(__file__).name}")
    return Component(dist.metadata["Name"], dist.version, declared_licence(dist.metadata), texts, files,
                     source_address(dist.metadata))


def packages(modules: Iterable[str], tools: Iterable[str] = ()) -> dict[str, list[str]]:
    """The installed distributions the top-level ``modules`` come from, and the build ``tools``
    that put part of themselves in the build, each with what of the build it is."""
    owners = metadata.packages_distributions()
    found: dict[str, list[str]] = {}
    for module in sorted(set(modules)):
        for dist in owners.get(module, ()):
            found.setdefault(dist.lower(), []).append(f"{module} (Python package)")
    for tool in tools:
        found.setdefault(tool, []).append(BUILD_TOOLS[tool])
    return found


def python_licence() -> Path:
    """The PSF licence of the Python that builds (its stdlib's ``LICENSE.txt``, or the root's on Windows)."""
    for candidate in (Path(sysconfig.get_path("stdlib")) / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt"):
        if candidate.is_file():
            return candidate
    raise LicenceError(f"this Python ({sys.executable}) has no LICENSE.txt: build with a full CPython install")


def python_component(files: Iterable[str]) -> Component:
    version = platform.python_version()
    short = ".".join(version.split(".")[:2])
    return Component("Python", version, "PSF-2.0", [python_licence()],
                     [*sorted(files), "the Python standard library"], "https://www.python.org/downloads/source/",
                     [f"The standard library includes software under other licences, listed at "
                      f"https://docs.python.org/{short}/license.html"])


# -- native libraries: the committed table -------------------------------------------------------
@dataclass(frozen=True)
class Library:
    """An entry of ``components.yaml``'s ``libraries``."""

    name: str
    licence: str
    files: re.Pattern[str]
    texts: tuple[str, ...]
    version: Mapping[str, str]
    source: str
    note: str


def load_table(path: Path = TABLE) -> tuple[list[Library], list[dict[str, Any]]]:
    """The libraries and the assets of ``components.yaml``."""
    table = yaml.safe_load(path.read_text(encoding="utf-8"))
    libraries = [Library(e["name"], e["licence"], re.compile(e["files"], re.IGNORECASE), tuple(e["texts"]),
                         e.get("version", {}), e.get("source", ""), e.get("note", ""))
                 for e in table["libraries"]]
    return libraries, table["assets"]


def c_version(path: Path, how: Mapping[str, str]) -> str:
    """The version string a shared library reports about itself, or ``""``.  A ``c`` function is
    called with one null argument, which functions of none ignore (OpenSSL_version wants 0)."""
    try:
        library = ctypes.CDLL(str(path))
        if "c" in how:
            function = getattr(library, how["c"])
            function.restype = ctypes.c_char_p
            raw = function(None)
        else:
            raw = ctypes.c_char_p.in_dll(library, how["variable"]).value
    except (OSError, AttributeError, ValueError, KeyError):
        return ""
    match = VERSION.search((raw or b"").decode("ascii", "replace"))
    return match.group(0) if match else ""


def library_version(library: Library, sources: Iterable[Path]) -> str:
    if "python" in library.version:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        module, function = library.version["python"].split(":")
        return ".".join(str(part) for part in getattr(importlib.import_module(module), function)())
    if not library.version:
        return ""
    return next((found for found in (c_version(s, library.version) for s in sources) if found), "")


def library_components(shared: Mapping[str, Path], table: list[Library]) -> list[Component]:
    """``shared`` (file name -> where it was taken from) grouped by the table's entries."""
    matched: dict[str, list[str]] = {}
    unknown = []
    for name in sorted(shared):
        entry = next((lib for lib in table if lib.files.match(name)), None)
        if entry is None:
            unknown.append(name)
        else:
            matched.setdefault(entry.name, []).append(name)
    if unknown:
        raise LicenceError(f"no licence known for the bundled {', '.join(unknown)}: add an entry to "
                           f"{TABLE.relative_to(ROOT)} (and its text to {TEXTS.relative_to(ROOT)})")
    return [Component(lib.name, library_version(lib, [shared[n] for n in matched[lib.name]]), lib.licence,
                      [TEXTS / text for text in lib.texts], matched[lib.name], lib.source,
                      [lib.note] if lib.note else [])
            for lib in table if lib.name in matched]


def asset_components(assets: list[dict[str, Any]]) -> list[Component]:
    return [Component(a["name"], a["version"], a["licence"], [ROOT / t for t in a["texts"]], a["files"],
                      a.get("source", "")) for a in assets]


def gather(shared: Mapping[str, Path], modules: Iterable[str], tools: Iterable[str] = ()) -> list[Component]:
    """Every third-party component of a build that bundles the shared libraries ``shared`` (file
    name -> source path), the top-level Python ``modules`` and part of the build ``tools``."""
    libraries, assets = load_table()
    runtime = [name for name in shared if PYTHON_FILES.match(name)]
    native = {name: path for name, path in shared.items() if name not in runtime}
    found = [package_component(name, files) for name, files in sorted(packages(modules, tools).items())]
    return [python_component(runtime), *found, *library_components(native, libraries),
            *asset_components(assets)]


# -- the folder ----------------------------------------------------------------------------------
def folder_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._+-]+", "-", name).strip("-")


def notice(components: list[Component], texts: Mapping[int, list[str]]) -> str:
    """``THIRD-PARTY.txt``: a block per component; ``texts`` are each one's copied texts."""
    lines = [f"Third-party software in catgames {__version__} ({platform.system()} {platform.machine()} build)",
             "",
             "This build of catgames contains the software listed below, each the work of its authors and",
             "used under its own licence. The full licence texts are in this folder, at the paths given",
             "as \"text\"; \"source\" is where each one's source code can be had.",
             ""]
    for index, component in enumerate(components):
        lines.append(f"{component.name} {component.version}".rstrip())
        lines.append(f"    licence: {component.licence}")
        lines += [f"    {NOTICE_TEXT}    {text}" for text in texts[index]]
        lines.append(f"    files:   {', '.join(component.files)}")
        if component.source:
            lines.append(f"    source:  {component.source}")
        lines += [f"    note:    {note}" for note in component.notes]
        lines.append("")
    return "\n".join(lines)


def write(components: list[Component], out: Path) -> list[Path]:
    """Fill ``out`` (emptied first) with each component's texts and the notice; returns the files.
    Only an empty folder or one this wrote before (it holds the notice) is emptied: a mistyped
    ``--out`` must not delete anything else."""
    notice_file = out / paths.NOTICE.name
    if out.exists() and any(out.iterdir()) and not notice_file.is_file():
        raise SystemExit(f"{out} is not empty and holds no {notice_file.name}: not emptying it")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    written: list[Path] = []
    texts: dict[int, list[str]] = {}
    for index, component in enumerate(components):
        folder = out / folder_name(component.name)
        folder.mkdir(exist_ok=True)
        texts[index] = []
        for text in component.texts:
            target = folder / text.name
            if target.exists():  # two texts of one name (a package's own and a vendored one's)
                target = folder / f"{text.parent.name}-{text.name}"
            shutil.copyfile(text, target)
            written.append(target)
            texts[index].append(target.relative_to(out).as_posix())
    notice_file.write_text(notice(components, texts), encoding="utf-8")
    return [notice_file, *written]


def bundle(binaries: Iterable[tuple[str, str, str]], pure: Iterable[tuple[str, str, str]],
           out: Path) -> list[tuple[str, str, str]]:
    """For ``catgames.spec``: the licences of what PyInstaller's ``Analysis`` collected
    (``binaries`` and ``pure`` TOCs), written to ``out``, as ``DATA`` entries of ``licences/``."""
    binaries = list(binaries)
    shared = {PurePath(dest).name: Path(src) for dest, src, kind in binaries if kind == "BINARY"}
    modules = {name.split(".")[0] for name, _, _ in pure}
    modules |= {PurePath(dest).parts[0] for dest, _, kind in binaries if kind == "EXTENSION"}
    written = write(gather(shared, modules, BUILD_TOOLS), out)
    return [((PurePath(paths.LICENCE_DIR.name) / p.relative_to(out)).as_posix(), str(p), "DATA")
            for p in written]


def wheel_libraries(name: str = "pygame-ce") -> dict[str, Path]:
    """The shared libraries (not Python extension modules) an installed wheel ships."""
    extensions = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = installed_files(metadata.distribution(name), lambda f: bool(SHARED_LIBRARY.search(f.name))
                            and not f.name.endswith(extensions))
    return {path.name: path for path in found}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "licences", help="folder to write")
    args = parser.parse_args(argv)
    try:
        written = write(gather(wheel_libraries(), ["pygame", "yaml", "platformdirs"]), args.out)
    except LicenceError as exc:
        return stop(exc)
    print(f"wrote {len(written)} files to {args.out}, {sum(p.stat().st_size for p in written) / 1024:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
