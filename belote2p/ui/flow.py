"""The run's life outside the table: new, continue, abandon, finish, record.

The store (save after every action, the leaderboard) belongs to the store
package; this module only decides which screen comes next.
"""

from __future__ import annotations

import sys
from datetime import datetime, timezone

from ..match import Run


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


def restore(seed: str, actions) -> tuple[Run, int]:
    """The saved run rebuilt; how many trailing actions could not be replayed."""
    try:
        from ..store import restore_run
    except ImportError:
        restore_run = None
    if restore_run is not None:
        return restore_run(seed, list(actions))
    return Run.replay(seed, list(actions)), 0


def saved_run(app):
    try:
        return app.store.load_run()
    except Exception:  # noqa: BLE001
        return None


def start_new_run(app) -> None:
    from .app import new_seed
    from .table import TableScene

    seed, started = new_seed(), now_iso()
    run = Run(seed)
    _save(app, run, started)
    app.reset_to(TableScene(app, run, started))


def continue_run(app) -> None:
    from .menus import TitleScene
    from .table import TableScene

    saved = saved_run(app)
    if saved is None:
        return
    try:
        run, dropped = restore(saved.seed, saved.actions)
    except Exception as exc:  # noqa: BLE001 - a bad save must not lock the player out
        app.toast(app.texts("title.resume_failed", error=exc))
        _clear(app)
        app.reset_to(TitleScene(app))
        return
    if dropped:
        app.toast(app.texts("title.resume_failed", error=f"{dropped} moves dropped"))
        _save(app, run, saved.started)
    app.reset_to(TableScene(app, run, saved.started))


def abandon_saved_run(app) -> None:
    """From the title: the saved run ends (its match counts as lost), then its
    end-of-run screens, like any run."""
    from .table import TableScene

    saved = saved_run(app)
    if saved is None:
        start_new_run(app)
        return
    run, _ = restore(saved.seed, saved.actions)
    abandon(app, run, saved.started)
    app.reset_to(TableScene(app, run, saved.started))


def abandon(app, run: Run, started: str) -> None:
    """``run.abandon()``.  The save cannot say "abandoned", so the run is held
    for recording (done at once if the game closes first); the store drops
    the saved run when it records it."""
    if not run.over:
        run.abandon()
    app.pending_record = (run, started)


def run_finished(app, run: Run, started: str) -> None:
    """The run-over panel was dismissed: a name if it makes the board, then the
    board; otherwise it is recorded under the last name used."""
    from .menus import NameEntryScene, TitleScene

    app.reset_to(TitleScene(app))
    if _qualifies(app, run):
        app.push(NameEntryScene(app, run, started))
        return
    record(app, run, started, _default_name(app), typed=False)
    app.top.build()  # the title without the finished run


def record(app, run: Run, started: str, name: str, typed: bool = True) -> int | None:
    entry = None
    try:
        entry = app.store.record_finished_run(run, name, started)
        if typed:
            app.store.set_last_name(name)
    except Exception as exc:  # noqa: BLE001
        app.toast(str(exc))
    _clear(app)
    app.pending_record = None
    return entry


def record_pending(app) -> None:
    """The game closes before an abandoned run was recorded: record it now,
    under the last name used."""
    run, started = app.pending_record
    app.pending_record = None
    try:
        app.store.record_finished_run(run, _default_name(app), started)
        app.store.clear_run()
    except Exception as exc:  # noqa: BLE001
        print(f"belote2p: could not record the run: {exc}", file=sys.stderr)


def _default_name(app) -> str:
    try:
        return app.store.last_name() or "Player"
    except Exception:  # noqa: BLE001
        return "Player"


def _qualifies(app, run: Run) -> bool:
    try:
        return bool(app.store.qualifies(run.score))
    except Exception:  # noqa: BLE001
        return False


def _save(app, run: Run, started: str) -> None:
    try:
        app.store.save_run(str(run.seed), list(run.actions), started)
    except Exception as exc:  # noqa: BLE001
        app.toast(str(exc))


def _clear(app) -> None:
    try:
        app.store.clear_run()
    except Exception as exc:  # noqa: BLE001
        app.toast(str(exc))
