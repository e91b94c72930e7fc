"""What a regular Belote player notices at the table (issue #45), each on the
real loop (SDL's dummy driver) driven through lab/harness.py."""

from __future__ import annotations

import pygame
import pytest

from belote2p.core.actions import Phase
from belote2p.core.cards import sort_for_display
from belote2p.ui.table.scene import TableScene
from lab import harness as h

pytestmark = pytest.mark.ui

SEED = "regular1"


@pytest.fixture
def game():
    g = h.make_app(size=(1280, 800))
    yield g
    g.app.shutdown()


def _play_until(game, table: TableScene, done, limit: int = 200) -> h.Offer:
    """The first legal action each turn until ``done(table)`` holds."""
    for _ in range(limit):
        offer = h.settle(game)
        if done(table):
            return offer
        assert offer["panel"] is None, "the hand ended first"
        h.click(h.first_legal_policy(offer)[1])
        h.step(game)
    raise AssertionError("never reached")


# 1 -------------------------------------------------------------------------
def test_the_rivals_open_hand_is_sorted_as_yours(game):
    table = h.open_table(game, SEED)
    _play_until(game, table, lambda t: t.model.rival_open is not None)
    for _ in range(6):  # through the strict phase: sorted after every card
        state = table.state()
        assert state.rival_faces is not None
        faces = list(state.rival_faces)
        assert faces == sort_for_display(faces, state.trump)
        assert set(faces) == set(table.hand.hands[1]) or not table.idle()
        offer = h.settle(game)
        if offer["panel"] is not None or table.hand.phase is not Phase.PLAY:
            break
        h.click(h.first_legal_policy(offer)[1])
        h.step(game)


# 2 -------------------------------------------------------------------------
@pytest.fixture
def normal():
    """The real window at Normal speed, the rival in-line (it answers at once)."""
    g = h.make_app(size=(1280, 800), worker="inline", instant=False)
    yield g
    g.app.shutdown()


def _trick_shown_for(game, table: TableScene, sweep=None, limit: int = 400) -> float:
    """Play on until a trick's second card lands; the seconds both stay on the
    table (``sweep``: posted once they are both there)."""
    for _ in range(100):
        offer = h.settle(game)
        assert offer["panel"] is None
        h.click(h.first_legal_policy(offer)[1])
        for _frame in range(limit):
            game.app.step(1 / 60)
            if len(table.model.trick) == 2:
                break
            if table.human_turn() and table.idle():
                break
        if len(table.model.trick) != 2:
            continue
        if sweep is not None:
            sweep()
        frames = 0
        while table.model.trick and frames < limit:
            game.app.step(1 / 60)
            frames += 1
        return frames / 60
    raise AssertionError("no trick completed")


def test_a_completed_trick_stays_long_enough_to_read(normal):
    table = h.open_table(normal, SEED)
    shown = [_trick_shown_for(normal, table) for _ in range(6)]
    assert min(shown) >= 0.9 - 1e-9, shown


def test_a_click_or_a_key_sweeps_the_trick_sooner(normal):
    table = h.open_table(normal, SEED)
    felt = (table.L.table.left + 20, table.L.table.centery)
    clicked = _trick_shown_for(normal, table, lambda: h.click(felt))
    keyed = _trick_shown_for(normal, table, lambda: h.key(pygame.K_SPACE, " "))
    assert clicked <= 0.1 and keyed <= 0.1, (clicked, keyed)


# 3 -------------------------------------------------------------------------
def _sprite_names(table: TableScene) -> list:
    return [(sp.name, sp.look) for sp in table.renderer.sprites(table.state())]


