"""Build the double-click app of this system, from a clone:

    python3 packaging/build.py          (PyInstaller comes with requirements-dev.txt)

Linux: ``dist/catgames/`` and ``dist/catgames-<version>-linux-<arch>.tar.gz`` (the build, the
``.desktop`` entry, the icons and ``install.sh``).  Windows: ``dist/catgames/catgames.exe`` and a
``.zip`` of that folder.  macOS: ``dist/catgames.app`` and a ``.zip`` of it.  Each system builds
its own; ``.github/workflows/build.yml`` does all three.  ``--no-archive`` stops after the build.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from catgames import __version__
from catgames.paths import ICON_DIR, ICON_SIZES

sys.path.insert(0, str(ROOT / "packaging"))
from licences import EXIT_LICENCE  # noqa: E402  (packaging/licences.py)

SPEC = ROOT / "packaging" / "catgames.spec"
LINUX = ROOT / "packaging" / "linux"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
EXIT_NO_TOOL = 2


def system_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))


def machine_name() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def package_name() -> str:
    """``catgames-<version>-<system>-<arch>``: the archive's name and its top folder."""
    return f"catgames-{__version__}-{system_name()}-{machine_name()}"


def run_pyinstaller() -> None:
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)], check=True)


def _anonymous(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """Owned by nobody in particular, so unpacking as any user gives that user the files."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def linux_archive(build: Path, out: Path) -> Path:
    """The tarball: the build folder, the ``.desktop`` template (``.in``: not an entry to use as it
    is; ``install.sh`` fills it in), the icons and ``install.sh``."""
    top = package_name()
    archive = out / f"{top}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(build, f"{top}/catgames", filter=_anonymous)
        tar.add(LINUX / "catgames.desktop.in", f"{top}/catgames.desktop.in", filter=_anonymous)
        tar.add(LINUX / "install.sh", f"{top}/install.sh", filter=_anonymous)
        for size in ICON_SIZES:
            name = f"catgames-{size}.png"
            tar.add(ICON_DIR / name, f"{top}/icons/{name}", filter=_anonymous)
    return archive


def zip_archive(folder: Path, out: Path) -> Path:
    """Windows and macOS: a ``.zip`` of the build folder or the ``.app`` (macOS's own ``ditto``
    keeps the bundle's symlinks and signature, which a plain zip would break)."""
    if sys.platform == "darwin":
        archive = out / f"{package_name()}.zip"
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(folder), str(archive)], check=True)
        return archive
    return Path(shutil.make_archive(str(out / package_name()), "zip", folder.parent, folder.name))


def build(archive: bool = True) -> list[Path]:
    """Run PyInstaller, then pack the result for this system; returns what was made."""
    run_pyinstaller()
    made = [DIST / ("catgames.app" if sys.platform == "darwin" else "catgames")]
    if archive:
        if sys.platform.startswith("linux"):
            made.append(linux_archive(DIST / "catgames", DIST))
        else:
            made.append(zip_archive(made[0], DIST))
    return made


def disk_size(path: Path) -> int:
    """Bytes of a file, or of the files in a folder; a symlink (the build links a library's
    versioned names to one file) counts as nothing, as the file it points to is counted."""
    if path.is_symlink():
        return 0
    if path.is_file():
        return path.stat().st_size
    return sum(os.lstat(os.path.join(folder, name)).st_size
               for folder, _, names in os.walk(path) for name in names
               if not os.path.islink(os.path.join(folder, name)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-archive", action="store_true", help="build only, pack nothing")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print("packaging/build.py: PyInstaller is missing; install the build tools first:\n"
              "  python3 -m venv .venv && .venv/bin/python -m pip install -r requirements-dev.txt\n"
              "  .venv/bin/python packaging/build.py", file=sys.stderr)
        return EXIT_NO_TOOL
    started = time.monotonic()
    try:
        made = build(archive=not args.no_archive)
    except subprocess.CalledProcessError as exc:
        if exc.returncode != EXIT_LICENCE:  # that one has said its line (packaging/licences.py)
            print(f"packaging/build.py: PyInstaller failed (exit code {exc.returncode})", file=sys.stderr)
        return exc.returncode or 1
    for path in made:
        print(f"built {path.relative_to(ROOT)} ({disk_size(path) / 2**20:.1f} MiB)")
    print(f"build took {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
