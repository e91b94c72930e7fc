"""The tests of the ui layer."""
