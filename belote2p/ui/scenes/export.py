"""Export a run to a file anyone can check with ``belote2p verify``.

pygame has no native folder picker, so the folder is a text field: the data
folder to start with, any other folder typed over it.  The screen says where
the file went, or what went wrong (never a traceback).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from ...services.i18n import _
from ...services.runfile import build_run_file, write_run_file
from ...store import data_dir
from ...store.api import ExportSource, Store
from .. import gfx
from ..context import SceneContext
from ..gfx import Button, c
from ..menu import MenuScene

MAX_FOLDER_CHARS = 1024


def default_folder(store: Store) -> Path:
    """The folder of the store's database when it has one, else the data folder."""
    return Path(store.location).parent if store.location else data_dir()


def check_folder(text: str) -> tuple[Path | None, str]:
    """The folder typed, or None and why it cannot be used."""
    text = text.strip()
    if not text:
        return None, _("Type a folder to write the run file into.")
    folder = Path(text).expanduser()
    if folder.exists() and not folder.is_dir():
        return None, _("{folder} is a file, not a folder.").format(folder=folder)
    return folder, ""


def export_to(source: ExportSource, text: str) -> tuple[bool, str]:
    """Write the run file into the folder typed: (done, what to tell the player)."""
    folder, problem = check_folder(text)
    if folder is None:
        return False, problem
    try:
        path = write_run_file(build_run_file(source), folder)
    except OSError as exc:
        return False, _("Could not write into {folder}: {error}").format(
            folder=folder, error=exc.strerror or exc)
    except Exception as exc:  # noqa: BLE001 - a run that cannot be replayed: say so
        return False, _("This run cannot be exported: {error}").format(error=exc)
    return True, _("Run file written: {path}").format(path=path)


class ExportScene(MenuScene):
    def __init__(self, ctx: SceneContext, source: ExportSource, folder: Path | None = None):
        self.source = source
        self.default = folder if folder is not None else default_folder(ctx.session.store)
        self.folder = str(self.default)
        self.message, self.ok = "", False
        super().__init__(ctx)
        pygame.key.start_text_input()

    def build(self) -> None:
        f = self.fonts
        w, h = self.size
        self.field = pygame.Rect(0, 0, min(w - 60, f.body * 44), round(f.body * 2.4))
        self.field.center = (w // 2, round(h * 0.42))
        labels = [(_("Export"), "export"), (_("Data folder"), "default"), (_("Back"), "back")]
        bw = gfx.button_row_width([label for label, _v in labels], f.body, f.body * 2)
        gap = f.body
        x = w // 2 - (bw * len(labels) + gap * (len(labels) - 1)) // 2
        top = self.field.bottom + f.body * 4
        self.buttons = []
        for i, (label, value) in enumerate(labels):
            rect = pygame.Rect(x + i * (bw + gap), top, bw, round(f.body * 2.2))
            self.buttons.append(Button(rect, label, value, primary=i == 0))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            if len(self.folder) < MAX_FOLDER_CHARS:
                self.folder += event.text
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.folder = self.folder[:-1]
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.export()
                return
            if event.key == pygame.K_SPACE:
                return  # arrives as TEXTINPUT too
        super().handle(event)

    def activate(self, b: Button) -> None:
        if b.value == "export":
            self.export()
        elif b.value == "default":
            self.folder, self.message = str(self.default), ""
        else:
            self.back()

    def export(self) -> None:
        self.ok, self.message = export_to(self.source, self.folder)

    def back(self) -> None:
        pygame.key.stop_text_input()
        self.ctx.nav.pop()

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_felt(surf)
        f = self.fonts
        w, h = self.size
        gfx.blit_text(surf, _("Export run"), f.title, c("panel_title"),
                      (w // 2, round(h * 0.12)), "midtop", True)
        intro = _("The file holds the seed and every move: anyone can check the run "
                  "with \u201cbelote2p verify FILE\u201d.")
        y = round(h * 0.12) + f.title * 2
        for line in gfx.wrap(intro, f.body, min(w - 60, f.body * 44)):
            gfx.blit_text(surf, line, f.body, c("text"), (w // 2, y), "midtop")
            y += round(f.body * 1.4)
        gfx.blit_text(surf, _("Folder"), f.body, c("text"),
                      (self.field.left, self.field.top - f.body // 3), "bottomleft")
        pygame.draw.rect(surf, c("card_face"), self.field, border_radius=f.body // 2)
        pygame.draw.rect(surf, c("accent"), self.field, width=2, border_radius=f.body // 2)
        shown = _fit_left(self.folder, f.body, self.field.w - f.body * 2)
        r = gfx.blit_text(surf, shown, f.body, c("text_dark"),
                          (self.field.left + f.body, self.field.centery), "midleft")
        x = r.right + 2 if shown else self.field.left + f.body
        pygame.draw.line(surf, c("text_dark"), (x, self.field.top + f.body // 2),
                         (x, self.field.bottom - f.body // 2), 2)
        gfx.blit_text(surf, _("Type another folder, or keep the data folder."), f.small,
                      c("text_dim"), (w // 2, self.field.bottom + f.body // 2), "midtop")
        self.draw_buttons(surf)
        if self.message:
            self._draw_message(surf)

    def _draw_message(self, surf: pygame.Surface) -> None:
        f = self.fonts
        w = self.size[0]
        y = self.buttons[0].rect.bottom + f.body * 2
        colour = c("good") if self.ok else c("bad")
        for line in _wrap_paths(self.message, f.body, min(w - 60, f.body * 50)):
            gfx.blit_text(surf, line, f.body, colour, (w // 2, y), "midtop", True)
            y += round(f.body * 1.4)

    def offer(self) -> dict[str, Any]:
        return dict(super().offer(), folder=self.folder, message=self.message, ok=self.ok)


def _fit_left(s: str, size: int, width: int) -> str:
    """The end of ``s`` that fits: the typing cursor stays in view."""
    while s and gfx.font(size).size(s)[0] > width:
        s = s[1:]
    return s


def _wrap_paths(s: str, size: int, width: int) -> list[str]:
    """Word wrap, and a word too long for a line (a path) cut across lines."""
    out: list[str] = []
    for line in gfx.wrap(s, size, width, bold=True):
        while len(line) > 1 and gfx.font(size, True).size(line)[0] > width:
            cut = len(line) - 1
            while cut > 1 and gfx.font(size, True).size(line[:cut])[0] > width:
                cut -= 1
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out
