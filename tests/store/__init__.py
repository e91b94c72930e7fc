"""The tests of the store layer."""