def test_the_last_trick_can_be_looked_at_over_the_hand_panel(game):
    table = h.open_table(game, SEED)
    offer = h.play_to_hand_over(game)
    last = table.run.match.hands[0].tricks[-1]
    assert offer["panel"] == "hand_over"
    h.key(pygame.K_l, "l")
    h.step(game)
    state = table.state()
    assert state.show_last and state.panel is not None and state.last_trick == last
    looks = [look[:1] if isinstance(look, tuple) else () for _name, look in _sprite_names(table)]
    overlay = [i for i, look in enumerate(looks) if look == ("last",)]
    panel = [i for i, look in enumerate(looks) if look == ("panel",)]
    assert overlay and panel and overlay[0] > panel[0], "the last trick is drawn over the panel"
    h.key(pygame.K_l, "l")  # L again: back to the panel, still open
    h.step(game)
    assert not table.state().show_last and table.state().panel is not None
    button = table.state().side_buttons[0]
    assert button.value == "last"
    h.click(button.rect.center)  # the side panel's button works too
    h.step(game)
    assert table.state().show_last and table.state().panel is not None
    h.key(pygame.K_RETURN)  # a key closes the look first, never the panel behind it
    h.step(game)
    assert not table.state().show_last and table.state().panel is not None


def test_the_last_trick_stays_on_the_table_before_the_hand_panel(normal):
    table = h.open_table(normal, SEED)
    landed = frames = 0
    while table.beats.panel is None and frames < 20_000:
        if table.human_turn() and table.idle():
            h.click(h.first_legal_policy(h.table_offer(table))[1])
        normal.app.step(1 / 60)
        frames += 1
        m = table.model
        if not landed and len(m.trick) == 2 and m.won[0] + m.won[1] == 15:
            landed = frames  # the sixteenth trick's second card is on the table
    assert landed and table.beats.panel is not None
    assert (frames - landed) / 60 >= 0.9, (frames - landed) / 60


# 4 -------------------------------------------------------------------------
def test_the_tracker_shows_trick_sixteen_played(game):
    from belote2p.core.cards import CARDS

    table = h.open_table(game, SEED)
    h.play_to_hand_over(game)
    tracker = table.state().side.tracker
    assert tracker is not None
    assert tracker.played_cards() == set(CARDS)
    assert tracker.hand == () and not tracker.other_hand


# 5 -------------------------------------------------------------------------
@pytest.fixture
def english():
    from belote2p.services.i18n import current_language, set_language

    before = current_language()
    yield
    set_language(before)


def test_a_language_change_mid_hand_leaves_no_old_text(game, english):
    from belote2p.core.actions import PASS
    from belote2p.services.board_text import daily_label
    from belote2p.ui.navigation import Route
    from belote2p.ui.table.mode import SideLineKind
    from belote2p.ui.words import bid_words

    assert game.session.start_daily("2026-12-01") is True
    table = game.nav.reset(Route.TABLE, active=game.session.last_started)
    h.settle(game)
    while table.hand.deal_number == 1:  # both pass twice: a redeal, told in the history
        if table.hand.to_move == 0:
            table.apply(PASS)
        else:
            table.apply(table.hand.legal_bids()[-1] if PASS not in table.hand.legal_bids()
                        else PASS)
        h.settle(game)
    if table.hand.to_move == 0:
        table.apply(PASS)
    h.settle(game)
    h.step(game, 3)
    state = table.state()
    assert 1 in dict(state.bubbles) and state.side.history  # the rival's bid, the redeal
    game.app.set_language("fr")
    h.step(game)
    state = table.state()
    rival_bid = next(bid for seat, bid in table.hand.bids if seat == 1)
    assert dict(state.bubbles)[1] == bid_words(rival_bid, table.hand.turned.suit) != "Pass"
    notes = [line.text for line in state.side.who if line.kind is SideLineKind.NOTE]
    assert daily_label("2026-12-01", True) in notes and notes[0].startswith("Défi du jour")
    assert "Redonne : deux tours sans preneur" in state.side.history


# 6 -------------------------------------------------------------------------
def test_what_is_greyed_is_what_the_shown_position_allows(normal):
    """Auto-play of a single legal card on: at every frame, a card drawn greyed
    is one the position on screen (its hand, its trick) forbids."""
    assert normal.ctx.settings["auto_play_single"]
    table = h.open_table(normal, SEED)
    dimmed_frames = 0
    for _frame in range(30_000):
        state = table.state()
        if state.panel is not None:
            break
        dim = {hc.card for hc in state.hand if hc.dim}
        if dim:
            dimmed_frames += 1
            hand = table.hand
            shown = {hc.card for hc in state.hand}
            assert shown == set(hand.hands[0]), "greyed over a hand the engine has left"
            assert [c for _s, c in state.trick] == list(hand.current)
            assert dim == shown - set(hand.legal_cards())
        if table.human_turn() and table.idle():
            h.click(h.first_legal_policy(h.table_offer(table))[1])
        normal.app.step(1 / 60)
    assert dimmed_frames and state.panel is not None


