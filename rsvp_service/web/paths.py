"""Path types of the API's routes: `{name:id}`, a row id within the database's range.

Registered with Starlette when this module is imported, which `web.contract` does, so every
route declared through the contract can use it.
"""

from __future__ import annotations

from typing import ClassVar

from starlette.convertors import Convertor, register_url_convertor

# Every id is a BIGINT: a larger number in a path names no row (PostgreSQL and SQLite would
# both raise on it instead), and Python refuses to parse numbers of over 4,300 digits.
MAX_ID = 2**63 - 1


def _numbers_up_to(limit: int) -> str:
    """A regular expression for the numbers 0..limit, written with at most limit's digits."""
    digits = str(limit)
    same_length = [f"{digits[:i]}[0-{int(d) - 1}][0-9]{{{len(digits) - i - 1}}}"
                   for i, d in enumerate(digits) if d != "0"]
    return "|".join([f"[0-9]{{1,{len(digits) - 1}}}", *same_length, digits])


class IdConvertor(Convertor[int]):
    """Path segment `{name:id}`: a row id within the database's range, else the route misses."""

    regex = _numbers_up_to(MAX_ID)
    # For the OpenAPI document (rsvp_service.app.openapi reads it from the route).
    json_schema: ClassVar[dict[str, object]] = {"type": "integer", "minimum": 0, "maximum": MAX_ID}

    def convert(self, value: str) -> int:
        """Parse the (already range-checked) digits."""
        return int(value)

    def to_string(self, value: int) -> str:
        """Write the id back into a path."""
        return str(value)


register_url_convertor("id", IdConvertor())
