"""The learned playout policy (``evaluator.py``): the weights file, its digest,
the compiled twin, and what the network may read.

The network decides in whole numbers, so the compiled core and the Python
reference must play exactly the same cards (a run file verifies on every
machine); its inputs come from the seat's information alone, so a playout
seat never reads the other hand or the stock's order.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
import sys
import threading

import pytest

from belote2p.ai import core, load_levels, playout
from belote2p.ai.evaluator import (
    FEATURES,
    HIDDEN,
    WEIGHTS_PATH,
    EvaluatorError,
    Net,
    digest_of,
    features,
    format_net,
    load_net,
    net_card,
    parse_net,
)
from belote2p.ai.fastsim import Sim, sim_from_deck
from belote2p.ai.knowledge import info_from_sim
from belote2p.ai.levels import LevelsError, parse_levels, read_data_file
from belote2p.core.resources import levels_path

# The shipped weights (tools/train_evaluator.py; docs/RIVAL.md, "A learned
# playout policy"): a new fit changes this digest, and the level naming it.
SHIPPED_DIGEST = "9bd7e71b9cfa5fb5"
KNOBS = load_levels()[4].play


def random_net(seed: int) -> Net:
    """A network of whole-number weights in the file's range (with many ties
    and dead units, so the tie rule and the rectifier matter)."""
    rng = random.Random(seed)

    def ints(n: int, spread: int) -> list[int]:
        return [rng.randint(-spread, spread) for _ in range(n)]

    data = format_net(ints(FEATURES * HIDDEN, 300), ints(HIDDEN, 300), ints(HIDDEN * 32, 40),
                      ints(32, 20000))
    return parse_net(data, "random")


def random_sim(rng: random.Random) -> Sim:
    deck = list(range(32))
    rng.shuffle(deck)
    sim = sim_from_deck(deck, rng.randrange(2), rng.randrange(2), rng.randrange(4))
    for _ in range(rng.randrange(14)):
        sim.play(rng.choice(sim.legal()))
    return sim


def test_the_shipped_weights_have_the_digest_a_level_names():
    net = load_net(WEIGHTS_PATH)
    assert net.digest == SHIPPED_DIGEST == digest_of(WEIGHTS_PATH.read_bytes())
    named = {level.search.playout_net for level in load_levels().values()} - {""}
    assert named <= {SHIPPED_DIGEST}


def test_a_level_naming_other_weights_is_refused_with_its_key():
    data = read_data_file(levels_path())
    data["levels"][4]["search"]["playout_net"] = "0123456789abcdef"
    with pytest.raises(LevelsError, match=r"levels\.4\.search\.playout_net: .*0123456789abcdef"):
        parse_levels(data)
    data["levels"][4]["search"]["playout_net"] = SHIPPED_DIGEST
    assert parse_levels(data)[4].search.playout_net == SHIPPED_DIGEST


@pytest.mark.parametrize("damage, message", [
    (lambda b: b.replace(b"belote2p-evaluator 1", b"something else"), "not a weights file"),
    (lambda b: b.rsplit(b"\n", 2)[0] + b"\n", "expected the shape"),
    (lambda b: b.replace(b"\n", b"\nx", 3).replace(b"\nx", b"\n", 2), "expected whole numbers"),
    (lambda b: b"\xff" + b, "not ASCII"),
])
def test_a_damaged_weights_file_gets_one_clear_message(damage, message):
    with pytest.raises(EvaluatorError, match=message):
        parse_net(damage(WEIGHTS_PATH.read_bytes()), "weights.txt")


def test_a_weights_file_round_trips():
    net = random_net(1)
    again = parse_net(format_net(net.w1, net.b1, net.w2, net.b2), "again")
    assert dataclasses.astuple(again) == dataclasses.astuple(net)


@pytest.mark.skipif(core.native is None, reason="the native core is not built")
@pytest.mark.parametrize("seed", range(3))
def test_a_net_playout_leaves_the_sim_the_python_playout_leaves(seed):
    """The compiled network picks every card the Python one picks, from any
    point of a deal (the shipped weights and random ones)."""
    rng = random.Random(f"net-twin/{seed}")
    for net in (load_net(WEIGHTS_PATH), random_net(seed)):
        for _ in range(300):
            sim = random_sim(rng)
            until = rng.choice([0, 0, 9, 5])
            python, compiled = sim.copy(), sim.copy()
            playout.python_run_tips(python, KNOBS, until, net)
            playout.run_tips(compiled, KNOBS, until, net)
            assert ({name: getattr(compiled, name) for name in Sim.__slots__}
                    == {name: getattr(python, name) for name in Sim.__slots__})


@pytest.mark.skipif(core.native is None, reason="the native core is not built")
def test_batched_net_playouts_score_as_the_python_ones():
    """``playout.playouts`` (the search's hot loop) with the network: the same
    scores on both cores, line by line and base by base."""
    rng = random.Random("net-batch")
    net = load_net(WEIGHTS_PATH)
    sim = random_sim(rng)
    while not sim.stock or sim.lead >= 0:
        sim = random_sim(rng)
    bases = [sim, sim.copy()]
    lines = [(c,) for c in sim.hands[sim.leader]]  # every lead, on each base
    for until in (0, 9):
        assert (playout.playouts(bases, lines, KNOBS, until, True, None, net)
                == playout.python_playouts(bases, lines, KNOBS, until, True, None, net))


@pytest.mark.skipif(core.native is None, reason="the native core is not built")
def test_two_threads_with_two_networks_each_play_with_its_own():
    """The compiled core holds no network of its own that a thread sets and
    another's playouts then read: each playout is handed its weights, an
    immutable ``_native.Net`` made once a network (``Net.compiled``).  Two
    threads switching as often as Python lets them, each with its network,
    each scores exactly what it scores alone (issue 44: set by one thread
    between another's setting and its playouts, they were the wrong ones)."""
    rng = random.Random("net-threads")
    nets = (random_net(11), random_net(12))
    batches = [[random_sim(rng) for _ in range(size)] for size in (1, 1, 2, 1, 1, 3, 1, 1)]

    def scores(net: Net) -> list[list[tuple[int, int]]]:
        return [playout.playouts(bases, [()], KNOBS, net=net) for bases in batches]

    alone = [scores(net) for net in nets]
    assert alone[0] != alone[1]
    together: list[list[list[list[tuple[int, int]]]]] = [[], []]

    def play(seat: int) -> None:
        for _ in range(300):
            together[seat].append(scores(nets[seat]))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=play, args=(seat,)) for seat in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    for seat in (0, 1):
        assert len(together[seat]) == 300
        assert all(got == alone[seat] for got in together[seat])


def test_a_network_pickles_after_its_compiled_twin_is_made():
    """A player's network may cross to a spawned process: pickled, it carries
    its weights, not the compiled core's copy (which does not pickle)."""
    net = random_net(5)
    assert (net.compiled is None) == (core.native is None)
    again = pickle.loads(pickle.dumps(net))
    assert again == net and again.digest == net.digest


def test_the_net_plays_differently_from_the_tips():
    """The knob is live: over a few deals the network's playouts differ."""
    rng = random.Random("net-live")
    net = load_net(WEIGHTS_PATH)
    differ = 0
    for _ in range(10):
        sim = random_sim(rng)
        tips, learned = sim.copy(), sim.copy()
        playout.run_tips(tips, KNOBS, 0)
        playout.run_tips(learned, KNOBS, 0, net)
        differ += tips.pts != learned.pts or tips.won != learned.won
    assert differ >= 2


@pytest.mark.parametrize("seed", range(6))
def test_the_inputs_and_the_card_ignore_the_cards_a_seat_cannot_see(seed):
    """In a playout, shuffling the cards the seat to move cannot see (the
    other hand's unknown cards and the stock) changes none of its inputs and
    not its card."""
    rng = random.Random(f"net-hidden/{seed}")
    net = random_net(seed)
    checked = 0
    while checked < 10:
        sim = random_sim(rng)
        if not sim.stock or sim.done:
            continue
        seat, other = sim.to_move, 1 - sim.to_move
        free = [c for c in sim.hands[other] if not sim.known[other] >> c & 1] + sim.stock
        rng.shuffle(free)
        twin = sim.copy()
        keep = [c for c in sim.hands[other] if sim.known[other] >> c & 1]
        twin.hands[other] = keep + free[:len(sim.hands[other]) - len(keep)]
        twin.stock = free[len(twin.hands[other]) - len(keep):]
        twin.masks[other] = sum(1 << c for c in twin.hands[other])
        mine, theirs = info_from_sim(sim, seat), info_from_sim(twin, seat)
        assert features(mine) == features(theirs)
        assert net_card(net, mine, mine.hand) == net_card(net, theirs, theirs.hand)
        checked += 1
