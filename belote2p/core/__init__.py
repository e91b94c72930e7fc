"""The pure core: the rules of docs/RULES.md and the game's values.

Cards, actions and refusals, the rules, a hand's state machine, what one seat
may know (``view``), the match and the run, hand records, the seeds and their
commitments (``fairness``), reading JSON-lines input and finding the data
files.  It imports the standard library only: never pygame, the AI, the
store, the services or any way in (``tests/test_architecture.py`` checks).
"""
