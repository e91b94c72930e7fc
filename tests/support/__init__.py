"""Helpers only the tests share: builders, decision points, the subprocess
runner, the text-fit recorder, the independent reference rules (no tests here).
What a tool shares with the tests is the package's test support, lab."""