# 7 -------------------------------------------------------------------------
def test_the_tracker_names_the_three_states(game, drawn):
    table = h.open_table(game, SEED)
    h.settle(game)
    table.invalidate()
    game.app.invalidate() if hasattr(game.app, "invalidate") else None
    table.draw(game.app.surface)
    assert "yours" not in drawn
    for words in ("in your hand", "known in the rival's hand", "played"):
        assert words in drawn, (words, " | ".join(drawn)[:600])


# 10 ------------------------------------------------------------------------
def _side_texts(table: TableScene, drawn: list[str]) -> list[str]:
    drawn.clear()
    table.renderer.side._shown = None  # the side panel drawn again, not copied
    table.invalidate()
    table.draw(pygame.display.get_surface())
    return list(drawn)


@pytest.mark.parametrize("lang", ["fr", "pt", "es", "en"])
@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1600, 1000)])
def test_in_a_daily_the_tracker_stays_in_the_panel(lang, size, drawn, english):
    from belote2p.services.i18n import _, set_language
    from belote2p.ui.navigation import Route

    set_language(lang)
    game = h.make_app(size=size)
    try:
        assert game.session.start_daily("2026-12-01") is True
        table = game.nav.reset(Route.TABLE, active=game.session.last_started)
        assert isinstance(table, TableScene)
        heading = _("Cards played")
        h.settle(game)
        assert heading in _side_texts(table, drawn), "bidding"
        _play_until(game, table, lambda t: t.hand.phase is Phase.PLAY and t.hand.trick_number > 3)
        assert heading in _side_texts(table, drawn), "free play"
        h.play_to_hand_over(game)
        assert table.state().side.last_bonus is not None
        assert heading in _side_texts(table, drawn), "the hand's end, its last trick's 10"
    finally:
        game.app.shutdown()


# 9 -------------------------------------------------------------------------
BELOTE_SEED = "belote16"  # the player's belote, rebelote in trick 2 (played as _mine plays)


def _mine(run):
    """Pass while passing is allowed, else the first bid; the first legal card as shown."""
    from belote2p.core.actions import PASS

    hand, view = run.match.hand, run.match.view(0)
    if view.legal_bids():
        return PASS if PASS in view.legal_bids() else view.legal_bids()[0]
    legal = set(view.legal_cards())
    return next(c for c in sort_for_display(hand.hands[0], hand.trump) if c in legal)


def test_belote_shows_with_the_points_once_announced(game, drawn):
    table = h.open_table(game, BELOTE_SEED)
    for _ in range(100):
        h.settle(game)
        if table.model.belote is not None:
            break
        table.apply(_mine(table.run))
    assert table.model.belote == 0 and table.hand.phase is Phase.PLAY
    texts = _side_texts(table, drawn)
    at = texts.index("Belote")
    assert "+20" in texts[at - 2:at + 3], texts  # its row: the label and the player's +20
    h.play_to_hand_over(game)
    assert "+20" in [row[1] for row in table.beats.panel.rows if row[0] == "Belote"]


# 8 -------------------------------------------------------------------------
def test_the_bidding_is_a_short_history_with_a_dealer_mark(game):
    table = h.open_table(game, SEED)  # the rival deals; both pass round one
    offer = h.settle(game)
    assert table.hand.dealer == 1 and offer["bids"]
    state = table.state()
    assert state.bidding[0].startswith("Dealer: Rival · turned ")
    h.click(h.first_legal_policy(offer)[1])  # you pass; the rival passes too
    h.step(game)
    h.settle(game)
    assert table.hand.bid_round == 2
    state = table.state()
    assert state.bubbles == (), "round one's passes are gone from the table in round two"
    assert state.bidding[1:] == ("Round 1: you pass · Rival passes",)
    _play_until(game, table, lambda t: t.hand.phase is Phase.PLAY and t.hand.trick_number >= 3)
    state = table.state()
    assert state.bidding == (state.bidding[0], "Round 1: you pass · Rival passes",
                             "Round 2: you pass · Rival takes ♦")
    assert state.stock_note == "Stock 10 · last draw after trick 7"
    names = [name for name, _look in _sprite_names(table)]
    assert ("story",) in names and ("stock_label",) in names


