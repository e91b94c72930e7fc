"""The game's log: set up once a process by the command line (``cli.main``).

What a maintainer traces is a ``logging`` record of a ``belote2p.*`` logger;
what a player must read is a message on the screen or on stderr.  This module
joins the two ends:

- **the log file** (``belote2p.log`` in ``log_dir()``, rotated at 1 MiB, three
  old files kept) keeps every record from the chosen level up (``--log-level``,
  default info), tracebacks included, and every crash (``sys.excepthook``,
  ``threading.excepthook``): the windowed build has no stderr at all, so the
  file is where a bug report's details are (Settings names it);
- **stderr**, where there is one, shows a record from warning up, and any
  record the player must read however low its level: one made with
  ``extra={PLAYER_KEY: True}`` (a wait for another process's lock, so that a command
  does not seem to hang).  It shows one line, ``belote2p: message``, never a
  traceback (the file has it).

A folder that cannot be written costs the file, never the game.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

LOG_DIR_ENV = "BELOTE2P_LOG_DIR"
LEVEL_ENV = "BELOTE2P_LOG_LEVEL"
DATA_DIR_ENV = "BELOTE2P_DATA_DIR"  # (store.paths.ENV_VAR: the data folder's override)
FILE_NAME = "belote2p.log"
MAX_BYTES = 1 << 20
BACKUPS = 3
LEVELS: tuple[str, ...] = ("debug", "info", "warning", "error")
DEFAULT_LEVEL = "info"
# ``log.info(..., extra={PLAYER_KEY: True})``: shown on stderr at any level (the
# store's lock waits: ``store.locks.TELL_PLAYER``, not imported here: the store
# costs 90 ms to import, and every command sets up its log).
PLAYER_KEY = "player"
# A record already on stderr (a crash: Python prints its traceback there).
_SHOWN: Mapping[str, bool] = {"shown": True}

ROOT_LOGGER = "belote2p"
# The crash hooks ``configure`` replaced (``reset`` puts them back).
_before: tuple[Any, Any] | None = None
_FILE_FORMAT = "%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"


def log_dir(env: Mapping[str, str] = os.environ) -> Path:
    """``$BELOTE2P_LOG_DIR``; else ``logs/`` in the data folder the player
    chose (``--data-dir``, ``$BELOTE2P_DATA_DIR``: a folder that is the whole
    install keeps its log too); else the system's user log folder (platformdirs)."""
    for name, below in ((LOG_DIR_ENV, ""), (DATA_DIR_ENV, "logs")):
        override = env.get(name, "").strip()
        if override:
            return Path(override).expanduser() / below
    import platformdirs

    return Path(platformdirs.user_log_dir("belote2p", appauthor=False))


def log_file(env: Mapping[str, str] = os.environ) -> Path:
    """Where the log file is (or would be): for a bug report."""
    return log_dir(env) / FILE_NAME


class _Stderr(logging.Handler):
    """One line a record on the stderr of the moment (a test's capture, or
    none at all in the windowed build), from ``threshold`` up or told to the player."""

    def __init__(self, threshold: int, file: Path | None) -> None:
        super().__init__(logging.DEBUG)
        self.threshold = threshold
        self.file = file

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "shown", False):
            return False
        return record.levelno >= self.threshold or bool(getattr(record, PLAYER_KEY, False))

    def format(self, record: logging.LogRecord) -> str:
        line = f"belote2p: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            where = f"; the details are in {self.file}" if self.file is not None else ""
            line += f" ({type(error).__name__}: {error}{where})"
        return line

    def emit(self, record: logging.LogRecord) -> None:
        stream = sys.stderr
        if stream is None:
            return
        try:
            stream.write(self.format(record) + "\n")
            stream.flush()
        except Exception:  # noqa: BLE001 - a closed or broken stderr loses the line only
            self.handleError(record)


