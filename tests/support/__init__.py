"""Helpers the tests share: builders, drivers, reference implementations (no tests here)."""
