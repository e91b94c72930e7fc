"""The table's pace at a chosen animation speed, as a player sees it, in the real window.

    xvfb-run -a -s "-screen 0 1920x1080x24" python benchmarks/bench_pace.py \
        [--speed normal] [--seeds a b c] [--size WxH] [--only click|hand]
        [--clock real|simulated]

Two figures, each the median over the seeds (three by default):

- ``click_to_turn_s``: from the player's click on a card to the next "Your
  turn" / "Your lead", over one hand against the run's first rival (level 1,
  which answers at once), the rival in its worker process as in the game.
  ``won_s`` is the same for the tricks the player led and won (the rival
  answered, the trick was collected, the cards drawn, the player leads again);
  ``rival_leads_s`` for the tricks after which the rival leads.
- ``hand_s``: a whole hand of ``belote2p demo --levels 2 2 --hands 1`` (no
  ``--fast``): from the first frame to the end-of-hand panel.

The loop is the game's own (``App.step`` at 60 frames a second, measured time
steps); the player's clicks are posted as pygame events.  ``rival_waited_s``
is the time the table waited for an answer once the rival's minimum pause
was over (the rival's thinking showing in the pace), ``rival_trip_s`` the
median round trip of a decision to the worker.  Other work on the
machine shows in the figures: quote the load average printed with them, and
the frames' median (``frame_ms_p50``): a frame longer than 100 ms is counted
as 100 ms by the loop, so an overloaded machine slows the animations down.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from belote2p.core.actions import Phase
from belote2p.core.match import Run
from belote2p.services.run_session import ActiveRun
from belote2p.store import MemoryStore
from belote2p.ui.main import build_game
from belote2p.ui.navigation import Route
from belote2p.ui.table.demo import DemoConfig
from belote2p.ui.theme import theme

LIMIT_S = 400.0  # a hand that takes longer than this is a hang, not a figure


SIMULATED = {"on": False}  # --clock simulated: fixed 1/60 s frames, the rival in-line
FRAME_S = 1 / 60


def _game(size: tuple[int, int], speed: str):
    settings = dict(theme().defaults, animation_speed=speed)
    if SIMULATED["on"]:
        return build_game(MemoryStore(), size=size, settings=settings, worker_mode="inline",
                          fps=0, save_settings=False)
    return build_game(MemoryStore(), size=size, settings=settings, worker_mode="process",
                      save_settings=False)


class RivalWait:
    """How long the table waited for the rival's answer after its minimum pause
    was over (the beats done, the pause passed, the answer not yet there),
    summed over the run, and each answer's round trip to the worker."""

    def __init__(self) -> None:
        self.waited = 0.0
        self.trips: list[float] = []
        self._pending: object = None

    def note(self, table, dt: float) -> None:
        p = table.play.rivals.pending
        if p is None or not table.in_hand() or table.hand.to_move not in table.mode.ai_seats:
            return
        done = p.future.done()
        if done and p is not self._pending:
            self._pending = p
            self.trips.append(time.monotonic() - p.asked)
        if not done and table.idle() and table.play.idle_for >= table.play.min_pause():
            self.waited += dt


class Clock:
    """Seconds on screen: the wall clock, or frames x 1/60 s (``--clock simulated``:
    the animations' schedule alone, free of the machine's load)."""

    def __init__(self) -> None:
        self.frames = 0

    def step(self, app) -> None:
        if SIMULATED["on"]:
            app.step(FRAME_S)
        else:
            app.step()
        self.frames += 1

    def now(self) -> float:
        return self.frames * FRAME_S if SIMULATED["on"] else time.perf_counter()


def _panel_kind(table) -> str | None:
    panel = table.beats.panel
    return None if panel is None else panel.kind


def _your_turn(table) -> bool:
    return table.human_turn() and table.idle()


