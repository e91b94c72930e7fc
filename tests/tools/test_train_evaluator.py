"""The learned playout policy's pipeline (tools/train_evaluator.py): its
labelling needs no torch, is seeded, and records what level 4's search chose
from the deciding seat's inputs.  (The fit itself needs the ``train`` extra
and is not run here.)"""

from __future__ import annotations

import argparse
import sys

import pytest

from tools import train_evaluator


def test_a_labelled_match_records_searched_cards_and_is_seeded():
    positions = train_evaluator.label_match(("test", 0, ""))
    assert positions == train_evaluator.label_match(("test", 0, ""))
    assert len(positions) >= 10  # about seven searched cards a seat a hand
    for p in positions:
        assert p["chosen"] in p["legal"] and len(set(p["legal"])) >= 2
        assert all(0 <= i < 4 * 32 for i in p["active"]) and len(p["scalars"]) == 6
    assert "torch" not in sys.modules


def test_match_counts_are_checked():
    assert train_evaluator.counts("1500,500") == [1500, 500]
    for bad in ("0", "x", "5,-1"):
        with pytest.raises(argparse.ArgumentTypeError):
            train_evaluator.counts(bad)
