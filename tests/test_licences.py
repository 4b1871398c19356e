"""The third-party notices a build carries (``packaging/licences.py``): gathered from this
environment's installed pygame-ce, PyYAML and platformdirs, written as ``licences/``, and checked
by ``catgames --selftest``."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from catgames import paths, selftest
from tests.test_packaging import load_script

licences = load_script("licences")
MODULES = ("pygame", "yaml", "platformdirs")


@pytest.fixture(scope="module")
def components() -> dict[str, object]:
    """What a build bundling this environment's pygame-ce wheel and our three packages lists."""
    return {c.name: c for c in licences.gather(licences.wheel_libraries(), MODULES)}


def text_of(component) -> str:
    return "\n".join(path.read_text(encoding="utf-8", errors="replace") for path in component.texts)


def test_the_packages_texts_come_from_their_installed_files(components):
    pygame_ce, pyyaml, platformdirs = components["pygame-ce"], components["PyYAML"], components["platformdirs"]
    assert pygame_ce.version == pygame.version.ver
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text_of(pygame_ce) and "Version 2.1" in text_of(pygame_ce)
    for mit in (pyyaml, platformdirs):
        assert mit.licence == "MIT"
        assert "Permission is hereby granted, free of charge" in text_of(mit)
    assert "Kirill Simonov" in text_of(pyyaml)
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in text_of(components["Python"])


def test_every_library_in_the_pygame_ce_wheel_has_its_licence_and_sdl_its_version(components):
    shipped = set(licences.wheel_libraries())
    assert len(shipped) > 10  # SDL2 and its satellites, the codecs, FreeType, HarfBuzz...
    listed = {name for c in components.values() for name in c.files}
    assert shipped <= listed
    assert components["SDL2"].version == ".".join(map(str, pygame.get_sdl_version()))
    assert components["SDL2_ttf"].version == ".".join(map(str, pygame.font.get_sdl_ttf_version()))
    for component in components.values():
        assert component.texts and all(path.is_file() and path.stat().st_size for path in component.texts), component


def test_a_library_nobody_listed_stops_the_build(tmp_path):
    mystery = tmp_path / "libmystery-1a2b3c.so.4"
    mystery.write_bytes(b"\x7fELF")
    with pytest.raises(licences.LicenceError, match="libmystery-1a2b3c.so.4.*components.yaml"):
        licences.gather({mystery.name: mystery}, MODULES)


def test_the_table_names_only_committed_texts_and_every_committed_text_is_used():
    libraries, assets = licences.load_table()
    named = {text for library in libraries for text in library.texts}
    assert named == {path.name for path in licences.TEXTS.iterdir()}
    for asset in assets:
        assert all((licences.ROOT / path).is_file() for path in [*asset["texts"], *asset["files"]])
    assert [lib.name for lib in libraries if lib.files.match("libSDL2_ttf-2-e69aa315.0.so.0.2400.0")] == ["SDL2_ttf"]
    assert [lib.name for lib in libraries if lib.files.match("libz.so.1")] == ["zlib"]


@pytest.fixture
def written(components, tmp_path) -> Path:
    folder = tmp_path / "licences"
    licences.write(list(components.values()), folder)
    return folder


def test_the_notice_lists_each_component_with_version_licence_and_texts(written, components):
    notice = (written / paths.NOTICE.name).read_text(encoding="utf-8")
    for name in ("pygame-ce", "PyYAML", "platformdirs", "Python", "SDL2", "FreeType"):
        component = components[name]
        block = re.search(rf"^{re.escape(name)} {re.escape(component.version)}\n    licence: (.+)\n"
                          rf"    text: +{re.escape(licences.folder_name(name))}/", notice, re.MULTILINE)
        assert block and block.group(1) == component.licence, name
    assert "Portions of this software are copyright © The FreeType Project" in notice
    assert selftest.check_licences(written).startswith(f"{notice.count(selftest.NOTICE_TEXT)} licence texts")


def test_the_selftest_fails_a_build_whose_texts_or_notice_are_missing(written, monkeypatch):
    (written / "pygame-ce" / "LGPL.txt").unlink()
    with pytest.raises(FileNotFoundError, match="pygame-ce/LGPL.txt"):
        selftest.check_licences(written)
    (written / paths.NOTICE.name).unlink()
    assert "source tree" in selftest.check_licences(written)  # a clone: nothing built yet
    monkeypatch.setattr(paths, "is_frozen", lambda: True)
    with pytest.raises(FileNotFoundError, match="THIRD-PARTY.txt"):
        selftest.check_licences(written)


def test_the_build_puts_the_folder_in_the_bundle_as_licences(tmp_path, monkeypatch):
    """What the spec gets back: a ``licences/`` data entry for every file written, from PyInstaller's
    tables (shared libraries by their bundled name; Python packages by module or extension)."""
    sdl = licences.wheel_libraries()
    name, source = next((n, p) for n, p in sdl.items() if n.lower().startswith(("libsdl2-", "sdl2.", "libsdl2.")))
    binaries = [(f"pygame_ce.libs/{name}", str(source), "BINARY"),
                ("yaml/_yaml.cpython-311-x86_64-linux-gnu.so", "/x/_yaml.so", "EXTENSION")]
    pure = [("pygame.display", "/x/display.py", "PYMODULE"), ("platformdirs.unix", "/x/unix.py", "PYMODULE")]
    monkeypatch.setattr(licences, "BUILD_TOOLS", {})  # PyInstaller need not be installed where tests run
    entries = licences.bundle(binaries, pure, tmp_path / "out")
    destinations = {dest for dest, _, kind in entries if kind == "DATA"}
    assert len(destinations) == len(entries)
    assert {"licences/THIRD-PARTY.txt", "licences/pygame-ce/LGPL.txt", "licences/PyYAML/LICENSE",
            "licences/platformdirs/LICENSE", "licences/SDL2/SDL2.txt"} <= destinations
    assert all(Path(src).is_file() for _, src, _ in entries)


def test_two_texts_of_one_name_are_both_kept(tmp_path):
    texts = []
    for folder, words in (("own", "the package's own terms"), ("vendored", "a vendored library's terms")):
        (tmp_path / folder).mkdir()
        texts.append(tmp_path / folder / "LICENSE")
        texts[-1].write_text(words, encoding="utf-8")
    component = licences.Component("Some Package", "1.0", "MIT", texts, ["some (Python package)"])
    licences.write([component], tmp_path / "licences")
    assert selftest.check_licences(tmp_path / "licences").startswith("2 licence texts")
    kept = sorted(p.read_text(encoding="utf-8") for p in (tmp_path / "licences" / "Some-Package").iterdir())
    assert kept == ["a vendored library's terms", "the package's own terms"]


def test_a_folder_that_holds_other_files_is_never_emptied(tmp_path, components):
    """A mistyped ``--out`` stops with a message instead of deleting what is there."""
    keep = tmp_path / "notes.txt"
    keep.write_text("mine", encoding="utf-8")
    with pytest.raises(SystemExit, match="not emptying it"):
        licences.write([components["PyYAML"]], tmp_path)
    assert keep.read_text(encoding="utf-8") == "mine"
    out = tmp_path / "licences"
    licences.write([components["PyYAML"]], out)
    licences.write([components["PyYAML"]], out)  # its own earlier output is written anew
    assert (out / paths.NOTICE.name).is_file()
