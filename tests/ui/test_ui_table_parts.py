"""The table's parts on their own (issue #17): the run's standing as the
session tells it, the "rest are yours" claim against the solver, and the
input's intents."""

from __future__ import annotations

import random

import pygame
import pytest

from belote2p.core.actions import PASS, Phase
from belote2p.core.match import Run
from belote2p.services.run_session import ActiveRun, RunSession, Standing
from belote2p.store import MemoryStore
from belote2p.ui.gfx import Button
from belote2p.ui.layout import table_layout
from belote2p.ui.table.finish import claim, next_card
from belote2p.ui.table.input import InputView, OpenMenu, PlaceBid, PlayCard, Skip, TableInput
from belote2p.ui.table.mode import SideLineKind
from belote2p.ui.theme import theme
from lab.samples import SampleRun, replayed

pytestmark = pytest.mark.ui


def _played(seed: str, started: str) -> ActiveRun:
    """A real run of two matches at most (the store keeps a run's replayed
    figures, so a run's score must come from its moves)."""
    return ActiveRun(replayed(SampleRun(seed, started, 2)), started)


def test_the_session_tells_the_place_and_the_personal_best():
    store = MemoryStore()
    session = RunSession(store)
    times = ("2026-12-01T08:00:00+00:00", "2026-12-01T09:00:00+00:00",
             "2026-12-01T10:00:00+00:00")
    low, mid, high = sorted((_played(seed, when) for seed, when in zip("bcf", times)),
                            key=lambda active: active.run.score)
    assert 0 < low.run.score < mid.run.score < high.run.score  # three winning runs
    assert session.standing(mid) == Standing(1, True)  # the first run is the best yet
    session.record(mid, "Ana")
    assert session.standing(low) == Standing(2, False)  # below the first
    session.record(low, "Ana")
    assert session.standing(high) == Standing(1, True)
    nothing = ActiveRun(Run("d"), "2026-12-01T11:00:00+00:00")
    nothing.run.abandon()
    assert session.standing(nothing).personal_best is False  # no score, no best


def _strict_positions(seeds: int = 30):
    """Positions of the strict phase with the player to move, from random play."""
    for i in range(seeds):
        rng = random.Random(i)
        run = Run(f"claim{i}")
        while not run.results:
            hand = run.match.hand
            if hand.phase is Phase.PLAY and hand.strict and hand.to_move == 0:
                yield run
            run.apply(rng.choice(hand.legal_actions()))
            if len(run.match.hands) > 1 or run.match.hand_scores:
                break


def test_the_rest_are_yours_only_when_every_defence_loses_them():
    """A claim of the player's is kept whatever the rival plays; each claim
    is checked by playing it out against random answers."""
    claimed = 0
    for run in _strict_positions():
        offer = claim(run.match.view(0))
        if offer is None or offer.seat != 0:
            continue
        claimed += 1
        replay = Run.replay(run.seed, list(run.actions))
        hand = replay.match.hand
        before = hand.tricks_won[1]
        rng = random.Random(claimed)
        while hand.phase is Phase.PLAY:
            if hand.to_move == 0:
                card = next_card(replay.match.view(0), 0)
                assert card is not None and card in hand.legal_cards()
            else:
                card = rng.choice(hand.legal_cards())
            replay.apply(card)
        assert hand.tricks_won[1] == before, "the rival took a trick the player claimed"
    assert claimed > 0  # the claim was really met


def _view(cards=(), bids=(), panel=False, skippable=False, demo=False) -> InputView:
    layout = table_layout((1280, 800), theme().layout)
    return InputView(layout, not demo, panel, skippable, tuple(cards), tuple(bids), ())


def test_input_turns_events_into_intents():
    pygame.init()
    run = Run("intents")
    card = run.match.hand.hands[0][0]
    rect = pygame.Rect(100, 600, 80, 120)
    inp = TableInput()
    view = _view(cards=[(card, rect)])
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)
    assert inp.handle(down, view) == []
    assert inp.handle(up, view) == [PlayCard(card)]
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1)
    assert inp.handle(key, view) == [PlayCard(card)]
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)
    assert inp.handle(esc, view) == [OpenMenu()]
    assert inp.handle(key, _view(skippable=True)) == [Skip()]
    button = Button(pygame.Rect(400, 300, 100, 40), "Pass", PASS)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)
    assert inp.handle(enter, _view(bids=[button])) == [PlaceBid(PASS)]
    assert inp.handle(key, _view(cards=[(card, rect)], demo=True)) == []


