"""The content-rule cases: one broken fixture per validation rule, and the exact message it gets.

Each case is (rule, file, old, new, expected): replacing `old` by `new` in the valid fixture's
`file` must make the build fail with exactly `expected` (test_rules runs them; test_schema_agreement
checks the JSON Schemas refuse them too, or says why they cannot).
"""

from __future__ import annotations

KEEN = "content/organizations/keenstl.yaml"
FPF = "content/organizations/forestparkforever.yaml"
CLINIC = "content/events/inclusive-sports-clinic.yaml"
SWIM = "content/events/keen-swim.yaml"
SERIES_RULE = "repeat: FREQ=WEEKLY;INTERVAL=2;BYDAY=SA"
TAGLINE = "tagline: Sports and fitness for young athletes with disabilities."
ORG_FIELDS = (
    "one of the fields causes, colors, core_impact, cta, description, email, events_card, "
    "future_goals, impact_numbers, initials, kind, legacy_paths, logo, name, phone, photos, "
    "programs, pvsa_certifying, social, tagline, volunteer_contact, website"
)

# (rule, file to edit, old text, new text, the exact error lines expected)
CASES = [
    ("unknown field", "organizations/keenstl.yaml", "name: KEEN", "nmae: KEEN", [
        f"{KEEN}:2:1: nmae: expected {ORG_FIELDS}, found the unknown field `nmae`. Did you mean "
        "`name`? Rename or remove it; unknown fields are refused so typos never vanish silently.",
    ]),
    ("missing required field", "organizations/keenstl.yaml",
     "tagline: Sports and fitness for young athletes with disabilities.\n", "", [
        f"{KEEN}:2:1: tagline: expected the required field `tagline`, found no such field "
        "in this block. Add `tagline:` here (see content/README.md for what it holds).",
    ]),
    ("broken internal link", "organizations/keenstl.yaml", "href: /features", "href: /featurs", [
        f"{KEEN}:39:9: cta.href: expected a link to a page of this site, found '/featurs'. "
        "Link to an existing page, such as /features or /keenstl.",
    ]),
    ("broken internal link in Markdown text", "organizations/keenstl.yaml", "(/features)",
     "(/featurs)", [
        f"{KEEN}:9:77: description: expected a link to a page of this site, found '/featurs'. "
        "Link to an existing page, such as /features or /keenstl.",
    ]),
    ("Markdown link neither internal nor https", "events/keen-swim.yaml",
     "https://www.stlouis-mo.gov/pool", "http://www.stlouis-mo.gov/pool", [
        f"{SWIM}:8:133: description: expected a link to /a-page or https://, found "
        "'http://www.stlouis-mo.gov/pool'. Link to a page of this site as a path (/features) or to "
        "another site with its full https:// address.",
    ]),
    ("internal link with wrong case", "pages/home.yaml", "\n  href: /features",
     "\n  href: /Features", [
        "content/pages/home.yaml:29:9: rsvp_button.href: expected a link to a page of this site, "
        "found '/Features'. Did you mean /features? Paths are case-sensitive.",
    ]),
    ("YAML syntax error", "organizations/keenstl.yaml", "kind: nonprofit", "kind: [nonprofit", [
        f"{KEEN}:3:7: kind: expected a closing ] on line 3, found a [ that opens on line 3 and is "
        "never closed. Add ] at the end of the list on line 3, or write the items on their own "
        "lines starting with `- ` instead.",
    ]),
    ("duplicate YAML key", "organizations/keenstl.yaml", "kind: nonprofit",
     "kind: nonprofit\nkind: university", [
        f"{KEEN}:4:1: kind: expected each key once per block, found `kind` a second time on "
        "line 4 (it is already on line 3). Keep one of lines 3 and 4 and delete the other; YAML "
        "would silently keep only the last.",
    ]),
    ("exactly four core impact cards", "organizations/keenstl.yaml",
     "  - title: Four\n    text: Fourth.\n", "", [
        f"{KEEN}:20:3: core_impact: expected exactly 4 items, found a list of 3 items. "
        "Add or remove entries so the count fits.",
    ]),
    ("alt text present", "organizations/keenstl.yaml", "alt: A coach and an athlete", "alt: ''", [
        f"{KEEN}:16:10: photos[0].alt: expected some text, found an empty value. "
        "Write the text, or delete the line if the field is optional.",
    ]),
    ("https only", "organizations/forestparkforever.yaml", "https://www.forestparkforever.org",
     "http://www.forestparkforever.org", [
        f"{FPF}:34:10: website: expected an https:// URL, found 'http://www.forestparkforever.org'."
        " Use the full address starting with https:// (copy it from the browser's address bar).",
    ]),
    ("social link on its platform", "organizations/keenstl.yaml",
     "instagram: https://www.instagram.com/keenstlouis", "instagram: https://www.facebook.com/x", [
        f"{KEEN}:32:14: social.instagram: expected an Instagram link on instagram.com, found "
        "'https://www.facebook.com/x'. Paste the address of the organization's Instagram page, "
        "or remove the line.",
    ]),
    ("slot ends after it starts", "events/inclusive-sports-clinic.yaml", "2:00-2:50 PM",
     "2:50-2:00 PM", [
        f"{CLINIC}:15:11: slots[1].time: expected a slot that ends after it starts, found "
        "'2:50-2:00 PM'. Check the hours and AM/PM of both times.",
    ]),
    ("slot time parses", "events/inclusive-sports-clinic.yaml", "3:00-3:50 PM", "3 to 4", [
        f"{CLINIC}:16:11: slots[2].time: expected a time range like 1:00-1:50 PM, found '3 to 4'. "
        "Write the time as start-end with AM or PM, for example 1:00-1:50 PM.",
    ]),
    ("event host exists", "events/inclusive-sports-clinic.yaml", "host: keenstl", "host: keen", [
        f"{CLINIC}:4:7: host: expected the slug of a file in content/organizations/, found "
        "'keen'. Did you mean keenstl? Use the host's file name without .yaml.",
    ]),
    ("legacy path is not a live route", "organizations/forestparkforever.yaml",
     "legacy_paths: [/FPF]", "legacy_paths: [/about]", [
        f"{FPF}:35:16: legacy_paths[0]: expected an old URL that is not a live route, found "
        "'/about'. Remove it: that address already shows a page.",
    ]),
    ("legacy paths do not collide", "organizations/forestparkforever.yaml",
     "legacy_paths: [/FPF]", "legacy_paths: [/organizations/keen]", [
        f"{KEEN}:40:16: legacy_paths[0]: expected an old URL that only one organization claims, "
        "found '/organizations/keen', already claimed by forestparkforever.yaml. "
        "Keep it in one file only.",
    ]),
    ("image file exists", "organizations/keenstl.yaml", "keenstl/photo-2.svg",
     "keenstl/photo-9.svg", [
        f"{KEEN}:17:10: photos[1].src: expected an image file at "
        "content/images/organizations/keenstl/photo-9.svg, found no such file. "
        "Add the file under content/images/ or fix the path.",
    ]),
    ("guest event is a one-slot guest event", "site.yaml",
     "guest_rsvp_event: forest-park-cleanup", "guest_rsvp_event: inclusive-sports-clinic", [
        "content/site.yaml:33:19: guest_rsvp_event: expected an event with `rsvp: guest` and "
        "exactly one slot, not a series, found 'inclusive-sports-clinic' with rsvp account and "
        "3 slots. "
        "The guest form RSVPs for one slot without an account; fix the event file.",
    ]),
    ("date is a real calendar date", "events/inclusive-sports-clinic.yaml", "date: 2025-07-27",
     "date: 2025-13-01", [
        f"{CLINIC}:5:7: date: expected a date like 2025-07-27, found '2025-13-01'. "
        "There is no month 13: months run from 01 to 12, and the date is written year-month-day.",
    ]),
    ("kind is one of the allowed values", "organizations/keenstl.yaml", "kind: nonprofit",
     "kind: charity", [
        f"{KEEN}:3:7: kind: expected one of 'university', 'community_college', 'nonprofit' or "
        "'foundation', found 'charity'. Use one of the allowed values exactly as written.",
    ]),
    ("series rule parses", "events/keen-swim.yaml", SERIES_RULE, "repeat: FREQ=SOMETIMES", [
        f"{SWIM}:4:9: repeat: expected an RFC 5545 rule such as FREQ=MONTHLY;BYDAY=3SA, found "
        "'FREQ=SOMETIMES' (invalid 'FREQ': SOMETIMES). Write FREQ=DAILY, WEEKLY, MONTHLY or "
        "YEARLY, then parts such as ;INTERVAL=2 or ;BYDAY=3SA, separated by semicolons "
        "(see content/README.md).",
    ]),
    ("series rule with a misspelled frequency", "events/keen-swim.yaml", SERIES_RULE,
     "repeat: FREQ=WEEKY", [
        f"{SWIM}:4:9: repeat: expected an RFC 5545 rule such as FREQ=MONTHLY;BYDAY=3SA, found "
        "'FREQ=WEEKY' (invalid 'FREQ': WEEKY). Did you mean FREQ=WEEKLY? Write FREQ=DAILY, "
        "WEEKLY, MONTHLY or YEARLY, then parts such as ;INTERVAL=2 or ;BYDAY=3SA, separated by "
        "semicolons (see content/README.md).",
    ]),
    ("series end has its own field", "events/keen-swim.yaml", SERIES_RULE,
     "repeat: FREQ=WEEKLY;COUNT=3", [
        f"{SWIM}:4:9: repeat: expected an RFC 5545 rule such as FREQ=MONTHLY;BYDAY=3SA, found "
        "'FREQ=WEEKLY;COUNT=3'. Remove COUNT from the rule and write it as `count:` on its own "
        "line.",
    ]),
    ("series has an end", "events/keen-swim.yaml", "count: 4\n", "", [
        f"{SWIM}:4:9: repeat: expected a series with an end: `until:` (a date) or `count:`, found "
        "the rule 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA' with neither. Add `until: 2027-06-30` or "
        "`count: 12` on its own line; a series without an end would add pages forever.",
    ]),
    ("series date is an occurrence", "events/keen-swim.yaml", "date: 2025-10-04",
     "date: 2025-10-05", [
        f"{SWIM}:3:7: date: expected the first date of the series, a day the rule gives, found "
        "2025-10-05 (Sunday), which the rule skips; its first date would be 2025-10-18 "
        "(Saturday). Set `date:` to the first day the series really meets.",
    ]),
    ("except date is an occurrence", "events/keen-swim.yaml", "except: [2025-11-01]",
     "except: [2025-11-02]", [
        f"{SWIM}:6:10: except[0]: expected a date the series meets on, found 2025-11-02 "
        "(Sunday). Check the date against the rule; only a real occurrence can be cancelled.",
    ]),
    ("except only on a series", "events/inclusive-sports-clinic.yaml", "rsvp: account",
     "rsvp: account\nexcept: [2025-07-27]", [
        f"{CLINIC}:13:1: except: expected `repeat:` with a rule, for a field of a series, found "
        "`except:` on an event without `repeat:`. Add the series' rule as `repeat:`, or remove "
        "this line.",
    ]),
    ("event capacity at least 1", "events/keen-swim.yaml", "capacity: 6", "capacity: 0", [
        f"{SWIM}:10:11: capacity: expected a capacity of 1 or more volunteers, found 0. Write how "
        "many volunteers the slot can take, or remove `capacity:` for no limit.",
    ]),
    ("slot capacity at least 1", "events/keen-swim.yaml", "capacity: 4", "capacity: -2", [
        f"{SWIM}:14:15: slots[1].capacity: expected a capacity of 1 or more volunteers, found -2. "
        "Write how many volunteers the slot can take, or remove `capacity:` for no limit.",
    ]),
    ("cause in lowercase words", "organizations/keenstl.yaml",
     "causes: [disability, youth, sports]", "causes: [disability, Youth Programs, sports]", [
        f"{KEEN}:4:22: causes[1]: expected a cause in lowercase words, such as youth or civic "
        "engagement, found 'Youth Programs'. Write it in lower case: youth programs.",
    ]),
    ("initials are letters", "organizations/keenstl.yaml", "kind: nonprofit",
     "kind: nonprofit\ninitials: 1$", [
        f"{KEEN}:4:11: initials: expected 1 to 4 letters, such as KSL, found '1$'. Write only "
        "letters (A-Z), no digits, spaces or signs, or remove the line to use the first letters "
        "of the name.",
    ]),
    ("picture is JPEG, PNG, WebP or SVG", "organizations/keenstl.yaml", "keenstl/photo-1.svg",
     "keenstl/photo-1.gif", [
        f"{KEEN}:15:10: photos[0].src: expected a JPEG, PNG, WebP or SVG file (.jpg, .jpeg, .png, "
        ".webp or .svg), found '/images/organizations/keenstl/photo-1.gif'. Export the picture "
        "as JPEG, PNG or WebP (or use an SVG) and write its file name with that extension.",
    ]),
    ("time zone is an IANA name", "site.yaml", "timezone: America/Chicago",
     "timezone: america/chicago", [
        "content/site.yaml:9:11: timezone: expected an IANA time zone such as America/Chicago, "
        "found 'america/chicago'. Did you mean America/Chicago? Write the zone's name exactly as "
        "the IANA list has it (Region/City).",
    ]),
    ("series repeats on days", "events/keen-swim.yaml", SERIES_RULE, "repeat: FREQ=MINUTELY", [
        f"{SWIM}:4:9: repeat: expected an RFC 5545 rule such as FREQ=MONTHLY;BYDAY=3SA, found "
        "'FREQ=MINUTELY'. FREQ=MINUTELY repeats every minute, but a series meets on days: use "
        "FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, and put the times in `slots:`.",
    ]),
    ("series of at most 400 dates", "events/keen-swim.yaml", "count: 4", "count: 10000", [
        f"{SWIM}:5:8: count: expected a series of at most 400 dates, found `count: 10000`, which "
        "makes 10,000 dates. The limit is 400 dates: lower `count:`, or split the series into "
        "several files.",
    ]),
    ("at most 20 guests per RSVP", "events/keen-swim.yaml", "count: 4",
     "count: 4\nmax_guests_per_rsvp: 21", [
        f"{SWIM}:6:22: max_guests_per_rsvp: expected a number of guests from 0 to 20, found 21. "
        "Write how many people one RSVP may bring along, or remove the line for none.",
    ]),
    ("host in its exact case", "events/inclusive-sports-clinic.yaml", "host: keenstl",
     "host: KeenSTL", [
        f"{CLINIC}:4:7: host: expected the slug of a file in content/organizations/, found "
        "'KeenSTL'. Did you mean keenstl? Write the file name exactly, letter case included.",
    ]),
    ("misspelled field named as editors write it", "events/keen-swim.yaml",
     "except: [2025-11-01]", "excpet: [2025-11-01]", [
        f"{SWIM}:6:1: excpet: expected one of the fields before_you_go, capacity, count, date, "
        "description, except, gallery, host, location, max_guests_per_rsvp, repeat, rsvp, "
        "service_type, slots, thank_you, title, until, found the "
        "unknown field `excpet`. Did you mean `except`? Rename or remove it; unknown fields are "
        "refused so typos never vanish silently.",
    ]),
    ("wheelchair access is yes, no or partly", "events/keen-swim.yaml", "access: partly",
     "access: maybe", [
        f"{SWIM}:17:13: before_you_go.wheelchair.access: expected one of 'yes', 'no' or 'partly', "
        "found 'maybe'. Use one of the allowed values exactly as written.",
    ]),
    ("wheelchair note comes with its access", "events/keen-swim.yaml", "    access: partly\n",
     "", [
        f"{SWIM}:17:5: before_you_go.wheelchair.access: expected the required field `access`, "
        "found no such field in this block. Add `access:` here (see content/README.md for what "
        "it holds).",
    ]),
    ("minimum age from 0 to 99", "events/keen-swim.yaml", "minimum_age: 14", "minimum_age: -1", [
        f"{SWIM}:19:16: before_you_go.minimum_age: expected an age from 0 to 99, found -1. Write "
        "the youngest age a volunteer may be, in years (0 if every age is welcome), or remove "
        "`minimum_age:` if the host has not said.",
    ]),
    ("guardian consent is true or false", "events/keen-swim.yaml", "guardian_consent: true",
     "guardian_consent: sometimes", [
        f"{SWIM}:20:21: before_you_go.guardian_consent: expected true or false, found "
        "'sometimes'. Write true or false without quotes, or remove the line if it is optional.",
    ]),
    ("guardian consent only where minors may come", "events/keen-swim.yaml", "minimum_age: 14",
     "minimum_age: 18", [
        f"{SWIM}:20:3: before_you_go.guardian_consent: expected `guardian_consent: true` only "
        "with a minimum age under 18, found `guardian_consent: true` with `minimum_age: 18`. "
        "Guardian consent is for volunteers under 18, and this event takes none: remove "
        "`guardian_consent:`, or lower `minimum_age:` if minors may come.",
    ]),
    ("setting is indoor, outdoor or both", "events/keen-swim.yaml", "setting: indoor",
     "setting: inside", [
        f"{SWIM}:24:12: before_you_go.setting: expected one of 'indoor', 'outdoor' or 'both', "
        "found 'inside'. Use one of the allowed values exactly as written.",
    ]),
    ("misspelled before-you-go field", "events/keen-swim.yaml", "  parking:", "  parkng:", [
        f"{SWIM}:22:3: before_you_go.parkng: expected one of the fields bring, guardian_consent, "
        "minimum_age, parking, setting, transit, wheelchair, found the unknown field `parkng`. "
        "Did you mean `parking`? Rename or remove it; unknown fields are refused so typos never "
        "vanish silently.",
    ]),
    ("to-do note", "organizations/keenstl.yaml", TAGLINE, "tagline: TBD", [
        f"{KEEN}:8:10: tagline: expected the organization's own text, found the to-do note "
        "'TBD'. Write the final text of tagline, or leave an optional field out until you have "
        "it.",
    ]),
    ("lorem ipsum", "events/keen-swim.yaml", "One-to-one time in the pool",
     "Lorem ipsum dolor sit amet", [
        f"{SWIM}:8:15: description: expected the event's own text, found dummy text "
        "'Lorem ipsum'. Write the real text of description.",
    ]),
    ("the guide's sample text", "events/inclusive-sports-clinic.yaml", "title: ",
     "thank_you: Optional note shown after the event.\ntitle: ", [
        f"{CLINIC}:2:12: thank_you: expected the event's own text, found 'Optional note shown "
        "after the event.', the guide's sample text. Write what thank_you should say for this "
        "event.",
    ]),
    ("example address", "organizations/forestparkforever.yaml",
     "https://www.forestparkforever.org", "https://www.example.org", [
        f"{FPF}:34:22: website: expected the organization's own text, found the example address "
        "'example.org'. Write the real address in website, or remove the line if the field is "
        "optional.",
    ]),
    # Issue 40: who attests hours, and what kind of service they were.
    ("service type from the documented list", "events/keen-swim.yaml", "service_type: mentoring",
     "service_type: tutor", [
        f"{SWIM}:25:15: service_type: expected one of 'tutoring', 'mentoring', 'environment', "
        "'food_security', 'health', 'arts', 'civic' or 'other', found 'tutor'. Use one of the "
        "allowed values exactly as written.",
    ]),
    ("volunteer contact email is an address", "organizations/keenstl.yaml",
     "email: volunteers@keenstlouis.org", "email: volunteers at keen", [
        f"{KEEN}:44:10: volunteer_contact.email: expected an email address such as "
        "info@example.org, found 'volunteers at keen'. Fix the address.",
    ]),
    ("volunteer contact needs a role", "organizations/keenstl.yaml",
     "  role: Volunteer coordinator\n", "", [
        f"{KEEN}:42:3: volunteer_contact.role: expected the required field `role`, found no such "
        "field in this block. Add `role:` here (see content/README.md for what it holds).",
    ]),
    ("pvsa certifying is true or false", "organizations/keenstl.yaml", "pvsa_certifying: true",
     "pvsa_certifying: sometimes", [
        f"{KEEN}:45:18: pvsa_certifying: expected true or false, found 'sometimes'. Write true or "
        "false without quotes, or remove the line if it is optional.",
    ]),
]
