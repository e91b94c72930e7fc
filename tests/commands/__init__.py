"""The tests of the commands layer."""
