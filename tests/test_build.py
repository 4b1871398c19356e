"""``packaging/build.py`` and the spec it runs: a build with a distribution's Python (Debian's links
the system's expat), a library of unknown licence stopping the build in one line that blames
the right thing, and sizes that count a symlinked library once."""

from __future__ import annotations

import ctypes.util
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.test_packaging import ROOT, load_script

licences = load_script("licences")
build = load_script("build")


def test_the_system_expat_a_distributions_python_links_has_its_licence(tmp_path):
    found = ctypes.util.find_library("expat")  # Linux: "libexpat.so.1", which dlopen finds by name
    library = Path(found) if found else tmp_path / "libexpat.so.1"
    if not found:
        library.write_bytes(b"\x7fELF")  # no expat here to ask its version: the name alone
    table, _ = licences.load_table()
    (expat,) = licences.library_components({"libexpat.so.1": library}, table)
    assert expat.name == "Expat" and expat.licence == "MIT"
    if found:  # the system's says its version (Debian 12's: 2.5.0)
        assert re.fullmatch(r"\d+\.\d+\.\d+", expat.version), expat.version
    assert "Permission is hereby granted" in expat.texts[0].read_text(encoding="utf-8")


class _Collected:
    """What PyInstaller's ``Analysis`` gives the spec: here one library nobody listed."""

    def __init__(self, *_args, **_kwargs):
        self.binaries = [("libmystery.so.4", "/nowhere/libmystery.so.4", "BINARY")]
        self.pure, self.datas, self.scripts = [], [], []


def test_a_library_of_unknown_licence_stops_the_spec_with_one_line_saying_what_to_do(tmp_path, capsys):
    spec = ROOT / "packaging" / "catgames.spec"
    scope = {"SPECPATH": str(spec.parent), "workpath": str(tmp_path), "Analysis": _Collected,
             "PYZ": None, "EXE": None, "COLLECT": None, "BUNDLE": None, "__file__": str(spec)}
    with pytest.raises(SystemExit) as stopped:
        exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), scope)
    assert stopped.value.code == licences.EXIT_LICENCE
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    assert "libmystery.so.4" in lines[0] and "add an entry to packaging/third_party/components.yaml" in lines[0]


def test_build_py_does_not_blame_pyinstaller_for_the_licence_stop(monkeypatch, capsys):
    def stopped() -> None:
        raise subprocess.CalledProcessError(licences.EXIT_LICENCE, ["pyinstaller"])

    monkeypatch.setattr(build, "run_pyinstaller", stopped)
    assert build.main(["--no-archive"]) == licences.EXIT_LICENCE
    assert "PyInstaller" not in capsys.readouterr().err

    def failed() -> None:
        raise subprocess.CalledProcessError(1, ["pyinstaller"])

    monkeypatch.setattr(build, "run_pyinstaller", failed)
    assert build.main(["--no-archive"]) == 1
    assert "PyInstaller failed" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="symlinks as a Linux build has them")
def test_a_symlinked_library_is_counted_once(tmp_path):
    folder = tmp_path / "catgames"
    folder.mkdir()
    (folder / "libSDL2-2.0.so.0.3200.10").write_bytes(b"x" * 1000)
    (folder / "libSDL2-2.0.so.0").symlink_to("libSDL2-2.0.so.0.3200.10")
    (folder / "data").mkdir()
    (folder / "data" / "a.yaml").write_bytes(b"y" * 24)
    assert build.disk_size(folder) == 1024
    assert build.disk_size(folder / "data" / "a.yaml") == 24
