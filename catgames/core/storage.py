"""Files on disk: where they live, atomic writes, the save slots, set-up memory and settings.

Nothing a player made is ever silently lost: writes go to a temp file that replaces the old one
in a single ``os.replace``, and a file we cannot use is moved aside as ``<name>.bad`` (with a
counter if that exists; left in place when the folder is read-only) while the caller gets a
``FileProblem`` to show.  Every file is read through ``safe_yaml``, so no file found on disk
(a folder, 20 MB, an alias bomb) can stop the app from starting.
"""

from __future__ import annotations

import glob
import locale
import logging
import os
import re
import tempfile
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Callable, Generic, Mapping, TypeVar

import yaml

from catgames.core import safe_yaml

log = logging.getLogger(__name__)

HOME_ENV = "CATGAMES_HOME"
AUTOSAVE_NAME = "autosave.yaml"  #: the single slot of versions before one save per game
SAVES_FOLDER = "saves"           #: one ``<game id>.yaml`` per unfinished game
SETUPS_NAME = "setups.yaml"      #: the last set-up of each game's new-game screen
SAFE_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  #: libyaml when present: a save per move
SETTINGS_NAME = "settings.yaml"
INTRODUCED_NAME = "introduced.yaml"  #: the games whose first-game tutorial was offered or played

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
    """The old single autosave: read once, then moved into its game's slot (``core.saves``)."""
    return data_dir() / AUTOSAVE_NAME


def saves_dir() -> Path:
    return data_dir() / SAVES_FOLDER


def save_path(game_id: str) -> Path:
    """The slot of ``game_id``'s unfinished game (ids are catalogue ids: safe file names)."""
    if not re.fullmatch(r"[a-z0-9_-]+", game_id):
        raise ValueError(f"{game_id!r} is not a game id")
    return saves_dir() / f"{game_id}.yaml"


def setups_path() -> Path:
    return data_dir() / SETUPS_NAME


def introduced_path() -> Path:
    return data_dir() / INTRODUCED_NAME


def settings_path() -> Path:
    return config_dir() / SETTINGS_NAME


# -- primitives ---------------------------------------------------------------------------------
TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60.0  #: a write takes milliseconds; an older temp file is from a killed run
MAX_SET_ASIDE = 100        #: ``.bad`` … ``.bad.99``; past that a bad file stays where it is


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never a torn mix.

    The temp file is flushed to disk before the rename and the folder after it, so a power cut
    cannot leave an empty file behind the new name.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows cannot open a folder, nor needs to).

    Best effort: some file systems refuse to sync a folder, and the new file is in place anyway.
    """
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        log.debug("cannot sync the folder %s: %s", folder, exc)


def remove_stale_temp_files(path: Path, now: float | None = None) -> list[Path]:
    """Delete temp files that a run killed mid-write left beside ``path``; returns them.

    Only our own ``.<name>.*.tmp`` files older than ``STALE_TEMP_SECONDS`` go: a younger one
    may belong to a write in progress in another window.  Never raises.
    """
    now = time.time() if now is None else now
    removed = []
    try:
        candidates = list(path.parent.glob(f"{glob.escape(_temp_prefix(path))}*{TEMP_SUFFIX}"))
    except OSError:
        return []
    for tmp in candidates:
        try:
            if tmp.is_file() and now - tmp.lstat().st_mtime > STALE_TEMP_SECONDS:
                tmp.unlink()
                removed.append(tmp)
        except OSError as exc:
            log.warning("cannot remove the stale temp file %s: %s", tmp, exc)
    return removed


def tidy_at_start() -> None:
    """Remove what killed runs left behind beside the saves, the set-ups and the settings."""
    for path in (autosave_path(), setups_path(), settings_path(), introduced_path(),
                 *_slots_being_written()):
        for tmp in remove_stale_temp_files(path):
            log.info("removed the stale temp file %s", tmp)


def write_yaml(path: Path, data: Any) -> None:
    atomic_write_text(path, yaml.dump(data, Dumper=SAFE_DUMPER, sort_keys=False, allow_unicode=True))


def move_aside(path: Path) -> Path:
    """Rename ``path`` to ``path.bad`` (``.bad.1``, ``.bad.2``… if taken); returns the new path.

    Raises ``OSError`` when it cannot (a read-only folder, every name up to ``MAX_SET_ASIDE``
    taken): the caller then leaves the file where it is.
    """
    names = [path.name + ".bad"] + [f"{path.name}.bad.{n}" for n in range(1, MAX_SET_ASIDE)]
    for name in names:
        target = path.with_name(name)
        if not target.exists() and not target.is_symlink():
            os.replace(path, target)
            return target
    raise FileExistsError(f"{MAX_SET_ASIDE} files are set aside already")


@dataclass(frozen=True)
class FileProblem:
    """A file that could not be used: why, and where it is now (moved aside or left in place).

    ``code`` picks the player's sentence (``file_problem.<code>`` in the strings); ``detail`` is
    the specific English reason, for the log.
    """

    code: str
    detail: str
    path: Path
    moved: bool

    def __str__(self) -> str:
        where = "was moved aside to" if self.moved else "was left in place at"
        return f"could not be read ({self.detail}) and {where} {self.path}"


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What a load gave: the value (``None`` if there was none) and a problem to report, if any."""

    value: T | None
    problem: FileProblem | None = None


