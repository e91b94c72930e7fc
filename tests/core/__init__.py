"""The tests of the core layer."""
