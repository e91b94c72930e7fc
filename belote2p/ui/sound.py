"""Sounds synthesized at startup from the theme's recipes (no files to ship).

Without an audio device everything here silently does nothing: the game
must never fail, or print, because a machine has no sound card.
"""

from __future__ import annotations

import math
import os
import random
from array import array
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pygame

from ..core.resources import asset_path
from .theme import theme

WAV_RATE = 22050


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """ALSA and friends print to the C-level stderr when there is no device."""
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


class Sounds:
    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self.ready = False
        self.sounds: dict[str, pygame.mixer.Sound] = {}

    def start(self) -> None:
        """Open the device and synthesize; called after the first frame is up."""
        if self.ready:
            return
        self.ready = True
        try:
            with _quiet_stderr():
                pygame.mixer.init(44100, -16, 1, 512)
            init = pygame.mixer.get_init()
            if not init:
                return
            rate, _, channels = init
            for name, recipe in theme().sounds.items():
                path = asset_path("sounds", name + ".wav")
                if path.is_file():  # shipped: loading is instant, synthesis is not
                    self.sounds[name] = pygame.mixer.Sound(str(path))
                else:
                    self.sounds[name] = pygame.mixer.Sound(buffer=_synth(recipe, rate, channels))
        except (pygame.error, OSError, ValueError, KeyError, TypeError):
            self.sounds = {}

    def set_enabled(self, on: bool) -> None:
        self.enabled = on

    def play(self, name: str | None) -> None:
        if not (self.enabled and name):
            return
        sound = self.sounds.get(name)
        if sound is not None:
            with suppress(pygame.error):
                sound.play()

    def stop(self) -> None:
        try:
            if pygame.mixer.get_init():
                pygame.mixer.quit()
        except pygame.error:
            pass


def _synth(recipe: dict[str, Any], rate: int, channels: int) -> bytes:
    n = max(1, int(recipe["dur"] * rate))
    gain, decay = recipe["gain"], recipe["decay"]
    kind = recipe["kind"]
    rng = random.Random(11)
    out = array("h")
    low, prev = recipe.get("lowpass", 1.0), 0.0
    notes = recipe.get("notes", [])
    for i in range(n):
        t = i / rate
        env = math.exp(-decay * t) * min(1.0, t * 400)  # quick attack, no click
        if kind == "noise":
            prev += low * (rng.uniform(-1, 1) - prev)  # one-pole low-pass: paper, not hiss
            v = prev * 2.5
        elif kind == "knock":
            f = recipe["freq"] * (1 - 0.35 * min(1.0, t * 12))
            v = math.sin(2 * math.pi * f * t) + 0.3 * rng.uniform(-1, 1) * math.exp(-60 * t)
        else:  # chime: the notes one after another, each ringing on
            step = recipe["dur"] / (len(notes) + 1)
            v = 0.0
            for k, f in enumerate(notes):
                tk = t - k * step
                if tk >= 0:
                    v += math.sin(2 * math.pi * f * tk) * math.exp(-decay * tk) * 0.6
            env = min(1.0, t * 400) * min(1.0, (n - i) / (rate * 0.05))
        sample = int(max(-1.0, min(1.0, v * env * gain)) * 32767)
        for _ in range(channels):
            out.append(sample)
    return out.tobytes()


def write_wavs() -> None:
    """Regenerate assets/sounds/*.wav from the theme's recipes."""
    import wave

    folder = asset_path("sounds")
    folder.mkdir(parents=True, exist_ok=True)
    for name, recipe in theme().sounds.items():
        with wave.open(str(folder / (name + ".wav")), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(WAV_RATE)
            w.writeframes(_synth(recipe, WAV_RATE, 1))


if __name__ == "__main__":
    write_wavs()