def load_checked(path: Path, build: Callable[[Any], T]) -> Loaded[T]:
    """Read YAML at ``path`` and turn it into a value with ``build``; never raises.

    A missing file gives ``Loaded(None)``.  A file that cannot be read, or that ``build``
    refuses with ``ValueError`` (``SaveError`` and ``UnusableFile`` carry a ``code``), is moved
    aside when possible and left in place otherwise, and the problem returned.
    """
    try:
        return Loaded(build(safe_yaml.load(path)))
    except safe_yaml.MissingFile:
        return Loaded(None)
    except ValueError as exc:
        code, detail = getattr(exc, "code", "damaged"), str(exc)[:300]
    except Exception as exc:  # last resort: a hostile file that trips a bug must not stop start-up
        log.exception("%s: unexpected error while loading", path)
        code, detail = "damaged", f"{type(exc).__name__}: {str(exc)[:300]}"
    return Loaded(None, _set_aside(path, code, detail))


def _set_aside(path: Path, code: str, detail: str) -> FileProblem:
    try:
        problem = FileProblem(code, detail, move_aside(path), moved=True)
    except OSError as exc:
        log.warning("%s: cannot move it aside (%s); it stays where it is", path, exc)
        problem = FileProblem(code, detail, path, moved=False)
    log.warning("%s: %s", path, problem)
    return problem


# -- save slots: one unfinished game per game -----------------------------------------------
def save_paths() -> list[Path]:
    """Every slot file there is, sorted (``.bad`` files set aside and temp files are not)."""
    try:
        return sorted(p for p in saves_dir().glob("*.yaml") if not p.name.startswith("."))
    except OSError:
        return []


def _slots_being_written() -> set[Path]:
    """The slots that temp files in the saves folder were written for (the file may not exist
    yet: a run killed during a game's first save)."""
    try:
        temps = list(saves_dir().glob(f".*.yaml.*{TEMP_SUFFIX}"))
    except OSError:
        return set()
    return {t.with_name(t.name[1:t.name.index(".yaml.") + 5]) for t in temps}


def save_exists(game_id: str) -> bool:
    try:
        return save_path(game_id).is_file()
    except OSError:
        return False


def write_save(game_id: str, data: dict[str, Any]) -> Path:
    path = save_path(game_id)
    write_yaml(path, data)
    return path


def delete_save(game_id: str) -> None:
    save_path(game_id).unlink(missing_ok=True)


def set_aside(path: Path, code: str, detail: str) -> FileProblem:
    """Move a file that was read but cannot be used aside (as ``load_checked`` does)."""
    return _set_aside(path, code, detail)


