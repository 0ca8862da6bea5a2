"""A session script that is not valid TOML is said in the language in use, with where the
parser stopped (Python's TOML parser words its errors in English only: "Invalid value (at
line 3, column 7)")."""

from __future__ import annotations

import pytest

SAID = {"en": "not valid TOML (line 2, column 11)",
        "de": "kein gültiges TOML (Zeile 2, Spalte 11)",
        "pt": "TOML inválido (linha 2, coluna 11)",
        "es": "TOML no válido (línea 2, columna 11)"}


@pytest.mark.parametrize("language", sorted(SAID))
def test_a_toml_error_names_the_place_in_the_language(run, tmp_path, language):
    script = tmp_path / "night.toml"
    script.write_text('game = "letzter"\nplayers = Anna\n', encoding="utf-8")
    done = run("--lang", language, "replay", str(script))
    assert done.code == 2
    [line] = done.err.splitlines()
    assert line.startswith("error: ") and line.endswith(f"night.toml: {SAID[language]}"), line
    assert "Invalid" not in line and "at line" not in line


def test_a_toml_script_cut_short_says_so(run, tmp_path):
    script = tmp_path / "night.toml"
    script.write_text('game = "letzter"\nplayers = [', encoding="utf-8")
    done = run("--lang", "de", "replay", str(script))
    assert done.code == 2 and done.err.endswith("night.toml: kein gültiges TOML (am Ende)\n")

