"""``belote2p runs`` and ``belote2p stats`` as text follow the player's language
(as ``leaderboard`` does); their ``--json`` never changes with it."""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belote2p.commands.autoplay import play_autoplay
from belote2p.services.board_text import text_width
from belote2p.services.i18n import set_language
from belote2p.services.run_session import RunSession
from belote2p.services.runs_text import format_runs, format_stats
from belote2p.services.stats import LevelStats, Stats
from belote2p.store import open_store
from belote2p.store.api import RunRecord, RunStatus

ROOT = Path(__file__).resolve().parents[2]
LANGUAGE_VARS = ("BELOTE2P_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


def record(run_id: int, name: str, status: RunStatus, score: int, **changes: object) -> RunRecord:
    fields: dict[str, object] = dict(
        run_id=run_id, name=name, started="2025-01-05T12:00:00+00:00", ended=None,
        status=status, streak=3, margin_total=-1234, score=score, daily=None,
        commitment="c0ffee", ai=False, seed="s", actions=())
    fields.update(changes)
    return RunRecord(**fields)


RECORDS = [record(0, "王小明", RunStatus.IN_PROGRESS, 30412, daily="2025-01-05"),
           record(2, "Zoé", RunStatus.ABANDONED, 50, ai=True),
           record(1, "Bob", RunStatus.OVER, 7)]
STATS = Stats(runs=3, matches=12, matches_won=7, matches_drawn=1, best_streak=4,
              best_score=30412, by_level={1: LevelStats(5, 4), 3: LevelStats(7, 3)}, hands=24,
              contracts_taken=10, contracts_made=8, contracts_dedans=2, capots=1, belotes=3,
              without_actions=2)


# -- the text itself ---------------------------------------------------------------------

@pytest.mark.parametrize("code, headings, words, number, day", [
    ("en", ("Id", "Played by", "Started", "Status", "Margin", "Daily"),
     ("in progress", "abandoned", "over", "player"), "30,412", "Jan 5, 2025"),
    ("pt", ("N.º", "Jogado por", "Início", "Situação", "Margem", "Desafio diário"),
     ("em andamento", "abandonada", "terminada", "jogador"), "30.412", "5 de jan. de 2025"),
    ("es", ("N.º", "Jugado por", "Inicio", "Estado", "Margen", "Desafío diario"),
     ("en curso", "abandonada", "terminada", "jugador"), "30.412", "5 ene 2025"),
    ("fr", ("N°", "Joué par", "Début", "État", "Écart", "Défi du jour"),
     ("en cours", "abandonné", "terminé", "joueur"), "30\u202f412", "5 janv. 2025"),
])
def test_runs_text_follows_the_language(code, headings, words, number, day):
    set_language(code)
    lines = format_runs(RECORDS).splitlines()
    assert all(heading in lines[0] for heading in headings)
    assert set(lines[1]) <= {"-", " "}
    body = "\n".join(lines[2:])
    assert all(word in body for word in words)
    assert number in lines[2] and day in lines[2]
    assert [line.split()[0] for line in lines[2:]] == ["-", "2", "1"]  # ids stay plain digits


def test_runs_text_columns_line_up_with_wide_names_and_accented_headings():
    set_language("fr")
    lines = format_runs(RECORDS).splitlines()
    # "王小明" takes six terminal columns: the played-by column starts at the same
    # terminal column on every row, and under its heading
    starts = [text_width(line[:line.index(word)])
              for line, word in zip([lines[0], *lines[2:]], ("Joué par", "joueur", "IA", "joueur"))]
    assert len(set(starts)) == 1
    ends = [text_width(line[:line.index(s) + len(s)])
            for line, s in zip(lines[2:], ("30\u202f412", " 50", " 7"))]
    assert len(set(ends)) == 1  # the score is right-aligned


def test_no_runs_is_a_sentence_in_the_language():
    set_language("pt")
    assert format_runs([]) == "Ainda não há séries registradas."


@pytest.mark.parametrize("code, labels, level_head, note", [
    ("en", ("Matches lost", "Contracts made", "Best streak"), "Rival level",
     "2 runs recorded before moves were kept"),
    ("pt", ("Partidas perdidas", "Contratos cumpridos", "Melhor sequência"), "Nível do rival",
     "2 séries registradas"),
    ("es", ("Partidas perdidas", "Contratos cumplidos", "Mejor racha"), "Nivel del rival",
     "2 series registradas"),
    ("fr", ("Matchs perdus", "Contrats remplis", "Meilleure série"), "Niveau du rival",
     "2 parcours enregistrés"),
])
def test_stats_text_follows_the_language(code, labels, level_head, note):
    set_language(code)
    text = format_stats(STATS)
    assert all(label in text for label in labels) and level_head in text and note in text
    figures = text.split("\n\n")[0].splitlines()
    value_ends = {len(line) for line in figures}
    assert len(value_ends) == 1  # every value right-aligned on the same column
    lost = next(line for line in figures if line.startswith(labels[0]))
    assert lost.endswith(" 4")  # 12 matches - 7 won - 1 drawn
    assert any(line.endswith("30.412" if code in ("pt", "es") else
                             "30\u202f412" if code == "fr" else "30,412") for line in figures)


# -- the commands -------------------------------------------------------------------------

def cli(data: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARS}
    return subprocess.run([sys.executable, "-m", "belote2p", "--data-dir", str(data), *args],
                          env={**base, "PYTHONPATH": str(ROOT), **env}, capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished autoplay run, an abandoned run of the player's, one in progress."""
    data = tmp_path_factory.mktemp("history")
    store = open_store(data, echo=False)
    play_autoplay(store, "1", "text-a", "Bot", 2, compare=False)
    session = RunSession(store, seed_maker=lambda: "text-b")
    abandoned = session.start_new()
    session.abandon(abandoned)
    session.record(abandoned, "Zoé")
    session.close()  # that window closes (its run lock goes); the next one starts a run
    RunSession(store, seed_maker=lambda: "text-c").start_new()
    store.close()
    return data


@pytest.mark.parametrize("code, headings, words", [
    ("pt", ("Nome", "Jogado por", "Início", "Situação", "Sequência", "Compromisso"),
     ("em andamento", "abandonada", "jogador", "IA")),
    ("fr", ("Nom", "Joué par", "Début", "État", "Série", "Engagement"),
     ("en cours", "abandonné", "joueur", "IA")),
])
def test_runs_command_prints_the_language_of_belote2p_lang(history, code, headings, words):
    done = cli(history, "runs", BELOTE2P_LANG=code)
    assert done.returncode == 0, done.stderr
    head, rule, *rows = done.stdout.splitlines()
    assert all(heading in head for heading in headings) and set(rule) <= {"-", " "}
    assert len(rows) == 3 and all(word in done.stdout for word in words)
    assert "Played by" not in done.stdout and "in progress" not in done.stdout


@pytest.mark.parametrize("code, labels", [
    ("pt", ("Séries", "Partidas perdidas", "Mãos jogadas", "Nível do rival", "Nível 1")),
    ("fr", ("Parcours", "Matchs perdus", "Donnes jouées", "Niveau du rival", "Niveau 1")),
])
def test_stats_command_prints_the_language_of_belote2p_lang(history, code, labels):
    done = cli(history, "stats", "--include-ai", BELOTE2P_LANG=code)
    assert done.returncode == 0, done.stderr
    assert all(label in done.stdout for label in labels)
    assert "Matches lost" not in done.stdout


def test_runs_and_stats_follow_the_saved_language_then_the_system(tmp_path, history):
    data = tmp_path / "data"
    store = open_store(data, echo=False)
    store.save_settings({"language": "fr"})
    store.close()
    # the saved setting beats the system's language, which beats English
    assert cli(data, "runs", LANG="pt_BR.UTF-8").stdout == "Aucun parcours enregistré.\n"
    assert "Matchs perdus" in cli(data, "stats", LANG="pt_BR.UTF-8").stdout
    assert "Partidas perdidas" in cli(history, "stats", LANG="pt_BR.UTF-8").stdout


@pytest.mark.parametrize("args", [("runs", "--json"), ("stats", "--json", "--include-ai"),
                                  ("stats", "--json")])
def test_json_is_byte_identical_in_every_language(history, args):
    outputs = {code: cli(history, *args, BELOTE2P_LANG=code).stdout
               for code in ("en", "pt", "es", "fr")}
    assert len(set(outputs.values())) == 1 and outputs["en"].startswith(("[{", "{"))


@pytest.mark.parametrize("args", [("runs",), ("stats", "--include-ai")])
def test_an_ascii_console_gets_replacement_characters_not_a_traceback(history, args):
    done = cli(history, *args, BELOTE2P_LANG="fr", PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "?" in done.stdout and done.stdout.isascii()


@pytest.mark.parametrize("code, sentence", [
    ("pt", "Ainda não há nenhuma série contada no desafio diário de 2025-01-05."),
    ("fr", "Pas encore de parcours compté pour le défi du jour du 2025-01-05."),
])
def test_an_empty_daily_board_is_a_sentence_in_the_language(tmp_path, code, sentence):
    done = cli(tmp_path, "leaderboard", "--daily", "2025-01-05", BELOTE2P_LANG=code)
    assert done.returncode == 0 and done.stdout == sentence + "\n"


@given(st.text(max_size=12))
def test_a_cell_s_width_is_its_characters_columns(text):
    """ASCII is measured by its length (``belote2p runs`` measures a million
    cells): the same columns as counting each character."""
    each = sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) == "Cf"
               else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    assert text_width(text) == each
    assert text_width(text + "王") == each + 2 and text_width(text + "\u0301") == each