def modified(path: Path) -> float:
    """When ``path`` was last written (0 if that cannot be told)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


# -- set-up memory ------------------------------------------------------------------------------
def load_setups() -> Loaded[dict[str, Any]]:
    """The remembered set-up of each game, by game id (``{}`` if none); a bad file is set aside."""
    def build(data: Any) -> dict[str, Any]:
        if data is None:
            return {}
        if not isinstance(data, dict):
            raise safe_yaml.UnusableFile("damaged", "it does not hold a mapping of set-ups")
        return {str(k): v for k, v in data.items() if isinstance(v, dict)}
    return load_checked(setups_path(), build)


def save_setup(game_id: str, setup: dict[str, Any]) -> None:
    """Remember ``setup`` for ``game_id``, keeping the other games' (a bad file is set aside)."""
    setups = load_setups().value or {}
    setups[game_id] = setup
    write_yaml(setups_path(), setups)


# -- games the player has met (the first-game tutorial is offered once) -------------------------
def load_introduced() -> Loaded[frozenset[str]]:
    """The ids of the games already played, tutored or offered a tutorial (empty if none); a bad
    file is set aside, so the offers come once more rather than never."""
    def build(data: Any) -> frozenset[str]:
        if data is None:
            return frozenset()
        games = data.get("games") if isinstance(data, dict) else None
        if not isinstance(games, list) or not all(isinstance(g, str) for g in games):
            raise safe_yaml.UnusableFile("damaged", "it does not hold a list of game ids")
        return frozenset(games)
    return load_checked(introduced_path(), build)


def mark_introduced(game_id: str) -> None:
    """Remember that ``game_id`` has been played, tutored or offered its tutorial."""
    known = load_introduced().value or frozenset()
    if game_id not in known:
        write_yaml(introduced_path(), {"games": sorted(known | {game_id})})


# -- settings -----------------------------------------------------------------------------------
PALETTES = ("okabe-ito", "high-contrast")
AI_SPEEDS = ("instant", "normal", "slow")
UI_SCALE_RANGE = (0.75, 1.5)
LANGUAGES = ("en", "zh-TW", "fr", "ru", "uk")  #: the languages we ship, in the Settings order
DEFAULT_LANGUAGE = "en"
MAX_ADDRESS = 200  #: characters of the server address setting


@dataclass
class Settings:
    """What a player chose, kept between runs."""

    language: str = DEFAULT_LANGUAGE
    effects_volume: float = 0.7
    music_volume: float = 0.5
    fullscreen: bool = False
    ui_scale: float = 1.0
    palette: str = "okabe-ito"
    ai_speed: str = "normal"
    reduce_motion: bool = False  #: moves appear at once, without their animations
    #: a finished turn waits for its player's End turn while a step of it can be taken back
    confirm_turns: bool = True
    #: the server of online tables someone runs (``host:port`` or ``wss://…``); ``""``: this computer's own
    server_address: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> tuple["Settings", list["SettingProblem"]]:
        """Settings from a mapping; each unknown key or bad value becomes a problem and a default.

        Anything but a mapping raises ``UnusableFile`` (the file is then set aside, not
        overwritten).
        """
        if not isinstance(data, dict):
            raise safe_yaml.UnusableFile("not_settings", "it does not hold a mapping of settings")
        settings, problems = cls(), []
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                problems.append(SettingProblem(safe_yaml.brief(key), False, "unknown setting"))
        for key in sorted(known & set(data)):
            value, problem = _validate(key, data[key])
            if problem:
                problems.append(SettingProblem(key, True, f"{problem}; using "
                                               f"{getattr(settings, key)!r}"))
            else:
                setattr(settings, key, value)
        return settings, problems


@dataclass(frozen=True)
class SettingProblem:
    """One entry of the settings file that was not used, so its default is in force.

    ``known`` is false for a key this version has no setting for; ``detail`` is for the log.
    """

    key: str
    known: bool
    detail: str


