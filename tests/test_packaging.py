"""What gets a player from nothing to a window: the README's set-up commands, the icons, the Linux
archive and its ``install.sh`` (``main.py`` has ``test_main_py.py``).  A POSIX shell script
stands in for the build in the archive's tests."""

from __future__ import annotations

import importlib.util
import os
import stat
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

import pygame
import pytest

from catgames import paths

ROOT = Path(__file__).resolve().parents[1]


def load_script(name: str, folder: Path = ROOT / "packaging"):
    """A script of ``packaging/`` (or ``folder``; not a package) as a module."""
    spec = importlib.util.spec_from_file_location(f"packaging_{name}", folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # where its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def readme_commands() -> list[str]:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("```sh") + 1
    return lines[start:lines.index("```", start)]


# -- the README -------------------------------------------------------------------------------
def test_readme_starts_with_the_two_venv_commands_ci_runs():
    play, test = readme_commands()
    assert play == ("python3 -m venv .venv && .venv/bin/python -m pip install -r requirements.txt"
                    " && .venv/bin/python main.py")
    assert test == ("python3 -m venv .venv && .venv/bin/python -m pip install -r requirements-dev.txt"
                    " && .venv/bin/python -m pytest -q -n auto")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    pattern = ci.split('grep -m1 -E "', 1)[1].split('"', 1)[0]
    assert test.startswith(pattern.lstrip("^"))


# -- icons ----------------------------------------------------------------------------------------
def test_every_icon_size_is_shipped_and_square():
    for size in paths.ICON_SIZES:
        image = pygame.image.load(str(paths.ICON_DIR / f"catgames-{size}.png"))
        assert image.get_size() == (size, size)
    assert paths.WINDOW_ICON.exists()


def ico_sizes(data: bytes) -> list[int]:
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(data)
        sizes.append(width or 256)
    return sizes


def icns_types(data: bytes) -> list[bytes]:
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    types, at = [], 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        assert data[at + 8:at + 16] == b"\x89PNG\r\n\x1a\n"
        types.append(kind)
        at += length
    assert at == len(data)
    return types


def test_icon_containers_hold_a_png_per_size(tmp_path):
    make_icon = load_script("make_icon")
    written = make_icon.write_all(tmp_path)
    assert {p.name for p in written} == {p.name for p in paths.ICON_DIR.glob("catgames*")
                                         if p.suffix in (".png", ".ico", ".icns")}
    for folder in (tmp_path, paths.ICON_DIR):  # what the script makes, and what is committed
        assert ico_sizes((folder / "catgames.ico").read_bytes()) == list(make_icon.ICO_SIZES)
        assert icns_types((folder / "catgames.icns").read_bytes()) == [k for k, _ in make_icon.ICNS_TYPES]


def test_the_icon_is_the_orange_cat_on_the_table_tile():
    make_icon = load_script("make_icon")
    icon = make_icon.draw(64)
    assert icon.get_at((32, 28))[:3] == make_icon.ORANGE        # the face, between the eyes
    assert icon.get_at((5, 20))[:3] == make_icon.TILE           # the tile, left of an ear
    assert icon.get_at((0, 0)).a == 0                           # rounded: the very corner is clear


# -- the Linux archive and install.sh ------------------------------------------------------------
#: The Linux archive's tests need a POSIX ``sh`` and POSIX paths: on Windows they have neither.
posix_only = pytest.mark.skipif(os.name == "nt", reason="the Linux archive and its sh script: POSIX only")


@pytest.fixture
def fake_build(tmp_path) -> Path:
    """A stand-in for ``dist/catgames``: an executable and one bundled file."""
    build = tmp_path / "dist" / "catgames"
    (build / "_internal").mkdir(parents=True)
    (build / "_internal" / "data.txt").write_text("data")
    exe = build / "catgames"
    exe.write_text("#!/bin/sh\necho game\n")
    exe.chmod(0o755)
    return build


@pytest.fixture
def unpacked(fake_build, tmp_path) -> Path:
    """The archive of ``fake_build``, unpacked into a folder whose name has a space."""
    build = load_script("build")
    archive = build.linux_archive(fake_build, tmp_path)
    assert archive.name == f"{build.package_name()}.tar.gz"
    target = tmp_path / "My Games"
    with tarfile.open(archive) as tar:
        tar.extractall(target, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    return target / build.package_name()


@posix_only
def test_the_archive_holds_the_build_the_desktop_entry_the_icons_and_install_sh(unpacked):
    assert (unpacked / "catgames" / "_internal" / "data.txt").read_text() == "data"
    for name in ("catgames/catgames", "install.sh"):
        assert (unpacked / name).stat().st_mode & stat.S_IXUSR, name
    assert "Exec=@EXEC@" in (unpacked / "catgames.desktop.in").read_text()  # a template, named so
    assert not (unpacked / "catgames.desktop").exists()
    assert sorted(p.name for p in (unpacked / "icons").iterdir()) == sorted(
        f"catgames-{s}.png" for s in paths.ICON_SIZES)


def install(unpacked: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": os.environ["PATH"], "HOME": str(home)}
    return subprocess.run(["sh", str(unpacked / "install.sh"), *args], capture_output=True, text=True,
                          env=env, timeout=60, check=False)


def desktop_entry(path: Path) -> dict[str, str]:
    return dict(line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)


@posix_only
def test_install_sh_puts_a_working_entry_in_the_menu_and_uninstall_takes_it_out(unpacked, tmp_path):
    home = tmp_path / "home"
    done = install(unpacked, home)
    assert done.returncode == 0, done.stderr
    entry = home / ".local" / "share" / "applications" / "catgames.desktop"
    fields = desktop_entry(entry)
    assert fields["Exec"] == f'"{unpacked}/catgames/catgames"'
    assert Path(fields["Icon"]).is_file() and fields["Type"] == "Application"
    started = subprocess.run(fields["Exec"], shell=True, capture_output=True, text=True, timeout=60,
                             check=False)
    assert started.stdout == "game\n"  # the Exec line, as a desktop runs it, starts the game
    removed = install(unpacked, home, "--uninstall")
    assert removed.returncode == 0
    assert not entry.exists()
    assert f"{entry} removed" in removed.stdout
    # it says what it keeps, where: the saves and the settings (platformdirs' folders)
    assert f"{home}/.local/share/catgames and {home}/.config/catgames" in removed.stdout
    again = install(unpacked, home, "--uninstall")  # nothing left to remove: it does not say removed
    assert again.returncode == 0 and "removed" not in again.stdout and "was not in the menu" in again.stdout


@posix_only
def test_install_sh_refuses_a_folder_its_exec_line_could_not_quote(unpacked, tmp_path):
    odd = unpacked.parent / "cost$5"
    unpacked.rename(odd)
    done = install(odd, tmp_path / "home")
    assert done.returncode == 1 and "$" in done.stderr
    assert not (tmp_path / "home" / ".local" / "share" / "applications" / "catgames.desktop").exists()
