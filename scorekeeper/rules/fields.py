"""The parts of a hand's record as an error names them (``errors.field_words``): marked here,
in the rules, so that the catalogs hold them (tools/catalogs.py extracts this file), with the
context ``record field``. English keeps the record's own key (the script's key, the command
line's option: the contract's words); every other language says the part in words. Nothing
imports this module."""

from __future__ import annotations

from ..i18n import NP_

FIELDS = (
    NP_("record field", "hand"), NP_("record field", "tricks"), NP_("record field", "cards"),
    NP_("record field", "led_by"), NP_("record field", "count"),
    NP_("record field", "first_dealer"),
    # Kratzen's
    NP_("record field", "indicator"), NP_("record field", "entered"),
)