def test_every_moment_has_a_sound_shipped():
    """The big moments have sounds: each named by a beat has a recipe and a
    shipped WAV (made by ``python -m belote2p.ui.sound``; silent without a device)."""
    import re
    from pathlib import Path

    from belote2p.core.resources import asset_path
    from belote2p.ui.table import model

    text = Path(model.__file__).read_text(encoding="utf-8")
    named = set(re.findall(r'sound(?:: str \| None)? ?= ?"(\w+)"', text))
    assert {"belote", "capot", "dedans", "celebrate", "run_over", "announce"} <= named
    for name in named:
        assert name in theme().sounds, name
        assert asset_path("sounds", name + ".wav").is_file(), name


def test_the_table_labels_the_daily_run():
    """"Daily challenge · <date> · counted" for the day's first attempt, "· practice" after."""
    from belote2p.ui.navigation import Route
    from lab import harness as h

    game = h.make_app()
    try:
        session = game.session
        assert session.start_daily("2026-12-01") is True
        first = session.last_started
        table = game.nav.reset(Route.TABLE, active=first)
        h.step(game)
        label = _daily(table.state().side)
        assert label is not None and label.startswith("Daily challenge · ")
        assert "2026" in label and label.endswith("· counted")
        assert session.start_daily("2026-12-01") is False  # a second attempt: practice
        table = game.nav.reset(Route.TABLE, active=session.last_started)
        h.step(game)
        label = _daily(table.state().side)
        assert label is not None and label.endswith("· practice")
        table = h.open_table(game, "not-daily")
        h.step(game)
        assert _daily(table.state().side) is None
    finally:
        game.app.shutdown()


def test_a_beat_ending_mid_frame_hands_the_rest_of_the_frame_to_the_next():
    """The beats keep the schedule whatever the frames: a frame that ends one
    beat gives its remaining time to the next (it was dropped, so every beat
    boundary cost up to a frame and a hand ran longer than its timings)."""
    from belote2p.ui.sound import Sounds
    from belote2p.ui.table.animation import BeatHooks, BeatPlayer
    from belote2p.ui.table.model import Beat, BeatKind, TableModel

    finished: list[Beat] = []
    hooks = BeatHooks(lambda anchor: pygame.Rect(0, 0, 1, 1), lambda card, rect: None,
                      lambda beat: None, finished.append)  # type: ignore[return-value]
    player = BeatPlayer(TableModel(), Sounds(False), dict(theme().timing), hooks)
    beats = [Beat(BeatKind.BID, 0.25), Beat(BeatKind.BID, 0.25), Beat(BeatKind.BID, 0.25)]
    player.queue.extend(beats)
    for _ in range(3):
        player.advance(0.2, lambda: True, None)  # 0.6 s of frames
    assert finished == beats[:2]
    assert player.beat is beats[2]
    assert player.beat_t == pytest.approx(0.1)


def test_the_rival_answering_at_once_still_waits_its_minimum_pause():
    """The rival (in-line here: its answer is there the moment it is asked)
    plays only once the player's card has been on the table for the minimum
    pause, counted in the loop's time steps from the card's landing."""
    from lab import harness as h

    game = h.make_app(size=(960, 600), instant=False)
    try:
        assert game.ctx.settings.pause_scale == 1.0 and game.ctx.settings.speed() == 1.0
        table = h.open_table(game, "pause")
        pause = theme().timing["rival_min_pause"]
        gaps = []
        for _ in range(60):
            offer = h.settle(game)
            if offer["panel"] is not None or len(gaps) >= 3:
                break
            leading = offer["phase"] == "play" and not table.hand.current
            h.click(h.first_legal_policy(offer)[1])
            if not leading:
                h.step(game)
                continue
            moves, landed, frames = len(table.run.actions), None, 0
            while len(table.run.actions) <= moves + 1 and frames < 600:
                game.app.step(1 / 60)
                frames += 1
                if landed is None and len(table.run.actions) > moves and table.model.trick:
                    landed = frames  # the player's card is on the table
            assert landed is not None
            gaps.append((frames - landed + 1) / 60)
        assert len(gaps) == 3
        assert all(gap >= pause - 1e-9 for gap in gaps), gaps
    finally:
        game.app.shutdown()


def _daily(side) -> str | None:
    """The side panel's note naming the daily challenge, if it has one."""
    return next((line.text for line in side.who
                 if line.kind is SideLineKind.NOTE and "Daily" in line.text), None)
