"""Where the game's data files are: ``levels.yaml`` and ``assets/``.

An installed wheel carries them in ``belote2p/data/`` (see pyproject.toml);
a source checkout (editable install, or running from the tree) has them at
the repository's top level.  The first place that exists wins.
"""

from __future__ import annotations

from pathlib import Path

# this file is belote2p/core/resources.py: the package is two folders up
_PACKAGE = Path(__file__).resolve().parent.parent
_CANDIDATES = (_PACKAGE / "data", _PACKAGE.parent)


def data_root() -> Path:
    for root in _CANDIDATES:
        if (root / "levels.yaml").is_file():
            return root
    raise FileNotFoundError(
        "levels.yaml not found in " + " or ".join(str(p) for p in _CANDIDATES)
        + ": the installation is incomplete"
    )


def levels_path() -> Path:
    return data_root() / "levels.yaml"


def asset_path(*parts: str) -> Path:
    return data_root().joinpath("assets", *parts)


def rating_anchors_path() -> Path:
    """Where the rival levels stand on the rating scale (services.rating)."""
    return data_root() / "rating_anchors.yaml"
