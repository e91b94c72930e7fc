"""A board the web pages' tests show: an in-memory ``BoardSource`` with an open
day and a closed one, whose runs are real (played through the core by a seeded
chooser of legal actions, so the replay page has whole matches to tell), and a
FastAPI app that mounts the page's router over it, as the server's app does."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import date

from belote2p.core.match import Run
from belote2p.server.web import BoardOrder, BoardRow, DayBoard, RunRecord, make_router

TODAY = date(2026, 12, 4)
YESTERDAY = date(2026, 12, 3)
HOSTILE_NAMES = ("<script>alert(1)</script>", '"><img src=x onerror=alert(1)>')
LONG_NAME = "Wolfeschlegelsteinhausen"  # 24 characters, the longest name an account may have
SECRET = "5e" * 32
COMMITMENT = "c0" * 32
DIGEST = "d1" * 32


def played_actions(seed: str, chooser_seed: int, stop: int | None = None) -> tuple[str, ...]:
    """A run of ``seed`` played by random legal actions on both seats (to its
    end, or its first ``stop`` actions)."""
    run, rng = Run(seed), random.Random(chooser_seed)
    while not run.over and (stop is None or len(run.actions) < stop):
        run.apply(rng.choice(list(run.match.legal_actions())))
    return tuple(run.actions)


@dataclass
class FakeBoardSource:
    """Two days: ``YESTERDAY`` closed (secret, digest, replayable runs) and
    ``TODAY`` open; ``board`` orders the rows by score or by skill."""

    today_: date = TODAY
    runs: dict[str, RunRecord] = field(default_factory=dict)
    rows: dict[date, list[BoardRow]] = field(default_factory=dict)
    calls: list[tuple[str, object]] = field(default_factory=list)

    def today(self) -> date:
        return self.today_

    def board(self, day: date, by: BoardOrder) -> DayBoard | None:
        self.calls.append(("board", (day, by)))
        if day not in self.rows:
            return None
        closed = day < self.today_
        rows = self.rows[day]
        if by == "skill":
            rows = sorted(rows, key=lambda r: (r.skill_per_hand is None,
                                               -(r.skill_per_hand or 0.0)))
        else:
            rows = sorted(rows, key=lambda r: -r.score)
        ranked = tuple(replace(row, rank=place) for place, row in enumerate(rows, 1))
        return DayBoard(day, by, COMMITMENT, closed, SECRET if closed else None,
                        DIGEST if closed else None, 8, ranked)

    def run_record(self, day: date, run_id: str) -> RunRecord | None:
        self.calls.append(("run_record", (day, run_id)))
        if day >= self.today_:
            return None
        return self.runs.get(run_id)


def row(name: str, score: int, *, won: int = 0, hands: int = 10, skill: float | None = 2.5,
        interval: tuple[float, float] | None = (-1.5, 6.5), pending: bool = False,
        run_id: str = "r1", finished: bool = True) -> BoardRow:
    return BoardRow(0, name, score, won, hands, skill, interval, pending, run_id, finished)


def sample_source() -> FakeBoardSource:
    """The board the tests and the screenshots show: hostile names, a long one,
    a pending skill, too few hands, a run still being played."""
    source = FakeBoardSource()
    names = ("Ana", HOSTILE_NAMES[0], HOSTILE_NAMES[1], LONG_NAME, "Zoë", "李小龍")
    for index, name in enumerate(names):
        seed = f"test-seed-{index}"
        actions = played_actions(seed, index)
        run = Run.replay(seed, list(actions))
        source.runs[f"run-{index}"] = RunRecord(name, seed, actions, run.score)
    yesterday = [
        row(name, source.runs[f"run-{i}"].score, won=Run.replay(
            source.runs[f"run-{i}"].seed, list(source.runs[f"run-{i}"].actions)).streak,
            # (as the server's board: no figure while pending or under 8 hands)
            hands=4 * (i + 1), skill=None if i < 2 else 3.0 - 2.2 * i,
            interval=None if i < 2 else (3.0 - 2.2 * i - 4.1, 3.0 - 2.2 * i + 4.1),
            pending=i == 1, run_id=f"run-{i}")
        for i, name in enumerate(names)]
    source.rows[YESTERDAY] = yesterday
    source.rows[TODAY] = [
        row("Ana", 30412, won=3, hands=12, skill=4.3, interval=(0.5, 8.1), run_id="t0"),
        row(HOSTILE_NAMES[0], 10084, won=1, hands=6, skill=None, interval=None, run_id="t1"),
        row(HOSTILE_NAMES[1], 0, won=0, hands=2, pending=True, skill=None, interval=None,
            run_id="t2", finished=False),
        row(LONG_NAME, 20150, won=2, hands=9, skill=-1.25, interval=(-6.0, 3.5), run_id="t3"),
    ]
    return source


def board_app(source: FakeBoardSource):
    """A FastAPI app with the page's router over ``source`` (as the server mounts it)."""
    from fastapi import FastAPI

    app = FastAPI()
    app.include_router(make_router(source))
    return app
