"""The tests of Belote 2P, one folder per layer of the package (see CONTRIBUTING.md)."""