def _validate(key: str, value: Any) -> tuple[Any, str | None]:
    """``(value, None)`` if ``value`` suits setting ``key``, else ``(None, what was expected)``."""
    shown = safe_yaml.brief(value)
    if key in ("effects_volume", "music_volume", "ui_scale"):
        lo, hi = UI_SCALE_RANGE if key == "ui_scale" else (0.0, 1.0)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
            return None, f"{shown} is not a number from {lo} to {hi}"
        return float(value), None
    if key in ("fullscreen", "reduce_motion", "confirm_turns"):
        return (value, None) if isinstance(value, bool) else (None, f"{shown} is not true/false")
    if key == "server_address" and (not isinstance(value, str) or len(value) > MAX_ADDRESS or not value.isprintable()):
        return None, f"{shown} is not a server address"
    choices = {"palette": PALETTES, "ai_speed": AI_SPEEDS}.get(key)
    if choices is not None and value not in choices:
        return None, f"{shown} is not one of {list(choices)}"
    if key == "language" and value not in LANGUAGES:
        return None, f"{shown} is not one of the languages we ship ({', '.join(LANGUAGES)})"
    return value, None


# -- the system's language ----------------------------------------------------------------------
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  #: POSIX order: the first one set decides
#: Windows names its locales in English (``French_France``, ``Chinese (Traditional)_Taiwan``)
_LANGUAGE_NAMES = {"english": "en", "chinese": "zh", "french": "fr", "russian": "ru",
                   "ukrainian": "uk"}
#: what marks a Chinese locale as Traditional: a script, a region that writes it, Windows' words
_TRADITIONAL = {"hant", "tw", "hk", "mo", "traditional", "taiwan", "hong", "macao", "macau"}


def language_of_locale(name: str) -> str | None:
    """The shipped language for a locale name (POSIX ``zh_TW.UTF-8``, BCP 47 ``zh-Hant-HK``,
    Windows ``Chinese (Traditional)_Taiwan``), or ``None``: Simplified Chinese, ``C`` and every
    language we do not ship."""
    words = [w for w in re.split(r"[-_\s()]+", name.split(".")[0].split("@")[0].lower()) if w]
    if not words:
        return None
    language = _LANGUAGE_NAMES.get(words[0], words[0])
    if language == "zh":
        return "zh-TW" if _TRADITIONAL & set(words[1:]) else None
    return language if language in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None,
                    get_locale: Callable[[], tuple[str | None, str | None]] = locale.getlocale) -> str:
    """The language a first start uses: the system's when we ship it, else English.

    Like gettext: ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first one set) names the locale,
    else the process's locale (``locale.getlocale()``: Windows and macOS set no variables);
    ``LANGUAGE``, a list such as ``fr:en``, is preferred unless the locale is ``C``.
    """
    env = os.environ if environ is None else environ
    posix = next((env[v] for v in LOCALE_VARIABLES if env.get(v)), None) or get_locale()[0] or ""
    if posix.split(".")[0].upper() in ("", "C", "POSIX"):
        return DEFAULT_LANGUAGE
    preferred = [*env.get("LANGUAGE", "").split(":"), posix]
    found = (language_of_locale(name) for name in preferred if name)
    return next((language for language in found if language), DEFAULT_LANGUAGE)


def load_settings() -> tuple[Settings, list[FileProblem | SettingProblem]]:
    """The saved settings (defaults where missing or bad) and the problems to show; never raises.

    With no settings file at all (a first start) the language is the system's.
    """
    problems: list[FileProblem | SettingProblem] = []

    def build(data: Any) -> Settings:
        settings, found = Settings.from_dict({} if data is None else data)
        problems.extend(found)
        return settings

    loaded = load_checked(settings_path(), build)
    if loaded.problem:
        problems.append(loaded.problem)
    unknown = [p.key for p in problems if isinstance(p, SettingProblem) and not p.known]
    for p in problems:
        if not isinstance(p, SettingProblem) or p.known:
            log.warning("settings: %s", p)
    if unknown:
        log.warning("settings: %d unknown keys ignored (%s)", len(unknown), ", ".join(unknown[:5]))
    if loaded.value is not None:
        return loaded.value, problems
    first_start = loaded.problem is None
    return Settings(language=system_language() if first_start else DEFAULT_LANGUAGE), problems


def save_settings(settings: Settings) -> None:
    write_yaml(settings_path(), settings.to_dict())
