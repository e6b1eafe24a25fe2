"""Translations' models: prose only, merged over English, with what stayed English listed."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from generator.models import Card, Event, Organization, Site
from generator.translations import conflicts, merge, not_prose, translation_model, without

ORG: dict[str, Any] = {
    "name": "KEEN St. Louis", "kind": "nonprofit", "causes": ["youth"],
    "colors": {"primary": "#1f4e8c", "accent": "#f2b705"},
    "tagline": "Sports for young athletes.", "description": "About **us**.",
    "future_goals": ["Reach more families."], "programs": ["Sports clinics"],
    "core_impact": [{"title": t, "text": f"{t}."} for t in ("One", "Two", "Three", "Four")],
    "impact_numbers": [{"value": "1", "label": "figure"}],
}


def test_a_translation_model_holds_the_prose_and_nothing_else() -> None:
    organization = translation_model(Organization)
    assert organization is not None
    assert set(organization.model_fields) == {
        "logo", "tagline", "description", "future_goals", "programs", "photos", "core_impact",
        "impact_numbers", "events_card", "cta"}
    event = translation_model(Event)
    assert event is not None
    assert set(event.model_fields) == {
        "title", "description", "before_you_go", "thank_you", "gallery"}
    site = translation_model(Site)
    assert site is not None
    assert "name" not in site.model_fields and "url" not in site.model_fields
    card = translation_model(Card)
    assert card is not None and set(card.model_fields) == {"title", "text"}


def test_a_translation_refuses_unknown_fields_and_checks_types() -> None:
    model = translation_model(Organization)
    assert model is not None
    with pytest.raises(ValidationError) as caught:
        model.model_validate({"taglne": "x", "programs": "not a list", "tagline": "  "})
    kinds = {(err["loc"][0], err["type"]) for err in caught.value.errors()}
    assert kinds == {("taglne", "extra_forbidden"), ("programs", "list_type"),
                     ("tagline", "string_too_short")}


def test_merge_puts_the_translation_over_english_and_lists_the_rest() -> None:
    english = Organization.model_validate(ORG)
    model = translation_model(Organization)
    assert model is not None
    spanish = model.model_validate({
        "tagline": "Deportes para jóvenes.", "programs": ["Clínicas", "Natación"],
        "core_impact": [{"title": "Uno"}, {}, {"text": "Tres."}, {"title": "Cuatro", "text": "4."}],
    })
    merged, left = merge(english, spanish)
    assert merged.tagline == "Deportes para jóvenes."
    assert merged.programs == ["Clínicas", "Natación"]
    assert [(c.title, c.text) for c in merged.core_impact] == [
        ("Uno", "One."), ("Two", "Two."), ("Three", "Tres."), ("Cuatro", "4.")]
    assert merged.name == english.name and merged.colors == english.colors
    assert left == [("description",), ("future_goals",), ("core_impact", 0, "text"),
                    ("core_impact", 1, "title"), ("core_impact", 1, "text"),
                    ("core_impact", 2, "title"), ("impact_numbers", 0, "label")]


def test_without_a_translation_every_prose_field_is_english() -> None:
    english = Organization.model_validate(ORG)
    merged, left = merge(english, None)
    assert merged == english
    assert ("tagline",) in left and ("core_impact", 3, "text") in left
    # Fields the English leaves empty have nothing to translate.
    assert not any(loc[0] in ("logo", "photos", "events_card", "cta") for loc in left)


def test_conflicts_name_a_list_of_another_length_and_fields_english_has_not() -> None:
    english = Organization.model_validate(ORG)
    model = translation_model(Organization)
    assert model is not None
    spanish = model.model_validate({"core_impact": [{"title": "Uno"}],
                                    "cta": {"label": "Ven"}})
    found = {loc: (expected, got) for loc, expected, got, _ in conflicts(english, spanish)}
    assert found == {
        ("core_impact",): ("4 items, as in the English file", "a list of 1 item"),
        ("cta", ""): ("only fields the English file has", "`cta`, which it has not"),
    }


def test_not_prose_finds_fields_that_stay_the_same_at_any_depth() -> None:
    data = {"tagline": "x", "kind": "nonprofit",
            "core_impact": [{"title": "x"}], "logo": {"src": "/images/x.png", "alt": "x"}}
    found = not_prose(data, Organization)
    assert [loc for loc, _ in found] == [("kind",), ("logo", "src")]
    assert found[1][1] == ["alt"]
    assert without(data, [loc for loc, _ in found]) == {
        "tagline": "x", "core_impact": [{"title": "x"}], "logo": {"alt": "x"}}
