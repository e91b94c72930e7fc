"""benchmarks/bench_level4.py: the host's yardstick beside level 4's times."""

from __future__ import annotations

import json
import sys

import pytest

from benchmarks import bench_level4, bench_solver


def test_the_yardstick_is_code_the_package_never_runs() -> None:
    # A speed-up of the solver or the search must not speed up the yardstick too,
    # or the ratio would hide it: the reference is bench_solver's own minimax.
    names = vars(bench_level4)
    assert names["baseline"] is bench_solver.baseline
    assert names["random_position"] is bench_solver.random_position


def test_the_json_line_gives_the_p95_in_yardstick_units(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench_level4, "REFERENCE_POSITIONS", 2)
    monkeypatch.setattr(bench_level4, "REFERENCE_RUNS", 1)
    monkeypatch.setattr(sys, "argv", ["bench_level4.py", "--decisions", "3", "--kinds", "strict"])
    bench_level4.main()
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert result["n"] == 3 and result["reference_ms"] > 0
    expected = round(result["cpu"]["p95_ms"] / result["reference_ms"], 3)
    assert abs(result["cpu_p95_per_reference"] - expected) <= 0.002  # the ms are rounded