# 11 ------------------------------------------------------------------------
def _chosen(table: TableScene):
    return [hc.card for hc in table.state().hand if hc.chosen]


def test_keyboard_choice_and_focus_start_afresh_each_hand_and_draw(game):
    table = h.open_table(game, SEED)  # both pass twice: a redeal
    for _ in range(4):
        offer = h.settle(game)
        if table.hand.deal_number > 1:
            break
        if not offer["bids"]:
            continue
        assert table.input.bid_focus == 0, "each bidding turn starts at its first button"
        pass_at = next(i for i, b in enumerate(offer["bids"]) if b["value"].word == "pass")
        for _press in range(pass_at):
            h.key(pygame.K_RIGHT)
        h.key(pygame.K_RIGHT)
        h.key(pygame.K_LEFT)  # a card raised? none: the keys move the bid focus
        h.key(pygame.K_RETURN)
        h.step(game)
    offer = h.settle(game)
    assert table.hand.deal_number == 2 and offer["bids"]
    state = table.state()
    focused = [b for b in state.bid_buttons if b.focus]
    assert focused == [state.bid_buttons[0]], "Pass is not left focused after a redeal"
    sprite = next(sp for sp in table.renderer.sprites(state) if sp.name == ("bid", 0))
    assert sprite.bounds.contains(focused[0].rect.inflate(6, 6)), "a focus mark anyone sees"
    # play on with the keyboard: a card chosen, played; after the draw, nothing raised
    _play_until(game, table, lambda t: t.hand.phase is Phase.PLAY and t.human_turn()
                and not t.hand.current and t.hand.stock)
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_RIGHT)
    h.step(game)
    assert len(_chosen(table)) == 1
    h.key(pygame.K_RETURN)
    h.step(game)
    h.settle(game)
    assert table.hand.phase is Phase.PLAY and _chosen(table) == [], "no card raised after a draw"
    h.play_to_hand_over(game)
    h.key(pygame.K_RETURN)
    h.step(game)
    h.settle(game)
    assert _chosen(table) == [] and table.input.sel is None


# 12 ------------------------------------------------------------------------
def test_a_score_of_nothing_is_not_congratulated(game, drawn):
    from belote2p.ui.navigation import Route
    from belote2p.ui.scenes.name_entry import NameEntryScene
    from belote2p.ui.scenes.title import TitleScene

    table = game.nav.reset(Route.TABLE, active=game.session.start_new())
    assert isinstance(table, TableScene)
    h.settle(game)
    table.abandon()  # nothing won: a score of 0
    offer = h.settle(game)
    for _ in range(100):
        if "…" not in offer["panel_lines"]:
            break
        h.step(game)
        offer = h.table_offer(table)
    assert offer["panel"] == "run_over" and table.run.score == 0
    lines = " / ".join(offer["panel_lines"])
    assert "Place" not in lines and "personal best" not in lines, lines
    assert "No match won: nothing goes on the leaderboard" in lines
    h.click(offer["panel_button"].center)
    for _ in range(50):
        h.step(game)
    assert not isinstance(game.app.top, NameEntryScene), "no 'A new high score' for nothing"
    title = h.open_title(game)
    assert isinstance(title, TitleScene)
    drawn.clear()
    h.step(game, 3)
    assert not any(text.startswith("Best score: 0") for text in drawn), drawn



# 13 ------------------------------------------------------------------------
def test_in_play_sits_under_neither_seats_column(game):
    from belote2p.ui import gfx

    seen: list[pygame.Rect] = []
    gfx.text_hook = lambda text, rect, within, clipped: (
        seen.append(pygame.Rect(rect)) if text == "in play" else None)
    try:
        table = h.open_table(game, SEED)
        h.settle(game)
        _side_texts(table, [])
    finally:
        gfx.text_hook = None
    L = table.L
    first_column_right = L.panel.right - L.fonts.body - round(L.fonts.body * 3.6)
    assert seen and all(r.left < first_column_right < r.right for r in seen), seen  # both


