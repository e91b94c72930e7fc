"""Belote 2P: two-player Belote against a computer rival, in a streak challenge.

The pure core (cards, rules, actions, hand, view, match, records) imports neither
pygame nor the AI; see docs/ARCHITECTURE.md.
"""

__version__ = "0.1.0"
