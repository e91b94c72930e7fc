"""The title's frames over a long history: the longest frame in the second
after a title opens (as it does after every run), with the window's own
store (written behind) on a data folder, SDL's dummy driver, the loop paced
at 60 Hz as a player's window is (``App.fps``).  A frame is the window's own
record of it (``App.frame_times``: flip to flip, so 16.7 ms when nothing is
late).

    PYTHONPATH=. python benchmarks/bench_title_frames.py FOLDER [--opens N] [--size WxH]

``FOLDER`` is opened as it is (copy it first: the window writes to it); a
history of 100,000 runs comes from ``bench_store_scale.py --keep DIR``
(``DIR/runs-100000``).  Prints one JSON line: the longest frame of each
opening and their median, and the load average (quote it: the frames are
the host's too).  To compare two trees, run each tree's copy of this file on
its own copy of the folder, in turn.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import TYPE_CHECKING

# the checkout's root: the lab (lab/) is there only, never installed
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


if TYPE_CHECKING:
    from belote2p.ui.main import Game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--opens", type=int, default=8)
    parser.add_argument("--size", default="960x600")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from belote2p.store.sqlite import open_store
    from belote2p.ui.app import FPS
    from belote2p.ui.navigation import Route
    from lab import harness as h

    width, height = (int(n) for n in args.size.split("x"))
    store = open_store(args.folder, echo=False, behind=True)
    game = h.make_app(size=(width, height), store=store, worker="thread")
    game.app.fps = FPS  # (the harness's loop is unpaced)
    try:
        game.nav.reset(Route.TITLE)
        _frames(game, 1.0)  # fonts, art, the AI's worker, the title's facts
        longest = []
        for _open in range(args.opens):
            title = game.nav.reset(Route.TITLE)
            longest.append(max(_frames(game, 1.0)))
            assert getattr(title, "facts", True) is not None, "the title's facts never came"
    finally:
        game.app.shutdown()
        game.ctx.worker.shutdown()
        store.close()
    print(json.dumps({"folder": args.folder, "size": args.size,
                      "longest_frame_ms": [round(ms, 1) for ms in longest],
                      "median_ms": round(statistics.median(longest), 1),
                      "load": round(os.getloadavg()[0], 2)}))


def _frames(game: Game, seconds: float) -> list[float]:
    """The window's frames (ms, flip to flip) over ``seconds`` of its loop."""
    app = game.app
    first = len(app.frame_times)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step()
    return app.frame_times[first:]


if __name__ == "__main__":
    main()
