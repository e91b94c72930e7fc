"""The tests of the ai layer."""
