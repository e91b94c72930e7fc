"""A run known by its figures only, for the store's tests and the pictures of
its boards (``tools/render_screens.py``)."""

from __future__ import annotations

from belote2p.core.match import MatchResult, run_score
from belote2p.store.runs import FinishedRun


class FakeRun:
    """A run known by its figures only (``store.runs.FinishedRun`` whose
    ``actions`` are None), as the store keeps the runs recorded before schema
    v3: any streak and margin, ranked and listed by them, never replayed or
    exported.  Figures no real play reaches (a margin above the cap) test the
    board's order."""

    actions: None = None

    def __init__(self, seed: str, score_streak: int, margin: int, over: bool = True,
                 abandoned: bool = False) -> None:
        self.seed, self.streak, self.margin_total = seed, score_streak, margin
        self.score = run_score(score_streak, margin)
        self.rival_level = min(1 + score_streak, 4)
        self.over, self.abandoned = over, abandoned
        self.results = [MatchResult((margin // max(score_streak, 1) + 1, 1), 0)] * score_streak
        if over:
            self.results.append(MatchResult((0, 1), 1))


def _is_a_finished_run(run: FakeRun) -> FinishedRun:
    return run  # the type checker's proof that the store takes it as it takes a Run
