"""Files on disk: where they live, atomic writes, the autosave slot and the settings.

Nothing a player made is ever silently lost: writes go to a temp file that replaces the old one
in a single ``os.replace``, and a file we cannot use is moved aside as ``<name>.bad`` (with a
counter if that exists) while the caller gets a message to show.
"""

from __future__ import annotations

import logging
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Callable, Generic, TypeVar

import yaml

log = logging.getLogger(__name__)

HOME_ENV = "CATGAMES_HOME"
AUTOSAVE_NAME = "autosave.yaml"
SAFE_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  #: libyaml when present: a save per move
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SETTINGS_NAME = "settings.yaml"

T = TypeVar("T")


# -- places -------------------------------------------------------------------------------------
def data_dir() -> Path:
    """Saves live here: ``$CATGAMES_HOME`` if set (tests, portable installs), else the OS's."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    import platformdirs
    return Path(platformdirs.user_data_dir("catgames"))


def config_dir() -> Path:
    """Settings live here: ``$CATGAMES_HOME`` if set, else the OS's config directory."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    import platformdirs
    return Path(platformdirs.user_config_dir("catgames"))


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def settings_path() -> Path:
    return config_dir() / SETTINGS_NAME


# -- primitives ---------------------------------------------------------------------------------
def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never a torn mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_yaml(path: Path, data: Any) -> None:
    atomic_write_text(path, yaml.dump(data, Dumper=SAFE_DUMPER, sort_keys=False, allow_unicode=True))


def move_aside(path: Path) -> Path:
    """Rename ``path`` to ``path.bad`` (``.bad.1``, ``.bad.2``… if taken); returns the new path."""
    target = path.with_name(path.name + ".bad")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad.{counter}")
        counter += 1
    os.replace(path, target)
    return target


@dataclass(frozen=True)
class SetAside:
    """A file that could not be used and where it now is, for the UI to report."""

    reason: str
    moved_to: Path

    def __str__(self) -> str:
        return f"could not be read ({self.reason}) and was moved aside to {self.moved_to}"


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What a load gave: the value (``None`` if there was none) and a problem to report, if any."""

    value: T | None
    problem: SetAside | None = None


def _read_yaml(path: Path) -> Any:
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except UnicodeDecodeError as exc:
        raise ValueError("it is not text") from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise ValueError(f"it is not valid YAML{where}") from exc


def load_checked(path: Path, build: Callable[[Any], T]) -> Loaded[T]:
    """Read YAML at ``path`` and turn it into a value with ``build``.

    A missing file gives ``Loaded(None)``.  If reading or ``build`` fails with ``ValueError``
    (``SaveError`` is one), the file is moved aside and the reason returned.
    """
    if not path.exists():
        return Loaded(None)
    try:
        return Loaded(build(_read_yaml(path)))
    except ValueError as exc:
        moved = move_aside(path)
        log.warning("%s: %s; moved aside to %s", path, exc, moved)
        return Loaded(None, SetAside(str(exc), moved))


# -- the autosave slot --------------------------------------------------------------------------
def autosave_exists() -> bool:
    return autosave_path().exists()


def save_autosave(data: dict[str, Any]) -> Path:
    path = autosave_path()
    write_yaml(path, data)
    return path


def load_autosave(build: Callable[[Any], T]) -> Loaded[T]:
    """The autosave turned into a value by ``build`` (e.g. ``Match.from_dict``)."""
    return load_checked(autosave_path(), build)


def delete_autosave() -> None:
    autosave_path().unlink(missing_ok=True)


# -- settings -----------------------------------------------------------------------------------
PALETTES = ("okabe-ito", "high-contrast")
AI_SPEEDS = ("instant", "normal", "slow")
UI_SCALE_RANGE = (0.75, 1.5)


@dataclass
class Settings:
    """What a player chose, kept between runs."""

    language: str = "en"
    effects_volume: float = 0.7
    music_volume: float = 0.5
    fullscreen: bool = False
    ui_scale: float = 1.0
    palette: str = "okabe-ito"
    ai_speed: str = "normal"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> tuple["Settings", list[str]]:
        """Settings from a mapping; each unknown key or bad value becomes a warning and a default.

        Anything but a mapping raises ``ValueError`` (the file is then set aside, not overwritten).
        """
        if not isinstance(data, dict):
            raise ValueError("it does not hold a mapping of settings")
        settings, warnings = cls(), []
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                warnings.append(f"unknown setting {key!r} ignored")
        for key in known & set(data):
            value, problem = _validate(key, data[key])
            if problem:
                warnings.append(f"setting {key!r}: {problem}; using {getattr(settings, key)!r}")
            else:
                setattr(settings, key, value)
        return settings, warnings


def _validate(key: str, value: Any) -> tuple[Any, str | None]:
    """``(value, None)`` if ``value`` suits setting ``key``, else ``(None, what was expected)``."""
    if key in ("effects_volume", "music_volume", "ui_scale"):
        lo, hi = UI_SCALE_RANGE if key == "ui_scale" else (0.0, 1.0)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
            return None, f"{value!r} is not a number from {lo} to {hi}"
        return float(value), None
    if key == "fullscreen":
        return (value, None) if isinstance(value, bool) else (None, f"{value!r} is not true/false")
    choices = {"palette": PALETTES, "ai_speed": AI_SPEEDS}.get(key)
    if choices is not None and value not in choices:
        return None, f"{value!r} is not one of {list(choices)}"
    if key == "language" and not (isinstance(value, str) and value.isalpha()):
        return None, f"{value!r} is not a language code"
    return value, None


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings (defaults where missing or bad) and warnings to show; never raises."""
    warnings: list[str] = []

    def build(data: Any) -> Settings:
        settings, found = Settings.from_dict({} if data is None else data)
        warnings.extend(found)
        return settings

    loaded = load_checked(settings_path(), build)
    if loaded.problem:
        warnings.append(f"the settings file {loaded.problem}")
    for w in warnings:
        log.warning("settings: %s", w)
    return loaded.value or Settings(), warnings


def save_settings(settings: Settings) -> None:
    write_yaml(settings_path(), settings.to_dict())
