"""The tests of the services layer."""
