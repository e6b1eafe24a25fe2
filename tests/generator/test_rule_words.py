"""A series' rule in words: the documented rules said simply, others left to the dates."""

from __future__ import annotations

import datetime as dt

import pytest

from generator.rule_words import rule_text

FIRST = dt.date(2027, 3, 13)  # a Saturday


@pytest.mark.parametrize(("rule", "words"), [
    ("FREQ=MONTHLY;BYDAY=2SA", "Every second Saturday of the month"),
    ("FREQ=MONTHLY;BYDAY=-1SA", "Every last Saturday of the month"),
    ("FREQ=WEEKLY;BYDAY=TU,TH", "Every week on Tuesday and Thursday"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "Every other week on Tuesday"),
    ("FREQ=WEEKLY", "Every week on Saturday"),
    ("FREQ=DAILY", "Every day"),
    ("FREQ=DAILY;INTERVAL=3", "Every 3 days"),
    ("FREQ=MONTHLY;BYMONTHDAY=1", "Every month on the 1st"),
    ("FREQ=MONTHLY", "Every month on the 13th"),
])
def test_documented_rules_are_said(rule: str, words: str) -> None:
    assert rule_text(rule, FIRST) == words


@pytest.mark.parametrize("rule", [
    "FREQ=YEARLY", "FREQ=MONTHLY;BYDAY=2SA;BYMONTH=3", "FREQ=MONTHLY;BYDAY=SA,SU",
    "FREQ=WEEKLY;BYDAY=2TU", "FREQ=MONTHLY;INTERVAL=2;BYDAY=1SA", "FREQ=MONTHLY;BYMONTHDAY=31",
])
def test_other_rules_are_left_to_the_dates(rule: str) -> None:
    assert rule_text(rule, FIRST) is None