# 14 ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fr", "pt", "es", "en"])
@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
def test_the_side_panel_words_fit_at_their_size(lang, size, english):
    from belote2p.services.i18n import _, pgettext, set_language
    from belote2p.ui import gfx

    set_language(lang)
    game = h.make_app(size=size)
    rects: dict[str, list[pygame.Rect]] = {}
    try:
        table = h.open_table(game, SEED)
        h.settle(game)
        gfx.text_hook = lambda text, rect, within, clipped: rects.setdefault(
            text, []).append(pygame.Rect(rect))
        _side_texts(table, [])
        tricks = rects[_("Tricks")][0]
        for label in (pgettext("side panel", "Card points"), _("not chosen yet")):
            assert rects[label][0].h == tricks.h, (label, "drawn in a smaller font")
        assert rects[_("not chosen yet")][0].left > rects[_("Trump")][0].right + 10
        _play_until(game, table, lambda t: t.hand.phase is Phase.PLAY and t.hand.trick_number > 2)
        rects.clear()
        _side_texts(table, [])
        status = next(r[-1] for text, r in rects.items() if text.startswith(
            _("Trick {n} of 16").format(n=3)))  # as last drawn (the asides may have gone)
        heading = rects[_("Cards played")][-1]
        assert heading.top - status.bottom >= 2, "the status line touches the tracker's heading"
        if lang == "pt":
            assert "escolhido por Rival" in rects or "escolhido por você" in rects
    finally:
        gfx.text_hook = None
        game.app.shutdown()


@pytest.mark.parametrize("lang", ["fr", "pt", "es", "en"])
def test_the_titles_buttons_keep_their_labels_off_the_edges(lang, english):
    from belote2p.services.i18n import set_language
    from belote2p.ui import gfx

    set_language(lang)
    game = h.make_app(size=(960, 600))
    try:
        title = h.open_title(game)
        for b in title.buttons:
            width = gfx.font(title.fonts.body, True).size(b.label)[0]
            assert b.rect.w - width >= title.fonts.body * 1.5, (b.label, b.rect.w, width)
    finally:
        game.app.shutdown()


def test_history_says_taken_by_you_in_lower_case():
    from belote2p.core.match import PLAYER, RIVAL
    from belote2p.ui.scenes.history import _taken

    assert _taken(PLAYER) == "taken by you" and _taken(RIVAL) == "taken by Rival"


# 15 ------------------------------------------------------------------------
def test_history_tells_two_runs_of_one_day_apart():
    from belote2p.core.match import Run
    from belote2p.store import MemoryStore
    from belote2p.ui.navigation import Route

    store = MemoryStore()
    for seed, started in (("day-a", "2026-12-04T09:05:00+00:00"),
                          ("day-b", "2026-12-04T17:40:00+00:00")):
        run = Run(seed)
        run.abandon()
        store.record_finished_run(run, "Ann", started)
    game = h.make_app(store=store)
    try:
        game.nav.reset(Route.TITLE)
        game.nav.push(Route.HISTORY)
        for _ in range(200):
            h.step(game)
            rows = game.app.top.offer().get("rows") or []
            if len(rows) == 2:
                break
        when = [row[0] for row in rows]
        assert len(when) == 2 and when[0] != when[1], when
        assert all("2026" in w for w in when)
    finally:
        game.app.shutdown()


# 16 ------------------------------------------------------------------------
def _practice_box_text(table: TableScene) -> str:
    box = next(sp for sp in table.renderer.sprites(table.state()) if sp.name == ("practice_box",))
    look = box.look
    assert isinstance(look, tuple)
    rows, _rect = look
    return " ".join(text for text, _size, _bold, _accent in rows)


