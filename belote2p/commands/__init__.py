"""The bodies of the command-line commands, one module per family.

``cli.py`` parses the arguments and calls one of these; they sit in the cli
layer, the top one, so they may use the store, the services and the AI alike:

- ``board``: ``leaderboard``, ``runs`` and ``stats`` (the store's records as text or JSON);
- ``autoplay``: a whole run played by an AI in the player's seat;
- ``export``: a finished run as a run file;
- ``verify``: the verdict on a run file;
- ``solve``: strict-phase positions solved, one JSON line each;
- ``review``: hand records judged card by card (``--text``: in words);
- ``common``: what they share (opening the store, a stdout that prints any name).
"""
