"""Hours served elsewhere (issue 40, item 2): a volunteer reports service done outside CivicSTL,
and the supervisor they name confirms, adjusts or declines it from one emailed signed link that
needs no account, or answers "not me", which blocks further requests to that address.

It owns the `OutsideHoursRequest` and `BlockedSupervisor` tables, the volunteer's endpoints
(`routes`), the supervisor's (`supervisor`, `forms`), the reminder and expiry pass (`passes`)
and `confirmed_entries`, which impact reads. The email and its token are mail's
(`mail/outside_hours_request.py`).

Domain floor beside organize (`service-layers`: `organize | outside_hours`, neither imports the
other), below impact and privacy: may import accounts, mail, jobs, web and the ground.
"""
