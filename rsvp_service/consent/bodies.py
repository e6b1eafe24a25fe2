"""Request and response bodies of the guardian's consent page (preview, approve, decline)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# A guardian's consent as the volunteer, the roster and check-in see it.
ConsentState = Literal["awaiting", "approved", "declined"]
# As the guardian's link sees it: an undecided consent past its hold has expired.
ConsentStatus = Literal[ConsentState, "expired"]


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ConsentPreview(_Answer):
    """What the consent link is about: who asked, for which time slot, and where it stands."""

    volunteer: str = Field(description="The volunteer's name as they gave it.")
    event: str
    date_text: str
    time: str
    location: str
    path: str
    status: ConsentStatus


class ConsentDecided(_Answer):
    """The guardian's answer is recorded."""

    decision: Literal["approved", "declined"]
    message: str