def _post_click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def click_to_turn(seed: str, size: tuple[int, int], speed: str) -> dict[str, Any]:
    """One hand against the level-1 rival; every click-to-next-turn interval."""
    game = _game(size, speed)
    app = game.app
    table = game.nav.reset(Route.TABLE, active=ActiveRun(Run(seed), "bench"))
    won: list[float] = []
    rival_leads: list[float] = []
    clicked_at: float | None = None
    led = False
    clock = Clock()
    wait = RivalWait()
    start = clock.now()
    try:
        while clock.now() - start < LIMIT_S:
            before = clock.now()
            clock.step(app)
            wait.note(table, clock.now() - before)
            if _panel_kind(table) is not None:
                break  # the hand is over
            if not _your_turn(table):
                continue
            hand = table.hand
            if clicked_at is not None and hand.phase is Phase.PLAY:
                took = clock.now() - clicked_at
                you_lead = not hand.current
                (won if led and you_lead else rival_leads if not you_lead else []).append(took)
                clicked_at = None
            state = table.state()
            if state.bid_buttons:
                bids = state.bid_buttons
                chosen = next((b for b in bids if b.value.word == "pass"), bids[0])
                _post_click(chosen.rect.center)
                clock.step(app)
                continue
            legal = [hc for hc in state.hand if not hc.dim]
            if not legal:
                continue
            led = not hand.current
            _post_click(legal[0].rect.center)
            clicked_at = clock.now()
    finally:
        app.shutdown()
    every = won + rival_leads
    return {"won_s": _median(won), "rival_leads_s": _median(rival_leads),
            "click_to_turn_s": _median(every), "tricks": len(every),
            "frame_ms_p50": _median(app.frame_times),
            "rival_waited_s": round(wait.waited, 2), "rival_trip_s": _median(wait.trips)}


def whole_hand(seed: str, size: tuple[int, int], speed: str) -> dict[str, Any]:
    """``belote2p demo --levels 2 2 --hands 1``: the first frame to the end-of-hand panel."""
    game = _game(size, speed)
    app = game.app
    table = game.nav.reset(Route.TABLE, active=ActiveRun(Run(seed), ""),
                           demo=DemoConfig(levels=(2, 2), hands=1, seed=seed))
    start = None
    clock = Clock()
    wait = RivalWait()
    try:
        while True:
            before = clock.now()
            clock.step(app)
            now = clock.now()
            wait.note(table, now - before)
            start = now if start is None else start
            if _panel_kind(table) == "hand_over":
                return {"hand_s": round(now - start, 2), "frame_ms_p50": _median(app.frame_times),
                        "rival_waited_s": round(wait.waited, 2),
                        "rival_trip_s": _median(wait.trips)}
            if now - start > LIMIT_S or not app.running:
                raise SystemExit(f"bench_pace: hand {seed!r} never ended")
    finally:
        app.shutdown()


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 3) if values else None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--speed", default="normal", choices=list(theme().speeds))
    p.add_argument("--seeds", nargs="+", default=["pace1", "pace2", "pace3"])
    p.add_argument("--size", default="1280x800", help="window size, WxH")
    p.add_argument("--only", choices=("click", "hand"), default=None)
    p.add_argument("--clock", choices=("real", "simulated"), default="real",
                   help="real: the wall clock under a display; simulated: 1/60 s a frame, "
                        "no display needed (the schedule alone)")
    args = p.parse_args(argv)
    SIMULATED["on"] = args.clock == "simulated"
    if SIMULATED["on"]:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    elif not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        print('bench_pace: no display; run it under a real X server, e.g.\n'
              '  xvfb-run -a -s "-screen 0 1920x1080x24" python benchmarks/bench_pace.py',
              file=sys.stderr)
        return 2
    w, h = (int(v) for v in args.size.lower().split("x"))
    load_before = os.getloadavg()[0]
    out: dict[str, Any] = {"speed": args.speed, "size": args.size, "seeds": args.seeds,
                 "clock": args.clock}
    if args.only in (None, "click"):
        clicks = [click_to_turn(s, (w, h), args.speed) for s in args.seeds]
        for key in ("click_to_turn_s", "won_s", "rival_leads_s"):
            out[key] = _median([c[key] for c in clicks if c[key] is not None])
        out["click_runs"] = clicks
        print(f"click: {json.dumps(clicks)}", file=sys.stderr, flush=True)
    if args.only in (None, "hand"):
        hands = [whole_hand(s, (w, h), args.speed) for s in args.seeds]
        out["hand_s"] = _median([run["hand_s"] for run in hands])
        out["hand_runs"] = hands
        print(f"hand: {json.dumps(hands)}", file=sys.stderr, flush=True)
    out["load_before"] = round(load_before, 2)
    out["load_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
