"""The table: the run in play.  One job a module: ``scene`` dispatches;
``play`` applies the player's intents and the AI's answers to the engine and
turns its events into beats; ``frame`` freezes what a frame shows into the
``state`` the ``renderer`` (and its ``side_panel``) draws; ``animation`` plays
the beats, ``positions`` places the cards, ``rival_seat`` asks the worker,
``input`` turns keys and clicks into intents, ``finish`` offers the rest of a
decided hand.  What kind of table it is lives in one ``mode.TableMode`` a
kind: ``scored`` (saved, recorded, exportable), ``practice_mode`` (with
``practice``'s hint, undo and face-up) and ``demo`` (two AIs, screenshots)."""