def configure(level: str = DEFAULT_LEVEL, folder: Path | None = None) -> Path | None:
    """The ``belote2p`` loggers' handlers, set once a process (a second call,
    as tests make, replaces the first's); gives the log file, or None where
    its folder cannot be written (told on stderr: the game goes on)."""
    logger = logging.getLogger(ROOT_LOGGER)
    reset()
    threshold = logging.getLevelName(level.upper())  # (a number, for a name of LEVELS)
    logger.setLevel(min(threshold, logging.INFO))  # (a wait told to the player is info)
    path = _file_handler(logger, (folder or log_dir()) / FILE_NAME, threshold)
    console = _Stderr(max(threshold, logging.WARNING), path)
    logger.addHandler(console)
    _catch_crashes(logger)
    return path


def log_start(version: str, command: str) -> None:
    """The first line of a process's log: what runs, where (the search core
    names itself when it is loaded, ``ai.core``: the window's runs in its worker)."""
    logging.getLogger(ROOT_LOGGER).info(
        "belote2p %s starts: %s (Python %s on %s)", version, command,
        sys.version.split()[0], sys.platform)


class _RotatingFile(logging.FileHandler):
    """``belote2p.log``, moved to ``.1`` (``.1`` to ``.2``...) before a record
    would take it past MAX_BYTES, BACKUPS old files kept: logging.handlers.RotatingFileHandler's
    rule, without importing logging.handlers (socket and more: 6 to 38 ms of
    every command's start, for handlers the game never uses)."""

    def emit(self, record: logging.LogRecord) -> None:
        if self.stream is not None and (
                self.stream.tell() + len(self.format(record).encode()) + 1 > MAX_BYTES):
            self.close()  # (a closed FileHandler reopens its file at the next record)
            try:
                for older in range(BACKUPS - 1, -1, -1):
                    source = Path(f"{self.baseFilename}.{older}" if older else self.baseFilename)
                    if source.exists():
                        os.replace(source, f"{self.baseFilename}.{older + 1}")
            except OSError:  # another process rotating it at once: its turn
                pass
        super().emit(record)


def _file_handler(logger: logging.Logger, path: Path, threshold: int) -> Path | None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = _RotatingFile(path, encoding="utf-8")
    except OSError as exc:
        if sys.stderr is not None:
            print(f"belote2p: no log file ({path}: {exc.strerror or exc}); the game goes on",
                  file=sys.stderr)
        return None
    handler.setLevel(threshold)
    handler.setFormatter(logging.Formatter(_FILE_FORMAT))
    logger.addHandler(handler)
    return path


def reset() -> None:
    """The handlers ``configure`` set, closed and removed (the hooks put back)."""
    global _before
    logger = logging.getLogger(ROOT_LOGGER)
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()
    logger.setLevel(logging.NOTSET)
    if _before is not None:  # each hook put back only if still ours (not since replaced)
        if getattr(sys.excepthook, "belote2p", False):
            sys.excepthook = _before[0]
        if getattr(threading.excepthook, "belote2p", False):
            threading.excepthook = _before[1]
        _before = None


def _catch_crashes(logger: logging.Logger) -> None:
    """An uncaught exception, in the main thread or another, is logged (to the
    file) before Python prints it (to a stderr the windowed build lacks)."""
    def crashed(kind: type[BaseException], error: BaseException,
                trace: TracebackType | None) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            logger.critical("crashed", exc_info=(kind, error, trace), extra=_SHOWN)
        if sys.stderr is not None:
            sys.__excepthook__(kind, error, trace)

    def thread_crashed(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            name = args.thread.name if args.thread is not None else "?"
            logger.critical("thread %s crashed", name, extra=_SHOWN,
                            exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
        if sys.stderr is not None:
            threading.__excepthook__(args)

    global _before
    _before = (sys.excepthook, threading.excepthook)
    crashed.belote2p = thread_crashed.belote2p = True  # type: ignore[attr-defined]
    sys.excepthook = crashed
    threading.excepthook = thread_crashed
