"""The Portuguese catalogue is Brazilian Portuguese throughout (issue #17).

It once mixed European forms ("Registo", "Controlos", "joga-se", "ecrã") with
Brazilian ones ("Você"); the game's Portuguese is Brazilian, so no European-only
word or construction may come back, in any message, plural form included.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

PT_CATALOGUE = (Path(__file__).resolve().parents[2] / "belote2p" / "locale" / "pt"
                / "LC_MESSAGES" / "belote2p.po")

# European Portuguese forms a Brazilian reader would not write, with the
# Brazilian word the catalogue uses instead.
EUROPEAN_ONLY = {
    r"regist[oa]s?|registad[oa]s?": "registro, registrada",
    r"controlos?": "controles",
    r"ficheiros?": "arquivo",
    r"ecrãs?": "tela",
    r"rato": "mouse",
    r"utilizador(es)?": "usuário",
    r"telemóvel": "celular",
    r"equipas?": "equipe, time",
    r"connosco": "conosco",
    r"premir|prima": "pressione, aperte",
    r"carregue|carrega nele": "aperte",
    r"noutr[oa]s?": "em outra",
    r"joga-se|segue-se|ordenam-se|dá-se|faz-se": "é jogado, vem (no enclitic -se)",
    # "estar a + infinitive" (European), but "aprender a jogar" is Portuguese everywhere
    r"(está|estão|estou|(?<!aprender )a) (pensar|jogar|dar|comprar)": "pensando (gerund)",
    r"à espera": "aguardando",
    r"em curso": "em andamento",
    r"tem de|têm de": "precisa, tem que",
    r"até ao": "até o",
    r"facto|contacto|acção|óptim[oa]|actual": "fato, contato, ação, ótimo, atual",
}


def translations() -> list[tuple[str, str]]:
    with open(PT_CATALOGUE, "rb") as handle:
        catalogue = read_po(handle, locale="pt", domain="belote2p")
    out = []
    for message in catalogue:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        strings = message.string if isinstance(message.string, (list, tuple)) \
            else (message.string,)
        out += [(msgid, text) for text in strings if text]
    return out


def european_forms(text: str) -> list[str]:
    return [f"{found.group(0)!r} (Brazilian: {EUROPEAN_ONLY[pattern]})"
            for pattern in EUROPEAN_ONLY
            for found in re.finditer(rf"(?<![\w-])(?:{pattern})(?![\w-])", text, re.I)]


def test_the_portuguese_catalogue_has_no_european_only_forms():
    found = [f"{msgid[:50]!r}: {form}" for msgid, text in translations()
             for form in european_forms(text)]
    assert found == []


@pytest.mark.parametrize("text, form", [
    ("O registo (T) mostra as cartas", "registo"), ("Controlos", "Controlos"),
    ("o fim joga-se de cartas abertas", "joga-se"), ("Ecrã inteiro", "Ecrã"),
    ("Rato: clique numa carta", "Rato"), ("a pensar", "a pensar"),
    ("Tem de servir {suit}", "Tem de"), ("Escreva uma pasta noutra", "noutra"),
])
def test_the_check_catches_each_european_form(text, form):
    assert any(repr(form) in found for found in european_forms(text))


@pytest.mark.parametrize("text", [
    "um trunfo barato", "Você precisa acompanhar {suit}", "O registro (T)", "Tela cheia",
    "Mouse: clique em uma carta para jogá-la", "pensando", "Arquivo da série gravado",
    "começar a sequência", "guarde o valete", "Aprender a jogar",
])
def test_brazilian_text_passes_the_check(text):
    assert european_forms(text) == []


def test_the_catalogue_speaks_to_the_player_as_voce():
    strings = dict(translations())
    assert strings["You"] == "Você"
    assert strings["Controls"] == "Controles"
    assert strings["Full screen"] == "Tela cheia"
