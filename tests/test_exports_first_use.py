"""The home's exports folder is the one place in the home an output may go, and the refusal
of any other place says to write there: so a home without it yet (a fresh one) must take an
export there, making the folder, and not refuse it as "in the home" (found by h-notices2: the
folder's identity was looked for before it existed, and the walk up met the home first)."""

from __future__ import annotations


def test_a_fresh_home_takes_its_first_export_into_its_exports_folder(run, tmp_path):
    home = tmp_path / "home"
    session = run("replay", "examples/kratzen.toml", "--save").out.split()[-1]
    assert not (home / "exports").exists()
    target = home / "exports" / "night.html"
    written = run("export", session, "--format", "html", "-o", str(target))
    assert written.code == 0 and written.err.startswith("wrote html export"), written.err
    assert target.read_text("utf-8").startswith("<!DOCTYPE html>")


def test_any_other_new_folder_in_the_home_is_still_refused(run, tmp_path):
    home = tmp_path / "home"
    session = run("replay", "examples/kratzen.toml", "--save").out.split()[-1]
    refused = run("export", session, "--format", "html", "-o", str(home / "other" / "x.html"))
    assert refused.code == 2 and "is in the home folder" in refused.err
    assert not (home / "other").exists() and not (home / "exports").exists()