def test_the_practice_keys_stay_beside_a_hint(game):
    from belote2p.ui.navigation import Route

    game.nav.reset(Route.TITLE)
    h.step(game)
    h.click(game.app.top.offer()["buttons"]["practice"].center)
    h.step(game)
    h.click(game.app.top.offer()["buttons"]["2"].center)
    h.step(game)
    table = game.app.top
    assert isinstance(table, TableScene)
    keys = "H: hint · U: undo · V: rival's cards"
    _play_until(game, table, lambda t: t.hand.phase is Phase.PLAY)
    assert keys in _practice_box_text(table)
    h.key(pygame.K_h, "h")
    h.step(game, 3)
    assert table.state().practice.hinted is not None  # the hint is shown
    assert keys in _practice_box_text(table), "the key legend stays with the hint"
    _play_until(game, table, lambda t: t.hand.phase is Phase.PLAY and t.hand.trick_number >= 3)
    assert keys in _practice_box_text(table)


# 17 ------------------------------------------------------------------------
def test_level_4s_line_compares_both_hands_in_words(game):
    from belote2p.services.i18n import format_number

    table = h.open_table(game, SEED)
    h.play_to_hand_over(game)
    compared = h.held_comparisons(game).answer(0)
    h.step(game)
    line = h.table_offer(table)["panel_lines"][-1]
    played = table.run.match.hand_scores[0].scores
    assert compared.yours == played
    yours = f" · you: {format_number(played[0])} – {format_number(played[1])}"
    assert line.startswith("Level 4 in your seat: ") and yours in line, line
    assert "worse" not in line and "better" not in line
    if compared.parting is not None and compared.parting.trick is None:
        assert "level 4 would have" in line.split(yours)[1]  # it would have bid otherwise


# a table for every player -------------------------------------------------
def test_the_left_handed_layout_mirrors_the_side_panel(drawn):
    from belote2p.services.i18n import _

    game = h.make_app(size=(960, 600), settings={"left_handed": True})
    try:
        table = h.open_table(game, SEED)
        h.settle(game)
        L = table.L
        assert L.panel.right <= L.table.left and all(
            b.right <= L.table.left for b in L.panel_buttons)
        seen: dict[str, pygame.Rect] = {}
        from belote2p.ui import gfx

        gfx.text_hook = lambda text, rect, within, clipped: seen.setdefault(text, rect)
        _side_texts(table, [])
        gfx.text_hook = None
        assert seen[_("Cards played")].right <= L.table.left
        assert all(hc.rect.left >= L.table.left for hc in table.state().hand)
        tracker = next(b for b in table.state().side_buttons if b.value == "tracker")
        h.click(tracker.rect.center)  # its buttons work where they are drawn
        h.step(game)
        assert not table.input.show_tracker
        game.ctx.settings.change("left_handed", False)
        h.step(game)
        assert table.L.table.left == 0 and table.L.panel.left >= table.L.table.right
    finally:
        game.app.shutdown()


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_large_cards_are_larger_and_cover_no_words(size):
    from belote2p.ui.layout import table_layout
    from belote2p.ui.theme import theme
    from tests.support.overlaps import overlaps

    usual = table_layout(size, theme().layout).card
    game = h.make_app(size=size, settings={"large_cards": True, "four_colour": True})
    try:
        table = h.open_table(game, SEED)
        assert table.L.card[1] >= round(usual[1] * 1.19)
        found = set()
        for _ in range(300):
            offer = h.settle(game)
            state = table.state()
            found |= set(overlaps(table.renderer.sprites(state), state))
            if offer["panel"] is not None:
                break
            h.click(h.first_legal_policy(offer)[1])
            h.step(game)
        assert offer["panel"] == "hand_over" and not found, found
    finally:
        game.app.shutdown()


def test_s_says_where_the_hand_stands(game, monkeypatch):
    import shutil
    import subprocess

    said: list[str] = []
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/espeak-ng")
    monkeypatch.setattr(subprocess, "Popen", lambda args, **kw: said.append(args[-1]))
    table = h.open_table(game, SEED)
    _play_until(game, table, lambda t: t.hand.phase is Phase.PLAY and t.hand.trick_number >= 3)
    game.app.toasts.clear()
    h.key(pygame.K_s, "s")
    h.step(game)
    words = said[-1]
    assert words.startswith("Trump ♦ diamonds, taken by Rival. This hand: You ")
    assert "Stock 10 · last draw after trick 7" in words and "Your cards: " in words
    assert words in [toast[0] for toast in game.app.toasts]  # on screen too
